// verify-ledger and seed-chart: output in English and Somali, exit code 0 for a sound ledger and 1
// when a daily balance was tampered with, refusals with exit code 2, and the chart seeded once.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newOrganisation, startTestApp, type TestContext } from '../../test/harness.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { inSystem } from '../db/tenant.ts';
import { DEFAULT_CHART } from '../ledger/index.ts';
import { accountsByCode } from '../ledger/ledger-test-kit.ts';
import { runCommandLine } from './commands.ts';

let ctx: TestContext;
let db: Db;
let org: Awaited<ReturnType<typeof newOrganisation>>;
const env = { LANG: 'C' };
const run = (...argv: string[]) => runCommandLine(db, argv, env);

beforeAll(async () => {
  ctx = await startTestApp();
  db = ctx.database.db;
  org = await newOrganisation(ctx, { name: 'Verify Water' });
  const acc = await accountsByCode(db, org.clientId);
  for (const date of ['2025-01-05', '2025-01-06']) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/finance/transaction',
      headers: bearer(org.token),
      payload: {
        date,
        lines: [
          { accountId: acc['1010'], debit: '25.00' },
          { accountId: acc['4010'], credit: '25.00' },
        ],
      },
    });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(() => ctx.close());

describe('verify-ledger', () => {
  it('reports a sound ledger with exit code 0, for every organisation or one, in English or Somali', async () => {
    const all = await run('verify-ledger');
    expect(all).toEqual({
      exitCode: 0,
      stdout: [
        'Ledger of all organisations: 2 entries, 4 lines.',
        'Sound: the daily, monthly and customer balances match the journal lines, every entry balances and numbering has no gaps.',
        'Stock sound: every inventory account equals the value of its stock moves, every stock balance the sum of its moves.',
        'Sales sound: the sales balance rows equal the posted invoices, cash sales and returns.',
      ],
      stderr: [],
    });
    const one = await run('verify-ledger', '--code', String(org.code), '--lang', 'so');
    expect(one.exitCode).toBe(0);
    expect(one.stdout[0]).toBe(`Buugaagta ururka ${org.code} "Verify Water": 2 diiwaan, 4 sadar.`);
    expect(one.stdout[1]).toMatch(/^Sax: /);
    expect(one.stdout[2]).toMatch(/^Bakhaarku waa sax: /);
    expect(one.stdout[3]).toMatch(/^Iibku waa sax: /);
  });

  it('refuses an unknown organisation or a malformed code with exit code 2', async () => {
    expect(await run('verify-ledger', '--code', '999999')).toEqual({ exitCode: 2, stdout: [], stderr: ['No organisation has code 999999.'] });
    expect((await run('verify-ledger', '--code', 'abc')).exitCode).toBe(2);
  });

  it('finds a tampered daily balance and ends with exit code 1', async () => {
    const acc = await accountsByCode(db, org.clientId);
    // Only the owner can do this (the application role may not); it stands for a broken backup restore.
    // The summaries follow the lines, not each other, so the month is tampered with too.
    await inSystem(db, (tx) =>
      tx.execute(sql`
      update account_daily_balances set debit = debit + 1 where client_id = ${org.clientId} and account_id = ${acc['1010']} and date = '2025-01-06'`),
    );
    await inSystem(db, (tx) =>
      tx.execute(sql`
      update account_monthly_balances set debit = debit + 1 where client_id = ${org.clientId} and account_id = ${acc['1010']} and month = '2025-01-01'`),
    );
    const res = await run('verify-ledger', '--code', String(org.code));
    expect(res.exitCode).toBe(1);
    expect(res.stdout).toEqual([
      `Ledger of organisation ${org.code} "Verify Water": 2 entries, 4 lines.`,
      'Differences found: 1 daily balance(s), 1 monthly balance(s), 0 customer balance(s), 0 unbalanced entr(y/ies), 0 numbering gap(s).',
      `  balance   org ${org.code}  account ${acc['1010']}  2025-01-06: stored debit 26.00 credit 0.00 (1 lines); from the lines debit 25.00 credit 0.00 (1 lines)`,
      `  month     org ${org.code}  account ${acc['1010']}  2025-01-01: stored debit 51.00 credit 0.00 (2 lines); from the lines debit 50.00 credit 0.00 (2 lines)`,
      'Stock sound: every inventory account equals the value of its stock moves, every stock balance the sum of its moves.',
      'Sales sound: the sales balance rows equal the posted invoices, cash sales and returns.',
    ]);
    await inSystem(db, (tx) =>
      tx.execute(sql`
      update account_daily_balances set debit = debit - 1 where client_id = ${org.clientId} and account_id = ${acc['1010']} and date = '2025-01-06'`),
    );
    expect((await run('verify-ledger', '--code', String(org.code))).stdout[1]).toMatch(/^Differences found: 0 daily balance\(s\), 1 monthly/);
    await inSystem(db, (tx) =>
      tx.execute(sql`
      update account_monthly_balances set debit = debit - 1 where client_id = ${org.clientId} and account_id = ${acc['1010']} and month = '2025-01-01'`),
    );
    expect((await run('verify-ledger')).exitCode).toBe(0);
  });

  it('finds a stock balance its moves do not explain and ends with exit code 1', async () => {
    const acc = await accountsByCode(db, org.clientId);
    // Stands for a broken restore: a balance row with no moves behind it, written past the application.
    const [row] = await inSystem(db, (tx) =>
      queryRows<{ item: number; branch: number }>(
        tx,
        sql`with item as (
              insert into items (client_id, code, name, kind, income_account_id, expense_account_id, inventory_account_id)
              values (${org.clientId}, 'T-1', 'Tampered', 'stock', ${acc['4050']}, ${acc['5010']}, ${acc['1200']}) returning id),
            branch as (select min(id) as id from branches where client_id = ${org.clientId})
            insert into stock_balances (client_id, item_id, branch_id, quantity, value)
            select ${org.clientId}, item.id, branch.id, 1, 5 from item, branch returning item_id as item, branch_id as branch`,
      ),
    );
    const res = await run('verify-ledger', '--code', String(org.code));
    expect(res.exitCode).toBe(1);
    expect(res.stdout.at(-2)).toBe(`Organisation ${org.code}: item ${row.item} at branch ${row.branch} holds 1.000 worth 5.00; its moves say 0 worth 0.`);
    await inSystem(db, (tx) => tx.execute(sql`delete from stock_balances where client_id = ${org.clientId} and item_id = ${row.item}`));
  });

  it('finds a sales balance row the documents do not explain and ends with exit code 1', async () => {
    // Stands for a broken restore: sales of an item no document sold, written past the application.
    const [row] = await inSystem(db, (tx) =>
      queryRows<{ item: number; branch: number; customer: number }>(
        tx,
        sql`with item as (select min(id) as id from items where client_id = ${org.clientId}),
                 customer as (insert into customers (client_id, customer_no, name, phone, customer_class) values (${org.clientId}, 'C-T1', 'Tampered buyer', '0615000001', 'commercial') returning id),
                 branch as (select min(id) as id from branches where client_id = ${org.clientId})
            insert into sales_balances (client_id, day, branch_id, customer_id, item_id, quantity, revenue, cost, lines)
            select ${org.clientId}, '2025-01-06', branch.id, customer.id, item.id, 2, 90, 10, 1 from item, customer, branch
            returning item_id as item, branch_id as branch, customer_id as customer`,
      ),
    );
    const res = await run('verify-ledger', '--code', String(org.code));
    expect(res.exitCode).toBe(1);
    expect(res.stdout.at(-1)).toBe(
      `Organisation ${org.code}: sales of item ${row.item} to customer ${row.customer} at branch ${row.branch} on 2025-01-06 are 2.000, revenue 90.00, cost 10.00 (1 lines) in the balance rows; the documents say 0, revenue 0.00, cost 0.00 (0 lines).`,
    );
    await inSystem(db, (tx) => tx.execute(sql`delete from sales_balances where client_id = ${org.clientId}`));
    expect((await run('verify-ledger', '--code', String(org.code))).exitCode).toBe(0);
  });
});

