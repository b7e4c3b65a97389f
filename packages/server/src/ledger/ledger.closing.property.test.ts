// Property, through the API as an administrator: any sequence of postings, reversals, year-end closings
// (POST /api/finance/closing: the closing entry and the lock date) and reopenings (POST
// /api/finance/closing/reopen) keeps every entry balanced, the trial balance at zero in every column, the
// balance sheet balanced, the daily and monthly balances equal to a recomputation from the lines
// (verifyLedger), each account equal to an independent model (the closing included), the summed ranges
// of balanceSums equal to sums over the lines, and nothing on or before the lock date changed while it held.
import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { bearer, newOrganisation, startTestApp, type TestContext } from '../../test/harness.ts';
import { queryRows } from '../db/rows.ts';
import { inTenant } from '../db/tenant.ts';
import { balanceSums, verifyLedger } from './index.ts';
import { accountsByCode } from './ledger-test-kit.ts';

let ctx: TestContext;
/** Across all runs: the property must have exercised closings that posted an entry, and reopenings. */
const seen = { closingEntries: 0, reopenings: 0, lockedRefusals: 0 };
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

// Cash, bank, receivables, payables, water sales, salaries; 3100 is retained earnings (closings).
const CODES = ['1010', '1030', '1100', '2010', '4010', '6010'];
const INCOME_OR_EXPENSE = new Set(['4010', '6010']);
const RETAINED = '3100';
const START = Date.UTC(2025, 0, 1);
const DAYS = 150;
const day = (offset: number) => new Date(START + offset * 86_400_000).toISOString().slice(0, 10);
const amount = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
const cents = (money: string) => BigInt(money.replace('.', ''));

type Op =
  | { kind: 'post'; day: number; lines: { account: number; isDebit: boolean; cents: number }[] }
  | { kind: 'reverse'; pick: number; delay: number }
  | { kind: 'close'; day: number }
  | { kind: 'reopen'; back: number; isFull: boolean };

