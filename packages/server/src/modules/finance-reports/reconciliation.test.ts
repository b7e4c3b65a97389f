// Monthly reconciliation of the bank account against its statement: listing and balances, saving drafts,
// completing only at a zero difference, months in order, completed months (and their cleared lines)
// final in the service and in the database, audit, privileges and isolation.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { queryRows } from '../../db/rows.ts';
import { inTenant } from '../../db/tenant.ts';
import { accountsByCode, ledgerCounts } from '../../ledger/ledger-test-kit.ts';
import { staffToken } from '../finance/finance-test-kit.ts';
import { postEntries } from './finance-reports-test-kit.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let acc: Record<string, number>;
/** The bank line of each posting, by memo. */
const line: Record<string, number> = {};

const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, token = org.token, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, payload, headers: { ...bearer(token), ...headers } });
const view = (period: string, accountId = acc['1030'], token = org.token) =>
  call('GET', `/api/finance/reconciliation?accountId=${accountId}&period=${period}`, undefined, token);
const save = (period: string, statementBalance: string, memos: string[], token = org.token) =>
  call('PUT', '/api/finance/reconciliation', { accountId: acc['1030'], period, statementBalance, clearedLineIds: memos.map((m) => line[m]) }, token);
const complete = (period: string, token = org.token) => call('POST', '/api/finance/reconciliation/complete', { accountId: acc['1030'], period }, token);

/** Reconciliations, their cleared lines and audit lines: what a refused request must leave alone. */
async function state() {
  const [row] = await inTenant(ctx.database.db, org.clientId, (tx) =>
    queryRows<{ recs: string; items: string; audit: number }>(
      tx,
      sql`
      select (select coalesce(string_agg(period || ':' || status || ':' || statement_balance, ',' order by period), '') from reconciliations) as recs,
             (select coalesce(string_agg(reconciliation_id || ':' || line_id, ',' order by line_id), '') from reconciliation_items) as items,
             (select count(*) from audit_log where entity = 'reconciliation')::int as audit`,
    ),
  );
  return { ...row, ledger: await ledgerCounts(ctx.database.db, org.clientId) };
}

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Reconcile Water' });
  acc = await accountsByCode(ctx.database.db, org.clientId);
  await postEntries(ctx, org.clientId, acc, [
    {
      date: '2025-02-20',
      memo: 'Capital',
      lines: [
        ['1030', 'debit', '1000.00'],
        ['3010', 'credit', '1000.00'],
      ],
    },
    {
      date: '2025-03-02',
      memo: 'Deposit',
      lines: [
        ['1030', 'debit', '500.00'],
        ['4010', 'credit', '500.00'],
      ],
    },
    {
      date: '2025-03-10',
      memo: 'Cheque fuel',
      lines: [
        ['5020', 'debit', '200.00'],
        ['1030', 'credit', '200.00'],
      ],
    },
    {
      date: '2025-03-28',
      memo: 'Cheque rent',
      lines: [
        ['6120', 'debit', '300.00'],
        ['1030', 'credit', '300.00'],
      ],
    },
    {
      date: '2025-03-31',
      memo: 'Bank charge',
      lines: [
        ['6170', 'debit', '5.00'],
        ['1030', 'credit', '5.00'],
      ],
    },
    {
      date: '2025-04-05',
      memo: 'April deposit',
      lines: [
        ['1030', 'debit', '250.00'],
        ['4010', 'credit', '250.00'],
      ],
    },
    {
      date: '2025-04-20',
      memo: 'April cheque',
      lines: [
        ['6120', 'debit', '100.00'],
        ['1030', 'credit', '100.00'],
      ],
    },
    {
      date: '2025-03-15',
      memo: 'Cash sale',
      lines: [
        ['1010', 'debit', '80.00'],
        ['4010', 'credit', '80.00'],
      ],
    },
  ]);
  const rows = await inTenant(ctx.database.db, org.clientId, (tx) =>
    queryRows<{ id: string; memo: string; account_id: number }>(
      tx,
      sql`
      select l.id, e.memo, l.account_id from journal_lines l join journal_entries e on e.id = l.entry_id where l.account_id in (${acc['1030']}, ${acc['1010']})`,
    ),
  );
  for (const r of rows) line[r.account_id === acc['1030'] ? r.memo : `${r.memo} (cash)`] = Number(r.id);
});
afterAll(() => ctx.close());

type Line = { memo: string; debit: string; credit: string; isCleared: boolean; isPriorPeriod: boolean };

