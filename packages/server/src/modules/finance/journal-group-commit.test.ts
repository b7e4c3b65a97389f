import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bearer, newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { queryRows } from '../../db/rows.ts';
import { inTenant } from '../../db/tenant.ts';
import type { JournalEntry } from '@ubo/contracts';
import { type Posting, postJournal, setLockDate, verifyLedger } from '../../ledger/index.ts';
import { accountsByCode } from '../../ledger/ledger-test-kit.ts';
import { staffToken } from './finance-test-kit.ts';
import { type GroupedJournal, postGrouped } from './journal-group-commit.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let acc: Record<string, number>;
let clerk: string;

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Group Commit Water' });
  acc = await accountsByCode(ctx.database.db, org.clientId);
  clerk = await staffToken(ctx, org, ['general-journal']);
});
afterAll(() => ctx.close());

const post = (body: object, token = org.token, lang = 'en') =>
  ctx.app.inject({ method: 'POST', url: '/api/finance/transaction', payload: body, headers: { ...bearer(token), 'x-lang': lang } });

/** A cash sale of `amount` on `date`, told apart by its reference. */
const sale = (n: number, date = '2025-06-10') => ({
  date,
  reference: `SALE-${n}`,
  lines: [
    { accountId: acc['1010'], debit: `${n}.25` },
    { accountId: acc['4900'], credit: `${n}.25` },
  ],
});

const inOrg = <T>(query: ReturnType<typeof sql>) => inTenant(ctx.database.db, org.clientId, (tx) => queryRows<T>(tx, query));

