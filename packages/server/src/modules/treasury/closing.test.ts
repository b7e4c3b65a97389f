// Year-end closing and reopening: the closing entry empties income and expenses into retained earnings
// (= the period's net income), the lock date refuses earlier postings even from an administrator,
// reopening is for administrators only and logged with its reason, a reopened period can be corrected
// (reversing the closing entry or not) and closed again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { queryRows } from '../../db/rows.ts';
import { inTenant } from '../../db/tenant.ts';
import { verifyLedger } from '../../ledger/index.ts';
import { accountsByCode } from '../../ledger/ledger-test-kit.ts';
import { staffToken } from '../finance/finance-test-kit.ts';
import { caller, netByCode, treasurySnapshot } from './treasury-test-kit.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let acc: Record<string, number>;
let api: ReturnType<typeof caller>;

const post = async (date: string, lines: Array<{ code: string; debit?: string; credit?: string }>) => {
  const res = await api('POST', '/api/finance/transaction', { date, lines: lines.map((l) => ({ accountId: acc[l.code], debit: l.debit, credit: l.credit })) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Closing Utility' });
  acc = await accountsByCode(ctx.database.db, org.clientId);
  api = caller(ctx, () => org.token);
  // 2024: water sales 5000, salaries 2000 -> profit 3000. 2025: sales 3000, fuel 3500 -> loss 500.
  await post('2024-03-01', [
    { code: '1010', debit: '5000.00' },
    { code: '4010', credit: '5000.00' },
  ]);
  await post('2024-06-30', [
    { code: '6010', debit: '2000.00' },
    { code: '1010', credit: '2000.00' },
  ]);
  await post('2025-02-01', [
    { code: '1030', debit: '3000.00' },
    { code: '4010', credit: '3000.00' },
  ]);
  await post('2025-05-05', [
    { code: '5020', debit: '3500.00' },
    { code: '1030', credit: '3500.00' },
  ]);
});
afterAll(() => ctx.close());

const snapshot = () => treasurySnapshot(ctx, org.clientId);
const incomeStatement = async (startDate: string, endDate: string) =>
  (await api('GET', `/api/finance/incomestatement?startDate=${startDate}&endDate=${endDate}`)).json();

describe('GET /api/finance/closing', () => {
  it('shows no lock date, no history, and previews what closing 2024 would post', async () => {
    const res = await api('GET', '/api/finance/closing?periodEnd=2024-12-31');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      lockDate: null,
      retainedEarningsAccountId: acc['3100'],
      closings: [],
      preview: {
        periodStart: null,
        periodEnd: '2024-12-31',
        lines: [
          { account: { id: acc['4010'], code: '4010', name: 'Water sales', type: 'income' }, amount: '5000.00' },
          { account: { id: acc['6010'], code: '6010', name: 'Salaries and wages', type: 'expense' }, amount: '2000.00' },
        ],
        totals: { income: '5000.00', expenses: '2000.00' },
        netIncome: '3000.00',
      },
    });
  });
});

