// The demo organisation's staff requests: three people who write and approve them, and requests in every
// state. A store keeper (storekeeper / Store@2026) writes requests; a department head (depthead /
// Head@2026) gives the first approval and writes requests of his own; finance (finance / Finance@2026)
// gives the final approval, reads the report, turns approved requests into purchases and pays them. Requests:
// a draft, one submitted, one first approved, one approved (the head's own: first approved by the administrator),
// one rejected at each step, one fulfilled by a purchase order and one fulfilled by a payment (RP-000001).
//
// Like the rest of the demo, every step calls the module's own service as the person who would do it, with
// the input checked by the route's contract schema, one transaction per step.
import { eq, sql } from 'drizzle-orm';
import { purchaseOrderBody, requestBody, requestPayBody, vendorBody } from '@ubo/contracts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { inSystem, inTenant } from '../db/tenant.ts';
import { type Actor, systemActor } from '../lib/actor.ts';
import { hashPassword } from '../lib/passwords.ts';
import { branches, clients } from '../modules/organisations/index.ts';
import { createPurchaseOrder } from '../modules/purchases/index.ts';
import { approveRequest, createRequest, firstApproveRequest, payRequest, rejectRequest, submitRequest } from '../modules/requests/index.ts';
import { rolePrivileges, roles, users } from '../modules/users/index.ts';
import { createVendor, vendors } from '../modules/vendors/index.ts';
import { actorTx } from '../plugins/auth.ts';
import { demoAdministrator } from './demo-billing.ts';

/** The three demo users of the requests, with their documented passwords. */
export const DEMO_REQUEST_USERS = {
  storeKeeper: { username: 'storekeeper', password: 'Store@2026', fullname: 'Faadumo Warsame (store keeper)' },
  departmentHead: { username: 'depthead', password: 'Head@2026', fullname: 'Cabdullaahi Nuur (head, network department)' },
  finance: { username: 'finance', password: 'Finance@2026', fullname: 'Hodan Maxamed (finance)' },
} as const;

const ROLES = {
  storeKeeper: { name: 'Store keeper', description: 'Writes requests for goods and money', privileges: ['add-request'] },
  departmentHead: {
    name: 'Department head',
    description: 'First approval of requests; writes requests',
    privileges: ['add-request', 'list-request', 'first-approve-request'],
  },
  finance: {
    name: 'Finance',
    description: 'Final approval of requests, the report, and the purchases they become',
    privileges: ['list-request', 'approve-request', 'request-report', 'purchase-order', 'cash-purchase', 'credit-purchase', 'pay-request'],
  },
} as const;

export interface DemoRequestsResult {
  users: number;
  requests: number;
}

async function demoUser(db: Db, clientId: number, key: keyof typeof DEMO_REQUEST_USERS): Promise<Actor> {
  const who = DEMO_REQUEST_USERS[key];
  const role = ROLES[key];
  const passwordHash = await hashPassword(who.password);
  const row = await inTenant(db, clientId, async (tx) => {
    const [branch] = await tx.select({ id: branches.id }).from(branches).where(eq(branches.clientId, clientId)).orderBy(branches.id).limit(1);
    const [r] = await tx.insert(roles).values({ clientId, name: role.name, description: role.description }).returning();
    await tx.insert(rolePrivileges).values(role.privileges.map((privilege) => ({ clientId, roleId: r.id, privilege })));
    const [u] = await tx
      .insert(users)
      .values({ clientId, username: who.username, fullname: who.fullname, passwordHash, roleId: r.id, branchId: branch?.id ?? null })
      .returning({ id: users.id });
    return { id: u.id, branchId: branch?.id ?? null };
  });
  return { ...systemActor({ clientId, userId: row.id, username: who.username, fullname: who.fullname }), branchId: row.branchId };
}