describe('journal requests arriving together', () => {
  it('are written in shared transactions, each with its own gapless number, lines, audit line and answer', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => post(sale(i + 1), i % 2 === 0 ? org.token : clerk)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(40).fill(201));
    const entries = answers.map((a) => a.json());
    expect(entries.map((e) => e.entryNo).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    for (const [i, e] of entries.entries()) {
      expect(e).toMatchObject({ reference: `SALE-${i + 1}`, total: `${i + 1}.25`, number: `JV-${String(e.entryNo).padStart(6, '0')}` });
      expect(e.userName).toEqual(i % 2 === 0 ? 'Administrator' : expect.stringMatching(/^Staff /));
      expect(e.lines).toEqual([
        expect.objectContaining({ accountCode: '1010', accountName: 'Cash on hand', debit: `${i + 1}.25`, credit: '0.00' }),
        expect.objectContaining({ accountCode: '4900', debit: '0.00', credit: `${i + 1}.25` }),
      ]);
    }
    // What the answers say is what the database holds, line ids included.
    const stored = await inOrg<{ id: string; entry_no: number; reference: string; line_ids: number[]; user_id: number }>(sql`
      select e.id, e.entry_no::int as entry_no, e.reference, e.user_id, array_agg(l.id order by l.id) as line_ids
      from journal_entries e join journal_lines l on l.entry_id = e.id group by e.id`);
    for (const e of entries) {
      const row = stored.find((s) => Number(s.id) === e.id);
      expect(row).toMatchObject({ entry_no: e.entryNo, reference: e.reference, user_id: e.userId });
      expect(row?.line_ids.map(Number)).toEqual(e.lines.map((l: { id: number }) => l.id));
    }
    const audit = await inOrg<{ entity_id: string; number: string; user_id: number; reference: string }>(sql`
      select entity_id, after->>'number' as number, user_id, after->>'reference' as reference from audit_log where entity = 'journal-entry'`);
    expect(audit).toHaveLength(40);
    for (const e of entries) expect(audit).toContainEqual({ entity_id: String(e.id), number: e.number, user_id: e.userId, reference: e.reference });
    // Grouped: fewer transactions than entries (a group's rows share their transaction id).
    const [{ transactions }] = await inOrg<{ transactions: number }>(sql`select count(distinct xmin::text)::int as transactions from journal_entries`);
    expect(transactions).toBeLessThan(40);
    const report = await inTenant(ctx.database.db, org.clientId, (tx) => verifyLedger(tx, { clientId: org.clientId }));
    expect(report.isSound).toBe(true);
  });

  it('refuses a faulty request alone, with its own field errors, and posts the others', async () => {
    const [{ next }] = await inOrg<{ next: number }>(sql`select next_no::int as next from document_counters where series = 'JV'`);
    const inactive = await ctx.app.inject({
      method: 'POST',
      url: '/api/finance/accounts',
      headers: bearer(org.token),
      payload: { code: '1099', nameEn: 'Old till', nameSo: 'Khasnad hore', type: 'asset', subtype: 'cash' },
    });
    expect(inactive.statusCode).toBe(201);
    const oldTill = inactive.json().id;
    expect(
      (await ctx.app.inject({ method: 'PATCH', url: `/api/finance/accounts/${oldTill}/status`, headers: bearer(org.token), payload: { status: 'Inactive' } }))
        .statusCode,
    ).toBe(200);
    await inTenant(ctx.database.db, org.clientId, (tx) => setLockDate(tx, org.clientId, '2025-03-31'));

    const bodies = Array.from({ length: 12 }, (_, i) => sale(100 + i));
    bodies[3] = {
      ...sale(103),
      lines: [
        { accountId: oldTill, debit: '103.25' },
        { accountId: acc['4900'], credit: '103.25' },
      ],
    };
    bodies[7] = sale(107, '2025-03-15');
    const answers = await Promise.all(bodies.map((b, i) => post(b, org.token, i === 7 ? 'so' : 'en')));

    expect(answers[3].statusCode).toBe(400);
    expect(answers[3].json().details).toEqual([{ field: 'lines.0.accountId', message: expect.stringMatching(/inactive/i) }]);
    expect(answers[7].statusCode).toBe(400);
    expect(answers[7].json()).toMatchObject({ code: 'PERIOD_LOCKED', details: [{ field: 'date', message: expect.stringContaining('2025-03-31') }] });
    expect(answers[7].json().details[0].message).toMatch(/Buugaagta xisaabta waa la xiray/);
    const posted = answers.filter((_, i) => i !== 3 && i !== 7);
    expect(posted.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    expect(posted.map((a) => a.json().entryNo).sort((x, y) => x - y)).toEqual(Array.from({ length: 10 }, (_, i) => next + i));
    const refused = await inOrg<{ n: number }>(sql`select count(*)::int as n from journal_entries where reference in ('SALE-103', 'SALE-107')`);
    expect(refused).toEqual([{ n: 0 }]);
    const report = await inTenant(ctx.database.db, org.clientId, (tx) => verifyLedger(tx, { clientId: org.clientId }));
    expect(report).toMatchObject({ isSound: true, numberingGaps: [] });
  });

  it('keeps organisations apart: requests of two organisations at once are numbered each in their own series', async () => {
    const other = await newOrganisation(ctx, { name: 'Neighbour Power' });
    const oacc = await accountsByCode(ctx.database.db, other.clientId);
    const theirs = (n: number) => ({
      date: '2025-06-11',
      lines: [
        { accountId: oacc['1010'], debit: `${n}.00` },
        { accountId: oacc['4900'], credit: `${n}.00` },
      ],
    });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? post(theirs(i + 1), other.token) : post(sale(500 + i)))));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    expect(
      answers
        .filter((_, i) => i % 2 === 0)
        .map((a) => a.json().entryNo)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5]);
    // Their account ids in our organisation's posting would have been refused; ours are not in theirs.
    const mine = await inTenant(ctx.database.db, other.clientId, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from journal_entries where reference like 'SALE-5%'`),
    );
    expect(mine).toEqual([{ n: 0 }]);
  });
});

describe('a member the database refuses', () => {
  /** A group job as post-general-journal builds one, for a posting no request schema screened. */
  const job = (posting: Posting): GroupedJournal => ({
    posting,
    audit: () => ({
      author: { clientId: org.clientId, userId: null, username: 'test', ip: '127.0.0.1' },
      action: 'create',
      entity: 'journal-entry',
      after: {},
    }),
    single: async (tx) => ({ entryNo: (await postJournal(tx, posting)).entryNo }) as JournalEntry,
    answer: (posted) => ({ entryNo: posted.entryNo }) as JournalEntry,
  });
  const posting = (n: number, memo: string | null = null): Posting => ({
    clientId: org.clientId,
    date: '2025-06-12',
    reference: `DB-${n}`,
    memo,
    sourceType: 'journal',
    lines: [
      { accountId: acc['1010'], debit: `${n}.50` },
      { accountId: acc['4900'], credit: `${n}.50` },
    ],
  });
  const nextNo = async () => (await inOrg<{ next: number }>(sql`select next_no::int as next from document_counters where series = 'JV'`))[0].next;
  const sound = async () => await inTenant(ctx.database.db, org.clientId, (tx) => verifyLedger(tx, { clientId: org.clientId }));

  it('fails alone: its seven neighbours in the group are posted with consecutive numbers, it gets its own 400', async () => {
    const first = await nextNo();
    // A NUL byte passes every check made in code; PostgreSQL refuses it when the group's statement runs.
    const postings = Array.from({ length: 8 }, (_, i) => posting(700 + i, i === 5 ? 'bad\u0000memo' : null));
    const answers = await Promise.allSettled(postings.map((p) => postGrouped(ctx.database.db, org.clientId, job(p))));
    expect(answers[5]).toMatchObject({ status: 'rejected', reason: { statusCode: 400, code: 'BAD_REQUEST' } });
    const posted = answers.filter((_, i) => i !== 5);
    expect(posted.map((a) => a.status)).toEqual(Array(7).fill('fulfilled'));
    const numbers = posted.map((a) => (a as PromiseFulfilledResult<JournalEntry>).value.entryNo).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 7 }, (_, i) => first + i));
    expect(await inOrg<{ n: number }>(sql`select count(*)::int as n from journal_entries where reference = 'DB-705'`)).toEqual([{ n: 0 }]);
    expect(await sound()).toMatchObject({ isSound: true, numberingGaps: [] });
  });

  it('through the route: eight posts at once, one with a NUL byte in its memo; seven are 201, gapless, and it alone is a 400', async () => {
    const first = await nextNo();
    const bodies: object[] = Array.from({ length: 8 }, (_, i) => sale(800 + i, '2025-06-13'));
    bodies[2] = { ...sale(802, '2025-06-13'), memo: 'bad\u0000memo' };
    const answers = await Promise.all(bodies.map((b) => post(b)));
    expect(answers[2].statusCode).toBe(400);
    const posted = answers.filter((_, i) => i !== 2);
    expect(posted.map((a) => a.statusCode)).toEqual(Array(7).fill(201));
    expect(posted.map((a) => a.json().entryNo).sort((x, y) => x - y)).toEqual(Array.from({ length: 7 }, (_, i) => first + i));
    expect(await sound()).toMatchObject({ isSound: true, numberingGaps: [] });
  });
});
