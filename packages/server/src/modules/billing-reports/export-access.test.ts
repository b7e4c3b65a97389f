// Billing report files (XLSX read back with a ZIP reader checked against zlib's CRC-32, CSV parsed) whose
// totals equal the API's, in English and Somali; 403 without each report's privilege (nothing changes);
// one organisation never sees another's customers, bills or payments.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { queryRows } from '../../db/rows.ts';
import { inSystem } from '../../db/tenant.ts';
import { staffToken } from '../finance/finance-test-kit.ts';
import { parseCsv, readSheet, type SheetCell, sheetRow } from '../finance-reports/finance-reports-test-kit.ts';
import { billingFactory } from '../metering/billing-test-kit.ts';
import { buildScenario, type Scenario } from './billing-reports-test-kit.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let other: Awaited<ReturnType<typeof newOrganisation>>;
let s: Scenario;
let otherCustomer: number;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const get = (url: string, token = org.token, lang?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...(lang ? { 'accept-language': lang } : {}) } });
async function json(url: string, token = org.token) {
  const res = await get(url, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function xlsx(url: string, lang?: string) {
  const res = await get(url, org.token, lang);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe(XLSX_TYPE);
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[A-Za-z0-9._-]+\.xlsx"$/);
  return readSheet(res.rawPayload);
}
const values = (row: Record<string, SheetCell> | undefined) => Object.fromEntries(Object.entries(row ?? {}).map(([k, c]) => [k, c.value]));

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Mogadishu Power' });
  other = await newOrganisation(ctx, { name: 'Kismayo Water' });
  s = await buildScenario(ctx, org);
  // The other organisation: one customer owing one bill of 502.00.
  const f = billingFactory(ctx, other);
  const tariff = await f.call(other.token, 'POST', '/api/elc/prices', {
    name: 'Flat',
    customerClass: 'residential',
    effectiveFrom: '2024-01-01',
    serviceCharge: '2',
    taxPercent: '0',
    blocks: [{ from: '0', to: null, rate: '1' }],
  });
  expect(tariff.statusCode).toBe(201);
  const zone = await f.zone({ name: 'North' });
  otherCustomer = (await f.customer({ name: 'Stranger' })).id;
  const house = await f.house({ customerId: otherCustomer, zoneId: zone.id, installationReading: '0', installationDate: '2024-11-01' });
  await f.reading({ houseId: house.id, period: '2025-03', currentReading: '500' });
  expect(
    (await f.call(other.token, 'POST', '/api/bills/saveCustomersBill', { period: '2025-03', houseIds: [house.id], issueDate: '2025-03-31' })).statusCode,
  ).toBe(201);
}, 150_000);
afterAll(() => ctx?.close());

