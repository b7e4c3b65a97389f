// The demo organisation a new user signs in to: code 1000, an administrator and a cashier whose role
// holds what a cashier does: look up customers and their bills (customers list, statement, unpaid bills),
// receive payments and print their receipts, and see the day's collections. Created once, on an empty
// installation; then its living utility (seedDemoUtilityIfEmpty) and its store (seedDemoStoreIfEmpty),
// built by the modules' services.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { inSystem, inTenant } from '../db/tenant.ts';
import { queryRows } from '../db/rows.ts';
import { hashPassword } from '../lib/passwords.ts';
import { subscriptionPayments } from '../modules/organisations/index.ts';
import { createOrganisation, rolePrivileges, roles, userClasses, users } from '../modules/users/index.ts';
import { type DemoBillingResult, seedDemoBilling } from './demo-billing.ts';
import { type DemoStoreResult, seedDemoStore } from './demo-store.ts';
import { type DemoRequestsResult, seedDemoRequests } from './demo-requests.ts';
import { type DemoHelpdeskResult, seedDemoHelpdesk } from './demo-helpdesk.ts';
import { type DemoReceiptBooksResult, seedDemoReceiptBooks } from './demo-receipt-books.ts';
import { type DemoAssetsResult, seedDemoAssets } from './demo-assets.ts';
import { type DemoHrResult, seedDemoHr } from './demo-hr.ts';
import { type DemoCareResult, seedDemoCare } from './demo-care.ts';

export const DEMO = {
  code: 1000,
  name: 'Demo Utility',
  admin: { username: 'admin', password: 'Admin@2026' },
  cashier: { username: 'cashier', password: 'Cashier@2026' },
} as const;

/**
 * The demo cashier's role: the dashboard, customers (list, page and open bills), receiving payments and
 * printing their receipts (receive-payment), the customer's statement, the unpaid bills and the
 * received payments reports. Not bill runs, readings, tariffs or the books.
 */
export const CASHIER_PRIVILEGES = ['dashboard', 'list-customer', 'receive-payment', 'customer-transaction', 'unpaid-report', 'received-payments'] as const;

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  const [count] = await inSystem(db, (tx) => queryRows<{ n: number }>(tx, sql`select count(*)::int as n from clients`));
  if (count.n > 0) return false;
  const today = new Date();
  const nextYear = new Date(today.getTime() + 365 * 86400_000);
  const { clientId } = await createOrganisation(db, {
    code: DEMO.code,
    name: DEMO.name,
    adminUsername: DEMO.admin.username,
    adminPassword: DEMO.admin.password,
    adminFullname: 'Demo Administrator',
    billingCode: 'DU-1000',
    shortCode: '*789*1000#',
    address: 'Maka Al Mukarama Road, Mogadishu',
    phone: '+252615000000',
    email: 'info@demo-utility.so',
    currency: 'USD',
    contactPhone: '+252615000001',
    subscriptionExpiresOn: isoDate(nextYear),
  });
  await inSystem(db, (tx) =>
    tx.insert(subscriptionPayments).values({
      clientId,
      name: DEMO.name,
      billAmount: '1200.00',
      billDate: isoDate(today),
      expireDate: isoDate(nextYear),
    }),
  );
  const cashierHash = await hashPassword(DEMO.cashier.password);
  await inTenant(db, clientId, async (tx) => {
    const [role] = await tx
      .insert(roles)
      .values({ clientId, name: 'Cashier', description: 'Front desk: customers and their bills, receive payments, print receipts' })
      .returning();
    await tx.insert(rolePrivileges).values(CASHIER_PRIVILEGES.map((privilege) => ({ clientId, roleId: role.id, privilege })));
    // User classes: the cashier class presets the cashier role and dashboard.
    const [cashierClass] = await tx
      .insert(userClasses)
      .values([
        { clientId, name: 'Cashier', description: 'Front-desk cashiers', roleId: role.id, dashboard: 'cashier' },
        { clientId, name: 'Meter reader', description: 'Reads the meters of a zone every month', dashboard: 'meter-reader' },
        { clientId, name: 'Accountant', description: 'Keeps the books and the reports', dashboard: 'accounts' },
      ])
      .returning();
    await tx.insert(users).values({
      clientId,
      username: DEMO.cashier.username,
      fullname: 'Demo Cashier',
      passwordHash: cashierHash,
      roleId: role.id,
      userClassId: cashierClass.id,
    });
  });
  return true;
}

/**
 * Gives the demo organisation its living utility (zones, tariffs, customers, three billed months,
 * this month's readings pending) unless it already has customers. Returns what was built, or null.
 */
export async function seedDemoUtilityIfEmpty(db: Db, today?: Date): Promise<DemoBillingResult | null> {
  const [demo] = await inSystem(db, (tx) =>
    queryRows<{ customers: number }>(
      tx,
      sql`
      select (select count(*) from customers cu where cu.client_id = c.id)::int as customers
      from clients c where c.code = ${DEMO.code}`,
    ),
  );
  if (!demo || demo.customers > 0) return null;
  return seedDemoBilling(db, { code: DEMO.code, username: DEMO.admin.username, today });
}