describe('monthly reconciliation', () => {
  it('lists the month before anything is saved: the books before the first month count as agreed', async () => {
    const res = await view('2025-03');
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({
      id: null,
      account: { id: acc['1030'], code: '1030', name: 'Bank account', subtype: 'bank' },
      period: '2025-03',
      startDate: '2025-03-01',
      endDate: '2025-03-31',
      status: 'draft',
      statementBalance: null,
      openingClearedBalance: '1000.00',
      ledgerBalance: '995.00',
      clearedBalance: '1000.00',
      difference: null,
      outstanding: { debit: '500.00', credit: '505.00', count: 4 },
      isEditable: true,
      completedBy: null,
      completedAt: null,
    });
    expect(r.lines.map((l: Line) => [l.memo, l.debit, l.credit, l.isCleared, l.isPriorPeriod])).toEqual([
      ['Deposit', '500.00', '0.00', false, false],
      ['Cheque fuel', '0.00', '200.00', false, false],
      ['Cheque rent', '0.00', '300.00', false, false],
      ['Bank charge', '0.00', '5.00', false, false],
    ]);
  });

  it('saves the statement balance and cleared lines as a draft and shows the difference; audited', async () => {
    const res = await save('2025-03', '1295.00', ['Deposit', 'Cheque fuel']);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'draft', statementBalance: '1295.00', clearedBalance: '1300.00', difference: '-5.00' });
    expect(res.json().id).toBeGreaterThan(0);
    const audit = await inTenant(ctx.database.db, org.clientId, (tx) =>
      queryRows<{ action: string; after: { clearedLineIds: number[] } }>(tx, sql`select action, after from audit_log where entity = 'reconciliation'`),
    );
    expect(audit).toEqual([
      {
        action: 'create',
        after: expect.objectContaining({ statementBalance: '1295.00', clearedLineIds: [line.Deposit, line['Cheque fuel']].sort((a, b) => a - b) }),
      },
    ]);
  });

  it('refuses to complete while the cleared balance differs from the statement, naming the difference', async () => {
    const before = await state();
    const res = await complete('2025-03');
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { field: 'statementBalance', message: 'The cleared balance differs from the statement balance by -5.00; the difference must be zero to complete.' },
    ]);
    const so = await call('POST', '/api/finance/reconciliation/complete', { accountId: acc['1030'], period: '2025-03' }, org.token, { 'x-lang': 'so' });
    expect(so.json().details[0].message).toBe(
      'Haraaga la xaqiijiyay wuxuu kaga duwan yahay haraaga bayaanka -5.00; farqigu waa inuu eber noqdaa si loo dhammaystiro.',
    );
    expect(await state()).toEqual(before);
  });

  it('refuses lines that are not this account-month’s, and accounts that are not bank or mobile money', async () => {
    const before = await state();
    const notListed = await save('2025-03', '1295.00', ['Deposit', 'April deposit', 'Cash sale (cash)']);
    expect(notListed.json().details).toEqual([
      { field: 'clearedLineIds.1', message: 'This ledger line is not part of this reconciliation.' },
      { field: 'clearedLineIds.2', message: 'This ledger line is not part of this reconciliation.' },
    ]);
    const cash = await view('2025-03', acc['1010']);
    expect(cash.json().details).toEqual([{ field: 'accountId', message: 'Choose a bank or mobile money account.' }]);
    const income = await call('PUT', '/api/finance/reconciliation', { accountId: acc['4010'], period: '2025-03', statementBalance: '0', clearedLineIds: [] });
    expect(income.json().details).toEqual([{ field: 'accountId', message: 'Choose a bank or mobile money account.' }]);
    const badPeriod = await view('2025-13');
    expect(badPeriod.json().details).toEqual([{ field: 'period', message: 'Enter the period as YYYY-MM, for example 2026-03.' }]);
    const evc = await view('2025-03', acc['1040']);
    expect(evc.json()).toMatchObject({ lines: [], ledgerBalance: '0.00', clearedBalance: '0.00' });
    expect(await state()).toEqual(before);
  });

  it('keeps months in order: a later month waits until the earlier one is completed', async () => {
    const before = await state();
    expect((await view('2025-04')).json().isEditable).toBe(false);
    const res = await save('2025-04', '1245.00', []);
    expect(res.json().details).toEqual([{ field: 'period', message: 'Complete the reconciliation of 2025-03 first.' }]);
    const unsaved = await complete('2025-05');
    expect(unsaved.json().details).toEqual([{ field: 'period', message: 'Save the statement balance and the cleared lines first.' }]);
    expect(await state()).toEqual(before);
  });

  it('completes at a zero difference; the completed month and its cleared lines are final', async () => {
    const ok = await save('2025-03', '1295.00', ['Deposit', 'Cheque fuel', 'Bank charge']);
    expect(ok.json()).toMatchObject({ clearedBalance: '1295.00', difference: '0.00', outstanding: { debit: '0.00', credit: '300.00', count: 1 } });
    // ledger - cleared = outstanding debit - outstanding credit
    expect(ok.json().ledgerBalance).toBe('995.00');
    const done = await complete('2025-03');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'completed', isEditable: false, completedBy: 'Administrator', difference: '0.00' });
    expect(Date.parse(done.json().completedAt)).not.toBeNaN();

    const before = await state();
    const unclear = await save('2025-03', '1295.00', ['Deposit', 'Cheque fuel']);
    expect(unclear.json().details).toEqual([{ field: 'period', message: 'This reconciliation is completed and can no longer be changed.' }]);
    expect((await complete('2025-03')).json().details).toEqual([
      { field: 'period', message: 'This reconciliation is completed and can no longer be changed.' },
    ]);
    // The database refuses too, whatever the code path.
    await expect(
      inTenant(ctx.database.db, org.clientId, (tx) => tx.execute(sql`delete from reconciliation_items where line_id = ${line['Bank charge']}`)),
    ).rejects.toThrow();
    await expect(
      inTenant(ctx.database.db, org.clientId, (tx) => tx.execute(sql`update reconciliations set statement_balance = 0 where period = '2025-03'`)),
    ).rejects.toThrow();
    expect(await state()).toEqual(before);
    const audit = await inTenant(ctx.database.db, org.clientId, (tx) =>
      queryRows<{ action: string }>(tx, sql`select action from audit_log where entity = 'reconciliation' order by id`),
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'status']);
  });

  it('carries the outstanding cheque into the next month, from the cleared balance brought forward', async () => {
    const april = (await view('2025-04')).json();
    expect(april).toMatchObject({ openingClearedBalance: '1295.00', ledgerBalance: '1145.00', clearedBalance: '1295.00', isEditable: true });
    expect(april.lines.map((l: Line) => [l.memo, l.isPriorPeriod])).toEqual([
      ['Cheque rent', true],
      ['April deposit', false],
      ['April cheque', false],
    ]);
    const saved = await save('2025-04', '1245.00', ['Cheque rent', 'April deposit']);
    expect(saved.json()).toMatchObject({ clearedBalance: '1245.00', difference: '0.00', outstanding: { debit: '0.00', credit: '100.00', count: 1 } });
    expect((await complete('2025-04')).json().status).toBe('completed');
    // A line cleared in an earlier month is not offered again; the earlier months cannot be reopened.
    expect((await view('2025-05')).json().lines.map((l: Line) => l.memo)).toEqual(['April cheque']);
    const february = await save('2025-02', '1000.00', []);
    expect(february.json().details).toEqual([
      { field: 'period', message: 'A later month (2025-03) is already being reconciled for this account; earlier months can no longer be changed.' },
    ]);
    // The completed March still reads as it was agreed.
    expect((await view('2025-03')).json()).toMatchObject({ status: 'completed', clearedBalance: '1295.00', difference: '0.00' });
  });
});

