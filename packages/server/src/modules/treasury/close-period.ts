// POST /api/finance/closing: the year-end closing. In one transaction: lock the ledger settings row
// (postings of other users wait), post ONE entry with source type 'closing', dated periodEnd, that
// empties every income and expense account into retained earnings, record the closing, set the lock
// date to periodEnd, and audit. Balances are cumulative up to periodEnd: earlier closings already
// emptied the accounts up to their own end, so what remains is exactly the result since the last
// closing (including anything posted in a period that was reopened meanwhile).
import { sql } from 'drizzle-orm';
import { type ClosingBody, type PeriodClosing, translate } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { queryRows } from '../../db/rows.ts';
import { CLOSING_SOURCE_TYPE, SYSTEM_ACCOUNTS, lockSettingsForChange, money, postJournal, setLockDate } from '../../ledger/index.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { fieldError } from '../../plugins/errors.ts';
import { getClosing } from './list-closings.ts';
import { periodClosings } from './treasury.tables.ts';
import { dayAfter, readClosingBalances, toBalances } from './closing-balances.ts';
import { closingPosting } from './treasury.posting.ts';
import { databaseToday, nextRowId, readAccounts, textOrNull } from './treasury-accounts.ts';

export async function closePeriod(opts: { tx: Db; actor: Actor; input: ClosingBody }): Promise<PeriodClosing> {
  const { tx, actor, input } = opts;
  const { clientId, userId, branchId = null } = actor;
  // First: from here to commit no posting of this organisation can slip in (lock order: settings row).
  const previousLock = await lockSettingsForChange(tx, clientId);
  if (previousLock !== null && input.periodEnd <= previousLock) throw fieldError('periodEnd', `ledger.locked|${previousLock}`);
  const today = await databaseToday(tx);
  if (input.periodEnd > today) throw fieldError('periodEnd', `treasury.closingFuture|${today}`);

  let retainedId = input.retainedEarningsAccountId;
  if (retainedId === undefined) {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`
      select id from accounts where client_id = ${clientId} and code = ${SYSTEM_ACCOUNTS.retainedEarnings}`,
    );
    if (!row) throw fieldError('retainedEarningsAccountId', 'v.required');
    retainedId = Number(row.id);
  }
  const retained = (await readAccounts(tx, clientId, [retainedId])).get(retainedId);
  if (!retained) throw fieldError('retainedEarningsAccountId', 'ledger.unknownAccount');
  if (retained.type !== 'equity' || retained.status !== 'Active') throw fieldError('retainedEarningsAccountId', 'treasury.notEquity');

  const rows = await readClosingBalances(tx, clientId, input.periodEnd);
  const inactive = rows.find((r) => r.status !== 'Active');
  if (inactive) throw fieldError('periodEnd', `treasury.closingInactiveAccount|${inactive.code}`);
  const plan = closingPosting(toBalances(rows), retained.id);

  const id = await nextRowId(tx, 'period_closings');
  const memo = textOrNull(input.memo);
  const posted =
    plan.lines.length === 0
      ? null
      : await postJournal(tx, {
          clientId,
          date: input.periodEnd,
          reference: `CLOSE-${input.periodEnd}`,
          memo: memo ?? translate(`treasury.closingMemo|${input.periodEnd}`, actor.lang),
          sourceType: CLOSING_SOURCE_TYPE,
          sourceId: id,
          branchId,
          userId,
          lines: plan.lines,
          // The year's income and expenses closed into equity: already-allowed postings, not a new document.
          limitField: null,
        });
  await tx.insert(periodClosings).values({
    id,
    clientId,
    periodStart: previousLock === null ? null : dayAfter(previousLock),
    periodEnd: input.periodEnd,
    retainedEarningsAccountId: retained.id,
    entryId: posted?.id ?? null,
    incomeTotal: money(plan.income),
    expenseTotal: money(plan.expenses),
    netIncome: money(plan.netIncome),
    memo,
    createdBy: userId,
  });
  // The closing entry is dated periodEnd, so it is posted before the period locks behind it.
  await setLockDate(tx, clientId, input.periodEnd);
  await writeAudit(tx, actor, {
    action: 'close',
    entity: 'period-closing',
    entityId: id,
    before: { lockDate: previousLock },
    after: {
      lockDate: input.periodEnd,
      retainedEarnings: retained.code,
      entry: posted?.number ?? null,
      income: money(plan.income),
      expenses: money(plan.expenses),
      netIncome: money(plan.netIncome),
      memo,
    },
  });
  return getClosing({ tx, clientId, lang: actor.lang, id });
}
