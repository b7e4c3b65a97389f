// The expenses report (/Sales-reports/expenses-report): what posted vendor bills and cash purchases cost
// (each line's amount less discount, before tax) less posted purchase returns, by account, vendor or month,
// in a period, with vendor, account and branch filters. scope 'expense' reads only lines on expense
// accounts (services, non-stocked goods, free lines); 'all' adds the stock bought (inventory accounts).
// Also its file (CSV, XLSX) through the finance reports' exporter.
import { sql } from 'drizzle-orm';
import { type ExpensesReport, type Lang, type expensesReportQuery, translate, type z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { Decimal, dec } from '../../ledger/index.ts';
import type { ReportTable } from '../finance-reports/index.ts';

type Query = Omit<z.output<typeof expensesReportQuery>, 'format'>;

export async function expensesReport(opts: { tx: Db; lang: Lang; query: Query }): Promise<ExpensesReport> {
  const { tx, lang, query } = opts;
  const key = { account: sql`a.id::text`, vendor: sql`v.id::text`, month: sql`to_char(x.date, 'YYYY-MM')` }[query.groupBy];
  const label = {
    account: sql.raw(lang === 'so' ? 'min(a.name_so)' : 'min(a.name_en)'),
    vendor: sql`min(v.name)`,
    month: sql`to_char(min(x.date), 'YYYY-MM')`,
  }[query.groupBy];
  const code = { account: sql`min(a.code)`, vendor: sql`min(v.number)`, month: sql`null::text` }[query.groupBy];
  const order = { account: sql`min(a.code)`, vendor: sql`lower(min(v.name))`, month: sql`min(x.date)` }[query.groupBy];
  const filters = (
    alias: string,
  ) => sql`${sql.raw(alias)}.status = 'Posted' and ${sql.raw(alias)}.date between ${query.startDate}::date and ${query.endDate}::date
    ${query.vendorId ? sql`and ${sql.raw(alias)}.vendor_id = ${query.vendorId}` : sql``}
    ${query.branchId ? sql`and ${sql.raw(alias)}.branch_id = ${query.branchId}` : sql``}`;
  const rows = await queryRows<{ key: string; label: string; code: string | null; documents: number; purchased: string; returned: string }>(
    tx,
    sql`
    with x as (
      select p.date, p.vendor_id, l.account_id, 'p' || p.id as doc, l.net - l.discount as purchased, 0::numeric as returned
      from purchase_lines l join purchases p on p.id = l.purchase_id where ${filters('p')}
      union all
      select r.date, r.vendor_id, l.account_id, 'r' || r.id, 0::numeric, l.amount
      from purchase_return_lines l join purchase_returns r on r.id = l.return_id where ${filters('r')}
    )
    select ${key} as key, ${label} as label, ${code} as code, count(distinct x.doc)::int as documents,
           sum(x.purchased)::text as purchased, sum(x.returned)::text as returned
    from x join accounts a on a.id = x.account_id join vendors v on v.id = x.vendor_id
    where true ${query.scope === 'expense' ? sql`and a.type = 'expense'` : sql``} ${query.accountId ? sql`and x.account_id = ${query.accountId}` : sql``}
    group by 1 order by ${order}`,
  );
  const out = rows.map((r) => ({
    key: r.key,
    label: r.label,
    code: r.code,
    documents: Number(r.documents),
    purchased: dec(r.purchased).toFixed(2),
    returned: dec(r.returned).toFixed(2),
    net: dec(r.purchased).minus(r.returned).toFixed(2),
  }));
  const sum = (k: 'purchased' | 'returned' | 'net') => out.reduce((s, r) => s.plus(r[k]), new Decimal(0)).toFixed(2);
  return {
    startDate: query.startDate,
    endDate: query.endDate,
    groupBy: query.groupBy,
    scope: query.scope,
    rows: out,
    totals: { documents: out.reduce((s, r) => s + r.documents, 0), purchased: sum('purchased'), returned: sum('returned'), net: sum('net') },
  };
}

export function expensesTable(r: ExpensesReport, ctx: { lang: Lang; organisation: string }): ReportTable {
  const t = (k: string) => translate(k, ctx.lang);
  const first = { account: 'purchases.report.account', vendor: 'purchases.report.vendor', month: 'purchases.report.month' }[r.groupBy];
  return {
    title: t('purchases.report.expenses'),
    subtitle: [ctx.organisation, translate(`purchases.report.period|${r.startDate}|${r.endDate}`, ctx.lang)],
    columns: [
      { key: 'label', header: t(first), kind: 'text', width: 36 },
      { key: 'documents', header: t('purchases.report.documents'), kind: 'integer', width: 12 },
      { key: 'purchased', header: t('purchases.report.purchased'), kind: 'money', width: 16 },
      { key: 'returned', header: t('purchases.report.returned'), kind: 'money', width: 16 },
      { key: 'net', header: t('purchases.report.net'), kind: 'money', width: 16 },
    ],
    rows: [
      ...r.rows.map((x) => ({
        cells: { label: x.code ? `${x.code} ${x.label}` : x.label, documents: x.documents, purchased: x.purchased, returned: x.returned, net: x.net },
      })),
      {
        style: 'total' as const,
        cells: {
          label: t('purchases.report.total'),
          documents: r.totals.documents,
          purchased: r.totals.purchased,
          returned: r.totals.returned,
          net: r.totals.net,
        },
      },
    ],
    fileName: `expenses-${r.groupBy}-${r.startDate}-${r.endDate}`,
  };
}