describe('reconciliation privileges and isolation', () => {
  it('answers 403 to a user without monthly-reconciliation and changes nothing', async () => {
    const token = await staffToken(ctx, org, ['account-transaction', 'trail-balance']);
    const before = await state();
    for (const res of [
      await view('2025-05', acc['1030'], token),
      await save('2025-05', '1145.00', ['April cheque'], token),
      await complete('2025-05', token),
    ]) {
      expect([res.statusCode, res.json().code]).toEqual([403, 'FORBIDDEN']);
    }
    expect(await state()).toEqual(before);
    const holder = await staffToken(ctx, org, ['monthly-reconciliation']);
    expect((await view('2025-05', acc['1030'], holder)).statusCode).toBe(200);
  });

  it('shows another organisation neither the account nor its lines', async () => {
    const before = await state();
    const other = await newOrganisation(ctx);
    const res = await view('2025-03', acc['1030'], other.token);
    expect(res.json().details).toEqual([{ field: 'accountId', message: 'This account does not exist.' }]);
    const otherAcc = await accountsByCode(ctx.database.db, other.clientId);
    const put = await call(
      'PUT',
      '/api/finance/reconciliation',
      { accountId: otherAcc['1030'], period: '2025-03', statementBalance: '0', clearedLineIds: [line.Deposit] },
      other.token,
    );
    expect(put.json().details).toEqual([{ field: 'clearedLineIds.0', message: 'This ledger line is not part of this reconciliation.' }]);
    expect(await state()).toEqual(before);
  });
});
