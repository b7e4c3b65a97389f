// Budgets: the yearly grid (GET/PUT /api/finance/budgets, upsert with field errors per line, audited) and
// budget vs actual against hand-computed postings, plus the database rule, privileges and isolation.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { queryRows } from '../../db/rows.ts';
import { inTenant } from '../../db/tenant.ts';
import { CLOSING_SOURCE_TYPE } from '../../ledger/index.ts';
import { accountsByCode } from '../../ledger/ledger-test-kit.ts';
import { staffToken } from '../finance/finance-test-kit.ts';
import { postEntries } from './finance-reports-test-kit.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let acc: Record<string, number>;

const call = (method: 'GET' | 'PUT', url: string, payload?: object, token = org.token, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, payload, headers: { ...bearer(token), ...headers } });

/** Budget rows, their audit lines, and the whole ledger's line count: what a refused write must leave alone. */
const state = (clientId = org.clientId) =>
  inTenant(ctx.database.db, clientId, async (tx) => {
    const [row] = await queryRows<{ budgets: string; audit: number; lines: number }>(
      tx,
      sql`
      select (select coalesce(string_agg(account_id || ':' || year || ':' || month || ':' || amount, ',' order by account_id, year, month), '') from budgets) as budgets,
             (select count(*) from audit_log where entity = 'budget')::int as audit,
             (select count(*) from journal_lines)::int as lines`,
    );
    return row;
  });

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Budget Power' });
  acc = await accountsByCode(ctx.database.db, org.clientId);
  await postEntries(ctx, org.clientId, acc, [
    {
      date: '2025-01-20',
      lines: [
        ['1100', 'debit', '3200.00'],
        ['4010', 'credit', '3200.00'],
      ],
    },
    {
      date: '2025-01-25',
      lines: [
        ['5020', 'debit', '600.00'],
        ['6010', 'debit', '900.00'],
        ['1030', 'credit', '1500.00'],
      ],
    },
    {
      date: '2025-02-20',
      lines: [
        ['1100', 'debit', '2650.00'],
        ['4010', 'credit', '2500.00'],
        ['4030', 'credit', '150.00'],
      ],
    },
    {
      date: '2025-02-25',
      lines: [
        ['5020', 'debit', '400.00'],
        ['1030', 'credit', '400.00'],
      ],
    },
    {
      date: '2025-03-10',
      lines: [
        ['6120', 'debit', '50.00'],
        ['1010', 'credit', '50.00'],
      ],
    },
    // A closing entry empties the accounts into retained earnings; the actuals leave it out.
    {
      date: '2025-12-31',
      sourceType: CLOSING_SOURCE_TYPE,
      lines: [
        ['4010', 'debit', '5700.00'],
        ['4030', 'debit', '150.00'],
        ['5020', 'credit', '1000.00'],
        ['6010', 'credit', '900.00'],
        ['3100', 'credit', '3950.00'],
      ],
    },
  ]);
});
afterAll(() => ctx.close());

const budget2025 = () => ({
  year: 2025,
  lines: [
    { accountId: acc['4010'], month: 1, amount: '3000.00' },
    { accountId: acc['4010'], month: 2, amount: '3000.00' },
    { accountId: acc['4010'], month: 3, amount: '3000' },
    { accountId: acc['4030'], month: 2, amount: '100.00' },
    { accountId: acc['5020'], month: 1, amount: '500.00' },
    { accountId: acc['5020'], month: 2, amount: '500.00' },
    { accountId: acc['6010'], month: 1, amount: '1000.00' },
  ],
});

