import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { newOrganisation, startTestApp, type TestContext } from '../../test/harness.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { inSystem, inTenant } from '../db/tenant.ts';
import { AppError } from '../plugins/errors.ts';
import { DEFAULT_CHART, type Posting, postJournal, reverseJournal, SYSTEM_ACCOUNTS, seedDefaultChart, setLockDate, verifyLedger } from './index.ts';
import { accountsByCode, ledgerCounts } from './ledger-test-kit.ts';

let ctx: TestContext;
let db: Db;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let acc: Record<string, number>;

beforeAll(async () => {
  ctx = await startTestApp();
  db = ctx.database.db;
  org = await newOrganisation(ctx, { name: 'Ledger Water' });
  acc = await accountsByCode(db, org.clientId);
});
afterAll(() => ctx.close());

const post = (posting: Omit<Posting, 'clientId' | 'sourceType'> & { sourceType?: string }, clientId = org.clientId) =>
  inTenant(db, clientId, (tx) => postJournal(tx, { clientId, sourceType: 'journal', ...posting }));

/** The AppError a posting is refused with (fails the test if it is accepted or fails otherwise). */
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

/** The database's own message for a refused statement or commit (Drizzle wraps statement errors). */
async function dbFailure(promise: Promise<unknown>): Promise<string> {
  const err = await promise.then(
    () => {
      throw new Error('expected the database to refuse');
    },
    (e: unknown) => e as Error & { cause?: Error },
  );
  return `${err.message} ${err.cause?.message ?? ''}`;
}

const rows = <T>(clientId: number, query: ReturnType<typeof sql>) => inTenant(db, clientId, (tx) => queryRows<T>(tx, query));

describe('default chart', () => {
  it('gives a new organisation a utility chart in English and Somali with its system accounts', async () => {
    expect(Object.keys(acc)).toHaveLength(DEFAULT_CHART.length);
    for (const code of Object.values(SYSTEM_ACCOUNTS)) expect(acc[code]).toBeGreaterThan(0);
    const all = await rows<{ code: string; name_en: string; name_so: string; is_system: boolean; parent_code: string | null }>(
      org.clientId,
      sql`
      select a.code, a.name_en, a.name_so, a.is_system, p.code as parent_code from accounts a left join accounts p on p.id = a.parent_id`,
    );
    expect(all.every((a) => a.name_en.length > 0 && a.name_so.length > 0)).toBe(true);
    expect(
      all
        .filter((a) => a.is_system)
        .map((a) => a.code)
        .sort(),
    ).toEqual(Object.values(SYSTEM_ACCOUNTS).sort());
    expect(all.find((a) => a.code === SYSTEM_ACCOUNTS.accumulatedDepreciation)?.parent_code).toBe(SYSTEM_ACCOUNTS.fixedAssets);
    expect(all.find((a) => a.code === SYSTEM_ACCOUNTS.waterSales)?.name_so).toBe('Iibka biyaha');
  });

  it('is idempotent', async () => {
    await inSystem(db, (tx) => seedDefaultChart(tx, org.clientId));
    expect(await accountsByCode(db, org.clientId)).toEqual(acc);
  });
});

