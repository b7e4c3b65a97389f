// The demo organisation's customer care and marketing: a customer-care officer (care / Care@2026) who
// logs and works complaints and records market information; four complaint topics (one texts nobody);
// complaints in every state (pending, in progress with a comment, completed with its resolution and SMS,
// cancelled; one from a caller who is not a customer yet); and prospects with one converted into a
// customer with a house and meter.
//
// Like the rest of the demo, every step calls the module's own service as the person who would do it, with
// the input checked by the route's contract schema, one transaction per step.
import { eq, sql } from 'drizzle-orm';
import { complaintBody, complaintTopicBody, prospectBody, prospectConvertBody } from '@ubo/contracts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { inSystem, inTenant } from '../db/tenant.ts';
import { type Actor, systemActor } from '../lib/actor.ts';
import { hashPassword } from '../lib/passwords.ts';
import {
  assignComplaint,
  cancelComplaint,
  commentComplaint,
  completeComplaint,
  createTopic,
  logComplaint,
  startComplaint,
} from '../modules/complaints/index.ts';
import { convertProspect, createProspect } from '../modules/marketing/index.ts';
import { branches, clients } from '../modules/organisations/index.ts';
import { rolePrivileges, roles, users } from '../modules/users/index.ts';
import { actorTx } from '../plugins/auth.ts';
import { demoAdministrator } from './demo-billing.ts';

export const DEMO_CARE_USER = { username: 'care', password: 'Care@2026', fullname: 'Sahra Cali (customer care)' } as const;
const CARE_PRIVILEGES = [
  'add-complaint',
  'list-complaint',
  'manage-complaints',
  'complaint-report',
  'add-marketing',
  'list-marketing',
  'marketing-report',
  'list-customer',
  'list-house',
];

export interface DemoCareResult {
  topics: number;
  complaints: number;
  prospects: number;
}

async function careUser(db: Db, clientId: number): Promise<Actor> {
  const passwordHash = await hashPassword(DEMO_CARE_USER.password);
  const id = await inTenant(db, clientId, async (tx) => {
    const [branch] = await tx.select({ id: branches.id }).from(branches).where(eq(branches.clientId, clientId)).orderBy(branches.id).limit(1);
    const [r] = await tx.insert(roles).values({ clientId, name: 'Customer care', description: 'Complaints and market information' }).returning();
    await tx.insert(rolePrivileges).values(CARE_PRIVILEGES.map((privilege) => ({ clientId, roleId: r.id, privilege })));
    const [u] = await tx
      .insert(users)
      .values({ clientId, username: DEMO_CARE_USER.username, fullname: DEMO_CARE_USER.fullname, passwordHash, roleId: r.id, branchId: branch?.id ?? null })
      .returning({ id: users.id });
    return u.id;
  });
  return systemActor({ clientId, userId: id, username: DEMO_CARE_USER.username, fullname: DEMO_CARE_USER.fullname });
}

