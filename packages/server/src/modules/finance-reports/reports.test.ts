// Account summary, account type summary, cash flow, revenue and personal account reports against a
// small set of hand-computed postings (figures worked out in the comments), plus privileges and isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { CLOSING_SOURCE_TYPE, Decimal } from '../../ledger/index.ts';
import { accountsByCode, ledgerCounts } from '../../ledger/ledger-test-kit.ts';
import { staffToken } from '../finance/finance-test-kit.ts';
import { allocate } from './cash-flow.ts';
import { createCustomer, postEntries } from './finance-reports-test-kit.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let acc: Record<string, number>;
let c1: number;
let c2: number;

const get = (url: string, token = org.token, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Hodan Water' });
  acc = await accountsByCode(ctx.database.db, org.clientId);
  c1 = await createCustomer(ctx, org.token, 'Faadumo Cali');
  c2 = await createCustomer(ctx, org.token, 'Maxamed Nuur');
  await postEntries(ctx, org.clientId, acc, [
    {
      date: '2024-12-31',
      memo: 'Capital paid in',
      lines: [
        ['1030', 'debit', '10000.00'],
        ['3010', 'credit', '10000.00'],
      ],
    },
    {
      date: '2025-01-05',
      memo: 'Water bills',
      lines: [
        ['1100', 'debit', '2000.00', ['customer', c1]],
        ['1100', 'debit', '1000.00', ['customer', c2]],
        ['4010', 'credit', '3000.00'],
      ],
    },
    // Receipt net of a 100.00 discount: cash +1900 comes from the receivable only.
    {
      date: '2025-01-10',
      memo: 'EVC Plus receipt',
      lines: [
        ['1040', 'debit', '1900.00'],
        ['4090', 'debit', '100.00'],
        ['1100', 'credit', '2000.00', ['customer', c1]],
      ],
    },
    // Bank to cash transfer with a 5.00 charge: only the charge leaves the cash accounts.
    {
      date: '2025-01-12',
      memo: 'Cash withdrawal',
      lines: [
        ['1010', 'debit', '500.00'],
        ['6170', 'debit', '5.00'],
        ['1030', 'credit', '505.00'],
      ],
    },
    {
      date: '2025-01-15',
      memo: 'Generator fuel',
      lines: [
        ['5020', 'debit', '600.00'],
        ['1030', 'credit', '600.00'],
      ],
    },
    {
      date: '2025-01-31',
      memo: 'January salaries',
      lines: [
        ['6010', 'debit', '900.00'],
        ['2100', 'credit', '900.00'],
      ],
    },
    {
      date: '2025-02-03',
      memo: 'Salaries paid',
      lines: [
        ['2100', 'debit', '900.00'],
        ['1030', 'credit', '900.00'],
      ],
    },
    {
      date: '2025-02-05',
      memo: 'Connection fee',
      lines: [
        ['1010', 'debit', '150.00'],
        ['4030', 'credit', '150.00'],
      ],
    },
    {
      date: '2025-02-10',
      memo: 'Bank receipt',
      lines: [
        ['1030', 'debit', '700.00'],
        ['1100', 'credit', '700.00', ['customer', c2]],
      ],
    },
    // Cash 100.01 against income 150.00, the rest on account: shared 2:1 -> 66.67 and 33.34 (the spare cent to the larger remainder).
    {
      date: '2025-02-14',
      memo: 'Counter sale',
      lines: [
        ['1010', 'debit', '100.01'],
        ['1100', 'debit', '49.99', ['customer', c2]],
        ['4010', 'credit', '100.00'],
        ['4030', 'credit', '50.00'],
      ],
    },
    // Pump: 1500.00 paid, 2500.00 on credit -> investing outflow 1500.00.
    {
      date: '2025-02-20',
      memo: 'Pump',
      lines: [
        ['1430', 'debit', '4000.00'],
        ['1030', 'credit', '1500.00'],
        ['2010', 'credit', '2500.00', ['vendor', 7]],
      ],
    },
    {
      date: '2025-02-25',
      memo: 'Bank loan',
      lines: [
        ['1030', 'debit', '5000.00'],
        ['2400', 'credit', '5000.00'],
      ],
    },
    {
      date: '2025-03-01',
      memo: 'Vendor paid',
      lines: [
        ['2010', 'debit', '1000.00', ['vendor', 7]],
        ['1030', 'credit', '1000.00'],
      ],
    },
    {
      date: '2025-03-05',
      memo: 'Deposit',
      lines: [
        ['1040', 'debit', '200.00'],
        ['2300', 'credit', '200.00', ['customer', c2]],
      ],
    },
    {
      date: '2025-03-15',
      memo: 'Water sales',
      lines: [
        ['1040', 'debit', '400.00'],
        ['4010', 'credit', '400.00'],
      ],
    },
    {
      date: '2025-03-31',
      memo: 'Year-end closing',
      sourceType: CLOSING_SOURCE_TYPE,
      lines: [
        ['4010', 'debit', '3500.00'],
        ['4030', 'debit', '200.00'],
        ['4090', 'credit', '100.00'],
        ['5020', 'credit', '600.00'],
        ['6010', 'credit', '900.00'],
        ['6170', 'credit', '5.00'],
        ['3100', 'credit', '2095.00'],
      ],
    },
  ]);
});
afterAll(() => ctx.close());