describe('postJournal', () => {
  it('merges lines per account, numbers the entry and keeps daily balances', async () => {
    const entry = await post({
      date: '2025-03-01',
      reference: 'R-1',
      memo: 'Water sales, 1 March',
      lines: [
        { accountId: acc['1010'], debit: '70.25' },
        { accountId: acc['1040'], debit: '30.00' },
        { accountId: acc['4010'], credit: '60.00' },
        { accountId: acc['4010'], credit: '40.25' },
      ],
    });
    expect(entry).toMatchObject({ series: 'JV', number: `JV-${String(entry.entryNo).padStart(6, '0')}`, total: '100.25', date: '2025-03-01' });
    expect(entry.lines).toEqual([
      { accountId: acc['1010'], debit: '70.25', credit: '0.00', partyType: null, partyId: null, memo: null },
      { accountId: acc['1040'], debit: '30.00', credit: '0.00', partyType: null, partyId: null, memo: null },
      { accountId: acc['4010'], debit: '0.00', credit: '100.25', partyType: null, partyId: null, memo: null },
    ]);
    const stored = await rows<{ account_id: number; debit: string; credit: string; date: string }>(
      org.clientId,
      sql`
      select account_id, debit, credit, date::text as date from journal_lines where entry_id = ${entry.id} order by id`,
    );
    expect(stored.map((l) => [l.account_id, l.debit, l.credit, l.date])).toEqual([
      [acc['1010'], '70.25', '0.00', '2025-03-01'],
      [acc['1040'], '30.00', '0.00', '2025-03-01'],
      [acc['4010'], '0.00', '100.25', '2025-03-01'],
    ]);
    const balance = await rows<{ debit: string; credit: string }>(
      org.clientId,
      sql`
      select debit, credit from account_daily_balances where account_id = ${acc['4010']} and date = '2025-03-01'`,
    );
    expect(balance).toEqual([{ debit: '0.00', credit: '100.25' }]);
    expect((await verifyLedger(db, { clientId: org.clientId })).isSound).toBe(true);
  });

  it('keeps separate lines per party on one account and nets a line that has both sides', async () => {
    const entry = await post({
      date: '2025-03-02',
      lines: [
        { accountId: acc['1100'], debit: '10.00', partyType: 'customer', partyId: 7 },
        { accountId: acc['1100'], debit: '15.00', partyType: 'customer', partyId: 8 },
        { accountId: acc['1100'], credit: '4.00', partyType: 'customer', partyId: 7 },
        { accountId: acc['4010'], credit: '21.00' },
      ],
    });
    expect(entry.lines.map((l) => [l.partyId, l.debit, l.credit])).toEqual([
      [7, '6.00', '0.00'],
      [8, '15.00', '0.00'],
      [null, '0.00', '21.00'],
    ]);
  });

  it('refuses faulty lines with one field error each and writes nothing', async () => {
    const other = await newOrganisation(ctx);
    const otherAcc = await accountsByCode(db, other.clientId);
    await inTenant(db, org.clientId, (tx) => tx.execute(sql`update accounts set status = 'Inactive' where id = ${acc['6190']}`));
    const before = await ledgerCounts(db, org.clientId);
    const err = await refusal(
      post({
        date: '2025-03-03',
        lines: [
          { accountId: acc['1010'], debit: '-5.00' },
          { accountId: 999999, debit: '5.00' },
          { accountId: otherAcc['1010'], debit: '5.00' },
          { accountId: acc['6190'], debit: '5.00' },
          { accountId: acc['1010'], debit: '5.00', credit: '5.00' },
          { accountId: acc['1010'] },
          { accountId: acc['1100'], debit: '5.00', partyType: 'customer' },
          { accountId: acc['1010'], debit: '1.005' },
          { accountId: acc['4010'], credit: '20.00' },
        ],
      }),
    );
    expect(err.statusCode).toBe(400);
    expect(err.code).toBe('VALIDATION');
    expect(err.details).toEqual([
      { field: 'lines.0.debit', message: 'ledger.negative' },
      { field: 'lines.1.accountId', message: 'ledger.unknownAccount' },
      { field: 'lines.2.accountId', message: 'ledger.unknownAccount' },
      { field: 'lines.3.accountId', message: 'ledger.inactiveAccount' },
      { field: 'lines.4.credit', message: 'ledger.bothSides' },
      { field: 'lines.5.debit', message: 'ledger.zeroLine' },
      { field: 'lines.6.partyId', message: 'ledger.partyIncomplete' },
      { field: 'lines.7.debit', message: 'v.money' },
    ]);
    expect(await ledgerCounts(db, org.clientId)).toEqual(before);
    await inTenant(db, org.clientId, (tx) => tx.execute(sql`update accounts set status = 'Active' where id = ${acc['6190']}`));
  });

  it('refuses empty, unbalanced and zero entries and a bad date, writing nothing', async () => {
    const before = await ledgerCounts(db, org.clientId);
    const empty = await refusal(post({ date: '2025-03-03', lines: [] }));
    expect([empty.code, empty.messageKey, empty.details]).toEqual(['LEDGER_EMPTY', 'ledger.empty', [{ field: 'lines', message: 'ledger.empty' }]]);
    const unbalanced = await refusal(
      post({
        date: '2025-03-03',
        lines: [
          { accountId: acc['1010'], debit: '100.00' },
          { accountId: acc['4010'], credit: '99.99' },
        ],
      }),
    );
    expect([unbalanced.code, unbalanced.messageKey, unbalanced.details]).toEqual([
      'UNBALANCED',
      'ledger.unbalanced|0.01',
      [{ field: 'lines', message: 'ledger.unbalanced|0.01' }],
    ]);
    const single = await refusal(post({ date: '2025-03-03', lines: [{ accountId: acc['1010'], debit: '100.00' }] }));
    expect(single.code).toBe('UNBALANCED');
    const zero = await refusal(
      post({
        date: '2025-03-03',
        lines: [
          { accountId: acc['1010'], debit: '5.00' },
          { accountId: acc['1010'], credit: '5.00' },
        ],
      }),
    );
    expect(zero.code).toBe('ZERO_ENTRY');
    const badDate = await refusal(
      post({
        date: '2025-02-30',
        lines: [
          { accountId: acc['1010'], debit: '5.00' },
          { accountId: acc['4010'], credit: '5.00' },
        ],
      }),
    );
    expect(badDate.details).toEqual([{ field: 'date', message: 'v.date' }]);
    expect(await ledgerCounts(db, org.clientId)).toEqual(before);
  });

  it('numbers entries without gaps: a refused posting uses no number', async () => {
    const lines = [
      { accountId: acc['1010'], debit: '1.00' },
      { accountId: acc['4900'], credit: '1.00' },
    ];
    const a = await post({ date: '2025-03-04', lines });
    await refusal(post({ date: '2025-03-04', lines: [{ accountId: acc['1010'], debit: '1.00' }] }));
    await expect(
      inTenant(db, org.clientId, async (tx) => {
        await postJournal(tx, { clientId: org.clientId, date: '2025-03-04', sourceType: 'journal', lines });
        throw new Error('caller fails after posting');
      }),
    ).rejects.toThrow('caller fails after posting');
    const b = await post({ date: '2025-03-04', lines });
    expect(b.entryNo).toBe(a.entryNo + 1);
    const other = await post({ date: '2025-03-04', series: 'RV', lines });
    expect(other.entryNo).toBe(1);
    expect((await verifyLedger(db, { clientId: org.clientId })).numberingGaps).toEqual([]);
  });
});

