// The billing reports other than the ageing, on the billing year of the test kit: zone summary (billed =
// the month's bills, collected = the month's payments, outstanding = the receivable), the customer
// statement (bills, payments, a cancellation, transfers, running balance, EN and SO descriptions), the
// customer summary, unpaid bills, received payments, revenue by tariff class and the dashboard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { buildScenario, receivableFromLines, type Scenario } from './billing-reports-test-kit.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let s: Scenario;

const get = (url: string, lang?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { ...bearer(org.token), ...(lang ? { 'accept-language': lang } : {}) } });
async function json(url: string, lang?: string) {
  const res = await get(url, lang);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Mogadishu Power' });
  s = await buildScenario(ctx, org);
}, 120_000);
afterAll(() => ctx?.close());

describe('zone summary', () => {
  it('adds up a month per zone: billed = bills, collected = payments, outstanding = receivable', async () => {
    const r = await json('/api/finance/zones/summery?period=2025-03');
    expect(r).toMatchObject({ period: '2025-03', startDate: '2025-03-01', endDate: '2025-03-31', receivableBalance: '128.00' });
    expect(r.rows).toEqual([
      { zoneId: s.zones.market, name: 'Market', customers: 2, bills: 1, consumption: '8', billed: '10.00', collected: '0.00', outstanding: '103.00' },
      { zoneId: s.zones.north, name: 'North', customers: 2, bills: 1, consumption: '28', billed: '30.00', collected: '80.00', outstanding: '22.00' },
      { zoneId: null, name: null, customers: 1, bills: 0, consumption: '0', billed: '0.00', collected: '0.00', outstanding: '3.00' },
    ]);
    expect(r.totals).toEqual({ customers: 5, bills: 2, consumption: '36', billed: '40.00', collected: '80.00', outstanding: '128.00' });
    expect(r.totals.outstanding).toBe(await receivableFromLines(ctx, org.clientId, '2025-03-31'));
  });

  it('counts a payment where its allocations went, and never a cancelled one', async () => {
    const jan = await json('/api/finance/zones/summery?period=2025-01');
    const market = jan.rows.find((x: { zoneId: number }) => x.zoneId === s.zones.market);
    expect(market).toMatchObject({ bills: 1, billed: '33.00', collected: '12.00' });
    expect(jan.totals).toMatchObject({ billed: '93.00', collected: '12.00' });
    const apr = await json('/api/finance/zones/summery?period=2025-04');
    expect(apr.totals).toMatchObject({ bills: 1, billed: '10.00', collected: '0.00', outstanding: '138.00' });
    const bad = await get('/api/finance/zones/summery?period=2025-3', 'so');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ field: 'period', message: 'Geli muddada sida YYYY-MM, tusaale 2026-03.' }]);
  });
});