type SummaryRow = { code: string; opening: string; debit: string; credit: string; closing: string };

describe('account summary', () => {
  it('gives each account its opening, period debits and credits and closing balance in its natural sign', async () => {
    const res = await get('/api/finance/reports/account-summary?startDate=2025-01-01&endDate=2025-02-28');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.rows.map((r: SummaryRow) => [r.code, r.opening, r.debit, r.credit, r.closing])).toEqual([
      ['1010', '0.00', '750.01', '0.00', '750.01'],
      ['1030', '10000.00', '5700.00', '3505.00', '12195.00'],
      ['1040', '0.00', '1900.00', '0.00', '1900.00'],
      ['1100', '0.00', '3049.99', '2700.00', '349.99'],
      ['1430', '0.00', '4000.00', '0.00', '4000.00'],
      ['2010', '0.00', '0.00', '2500.00', '2500.00'],
      ['2100', '0.00', '900.00', '900.00', '0.00'],
      ['2400', '0.00', '0.00', '5000.00', '5000.00'],
      ['3010', '10000.00', '0.00', '0.00', '10000.00'],
      ['4010', '0.00', '0.00', '3100.00', '3100.00'],
      ['4030', '0.00', '0.00', '200.00', '200.00'],
      ['4090', '0.00', '100.00', '0.00', '-100.00'],
      ['5020', '0.00', '600.00', '0.00', '600.00'],
      ['6010', '0.00', '900.00', '0.00', '900.00'],
      ['6170', '0.00', '5.00', '0.00', '5.00'],
    ]);
    // Every debit has its credit; balances of different types are not added up.
    expect(body.totals).toEqual({ debit: '17905.00', credit: '17905.00', opening: null, closing: null });
    expect(body.rows[0]).toMatchObject({ accountId: acc['1010'], name: 'Cash on hand', type: 'asset', subtype: 'cash' });
  });

  it('totals opening and closing for one type; includeZero lists the quiet accounts too', async () => {
    const assets = (await get('/api/finance/reports/account-summary?startDate=2025-01-01&endDate=2025-02-28&type=asset')).json();
    expect(assets.rows.map((r: SummaryRow) => r.code)).toEqual(['1010', '1030', '1040', '1100', '1430']);
    expect(assets.totals).toEqual({ debit: '15400.00', credit: '6205.00', opening: '10000.00', closing: '19195.00' });
    const all = (await get('/api/finance/reports/account-summary?startDate=2025-01-01&endDate=2025-02-28&type=asset&includeZero=true')).json();
    expect(all.rows.length).toBeGreaterThan(15);
    expect(all.totals).toEqual(assets.totals);
  });

  it('names the faulty fields: dates required, real and ordered', async () => {
    const missing = await get('/api/finance/reports/account-summary?endDate=2025-02-30');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual(
      expect.arrayContaining([
        { field: 'startDate', message: 'Field is required.' },
        { field: 'endDate', message: 'Enter a date as YYYY-MM-DD.' },
      ]),
    );
    const reversed = await get('/api/finance/reports/account-summary?startDate=2025-03-01&endDate=2025-01-01', org.token, { 'x-lang': 'so' });
    expect(reversed.json().details).toEqual([{ field: 'endDate', message: 'Taariikhda dhammaadku kama horrayn karto taariikhda bilowga.' }]);
  });
});

