// Reading sales documents: one document with its lines (returned quantities beside a sale's lines), the
// lists of each kind with search and filters, and the shown status (a quotation past its validity is
// Expired; an invoice is Unpaid, PartlyPaid, Paid or Overdue from its open item).
import { sql, type SQL } from 'drizzle-orm';
import { SALES_SERIES, type SalesDocument, type SalesDocumentRow, type SalesKind, type salesListQuery, type z, billMoney, bdec } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { documentNumber } from '../../ledger/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { SALES_SOURCE_TYPE } from './sales.posting.ts';

interface DocumentRow {
  id: string;
  kind: SalesKind;
  doc_no: string;
  customer_id: number;
  customer_no: string;
  customer_name: string;
  customer_phone: string;
  walk_in: boolean;
  date: string;
  due_date: string | null;
  valid_until: string | null;
  branch_id: number | null;
  branch_name: string | null;
  account_id: number | null;
  account_name: string | null;
  reference: string | null;
  notes: string | null;
  quotation_id: string | null;
  quotation_no: string | null;
  invoice_id: string | null;
  invoice_no: string | null;
  sale_id: string | null;
  sale_no: string | null;
  sale_kind: SalesKind | null;
  subtotal: string;
  discount: string;
  tax: string;
  total: string;
  cost: string;
  paid: string;
  status: SalesDocument['status'];
  shown_status: SalesDocument['shownStatus'];
  journal_entry_id: string | null;
  created_by_name: string | null;
  created_at: string | Date;
  cancelled_at: string | Date | null;
  cancel_reason: string | null;
}

/** The documents with everything a list or page shows; `shown_status` computed against today. */
const selectDocuments = (lang: string) => sql`
  select * from (
    select d.id, d.kind, d.doc_no, d.customer_id, c.customer_no, c.name as customer_name, c.phone as customer_phone,
           coalesce(s.walk_in_customer_id = d.customer_id, false) as walk_in,
           d.date::text as date, d.due_date::text as due_date, d.valid_until::text as valid_until,
           d.branch_id, b.name as branch_name, d.account_id,
           case when a.id is null then null else a.code || ' ' || ${lang === 'so' ? sql`a.name_so` : sql`a.name_en`} end as account_name,
           d.reference, d.notes,
           d.quotation_id, q.doc_no as quotation_no,
           inv.id as invoice_id, inv.doc_no as invoice_no,
           d.sale_id, sale.doc_no as sale_no, sale.kind as sale_kind,
           d.subtotal::text, d.discount::text, d.tax::text, d.total::text, d.cost::text,
           (case when d.kind = 'invoice' then coalesce(oi.settled, 0) when d.status = 'Posted' then d.total else 0 end)::text as paid,
           d.status,
           case
             when d.status = 'Cancelled' then 'Cancelled'
             when d.kind = 'quotation' and d.status = 'Accepted' then 'Accepted'
             when d.kind = 'quotation' and d.valid_until < current_date then 'Expired'
             when d.kind = 'quotation' then 'Open'
             when d.kind = 'invoice' and coalesce(oi.settled, 0) >= d.total then 'Paid'
             when d.kind = 'invoice' and d.due_date < current_date then 'Overdue'
             when d.kind = 'invoice' and coalesce(oi.settled, 0) > 0 then 'PartlyPaid'
             when d.kind = 'invoice' then 'Unpaid'
             else 'Posted'
           end as shown_status,
           d.journal_entry_id, u.fullname as created_by_name, d.created_at, d.cancelled_at, d.cancel_reason,
           d.customer_id as filter_customer, d.branch_id as filter_branch
    from sales_documents d
    join customers c on c.id = d.customer_id
    left join sales_settings s on s.client_id = d.client_id
    left join branches b on b.id = d.branch_id
    left join accounts a on a.id = d.account_id
    left join sales_documents q on q.id = d.quotation_id
    left join lateral (
      select i.id, i.doc_no from sales_documents i
      where d.kind = 'quotation' and i.client_id = d.client_id and i.quotation_id = d.id and i.status <> 'Cancelled'
      order by i.id desc limit 1
    ) inv on true
    left join sales_documents sale on sale.id = d.sale_id
    left join open_items oi on d.kind = 'invoice' and oi.client_id = d.client_id and oi.source_type = ${SALES_SOURCE_TYPE.invoice}
      and oi.source_id = d.id and oi.kind = 'invoice' and oi.status = 'Open'
    left join users u on u.id = d.created_by
  ) x`;

const ref = (id: string | null, kind: SalesKind, no: string | null) =>
  id === null || no === null ? null : { id: Number(id), number: documentNumber(SALES_SERIES[kind], Number(no)) };
const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

function toRow(r: DocumentRow): SalesDocumentRow {
  const total = bdec(r.total);
  const paid = bdec(r.paid);
  return {
    id: Number(r.id),
    kind: r.kind,
    number: documentNumber(SALES_SERIES[r.kind], Number(r.doc_no)),
    customerId: Number(r.customer_id),
    customerNo: r.customer_no,
    customerName: r.customer_name,
    customerPhone: r.customer_phone,
    walkIn: r.walk_in,
    date: r.date,
    dueDate: r.due_date,
    validUntil: r.valid_until,
    branchId: r.branch_id === null ? null : Number(r.branch_id),
    branchName: r.branch_name,
    accountId: r.account_id === null ? null : Number(r.account_id),
    accountName: r.account_name,
    reference: r.reference,
    notes: r.notes,
    quotation: ref(r.quotation_id, 'quotation', r.quotation_no),
    invoice: ref(r.invoice_id, 'invoice', r.invoice_no),
    sale: r.sale_id && r.sale_kind ? { ...(ref(r.sale_id, r.sale_kind, r.sale_no) as { id: number; number: string }), kind: r.sale_kind } : null,
    subtotal: billMoney(r.subtotal),
    discount: billMoney(r.discount),
    tax: billMoney(r.tax),
    total: billMoney(total),
    cost: billMoney(r.cost),
    paid: billMoney(paid),
    balance: billMoney(r.kind === 'invoice' && r.status === 'Posted' ? total.minus(paid) : '0'),
    status: r.status,
    shownStatus: r.shown_status,
    journalEntryId: r.journal_entry_id === null ? null : Number(r.journal_entry_id),
    createdByName: r.created_by_name,
    createdAt: iso(r.created_at) as string,
    cancelledAt: iso(r.cancelled_at),
    cancelReason: r.cancel_reason,
  };
}