const lineArb = fc.record({ account: fc.nat(CODES.length - 1), isDebit: fc.boolean(), cents: fc.integer({ min: 1, max: 5_000_000 }) });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('post' as const), day: fc.nat(DAYS), lines: fc.array(lineArb, { minLength: 1, maxLength: 4 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat(), delay: fc.nat(20) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('close' as const), day: fc.nat(DAYS) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reopen' as const), back: fc.nat(60), isFull: fc.boolean() }) },
);

interface Movement {
  day: number;
  accountId: number;
  /** Debit minus credit, in cents. */
  net: bigint;
}

interface ModelEntry {
  id: number;
  day: number;
  isReversal: boolean;
  isReversed: boolean;
}

it('postings, reversals, closings and reopenings keep the ledger sound', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(opArb, { minLength: 5, maxLength: 28 }),
      fc.array(fc.tuple(fc.nat(DAYS + 10), fc.nat(DAYS + 10)), { minLength: 3, maxLength: 3 }),
      async (ops, ranges) => {
        const org = await newOrganisation(ctx);
        const db = ctx.database.db;
        const byCode = await accountsByCode(db, org.clientId);
        const ids = CODES.map((c) => byCode[c]);
        const closable = new Set(CODES.filter((c) => INCOME_OR_EXPENSE.has(c)).map((c) => byCode[c]));
        const retained = byCode[RETAINED];
        const moves: Movement[] = [];
        const entries: ModelEntry[] = [];
        let lockDay: number | null = null;
        let lockedSnapshot = '';
        const call = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
          ctx.app.inject({ method, url, headers: bearer(org.token), payload });
        const snapshot = (upTo: number) =>
          inTenant(db, org.clientId, (tx) =>
            queryRows<{ s: string | null }>(
              tx,
              sql`
            select (select string_agg(account_id || ':' || date || ':' || debit || ':' || credit || ':' || line_count, ',' order by account_id, date)
                    from account_daily_balances where date <= ${day(upTo)}::date)
                   || '|' || (select count(*) from journal_lines where date <= ${day(upTo)}::date) as s`,
            ),
          ).then((r) => r[0].s ?? '');
        const isLocked = (d: number) => lockDay !== null && d <= lockDay;

        for (const op of ops) {
          if (op.kind === 'post') {
            const lines = op.lines.map((l) => ({ accountId: ids[l.account], net: (l.isDebit ? 1n : -1n) * BigInt(l.cents) }));
            const diff = lines.reduce((acc, l) => acc + l.net, 0n);
            if (diff !== 0n) lines.push({ accountId: ids[(op.lines[0].account + 1) % ids.length], net: -diff });
            const merged = new Map<number, bigint>();
            for (const l of lines) merged.set(l.accountId, (merged.get(l.accountId) ?? 0n) + l.net);
            const isZero = [...merged.values()].every((v) => v === 0n);
            const res = await call('POST', '/api/finance/transaction', {
              date: day(op.day),
              lines: lines.map((l) => (l.net > 0n ? { accountId: l.accountId, debit: amount(l.net) } : { accountId: l.accountId, credit: amount(-l.net) })),
            });
            if (isZero) expect(res.json().code).toBe('ZERO_ENTRY');
            else if (isLocked(op.day)) {
              expect(res.json().code).toBe('PERIOD_LOCKED');
              seen.lockedRefusals += 1;
            } else {
              expect(res.statusCode).toBe(201);
              entries.push({ id: res.json().id, day: op.day, isReversal: false, isReversed: false });
              for (const [accountId, net] of merged) if (net !== 0n) moves.push({ day: op.day, accountId, net });
            }
          } else if (op.kind === 'reverse') {
            if (entries.length === 0) continue;
            const target = entries[op.pick % entries.length];
            const onDay = target.day + op.delay;
            const res = await call('POST', `/api/finance/transaction/${target.id}/reverse`, { date: day(onDay) });
            if (target.isReversed) expect(res.json().code).toBe('ALREADY_REVERSED');
            else if (target.isReversal) expect(res.json().code).toBe('REVERSAL_OF_REVERSAL');
            else if (isLocked(onDay)) expect(res.json().code).toBe('PERIOD_LOCKED');
            else {
              expect(res.statusCode).toBe(201);
              target.isReversed = true;
              entries.push({ id: res.json().id, day: onDay, isReversal: true, isReversed: false });
              for (const l of res.json().lines as { accountId: number; debit: string; credit: string }[]) {
                moves.push({ day: onDay, accountId: l.accountId, net: cents(l.debit) - cents(l.credit) });
              }
            }
          } else if (op.kind === 'close') {
            const res = await call('POST', '/api/finance/closing', { periodEnd: day(op.day) });
            if (isLocked(op.day)) {
              expect(res.statusCode).toBe(400);
              expect(res.json().details[0].field).toBe('periodEnd');
              continue;
            }
            expect(res.statusCode).toBe(201);
            // The model's closing: every income and expense balance up to the period end goes to retained earnings.
            let toRetained = 0n;
            for (const accountId of closable) {
              const balance = moves.filter((m) => m.accountId === accountId && m.day <= op.day).reduce((acc, m) => acc + m.net, 0n);
              if (balance === 0n) continue;
              moves.push({ day: op.day, accountId, net: -balance });
              toRetained += balance;
            }
            if (toRetained !== 0n) moves.push({ day: op.day, accountId: retained, net: toRetained });
            const closing = res.json();
            if (closing.entryId !== null) {
              entries.push({ id: closing.entryId, day: op.day, isReversal: false, isReversed: false });
              seen.closingEntries += 1;
            }
            lockDay = op.day;
            lockedSnapshot = await snapshot(lockDay);
          } else {
            const target: number | null = op.isFull || lockDay === null ? null : lockDay - 1 - op.back;
            const res = await call('POST', '/api/finance/closing/reopen', {
              lockDate: target === null || target < 0 ? null : day(target),
              reason: 'Correction found by the auditors',
            });
            if (lockDay === null) {
              expect(res.json().code).toBe('NOT_CLOSED');
              continue;
            }
            expect(res.statusCode).toBe(200);
            seen.reopenings += 1;
            lockDay = target === null || target < 0 ? null : target;
            if (lockDay !== null) lockedSnapshot = await snapshot(lockDay);
          }
          if (lockDay !== null) expect(await snapshot(lockDay)).toBe(lockedSnapshot);
        }

        const report = await verifyLedger(db, { clientId: org.clientId });
        expect(report).toMatchObject({ isSound: true, entries: entries.length, balanceDifferences: [], monthlyDifferences: [] });

        const tb = (await call('GET', `/api/finance/reports/trial-balance?startDate=${day(40)}&endDate=${day(DAYS + 30)}`)).json();
        expect(tb.totals.debit).toBe(tb.totals.credit);
        expect(tb.totals.opening.debit).toBe(tb.totals.opening.credit);
        expect(tb.totals.movement.debit).toBe(tb.totals.movement.credit);
        const sheet = (await call('GET', `/api/finance/balancesheet?date=${day(DAYS + 30)}`)).json();
        expect(sheet.isBalanced).toBe(true);

        // Each account against the model, and each closing emptied income and expenses up to its end.
        const stored = await inTenant(db, org.clientId, (tx) =>
          queryRows<{ account_id: number; net: string }>(tx, sql`select account_id, sum(debit - credit)::text as net from journal_lines group by account_id`),
        );
        const storedNet = new Map(stored.map((r) => [Number(r.account_id), cents(r.net)]));
        for (const id of [...ids, retained]) {
          expect(storedNet.get(id) ?? 0n).toBe(moves.filter((m) => m.accountId === id).reduce((acc, m) => acc + m.net, 0n));
        }

        // Ranges summed from the monthly and daily rows equal the same sums over the lines.
        for (const [a, b] of ranges) {
          const [from, to] = a <= b ? [day(a), day(b)] : [day(b), day(a)];
          const [fromSummaries, fromLines] = await inTenant(db, org.clientId, async (tx) => [
            await queryRows<{ s: string | null }>(
              tx,
              sql`
            select string_agg(account_id || ':' || debit || ':' || credit || ':' || line_count, ',' order by account_id) as s
            from ${balanceSums(org.clientId, { from, to })} b`,
            ),
            await queryRows<{ s: string | null }>(
              tx,
              sql`
            select string_agg(account_id || ':' || debit || ':' || credit || ':' || n, ',' order by account_id) as s from (
              select account_id, sum(debit) as debit, sum(credit) as credit, count(*) as n from journal_lines
              where date between ${from}::date and ${to}::date group by account_id) l`,
            ),
          ]);
          expect(fromSummaries[0].s).toBe(fromLines[0].s);
        }
      },
    ),
    { numRuns: 15 },
  );
  expect(seen.closingEntries).toBeGreaterThan(0);
  expect(seen.reopenings).toBeGreaterThan(0);
  expect(seen.lockedRefusals).toBeGreaterThan(0);
});