describe('POST /api/finance/closing', () => {
  let closing2024: { id: number; entryId: number };

  it('posts one closing entry dated periodEnd, empties income and expenses, credits retained earnings with the net income, locks', async () => {
    const res = await api('POST', '/api/finance/closing', { periodEnd: '2024-12-31', memo: 'FY 2024' });
    expect(res.statusCode, res.body).toBe(201);
    closing2024 = res.json();
    expect(res.json()).toMatchObject({
      periodStart: null,
      periodEnd: '2024-12-31',
      retainedEarningsAccount: { id: acc['3100'], code: '3100' },
      totals: { income: '5000.00', expenses: '2000.00' },
      netIncome: '3000.00',
      memo: 'FY 2024',
      isEntryReversed: false,
      reopenedAt: null,
      createdBy: 'Administrator',
    });
    const entry = (await api('GET', `/api/finance/transaction/${closing2024.entryId}`)).json();
    expect(entry).toMatchObject({ sourceType: 'closing', sourceId: closing2024.id, date: '2024-12-31', memo: 'FY 2024', total: '5000.00' });
    expect(entry.lines.map((l: { accountCode: string; debit: string; credit: string }) => [l.accountCode, l.debit, l.credit])).toEqual([
      ['4010', '5000.00', '0.00'],
      ['6010', '0.00', '2000.00'],
      ['3100', '0.00', '3000.00'],
    ]);
    const net = await netByCode(ctx, org.clientId, '2024-12-31');
    expect(net).toMatchObject({ '4010': '0.00', '6010': '0.00', '3100': '-3000.00', '1010': '3000.00' });
    // The closed year still shows its result; the balance sheet carries it as retained earnings.
    expect((await incomeStatement('2024-01-01', '2024-12-31')).netIncome).toBe('3000.00');
    const sheet = (await api('GET', '/api/finance/balancesheet?date=2024-12-31')).json();
    expect(sheet.equity).toEqual([expect.objectContaining({ code: '3100', amount: '3000.00' })]);
    expect(sheet.isBalanced).toBe(true);
    const state = (await api('GET', '/api/finance/closing')).json();
    expect(state).toMatchObject({ lockDate: '2024-12-31', preview: null, closings: [{ id: closing2024.id, entryNumber: entry.number }] });
    const audit = await inTenant(ctx.database.db, org.clientId, (tx) =>
      queryRows<{ action: string; after: { lockDate: string; netIncome: string } }>(
        tx,
        sql`select action, after from audit_log where entity = 'period-closing'`,
      ),
    );
    expect(audit).toEqual([{ action: 'close', after: expect.objectContaining({ lockDate: '2024-12-31', netIncome: '3000.00' }) }]);
  });

  it('refuses afterwards any posting dated on or before the period end, even from an administrator, whatever the document', async () => {
    const before = await snapshot();
    const journal = await api('POST', '/api/finance/transaction', {
      date: '2024-12-31',
      lines: [
        { accountId: acc['1010'], debit: '1.00' },
        { accountId: acc['4900'], credit: '1.00' },
      ],
    });
    expect(journal.json()).toMatchObject({ statusCode: 400, code: 'PERIOD_LOCKED', message: 'The books are closed up to 2024-12-31; choose a later date.' });
    const transfer = await api('POST', '/api/finance/transfer', { date: '2024-07-01', fromAccountId: acc['1010'], toAccountId: acc['1030'], amount: '5.00' });
    expect(transfer.json().code).toBe('PERIOD_LOCKED');
    const cheque = await api('POST', '/api/finance/writecheck', {
      bankAccountId: acc['1030'],
      date: '2024-12-01',
      payeeType: 'other',
      payeeName: 'X',
      amount: '5.00',
      lines: [{ accountId: acc['6900'], amount: '5.00' }],
    });
    expect(cheque.json().code).toBe('PERIOD_LOCKED');
    const reverse = await api('POST', `/api/finance/transaction/${closing2024.entryId}/reverse`, {});
    expect(reverse.json().code).toBe('PERIOD_LOCKED');
    const again = await api('POST', '/api/finance/closing', { periodEnd: '2024-12-31' });
    expect(again.json().details).toEqual([{ field: 'periodEnd', message: 'The books are closed up to 2024-12-31; choose a later date.' }]);
    const future = await api('POST', '/api/finance/closing', { periodEnd: '2999-12-31' });
    expect(future.json().details).toEqual([
      { field: 'periodEnd', message: expect.stringMatching(/^The period end cannot be after today \(\d{4}-\d{2}-\d{2}\)\.$/) },
    ]);
    const notEquity = await api('POST', '/api/finance/closing', { periodEnd: '2025-12-31', retainedEarningsAccountId: acc['1010'] });
    expect(notEquity.json().details).toEqual([{ field: 'retainedEarningsAccountId', message: 'Choose an active equity account for retained earnings.' }]);
    expect(await snapshot()).toEqual(before);
  });

  it('closes 2025 with a loss: retained earnings debited, the period starting after the last closing', async () => {
    const res = await api('POST', '/api/finance/closing', { periodEnd: '2025-12-31' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      periodStart: '2025-01-01',
      periodEnd: '2025-12-31',
      netIncome: '-500.00',
      totals: { income: '3000.00', expenses: '3500.00' },
    });
    const entry = (await api('GET', `/api/finance/transaction/${res.json().entryId}`)).json();
    expect(entry.lines.map((l: { accountCode: string; debit: string; credit: string }) => [l.accountCode, l.debit, l.credit])).toEqual([
      ['4010', '3000.00', '0.00'],
      ['5020', '0.00', '3500.00'],
      ['3100', '500.00', '0.00'],
    ]);
    expect(await netByCode(ctx, org.clientId)).toMatchObject({ '4010': '0.00', '5020': '0.00', '3100': '-2500.00' });
    expect((await incomeStatement('2025-01-01', '2025-12-31')).netIncome).toBe('-500.00');
  });
});