describe('customer statement', () => {
  it('lists the ledger lines with their documents and a running balance', async () => {
    const r = await json(`/api/billing-reports/customer-transaction?customerId=${s.customers.c1}`);
    expect(r.customer).toMatchObject({ id: s.customers.c1, name: 'Amina Warsame', zoneName: 'North' });
    expect(r.lines.map((l: Record<string, string>) => [l.date, l.kind, l.document, l.description, l.debit, l.credit, l.balance])).toEqual([
      ['2025-01-31', 'bill', 'B-000002', 'Bill B-000002 for 2025-01: 8 units', '10.00', '0.00', '10.00'],
      ['2025-02-10', 'payment', 'RC-000002', 'Payment RC-000002 (Cash)', '0.00', '10.00', '0.00'],
      ['2025-02-28', 'bill', 'B-000005', 'Bill B-000005 for 2025-02: 18 units', '20.00', '0.00', '20.00'],
      ['2025-03-31', 'bill', 'B-000007', 'Bill B-000007 for 2025-03: 28 units', '30.00', '0.00', '50.00'],
      ['2025-04-05', 'payment', 'RC-000004', 'Payment RC-000004 (Cash)', '0.00', '20.00', '30.00'],
      ['2025-04-10', 'reversal', 'RC-000004', 'Cancelled: Payment RC-000004 (Cash)', '20.00', '0.00', '50.00'],
      ['2025-04-30', 'bill', 'B-000009', 'Bill B-000009 for 2025-04: 8 units', '10.00', '0.00', '60.00'],
    ]);
    expect(r).toMatchObject({ openingBalance: '0.00', closingBalance: '60.00', totals: { debit: '90.00', credit: '30.00' }, total: 7 });
  });

  it('opens a range with the balance before it, pages, and describes transfers, in Somali too', async () => {
    const r = await json(`/api/billing-reports/customer-transaction?customerId=${s.customers.c1}&startDate=2025-03-01&endDate=2025-04-30&_limit=2&_page=2`);
    expect(r).toMatchObject({ openingBalance: '20.00', closingBalance: '60.00', total: 4, page: 2 });
    expect(r.lines.map((l: { balance: string }) => l.balance)).toEqual(['50.00', '60.00']);
    const c2 = await json(`/api/billing-reports/customer-transaction?customerId=${s.customers.c2}`);
    expect(c2.lines.map((l: Record<string, string>) => [l.kind, l.document, l.description, l.balance])).toEqual([
      ['bill', 'B-000003', 'Bill B-000003 for 2025-01: 48 units', '50.00'],
      ['payment', 'RC-000003', 'Payment RC-000003 (Cash)', '-30.00'],
      ['transfer', 'CT-000001', 'Balance transfer CT-000001 from Cawo Nuur', '-25.00'],
      ['transfer', 'CT-000002', 'Balance transfer CT-000002 to Deeqa Faarax', '-28.00'],
    ]);
    const so = await json(`/api/billing-reports/customer-transaction?customerId=${s.customers.c3}`, 'so');
    expect(so.lines[0].description).toBe('Biilka B-000001 ee 2024-12: 15 unug');
    expect(so.lines.find((l: { kind: string }) => l.kind === 'payment').description).toBe('Lacag-bixinta RC-000001 (Lacagta mobilka) EVC-2025-01-20');
    expect(so.lines.at(-1)).toMatchObject({ kind: 'opening', description: 'Haraaga furitaanka', debit: '12.50' });
  });

  it('needs a customer of the organisation', async () => {
    const missing = await get('/api/billing-reports/customer-transaction');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([{ field: 'customerId', message: 'Field is required.' }]);
    expect((await get('/api/billing-reports/customer-transaction?customerId=99999')).statusCode).toBe(404);
  });
});

describe('customer summary', () => {
  it('reconciles opening + billed - paid + other movements = closing per customer', async () => {
    const r = await json('/api/billing-reports/customer-summary?startDate=2025-03-01&endDate=2025-04-30');
    const rows = new Map(r.rows.map((x: { customerId: number }) => [x.customerId, x]));
    const { c1, c2, c3, c4, c5 } = s.customers;
    const figures = (id: number) => {
      const x = rows.get(id) as Record<string, string>;
      return [x.opening, x.billed, x.paid, x.adjustments, x.closing];
    };
    expect(figures(c1)).toEqual(['20.00', '40.00', '0.00', '0.00', '60.00']);
    expect(figures(c2)).toEqual(['50.00', '0.00', '80.00', '2.00', '-28.00']);
    expect(figures(c3)).toEqual(['98.00', '0.00', '0.00', '0.00', '98.00']);
    expect(figures(c4)).toEqual(['0.00', '10.00', '0.00', '-5.00', '5.00']);
    expect(figures(c5)).toEqual(['0.00', '0.00', '0.00', '3.00', '3.00']);
    expect(r.totals).toEqual({ customers: 5, opening: '168.00', billed: '50.00', paid: '80.00', adjustments: '0.00', closing: '138.00' });
    expect(r.totals.closing).toBe(await receivableFromLines(ctx, org.clientId, '2025-04-30'));
    expect(r.totals.opening).toBe(await receivableFromLines(ctx, org.clientId, '2025-02-28'));
  });

  it('filters by zone and status', async () => {
    const north = await json(`/api/billing-reports/customer-summary?startDate=2025-03-01&endDate=2025-04-30&zoneId=${s.zones.north}`);
    expect(north.rows.map((x: { name: string }) => x.name)).toEqual(['Amina Warsame', 'Bashir Cilmi']);
    expect(north.totals.closing).toBe('32.00');
    const inactive = await json('/api/billing-reports/customer-summary?startDate=2025-03-01&endDate=2025-04-30&status=Inactive');
    expect(inactive.rows).toEqual([]);
    const bad = await get('/api/billing-reports/customer-summary?startDate=2025-05-01&endDate=2025-04-30');
    expect(bad.json().details).toEqual([{ field: 'endDate', message: 'The end date cannot be before the start date.' }]);
  });
});