/**
 * Gives the demo organisation its store (items, vendors, purchases, sales; demo-store.ts) unless it already
 * has items. Returns what was built, or null.
 */
export async function seedDemoStoreIfEmpty(db: Db, today?: Date): Promise<DemoStoreResult | null> {
  const [demo] = await inSystem(db, (tx) =>
    queryRows<{ items: number }>(
      tx,
      sql`
      select (select count(*) from items i where i.client_id = c.id)::int as items
      from clients c where c.code = ${DEMO.code}`,
    ),
  );
  if (!demo || demo.items > 0) return null;
  return seedDemoStore(db, { code: DEMO.code, username: DEMO.admin.username, today });
}

/**
 * Gives the demo organisation its staff requests (three users who write and approve them, requests in every
 * state; demo-requests.ts) unless it already has requests. Returns what was built, or null.
 */
export async function seedDemoRequestsIfEmpty(db: Db): Promise<DemoRequestsResult | null> {
  const [demo] = await inSystem(db, (tx) =>
    queryRows<{ requests: number }>(
      tx,
      sql`
      select (select count(*) from requests r where r.client_id = c.id)::int as requests
      from clients c where c.code = ${DEMO.code}`,
    ),
  );
  if (!demo || demo.requests > 0) return null;
  return seedDemoRequests(db, { code: DEMO.code, username: DEMO.admin.username });
}

/**
 * Gives the demo organisation its two receipt books in use (demo-receipt-books.ts) once it has its utility
 * (customers with bills to collect) and no receipt book yet. Returns what was built, or null.
 */
export async function seedDemoReceiptBooksIfEmpty(db: Db, today?: Date): Promise<DemoReceiptBooksResult | null> {
  const [demo] = await inSystem(db, (tx) =>
    queryRows<{ customers: number; books: number }>(
      tx,
      sql`
      select (select count(*) from customers cu where cu.client_id = c.id)::int as customers,
             (select count(*) from receipt_books b where b.client_id = c.id)::int as books
      from clients c where c.code = ${DEMO.code}`,
    ),
  );
  if (!demo || demo.customers === 0 || demo.books > 0) return null;
  return seedDemoReceiptBooks(db, { code: DEMO.code, username: DEMO.admin.username, today });
}

/**
 * Gives the demo organisation its fixed assets (three categories, six months of depreciation posted;
 * demo-assets.ts) unless it already has assets. Returns what was built, or null.
 */
export async function seedDemoAssetsIfEmpty(db: Db, today?: Date): Promise<DemoAssetsResult | null> {
  const [demo] = await inSystem(db, (tx) =>
    queryRows<{ assets: number }>(
      tx,
      sql`
      select (select count(*) from assets a where a.client_id = c.id)::int as assets
      from clients c where c.code = ${DEMO.code}`,
    ),
  );
  if (!demo || demo.assets > 0) return null;
  return seedDemoAssets(db, { code: DEMO.code, username: DEMO.admin.username, today });
}

/**
 * Gives the demo organisation its people (25 employees in four departments with allowances and leave;
 * demo-hr.ts) unless it already has employees. Returns what was built, or null.
 */
export async function seedDemoHrIfEmpty(db: Db, today?: Date): Promise<DemoHrResult | null> {
  const [demo] = await inSystem(db, (tx) =>
    queryRows<{ employees: number }>(
      tx,
      sql`
      select (select count(*) from employees e where e.client_id = c.id)::int as employees
      from clients c where c.code = ${DEMO.code}`,
    ),
  );
  if (!demo || demo.employees > 0) return null;
  return seedDemoHr(db, { code: DEMO.code, username: DEMO.admin.username, today });
}

/**
 * Gives the demo organisation its customer care and marketing (a care officer, complaint topics, complaints
 * in every state, prospects with one converted; demo-care.ts) unless it already has complaint topics.
 * Returns what was built, or null.
 */
export async function seedDemoCareIfEmpty(db: Db, today?: Date): Promise<DemoCareResult | null> {
  const [demo] = await inSystem(db, (tx) =>
    queryRows<{ topics: number }>(
      tx,
      sql`
      select (select count(*) from complaint_topics t where t.client_id = c.id)::int as topics
      from clients c where c.code = ${DEMO.code}`,
    ),
  );
  if (!demo || demo.topics > 0) return null;
  return seedDemoCare(db, { code: DEMO.code, username: DEMO.admin.username, today });
}

/** Gives the demo organisation its help-centre tickets (one answered) and the demo operator, unless it has tickets. */
export async function seedDemoHelpdeskIfEmpty(db: Db): Promise<DemoHelpdeskResult | null> {
  const [demo] = await inSystem(db, (tx) =>
    queryRows<{ tickets: number }>(
      tx,
      sql`select (select count(*) from tickets t where t.client_id = c.id)::int as tickets from clients c where c.code = ${DEMO.code}`,
    ),
  );
  if (!demo || demo.tickets > 0) return null;
  return seedDemoHelpdesk(db, { code: DEMO.code, username: DEMO.admin.username });
}
