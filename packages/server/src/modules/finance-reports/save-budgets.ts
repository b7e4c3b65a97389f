// PUT /api/finance/budgets: sets the given (account, month) cells of a year's budget in one statement,
// after checking every line (field errors name the line: unknown account, not income or expense,
// repeated cell). Cells not sent keep their amount. The change and its audit line share the transaction.
import { sql } from 'drizzle-orm';
import type { BudgetSheet, BudgetsBody } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { queryRows } from '../../db/rows.ts';
import { Decimal, groupedAmount, money, readMaxDocumentAmount } from '../../ledger/index.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, type FieldError } from '../../plugins/errors.ts';
import { getBudgetSheet } from './list-budgets.ts';

export async function saveBudgets(opts: { tx: Db; actor: Actor; input: BudgetsBody }): Promise<BudgetSheet> {
  const { tx, actor, input } = opts;
  const { clientId } = actor;
  const ids = JSON.stringify([...new Set(input.lines.map((l) => l.accountId))]);
  const accounts = await queryRows<{ id: number; type: string }>(
    tx,
    sql`
    select id, type from accounts
    where client_id = ${clientId} and id in (select (jsonb_array_elements_text(${ids}::jsonb))::int)`,
  );
  const typeOf = new Map(accounts.map((a) => [Number(a.id), a.type]));

  // A budget cell is held to the organisation's per-document maximum, as every posted document is.
  const maxAmount = await readMaxDocumentAmount(tx, clientId);
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  input.lines.forEach((line, i) => {
    if (new Decimal(line.amount).gt(maxAmount)) errors.push({ field: `lines.${i}.amount`, message: `ledger.amountLimit|${groupedAmount(maxAmount)}` });
    const type = typeOf.get(line.accountId);
    if (type === undefined) errors.push({ field: `lines.${i}.accountId`, message: 'ledger.unknownAccount' });
    else if (type !== 'income' && type !== 'expense') errors.push({ field: `lines.${i}.accountId`, message: 'financeReports.budgetAccountType' });
    const cell = `${line.accountId}|${line.month}`;
    if (seen.has(cell)) errors.push({ field: `lines.${i}.month`, message: 'financeReports.budgetDuplicate' });
    seen.add(cell);
  });
  if (errors.length > 0) throw new AppError(400, 'VALIDATION', 'common.validation', errors);

  const lines = input.lines.map((l) => ({ accountId: l.accountId, month: l.month, amount: money(l.amount) }));
  const payload = JSON.stringify(lines);
  const before = await queryRows<{ accountId: number; month: number; amount: string }>(
    tx,
    sql`
    select b.account_id as "accountId", b.month, b.amount::text as amount
    from budgets b join jsonb_to_recordset(${payload}::jsonb) as x("accountId" int, month int, amount numeric)
      on b.account_id = x."accountId" and b.month = x.month
    where b.client_id = ${clientId} and b.year = ${input.year}
    order by b.account_id, b.month`,
  );
  await tx.execute(sql`
    insert into budgets (client_id, account_id, year, month, amount)
    select ${clientId}, x."accountId", ${input.year}, x.month, x.amount
    from jsonb_to_recordset(${payload}::jsonb) as x("accountId" int, month int, amount numeric)
    order by x."accountId", x.month
    on conflict (client_id, account_id, year, month) do update
      set amount = excluded.amount, updated_at = now()
      where budgets.amount is distinct from excluded.amount`);
  await writeAudit(tx, actor, {
    action: 'update',
    entity: 'budget',
    entityId: input.year,
    before: { year: input.year, lines: before.map((b) => ({ accountId: Number(b.accountId), month: Number(b.month), amount: money(b.amount) })) },
    after: { year: input.year, lines },
  });
  return getBudgetSheet({ tx, clientId, lang: actor.lang, year: input.year });
}