export async function seedDemoCare(db: Db, opts: { code: number; username: string; today?: Date }): Promise<DemoCareResult> {
  const admin = await demoAdministrator(db, opts.code, opts.username);
  const [org] = await inSystem(db, (tx) => tx.select({ id: clients.id }).from(clients).where(eq(clients.code, opts.code)));
  const care = await careUser(db, org.id);
  const as = <T>(actor: Actor, fn: (tx: Db) => Promise<T>) => actorTx(db, actor, fn);
  const today = (opts.today ?? new Date()).toISOString().slice(0, 10);

  const topic = (body: Record<string, unknown>) => as(admin, (tx) => createTopic({ tx, actor: admin, input: complaintTopicBody.parse(body) }));
  const meter = await topic({ nameEn: 'Meter fault', nameSo: 'Cillad mitir', priority: 'High', targetHours: 24, assigneeId: care.userId });
  const billing = await topic({ nameEn: 'Billing query', nameSo: 'Su’aal biil', priority: 'Normal', targetHours: 72, assigneeId: care.userId });
  const supply = await topic({ nameEn: 'No supply', nameSo: 'Adeeg la’aan', priority: 'Urgent', targetHours: 6 });
  const conduct = await topic({ nameEn: 'Staff conduct', nameSo: 'Dhaqanka shaqaalaha', priority: 'Normal', targetHours: 120, smsCustomer: false });

  // The utility's first customers with a house (none when the utility was not built: callers only).
  const houses = await as(admin, (tx) =>
    queryRows<{ customer_id: number; house_id: number; zone_id: number }>(
      tx,
      sql`select h.customer_id, min(h.id) as house_id, min(h.zone_id) as zone_id from houses h group by h.customer_id order by h.customer_id limit 4`,
    ),
  );
  const about = (i: number) =>
    houses[i]
      ? { customerId: Number(houses[i].customer_id), houseId: Number(houses[i].house_id) }
      : { callerName: `Caller ${i + 1}`, callerPhone: `061570000${i}` };
  const log = (body: Record<string, unknown>) => as(care, async (tx) => (await logComplaint({ tx, actor: care, input: complaintBody.parse(body) })).complaint);

  await log({ ...about(0), topicId: meter.id, channel: 'phone', description: 'The meter display is blank since yesterday evening.' });
  const working = await log({ ...about(1), topicId: billing.id, channel: 'walk-in', description: 'The October bill looks twice the usual amount.' });
  await as(care, (tx) => startComplaint({ tx, actor: care, id: working.id, isManager: true }));
  await as(care, (tx) => commentComplaint({ tx, actor: care, id: working.id, text: 'Asked the meter reader to read the meter again.' }));
  const done = await log({ ...about(2), topicId: supply.id, channel: 'sms', description: 'No electricity in the street since the morning.' });
  await as(admin, (tx) => assignComplaint({ tx, actor: admin, id: done.id, isManager: true, assigneeId: care.userId }));
  await as(care, (tx) => startComplaint({ tx, actor: care, id: done.id, isManager: true }));
  await as(care, (tx) =>
    completeComplaint({ tx, actor: care, id: done.id, isManager: true, resolution: 'The blown fuse on the street transformer was replaced.' }),
  );
  const twice = await log({ ...about(3), topicId: meter.id, channel: 'phone', description: 'Meter fault reported a second time by a neighbour.' });
  await as(admin, (tx) => cancelComplaint({ tx, actor: admin, id: twice.id, isManager: true, reason: 'Logged twice: the same fault as the first complaint.' }));
  await log({
    callerName: 'Cabdi Xasan',
    callerPhone: '0617223344',
    topicId: conduct.id,
    channel: 'walk-in',
    description: 'The cashier was rude at the counter.',
    priority: 'Low',
  });

  const zoneId = houses[0] ? Number(houses[0].zone_id) : undefined;
  const prospect = (body: Record<string, unknown>) =>
    as(care, (tx) => createProspect({ tx, actor: care, input: prospectBody.parse({ officerId: care.userId, visitDate: today, zoneId, ...body }) }));
  const won = await prospect({
    name: 'Maryan Yuusuf',
    phone: '0615881122',
    location: 'New houses behind the market',
    interest: 'new-connection',
    source: 'field-visit',
    outcome: 'Interested',
    notes: 'Building finished; wants a connection this month.',
  });
  await prospect({ name: 'Xamar Bakery', phone: '0615993344', location: 'Main road', interest: 'commercial', source: 'referral', followUpDate: today });
  await prospect({ name: 'Axmed Cumar', phone: '0616112233', location: 'Near the school', interest: 'upgrade', source: 'phone', outcome: 'NotInterested' });
  await prospect({ name: 'Nimco Jaamac', phone: '0616445566', interest: 'new-connection', source: 'campaign', notes: 'Asked for the connection fee.' });
  if (zoneId) {
    await as(care, (tx) =>
      convertProspect({
        tx,
        actor: care,
        id: won.id,
        input: prospectConvertBody.parse({
          customerClass: 'residential',
          zoneId,
          houseNo: 'NH-12',
          address: 'New houses behind the market',
          meterNumber: 'DEMO-NEW-0001',
          meterDigits: 5,
          installationDate: today,
        }),
      }),
    );
  }
  return { topics: 4, complaints: 5, prospects: 4 };
}