describe('unpaid bills', () => {
  it('lists what is left on each open charge today, oldest due first, with filters', async () => {
    const r = await json('/api/billing-reports/unpaid');
    // The open items of the receivable (migration 0046): the bills as before, and the charges that are not
    // bills, c5's balance transfer received (due on its date) and c3's opening balance (dated today). The
    // 5.00 c4 gave away is credit that paid half of its bill B-000008.
    const c3No = r.rows.find((x: { kind: string }) => x.kind === 'opening')?.customerNo;
    expect(r.rows.map((x: Record<string, string>) => [x.kind, x.billNo, x.name, x.amount, x.paid, x.balance])).toEqual([
      ['bill', 'B-000001', 'Hotel Jazeera', '22.00', '12.00', '10.00'],
      ['bill', 'B-000004', 'Hotel Jazeera', '33.00', '0.00', '33.00'],
      ['bill', 'B-000005', 'Amina Warsame', '20.00', '0.00', '20.00'],
      ['bill', 'B-000006', 'Hotel Jazeera', '55.00', '0.00', '55.00'],
      ['transfer', 'CT-000002', 'Deeqa Faarax', '3.00', '0.00', '3.00'],
      ['bill', 'B-000007', 'Amina Warsame', '30.00', '0.00', '30.00'],
      ['bill', 'B-000008', 'Cawo Nuur', '10.00', '5.00', '5.00'],
      ['bill', 'B-000009', 'Amina Warsame', '10.00', '0.00', '10.00'],
      ['opening', c3No, 'Hotel Jazeera', '12.50', '0.00', '12.50'],
    ]);
    expect(r.totals).toEqual({ bills: 9, customers: 4, amount: '195.50', paid: '17.00', balance: '178.50' });
    // A bill's row has its bill, period and zone; another charge has no bill or period, and the zone of
    // the customer's first house (none for c5, who has no house).
    expect(r.rows[4]).toMatchObject({ billId: null, period: null, zoneId: null, zoneName: null, dueDate: '2025-03-26' });
    expect(r.rows[8]).toMatchObject({ billId: null, period: null, zoneId: s.zones.market, zoneName: 'Market' });
    expect(r.rows[0]).toMatchObject({ period: '2024-12', zoneId: s.zones.market });
    expect(typeof r.rows[0].billId).toBe('number');
    const days = Math.round((Date.parse(r.date) - Date.parse('2025-01-15')) / 86_400_000);
    expect(r.rows[0]).toMatchObject({ dueDate: '2025-01-15', daysOverdue: days, zoneName: 'Market' });
    const big = await json('/api/billing-reports/unpaid?minAmount=30');
    expect(big.rows.map((x: { billNo: string }) => x.billNo)).toEqual(['B-000004', 'B-000006', 'B-000007']);
    const march = await json('/api/billing-reports/unpaid?period=2025-03');
    expect(march.totals).toMatchObject({ bills: 2, balance: '35.00' });
    const market = await json(`/api/billing-reports/unpaid?zoneId=${s.zones.market}&_sort=balance`);
    expect(market.rows.map((x: { balance: string }) => x.balance)).toEqual(['55.00', '33.00', '12.50', '10.00', '5.00']);
    expect((await json(`/api/billing-reports/unpaid?customerId=${s.customers.c5}`)).rows.map((x: { billNo: string }) => x.billNo)).toEqual(['CT-000002']);
    const bad = await get('/api/billing-reports/unpaid?minAmount=-5');
    expect(bad.json().details).toEqual([{ field: 'minAmount', message: 'Enter an amount such as 1250.50.' }]);
  });
});