describe('budgets', () => {
  it('saves a year as a grid of months per account, with monthly totals; audited', async () => {
    const res = await call('PUT', '/api/finance/budgets', budget2025());
    expect(res.statusCode).toBe(200);
    const sheet = res.json();
    expect(sheet.year).toBe(2025);
    expect(sheet.rows.map((r: { code: string; months: string[]; total: string }) => [r.code, r.months.slice(0, 3), r.total])).toEqual([
      ['4010', ['3000.00', '3000.00', '3000.00'], '9000.00'],
      ['4030', ['0.00', '100.00', '0.00'], '100.00'],
      ['5020', ['500.00', '500.00', '0.00'], '1000.00'],
      ['6010', ['1000.00', '0.00', '0.00'], '1000.00'],
    ]);
    expect(sheet.rows[0].months).toHaveLength(12);
    expect(sheet.totals.income).toEqual({ months: ['3000.00', '3100.00', '3000.00', ...Array(9).fill('0.00')], total: '9100.00' });
    expect(sheet.totals.expense.total).toBe('2000.00');
    expect((await call('GET', '/api/finance/budgets?year=2025')).json()).toEqual(sheet);
    expect((await call('GET', '/api/finance/budgets?year=2026')).json().rows).toEqual([]);
    const audit = await inTenant(ctx.database.db, org.clientId, (tx) =>
      queryRows<{ action: string; entity_id: string; after: { lines: unknown[] } }>(
        tx,
        sql`select action, entity_id, after from audit_log where entity = 'budget'`,
      ),
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'update', entity_id: '2025' });
    expect(audit[0].after.lines).toHaveLength(7);
  });

  it('upserts: a cell sent again is replaced, cells not sent are kept; the audit keeps the old amount', async () => {
    const res = await call('PUT', '/api/finance/budgets', { year: 2025, lines: [{ accountId: acc['4010'], month: 3, amount: '3500.50' }] });
    expect(res.statusCode).toBe(200);
    const row = res.json().rows.find((r: { code: string }) => r.code === '4010');
    expect(row.months.slice(0, 3)).toEqual(['3000.00', '3000.00', '3500.50']);
    expect(res.json().rows).toHaveLength(4);
    const [audit] = await inTenant(ctx.database.db, org.clientId, (tx) =>
      queryRows<{ before: unknown }>(tx, sql`select before from audit_log where entity = 'budget' order by id desc limit 1`),
    );
    expect(audit.before).toEqual({ year: 2025, lines: [{ accountId: acc['4010'], month: 3, amount: '3000.00' }] });
    await call('PUT', '/api/finance/budgets', { year: 2025, lines: [{ accountId: acc['4010'], month: 3, amount: '3000.00' }] });
  });

  it('names each faulty line and saves nothing: wrong account type, unknown account, repeated cell, bad month and amount', async () => {
    const before = await state();
    const res = await call('PUT', '/api/finance/budgets', {
      year: 2025,
      lines: [
        { accountId: acc['1010'], month: 1, amount: '10.00' },
        { accountId: 999999, month: 1, amount: '10.00' },
        { accountId: acc['4010'], month: 5, amount: '10.00' },
        { accountId: acc['4010'], month: 5, amount: '20.00' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { field: 'lines.0.accountId', message: 'Budgets are set for income and expense accounts only.' },
      { field: 'lines.1.accountId', message: 'This account does not exist.' },
      { field: 'lines.3.month', message: 'This account and month appear more than once.' },
    ]);
    const shape = await call('PUT', '/api/finance/budgets', { year: 1999, lines: [{ accountId: acc['4010'], month: 13, amount: '-5.00' }] }, org.token, {
      'x-lang': 'so',
    });
    expect(shape.statusCode).toBe(400);
    expect(shape.json().details).toEqual(
      expect.arrayContaining([
        { field: 'year', message: 'Qiimuhu waa inuu ahaadaa ugu yaraan 2000' },
        { field: 'lines.0.month', message: 'Qiimuhu ma dhaafi karo 12' },
        { field: 'lines.0.amount', message: 'Lacagtu ma noqon karto mid taban.' },
      ]),
    );
    expect(await state()).toEqual(before);
  });

  it('keeps the rule in the database too: no budget on a balance-sheet account', async () => {
    await expect(
      inTenant(ctx.database.db, org.clientId, (tx) =>
        tx.execute(sql`insert into budgets (client_id, account_id, year, month, amount) values (${org.clientId}, ${acc['1010']}, 2025, 1, 5)`),
      ),
    ).rejects.toThrow();
  });
});

describe('budget vs actual', () => {
  type Row = { code: string; budget: string; actual: string; variance: string; variancePercent: string | null; isFavourable: boolean };
  const rows = (items: Row[]) => items.map((r) => [r.code, r.budget, r.actual, r.variance, r.variancePercent, r.isFavourable]);

  it('compares the year per account, with variance and variance %, totals for income, expenses and net', async () => {
    const res = await call('GET', '/api/finance/reports/budget-vs-actual?year=2025');
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({ year: 2025, month: null, startDate: '2025-01-01', endDate: '2025-12-31' });
    expect(rows(r.income)).toEqual([
      ['4010', '9000.00', '5700.00', '-3300.00', '-36.67', false],
      ['4030', '100.00', '150.00', '50.00', '50.00', true],
    ]);
    expect(rows(r.expenses)).toEqual([
      ['5020', '1000.00', '1000.00', '0.00', '0.00', true],
      ['6010', '1000.00', '900.00', '-100.00', '-10.00', true],
      ['6120', '0.00', '50.00', '50.00', null, false],
    ]);
    expect(r.totals).toEqual({
      income: { budget: '9100.00', actual: '5850.00', variance: '-3250.00', variancePercent: '-35.71' },
      expenses: { budget: '2000.00', actual: '1950.00', variance: '-50.00', variancePercent: '-2.50' },
      net: { budget: '7100.00', actual: '3900.00', variance: '-3200.00', variancePercent: '-45.07' },
    });
  });

  it('compares one month', async () => {
    const r = (await call('GET', '/api/finance/reports/budget-vs-actual?year=2025&month=2')).json();
    expect(r).toMatchObject({ month: 2, startDate: '2025-02-01', endDate: '2025-02-28' });
    expect(rows(r.income)).toEqual([
      ['4010', '3000.00', '2500.00', '-500.00', '-16.67', false],
      ['4030', '100.00', '150.00', '50.00', '50.00', true],
    ]);
    expect(rows(r.expenses)).toEqual([['5020', '500.00', '400.00', '-100.00', '-20.00', true]]);
    expect(r.totals.net).toEqual({ budget: '2600.00', actual: '2250.00', variance: '-350.00', variancePercent: '-13.46' });
    const march = (await call('GET', '/api/finance/reports/budget-vs-actual?year=2025&month=3')).json();
    expect(rows(march.income)).toEqual([['4010', '3000.00', '0.00', '-3000.00', '-100.00', false]]);
  });
});

describe('budget privileges and isolation', () => {
  it('answers 403 to a user without budget-registration and changes nothing', async () => {
    const before = await state();
    const token = await staffToken(ctx, org, ['revenue-report', 'trail-balance']);
    const put = await call('PUT', '/api/finance/budgets', budget2025(), token);
    expect([put.statusCode, put.json().code]).toEqual([403, 'FORBIDDEN']);
    expect((await call('GET', '/api/finance/budgets?year=2025', undefined, token)).statusCode).toBe(403);
    expect((await call('GET', '/api/finance/reports/budget-vs-actual?year=2025', undefined, token)).statusCode).toBe(403);
    expect(await state()).toEqual(before);
    const holder = await staffToken(ctx, org, ['budget-registration']);
    expect((await call('GET', '/api/finance/budgets?year=2025', undefined, holder)).statusCode).toBe(200);
  });

  it('keeps each organisation to its own budgets and accounts', async () => {
    const before = await state();
    const other = await newOrganisation(ctx);
    expect((await call('GET', '/api/finance/budgets?year=2025', undefined, other.token)).json().rows).toEqual([]);
    const vs = (await call('GET', '/api/finance/reports/budget-vs-actual?year=2025', undefined, other.token)).json();
    expect([vs.income, vs.expenses]).toEqual([[], []]);
    const foreign = await call('PUT', '/api/finance/budgets', { year: 2025, lines: [{ accountId: acc['4010'], month: 1, amount: '1.00' }] }, other.token);
    expect(foreign.json().details).toEqual([{ field: 'lines.0.accountId', message: 'This account does not exist.' }]);
    expect(await state()).toEqual(before);
  });
});
