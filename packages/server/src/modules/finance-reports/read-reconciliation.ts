// GET /api/finance/reconciliation?accountId&period: a bank or mobile money account's month as the
// reconciliation screen shows it. Months are reconciled in order, from the account's first reconciled
// month on (the books before it count as agreed with the bank). Listed: the month's ledger lines and the
// earlier lines no earlier reconciliation cleared (outstanding items). Balances:
//   opening cleared = ledger balance before the first reconciled month + lines cleared by earlier months
//   cleared         = opening cleared + lines cleared in this month
//   ledger          = opening cleared + every listed line (so ledger - cleared = the uncleared listed lines)
//   difference      = statement balance - cleared (zero to complete).
import { sql } from 'drizzle-orm';
import type { AccountSubtype, AccountType, Lang, Reconciliation, ReconciliationLine, ReconciliationStatus } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { Decimal, dec, documentNumber, money, naturalBalance } from '../../ledger/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { nameIn } from './labels.ts';

/** Subtypes of the accounts that have an outside statement to reconcile with. */
export const RECONCILABLE_SUBTYPES: readonly AccountSubtype[] = ['bank', 'mobile_money'];

export interface ReconciliationRecord {
  id: number;
  period: string;
  status: ReconciliationStatus;
  statement_balance: string;
  completed_by_name: string | null;
  completed_at: string | null;
}

export interface ReconciliationState {
  view: Reconciliation;
  account: { id: number; type: AccountType };
  current: ReconciliationRecord | null;
  earlier: ReconciliationRecord[];
  later: ReconciliationRecord[];
  /** Ids of the lines this month may clear (the listed lines). */
  listable: Set<number>;
  clearedBalance: Decimal;
  ledgerBalance: Decimal;
}

const fieldError = (field: string, message: string) => new AppError(400, 'VALIDATION', 'common.validation', [{ field, message }]);

