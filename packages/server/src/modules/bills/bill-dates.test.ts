// A bill is dated the day it is issued (today, or a chosen day not in the future and after the lock date),
// whatever its period, so right after a run the customer's balance, statement, ageing and the billing
// dashboard tell the same figure; and a bill shows Unpaid, PartlyPaid, Paid, Overdue or Cancelled from its
// paid amount and due date, with the list filtered the same way.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { inSystem, inTenant } from '../../db/tenant.ts';
import { setLockDate } from '../../ledger/index.ts';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { billingFactory } from '../metering/billing-test-kit.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let f: ReturnType<typeof billingFactory>;
let zoneId: number;
let cash: number;
let today: string;
let period: string;

const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86400000).toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Kismayo Light' });
  f = billingFactory(ctx, org);
  // 2.00 a month plus 1.00 a unit, no tax: n units bill n + 2.
  const tariff = await f.call(org.token, 'POST', '/api/elc/prices', {
    name: 'Residential',
    customerClass: 'residential',
    effectiveFrom: '2024-01-01',
    serviceCharge: '2',
    taxPercent: '0',
    blocks: [{ from: '0', to: null, rate: '1' }],
  });
  expect(tariff.statusCode, tariff.body).toBe(201);
  zoneId = (await f.zone({ name: 'Gobweyn' })).id;
  const [row] = await inSystem(ctx.database.db, (tx) =>
    queryRows<{ today: string; cash: number }>(
      tx,
      sql`
      select to_char(current_date, 'YYYY-MM-DD') as today,
             (select id from accounts where client_id = ${org.clientId} and code = '1010') as cash`,
    ),
  );
  today = row.today;
  period = today.slice(0, 7);
  cash = Number(row.cash);
}, 60_000);
afterAll(() => ctx?.close());

const api = (method: 'GET' | 'POST', url: string, payload?: object, lang?: string) => f.call(org.token, method, url, payload, lang);
async function ok(res: Awaited<ReturnType<typeof api>>, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}

/** A customer with a house in the zone and this period's reading of `units`, read today. */
async function customerReading(name: string, units: number) {
  const customer = await f.customer({ name });
  const house = await f.house({ customerId: customer.id, zoneId, installationReading: '0', installationDate: '2025-01-01' });
  await f.reading({ houseId: house.id, period, currentReading: String(units), readingDate: today });
  return { customerId: customer.id as number, houseId: house.id as number };
}

const pay = (customerId: number, amount: string) =>
  api('POST', '/api/finance/payments', { customerId, amount, date: today, accountId: cash, method: 'cash' }).then((r) => ok(r, 201));

/** The one customer's balance as the header, the statement and the ageing tell it, and the organisation's receivable per the ageing and the dashboard. */
async function figures(customerId: number) {
  const account = await ok(await api('GET', `/api/elc/customers/${customerId}/account`));
  const statement = await ok(await api('GET', `/api/billing-reports/customer-transaction?customerId=${customerId}`));
  const ageing = await ok(await api('GET', `/api/finance/customer/aging?zoneId=${zoneId}&includeZero=true`));
  const dashboard = await ok(await api('GET', '/api/billing-reports/dashboard'));
  const row = ageing.rows.find((r: { customerId: number }) => r.customerId === customerId);
  return {
    header: account.balance,
    statement: statement.closingBalance,
    ageing: row?.total,
    receivable: ageing.receivableBalance,
    outstanding: dashboard.outstanding,
    billed: dashboard.billed,
  };
}