describe('POST /api/finance/closing/reopen', () => {
  it('is refused to a non-administrator, even one holding list-closing-accounts, and changes nothing', async () => {
    const accountant = await staffToken(ctx, org, ['list-closing-accounts']);
    expect((await api('GET', '/api/finance/closing', undefined, accountant)).statusCode).toBe(200);
    const before = await snapshot();
    const res = await api('POST', '/api/finance/closing/reopen', { lockDate: '2024-12-31', reason: 'Late invoice' }, accountant);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ statusCode: 403, code: 'FORBIDDEN', message: 'Only an administrator can reopen closed periods.' });
    const so = await api('POST', '/api/finance/closing/reopen', { lockDate: '2024-12-31', reason: 'Late invoice' }, accountant, { 'x-lang': 'so' });
    expect(so.json().message).toBe('Maamule keliya ayaa dib u furi kara muddooyinka la xiray.');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a lock date that is not earlier, and asks for a reason of at least three characters', async () => {
    const before = await snapshot();
    expect((await api('POST', '/api/finance/closing/reopen', { lockDate: '2025-12-31', reason: 'No change' })).json().details).toEqual([
      { field: 'lockDate', message: 'The new lock date must be before the current one (2025-12-31).' },
    ]);
    expect((await api('POST', '/api/finance/closing/reopen', { lockDate: '2024-12-31', reason: '' })).json().details).toEqual([
      { field: 'reason', message: 'The min number of characters is 3' },
    ]);
    expect((await api('POST', '/api/finance/closing/reopen', { lockDate: '2024-12-31' })).json().details).toEqual([
      { field: 'reason', message: 'Field is required.' },
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('lets an administrator reopen with a reason, logged; the closing entry stays; the period can be corrected and closed again', async () => {
    const entriesBefore = (await snapshot()).entries;
    const res = await api('POST', '/api/finance/closing/reopen', { lockDate: '2024-12-31', reason: 'Late supplier invoice for December' });
    expect(res.statusCode).toBe(200);
    const [closing2025] = (await api('GET', '/api/finance/closing')).json().closings;
    expect(res.json()).toEqual({ previousLockDate: '2025-12-31', lockDate: '2024-12-31', reopened: [closing2025.id] });
    expect(closing2025).toMatchObject({
      periodEnd: '2025-12-31',
      reopenedBy: 'Administrator',
      reopenReason: 'Late supplier invoice for December',
      isEntryReversed: false,
    });
    expect((await snapshot()).entries).toBe(entriesBefore);
    const audit = await inTenant(ctx.database.db, org.clientId, (tx) =>
      queryRows<{ action: string; username: string; before: unknown; after: unknown }>(
        tx,
        sql`select action, username, before, after from audit_log where entity = 'ledger-lock'`,
      ),
    );
    expect(audit).toEqual([
      {
        action: 'reopen',
        username: 'admin',
        before: { lockDate: '2025-12-31' },
        after: { lockDate: '2024-12-31', reason: 'Late supplier invoice for December', reopenedClosings: [closing2025.id] },
      },
    ]);

    // 2024 stays closed; 2025 takes postings again. Reverse the 2025 closing and add the late invoice.
    expect(
      (
        await api('POST', '/api/finance/transaction', {
          date: '2024-12-31',
          lines: [
            { accountId: acc['1010'], debit: '1.00' },
            { accountId: acc['4900'], credit: '1.00' },
          ],
        })
      ).json().code,
    ).toBe('PERIOD_LOCKED');
    expect((await api('POST', `/api/finance/transaction/${closing2025.entryId}/reverse`, {})).statusCode).toBe(201);
    await post('2025-12-20', [
      { code: '6100', debit: '100.00' },
      { code: '2010', credit: '100.00' },
    ]);
    const preview = (await api('GET', '/api/finance/closing?periodEnd=2025-12-31')).json().preview;
    expect(preview).toMatchObject({ periodStart: '2025-01-01', netIncome: '-600.00' });

    const again = await api('POST', '/api/finance/closing', { periodEnd: '2025-12-31' });
    expect(again.json()).toMatchObject({ netIncome: '-600.00', totals: { income: '3000.00', expenses: '3600.00' } });
    expect(await netByCode(ctx, org.clientId)).toMatchObject({ '4010': '0.00', '5020': '0.00', '6100': '0.00', '3100': '-2400.00' });
    expect((await incomeStatement('2025-01-01', '2025-12-31')).netIncome).toBe('-600.00');
    const history = (await api('GET', '/api/finance/closing')).json();
    expect(history.lockDate).toBe('2025-12-31');
    expect(
      history.closings.map((c: { periodEnd: string; isEntryReversed: boolean; reopenedAt: string | null }) => [
        c.periodEnd,
        c.isEntryReversed,
        c.reopenedAt !== null,
      ]),
    ).toEqual([
      ['2025-12-31', false, false],
      ['2025-12-31', true, true],
      ['2024-12-31', false, false],
    ]);
  });

  it('without reversing, a second closing posts only what changed since', async () => {
    await api('POST', '/api/finance/closing/reopen', { lockDate: '2024-12-31', reason: 'Penalty income found' });
    await post('2025-12-30', [
      { code: '1010', debit: '50.00' },
      { code: '4060', credit: '50.00' },
    ]);
    const res = await api('POST', '/api/finance/closing', { periodEnd: '2025-12-31' });
    expect(res.json()).toMatchObject({ netIncome: '50.00', totals: { income: '50.00', expenses: '0.00' } });
    expect(await netByCode(ctx, org.clientId)).toMatchObject({ '4060': '0.00', '3100': '-2450.00' });
    expect((await incomeStatement('2025-01-01', '2025-12-31')).netIncome).toBe('-550.00');
    // Reopening everything (null) marks every closing still in force.
    const all = await api('POST', '/api/finance/closing/reopen', { lockDate: null, reason: 'Audit adjustments' });
    expect(all.json()).toMatchObject({ previousLockDate: '2025-12-31', lockDate: null });
    expect(all.json().reopened).toHaveLength(2);
    expect((await api('POST', '/api/finance/closing/reopen', { lockDate: null, reason: 'Again' })).json()).toMatchObject({
      statusCode: 409,
      code: 'NOT_CLOSED',
    });
  });

  it('leaves the ledger sound', async () => {
    const report = await inTenant(ctx.database.db, org.clientId, (tx) => verifyLedger(tx, { clientId: org.clientId }));
    expect(report.isSound).toBe(true);
  });
});

describe('closing edge cases', () => {
  it('with nothing to close, records the closing without an entry and still locks', async () => {
    const empty = await newOrganisation(ctx);
    const eapi = caller(ctx, () => empty.token);
    const res = await eapi('POST', '/api/finance/closing', { periodEnd: '2024-12-31' });
    expect(res.json()).toMatchObject({ entryId: null, entryNumber: null, netIncome: '0.00' });
    expect((await eapi('GET', '/api/finance/closing')).json().lockDate).toBe('2024-12-31');
  });

  it('names an inactive income account that still has a balance in the period', async () => {
    const other = await newOrganisation(ctx);
    const oacc = await accountsByCode(ctx.database.db, other.clientId);
    const oapi = caller(ctx, () => other.token);
    const j = (date: string, debit: number, credit: number) =>
      oapi('POST', '/api/finance/transaction', {
        date,
        lines: [
          { accountId: debit, debit: '10.00' },
          { accountId: credit, credit: '10.00' },
        ],
      });
    await j('2024-05-01', oacc['1010'], oacc['4060']);
    await j('2025-05-01', oacc['4060'], oacc['1010']);
    expect((await oapi('PATCH', `/api/finance/accounts/${oacc['4060']}/status`, { status: 'Inactive' })).statusCode).toBe(200);
    const before = await treasurySnapshot(ctx, other.clientId);
    const res = await oapi('POST', '/api/finance/closing', { periodEnd: '2024-12-31' });
    expect(res.json().details).toEqual([
      { field: 'periodEnd', message: 'The inactive account 4060 has a balance to close; make it active again before closing.' },
    ]);
    expect(await treasurySnapshot(ctx, other.clientId)).toEqual(before);
  });

  it('answers 403 without list-closing-accounts and changes nothing', async () => {
    const clerk = await staffToken(ctx, org, ['general-journal', 'trail-balance']);
    const before = await snapshot();
    for (const [method, url, payload] of [
      ['GET', '/api/finance/closing', undefined],
      ['POST', '/api/finance/closing', { periodEnd: '2025-12-31' }],
      ['POST', '/api/finance/closing/reopen', { lockDate: null, reason: 'Trying' }],
    ] as const) {
      const res = await api(method, url, payload, clerk);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect(await snapshot()).toEqual(before);
  });
});