export async function seedDemoRequests(db: Db, opts: { code: number; username: string }): Promise<DemoRequestsResult> {
  const admin = await demoAdministrator(db, opts.code, opts.username);
  const [org] = await inSystem(db, (tx) => tx.select({ id: clients.id }).from(clients).where(eq(clients.code, opts.code)));
  const keeper = await demoUser(db, org.id, 'storeKeeper');
  const head = await demoUser(db, org.id, 'departmentHead');
  const finance = await demoUser(db, org.id, 'finance');
  const as = <T>(actor: Actor, fn: (tx: Db) => Promise<T>) => actorTx(db, actor, fn);
  const branchId = Number(keeper.branchId ?? admin.branchId);

  let count = 0;
  const draft = async (actor: Actor, body: Record<string, unknown>) => {
    count += 1;
    return as(actor, (tx) => createRequest({ tx, actor, input: requestBody.parse({ branchId, ...body }) }));
  };
  const submitted = async (actor: Actor, body: Record<string, unknown>) => {
    const d = await draft(actor, body);
    return as(actor, (tx) => submitRequest({ tx, actor, id: d.id }));
  };
  const firstApproved = async (actor: Actor, body: Record<string, unknown>, by = head) => {
    const r = await submitted(actor, body);
    return as(by, (tx) => firstApproveRequest({ tx, actor: by, id: r.id }));
  };
  const approved = async (actor: Actor, body: Record<string, unknown>, first = head) => {
    const r = await firstApproved(actor, body, first);
    return as(finance, (tx) => approveRequest({ tx, actor: finance, id: r.id }));
  };

  await draft(keeper, {
    type: 'purchase',
    department: 'Stores',
    purpose: 'Safety boots and gloves for the line crew',
    lines: [
      { description: 'Safety boots (pair)', quantity: '6', unitAmount: '38.50' },
      { description: 'Insulated gloves (pair)', quantity: '6', unitAmount: '22.00' },
    ],
  });
  await submitted(keeper, {
    type: 'purchase',
    department: 'Network',
    purpose: 'Cable and clamps for the Hodan extension',
    lines: [
      { description: 'Cable 16mm (metre)', quantity: '250', unitAmount: '2.10' },
      { description: 'Clamps', quantity: '40', unitAmount: '1.25' },
    ],
  });
  await firstApproved(keeper, { type: 'repair', department: 'Network', purpose: 'Repair of the Wadajir transformer cooling fan', amount: '340.00' });
  // The head's own request: he may not approve it himself, so the administrator gives the first approval.
  await approved(head, { type: 'cash-advance', department: 'Network', purpose: 'Cash advance for the Afgooye survey trip', amount: '150.00' }, admin);
  const rejectedFirst = await submitted(keeper, { type: 'purchase', department: 'Stores', purpose: 'New office chairs', amount: '480.00' });
  await as(head, (tx) => rejectRequest({ tx, actor: head, id: rejectedFirst.id, reason: 'Chairs were bought last quarter', mayReject: () => true }));
  const rejectedFinal = await firstApproved(finance, {
    type: 'expense',
    department: 'Finance',
    purpose: 'Accounting software licence',
    amount: '900.00',
  });
  await as(admin, (tx) => rejectRequest({ tx, actor: admin, id: rejectedFinal.id, reason: 'Not in this year budget', mayReject: () => true }));

  // Fulfilled: approved, then finance turns it into a purchase order (of the store's first vendor).
  const meters = await approved(keeper, {
    type: 'purchase',
    department: 'Metering',
    purpose: 'Prepaid meters for new connections',
    lines: [{ description: 'Prepaid meter, single phase', quantity: '10', unitAmount: '28.00' }],
  });
  let [vendor] = await as(finance, (tx) => tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.status, 'Active')).orderBy(vendors.id).limit(1));
  if (!vendor) {
    vendor = await as(admin, (tx) =>
      createVendor({ tx, actor: admin, input: vendorBody.parse({ name: 'Hormuud Electrical Supplies', paymentTermsDays: 30 }) }),
    );
  }
  await as(finance, (tx) =>
    createPurchaseOrder({
      tx,
      actor: finance,
      input: purchaseOrderBody.parse({
        vendorId: vendor.id,
        date: new Date().toISOString().slice(0, 10),
        branchId: meters.branchId,
        notes: `${meters.refNo} ${meters.purpose}`,
        requestId: meters.id,
        lines: meters.lines.map((l) => ({ description: l.description, quantity: l.quantity, unitPrice: l.unitAmount })),
      }),
    }),
  );
  // Fulfilled by a payment: approved, then finance pays it from the cash account against vehicle fuel.
  const fuel = await approved(keeper, { type: 'expense', department: 'Network', purpose: 'Fuel for the line crew pickup', amount: '120.00' });
  const accountOf = (code: string) =>
    as(finance, async (tx) => Number((await queryRows<{ id: number }>(tx, sql`select id from accounts where code = ${code}`))[0].id));
  const cash = await accountOf('1010');
  const fuelAccount = await accountOf('6110');
  await as(finance, (tx) =>
    payRequest({
      tx,
      actor: finance,
      id: fuel.id,
      input: requestPayBody.parse({ date: new Date().toISOString().slice(0, 10), amount: '115.50', accountId: cash, debitAccountId: fuelAccount, memo: null }),
    }),
  );
  return { users: 3, requests: count };
}