describe('exports', () => {
  it('ageing: the XLSX totals row is the API totals, with the subtitle lines', async () => {
    const api = await json('/api/finance/customer/aging?date=2025-04-20');
    const sheet = await xlsx('/api/finance/customer/aging/export?format=xlsx&date=2025-04-20');
    expect(sheet.get(1)?.A.value).toBe('Customer ageing');
    expect(sheet.get(2)?.A.value).toBe('Mogadishu Power');
    expect(sheet.get(3)?.A.value).toBe('As at 2025-04-20');
    expect(sheet.get(4)?.A.value).toBe('Receivable account balance: 128.00');
    expect(Object.values(sheet.get(6) ?? {}).map((c) => c.value)).toEqual([
      'Customer no.',
      'Customer',
      'Zone',
      'Current',
      '1-30 days',
      '31-60 days',
      '61-90 days',
      'Over 90 days',
      'Unallocated',
      'Total',
    ]);
    const total = values(sheetRow(sheet, 'B', 'Total (5)'));
    expect([total.D, total.E, total.F, total.G, total.H, total.I, total.J]).toEqual(
      [api.totals.current, api.totals.d1_30, api.totals.d31_60, api.totals.d61_90, api.totals.over90, api.totals.unallocated, api.totals.total].map(Number),
    );
    // Every customer is in the file, however the screen is paged.
    const paged = await xlsx('/api/finance/customer/aging?format=xlsx&date=2025-04-20&_limit=1');
    expect(values(sheetRow(paged, 'B', 'Deeqa Faarax')).C).toBe('No zone (no house)');
  });

  it('ageing in Somali and as CSV', async () => {
    const sheet = await xlsx(`/api/finance/customer/aging/export?format=xlsx&date=2025-04-20&zoneId=${s.zones.north}`, 'so');
    expect(sheet.get(1)?.A.value).toBe("Da'da deymaha macaamiisha");
    expect(sheet.get(3)?.A.value).toBe('Ilaa 2025-04-20');
    expect(sheet.get(4)?.A.value).toBe('Aagga: North');
    expect(sheet.get(7)?.D.value).toBe('Aan weli la gaarin');
    expect(values(sheetRow(sheet, 'B', 'Wadarta (2)')).J).toBe(22);
    const res = await get('/api/finance/customer/aging/export?format=csv&date=2025-04-20');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const records = parseCsv(text.slice(1));
    expect(records[0]).toEqual([
      'Customer no.',
      'Customer',
      'Zone',
      'Current',
      '1-30 days',
      '31-60 days',
      '61-90 days',
      'Over 90 days',
      'Unallocated',
      'Total',
    ]);
    // Balance transfers are open items since migration 0046 (see aging.test.ts): 38.00 in 1-30 days, -28.00 unallocated.
    expect(records.at(-1)).toEqual(['', 'Total (5)', '', '0.00', '38.00', '75.00', '33.00', '10.00', '-28.00', '128.00']);
  });

  it('zone summary, statement, customer summary, unpaid, payments and revenue: file totals equal the API', async () => {
    const zones = await json('/api/finance/zones/summery?period=2025-03');
    const zs = await xlsx('/api/finance/zones/summery/export?format=xlsx&period=2025-03');
    expect(values(sheetRow(zs, 'A', 'Total'))).toMatchObject({ B: 5, C: 2, D: 36, E: Number(zones.totals.billed), F: Number(zones.totals.collected), G: 128 });

    const statement = await json(`/api/billing-reports/customer-transaction?customerId=${s.customers.c1}`);
    const st = await xlsx(`/api/billing-reports/customer-transaction/export?format=xlsx&customerId=${s.customers.c1}&_limit=1`);
    expect(values(sheetRow(st, 'D', 'Closing balance'))).toMatchObject({ E: 90, F: 30, G: Number(statement.closingBalance) });
    expect(values(sheetRow(st, 'D', 'Cancelled: Payment RC-000004 (Cash)'))).toMatchObject({ B: 'Cancellation', C: 'RC-000004', E: 20, G: 50 });

    const summaryUrl = 'startDate=2025-03-01&endDate=2025-04-30';
    const summary = await json(`/api/billing-reports/customer-summary?${summaryUrl}`);
    const sm = await xlsx(`/api/billing-reports/customer-summary/export?format=xlsx&${summaryUrl}`);
    const smTotal = values(sheetRow(sm, 'B', 'Total (5)'));
    expect([smTotal.E, smTotal.F, smTotal.G, smTotal.H, smTotal.I]).toEqual(
      [summary.totals.opening, summary.totals.billed, summary.totals.paid, summary.totals.adjustments, summary.totals.closing].map(Number),
    );

    const up = await xlsx(`/api/billing-reports/unpaid/export?format=xlsx&zoneId=${s.zones.market}&minAmount=20`);
    expect(up.get(4)?.A.value).toBe('Zone: Market');
    expect(up.get(5)?.A.value).toBe('At least 20 left to pay');
    expect(values(sheetRow(up, 'A', 'Total (2)'))).toMatchObject({ I: 88, J: 0, K: 88 });

    const rp = await xlsx('/api/billing-reports/received-payments/export?format=xlsx&startDate=2025-01-01&endDate=2025-12-31&method=cash');
    expect(rp.get(4)?.A.value).toBe('Method: Cash');
    // RC-000003 paid the 5.00 transferred to c2 too (an open item since migration 0046).
    expect(values(sheetRow(rp, 'A', 'Total (2)'))).toMatchObject({ I: 90, J: 65, K: 25 });
    // Under its heading, one row per account the receipts went to, as the screen's byAccount says.
    const rpApi = await json('/api/billing-reports/received-payments?startDate=2025-01-01&endDate=2025-12-31&method=cash');
    expect(rpApi.byAccount.length).toBeGreaterThan(0);
    const heading = [...rp.entries()].find(([, row]) => row.A?.value === 'By account');
    expect(heading).not.toBeUndefined();
    const accountRows = rpApi.byAccount.map((_: unknown, i: number) => Object.values(values(rp.get(heading![0] + 1 + i))));
    expect(accountRows).toEqual(
      rpApi.byAccount.map((a: { payments: number; code: string; name: string; amount: string }) =>
        expect.arrayContaining([String(a.payments), `${a.code} ${a.name}`, Number(a.amount)]),
      ),
    );

    const rv = await xlsx('/api/billing-reports/revenue-by-class/export?format=xlsx&startDate=2025-01-01&endDate=2025-03-31');
    expect(values(sheetRow(rv, 'A', 'Residential'))).toMatchObject({ B: 5, C: 3, G: 120 });
    expect(values(sheetRow(rv, 'A', '    Commercial'))).toMatchObject({ B: 2, E: 80, F: 8, G: 88 });
    expect(values(sheetRow(rv, 'A', 'Total'))).toMatchObject({ B: 7, C: 4, D: 180, E: 200, F: 8, G: 208 });
  });
});