describe('account type summary', () => {
  it('adds up each type and subtype; the accounting equation holds at opening and closing', async () => {
    const res = await get('/api/finance/reports/account-types?startDate=2025-01-01&endDate=2025-02-28');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const figures = (x: { opening: string; debit: string; credit: string; closing: string }) => [x.opening, x.debit, x.credit, x.closing];
    expect(body.types.map((t: { type: string } & SummaryRow) => [t.type, ...figures(t)])).toEqual([
      ['asset', '10000.00', '15400.00', '6205.00', '19195.00'],
      ['liability', '0.00', '900.00', '8400.00', '7500.00'],
      ['equity', '10000.00', '0.00', '0.00', '10000.00'],
      ['income', '0.00', '100.00', '3300.00', '3200.00'],
      ['expense', '0.00', '1505.00', '0.00', '1505.00'],
    ]);
    const asset = body.types[0];
    expect(asset.name).toBe('Assets');
    expect(asset.subtypes.map((s: { subtype: string; accounts: number } & SummaryRow) => [s.subtype, s.accounts, ...figures(s)])).toEqual([
      ['cash', 1, '0.00', '750.01', '0.00', '750.01'],
      ['bank', 1, '10000.00', '5700.00', '3505.00', '12195.00'],
      ['mobile_money', 1, '0.00', '1900.00', '0.00', '1900.00'],
      ['receivable', 1, '0.00', '3049.99', '2700.00', '349.99'],
      ['fixed_asset', 1, '0.00', '4000.00', '0.00', '4000.00'],
    ]);
    const income = body.types[3];
    expect(income.subtypes.map((s: { subtype: string; accounts: number; closing: string }) => [s.subtype, s.accounts, s.closing])).toEqual([
      ['revenue', 2, '3300.00'],
      ['sales_discount', 1, '-100.00'],
    ]);
    expect(body.totals).toEqual({ debit: '17905.00', credit: '17905.00' });
    expect(body.isBalanced).toBe(true);
    const so = (await get('/api/finance/reports/account-types?startDate=2025-01-01&endDate=2025-02-28', org.token, { 'x-lang': 'so' })).json();
    expect(so.types[0].subtypes[2].name).toBe('Lacagta mobilka');
  });
});

