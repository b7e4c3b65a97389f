// The sales reports: sales activity (invoices and cash sales less returns, posted, in a period: quantity,
// revenue before tax, cost at the stock's cost, margin; by item, customer or month), read from the sales
// balance rows the documents keep (sales-balances.ts), and return transactions (each line of the period's
// posted sales returns, from the documents' lines). Both lay themselves out as the finance exporter's
// ReportTable for CSV and XLSX.
import { sql } from 'drizzle-orm';
import {
  type Lang,
  type ReturnTransaction,
  SALES_SERIES,
  type SalesActivity,
  type SalesKind,
  bdec,
  billMoney,
  translate,
  type returnTransactionQuery,
  type salesActivityQuery,
  type z,
} from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { documentNumber } from '../../ledger/index.ts';
import type { ReportColumn, ReportRow, ReportTable } from '../finance-reports/index.ts';
import { purchaseReturnTransactions } from '../purchases/index.ts';

export interface SalesReportScope {
  tx: Db;
  lang: Lang;
}

const percentOf = (margin: string, revenue: string) => (bdec(revenue).isZero() ? null : bdec(margin).div(revenue).mul(100).toFixed(2));

export async function salesActivity(opts: SalesReportScope & { query: z.output<typeof salesActivityQuery> }): Promise<SalesActivity> {
  const { tx, query } = opts;
  // Grouped on the balance rows' own columns first, the key text made once per group: an item's key is
  // 'i<id>', a free line's 'a<account id>' (the same keys, and so the same order, as on the documents).
  const [group, key] =
    query.groupBy === 'item'
      ? [sql`b.item_id, b.account_id`, sql`coalesce('i' || b.item_id::text, 'a' || b.account_id::text)`]
      : query.groupBy === 'customer'
        ? [sql`b.customer_id`, sql`b.customer_id::text`]
        : [sql`date_trunc('month', b.day)`, sql`to_char(date_trunc('month', b.day), 'YYYY-MM')`];
  // A group whose lines were all cancelled has rows of zeros and no lines: not in the report.
  const base = sql`
    select ${key} as key, sum(b.quantity) as quantity, sum(b.revenue) as revenue, sum(b.cost) as cost
    from sales_balances b
    where b.day between ${query.startDate}::date and ${query.endDate}::date
      ${query.branchId ? sql`and b.branch_id = ${query.branchId}` : sql``}
      ${query.customerId ? sql`and b.customer_id = ${query.customerId}` : sql``}
      ${query.itemId ? sql`and b.item_id = ${query.itemId}` : sql``}
    group by ${group}
    having sum(b.lines) > 0`;
  const name =
    query.groupBy === 'item'
      ? sql`case when g.key like 'i%' then i.name else ${translate('salesReports.freeLines', opts.lang)} || ': ' || a.code || ' ' || ${opts.lang === 'so' ? sql`a.name_so` : sql`a.name_en`} end`
      : query.groupBy === 'customer'
        ? sql`c.name`
        : sql`g.key`;
  const code = query.groupBy === 'item' ? sql`i.code` : query.groupBy === 'customer' ? sql`c.customer_no` : sql`null::text`;
  const joins =
    query.groupBy === 'item'
      ? sql`left join items i on g.key like 'i%' and i.id = substr(g.key, 2)::int left join accounts a on g.key like 'a%' and a.id = substr(g.key, 2)::int`
      : query.groupBy === 'customer'
        ? sql`join customers c on c.id = g.key::int`
        : sql``;
  const order = query.groupBy === 'month' ? sql`g.key` : sql`g.revenue desc, g.key`;
  type Row = { key: string; code: string | null; name: string; quantity: string; revenue: string; cost: string; n: number; tq: string; tr: string; tc: string };
  // The page and the totals in one pass: the totals ride on every row of the page.
  const rows = await queryRows<Row>(
    tx,
    sql`select g.key, ${code} as code, ${name} as name, g.quantity::text, g.revenue::text, g.cost::text, g.n, g.tq::text, g.tr::text, g.tc::text
        from (select g.*, count(*) over () as n, sum(g.quantity) over () as tq, sum(g.revenue) over () as tr, sum(g.cost) over () as tc from (${base}) g) g
        ${joins} order by ${order} limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
  );
  // A page past the end has no row to carry them.
  const [t] =
    rows.length > 0
      ? [{ n: rows[0].n, quantity: rows[0].tq, revenue: rows[0].tr, cost: rows[0].tc }]
      : await queryRows<{ n: number; quantity: string; revenue: string; cost: string }>(
          tx,
          sql`select count(*)::int as n, coalesce(sum(quantity), 0)::text as quantity, coalesce(sum(revenue), 0)::text as revenue, coalesce(sum(cost), 0)::text as cost from (${base}) g`,
        );
  const margin = billMoney(bdec(t.revenue).minus(t.cost));
  return {
    startDate: query.startDate,
    endDate: query.endDate,
    groupBy: query.groupBy,
    rows: rows.map((r) => {
      const m = billMoney(bdec(r.revenue).minus(r.cost));
      return {
        key: r.key.replace(/^[ia]/, ''),
        code: r.code,
        name: r.name,
        quantity: bdec(r.quantity).toString(),
        revenue: billMoney(r.revenue),
        cost: billMoney(r.cost),
        margin: m,
        marginPercent: percentOf(m, r.revenue),
      };
    }),
    totals: {
      quantity: bdec(t.quantity).toString(),
      revenue: billMoney(t.revenue),
      cost: billMoney(t.cost),
      margin,
      marginPercent: percentOf(margin, t.revenue),
    },
    total: Number(t.n),
    page: query._page,
    limit: query._limit,
  };
}

export async function returnTransactions(opts: SalesReportScope & { query: z.output<typeof returnTransactionQuery> }): Promise<ReturnTransaction> {
  const { tx, query } = opts;
  if (query.kind === 'purchase') return purchaseReturnTransactions({ tx, query });
  const where = sql`d.kind = 'return' and d.status = 'Posted' and d.date between ${query.startDate}::date and ${query.endDate}::date
    ${query.customerId ? sql`and d.customer_id = ${query.customerId}` : sql``}
    ${query.itemId ? sql`and l.item_id = ${query.itemId}` : sql``}`;
  const from = sql`from sales_documents d join sales_document_lines l on l.document_id = d.id`;
  const rows = await queryRows<{
    id: string;
    date: string;
    doc_no: string;
    sale_no: string;
    sale_kind: SalesKind;
    customer_id: number;
    customer_no: string;
    customer_name: string;
    item_code: string | null;
    item_name: string | null;
    description: string | null;
    quantity: string;
    total: string;
    cost: string;
  }>(
    tx,
    sql`select d.id, d.date::text, d.doc_no, s.doc_no as sale_no, s.kind as sale_kind, d.customer_id, c.customer_no, c.name as customer_name,
               i.code as item_code, i.name as item_name, l.description, l.quantity::text, l.total::text, l.cost::text
        ${from} join sales_documents s on s.id = d.sale_id join customers c on c.id = d.customer_id left join items i on i.id = l.item_id
        where ${where} order by d.date, d.id, l.position limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
  );
  const [t] = await queryRows<{ n: number; docs: number; quantity: string; amount: string; cost: string }>(
    tx,
    sql`select count(*)::int as n, count(distinct d.id)::int as docs, coalesce(sum(l.quantity), 0)::text as quantity,
               coalesce(sum(l.total), 0)::text as amount, coalesce(sum(l.cost), 0)::text as cost ${from} where ${where}`,
  );
  return {
    kind: 'sales',
    startDate: query.startDate,
    endDate: query.endDate,
    rows: rows.map((r) => ({
      returnId: Number(r.id),
      date: r.date,
      number: documentNumber(SALES_SERIES.return, Number(r.doc_no)),
      fromNumber: documentNumber(SALES_SERIES[r.sale_kind], Number(r.sale_no)),
      partyId: Number(r.customer_id),
      partyNo: r.customer_no,
      partyName: r.customer_name,
      itemCode: r.item_code,
      itemName: r.item_name ?? r.description ?? '',
      quantity: bdec(r.quantity).toString(),
      amount: billMoney(r.total),
      cost: billMoney(r.cost),
    })),
    totals: { returns: Number(t.docs), quantity: bdec(t.quantity).toString(), amount: billMoney(t.amount), cost: billMoney(t.cost) },
    total: Number(t.n),
    page: query._page,
    limit: query._limit,
  };
}

