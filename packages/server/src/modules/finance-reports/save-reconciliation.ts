// PUT /api/finance/reconciliation saves a month's statement balance and cleared lines (a draft);
// POST /api/finance/reconciliation/complete closes it when the cleared balance equals the statement.
// Months of an account are reconciled in order: a month can change only while it is a draft, every
// earlier month is completed and no later month has been started. A completed month (and so every line
// it cleared) never changes again; the database refuses it too (migrations/0015_reconciliations.sql).
import { sql } from 'drizzle-orm';
import type { Reconciliation, ReconciliationBody, ReconciliationCompleteBody } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { queryRows } from '../../db/rows.ts';
import { Decimal, money } from '../../ledger/index.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, type FieldError } from '../../plugins/errors.ts';
import { loadReconciliation, type ReconciliationState } from './read-reconciliation.ts';

const refuse = (details: FieldError[]) => new AppError(400, 'VALIDATION', 'common.validation', details);

/** The ordering rules shared by save and complete. */
function assertChangeable(state: ReconciliationState): void {
  if (state.current?.status === 'completed') throw refuse([{ field: 'period', message: 'financeReports.reconciliationCompleted' }]);
  const later = state.later[0];
  if (later) throw refuse([{ field: 'period', message: `financeReports.reconciliationLaterExists|${later.period}` }]);
  const open = state.earlier.find((r) => r.status !== 'completed');
  if (open) throw refuse([{ field: 'period', message: `financeReports.reconciliationEarlierOpen|${open.period}` }]);
}

async function clearedIds(tx: Db, clientId: number, reconciliationId: number): Promise<number[]> {
  const rows = await queryRows<{ line_id: string | number }>(
    tx,
    sql`
    select line_id from reconciliation_items where client_id = ${clientId} and reconciliation_id = ${reconciliationId} order by line_id`,
  );
  return rows.map((r) => Number(r.line_id));
}

export async function saveReconciliation(opts: { tx: Db; actor: Actor; input: ReconciliationBody }): Promise<Reconciliation> {
  const { tx, actor, input } = opts;
  const { clientId } = actor;
  const state = await loadReconciliation({ tx, clientId, lang: actor.lang, accountId: input.accountId, period: input.period, lock: true });
  assertChangeable(state);
  const notListed: FieldError[] = [];
  input.clearedLineIds.forEach((id, i) => {
    if (!state.listable.has(id)) notListed.push({ field: `clearedLineIds.${i}`, message: 'financeReports.lineNotListed' });
  });
  if (notListed.length > 0) throw refuse(notListed);

  const wanted = [...new Set(input.clearedLineIds)].sort((a, b) => a - b);
  const before = state.current
    ? { statementBalance: money(state.current.statement_balance), clearedLineIds: await clearedIds(tx, clientId, Number(state.current.id)) }
    : null;
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`
    insert into reconciliations (client_id, account_id, period, statement_balance)
    values (${clientId}, ${input.accountId}, ${input.period}, ${money(input.statementBalance)}::numeric)
    on conflict (client_id, account_id, period) do update set statement_balance = excluded.statement_balance, updated_at = now()
    returning id`,
  );
  const id = Number(row.id);
  const ids = JSON.stringify(wanted);
  await tx.execute(sql`
    delete from reconciliation_items
    where client_id = ${clientId} and reconciliation_id = ${id}
      and line_id not in (select (jsonb_array_elements_text(${ids}::jsonb))::bigint)`);
  await tx.execute(sql`
    insert into reconciliation_items (client_id, reconciliation_id, line_id)
    select ${clientId}, ${id}, x::bigint from jsonb_array_elements_text(${ids}::jsonb) as x
    on conflict (client_id, line_id) do nothing`);
  await writeAudit(tx, actor, {
    action: before ? 'update' : 'create',
    entity: 'reconciliation',
    entityId: id,
    before: before ? { accountId: input.accountId, period: input.period, ...before } : null,
    after: { accountId: input.accountId, period: input.period, statementBalance: money(input.statementBalance), clearedLineIds: wanted },
  });
  return (await loadReconciliation({ tx, clientId, lang: actor.lang, accountId: input.accountId, period: input.period })).view;
}

export async function completeReconciliation(opts: { tx: Db; actor: Actor; input: ReconciliationCompleteBody }): Promise<Reconciliation> {
  const { tx, actor, input } = opts;
  const state = await loadReconciliation({ tx, clientId: actor.clientId, lang: actor.lang, accountId: input.accountId, period: input.period, lock: true });
  if (!state.current) throw refuse([{ field: 'period', message: 'financeReports.reconciliationNotSaved' }]);
  assertChangeable(state);
  const difference = new Decimal(state.current.statement_balance).minus(state.clearedBalance);
  if (!difference.isZero()) throw refuse([{ field: 'statementBalance', message: `financeReports.reconciliationDifference|${money(difference)}` }]);

  const id = Number(state.current.id);
  await tx.execute(sql`
    update reconciliations
    set status = 'completed', completed_by = ${actor.userId}, completed_at = now(), updated_at = now(),
        ledger_balance = ${money(state.ledgerBalance)}::numeric, cleared_balance = ${money(state.clearedBalance)}::numeric
    where client_id = ${actor.clientId} and id = ${id}`);
  await writeAudit(tx, actor, {
    action: 'status',
    entity: 'reconciliation',
    entityId: id,
    before: { status: 'draft' },
    after: {
      status: 'completed',
      accountId: input.accountId,
      period: input.period,
      statementBalance: money(state.current.statement_balance),
      clearedBalance: money(state.clearedBalance),
      ledgerBalance: money(state.ledgerBalance),
    },
  });
  return (await loadReconciliation({ tx, clientId: actor.clientId, lang: actor.lang, accountId: input.accountId, period: input.period })).view;
}