describe('access', () => {
  const routes: Array<[string, string]> = [
    ['/api/finance/customer/aging', 'customer-aging'],
    ['/api/finance/zones/summery', 'zone-summary'],
    ['/api/billing-reports/customer-transaction?customerId=1', 'customer-transaction'],
    ['/api/billing-reports/customer-summary?startDate=2025-01-01&endDate=2025-12-31', 'customer-summary'],
    ['/api/billing-reports/unpaid', 'unpaid-report'],
    ['/api/billing-reports/received-payments?startDate=2025-01-01&endDate=2025-12-31', 'received-payments'],
    ['/api/billing-reports/revenue-by-class?startDate=2025-01-01&endDate=2025-12-31', 'revenue-by-class'],
    ['/api/billing-reports/dashboard', 'dashboard'],
  ];

  it("answers 403 without the report's privilege, also for the file, and 200 with it", async () => {
    // Signing in writes audit lines: every token first, then the snapshot.
    const none = await staffToken(ctx, org, ['list-customer']);
    const holders = new Map<string, string>();
    for (const [, privilege] of routes) holders.set(privilege, await staffToken(ctx, org, [privilege]));
    const before = await counts();
    for (const [url, privilege] of routes) {
      const res = await get(url, none);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
      if (privilege !== 'dashboard') {
        const [path, query = ''] = url.split('?');
        expect((await get(`${path}/export?format=xlsx&${query}`, none)).statusCode, `${path}/export`).toBe(403);
      }
      expect((await get(url, holders.get(privilege))).statusCode, url).toBe(200);
    }
    const so = await get('/api/finance/customer/aging', none, 'so');
    expect(so.json().message).toBe('Uma haysatid ogolaansho falkan.');
    expect((await get('/api/finance/customer/aging', '')).statusCode).toBe(401);
    expect(await counts()).toEqual(before);
  });

  it('keeps each organisation to its own customers, bills and payments', async () => {
    const mine = await json('/api/finance/customer/aging?date=2025-04-20');
    expect(mine.rows.map((r: { name: string }) => r.name)).not.toContain('Stranger');
    const theirs = await json('/api/finance/customer/aging?date=2025-04-20', other.token);
    expect(theirs.rows.map((r: { name: string }) => r.name)).toEqual(['Stranger']);
    expect(theirs.totals.total).toBe('502.00');
    expect((await json('/api/finance/zones/summery?period=2025-03', other.token)).totals).toMatchObject({
      billed: '502.00',
      collected: '0.00',
      outstanding: '502.00',
    });
    expect((await json('/api/finance/zones/summery?period=2025-03')).totals.billed).toBe('40.00');
    expect((await json('/api/billing-reports/unpaid', other.token)).totals.bills).toBe(1);
    expect((await json('/api/billing-reports/received-payments?startDate=2025-01-01&endDate=2025-12-31', other.token)).totals.payments).toBe(0);
    expect((await json('/api/billing-reports/dashboard?month=2025-03', other.token)).billed).toBe('502.00');
    // Another organisation's customer or zone is not found.
    expect((await get(`/api/billing-reports/customer-transaction?customerId=${otherCustomer}`)).statusCode).toBe(404);
    expect((await get(`/api/billing-reports/customer-transaction?customerId=${s.customers.c1}`, other.token)).statusCode).toBe(404);
    expect((await get(`/api/finance/customer/aging?zoneId=${s.zones.north}`, other.token)).statusCode).toBe(404);
  });
});

/** Rows of every table the reports read, to prove a refused request changed nothing. */
async function counts() {
  const [row] = await inSystem(ctx.database.db, (tx) =>
    queryRows<Record<string, number>>(
      tx,
      sql`
      select (select count(*) from journal_lines)::int as lines, (select count(*) from bills)::int as bills,
             (select count(*) from payments)::int as payments, (select count(*) from customer_ledger_balances)::int as balances,
             (select count(*) from audit_log)::int as audit`,
    ),
  );
  return row;
}
