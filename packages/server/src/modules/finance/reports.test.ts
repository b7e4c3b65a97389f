import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { inTenant } from '../../db/tenant.ts';
import { CLOSING_SOURCE_TYPE, postJournal } from '../../ledger/index.ts';
import { accountsByCode } from '../../ledger/ledger-test-kit.ts';
import { staffToken } from './finance-test-kit.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let acc: Record<string, number>;

const api = (url: string, token = org.token, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });

/** A small year of a water company, in dates order. */
async function seedBooks() {
  const entries: Array<[string, string, Array<[string, 'debit' | 'credit', string]>]> = [
    [
      '2024-12-31',
      'Capital paid in',
      [
        ['1030', 'debit', '10000.00'],
        ['3010', 'credit', '10000.00'],
      ],
    ],
    [
      '2025-01-05',
      'Water bills January',
      [
        ['1100', 'debit', '2500.00'],
        ['4010', 'credit', '2500.00'],
      ],
    ],
    [
      '2025-01-10',
      'EVC Plus collections',
      [
        ['1040', 'debit', '1800.00'],
        ['1100', 'credit', '1800.00'],
      ],
    ],
    [
      '2025-01-15',
      'Generator fuel',
      [
        ['5020', 'debit', '600.00'],
        ['1030', 'credit', '600.00'],
      ],
    ],
    [
      '2025-01-31',
      'January salaries',
      [
        ['6010', 'debit', '900.00'],
        ['2100', 'credit', '900.00'],
      ],
    ],
    [
      '2025-02-03',
      'Salaries paid',
      [
        ['2100', 'debit', '900.00'],
        ['1030', 'credit', '900.00'],
      ],
    ],
    [
      '2025-02-05',
      'Connection fees',
      [
        ['1010', 'debit', '150.00'],
        ['4030', 'credit', '150.00'],
      ],
    ],
    [
      '2025-02-20',
      'Pump bought on credit',
      [
        ['1430', 'debit', '4000.00'],
        ['2010', 'credit', '4000.00'],
      ],
    ],
  ];
  for (const [date, memo, lines] of entries) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/finance/transaction',
      headers: bearer(org.token),
      payload: { date, memo, lines: lines.map(([code, side, amount]) => ({ accountId: acc[code], [side]: amount })) },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
  }
}

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Reports Water' });
  acc = await accountsByCode(ctx.database.db, org.clientId);
  await seedBooks();
});
afterAll(() => ctx.close());

type Row = { code: string; debit: string; credit: string; openingDebit: string; openingCredit: string; movementDebit: string; movementCredit: string };

describe('trial balance', () => {
  it('balances, with each account net in one column', async () => {
    const res = await api('/api/finance/reports/trial-balance?endDate=2025-12-31');
    expect(res.statusCode).toBe(200);
    const tb = res.json();
    expect(tb.totals).toMatchObject({ debit: '16650.00', credit: '16650.00' });
    const byCode = Object.fromEntries(tb.rows.map((r: Row) => [r.code, [r.debit, r.credit]]));
    expect(byCode).toEqual({
      '1010': ['150.00', '0.00'],
      '1030': ['8500.00', '0.00'],
      '1040': ['1800.00', '0.00'],
      '1100': ['700.00', '0.00'],
      '1430': ['4000.00', '0.00'],
      '2010': ['0.00', '4000.00'],
      '2100': ['0.00', '0.00'],
      '3010': ['0.00', '10000.00'],
      '4010': ['0.00', '2500.00'],
      '4030': ['0.00', '150.00'],
      '5020': ['600.00', '0.00'],
      '6010': ['900.00', '0.00'],
    });
  });

  it('splits opening balance and movements at the start date; every pair of totals is equal', async () => {
    const tb = (await api('/api/finance/reports/trial-balance?startDate=2025-02-01&endDate=2025-02-28')).json();
    expect(tb.totals).toEqual({
      debit: '16650.00',
      credit: '16650.00',
      opening: { debit: '13400.00', credit: '13400.00' },
      movement: { debit: '5050.00', credit: '5050.00' },
    });
    const bank = tb.rows.find((r: Row) => r.code === '1030');
    expect(bank).toMatchObject({
      openingDebit: '9400.00',
      openingCredit: '0.00',
      movementDebit: '0.00',
      movementCredit: '900.00',
      debit: '8500.00',
      credit: '0.00',
    });
    const january = (await api('/api/finance/reports/trial-balance?endDate=2025-01-31', org.token, { 'x-lang': 'so' })).json();
    expect(january.totals.debit).toBe(january.totals.credit);
    expect(january.rows.find((r: Row) => r.code === '4010').name).toBe('Iibka biyaha');
    expect(january.rows.some((r: Row) => r.code === '1430')).toBe(false);
    const withZero = (await api('/api/finance/reports/trial-balance?includeZero=true')).json();
    expect(withZero.rows.length).toBeGreaterThan(50);
  });
});