describe('received payments', () => {
  it('lists the posted payments with totals by account and method', async () => {
    const r = await json('/api/billing-reports/received-payments?startDate=2025-01-01&endDate=2025-12-31');
    expect(r.rows.map((x: Record<string, string>) => [x.receiptNo, x.date, x.name, x.method, x.amount, x.allocated, x.unallocated])).toEqual([
      ['RC-000001', '2025-01-20', 'Hotel Jazeera', 'mobile_money', '12.00', '12.00', '0.00'],
      ['RC-000002', '2025-02-10', 'Amina Warsame', 'cash', '10.00', '10.00', '0.00'],
      // 50.00 to the bill, 5.00 to the balance c4 transferred to c2 (an open item since migration 0046).
      ['RC-000003', '2025-03-20', 'Bashir Cilmi', 'cash', '80.00', '55.00', '25.00'],
    ]);
    expect(r.totals).toEqual({ payments: 3, amount: '102.00', allocated: '77.00', unallocated: '25.00' });
    expect(r.byAccount).toEqual([
      { accountId: s.accounts.cash, code: '1010', name: 'Cash on hand', payments: 2, amount: '90.00' },
      { accountId: s.accounts.evcPlus, code: '1040', name: 'EVC Plus', payments: 1, amount: '12.00' },
    ]);
    expect(r.byMethod).toEqual([
      { method: 'cash', payments: 2, amount: '90.00' },
      { method: 'mobile_money', payments: 1, amount: '12.00' },
    ]);
    const range = 'startDate=2025-01-01&endDate=2025-12-31';
    expect((await json(`/api/billing-reports/received-payments?${range}&method=cash`)).totals.amount).toBe('90.00');
    expect((await json(`/api/billing-reports/received-payments?${range}&accountId=${s.accounts.evcPlus}`)).totals.payments).toBe(1);
    expect((await json(`/api/billing-reports/received-payments?${range}&zoneId=${s.zones.north}`)).totals.amount).toBe('90.00');
    expect((await json(`/api/billing-reports/received-payments?${range}&customerId=${s.customers.c2}`)).totals.amount).toBe('80.00');
    expect((await json('/api/billing-reports/received-payments?startDate=2025-04-01&endDate=2025-04-30')).totals.payments).toBe(0);
  });
});

describe('revenue by tariff class', () => {
  it('adds up the bills of a period per class and tariff', async () => {
    const r = await json('/api/billing-reports/revenue-by-class?startDate=2025-01-01&endDate=2025-03-31');
    expect(r.rows).toEqual([
      {
        customerClass: 'commercial',
        bills: 2,
        customers: 1,
        consumption: '70',
        subtotal: '80.00',
        tax: '8.00',
        amount: '88.00',
        tariffs: [expect.objectContaining({ name: 'Commercial', bills: 2, amount: '88.00' })],
      },
      {
        customerClass: 'residential',
        bills: 5,
        customers: 3,
        consumption: '110',
        subtotal: '120.00',
        tax: '0.00',
        amount: '120.00',
        tariffs: [expect.objectContaining({ name: 'Residential', bills: 5, customers: 3, amount: '120.00' })],
      },
    ]);
    expect(r.totals).toEqual({ bills: 7, customers: 4, consumption: '180', subtotal: '200.00', tax: '8.00', amount: '208.00' });
    const market = await json(`/api/billing-reports/revenue-by-class?startDate=2025-01-01&endDate=2025-03-31&zoneId=${s.zones.market}`);
    expect(market.totals).toMatchObject({ bills: 3, amount: '98.00' });
  });
});

describe('billing dashboard', () => {
  it('shows a month: billed, collected, rate, outstanding, zones and twelve months', async () => {
    const r = await json('/api/billing-reports/dashboard?month=2025-03');
    // The rate sets March's collections against February's bills (due in March): 80.00 / 75.00.
    expect(r).toMatchObject({
      month: '2025-03',
      billed: '40.00',
      collected: '80.00',
      collectionRate: '106.7',
      rateMonth: '2025-02',
      rateBilled: '75.00',
      outstanding: '128.00',
      consumptionMonth: '2025-03',
    });
    expect(r.consumptionByZone).toEqual([
      { zoneId: s.zones.market, name: 'Market', consumption: '8', billed: '10.00' },
      { zoneId: s.zones.north, name: 'North', consumption: '28', billed: '30.00' },
    ]);
    expect(r.months).toHaveLength(12);
    expect(r.months[0].month).toBe('2024-04');
    expect(r.months.slice(-4)).toEqual([
      { month: '2024-12', billed: '22.00', collected: '0.00' },
      { month: '2025-01', billed: '93.00', collected: '12.00' },
      { month: '2025-02', billed: '75.00', collected: '10.00' },
      { month: '2025-03', billed: '40.00', collected: '80.00' },
    ]);
    const now = await json('/api/billing-reports/dashboard');
    expect(now).toMatchObject({
      billed: '0.00',
      collected: '0.00',
      collectionRate: null,
      outstanding: '150.50',
      consumptionMonth: null,
      consumptionByZone: [],
    });
    // A month without bills of its own shows the consumption of the latest billed month.
    const may = await json('/api/billing-reports/dashboard?month=2025-05');
    expect(may).toMatchObject({ billed: '0.00', consumptionMonth: '2025-04', rateMonth: '2025-04', rateBilled: '10.00', collectionRate: '0.0' });
    expect(may.consumptionByZone).toEqual([{ zoneId: s.zones.north, name: 'North', consumption: '8', billed: '10.00' }]);
  });
});
