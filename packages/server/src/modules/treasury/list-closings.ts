// GET /api/finance/closing: the lock date, the history of closings (newest first, with whether each
// closing entry was later reversed and whether its period was reopened) and, when periodEnd is given,
// a preview of what closing up to that day would post.
import { type SQL, sql } from 'drizzle-orm';
import type { ClosingQuery, ClosingState, Lang, PeriodClosing } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { SYSTEM_ACCOUNTS, documentNumber, getLockDate, money } from '../../ledger/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { previewClosing } from './closing-balances.ts';
import { optionalNumber } from './treasury-accounts.ts';

interface ClosingRow {
  id: number;
  period_start: string | null;
  period_end: string;
  re_id: number;
  re_code: string;
  re_name_en: string;
  re_name_so: string;
  entry_id: string | number | null;
  series: string | null;
  entry_no: string | number | null;
  reversed_by_id: string | number | null;
  income_total: string;
  expense_total: string;
  net_income: string;
  memo: string | null;
  created_by: string | null;
  created_at: string;
  reopened_at: string | null;
  reopened_by: string | null;
  reopen_reason: string | null;
}

async function closingRows(tx: Db, where: SQL): Promise<ClosingRow[]> {
  return queryRows<ClosingRow>(
    tx,
    sql`
    select p.id, p.period_start::text as period_start, p.period_end::text as period_end,
           a.id as re_id, a.code as re_code, a.name_en as re_name_en, a.name_so as re_name_so,
           p.entry_id, e.series, e.entry_no, e.reversed_by_id, p.income_total, p.expense_total, p.net_income, p.memo,
           cu.fullname as created_by, p.created_at, p.reopened_at, ru.fullname as reopened_by, p.reopen_reason
    from period_closings p
    join accounts a on a.client_id = p.client_id and a.id = p.retained_earnings_account_id
    left join journal_entries e on e.client_id = p.client_id and e.id = p.entry_id
    left join users cu on cu.client_id = p.client_id and cu.id = p.created_by
    left join users ru on ru.client_id = p.client_id and ru.id = p.reopened_by
    where ${where}
    order by p.period_end desc, p.id desc`,
  );
}

function toClosing(row: ClosingRow, lang: Lang): PeriodClosing {
  return {
    id: Number(row.id),
    periodStart: row.period_start,
    periodEnd: row.period_end,
    retainedEarningsAccount: { id: Number(row.re_id), code: row.re_code, name: lang === 'so' ? row.re_name_so : row.re_name_en },
    entryId: optionalNumber(row.entry_id),
    entryNumber: row.series === null ? null : documentNumber(row.series, Number(row.entry_no)),
    isEntryReversed: row.reversed_by_id !== null,
    totals: { income: money(row.income_total), expenses: money(row.expense_total) },
    netIncome: money(row.net_income),
    memo: row.memo,
    createdBy: row.created_by,
    createdAt: new Date(row.created_at).toISOString(),
    reopenedAt: row.reopened_at === null ? null : new Date(row.reopened_at).toISOString(),
    reopenedBy: row.reopened_by,
    reopenReason: row.reopen_reason,
  };
}

export async function getClosing(opts: { tx: Db; clientId: number; lang: Lang; id: number }): Promise<PeriodClosing> {
  const [row] = await closingRows(opts.tx, sql`p.client_id = ${opts.clientId} and p.id = ${opts.id}`);
  if (!row) throw notFound();
  return toClosing(row, opts.lang);
}

export async function getClosingState(opts: { tx: Db; clientId: number; lang: Lang; query: ClosingQuery }): Promise<ClosingState> {
  const { tx, clientId, lang, query } = opts;
  const lockDate = await getLockDate(tx, clientId);
  const [retained] = await queryRows<{ id: number }>(
    tx,
    sql`
    select id from accounts where client_id = ${clientId} and code = ${SYSTEM_ACCOUNTS.retainedEarnings}`,
  );
  const rows = await closingRows(tx, sql`p.client_id = ${clientId}`);
  return {
    lockDate,
    retainedEarningsAccountId: retained ? Number(retained.id) : null,
    closings: rows.map((r) => toClosing(r, lang)),
    preview: query.periodEnd ? await previewClosing({ tx, clientId, lang, periodEnd: query.periodEnd, lockDate }) : null,
  };
}