describe('lock date', () => {
  it('refuses postings on or before the lock date, in postJournal and in the database', async () => {
    const locked = await newOrganisation(ctx);
    const lacc = await accountsByCode(db, locked.clientId);
    const lines = [
      { accountId: lacc['1010'], debit: '9.00' },
      { accountId: lacc['4010'], credit: '9.00' },
    ];
    await post({ date: '2025-06-30', lines }, locked.clientId);
    await inTenant(db, locked.clientId, (tx) => setLockDate(tx, locked.clientId, '2025-06-30'));
    const before = await ledgerCounts(db, locked.clientId);
    for (const date of ['2025-06-30', '2025-01-01']) {
      const err = await refusal(post({ date, lines }, locked.clientId));
      expect([err.code, err.messageKey, err.details]).toEqual([
        'PERIOD_LOCKED',
        'ledger.locked|2025-06-30',
        [{ field: 'date', message: 'ledger.locked|2025-06-30' }],
      ]);
    }
    // Straight SQL, past postJournal: the line trigger refuses it.
    expect(
      await dbFailure(
        inTenant(db, locked.clientId, async (tx) => {
          const [e] = await queryRows<{ id: number }>(
            tx,
            sql`
          insert into journal_entries (client_id, series, entry_no, date, source_type, total)
          values (${locked.clientId}, 'X', 1, '2025-06-01', 'journal', 9) returning id`,
          );
          await tx.execute(sql`insert into journal_lines (client_id, entry_id, account_id, debit, credit, date) values
          (${locked.clientId}, ${e.id}, ${lacc['1010']}, 9, 0, '2025-06-01'), (${locked.clientId}, ${e.id}, ${lacc['4010']}, 0, 9, '2025-06-01')`);
        }),
      ),
    ).toMatch(/closed/);
    expect(await ledgerCounts(db, locked.clientId)).toEqual(before);
    const after = await post({ date: '2025-07-01', lines }, locked.clientId);
    expect(after.entryNo).toBe(2);
  });
  it('recreates the settings row of an organisation that lacks it', async () => {
    const bare = await newOrganisation(ctx);
    const bacc = await accountsByCode(db, bare.clientId);
    await inSystem(db, (tx) => tx.execute(sql`delete from ledger_settings where client_id = ${bare.clientId}`));
    const entry = await post(
      {
        date: '2025-01-02',
        lines: [
          { accountId: bacc['1010'], debit: '3.00' },
          { accountId: bacc['4900'], credit: '3.00' },
        ],
      },
      bare.clientId,
    );
    expect(entry.entryNo).toBe(1);
    expect(await rows<{ n: number }>(bare.clientId, sql`select count(*)::int as n from ledger_settings`)).toEqual([{ n: 1 }]);
  });
});

