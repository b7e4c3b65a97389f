// Customer ageing (GET /api/finance/customer/aging) on a billing year made through the API: buckets at
// chosen dates (before a payment, between a payment and its cancellation, after both), each customer's
// total equal to their ledger balance and the grand total to the receivable account (trial balance),
// unallocated credit and balances not tied to a bill, zones, paging and sorting, the trigger-kept sums.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { buildScenario, ledgerBalances, receivableFromLines, type Scenario, summaryDifferences } from './billing-reports-test-kit.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let s: Scenario;

const get = (url: string, lang?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { ...bearer(org.token), ...(lang ? { 'accept-language': lang } : {}) } });
async function aging(query: string) {
  const res = await get(`/api/finance/customer/aging?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
type Row = {
  customerId: number;
  current: string;
  d1_30: string;
  d31_60: string;
  d61_90: string;
  over90: string;
  unallocated: string;
  total: string;
  zoneId: number | null;
};
const byCustomer = (rows: Row[]) => new Map(rows.map((r) => [r.customerId, r]));
const buckets = (r: Row | undefined) => r && [r.current, r.d1_30, r.d31_60, r.d61_90, r.over90, r.unallocated, r.total];

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Mogadishu Power' });
  s = await buildScenario(ctx, org);
}, 120_000);
afterAll(() => ctx?.close());

describe('customer ageing', () => {
  it('buckets open bills by days past due on 2025-04-20 and keeps credit and other balances apart', async () => {
    const r = await aging('date=2025-04-20');
    const { c1, c2, c3, c4, c5 } = s.customers;
    const rows = byCustomer(r.rows);
    //                               current  1-30     31-60    61-90    >90      unalloc   total
    expect(buckets(rows.get(c1))).toEqual(['0.00', '30.00', '20.00', '0.00', '0.00', '0.00', '50.00']);
    expect(buckets(rows.get(c2))).toEqual(['0.00', '0.00', '0.00', '0.00', '0.00', '-28.00', '-28.00']);
    expect(buckets(rows.get(c3))).toEqual(['0.00', '0.00', '55.00', '33.00', '10.00', '0.00', '98.00']);
    // Balance transfers are open items (migration 0046): the 5.00 c4 gave is credit that paid half its
    // March bill, and the 3.00 c5 took is a charge due on 03-26 (before, both were unallocated balances).
    expect(buckets(rows.get(c4))).toEqual(['0.00', '5.00', '0.00', '0.00', '0.00', '0.00', '5.00']);
    expect(buckets(rows.get(c5))).toEqual(['0.00', '3.00', '0.00', '0.00', '0.00', '0.00', '3.00']);
    expect(r.totals).toEqual({
      customers: 5,
      current: '0.00',
      d1_30: '38.00',
      d31_60: '75.00',
      d61_90: '33.00',
      over90: '10.00',
      unallocated: '-28.00',
      total: '128.00',
    });
    expect(r.receivableBalance).toBe('128.00');
    expect(rows.get(c1)?.zoneId).toBe(s.zones.north);
    expect(rows.get(c3)?.zoneId).toBe(s.zones.market);
    expect(rows.get(c5)?.zoneId).toBeNull();
  });

  it('ages as things stood on the date: a later payment, a later bill and a cancelled payment', async () => {
    const { c1, c2 } = s.customers;
    // Before c2 paid (2025-03-20): its January bill is 28 days late; c1's March bill is not billed yet.
    const march = byCustomer((await aging('date=2025-03-15')).rows);
    expect(buckets(march.get(c2))).toEqual(['0.00', '50.00', '0.00', '0.00', '0.00', '0.00', '50.00']);
    expect(buckets(march.get(c1))).toEqual(['20.00', '0.00', '0.00', '0.00', '0.00', '0.00', '20.00']);
    // Between c1's 20.00 payment (04-05) and its cancellation (04-10): the ledger has the money but the
    // allocation went with the cancellation, so it shows as unallocated credit.
    const april = byCustomer((await aging('date=2025-04-07')).rows);
    expect(buckets(april.get(c1))).toEqual(['30.00', '20.00', '0.00', '0.00', '0.00', '-20.00', '30.00']);
    // The April bill (dated 04-30, due 05-15) is current at the month's end.
    const end = byCustomer((await aging('date=2025-04-30')).rows);
    expect(buckets(end.get(c1))).toEqual(['10.00', '30.00', '20.00', '0.00', '0.00', '0.00', '60.00']);
  });

  it('totals each customer at their ledger balance and all of them at the receivable account, on every date', async () => {
    const today = (await aging('')).date as string;
    for (const date of ['2024-12-31', '2025-01-31', '2025-03-15', '2025-03-31', '2025-04-07', '2025-04-20', '2025-06-30', today]) {
      const r = await aging(`date=${date}&_limit=1000`);
      // Walking the customers by name and adding up everyone at once (sorted by amount) agree.
      const full = await aging(`date=${date}&_limit=1000&_sort=total&withZones=true`);
      expect(full.totals, date).toEqual(r.totals);
      expect(new Map(full.rows.map((x: Row) => [x.customerId, buckets(x)])), date).toEqual(new Map(r.rows.map((x: Row) => [x.customerId, buckets(x)])));
      const zoneSum = full.zones.reduce((a: number, z: { total: string }) => a + Math.round(Number(z.total) * 100), 0);
      expect(zoneSum, date).toBe(Math.round(Number(r.totals.total) * 100));
      const ledger = await ledgerBalances(ctx, org.clientId, date);
      const shown = new Map<number, string>(r.rows.map((x: Row) => [x.customerId, x.total]));
      for (const [id, balance] of ledger) if (balance !== '0.00') expect(shown.get(id), `${date} customer ${id}`).toBe(balance);
      for (const x of r.rows as Row[]) {
        expect(x.total, `${date} customer ${x.customerId}`).toBe(ledger.get(x.customerId) ?? '0.00');
        const sum = [x.current, x.d1_30, x.d31_60, x.d61_90, x.over90, x.unallocated].reduce((a, v) => a + Math.round(Number(v) * 100), 0);
        expect(sum, `${date} customer ${x.customerId} buckets`).toBe(Math.round(Number(x.total) * 100));
      }
      const receivable = await receivableFromLines(ctx, org.clientId, date);
      expect(r.totals.total, date).toBe(receivable);
      expect(r.receivableBalance, date).toBe(receivable);
      const tb = await get(`/api/finance/reports/trial-balance?endDate=${date}`);
      const row = tb.json().rows.find((x: { code: string }) => x.code === '1100');
      const tbBalance = row ? (Number(row.debit) - Number(row.credit)).toFixed(2) : '0.00';
      expect(tbBalance, date).toBe(receivable);
    }
    // Today the opening balance of c3 (posted the day it was created) is in: an open item since migration
    // 0046, due on its date, so it is current (it used to be unallocated, a balance outside the items).
    const now = byCustomer((await aging('')).rows);
    expect(now.get(s.customers.c3)?.current).toBe('12.50');
    expect(now.get(s.customers.c3)?.unallocated).toBe('0.00');
    expect(now.get(s.customers.c3)?.over90).toBe('98.00');
  });

  it('filters by zone (the zone of the first house) with zone totals that add up', async () => {
    expect((await aging('date=2025-04-20')).zones).toEqual([]);
    const all = await aging('date=2025-04-20&withZones=true');
    const zones = new Map(all.zones.map((z: { zoneId: number | null; total: string; customers: number }) => [z.zoneId, z]));
    expect(zones.get(s.zones.north)).toMatchObject({ customers: 2, total: '22.00', d31_60: '20.00', d1_30: '30.00', unallocated: '-28.00' });
    expect(zones.get(s.zones.market)).toMatchObject({ customers: 2, total: '103.00', over90: '10.00' });
    expect(zones.get(null)).toMatchObject({ customers: 1, total: '3.00' });
    const north = await aging(`date=2025-04-20&zoneId=${s.zones.north}&withZones=true`);
    expect(north.zoneName).toBe('North');
    expect(north.rows.map((x: Row) => x.customerId).sort()).toEqual([s.customers.c1, s.customers.c2].sort());
    expect(north.totals.total).toBe('22.00');
    expect(north.zones).toHaveLength(1);
    expect((await get('/api/finance/customer/aging?zoneId=999999')).statusCode).toBe(404);
  });

  it('pages and sorts while the totals cover every customer; zero rows only when asked', async () => {
    const first = await aging('date=2025-04-20&_limit=2&_sort=total');
    expect(first.rows.map((x: Row) => x.total)).toEqual(['98.00', '50.00']);
    expect(first).toMatchObject({ total: 5, page: 1, limit: 2 });
    expect(first.totals.total).toBe('128.00');
    const last = await aging('date=2025-04-20&_limit=2&_page=3&_sort=total');
    expect(last.rows.map((x: Row) => x.total)).toEqual(['-28.00']);
    const byName = await aging('date=2025-04-20&_sort=name&_order=asc');
    expect(byName.rows.map((x: { name: string }) => x.name)).toEqual(['Amina Warsame', 'Bashir Cilmi', 'Cawo Nuur', 'Deeqa Faarax', 'Hotel Jazeera']);
    const byNameDown = await aging('date=2025-04-20&_sort=name&_order=desc&_limit=2&_page=2');
    expect(byNameDown.rows.map((x: { name: string }) => x.name)).toEqual(['Cawo Nuur', 'Bashir Cilmi']);
    const byNumber = await aging('date=2025-04-20&_sort=customerNo');
    expect(byNumber.rows.map((x: Row) => x.customerId)).toEqual(Object.values(s.customers));
    // One zone sorted by amount, and its customers by name.
    const market = await aging(`date=2025-04-20&zoneId=${s.zones.market}&_sort=total`);
    expect(market.rows.map((x: Row) => x.total)).toEqual(['98.00', '5.00']);
    // c4's transfer credit paid its bill (an open item since 0046): nothing unallocated in the zone.
    expect(market.totals).toMatchObject({ customers: 2, total: '103.00', over90: '10.00', unallocated: '0.00' });
    // Before anything was billed nobody owes anything: no rows, unless zero rows are asked for.
    expect((await aging('date=2024-06-30')).rows).toEqual([]);
    const withZero = await aging('date=2024-06-30&includeZero=true');
    expect(withZero.rows).toHaveLength(5);
    expect(withZero.totals.total).toBe('0.00');
  });

  it("refuses a bad date with a field error in the caller's language and keeps the trigger sums equal to the lines", async () => {
    const en = await get('/api/finance/customer/aging?date=2025-02-30');
    expect(en.statusCode).toBe(400);
    expect(en.json().details).toEqual([{ field: 'date', message: 'Enter a date as YYYY-MM-DD.' }]);
    const so = await get('/api/finance/customer/aging?date=2025-13-01', 'so');
    expect(so.json().details).toEqual([{ field: 'date', message: 'Geli taariikh sida YYYY-MM-DD.' }]);
    expect(await summaryDifferences(ctx)).toEqual([]);
  });
});
