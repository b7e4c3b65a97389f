// Property: any sequence of postings (balanced or not), reversals and lock-date moves leaves every entry
// balanced, the trial balance at zero, the daily balances equal to a recomputation from the lines, each
// account equal to an independent model, and nothing on or before the lock date changed.
import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { newOrganisation, startTestApp, type TestContext } from '../../test/harness.ts';
import { queryRows } from '../db/rows.ts';
import { inTenant } from '../db/tenant.ts';
import { AppError } from '../plugins/errors.ts';
import { postJournal, reverseJournal, setLockDate, verifyLedger } from './index.ts';
import { accountsByCode } from './ledger-test-kit.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

const CODES = ['1010', '1030', '1100', '2010', '4010', '6010'];
const START = Date.UTC(2025, 0, 1);
const day = (offset: number) => new Date(START + offset * 86_400_000).toISOString().slice(0, 10);
/** Integer cents as a decimal string (exact: no fractional arithmetic). */
const amount = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;

type Op =
  | { kind: 'post'; day: number; lines: { account: number; isDebit: boolean; cents: number }[]; isBalanced: boolean }
  | { kind: 'reverse'; pick: number; delay: number }
  | { kind: 'lock'; day: number };

const lineArb = fc.record({ account: fc.nat(CODES.length - 1), isDebit: fc.boolean(), cents: fc.integer({ min: 1, max: 5_000_000 }) });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('post' as const),
      day: fc.nat(90),
      lines: fc.array(lineArb, { minLength: 1, maxLength: 5 }),
      isBalanced: fc.nat(4).map((n) => n > 0),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat(), delay: fc.nat(10) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('lock' as const), day: fc.nat(60) }) },
);

interface ModelEntry {
  id: number;
  day: number;
  isReversal: boolean;
  isReversed: boolean;
}

it('postings, reversals and lock dates keep the ledger sound', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(opArb, { minLength: 5, maxLength: 40 }), async (ops) => {
      const org = await newOrganisation(ctx);
      const db = ctx.database.db;
      const byCode = await accountsByCode(db, org.clientId);
      const ids = CODES.map((c) => byCode[c]);
      const net = new Map<number, bigint>(ids.map((id) => [id, 0n]));
      const entries: ModelEntry[] = [];
      let lockDay = -1;
      let lockedSnapshot = '';
      const snapshot = (upTo: number) =>
        inTenant(db, org.clientId, (tx) =>
          queryRows<{ s: string | null }>(
            tx,
            sql`
            select string_agg(account_id || ':' || date || ':' || debit || ':' || credit, ',' order by account_id, date) as s
            from account_daily_balances where date <= ${day(upTo)}::date`,
          ),
        ).then((r) => r[0].s ?? '');
      const expectRefusal = async (run: Promise<unknown>, code: string) => {
        const err = await run.then(
          () => null,
          (e: unknown) => e,
        );
        expect(err).toBeInstanceOf(AppError);
        expect((err as AppError).code).toBe(code);
      };

      for (const op of ops) {
        if (op.kind === 'post') {
          const lines = op.lines.map((l) => ({ accountId: ids[l.account], side: l.isDebit ? 1n : -1n, cents: BigInt(l.cents) }));
          const diff = lines.reduce((acc, l) => acc + l.side * l.cents, 0n);
          if (op.isBalanced && diff !== 0n) {
            lines.push({ accountId: ids[(op.lines[0].account + 1) % ids.length], side: diff > 0n ? -1n : 1n, cents: diff > 0n ? diff : -diff });
          }
          const merged = new Map<number, bigint>();
          for (const l of lines) merged.set(l.accountId, (merged.get(l.accountId) ?? 0n) + l.side * l.cents);
          const total = [...merged.values()].reduce((acc, v) => acc + (v > 0n ? v : 0n), 0n);
          const balanced = [...merged.values()].reduce((acc, v) => acc + v, 0n) === 0n;
          const run = inTenant(db, org.clientId, (tx) =>
            postJournal(tx, {
              clientId: org.clientId,
              date: day(op.day),
              sourceType: 'journal',
              lines: lines.map((l) => (l.side > 0n ? { accountId: l.accountId, debit: amount(l.cents) } : { accountId: l.accountId, credit: amount(l.cents) })),
            }),
          );
          if (!balanced) await expectRefusal(run, 'UNBALANCED');
          else if (total === 0n) await expectRefusal(run, 'ZERO_ENTRY');
          else if (op.day <= lockDay) await expectRefusal(run, 'PERIOD_LOCKED');
          else {
            const posted = await run;
            entries.push({ id: posted.id, day: op.day, isReversal: false, isReversed: false });
            for (const [id, v] of merged) net.set(id, (net.get(id) ?? 0n) + v);
          }
        } else if (op.kind === 'reverse') {
          if (entries.length === 0) continue;
          const target = entries[op.pick % entries.length];
          const onDay = target.day + op.delay;
          const run = inTenant(db, org.clientId, (tx) => reverseJournal(tx, { clientId: org.clientId, entryId: target.id, date: day(onDay) }));
          if (target.isReversed) await expectRefusal(run, 'ALREADY_REVERSED');
          else if (target.isReversal) await expectRefusal(run, 'REVERSAL_OF_REVERSAL');
          else if (onDay <= lockDay) await expectRefusal(run, 'PERIOD_LOCKED');
          else {
            const posted = await run;
            target.isReversed = true;
            entries.push({ id: posted.id, day: onDay, isReversal: true, isReversed: false });
            for (const l of posted.lines)
              net.set(l.accountId, (net.get(l.accountId) ?? 0n) + BigInt(l.debit.replace('.', '')) - BigInt(l.credit.replace('.', '')));
          }
        } else if (op.day > lockDay) {
          lockDay = op.day;
          await inTenant(db, org.clientId, (tx) => setLockDate(tx, org.clientId, day(lockDay)));
          lockedSnapshot = await snapshot(lockDay);
        }
      }

      const report = await verifyLedger(db, { clientId: org.clientId });
      expect(report).toMatchObject({ isSound: true, entries: entries.length });
      const [tb] = await inTenant(db, org.clientId, (tx) =>
        queryRows<{ debit: string; credit: string }>(
          tx,
          sql`select coalesce(sum(debit), 0)::text as debit, coalesce(sum(credit), 0)::text as credit from account_daily_balances`,
        ),
      );
      expect(tb.debit).toBe(tb.credit);
      const stored = await inTenant(db, org.clientId, (tx) =>
        queryRows<{ account_id: number; net: string }>(
          tx,
          sql`select account_id, sum(debit - credit)::text as net from account_daily_balances group by account_id`,
        ),
      );
      const storedNet = new Map(stored.map((r) => [Number(r.account_id), BigInt(r.net.replace('.', ''))]));
      for (const id of ids) expect(storedNet.get(id) ?? 0n).toBe(net.get(id));
      if (lockDay >= 0) expect(await snapshot(lockDay)).toBe(lockedSnapshot);
    }),
    { numRuns: 25 },
  );
});
