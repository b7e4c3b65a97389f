import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { newOrganisation, startTestApp, type TestContext } from '../../test/harness.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { inTenant } from '../db/tenant.ts';
import { AppError } from '../plugins/errors.ts';
import { type Posting, nextDocumentNumbers, postJournal, postJournalBatch, setLockDate, verifyLedger } from './index.ts';
import { accountsByCode, ledgerCounts } from './ledger-test-kit.ts';

let ctx: TestContext;
let db: Db;

beforeAll(async () => {
  ctx = await startTestApp();
  db = ctx.database.db;
});
afterAll(() => ctx.close());

type Org = Awaited<ReturnType<typeof newOrganisation>>;
type Draft = Omit<Posting, 'clientId' | 'lines'> & { lines: Array<Omit<Posting['lines'][number], 'accountId'> & { code: string }> };

/** Postings written with account codes, turned into an organisation's account ids. */
async function forOrg(org: Org, drafts: Draft[]): Promise<Posting[]> {
  const acc = await accountsByCode(db, org.clientId);
  return drafts.map(({ lines, ...p }) => ({ ...p, clientId: org.clientId, lines: lines.map(({ code, ...l }) => ({ ...l, accountId: acc[code] })) }));
}

/** Everything the postings left in an organisation's books, by account code (ids differ between organisations). */
async function books(clientId: number) {
  return inTenant(db, clientId, async (tx) => ({
    entries: await queryRows(
      tx,
      sql`
      select series, entry_no::int, date::text, reference, memo, source_type, source_id::int, total::text from journal_entries order by series, entry_no`,
    ),
    lines: await queryRows(
      tx,
      sql`
      select e.series, e.entry_no::int, a.code, l.debit::text, l.credit::text, l.party_type, l.party_id, l.memo, l.date::text
      from journal_lines l join journal_entries e on e.id = l.entry_id join accounts a on a.id = l.account_id
      order by e.series, e.entry_no, l.id`,
    ),
    balances: await queryRows(
      tx,
      sql`
      select a.code, b.date::text, b.debit::text, b.credit::text, b.line_count from account_daily_balances b join accounts a on a.id = b.account_id
      order by a.code, b.date`,
    ),
    counters: await queryRows(tx, sql`select series, next_no::int from document_counters order by series`),
  }));
}

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

const drafts: Draft[] = [
  {
    date: '2025-03-01',
    reference: ' B-1 ',
    memo: 'Bill 1',
    sourceType: 'bill',
    sourceId: 11,
    lines: [
      { code: '1100', debit: '23.10', partyType: 'customer', partyId: 7 },
      { code: '4020', credit: '22.00' },
      { code: '2200', credit: '1.10' },
    ],
  },
  {
    // Merged per account and party, one line netted from both sides, a memo kept from the first line.
    date: '2025-03-01',
    sourceType: 'journal',
    lines: [
      { code: '1010', debit: '70.25', memo: ' first ' },
      { code: '1010', debit: '30.00' },
      { code: '1100', debit: '10.00', partyType: 'customer', partyId: 7 },
      { code: '1100', credit: '4.00', partyType: 'customer', partyId: 7 },
      { code: '4010', credit: '106.25' },
    ],
  },
  {
    date: '2025-03-02',
    series: 'RV',
    sourceType: 'journal',
    lines: [
      { code: '1010', debit: '5.00' },
      { code: '4010', credit: '5.00' },
    ],
  },
  {
    date: '2025-03-02',
    sourceType: 'bill',
    sourceId: 12,
    lines: [
      { code: '1100', debit: '9.99', partyType: 'customer', partyId: 8 },
      { code: '4020', credit: '9.99' },
    ],
  },
];