describe('reverseJournal', () => {
  it('posts the mirror entry, links both ways and brings the balances back', async () => {
    const rorg = await newOrganisation(ctx);
    const racc = await accountsByCode(db, rorg.clientId);
    const original = await post(
      {
        date: '2025-04-10',
        reference: 'FUEL-9',
        lines: [
          { accountId: racc['5020'], debit: '250.00', memo: 'diesel' },
          { accountId: racc['1030'], credit: '250.00' },
        ],
        sourceType: 'bill',
        sourceId: 77,
      },
      rorg.clientId,
    );
    const reversal = await inTenant(db, rorg.clientId, (tx) =>
      reverseJournal(tx, { clientId: rorg.clientId, entryId: original.id, date: '2025-04-12', userId: rorg.adminId }),
    );
    expect(reversal).toMatchObject({
      entryNo: original.entryNo + 1,
      reversesId: original.id,
      date: '2025-04-12',
      reference: 'FUEL-9',
      memo: `Reversal of ${original.number}`,
      sourceType: 'bill',
      sourceId: 77,
      total: '250.00',
    });
    expect(reversal.lines.map((l) => [l.accountId, l.debit, l.credit, l.memo])).toEqual([
      [racc['5020'], '0.00', '250.00', 'diesel'],
      [racc['1030'], '250.00', '0.00', null],
    ]);
    const [marked] = await rows<{ reversed_by_id: string | number }>(rorg.clientId, sql`select reversed_by_id from journal_entries where id = ${original.id}`);
    expect(Number(marked.reversed_by_id)).toBe(reversal.id);
    const nets = await rows<{ net: string }>(rorg.clientId, sql`select sum(debit - credit)::text as net from account_daily_balances group by account_id`);
    expect(nets.map((n) => n.net)).toEqual(['0.00', '0.00']);

    const again = await refusal(inTenant(db, rorg.clientId, (tx) => reverseJournal(tx, { clientId: rorg.clientId, entryId: original.id })));
    expect([again.statusCode, again.code]).toEqual([409, 'ALREADY_REVERSED']);
    const ofReversal = await refusal(inTenant(db, rorg.clientId, (tx) => reverseJournal(tx, { clientId: rorg.clientId, entryId: reversal.id })));
    expect(ofReversal.code).toBe('REVERSAL_OF_REVERSAL');
    const other = await post(
      {
        date: '2025-04-10',
        lines: [
          { accountId: racc['1010'], debit: '5.00' },
          { accountId: racc['4900'], credit: '5.00' },
        ],
      },
      rorg.clientId,
    );
    const early = await refusal(inTenant(db, rorg.clientId, (tx) => reverseJournal(tx, { clientId: rorg.clientId, entryId: other.id, date: '2025-04-09' })));
    expect(early.details).toEqual([{ field: 'date', message: 'ledger.reverseBeforeOriginal|2025-04-10' }]);
    const missing = await refusal(inTenant(db, rorg.clientId, (tx) => reverseJournal(tx, { clientId: rorg.clientId, entryId: 987654 })));
    expect(missing.statusCode).toBe(404);
    expect((await verifyLedger(db, { clientId: rorg.clientId })).isSound).toBe(true);
  });
});