describe('income statement and balance sheet', () => {
  it('reports income, expenses and net income for a period', async () => {
    const res = await api('/api/finance/incomestatement?startDate=2025-01-01&endDate=2025-12-31');
    expect(res.statusCode).toBe(200);
    const is = res.json();
    expect(is.income.map((r: { code: string; amount: string }) => [r.code, r.amount])).toEqual([
      ['4010', '2500.00'],
      ['4030', '150.00'],
    ]);
    expect(is.expenses.map((r: { code: string; amount: string }) => [r.code, r.amount])).toEqual([
      ['5020', '600.00'],
      ['6010', '900.00'],
    ]);
    expect(is).toMatchObject({ totals: { income: '2650.00', expenses: '1500.00' }, netIncome: '1150.00' });
    const february = (await api('/api/finance/incomestatement?startDate=2025-02-01&endDate=2025-02-28')).json();
    expect(february).toMatchObject({ totals: { income: '150.00', expenses: '0.00' }, netIncome: '150.00' });
  });

  it('keeps assets = liabilities + equity, with current-year earnings in equity', async () => {
    const res = await api('/api/finance/balancesheet?date=2025-12-31');
    expect(res.statusCode).toBe(200);
    const bs = res.json();
    expect(bs.totals).toEqual({ assets: '15150.00', liabilities: '4000.00', equity: '11150.00', liabilitiesAndEquity: '15150.00' });
    expect(bs.isBalanced).toBe(true);
    expect(bs.equity).toEqual([
      { accountId: acc['3010'], code: '3010', name: "Owner's capital", subtype: 'capital', parentId: null, amount: '10000.00' },
      { accountId: null, code: '', name: 'Current year earnings', subtype: null, parentId: null, amount: '1150.00' },
    ]);
    const early = (await api('/api/finance/balancesheet?date=2025-01-12')).json();
    expect(early.totals).toMatchObject({ assets: '12500.00', liabilitiesAndEquity: '12500.00' });
    expect(early.isBalanced).toBe(true);
  });

  it('leaves year-end closing entries out of the income statement; the balance sheet still balances', async () => {
    const closing = await newOrganisation(ctx);
    const cacc = await accountsByCode(ctx.database.db, closing.clientId);
    await inTenant(ctx.database.db, closing.clientId, async (tx) => {
      const post = (date: string, sourceType: string, lines: Array<[string, 'debit' | 'credit', string]>) =>
        postJournal(tx, {
          clientId: closing.clientId,
          date,
          sourceType,
          lines: lines.map(([code, side, amount]) => ({ accountId: cacc[code], [side]: amount })),
        });
      await post('2025-03-01', 'journal', [
        ['1010', 'debit', '500.00'],
        ['4010', 'credit', '500.00'],
      ]);
      await post('2025-04-01', 'journal', [
        ['6120', 'debit', '200.00'],
        ['1010', 'credit', '200.00'],
      ]);
      await post('2025-12-31', CLOSING_SOURCE_TYPE, [
        ['4010', 'debit', '500.00'],
        ['6120', 'credit', '200.00'],
        ['3100', 'credit', '300.00'],
      ]);
    });
    const is = (await api('/api/finance/incomestatement?startDate=2025-01-01&endDate=2025-12-31', closing.token)).json();
    expect(is).toMatchObject({ totals: { income: '500.00', expenses: '200.00' }, netIncome: '300.00' });
    const bs = (await api('/api/finance/balancesheet?date=2025-12-31', closing.token)).json();
    expect(bs.equity).toEqual([
      { accountId: cacc['3100'], code: '3100', name: 'Retained earnings', subtype: 'retained_earnings', parentId: null, amount: '300.00' },
    ]);
    expect(bs.totals).toMatchObject({ assets: '300.00', liabilitiesAndEquity: '300.00' });
    expect(bs.isBalanced).toBe(true);
  });
});

