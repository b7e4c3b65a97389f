// postJournal at the edges its worked cases in post-journal.test.ts leave open (found by
// `npm run mutation -- ledger`): parties named by half, amounts that are not text or too large, the
// entry's total against numeric(18,2) and the organisation's maximum, blank texts, and which refusal
// wins when several apply. `npm run mutation -- ledger-db` added: what postJournal answers it wrote (its
// user, branch, line ids, accounts), an entry of zero lines, several refusals in form order, the lock date
// itself, the largest row id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOrganisation, startTestApp, type TestContext } from '../../test/harness.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { inTenant } from '../db/tenant.ts';
import { mainBranchId } from '../modules/metering/billing-test-kit.ts';
import { AppError } from '../plugins/errors.ts';
import { sql } from 'drizzle-orm';
import { Decimal, type Posting, postJournal, setLockDate, setMaxDocumentAmount } from './index.ts';
import { accountsByCode, ledgerCounts } from './ledger-test-kit.ts';

let ctx: TestContext;
let db: Db;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let acc: Record<string, number>;

beforeAll(async () => {
  ctx = await startTestApp();
  db = ctx.database.db;
  org = await newOrganisation(ctx, { name: 'Edge Water' });
  acc = await accountsByCode(db, org.clientId);
});
afterAll(() => ctx.close());

type Lines = Posting['lines'];
const post = (posting: Partial<Posting> & { lines: Lines }, clientId = org.clientId) =>
  inTenant(db, clientId, (tx) => postJournal(tx, { clientId, sourceType: 'journal', date: '2025-04-01', ...posting }));

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw err;
  return err;
}
const pair = (amount: string, debitAccount = acc['1010'], creditAccount = acc['4010']): Lines => [
  { accountId: debitAccount, debit: amount },
  { accountId: creditAccount, credit: amount },
];

describe('line checks', () => {
  it('refuses a party named by half or of an unknown type, and account and party ids out of range', async () => {
    const before = await ledgerCounts(db, org.clientId);
    const err = await refusal(
      post({
        lines: [
          { accountId: acc['1100'], debit: '1.00', partyType: 'planet' as never, partyId: 3 },
          { accountId: acc['1100'], debit: '1.00', partyId: 3 },
          { accountId: acc['1100'], debit: '1.00', partyType: 'customer', partyId: 0 },
          { accountId: acc['1100'], debit: '1.00', partyType: 'customer', partyId: 2147483648 },
          { accountId: 2147483648, debit: '1.00' },
          { accountId: 0, debit: '1.00' },
          { accountId: acc['4010'], credit: '6.00' },
        ],
      }),
    );
    expect(err.details).toEqual([
      { field: 'lines.0.partyType', message: 'v.invalid' },
      { field: 'lines.1.partyType', message: 'ledger.partyIncomplete' },
      { field: 'lines.2.partyId', message: 'ledger.partyIncomplete' },
      { field: 'lines.3.partyId', message: 'ledger.partyIncomplete' },
      { field: 'lines.4.accountId', message: 'ledger.unknownAccount' },
      { field: 'lines.5.accountId', message: 'ledger.unknownAccount' },
    ]);
    expect(await ledgerCounts(db, org.clientId)).toEqual(before);
  });

  it('takes amounts as decimal text (trimmed) or Decimal, and refuses numbers, exponents and 16 digits before the point', async () => {
    const entry = await post({
      lines: [
        { accountId: acc['1010'], debit: ' 12.5 ' },
        { accountId: acc['4010'], credit: new Decimal('12.50') },
      ],
    });
    expect(entry.lines.map((l) => [l.debit, l.credit])).toEqual([
      ['12.50', '0.00'],
      ['0.00', '12.50'],
    ]);
    const err = await refusal(
      post({
        lines: [
          { accountId: acc['1010'], debit: 5 as never },
          { accountId: acc['1010'], debit: '1e3' },
          { accountId: acc['1010'], debit: '10000000000000000' },
          { accountId: acc['1010'], debit: new Decimal('Infinity') },
          { accountId: acc['1010'], debit: new Decimal('0.001') },
          { accountId: acc['4010'], credit: '5.00' },
        ],
      }),
    );
    expect(err.details).toEqual([0, 1, 2, 3, 4].map((i) => ({ field: `lines.${i}.debit`, message: 'v.money' })));
  });

  it('takes a line of 16 nines and refuses an entry whose total reaches 10^16', async () => {
    const atMost = '9999999999999999.99';
    const big = await refusal(
      post({
        lines: [
          { accountId: acc['1010'], debit: atMost },
          { accountId: acc['1010'], debit: '0.01' },
          { accountId: acc['4010'], credit: atMost },
          { accountId: acc['4010'], credit: '0.01' },
        ],
        limitField: null,
      }),
    );
    expect([big.code, big.details]).toEqual(['VALIDATION', [{ field: 'lines', message: 'v.money' }]]);
  });
});