const col = (key: string, header: string, kind: ReportColumn['kind'], width?: number): ReportColumn => ({ key, header, kind, width });
const h = (key: string, lang: Lang) => translate(`salesReports.col.${key}`, lang);
const periodLine = (lang: Lang, a: string, b: string) => translate(`report.period|${a} – ${b}`, lang);

export function salesActivityTable(r: SalesActivity, ctx: { lang: Lang; organisation: string }): ReportTable {
  const { lang } = ctx;
  const rows: ReportRow[] = r.rows.map((x) => ({
    cells: { code: x.code ?? x.key, name: x.name, quantity: x.quantity, revenue: x.revenue, cost: x.cost, margin: x.margin, marginPercent: x.marginPercent },
  }));
  rows.push({
    style: 'total',
    cells: {
      code: translate('row.total', lang),
      quantity: r.totals.quantity,
      revenue: r.totals.revenue,
      cost: r.totals.cost,
      margin: r.totals.margin,
      marginPercent: r.totals.marginPercent,
    },
  });
  return {
    title: translate('salesReports.title.salesActivity', lang),
    subtitle: [ctx.organisation, periodLine(lang, r.startDate, r.endDate), translate(`salesReports.by.${r.groupBy}`, lang)],
    columns: [
      col('code', h('key', lang), 'text', 14),
      col('name', h('name', lang), 'text', 30),
      col('quantity', h('quantity', lang), 'text', 12),
      col('revenue', h('revenue', lang), 'money'),
      col('cost', h('cost', lang), 'money'),
      col('margin', h('margin', lang), 'money'),
      col('marginPercent', h('marginPercent', lang), 'percent'),
    ],
    rows,
    fileName: `sales-activity-${r.groupBy}-${r.startDate}-${r.endDate}`,
  };
}