describe('seed-chart', () => {
  it('gives an organisation created before the ledger its chart and settings, once', async () => {
    const [old] = await inSystem(db, (tx) => queryRows<{ id: number }>(tx, sql`insert into clients (code, name) values (4242, 'Old Utility') returning id`));
    const first = await run('seed-chart', '--code', '4242');
    expect(first).toEqual({
      exitCode: 0,
      stdout: [`Organisation 4242 "Old Utility": ${DEFAULT_CHART.length} account(s) added, ${DEFAULT_CHART.length} in its chart now.`],
      stderr: [],
    });
    const rows = await inSystem(db, (tx) =>
      queryRows<{ accounts: number; settings: number; audit: number }>(
        tx,
        sql`
      select (select count(*)::int from accounts where client_id = ${old.id}) as accounts,
             (select count(*)::int from ledger_settings where client_id = ${old.id}) as settings,
             (select count(*)::int from audit_log where client_id = ${old.id} and entity = 'chart-of-accounts') as audit`,
      ),
    );
    expect(rows).toEqual([{ accounts: DEFAULT_CHART.length, settings: 1, audit: 1 }]);
    const again = await run('seed-chart', '--code', '4242', '--lang', 'so');
    expect(again.stdout).toEqual([`Ururka 4242 "Old Utility": 0 xisaab ayaa lagu daray, hadda jaantuskiisu wuxuu leeyahay ${DEFAULT_CHART.length}.`]);
    expect(await run('seed-chart')).toMatchObject({ exitCode: 2, stderr: ['--code: Field is required.'] });
    expect(await run('seed-chart', '--code', '4243')).toMatchObject({ exitCode: 2, stderr: ['No organisation has code 4243.'] });
  });

  it('is listed in the help in both languages', async () => {
    const en = await run('help');
    expect(en.stdout.some((l) => l.trim() === 'verify-ledger [--code N]')).toBe(true);
    expect(en.stdout.some((l) => l.trim() === 'seed-chart --code N')).toBe(true);
    const so = await run('help', '--lang', 'so');
    expect(so.stdout.some((l) => l.includes('Hubi buugaagta xisaabta'))).toBe(true);
  });
});