describe('cash flow statement', () => {
  it('explains the change in cash by activity and counter-account, and closes', async () => {
    const res = await get('/api/finance/reports/cash-flow?startDate=2025-01-01&endDate=2025-02-28');
    expect(res.statusCode).toBe(200);
    const cf = res.json();
    expect(cf).toMatchObject({
      openingCash: '10000.00',
      totals: { inflow: '7850.01', outflow: '3005.00', net: '4845.01' },
      closingCash: '14845.01',
      isBalanced: true,
    });
    const flows = cf.activities.map(
      (a: {
        activity: string;
        inflow: string;
        outflow: string;
        net: string;
        groups: Array<{ group: string; inflow: string; outflow: string; accounts: Array<{ code: string; inflow: string; outflow: string }> }>;
      }) => ({
        activity: a.activity,
        totals: [a.inflow, a.outflow, a.net],
        groups: a.groups.map((g) => [g.group, g.inflow, g.outflow, g.accounts.map((x) => [x.code, x.inflow, x.outflow])]),
      }),
    );
    expect(flows).toEqual([
      {
        activity: 'operating',
        totals: ['2850.01', '1505.00', '1345.01'],
        groups: [
          ['receivable', '2600.00', '0.00', [['1100', '2600.00', '0.00']]],
          ['payroll_payable', '0.00', '900.00', [['2100', '0.00', '900.00']]],
          [
            'income',
            '250.01',
            '0.00',
            [
              ['4010', '66.67', '0.00'],
              ['4030', '183.34', '0.00'],
            ],
          ],
          [
            'expense',
            '0.00',
            '605.00',
            [
              ['5020', '0.00', '600.00'],
              ['6170', '0.00', '5.00'],
            ],
          ],
        ],
      },
      { activity: 'investing', totals: ['0.00', '1500.00', '-1500.00'], groups: [['fixed_asset', '0.00', '1500.00', [['1430', '0.00', '1500.00']]]] },
      { activity: 'financing', totals: ['5000.00', '0.00', '5000.00'], groups: [['loan', '5000.00', '0.00', [['2400', '5000.00', '0.00']]]] },
    ]);
    expect(cf.cashAccounts.map((a: { code: string; opening: string; closing: string }) => [a.code, a.opening, a.closing])).toEqual([
      ['1010', '0.00', '750.01'],
      ['1030', '10000.00', '12195.00'],
      ['1040', '0.00', '1900.00'],
    ]);
    expect(cf.activities[0].name).toBe('Operating activities');
  });

  it('starts the next period where the last one closed', async () => {
    const march = (await get('/api/finance/reports/cash-flow?startDate=2025-03-01&endDate=2025-03-31')).json();
    expect(march).toMatchObject({
      openingCash: '14845.01',
      totals: { inflow: '600.00', outflow: '1000.00', net: '-400.00' },
      closingCash: '14445.01',
      isBalanced: true,
    });
    expect(march.activities[0].groups.map((g: { group: string; net: string }) => [g.group, g.net])).toEqual([
      ['payable', '-1000.00'],
      ['customer_deposit', '200.00'],
      ['income', '400.00'],
    ]);
    const quiet = (await get('/api/finance/reports/cash-flow?startDate=2024-06-01&endDate=2024-06-30')).json();
    expect(quiet).toMatchObject({ openingCash: '0.00', closingCash: '0.00', totals: { net: '0.00' }, isBalanced: true });
  });

  it('shares a mixed entry to the cent, the spare cents to the largest remainders', () => {
    const d = (xs: string[]) => xs.map((x) => new Decimal(x));
    expect(allocate(new Decimal('100.01'), d(['100.00', '50.00'])).map(String)).toEqual(['66.67', '33.34']);
    expect(allocate(new Decimal('1.00'), d(['1', '1', '1'])).map((x) => x.toFixed(2))).toEqual(['0.34', '0.33', '0.33']);
    expect(allocate(new Decimal('10.00'), d(['3.00', '7.00'])).map((x) => x.toFixed(2))).toEqual(['3.00', '7.00']);
  });
});

describe('revenue report', () => {
  it('lists income accounts by month with row and column totals; closing entries are left out', async () => {
    const res = await get('/api/finance/reports/revenue?startDate=2025-01-01&endDate=2025-03-31&groupBy=account');
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r.columns.map((c: { key: string }) => c.key)).toEqual(['2025-01', '2025-02', '2025-03']);
    expect(r.rows.map((x: { code: string; amounts: string[]; total: string }) => [x.code, ...x.amounts, x.total])).toEqual([
      ['4010', '3000.00', '100.00', '400.00', '3500.00'],
      ['4030', '0.00', '200.00', '0.00', '200.00'],
      ['4090', '-100.00', '0.00', '0.00', '-100.00'],
    ]);
    expect(r.totals).toEqual({ amounts: ['2900.00', '300.00', '400.00'], total: '3600.00' });
  });

  it('transposes with groupBy=month: a row per month, a column per account, the same totals', async () => {
    const r = (await get('/api/finance/reports/revenue?startDate=2025-01-01&endDate=2025-03-31&groupBy=month')).json();
    expect(r.columns.map((c: { code: string }) => c.code)).toEqual(['4010', '4030', '4090']);
    expect(r.rows.map((x: { month: string; amounts: string[]; total: string }) => [x.month, ...x.amounts, x.total])).toEqual([
      ['2025-01', '3000.00', '0.00', '-100.00', '2900.00'],
      ['2025-02', '100.00', '200.00', '0.00', '300.00'],
      ['2025-03', '400.00', '0.00', '0.00', '400.00'],
    ]);
    expect(r.totals).toEqual({ amounts: ['3500.00', '200.00', '-100.00'], total: '3600.00' });
  });

  it('refuses a period of more than 60 months', async () => {
    const res = await get('/api/finance/reports/revenue?startDate=2020-01-01&endDate=2025-01-31');
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'endDate', message: 'The period can span at most 60 months.' }]);
  });
});

