import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newOrganisation, signIn, startTestApp, type TestContext } from '../../../test/harness.ts';
import { queryRows } from '../../db/rows.ts';
import { inSystem, inTenant } from '../../db/tenant.ts';
import { accountsByCode } from '../../ledger/ledger-test-kit.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { rolePrivileges, roles, users } from '../users/index.ts';
import { lastTwelveMonths } from './finance-dashboard.ts';
import { postEntries } from './finance-reports-test-kit.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let acc: Record<string, number>;
let today: string;
const PASSWORD = 'Staff@2026';

/** The first day of the month `back` months before today's month, plus `day - 1` days. */
function monthsAgo(back: number, day = 1): string {
  const [y, m] = today.split('-').map(Number);
  const index = y * 12 + (m - 1) - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

async function addUser(username: string, privileges: string[]) {
  const passwordHash = await hashPassword(PASSWORD);
  await inTenant(ctx.database.db, org.clientId, async (tx) => {
    const [role] = await tx
      .insert(roles)
      .values({ clientId: org.clientId, name: `Role of ${username}` })
      .returning();
    if (privileges.length > 0) await tx.insert(rolePrivileges).values(privileges.map((privilege) => ({ clientId: org.clientId, roleId: role.id, privilege })));
    await tx.insert(users).values({ clientId: org.clientId, username, fullname: username, passwordHash, roleId: role.id });
  });
  return signIn(ctx, { username, password: PASSWORD, code: org.code });
}

const get = (url: string, token = org.token, lang = 'en') => ctx.app.inject({ method: 'GET', url, headers: { ...bearer(token), 'x-lang': lang } });

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Baidoa Water' });
  acc = await accountsByCode(ctx.database.db, org.clientId);
  [{ today }] = await inSystem(ctx.database.db, (tx) => queryRows<{ today: string }>(tx, sql`select current_date::text as today`));
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  await postEntries(ctx, org.clientId, acc, [
    // Before the twelve months: counts for cash, not for the months.
    {
      date: monthsAgo(13, 10),
      lines: [
        ['1010', 'debit', '10000.00'],
        ['3010', 'credit', '10000.00'],
      ],
    },
    {
      date: monthsAgo(11, 3),
      lines: [
        ['6120', 'debit', '50.00'],
        ['1010', 'credit', '50.00'],
      ],
    },
    {
      date: monthsAgo(5, 20),
      lines: [
        ['5020', 'debit', '300.00'],
        ['1040', 'credit', '300.00'],
      ],
    },
    {
      date: monthsAgo(0, 1),
      lines: [
        ['6010', 'debit', '200.00'],
        ['1030', 'credit', '200.00'],
      ],
    },
    {
      date: today,
      lines: [
        ['1010', 'debit', '500.00'],
        ['4010', 'credit', '500.00'],
      ],
    },
    {
      date: today,
      lines: [
        ['1100', 'debit', '120.00'],
        ['4010', 'credit', '120.00'],
      ],
    },
    // After the business date: not yet in any figure.
    {
      date: tomorrow,
      lines: [
        ['1010', 'debit', '1000.00'],
        ['4010', 'credit', '1000.00'],
      ],
    },
  ]);
});
afterAll(() => ctx.close());

describe('GET /api/finance/dashboard/cash', () => {
  it('answers every active cash, bank and mobile money account at the end of today, by kind and in all', async () => {
    const res = await get('/api/finance/dashboard/cash', org.token, 'so');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.date).toBe(today);
    const balances = Object.fromEntries(body.accounts.map((a: { code: string; balance: string }) => [a.code, a.balance]));
    expect(balances).toMatchObject({ '1010': '10450.00', '1020': '0.00', '1030': '-200.00', '1040': '-300.00', '1050': '0.00' });
    expect(body.accounts.find((a: { code: string }) => a.code === '1010').name).toBe('Lacagta caddaanka ah');
    expect(body.accounts.every((a: { subtype: string }) => ['cash', 'bank', 'mobile_money'].includes(a.subtype))).toBe(true);
    expect(body.bySubtype).toEqual([
      { subtype: 'cash', balance: '10450.00' },
      { subtype: 'bank', balance: '-200.00' },
      { subtype: 'mobile_money', balance: '-300.00' },
    ]);
    expect(body.total).toBe('9950.00');
  });
});