export const periodStart = (period: string) => `${period}-01`;
export function periodEnd(period: string): string {
  const [y, m] = period.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

interface LineRow {
  id: string | number;
  entry_id: string | number;
  date: string;
  debit: string;
  credit: string;
  line_memo: string | null;
  series: string;
  entry_no: string | number;
  reference: string | null;
  memo: string | null;
  cleared_in: number | null;
}

/**
 * Reads everything about one account's month. `lock` takes the account row FOR NO KEY UPDATE, which
 * serialises saving and completing reconciliations of the account without blocking its postings.
 */
export async function loadReconciliation(opts: {
  tx: Db;
  clientId: number;
  lang: Lang;
  accountId: number;
  period: string;
  lock?: boolean;
}): Promise<ReconciliationState> {
  const { tx, clientId, lang, accountId, period } = opts;
  const [account] = await queryRows<{ id: number; code: string; name_en: string; name_so: string; type: AccountType; subtype: AccountSubtype }>(
    tx,
    sql`
    select id, code, name_en, name_so, type, subtype from accounts where client_id = ${clientId} and id = ${accountId}
    ${opts.lock ? sql`for no key update` : sql``}`,
  );
  if (!account) throw fieldError('accountId', 'ledger.unknownAccount');
  if (account.type !== 'asset' || !RECONCILABLE_SUBTYPES.includes(account.subtype)) throw fieldError('accountId', 'financeReports.reconciliationAccount');

  const records = await queryRows<ReconciliationRecord>(
    tx,
    sql`
    select r.id, r.period, r.status, r.statement_balance, u.fullname as completed_by_name, r.completed_at
    from reconciliations r left join users u on u.client_id = r.client_id and u.id = r.completed_by
    where r.client_id = ${clientId} and r.account_id = ${accountId}
    order by r.period`,
  );
  const current = records.find((r) => r.period === period) ?? null;
  const earlier = records.filter((r) => r.period < period);
  const later = records.filter((r) => r.period > period);
  const firstPeriod = earlier[0]?.period ?? period;
  const baseStart = periodStart(firstPeriod);
  const start = periodStart(period);
  const end = periodEnd(period);
  const earlierIds = JSON.stringify(earlier.map((r) => Number(r.id)));

  const [sums] = await queryRows<{ before_debit: string; before_credit: string; debit: string; credit: string; cleared_earlier: string }>(
    tx,
    sql`
    select coalesce(sum(debit) filter (where date < ${baseStart}::date), 0) as before_debit,
           coalesce(sum(credit) filter (where date < ${baseStart}::date), 0) as before_credit,
           coalesce(sum(debit), 0) as debit, coalesce(sum(credit), 0) as credit,
           (select coalesce(sum(l.debit - l.credit), 0)
              from reconciliation_items i join journal_lines l on l.id = i.line_id
              where i.client_id = ${clientId} and i.reconciliation_id in (select (jsonb_array_elements_text(${earlierIds}::jsonb))::int)) as cleared_earlier
    from account_daily_balances
    where client_id = ${clientId} and account_id = ${accountId} and date <= ${end}::date`,
  );

  const rows = await queryRows<LineRow>(
    tx,
    sql`
    select l.id, l.entry_id, l.date::text as date, l.debit, l.credit, l.memo as line_memo,
           e.series, e.entry_no, e.reference, e.memo, i.reconciliation_id as cleared_in
    from journal_lines l
    join journal_entries e on e.id = l.entry_id
    left join reconciliation_items i on i.client_id = l.client_id and i.line_id = l.id
    where l.client_id = ${clientId} and l.account_id = ${accountId}
      and l.date between ${baseStart}::date and ${end}::date
      and (l.date >= ${start}::date or i.reconciliation_id is null
           or i.reconciliation_id not in (select (jsonb_array_elements_text(${earlierIds}::jsonb))::int))
    order by l.date, l.entry_id, l.id`,
  );

  const openingCleared = naturalBalance(account.type, sums.before_debit, sums.before_credit).plus(dec(sums.cleared_earlier));
  const ledgerBalance = naturalBalance(account.type, sums.debit, sums.credit);
  let clearedBalance = openingCleared;
  const outstanding = { debit: new Decimal(0), credit: new Decimal(0), count: 0 };
  const lines: ReconciliationLine[] = rows.map((r) => {
    const isCleared = current !== null && r.cleared_in !== null && Number(r.cleared_in) === Number(current.id);
    if (isCleared) clearedBalance = clearedBalance.plus(naturalBalance(account.type, r.debit, r.credit));
    else {
      outstanding.debit = outstanding.debit.plus(r.debit);
      outstanding.credit = outstanding.credit.plus(r.credit);
      outstanding.count += 1;
    }
    return {
      lineId: Number(r.id),
      entryId: Number(r.entry_id),
      number: documentNumber(r.series, Number(r.entry_no)),
      date: r.date,
      reference: r.reference,
      memo: r.line_memo ?? r.memo,
      debit: money(r.debit),
      credit: money(r.credit),
      isCleared,
      isPriorPeriod: r.date < start,
    };
  });

  const statement = current ? new Decimal(current.statement_balance) : null;
  const status: ReconciliationStatus = current?.status ?? 'draft';
  const view: Reconciliation = {
    id: current ? Number(current.id) : null,
    account: { id: Number(account.id), code: account.code, name: nameIn(account, lang), subtype: account.subtype },
    period,
    startDate: start,
    endDate: end,
    status,
    statementBalance: statement ? money(statement) : null,
    openingClearedBalance: money(openingCleared),
    ledgerBalance: money(ledgerBalance),
    clearedBalance: money(clearedBalance),
    difference: statement ? money(statement.minus(clearedBalance)) : null,
    outstanding: { debit: money(outstanding.debit), credit: money(outstanding.credit), count: outstanding.count },
    lines,
    isEditable: status !== 'completed' && later.length === 0 && earlier.every((r) => r.status === 'completed'),
    completedBy: current?.completed_by_name ?? null,
    completedAt: current?.completed_at ? new Date(current.completed_at).toISOString() : null,
  };
  return {
    view,
    account: { id: Number(account.id), type: account.type },
    current,
    earlier,
    later,
    listable: new Set(lines.map((l) => l.lineId)),
    clearedBalance,
    ledgerBalance,
  };
}

export async function getReconciliation(opts: { tx: Db; clientId: number; lang: Lang; accountId: number; period: string }): Promise<Reconciliation> {
  return (await loadReconciliation(opts)).view;
}