describe('bill dates', () => {
  it('dates a mid-period run today: balance, statement, ageing and dashboard agree after the run and after a partial payment', async () => {
    const c = await customerReading('Nasra Cabdi', 40); // bills 42.00
    await pay(c.customerId, '20.00'); // in credit before the run
    const run = await ok(await api('POST', '/api/bills/saveCustomersBill', { period, houseIds: [c.houseId] }), 201);
    expect(run).toMatchObject({ billCount: 1, total: '42.00' });

    const [bill] = (await ok(await api('GET', `/api/bills?customerId=${c.customerId}`))).data;
    expect(bill).toMatchObject({ period, billDate: today, dueDate: plusDays(today, 15), amount: '42.00' });
    const [entry] = await inTenant(ctx.database.db, org.clientId, (tx) =>
      queryRows<{ date: string }>(tx, sql`select date::text as date from journal_entries where id = ${bill.journalEntryId}`),
    );
    expect(entry.date).toBe(today);

    expect(await figures(c.customerId)).toEqual({
      header: '22.00',
      statement: '22.00',
      ageing: '22.00',
      receivable: '22.00',
      outstanding: '22.00',
      billed: '42.00',
    });
    await pay(c.customerId, '10.00');
    expect(await figures(c.customerId)).toEqual({
      header: '12.00',
      statement: '12.00',
      ageing: '12.00',
      receivable: '12.00',
      outstanding: '12.00',
      billed: '42.00',
    });
  });

  it('refuses an issue date in the future or in closed books (field issueDate, EN and SO) and bills on a chosen past day', async () => {
    const c = await customerReading('Liibaan Xuseen', 10);
    const tomorrow = plusDays(today, 1);
    const future = await api('POST', '/api/bills/generateCustomersBill', { period, issueDate: tomorrow });
    expect(future.statusCode).toBe(400);
    expect(future.json().details).toEqual([{ field: 'issueDate', message: 'The issue date cannot be in the future.' }]);
    const futureSo = await api('POST', '/api/bills/saveCustomersBill', { period, houseIds: [c.houseId], issueDate: tomorrow }, 'so');
    expect(futureSo.statusCode).toBe(400);
    expect(futureSo.json().details).toEqual([{ field: 'issueDate', message: 'Taariikhda biilka la bixiyay ma noqon karto mid mustaqbalka ah.' }]);
    const job = await api('POST', '/api/bills/jobs', { period, issueDate: tomorrow });
    expect(job.statusCode).toBe(400);
    expect(job.json().details[0].field).toBe('issueDate');

    const lockDate = plusDays(today, -30);
    await inTenant(ctx.database.db, org.clientId, (tx) => setLockDate(tx, org.clientId, lockDate));
    const locked = await api('POST', '/api/bills/saveCustomersBill', { period, houseIds: [c.houseId], issueDate: lockDate });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().details).toEqual([{ field: 'issueDate', message: `The books are closed up to ${lockDate}; choose a later date.` }]);
    const [counts] = await inSystem(ctx.database.db, (tx) =>
      queryRows<{ bills: number; jobs: number }>(
        tx,
        sql`
        select (select count(*)::int from bills where client_id = ${org.clientId} and customer_id = ${c.customerId}) as bills,
               (select count(*)::int from jobs where client_id = ${org.clientId} and kind like 'bills.%') as jobs`,
      ),
    );
    expect(counts).toEqual({ bills: 0, jobs: 0 });

    const issued = plusDays(lockDate, 1);
    await ok(await api('POST', '/api/bills/saveCustomersBill', { period, houseIds: [c.houseId], issueDate: issued }), 201);
    const [bill] = (await ok(await api('GET', `/api/bills?customerId=${c.customerId}`))).data;
    // Due 15 days after issue, which is already past: unpaid after the due date is Overdue.
    expect(bill).toMatchObject({ period, billDate: issued, dueDate: plusDays(issued, 15), amount: '12.00', status: 'Overdue' });
  });

  it('shows Unpaid, PartlyPaid, Paid and Overdue from paid amount and due date, and filters the list by them', async () => {
    const unpaid = await customerReading('Hamdi Jaamac', 5);
    const paid = await customerReading('Cabdiraxmaan Nuur', 8);
    const saved = await ok(await api('POST', '/api/bills/saveCustomersBill', { period, houseIds: [unpaid.houseId, paid.houseId] }), 201);
    expect(saved.billCount).toBe(2);
    await pay(paid.customerId, '10.00'); // the whole bill

    const listed = await ok(await api('GET', '/api/bills?_limit=100'));
    const statusOf = new Map(listed.data.map((b: { customerName: string; status: string }) => [b.customerName, b.status]));
    expect(Object.fromEntries(statusOf)).toEqual({
      'Nasra Cabdi': 'PartlyPaid', // 30.00 of 42.00 paid, due in 15 days
      'Liibaan Xuseen': 'Overdue',
      'Hamdi Jaamac': 'Unpaid',
      'Cabdiraxmaan Nuur': 'Paid',
    });
    const names = async (status: string) =>
      (await ok(await api('GET', `/api/bills?status=${status}&_limit=100`))).data.map((b: { customerName: string }) => b.customerName).sort();
    expect(await names('Unpaid')).toEqual(['Hamdi Jaamac']);
    expect(await names('PartlyPaid')).toEqual(['Nasra Cabdi']);
    expect(await names('Paid')).toEqual(['Cabdiraxmaan Nuur']);
    expect(await names('Overdue')).toEqual(['Liibaan Xuseen']);
    expect(await names('Cancelled')).toEqual([]);
    expect(await names('Open')).toHaveLength(4);
    const one = await ok(await api('GET', `/api/bills/${listed.data.find((b: { customerName: string }) => b.customerName === 'Cabdiraxmaan Nuur').id}`));
    expect(one.status).toBe('Paid');
    expect((await api('GET', '/api/bills?status=Closed')).statusCode).toBe(400);
  });
});