describe('the database enforces the ledger on its own (as ubo_app, past postJournal)', () => {
  let dorg: Awaited<ReturnType<typeof newOrganisation>>;
  let dacc: Record<string, number>;
  let entryId: number;
  let lineId: number;

  beforeAll(async () => {
    dorg = await newOrganisation(ctx);
    dacc = await accountsByCode(db, dorg.clientId);
    const entry = await post(
      {
        date: '2025-05-01',
        lines: [
          { accountId: dacc['1010'], debit: '40.00' },
          { accountId: dacc['4010'], credit: '40.00' },
        ],
      },
      dorg.clientId,
    );
    entryId = entry.id;
    const [line] = await rows<{ id: number }>(dorg.clientId, sql`select id from journal_lines where entry_id = ${entryId} order by id limit 1`);
    lineId = Number(line.id);
  });

  const asApp = (fn: (tx: Db) => Promise<unknown>) => inTenant(db, dorg.clientId, fn);
  const insertEntry = (tx: Db, total: string) =>
    queryRows<{ id: number }>(
      tx,
      sql`
      insert into journal_entries (client_id, series, entry_no, date, source_type, total)
      values (${dorg.clientId}, 'SQL', (select coalesce(max(entry_no), 0) + 1 from journal_entries where series = 'SQL'), '2025-05-02', 'journal', ${total})
      returning id`,
    ).then((r) => Number(r[0].id));

  it('refuses an unbalanced entry at commit', async () => {
    const before = await ledgerCounts(db, dorg.clientId);
    expect(
      await dbFailure(
        asApp(async (tx) => {
          const id = await insertEntry(tx, '10.00');
          await tx.execute(sql`insert into journal_lines (client_id, entry_id, account_id, debit, credit, date) values
          (${dorg.clientId}, ${id}, ${dacc['1010']}, 10, 0, '2025-05-02'), (${dorg.clientId}, ${id}, ${dacc['4010']}, 0, 9.99, '2025-05-02')`);
        }),
      ),
    ).toMatch(/does not balance/);
    expect(
      await dbFailure(
        asApp(async (tx) => {
          const id = await insertEntry(tx, '10.00');
          await tx.execute(sql`insert into journal_lines (client_id, entry_id, account_id, debit, credit, date) values
          (${dorg.clientId}, ${id}, ${dacc['1010']}, 10, 0, '2025-05-02')`);
        }),
      ),
    ).toMatch(/at least 2/);
    expect(await dbFailure(asApp((tx) => insertEntry(tx, '10.00')))).toMatch(/at least 2/);
    expect(
      await dbFailure(
        asApp(async (tx) => {
          const id = await insertEntry(tx, '10.00');
          await tx.execute(sql`insert into journal_lines (client_id, entry_id, account_id, debit, credit, date) values
          (${dorg.clientId}, ${id}, ${dacc['1010']}, 10, 0, '2025-05-02'), (${dorg.clientId}, ${id}, ${dacc['4010']}, 0, 10, '2025-05-03')`);
        }),
      ),
    ).toMatch(/dated differently/);
    expect(
      await dbFailure(
        asApp(async (tx) => {
          const id = await insertEntry(tx, '10.00');
          await tx.execute(sql`insert into journal_lines (client_id, entry_id, account_id, debit, credit, date) values
          (${dorg.clientId}, ${id}, ${dacc['1010']}, 10, 10, '2025-05-02')`);
        }),
      ),
    ).toMatch(/check/i);
    expect(await ledgerCounts(db, dorg.clientId)).toEqual(before);
  });

  it('refuses UPDATE and DELETE of lines and entries by the application role', async () => {
    expect(await dbFailure(asApp((tx) => tx.execute(sql`update journal_lines set debit = 41 where id = ${lineId}`)))).toMatch(/permission denied/);
    expect(await dbFailure(asApp((tx) => tx.execute(sql`delete from journal_lines where id = ${lineId}`)))).toMatch(/permission denied/);
    expect(await dbFailure(asApp((tx) => tx.execute(sql`update journal_entries set memo = 'edited' where id = ${entryId}`)))).toMatch(/permission denied/);
    expect(await dbFailure(asApp((tx) => tx.execute(sql`delete from journal_entries where id = ${entryId}`)))).toMatch(/permission denied/);
    expect(await dbFailure(asApp((tx) => tx.execute(sql`delete from account_daily_balances`)))).toMatch(/permission denied/);
    // The one column it may write is still guarded: only a real reversing entry may be recorded.
    expect(await dbFailure(asApp((tx) => tx.execute(sql`update journal_entries set reversed_by_id = ${entryId} where id = ${entryId}`)))).toMatch(
      /append-only/,
    );
  });

  it('refuses them by trigger even for the owning role', async () => {
    expect(await dbFailure(inSystem(db, (tx) => tx.execute(sql`update journal_lines set debit = 41 where id = ${lineId}`)))).toMatch(/append-only/);
    expect(await dbFailure(inSystem(db, (tx) => tx.execute(sql`delete from journal_lines where id = ${lineId}`)))).toMatch(/append-only/);
    expect(await dbFailure(inSystem(db, (tx) => tx.execute(sql`update journal_entries set memo = 'edited' where id = ${entryId}`)))).toMatch(/append-only/);
    expect(await dbFailure(inSystem(db, (tx) => tx.execute(sql`delete from journal_entries where id = ${entryId}`)))).toMatch(/append-only/);
    expect(await dbFailure(inSystem(db, (tx) => tx.execute(sql`truncate journal_lines cascade`)))).toMatch(/append-only/);
    const [line] = await rows<{ debit: string }>(dorg.clientId, sql`select debit from journal_lines where id = ${lineId}`);
    expect(line.debit).toBe('40.00');
  });

  it('verifyLedger reports a daily balance that does not match the lines', async () => {
    expect((await verifyLedger(db, { clientId: dorg.clientId })).isSound).toBe(true);
    await inSystem(db, (tx) =>
      tx.execute(sql`update account_daily_balances set debit = debit + 1 where client_id = ${dorg.clientId} and account_id = ${dacc['1010']}`),
    );
    const report = await verifyLedger(db, { clientId: dorg.clientId });
    expect(report.isSound).toBe(false);
    expect(report.balanceDifferences).toEqual([
      {
        clientId: dorg.clientId,
        accountId: dacc['1010'],
        date: '2025-05-01',
        expectedDebit: '40.00',
        expectedCredit: '0.00',
        expectedLines: 1,
        storedDebit: '41.00',
        storedCredit: '0.00',
        storedLines: 1,
      },
    ]);
    await inSystem(db, (tx) =>
      tx.execute(sql`update account_daily_balances set debit = debit - 1 where client_id = ${dorg.clientId} and account_id = ${dacc['1010']}`),
    );
    expect((await verifyLedger(db)).isSound).toBe(true);
  });

  it('checks the lines of one entry written in several statements together, and refuses closed periods and foreign accounts', async () => {
    const before = await ledgerCounts(db, dorg.clientId);
    const line = (id: number, account: number, debit: number, credit: number, date = '2025-05-02') =>
      sql`(${dorg.clientId}, ${id}, ${account}, ${debit}, ${credit}, ${date}::date)`;
    const insertLine = (tx: Db, id: number, account: number, debit: number, credit: number, date?: string) =>
      tx.execute(sql`insert into journal_lines (client_id, entry_id, account_id, debit, credit, date) values ${line(id, account, debit, credit, date)}`);
    // Two statements that balance only together pass (the lines' trigger keeps the balances, which the
    // verifyLedger at the end checks); the same with one cent missing does not.
    await asApp(async (tx) => {
      const id = await insertEntry(tx, '10.00');
      await insertLine(tx, id, dacc['1010'], 10, 0);
      await insertLine(tx, id, dacc['4010'], 0, 10);
      await tx.execute(sql`insert into document_counters (client_id, series, next_no)
        select client_id, series, entry_no + 1 from journal_entries where id = ${id}
        on conflict (client_id, series) do update set next_no = excluded.next_no`);
    });
    expect(
      await dbFailure(
        asApp(async (tx) => {
          const id = await insertEntry(tx, '10.00');
          await insertLine(tx, id, dacc['1010'], 10, 0);
          await insertLine(tx, id, dacc['4010'], 0, 9.99);
        }),
      ),
    ).toMatch(/does not balance/);
    // Entries are noted as runs of ids: three entries, lines for the first and the last only, one
    // statement; the middle one is caught.
    let middle = 0;
    expect(
      await dbFailure(
        asApp(async (tx) => {
          const first = await insertEntry(tx, '10.00');
          middle = await insertEntry(tx, '10.00');
          const last = await insertEntry(tx, '10.00');
          await tx.execute(sql`insert into journal_lines (client_id, entry_id, account_id, debit, credit, date) values
        ${line(first, dacc['1010'], 10, 0)}, ${line(first, dacc['4010'], 0, 10)}, ${line(last, dacc['1010'], 10, 0)}, ${line(last, dacc['4010'], 0, 10)}`);
        }),
      ),
    ).toContain(`journal entry ${middle} has 0 line(s); at least 2 are required`);
    const other = await newOrganisation(ctx);
    const otherAcc = await accountsByCode(db, other.clientId);
    expect(
      await dbFailure(
        asApp(async (tx) => {
          const id = await insertEntry(tx, '10.00');
          await tx.execute(sql`insert into journal_lines (client_id, entry_id, account_id, debit, credit, date) values
        ${line(id, dacc['1010'], 10, 0)}, ${line(id, otherAcc['4010'], 0, 10)}`);
        }),
      ),
    ).toMatch(/does not exist/);
    // A line must name an entry of its own organisation: checked at commit, with the balance.
    expect(
      await dbFailure(
        asApp((tx) =>
          tx.execute(sql`insert into journal_lines (client_id, entry_id, account_id, debit, credit, date) values
      ${line(999_999_999, dacc['1010'], 10, 0)}, ${line(999_999_999, dacc['4010'], 0, 10)}`),
        ),
      ),
    ).toMatch(/entry 999999999, which does not exist in its organisation/);
    const foreign = await post(
      {
        date: '2025-05-02',
        lines: [
          { accountId: otherAcc['1010'], debit: '10.00' },
          { accountId: otherAcc['4010'], credit: '10.00' },
        ],
      },
      other.clientId,
    );
    expect(
      await dbFailure(
        asApp((tx) =>
          tx.execute(sql`insert into journal_lines (client_id, entry_id, account_id, debit, credit, date) values
      ${line(foreign.id, dacc['1010'], 10, 0)}, ${line(foreign.id, dacc['4010'], 0, 10)}`),
        ),
      ),
    ).toMatch(/does not exist in its organisation/);
    await inSystem(db, (tx) => tx.execute(sql`update ledger_settings set lock_date = '2025-05-31' where client_id = ${dorg.clientId}`));
    try {
      expect(
        await dbFailure(
          asApp(async (tx) => {
            const id = await insertEntry(tx, '10.00');
            await tx.execute(sql`insert into journal_lines (client_id, entry_id, account_id, debit, credit, date) values
          ${line(id, dacc['1010'], 10, 0)}, ${line(id, dacc['4010'], 0, 10)}`);
          }),
        ),
      ).toMatch(/period up to 2025-05-31 is closed/);
    } finally {
      await inSystem(db, (tx) => tx.execute(sql`update ledger_settings set lock_date = null where client_id = ${dorg.clientId}`));
    }
    const after = await ledgerCounts(db, dorg.clientId);
    expect([after.entries - before.entries, after.lines - before.lines]).toEqual([1, 2]); // the balanced pair only
    expect((await verifyLedger(db, { clientId: dorg.clientId })).isSound).toBe(true);
  });
});