describe('the entry', () => {
  it('stores blank reference and memo as none, trims them, and keeps the first memo of merged lines', async () => {
    const blank = await post({ reference: '   ', memo: ' ', lines: pair('1.00') });
    expect([blank.reference, blank.memo]).toEqual([null, null]);
    const named = await post({
      reference: ' R-9 ',
      memo: ' Kiosk ',
      lines: [
        { accountId: acc['1010'], debit: '1.00', memo: '  ' },
        { accountId: acc['1010'], debit: '2.00', memo: ' first ' },
        { accountId: acc['1010'], debit: '3.00', memo: 'second' },
        { accountId: acc['4010'], credit: '6.00' },
      ],
    });
    expect([named.reference, named.memo]).toEqual(['R-9', 'Kiosk']);
    expect(named.lines[0]).toMatchObject({ debit: '6.00', memo: 'first' });
  });

  it('needs a source type and a real YYYY-MM-DD date', async () => {
    await expect(
      inTenant(db, org.clientId, (tx) => postJournal(tx, { clientId: org.clientId, sourceType: '', date: '2025-04-01', lines: pair('1.00') })),
    ).rejects.toThrow('sourceType is required');
    for (const date of ['2025-4-01', '2025-04-01x', '2025-13-01', 20250401 as never]) {
      expect((await refusal(post({ date, lines: pair('1.00') }))).details).toEqual([{ field: 'date', message: 'v.date' }]);
    }
  });

  it('takes a missing, null or blank side as zero, names a bad credit on its field, and refuses unknown accounts of a balanced entry', async () => {
    const sides = await post({
      lines: [
        { accountId: acc['1010'], debit: '4.00', credit: null as never },
        { accountId: acc['4010'], debit: '', credit: '4.00' },
      ],
    });
    expect(sides.lines.map((l) => [l.debit, l.credit])).toEqual([
      ['4.00', '0.00'],
      ['0.00', '4.00'],
    ]);
    const badCredit = await refusal(
      post({
        lines: [
          { accountId: acc['1010'], debit: '1.00' },
          { accountId: acc['4010'], credit: '1,00' },
        ],
      }),
    );
    expect(badCredit.details).toEqual([{ field: 'lines.1.credit', message: 'v.money' }]);
    // Well formed and balanced, so only the database can tell the accounts do not exist.
    const before = await ledgerCounts(db, org.clientId);
    const unknown = await refusal(post({ lines: pair('1.00', 99_999_998, 99_999_999) }));
    expect(unknown.details).toEqual([
      { field: 'lines.0.accountId', message: 'ledger.unknownAccount' },
      { field: 'lines.1.accountId', message: 'ledger.unknownAccount' },
    ]);
    expect(await ledgerCounts(db, org.clientId)).toEqual(before);
  });

  it('answers what it wrote: the user, the branch, the line ids and the accounts, as stored', async () => {
    const branchId = await mainBranchId(ctx, org.clientId);
    const entry = await inTenant(db, org.clientId, (tx) =>
      postJournal(tx, { clientId: org.clientId, sourceType: 'journal', date: '2025-04-02', branchId, userId: org.adminId, lines: pair('3.00') }),
    );
    expect({ branchId: entry.branchId, userId: entry.userId }).toEqual({ branchId, userId: org.adminId });
    const stored = await inTenant(db, org.clientId, (tx) =>
      queryRows<{ branch_id: number; user_id: number; line_id: string; account_id: number }>(
        tx,
        sql`select e.branch_id, e.user_id, l.id as line_id, l.account_id from journal_entries e join journal_lines l on l.entry_id = e.id
            where e.id = ${entry.id} order by l.id`,
      ),
    );
    expect(stored.map((r) => [Number(r.branch_id), Number(r.user_id)])).toEqual([
      [branchId, org.adminId],
      [branchId, org.adminId],
    ]);
    expect(entry.lineIds).toEqual(stored.map((r) => Number(r.line_id)));
    expect(entry.accounts.get(acc['1010'])).toMatchObject({ code: '1010', type: 'asset' });
    expect(entry.accounts.get(acc['4010'])).toMatchObject({ code: '4010' });
    // Without them: none recorded.
    const plain = await post({ lines: pair('1.00') });
    expect({ branchId: plain.branchId, userId: plain.userId }).toEqual({ branchId: null, userId: null });
  });

  it('drops lines that net to nothing, refuses an entry left with none, and lists several refusals in form order', async () => {
    // 5.00 in and out of cash on one line each: they net to nothing, and nothing is left to post.
    const netted = pair('5.00', acc['1010'], acc['1010']);
    const zero = await refusal(post({ lines: netted }));
    expect([zero.code, zero.details]).toEqual(['ZERO_ENTRY', [{ field: 'lines', message: 'ledger.zero' }]]);
    // Beside a real pair, the netted account leaves no line of 0.00.
    const kept = await post({ lines: [...pair('5.00', acc['1040'], acc['1040']), ...pair('2.00')] });
    expect(kept.lines.map((l) => [l.accountId, l.debit, l.credit])).toEqual([
      [acc['1010'], '2.00', '0.00'],
      [acc['4010'], '0.00', '2.00'],
    ]);
    const several = await refusal(
      post({
        date: '2025-02-30',
        lines: [
          { accountId: acc['1010'], debit: 'x' },
          { accountId: 0, debit: '1.00' },
          { accountId: acc['4010'], credit: '1.00' },
        ],
      }),
    );
    expect([several.messageKey, several.details]).toEqual([
      'common.validation',
      [
        { field: 'date', message: 'v.date' },
        { field: 'lines.0.debit', message: 'v.money' },
        { field: 'lines.1.accountId', message: 'ledger.unknownAccount' },
      ],
    ]);
  });

  it('refuses a posting on the lock date itself as a closed period, even above the maximum', async () => {
    const closed = await newOrganisation(ctx);
    const cacc = await accountsByCode(db, closed.clientId);
    await inTenant(db, closed.clientId, async (tx) => {
      await setMaxDocumentAmount(tx, closed.clientId, '10.00');
      await setLockDate(tx, closed.clientId, '2025-04-01');
    });
    const onLockDate = await refusal(post({ date: '2025-04-01', lines: pair('11.00', cacc['1010'], cacc['4010']) }, closed.clientId));
    expect([onLockDate.code, onLockDate.details]).toEqual(['PERIOD_LOCKED', [{ field: 'date', message: 'ledger.locked|2025-04-01' }]]);
    expect((await post({ date: '2025-04-02', lines: pair('10.00', cacc['1010'], cacc['4010']) }, closed.clientId)).total).toBe('10.00');
    // After the lock date, above the maximum: the maximum is the refusal, not the closed period.
    const afterLock = await refusal(post({ date: '2025-04-02', lines: pair('11.00', cacc['1010'], cacc['4010']) }, closed.clientId));
    expect([afterLock.code, afterLock.details]).toEqual(['AMOUNT_LIMIT', [{ field: 'lines', message: 'ledger.amountLimit|10.00' }]]);
  });

  it("refuses above the organisation's maximum on the document's field, takes the maximum itself, and exempts when told", async () => {
    const capped = await newOrganisation(ctx);
    const cacc = await accountsByCode(db, capped.clientId);
    await inTenant(db, capped.clientId, (tx) => setMaxDocumentAmount(tx, capped.clientId, '1000.00'));
    const over = pair('1000.01', cacc['1010'], cacc['4010']);
    const byDefault = await refusal(post({ lines: over }, capped.clientId));
    expect([byDefault.code, byDefault.messageKey, byDefault.details]).toEqual([
      'AMOUNT_LIMIT',
      'ledger.amountLimit|1,000.00',
      [{ field: 'lines', message: 'ledger.amountLimit|1,000.00' }],
    ]);
    expect((await refusal(post({ lines: over, limitField: 'amount' }, capped.clientId))).details).toEqual([
      { field: 'amount', message: 'ledger.amountLimit|1,000.00' },
    ]);
    expect((await post({ lines: pair('1000.00', cacc['1010'], cacc['4010']) }, capped.clientId)).total).toBe('1000.00');
    expect((await post({ lines: over, limitField: null }, capped.clientId)).total).toBe('1000.01');
    // Over the maximum in a closed period: the closed period is the refusal.
    await inTenant(db, capped.clientId, (tx) => setLockDate(tx, capped.clientId, '2025-04-30'));
    expect((await refusal(post({ lines: over }, capped.clientId))).code).toBe('PERIOD_LOCKED');
  });
});