describe('postJournalBatch', () => {
  it('leaves exactly the books that posting one by one leaves', async () => {
    const single = await newOrganisation(ctx, { name: 'One by one' });
    const batch = await newOrganisation(ctx, { name: 'Batch' });
    const one = await forOrg(single, drafts);
    await inTenant(db, single.clientId, async (tx) => {
      for (const p of one) await postJournal(tx, { ...p, userId: single.adminId });
    });
    const many = await forOrg(batch, drafts);
    const posted = await inTenant(db, batch.clientId, (tx) => postJournalBatch(tx, { clientId: batch.clientId, userId: batch.adminId, postings: many }));

    expect(posted.map((e) => [e.number, e.total, e.reference, e.sourceType, e.sourceId])).toEqual([
      ['JV-000001', '23.10', 'B-1', 'bill', 11],
      ['JV-000002', '106.25', null, 'journal', null],
      ['RV-000001', '5.00', null, 'journal', null],
      ['JV-000003', '9.99', null, 'bill', 12],
    ]);
    expect(posted[1].lines.map((l) => [l.debit, l.credit, l.partyId, l.memo])).toEqual([
      ['100.25', '0.00', null, 'first'],
      ['6.00', '0.00', 7, null],
      ['0.00', '106.25', null, null],
    ]);
    const stored = await inTenant(db, batch.clientId, (tx) => queryRows<{ id: string }>(tx, sql`select id::text from journal_entries order by id`));
    expect(posted.map((e) => String(e.id)).sort()).toEqual(stored.map((r) => r.id).sort());
    expect(await books(batch.clientId)).toEqual(await books(single.clientId));
    expect((await verifyLedger(db, { clientId: batch.clientId })).isSound).toBe(true);

    // The next single posting continues the same gapless series.
    const next = await inTenant(db, batch.clientId, (tx) => postJournal(tx, { ...many[3], date: '2025-03-03' }));
    expect(next.number).toBe('JV-000004');
    expect((await verifyLedger(db, { clientId: batch.clientId })).numberingGaps).toEqual([]);
  });

  it('refuses the whole batch for one bad posting, naming it, and writes nothing', async () => {
    const org = await newOrganisation(ctx, { name: 'Refusals' });
    const acc = await accountsByCode(db, org.clientId);
    const good = (await forOrg(org, drafts)).slice(0, 2);
    const batch = (bad: Omit<Posting, 'clientId'>) =>
      inTenant(db, org.clientId, (tx) => postJournalBatch(tx, { clientId: org.clientId, postings: [...good, bad] }));
    const before = await ledgerCounts(db, org.clientId);

    const unbalanced = await refusal(
      batch({
        date: '2025-03-03',
        sourceType: 'journal',
        lines: [
          { accountId: acc['1010'], debit: '100.00' },
          { accountId: acc['4010'], credit: '99.99' },
        ],
      }),
    );
    expect([unbalanced.code, unbalanced.messageKey, unbalanced.details]).toEqual([
      'UNBALANCED',
      'ledger.unbalanced|0.01',
      [{ field: 'postings.2.lines', message: 'ledger.unbalanced|0.01' }],
    ]);
    const empty = await refusal(batch({ date: '2025-03-03', sourceType: 'journal', lines: [] }));
    expect([empty.code, empty.details]).toEqual(['LEDGER_EMPTY', [{ field: 'postings.2.lines', message: 'ledger.empty' }]]);
    const zero = await refusal(
      batch({
        date: '2025-03-03',
        sourceType: 'journal',
        lines: [
          { accountId: acc['1010'], debit: '5.00' },
          { accountId: acc['1010'], credit: '5.00' },
        ],
      }),
    );
    expect(zero.code).toBe('ZERO_ENTRY');
    const fields = await refusal(
      batch({
        date: '2025-02-30',
        sourceType: 'journal',
        lines: [
          { accountId: acc['1010'], debit: '-5.00' },
          { accountId: 999999, debit: '5.00' },
          { accountId: acc['1100'], debit: '1.005', partyType: 'customer' },
        ],
      }),
    );
    expect(fields.details).toEqual([
      { field: 'postings.2.date', message: 'v.date' },
      { field: 'postings.2.lines.0.debit', message: 'ledger.negative' },
      { field: 'postings.2.lines.1.accountId', message: 'ledger.unknownAccount' },
      { field: 'postings.2.lines.2.debit', message: 'v.money' },
      { field: 'postings.2.lines.2.partyId', message: 'ledger.partyIncomplete' },
    ]);

    await inTenant(db, org.clientId, (tx) => tx.execute(sql`update accounts set status = 'Inactive' where id = ${acc['6190']}`));
    const inactive = await refusal(
      batch({
        date: '2025-03-03',
        sourceType: 'journal',
        lines: [
          { accountId: acc['6190'], debit: '5.00' },
          { accountId: acc['1010'], credit: '5.00' },
        ],
      }),
    );
    expect(inactive.details).toEqual([{ field: 'postings.2.lines.0.accountId', message: 'ledger.inactiveAccount' }]);
    await inTenant(db, org.clientId, (tx) => tx.execute(sql`update accounts set status = 'Active' where id = ${acc['6190']}`));

    await inTenant(db, org.clientId, (tx) => setLockDate(tx, org.clientId, '2025-03-01'));
    const before2 = await ledgerCounts(db, org.clientId);
    const locked = await refusal(inTenant(db, org.clientId, (tx) => postJournalBatch(tx, { clientId: org.clientId, postings: good })));
    expect([locked.code, locked.details]).toEqual(['PERIOD_LOCKED', [{ field: 'postings.0.date', message: 'ledger.locked|2025-03-01' }]]);
    expect(await ledgerCounts(db, org.clientId)).toEqual(before2);
    await inTenant(db, org.clientId, (tx) => setLockDate(tx, org.clientId, null));

    expect(await ledgerCounts(db, org.clientId)).toEqual(before);
    expect(await inTenant(db, org.clientId, (tx) => postJournalBatch(tx, { clientId: org.clientId, postings: [] }))).toEqual([]);
  });

  it('rolls back with the caller: a failure after the batch leaves no entry and no number used', async () => {
    const org = await newOrganisation(ctx, { name: 'Rollback' });
    const postings = await forOrg(org, drafts);
    const before = await ledgerCounts(db, org.clientId);
    await expect(
      inTenant(db, org.clientId, async (tx) => {
        await postJournalBatch(tx, { clientId: org.clientId, postings });
        throw new Error('caller fails after posting');
      }),
    ).rejects.toThrow('caller fails after posting');
    expect(await ledgerCounts(db, org.clientId)).toEqual(before);
    const posted = await inTenant(db, org.clientId, (tx) => postJournalBatch(tx, { clientId: org.clientId, postings }));
    expect(posted.map((e) => e.number)).toEqual(['JV-000001', 'JV-000002', 'RV-000001', 'JV-000003']);
  });

  it('uses the same few statements for 4 postings as for 400', async () => {
    const org = await newOrganisation(ctx, { name: 'Statements' });
    const postings = await forOrg(org, drafts);
    const statements = (list: Posting[]) =>
      inTenant(db, org.clientId, async (tx) => {
        let n = 0;
        const execute = (q: Parameters<Db['execute']>[0]) => {
          n += 1;
          return tx.execute(q);
        };
        const counted = new Proxy(tx, { get: (target, prop, receiver) => (prop === 'execute' ? execute : Reflect.get(target, prop, receiver)) });
        await postJournalBatch(counted, { clientId: org.clientId, postings: list });
        return n;
      });
    const few = await statements(postings);
    const many = await statements(Array.from({ length: 100 }, () => postings).flat());
    expect(many).toBe(few);
    expect(few).toBeLessThanOrEqual(4);
    const counts = await ledgerCounts(db, org.clientId);
    // 101 sets of the four postings, ten lines each once merged.
    expect([counts.entries, counts.lines]).toEqual([404, 1010]);
    expect((await verifyLedger(db, { clientId: org.clientId })).isSound).toBe(true);
  });

  it('reserves a block of numbers in one statement, continuing the series', async () => {
    const org = await newOrganisation(ctx, { name: 'Numbers' });
    const [a, b] = await inTenant(db, org.clientId, async (tx) => [
      await nextDocumentNumbers(tx, org.clientId, 'X', 3),
      await nextDocumentNumbers(tx, org.clientId, 'X', 2),
    ]);
    expect([a, b]).toEqual([1, 4]);
    const [counter] = await inTenant(db, org.clientId, (tx) =>
      queryRows<{ next_no: string }>(tx, sql`select next_no::text from document_counters where series = 'X'`),
    );
    expect(counter.next_no).toBe('6');
    await expect(inTenant(db, org.clientId, (tx) => nextDocumentNumbers(tx, org.clientId, 'X', 0))).rejects.toThrow('positive');
  });
});