describe('personal account', () => {
  type Line = { date: string; accountCode: string; debit: string; credit: string; balance: string };
  it('follows one customer across accounts with opening, running and closing balance', async () => {
    const res = await get(`/api/finance/reports/personalaccount?partyType=customer&partyId=${c2}`);
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({
      party: { type: 'customer', id: c2, name: 'Maxamed Nuur' },
      balanceSide: 'debit',
      openingBalance: '0.00',
      totals: { debit: '1049.99', credit: '900.00' },
      closingBalance: '149.99',
      total: 4,
    });
    expect(p.lines.map((l: Line) => [l.date, l.accountCode, l.debit, l.credit, l.balance])).toEqual([
      ['2025-01-05', '1100', '1000.00', '0.00', '1000.00'],
      ['2025-02-10', '1100', '0.00', '700.00', '300.00'],
      ['2025-02-14', '1100', '49.99', '0.00', '349.99'],
      ['2025-03-05', '2300', '0.00', '200.00', '149.99'],
    ]);
    const ranged = (await get(`/api/finance/reports/personalaccount?partyType=customer&partyId=${c2}&startDate=2025-02-01&endDate=2025-02-28`)).json();
    expect(ranged).toMatchObject({ openingBalance: '1000.00', totals: { debit: '49.99', credit: '700.00' }, closingBalance: '349.99', total: 2 });
    const page2 = (await get(`/api/finance/reports/personalaccount?partyType=customer&partyId=${c2}&_page=2&_limit=3`)).json();
    expect(page2.lines.map((l: Line) => l.balance)).toEqual(['149.99']);
  });

  it('shows a vendor on the credit side (what the organisation owes)', async () => {
    const v = (await get('/api/finance/reports/personalaccount?partyType=vendor&partyId=7')).json();
    expect(v).toMatchObject({ party: { type: 'vendor', id: 7, name: null }, balanceSide: 'credit', closingBalance: '1500.00' });
    expect(v.lines.map((l: Line) => l.balance)).toEqual(['2500.00', '1500.00']);
  });

  it('offers the parties to pick: customers from the register by name, number or id, vendors by the ids on the lines', async () => {
    const parties = async (query: string, token = org.token) => (await get(`/api/finance/reports/personalaccount/parties?${query}`, token)).json();
    const all = await parties('partyType=customer');
    expect(all.data.map((p: { id: number; name: string }) => [p.id, p.name])).toEqual([
      [c1, 'Faadumo Cali'],
      [c2, 'Maxamed Nuur'],
    ]);
    expect(all.data[0]).toMatchObject({ type: 'customer', number: expect.any(String) });
    expect((await parties('partyType=customer&q=nuur')).data.map((p: { id: number }) => p.id)).toEqual([c2]);
    expect((await parties(`partyType=customer&q=${all.data[0].number}`)).data.map((p: { id: number }) => p.id)).toEqual([c1]);
    expect((await parties('partyType=vendor')).data).toEqual([{ type: 'vendor', id: 7, name: null, number: null }]);
    expect((await parties('partyType=vendor&q=8')).data).toEqual([]);
    expect((await parties('partyType=employee')).data).toEqual([]);
    const other = await newOrganisation(ctx);
    expect((await parties('partyType=customer', other.token)).data).toEqual([]);
    expect((await parties('partyType=vendor', other.token)).data).toEqual([]);
    const bad = await get('/api/finance/reports/personalaccount/parties?partyType=friend', org.token, { 'x-lang': 'so' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('partyType');
  });
});

describe('names, not ids: the party of a journal line', () => {
  type NamedLine = { partyType: string | null; partyId: number | null; partyName: string | null };
  const named = (lines: NamedLine[]) => lines.filter((l) => l.partyType).map((l) => [l.partyType, l.partyId, l.partyName]);

  it('names the customer on the journal report, the entry and the account statement; vendors stay unnamed', async () => {
    const report = (await get('/api/finance/reports/journal?startDate=2025-01-05&endDate=2025-02-20')).json();
    const bills = report.data.find((e: { memo: string }) => e.memo === 'Water bills');
    expect(named(bills.lines)).toEqual([
      ['customer', c1, 'Faadumo Cali'],
      ['customer', c2, 'Maxamed Nuur'],
    ]);
    const pump = report.data.find((e: { memo: string }) => e.memo === 'Pump');
    expect(named(pump.lines)).toEqual([['vendor', 7, null]]);
    const entry = (await get(`/api/finance/transaction/${bills.id}`)).json();
    expect(named(entry.lines)).toEqual([
      ['customer', c1, 'Faadumo Cali'],
      ['customer', c2, 'Maxamed Nuur'],
    ]);
    const st = (await get(`/api/finance/reports/account-transaction?accountId=${acc['1100']}&_limit=2&_page=2`)).json();
    expect(named(st.lines)).toEqual([
      ['customer', c1, 'Faadumo Cali'],
      ['customer', c2, 'Maxamed Nuur'],
    ]);
  });

  it('offers the general journal its parties by name (GET /api/finance/parties, privilege general-journal)', async () => {
    const journalOnly = await staffToken(ctx, org, ['general-journal']);
    const res = await get('/api/finance/parties?partyType=customer&q=nuur', journalOnly);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([{ type: 'customer', id: c2, name: 'Maxamed Nuur', number: expect.any(String) }]);
    const refused = await get('/api/finance/parties?partyType=customer', await staffToken(ctx, org, ['trail-balance']));
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'FORBIDDEN']);
  });
});