describe('concurrency', () => {
  it('8 clients x 50 postings at once lose no balance update and no number', async () => {
    const corg = await newOrganisation(ctx);
    const cacc = await accountsByCode(db, corg.clientId);
    const worker = async (w: number) => {
      for (let i = 0; i < 50; i++) {
        await post(
          {
            date: `2025-08-${String((i % 28) + 1).padStart(2, '0')}`,
            lines: [
              { accountId: cacc['1010'], debit: `${w + 1}.01` },
              { accountId: cacc['1040'], debit: '0.99' },
              { accountId: cacc['4010'], credit: `${w + 2}.00` },
            ],
          },
          corg.clientId,
        );
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, w) => worker(w)));
    const [totals] = await rows<{ cash: string; evc: string; sales: string; n: number; max_no: number }>(
      corg.clientId,
      sql`
      select (select sum(debit - credit)::text from account_daily_balances where account_id = ${cacc['1010']}) as cash,
             (select sum(debit - credit)::text from account_daily_balances where account_id = ${cacc['1040']}) as evc,
             (select sum(credit - debit)::text from account_daily_balances where account_id = ${cacc['4010']}) as sales,
             (select count(*)::int from journal_entries) as n,
             (select max(entry_no)::int from journal_entries) as max_no`,
    );
    // cash: 50 x (1.01 + 2.01 + ... + 8.01) = 50 x 36.08; evc: 400 x 0.99; sales: 50 x (2 + ... + 9) = 50 x 44
    expect(totals).toEqual({ cash: '1804.00', evc: '396.00', sales: '2200.00', n: 400, max_no: 400 });
    const report = await verifyLedger(db, { clientId: corg.clientId });
    expect(report).toMatchObject({ isSound: true, entries: 400, lines: 1200 });
  });

  // The load requirement; on PGlite (one connection) the same code runs one posting at a time.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    '8 clients x 500 entries through the API lose no balance update, leave the trial balance at zero and no gap',
    async () => {
      const corg = await newOrganisation(ctx);
      const cacc = await accountsByCode(db, corg.clientId);
      const worker = async (w: number) => {
        for (let i = 0; i < 500; i++) {
          const res = await ctx.app.inject({
            method: 'POST',
            url: '/api/finance/transaction',
            headers: { authorization: `Bearer ${corg.token}` },
            payload: {
              date: `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
              lines: [
                { accountId: cacc['1010'], debit: `${w + 1}.01` },
                { accountId: cacc['1040'], debit: '0.99' },
                { accountId: cacc['4010'], credit: `${w + 2}.00` },
              ],
            },
          });
          expect(res.statusCode).toBe(201);
        }
      };
      await Promise.all(Array.from({ length: 8 }, (_, w) => worker(w)));
      const [totals] = await rows<{ cash: string; evc: string; sales: string; n: number; max_no: number; monthly_cash: string }>(
        corg.clientId,
        sql`
      select (select sum(debit - credit)::text from account_daily_balances where account_id = ${cacc['1010']}) as cash,
             (select sum(debit - credit)::text from account_daily_balances where account_id = ${cacc['1040']}) as evc,
             (select sum(credit - debit)::text from account_daily_balances where account_id = ${cacc['4010']}) as sales,
             (select sum(debit - credit)::text from account_monthly_balances where account_id = ${cacc['1010']}) as monthly_cash,
             (select count(*)::int from journal_entries) as n,
             (select max(entry_no)::int from journal_entries) as max_no`,
      );
      // cash: 500 x (1.01 + ... + 8.01) = 500 x 36.08; evc: 4000 x 0.99; sales: 500 x (2 + ... + 9) = 500 x 44
      expect(totals).toEqual({ cash: '18040.00', evc: '3960.00', sales: '22000.00', monthly_cash: '18040.00', n: 4000, max_no: 4000 });
      const tb = await ctx.app.inject({ method: 'GET', url: '/api/finance/reports/trial-balance', headers: { authorization: `Bearer ${corg.token}` } });
      expect(tb.json().totals).toMatchObject({ debit: '22000.00', credit: '22000.00', movement: { debit: '22000.00', credit: '22000.00' } });
      const report = await verifyLedger(db, { clientId: corg.clientId });
      expect(report).toMatchObject({ isSound: true, entries: 4000, lines: 12000, numberingGaps: [] });
    },
  );
});