describe('account statement', () => {
  it('starts from the opening balance and runs the balance line by line, across pages', async () => {
    const res = await api(`/api/finance/reports/account-transaction?accountId=${acc['1030']}&startDate=2025-01-01&endDate=2025-12-31`);
    expect(res.statusCode).toBe(200);
    const st = res.json();
    expect(st).toMatchObject({
      account: { id: acc['1030'], code: '1030', name: 'Bank account', type: 'asset' },
      openingBalance: '10000.00',
      totals: { debit: '0.00', credit: '1500.00' },
      closingBalance: '8500.00',
      total: 2,
    });
    expect(
      st.lines.map((l: { date: string; memo: string; debit: string; credit: string; balance: string }) => [l.date, l.memo, l.debit, l.credit, l.balance]),
    ).toEqual([
      ['2025-01-15', 'Generator fuel', '0.00', '600.00', '9400.00'],
      ['2025-02-03', 'Salaries paid', '0.00', '900.00', '8500.00'],
    ]);
    const page2 = (await api(`/api/finance/reports/account-transaction?accountId=${acc['1030']}&_page=2&_limit=2`)).json();
    expect(page2).toMatchObject({ openingBalance: '0.00', total: 3, page: 2, closingBalance: '8500.00' });
    expect(page2.lines.map((l: { balance: string }) => l.balance)).toEqual(['8500.00']);
  });

  it('gives every page of a busy account the same lines and running balances as one long page', async () => {
    // A separate organisation: 23 lines on one account over 6 days (several a day, some days empty),
    // so pages start in the middle of days, on day boundaries and on the first and last lines.
    const busy = await newOrganisation(ctx);
    const bacc = await accountsByCode(ctx.database.db, busy.clientId);
    await inTenant(ctx.database.db, busy.clientId, async (tx) => {
      const days = ['2025-03-01', '2025-03-01', '2025-03-01', '2025-03-04', '2025-03-04', '2025-03-05', '2025-03-09'];
      for (let i = 0; i < 23; i++) {
        const amount = `${((i * 37) % 500) + 1}.${String(i % 100).padStart(2, '0')}`;
        const isIn = i % 3 !== 2;
        await postJournal(tx, {
          clientId: busy.clientId,
          date: i === 0 ? '2025-02-27' : days[i % days.length],
          sourceType: 'journal',
          memo: `line ${i}`,
          lines: [
            { accountId: bacc['1010'], [isIn ? 'debit' : 'credit']: amount },
            { accountId: bacc['4010'], [isIn ? 'credit' : 'debit']: amount },
          ],
        });
      }
    });
    const url = (page: number, limit: number) =>
      `/api/finance/reports/account-transaction?accountId=${bacc['1010']}&startDate=2025-02-28&endDate=2025-03-31&_page=${page}&_limit=${limit}`;
    const all = (await api(url(1, 1000), busy.token)).json();
    expect(all.total).toBe(22);
    const key = (l: { lineId: number; balance: string }) => `${l.lineId}:${l.balance}`;
    for (const limit of [1, 2, 3, 4, 5, 7, 22, 25]) {
      const lines: string[] = [];
      for (let page = 1; page <= Math.ceil(22 / limit) + 1; page++) {
        const res = (await api(url(page, limit), busy.token)).json();
        expect(res).toMatchObject({ openingBalance: all.openingBalance, closingBalance: all.closingBalance, total: 22 });
        lines.push(...res.lines.map(key));
      }
      expect([limit, lines]).toEqual([limit, all.lines.map(key)]);
    }
  });

  it('shows a liability in its natural (credit) sign', async () => {
    const st = (await api(`/api/finance/reports/account-transaction?accountId=${acc['2100']}`)).json();
    expect(st.lines.map((l: { balance: string }) => l.balance)).toEqual(['900.00', '0.00']);
    expect(st.closingBalance).toBe('0.00');
  });

  it('answers 404 for an account of another organisation', async () => {
    const other = await newOrganisation(ctx);
    expect((await api(`/api/finance/reports/account-transaction?accountId=${acc['1030']}`, other.token)).statusCode).toBe(404);
  });
});

describe('report privileges and isolation', () => {
  it('gives each report to its own privilege only', async () => {
    const tbOnly = await staffToken(ctx, org, ['trail-balance']);
    expect((await api('/api/finance/reports/trial-balance', tbOnly)).statusCode).toBe(200);
    for (const url of [
      '/api/finance/incomestatement',
      '/api/finance/balancesheet',
      `/api/finance/reports/account-transaction?accountId=${acc['1030']}`,
      '/api/finance/reports/journal',
    ]) {
      const res = await api(url, tbOnly);
      expect([url, res.statusCode, res.json().code]).toEqual([url, 403, 'FORBIDDEN']);
    }
  });

  it('shows another organisation none of these books', async () => {
    const other = await newOrganisation(ctx);
    const tb = (await api('/api/finance/reports/trial-balance', other.token)).json();
    expect(tb.rows).toEqual([]);
    expect(tb.totals.debit).toBe('0.00');
    const bs = (await api('/api/finance/balancesheet?date=2025-12-31', other.token)).json();
    expect(bs.totals.assets).toBe('0.00');
    const is = (await api('/api/finance/incomestatement', other.token)).json();
    expect([is.income, is.expenses]).toEqual([[], []]);
  });
});