describe('privileges and isolation', () => {
  it('answers 403 FORBIDDEN to a user without the report privilege, 200 with it', async () => {
    const tbOnly = await staffToken(ctx, org, ['trail-balance']);
    for (const url of [
      '/api/finance/reports/account-summary?startDate=2025-01-01&endDate=2025-02-28',
      '/api/finance/reports/account-types?startDate=2025-01-01&endDate=2025-02-28',
      '/api/finance/reports/cash-flow?startDate=2025-01-01&endDate=2025-02-28',
      '/api/finance/reports/revenue?startDate=2025-01-01&endDate=2025-02-28',
      `/api/finance/reports/personalaccount?partyType=customer&partyId=${c1}`,
      '/api/finance/reports/personalaccount/parties?partyType=customer',
      '/api/finance/reports/cash-flow/export?format=xlsx&startDate=2025-01-01&endDate=2025-02-28',
    ]) {
      const res = await get(url, tbOnly);
      expect([url, res.statusCode, res.json().code]).toEqual([url, 403, 'FORBIDDEN']);
    }
    const holders: Array<[string, string]> = [
      ['account-summary', '/api/finance/reports/account-types?startDate=2025-01-01&endDate=2025-02-28'],
      ['cash-flow-statement', '/api/finance/reports/cash-flow?startDate=2025-01-01&endDate=2025-02-28'],
      ['revenue-report', '/api/finance/reports/revenue?startDate=2025-01-01&endDate=2025-02-28'],
      ['account-transaction', `/api/finance/reports/personalaccount?partyType=customer&partyId=${c1}`],
    ];
    for (const [key, url] of holders) expect((await get(url, await staffToken(ctx, org, [key]))).statusCode).toBe(200);
  });

  it('shows another organisation none of these books, and reading changes nothing', async () => {
    const before = await ledgerCounts(ctx.database.db, org.clientId);
    const other = await newOrganisation(ctx);
    const summary = (await get('/api/finance/reports/account-summary?startDate=2025-01-01&endDate=2025-02-28', other.token)).json();
    expect(summary.rows).toEqual([]);
    const cf = (await get('/api/finance/reports/cash-flow?startDate=2025-01-01&endDate=2025-02-28', other.token)).json();
    expect(cf).toMatchObject({ openingCash: '0.00', closingCash: '0.00', totals: { net: '0.00' }, cashAccounts: [] });
    const revenue = (await get('/api/finance/reports/revenue?startDate=2025-01-01&endDate=2025-03-31', other.token)).json();
    expect(revenue.rows).toEqual([]);
    const types = (await get('/api/finance/reports/account-types?startDate=2025-01-01&endDate=2025-02-28', other.token)).json();
    expect(types.totals).toEqual({ debit: '0.00', credit: '0.00' });
    // Another organisation's customer does not exist here; its vendor id shows no lines.
    expect((await get(`/api/finance/reports/personalaccount?partyType=customer&partyId=${c2}`, other.token)).statusCode).toBe(404);
    expect((await get('/api/finance/reports/personalaccount?partyType=vendor&partyId=7', other.token)).json()).toMatchObject({ total: 0, lines: [] });
    expect(await ledgerCounts(ctx.database.db, org.clientId)).toEqual(before);
  });
});