export function returnTransactionTable(r: ReturnTransaction, ctx: { lang: Lang; organisation: string }): ReportTable {
  const { lang } = ctx;
  const rows: ReportRow[] = r.rows.map((x) => ({
    cells: {
      date: x.date,
      number: x.number,
      sale: x.fromNumber,
      customer: `${x.partyNo} ${x.partyName}`,
      item: [x.itemCode, x.itemName].filter(Boolean).join(' '),
      quantity: x.quantity,
      amount: x.amount,
      cost: x.cost,
    },
  }));
  rows.push({
    style: 'total',
    cells: { date: `${translate('row.total', lang)} (${r.totals.returns})`, quantity: r.totals.quantity, amount: r.totals.amount, cost: r.totals.cost },
  });
  return {
    title: translate(r.kind === 'purchase' ? 'salesReports.title.purchaseReturns' : 'salesReports.title.returnTransaction', lang),
    subtitle: [ctx.organisation, periodLine(lang, r.startDate, r.endDate)],
    columns: [
      col('date', translate('col.date', lang), 'date'),
      col('number', h('document', lang), 'text', 14),
      col('sale', h(r.kind === 'purchase' ? 'purchase' : 'sale', lang), 'text', 14),
      col('customer', h(r.kind === 'purchase' ? 'vendor' : 'customer', lang), 'text', 28),
      col('item', h('item', lang), 'text', 28),
      col('quantity', h('quantity', lang), 'text', 10),
      col('amount', h('amount', lang), 'money'),
      col('cost', h('cost', lang), 'money'),
    ],
    rows,
    fileName: `return-transactions-${r.startDate}-${r.endDate}`,
  };
}
