// GET /api/finance/reports/trial-balance: per account the net balance before startDate, the debits and
// credits from startDate to endDate, and the net balance at endDate, all read from the monthly and daily
// balances (ledger balanceSums: cost grows with accounts x months, not with journal lines). Every pair of
// columns totals equal.
import { sql } from 'drizzle-orm';
import type { AccountSubtype, AccountType, Lang, TrialBalance, TrialBalanceQuery, TrialBalanceRow } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { balanceSums, Decimal, dayBefore, dec, money } from '../../ledger/index.ts';
import { accountName } from './list-accounts.ts';

interface Row {
  id: number;
  code: string;
  name_en: string;
  name_so: string;
  type: AccountType;
  subtype: AccountSubtype;
  parent_id: number | null;
  opening: string;
  movement_debit: string;
  movement_credit: string;
}

/** A net amount in the debit column when positive, else in the credit column. */
const split = (net: Decimal) => ({ debit: money(net.gt(0) ? net : 0), credit: money(net.lt(0) ? net.negated() : 0) });

export async function trialBalance(opts: { tx: Db; clientId: number; lang: Lang; query: TrialBalanceQuery }): Promise<TrialBalance> {
  const { tx, clientId, lang, query } = opts;
  const opening = query.startDate ? balanceSums(clientId, { to: dayBefore(query.startDate) }) : null;
  const movement = balanceSums(clientId, { from: query.startDate, to: query.endDate });
  const rows = await queryRows<Row>(
    tx,
    sql`
    select a.id, a.code, a.name_en, a.name_so, a.type, a.subtype, a.parent_id,
           ${opening ? sql`coalesce(o.debit - o.credit, 0)` : sql`0`} as opening,
           coalesce(m.debit, 0) as movement_debit, coalesce(m.credit, 0) as movement_credit
    from accounts a
    ${opening ? sql`left join ${opening} o on o.account_id = a.id` : sql``}
    left join ${movement} m on m.account_id = a.id
    where a.client_id = ${clientId}
    order by a.code`,
  );

  const totals = {
    opening: { debit: new Decimal(0), credit: new Decimal(0) },
    movement: { debit: new Decimal(0), credit: new Decimal(0) },
    closing: { debit: new Decimal(0), credit: new Decimal(0) },
  };
  const out: TrialBalanceRow[] = [];
  for (const row of rows) {
    const opening = dec(row.opening);
    const closing = opening.plus(row.movement_debit).minus(row.movement_credit);
    const isEmpty = opening.isZero() && dec(row.movement_debit).isZero() && dec(row.movement_credit).isZero();
    if (isEmpty && !query.includeZero) continue;
    const o = split(opening);
    const c = split(closing);
    totals.opening.debit = totals.opening.debit.plus(o.debit);
    totals.opening.credit = totals.opening.credit.plus(o.credit);
    totals.movement.debit = totals.movement.debit.plus(row.movement_debit);
    totals.movement.credit = totals.movement.credit.plus(row.movement_credit);
    totals.closing.debit = totals.closing.debit.plus(c.debit);
    totals.closing.credit = totals.closing.credit.plus(c.credit);
    out.push({
      accountId: row.id,
      code: row.code,
      name: accountName(row, lang),
      type: row.type,
      subtype: row.subtype,
      parentId: row.parent_id,
      openingDebit: o.debit,
      openingCredit: o.credit,
      movementDebit: money(row.movement_debit),
      movementCredit: money(row.movement_credit),
      debit: c.debit,
      credit: c.credit,
    });
  }
  return {
    startDate: query.startDate ?? null,
    endDate: query.endDate ?? null,
    rows: out,
    totals: {
      debit: money(totals.closing.debit),
      credit: money(totals.closing.credit),
      opening: { debit: money(totals.opening.debit), credit: money(totals.opening.credit) },
      movement: { debit: money(totals.movement.debit), credit: money(totals.movement.credit) },
    },
  };
}