describe('GET /api/finance/dashboard/income-expense', () => {
  it('answers twelve months of income and expenses and the largest expenses of the year to date', async () => {
    const res = await get('/api/finance/dashboard/income-expense');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const months = lastTwelveMonths(today);
    expect(body.months.map((m: { month: string }) => m.month)).toEqual(months);
    const byMonth = Object.fromEntries(body.months.map((m: { month: string; income: string; expenses: string; net: string }) => [m.month, m]));
    expect(byMonth[monthsAgo(11).slice(0, 7)]).toEqual({ month: monthsAgo(11).slice(0, 7), income: '0.00', expenses: '50.00', net: '-50.00' });
    expect(byMonth[monthsAgo(5).slice(0, 7)]).toMatchObject({ income: '0.00', expenses: '300.00' });
    expect(byMonth[today.slice(0, 7)]).toEqual({ month: today.slice(0, 7), income: '620.00', expenses: '200.00', net: '420.00' });
    expect(body.months.filter((m: { income: string; expenses: string }) => m.income !== '0.00' || m.expenses !== '0.00')).toHaveLength(3);

    // The year to date: what of the above falls in this calendar year.
    const year = today.slice(0, 4);
    const inYear = [
      { code: '6010', amount: '200.00', date: monthsAgo(0, 1) },
      { code: '5020', amount: '300.00', date: monthsAgo(5, 20) },
      { code: '6120', amount: '50.00', date: monthsAgo(11, 3) },
    ].filter((e) => e.date.startsWith(year));
    const expenses = inYear.reduce((sum, e) => sum + Number(e.amount), 0);
    expect(body.year).toEqual({
      year: Number(year),
      startDate: `${year}-01-01`,
      income: '620.00',
      expenses: expenses.toFixed(2),
      net: (620 - expenses).toFixed(2),
    });
    expect(body.topExpenses.map((e: { code: string; amount: string }) => [e.code, e.amount])).toEqual(
      [...inYear].sort((a, b) => Number(b.amount) - Number(a.amount)).map((e) => [e.code, e.amount]),
    );
  });

  it('shows each panel only to holders of the report it summarises, and changes nothing', async () => {
    const count = () => inSystem(ctx.database.db, (tx) => queryRows<{ n: number }>(tx, sql`select count(*)::int as n from audit_log`));
    const sheetOnly = await addUser('sheet', ['balance-sheet']);
    const incomeOnly = await addUser('income', ['income-statement']);
    const before = await count();
    expect((await get('/api/finance/dashboard/cash', sheetOnly)).statusCode).toBe(200);
    expect((await get('/api/finance/dashboard/income-expense', sheetOnly)).json().code).toBe('FORBIDDEN');
    expect((await get('/api/finance/dashboard/income-expense', incomeOnly)).statusCode).toBe(200);
    expect((await get('/api/finance/dashboard/cash', incomeOnly)).json().code).toBe('FORBIDDEN');
    expect(await count()).toEqual(before);
  });

  it('shows another organisation none of these books', async () => {
    const other = await newOrganisation(ctx);
    const cash = (await get('/api/finance/dashboard/cash', other.token)).json();
    expect(cash.total).toBe('0.00');
    const flows = (await get('/api/finance/dashboard/income-expense', other.token)).json();
    expect(flows.months.length).toBeGreaterThan(0);
    expect(flows.months.every((m: { income: string; expenses: string }) => m.income === '0.00' && m.expenses === '0.00')).toBe(true);
    expect(flows.topExpenses).toEqual([]);
  });
});