interface LineRow {
  position: number;
  item_id: number | null;
  code: string | null;
  name: string | null;
  account_id: number;
  description: string | null;
  quantity: string;
  unit_price: string;
  discount_percent: string;
  tax_percent: string;
  net: string;
  discount: string;
  tax: string;
  total: string;
  cost: string;
  returned: string | null;
  sale_position: number | null;
}

const plain = (v: string) => bdec(v).toString();

export async function getSalesDocument(opts: { tx: Db; lang: string; id: number; kind?: SalesKind }): Promise<SalesDocument> {
  const { tx, id } = opts;
  const [row] = await queryRows<DocumentRow>(tx, sql`${selectDocuments(opts.lang)} where x.id = ${id}`);
  if (!row || (opts.kind && row.kind !== opts.kind)) throw notFound();
  const lines = await queryRows<LineRow>(
    tx,
    sql`
    select l.position, l.item_id, i.code, i.name, l.account_id, l.description, l.quantity::text, l.unit_price::text,
           l.discount_percent::text, l.tax_percent::text, l.net::text, l.discount::text, l.tax::text, l.total::text, l.cost::text,
           case when ${row.kind} in ('invoice', 'receipt') then (
             select coalesce(sum(rl.quantity), 0)::text from sales_document_lines rl join sales_documents r on r.id = rl.document_id
             where r.client_id = l.client_id and r.sale_id = l.document_id and r.status = 'Posted' and rl.sale_position = l.position
           ) end as returned,
           l.sale_position
    from sales_document_lines l left join items i on i.id = l.item_id
    where l.document_id = ${id} order by l.position`,
  );
  return {
    ...toRow(row),
    lines: lines.map((l) => ({
      position: Number(l.position),
      itemId: l.item_id === null ? null : Number(l.item_id),
      itemCode: l.code,
      itemName: l.name,
      accountId: Number(l.account_id),
      description: l.description,
      quantity: plain(l.quantity),
      unitPrice: billMoney(l.unit_price),
      discountPercent: plain(l.discount_percent),
      taxPercent: plain(l.tax_percent),
      net: billMoney(l.net),
      discount: billMoney(l.discount),
      tax: billMoney(l.tax),
      total: billMoney(l.total),
      cost: billMoney(l.cost),
      returnedQuantity: l.returned === null ? null : plain(l.returned),
      salePosition: l.sale_position === null ? null : Number(l.sale_position),
    })),
  };
}

type ListQuery = z.output<typeof salesListQuery>;

export function listWhere(kind: SalesKind | SalesKind[], query: Partial<ListQuery>): SQL {
  const kinds = Array.isArray(kind) ? kind : [kind];
  const series = kinds.map((k) => SALES_SERIES[k]).join('|');
  const q = query.q?.trim();
  const numberMatch = q ? new RegExp(`^(?:${series})-?0*(\\d{1,12})$`, 'i').exec(q) : null;
  return sql`x.kind in (select unnest(${`{${kinds.join(',')}}`}::text[]))
    ${query.customerId ? sql`and x.filter_customer = ${query.customerId}` : sql``}
    ${query.branchId ? sql`and x.filter_branch = ${query.branchId}` : sql``}
    ${query.status ? sql`and x.shown_status = ${query.status}` : sql``}
    ${query.from ? sql`and x.date >= ${query.from}` : sql``}
    ${query.to ? sql`and x.date <= ${query.to}` : sql``}
    ${
      q
        ? numberMatch
          ? sql`and x.doc_no = ${Number(numberMatch[1])}`
          : sql`and (x.customer_name ilike ${`%${q}%`} or x.customer_no ilike ${`${q}%`} or x.notes ilike ${`%${q}%`} or x.reference ilike ${`%${q}%`})`
        : sql``
    }`;
}

export async function listSalesDocuments(opts: { tx: Db; lang: string; kind: SalesKind; query: ListQuery }) {
  const { tx, query } = opts;
  const where = listWhere(opts.kind, query);
  const rows = await queryRows<DocumentRow>(
    tx,
    sql`${selectDocuments(opts.lang)} where ${where} order by x.date desc, x.id desc limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
  );
  const [{ total }] = await queryRows<{ total: number }>(tx, sql`select count(*)::int as total from (${selectDocuments(opts.lang)} where ${where}) n`);
  return { data: rows.map(toRow), total: Number(total), page: query._page, limit: query._limit };
}

/** Posted invoices and cash sales a return may name: by customer, or by number or customer name. */
export async function returnableSales(opts: { tx: Db; lang: string; query: { q?: string; customerId?: number } }) {
  const where = listWhere(['invoice', 'receipt'], { q: opts.query.q, customerId: opts.query.customerId });
  const rows = await queryRows<DocumentRow>(
    opts.tx,
    sql`${selectDocuments(opts.lang)} where ${where} and x.status = 'Posted' order by x.date desc, x.id desc limit 50`,
  );
  return { data: rows.map(toRow) };
}
