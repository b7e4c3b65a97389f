// Purchase orders (/vendors/orders, /api/elc/vendors/orders): lines of items or free text, expected date,
// branch, notes. Draft (editable) -> Approved (by a user with the purchase-order privilege; who and when
// are kept) -> PartlyReceived -> Received, or ClosedShort / Cancelled. A receipt (whole or part, per line)
// is a vendor bill made by createPurchase in the same transaction (stock in, payable, open item), its lines
// linked to the order's; a receipt against an order not open for receiving, or beyond what is still
// expected, is refused on the field. Orders post nothing.
import { sql } from 'drizzle-orm';
import {
  formatRequestRef,
  type PurchaseOrder,
  type PurchaseOrderReasonBody,
  type purchaseOrderBody,
  type purchaseOrderListQuery,
  type purchaseReceiptBody,
  type z,
} from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { Decimal, dec, documentNumber, nextDocumentNumber } from '../../ledger/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, type FieldError, notFound } from '../../plugins/errors.ts';
import { checkRequestFulfillable, fulfilRequest, releaseRequest } from '../requests/index.ts';
import { addReceived } from './order-status.ts';
import { createPurchase } from './purchase-documents.ts';
import { checkBranch, checkVendor, iso, resolveLines, totalsOf, validation } from './purchases-common.ts';
import { PURCHASE_ORDER_SERIES, VENDOR_BILL_SERIES } from './vendor-bill.posting.ts';

type OrderInput = z.output<typeof purchaseOrderBody>;
type ReceiptInput = z.output<typeof purchaseReceiptBody>;

interface OrderRow {
  id: string;
  order_no: string;
  vendor_id: number;
  vendor_number: string;
  vendor_name: string;
  date: string;
  expected_date: string | null;
  branch_id: number;
  branch_name: string;
  notes: string | null;
  subtotal: string;
  discount: string;
  tax: string;
  total: string;
  status: PurchaseOrder['status'];
  approved_by_name: string | null;
  approved_at: string | Date | null;
  closed_by_name: string | null;
  request_id: string | null;
  request_year: number | null;
  request_no: number | null;
  closed_at: string | Date | null;
  close_reason: string | null;
  created_by_name: string | null;
  created_at: string | Date;
}

const selectOrders = sql`
  select o.id, o.order_no, o.vendor_id, v.number as vendor_number, v.name as vendor_name, o.date::text, o.expected_date::text, o.branch_id,
         br.name as branch_name, o.notes, o.subtotal::text, o.discount::text, o.tax::text, o.total::text, o.status,
         ua.fullname as approved_by_name, o.approved_at, uc.fullname as closed_by_name, o.request_id, rq.ref_year as request_year, rq.ref_no as request_no, o.closed_at, o.close_reason,
         u.fullname as created_by_name, o.created_at
  from purchase_orders o
  join vendors v on v.id = o.vendor_id
  join branches br on br.id = o.branch_id
  left join users ua on ua.id = o.approved_by
  left join users uc on uc.id = o.closed_by
  left join requests rq on rq.id = o.request_id
  left join users u on u.id = o.created_by`;

function toOrder(r: OrderRow): Omit<PurchaseOrder, 'lines' | 'bills'> {
  return {
    id: Number(r.id),
    number: documentNumber(PURCHASE_ORDER_SERIES, Number(r.order_no)),
    vendorId: Number(r.vendor_id),
    vendorNumber: r.vendor_number,
    vendorName: r.vendor_name,
    date: r.date,
    expectedDate: r.expected_date,
    branchId: Number(r.branch_id),
    branchName: r.branch_name,
    notes: r.notes,
    requestId: r.request_id === null ? null : Number(r.request_id),
    requestRefNo: r.request_year === null || r.request_no === null ? null : formatRequestRef(Number(r.request_year), Number(r.request_no)),
    subtotal: dec(r.subtotal).toFixed(2),
    discount: dec(r.discount).toFixed(2),
    tax: dec(r.tax).toFixed(2),
    total: dec(r.total).toFixed(2),
    status: r.status,
    approvedByName: r.approved_by_name,
    approvedAt: iso(r.approved_at),
    closedByName: r.closed_by_name,
    closedAt: iso(r.closed_at),
    closeReason: r.close_reason,
    createdByName: r.created_by_name,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

interface OrderLineRow {
  position: number;
  item_id: number | null;
  item_code: string | null;
  item_name: string | null;
  account_id: number | null;
  description: string | null;
  quantity: string;
  unit_price: string;
  discount_percent: string;
  tax_percent: string;
  net: string;
  discount: string;
  tax: string;
  total: string;
  received: string;
  billed: string;
}

async function orderLines(tx: Db, id: number): Promise<OrderLineRow[]> {
  return queryRows<OrderLineRow>(
    tx,
    sql`
    select l.position, l.item_id, i.code as item_code, i.name as item_name, l.account_id, l.description, l.quantity::text, l.unit_price::text,
           l.discount_percent::text, l.tax_percent::text, l.net::text, l.discount::text, l.tax::text, l.total::text, l.received::text,
           coalesce((select sum(pl.quantity) from purchase_lines pl join purchases p on p.id = pl.purchase_id
                     where p.order_id = l.order_id and p.status = 'Posted' and pl.order_position = l.position), 0)::text as billed
    from purchase_order_lines l left join items i on i.id = l.item_id
    where l.order_id = ${id} order by l.position`,
  );
}

export async function getPurchaseOrder(opts: { tx: Db; id: number }): Promise<PurchaseOrder> {
  const { tx, id } = opts;
  const [row] = await queryRows<OrderRow>(tx, sql`${selectOrders} where o.id = ${id}`);
  if (!row) throw notFound();
  const lines = await orderLines(tx, id);
  const bills = await queryRows<{ id: string; doc_no: string; vendor_bill_no: string | null; date: string; total: string; status: string }>(
    tx,
    sql`select id, doc_no, vendor_bill_no, date::text, total::text, status from purchases where order_id = ${id} order by id`,
  );
  const closed = row.status === 'ClosedShort' || row.status === 'Cancelled';
  return {
    ...toOrder(row),
    lines: lines.map((l) => ({
      position: Number(l.position),
      itemId: l.item_id === null ? null : Number(l.item_id),
      itemCode: l.item_code,
      itemName: l.item_name,
      accountId: l.account_id === null ? null : Number(l.account_id),
      description: l.description,
      quantity: dec(l.quantity).toString(),
      unitPrice: dec(l.unit_price).toFixed(2),
      discountPercent: dec(l.discount_percent).toString(),
      taxPercent: dec(l.tax_percent).toString(),
      net: dec(l.net).toFixed(2),
      discount: dec(l.discount).toFixed(2),
      tax: dec(l.tax).toFixed(2),
      total: dec(l.total).toFixed(2),
      received: dec(l.received).toString(),
      billed: dec(l.billed).toString(),
      outstanding: closed ? '0' : Decimal.max(dec(l.quantity).minus(l.received), 0).toString(),
    })),
    bills: bills.map((b) => ({
      id: Number(b.id),
      number: documentNumber(VENDOR_BILL_SERIES, Number(b.doc_no)),
      vendorBillNo: b.vendor_bill_no,
      date: b.date,
      total: dec(b.total).toFixed(2),
      status: b.status,
    })),
  };
}

export async function listPurchaseOrders(opts: { tx: Db; query: z.output<typeof purchaseOrderListQuery> }) {
  const { tx, query } = opts;
  const q = query.q?.trim();
  const no = q?.replace(/^PO-0*/i, '');
  const where = sql`true
    ${query.status ? sql`and o.status = ${query.status}` : sql``}
    ${query.vendorId ? sql`and o.vendor_id = ${query.vendorId}` : sql``}
    ${query.branchId ? sql`and o.branch_id = ${query.branchId}` : sql``}
    ${query.from ? sql`and o.date >= ${query.from}::date` : sql``}
    ${query.to ? sql`and o.date <= ${query.to}::date` : sql``}
    ${q ? sql`and (v.name ilike ${`%${q}%`} or o.notes ilike ${`%${q}%`} ${/^\d{1,15}$/.test(no ?? '') ? sql`or o.order_no = ${Number(no)}` : sql``})` : sql``}`;
  const rows = await queryRows<OrderRow>(
    tx,
    sql`${selectOrders} where ${where} order by o.date desc, o.id desc limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
  );
  const [{ total }] = await queryRows<{ total: number }>(
    tx,
    sql`select count(*)::int as total from purchase_orders o join vendors v on v.id = o.vendor_id where ${where}`,
  );
  return { data: rows.map(toOrder), total: Number(total), page: query._page, limit: query._limit };
}

async function checkOrder(tx: Db, input: OrderInput) {
  const problems: FieldError[] = [];
  const vendor = await checkVendor(tx, input.vendorId, problems);
  await checkBranch(tx, input.branchId, problems);
  const lines = await resolveLines(tx, input.lines, vendor, problems, { requireAccount: false });
  if (problems.length > 0) throw validation(problems);
  return lines;
}

async function writeLines(tx: Db, actor: Actor, id: number, lines: Awaited<ReturnType<typeof checkOrder>>) {
  await tx.execute(sql`
    insert into purchase_order_lines (client_id, order_id, position, item_id, account_id, description, quantity, unit_price, discount_percent, tax_percent,
                                      net, discount, tax, total)
    select ${actor.clientId}, ${id}, x.position, x.item_id, x.account_id, x.description, x.quantity, x.unit_price, x.discount_percent, x.tax_percent,
           x.net, x.discount, x.tax, x.total
    from jsonb_to_recordset(${JSON.stringify(
      lines.map((l) => ({
        position: l.position,
        item_id: l.itemId,
        account_id: l.askedAccountId,
        description: l.description,
        quantity: l.quantity,
        unit_price: l.unitPrice,
        discount_percent: l.discountPercent,
        tax_percent: l.taxPercent,
        net: l.figures.net,
        discount: l.figures.discount,
        tax: l.figures.tax,
        total: l.figures.total,
      })),
    )}::jsonb) as x(position int, item_id int, account_id int, description text, quantity numeric, unit_price numeric, discount_percent numeric,
         tax_percent numeric, net numeric, discount numeric, tax numeric, total numeric)`);
}

export async function createPurchaseOrder(opts: { tx: Db; actor: Actor; input: OrderInput }): Promise<PurchaseOrder> {
  const { tx, actor, input } = opts;
  const lines = await checkOrder(tx, input);
  if (input.requestId) await checkRequestFulfillable({ tx, requestId: input.requestId });
  const totals = totalsOf(lines);
  const no = await nextDocumentNumber(tx, actor.clientId, PURCHASE_ORDER_SERIES);
  const [doc] = await queryRows<{ id: string }>(
    tx,
    sql`insert into purchase_orders (client_id, order_no, vendor_id, date, expected_date, branch_id, notes, request_id, subtotal, discount, tax, total, created_by)
        values (${actor.clientId}, ${no}, ${input.vendorId}, ${input.date}, ${input.expectedDate ?? null}, ${input.branchId}, ${input.notes ?? null},
                ${input.requestId ?? null}, ${totals.subtotal}, ${totals.discount}, ${totals.tax}, ${totals.total}, ${actor.userId})
        returning id`,
  );
  const id = Number(doc.id);
  await writeLines(tx, actor, id, lines);
  if (input.requestId) {
    await fulfilRequest({
      tx,
      actor,
      requestId: input.requestId,
      outcome: { kind: 'purchase-order', documentId: id, number: documentNumber(PURCHASE_ORDER_SERIES, no) },
    });
  }
  const saved = await getPurchaseOrder({ tx, id });
  await writeAudit(tx, actor, {
    action: 'create',
    entity: 'purchase-order',
    entityId: id,
    after: { number: saved.number, vendorId: input.vendorId, total: saved.total },
  });
  return saved;
}

async function lockOrder(tx: Db, id: number) {
  const [row] = await queryRows<{ status: PurchaseOrder['status'] }>(tx, sql`select status from purchase_orders where id = ${id} for update`);
  if (!row) throw notFound();
  return row.status;
}

export async function updatePurchaseOrder(opts: { tx: Db; actor: Actor; id: number; input: OrderInput }): Promise<PurchaseOrder> {
  const { tx, actor, id, input } = opts;
  const status = await lockOrder(tx, id);
  if (status !== 'Draft') throw new AppError(409, 'NOT_DRAFT', 'purchases.orderNotDraft');
  const before = await getPurchaseOrder({ tx, id });
  const lines = await checkOrder(tx, input);
  const totals = totalsOf(lines);
  await tx.execute(sql`
    update purchase_orders set vendor_id = ${input.vendorId}, date = ${input.date}, expected_date = ${input.expectedDate ?? null}, branch_id = ${input.branchId},
           notes = ${input.notes ?? null}, subtotal = ${totals.subtotal}, discount = ${totals.discount}, tax = ${totals.tax}, total = ${totals.total}, updated_at = now()
    where id = ${id}`);
  await tx.execute(sql`delete from purchase_order_lines where order_id = ${id}`);
  await writeLines(tx, actor, id, lines);
  const saved = await getPurchaseOrder({ tx, id });
  await writeAudit(tx, actor, {
    action: 'update',
    entity: 'purchase-order',
    entityId: id,
    before: { vendorId: before.vendorId, total: before.total, lines: before.lines.length },
    after: { vendorId: saved.vendorId, total: saved.total, lines: saved.lines.length },
  });
  return saved;
}

export async function approvePurchaseOrder(opts: { tx: Db; actor: Actor; id: number }): Promise<PurchaseOrder> {
  const { tx, actor, id } = opts;
  const status = await lockOrder(tx, id);
  if (status !== 'Draft') throw new AppError(409, 'NOT_DRAFT', 'purchases.orderCannotApprove');
  await tx.execute(
    sql`update purchase_orders set status = 'Approved', approved_by = ${actor.userId}, approved_at = now(), updated_at = now() where id = ${id}`,
  );
  await writeAudit(tx, actor, { action: 'approve', entity: 'purchase-order', entityId: id, before: { status }, after: { status: 'Approved' } });
  return getPurchaseOrder({ tx, id });
}

export async function receivePurchaseOrder(opts: { tx: Db; actor: Actor; id: number; input: ReceiptInput }): Promise<PurchaseOrder> {
  const { tx, actor, id, input } = opts;
  const status = await lockOrder(tx, id);
  if (status !== 'Approved' && status !== 'PartlyReceived') throw validation([{ field: 'lines', message: `purchases.orderNotApproved|${status}` }]);
  const order = await getPurchaseOrder({ tx, id });
  const byPosition = new Map(order.lines.map((l) => [l.position, l]));
  const problems: FieldError[] = [];
  const asked = new Map<number, Decimal>();
  const received: Array<{ index: number; position: number; quantity: string }> = [];
  input.lines.forEach((l, i) => {
    const line = byPosition.get(l.position);
    if (!line) {
      problems.push({ field: `lines.${i}.position`, message: 'purchases.noSuchLine' });
      return;
    }
    const q = dec(l.quantity);
    if (q.isZero()) return;
    const sum = (asked.get(l.position) ?? new Decimal(0)).plus(q);
    asked.set(l.position, sum);
    if (sum.gt(line.outstanding)) {
      problems.push({ field: `lines.${i}.quantity`, message: `purchases.receiveTooMuch|${line.outstanding}` });
      return;
    }
    received.push({ index: i, position: l.position, quantity: q.toString() });
  });
  if (problems.length > 0) throw validation(problems);
  const bill = await createPurchase({
    tx,
    actor,
    kind: 'bill',
    input: {
      vendorId: order.vendorId,
      vendorBillNo: input.vendorBillNo,
      date: input.date,
      dueDate: input.dueDate,
      branchId: order.branchId,
      notes: order.number,
      // The order fulfilled its request; the bills its receipts make fulfil none.
      requestId: undefined,
      lines: received.map((r) => {
        const line = byPosition.get(r.position)!;
        return {
          itemId: line.itemId ?? undefined,
          accountId: line.accountId ?? undefined,
          description: line.description,
          quantity: r.quantity,
          unitPrice: line.unitPrice,
          discountPercent: line.discountPercent,
          taxPercent: line.taxPercent,
        };
      }),
    },
    source: { orderId: id, orderPositions: received.map((r) => r.position), path: (k) => received[k].index },
  });
  await addReceived(tx, id, received, 1);
  await writeAudit(tx, actor, {
    action: 'receive',
    entity: 'purchase-order',
    entityId: id,
    after: { number: order.number, bill: bill.number, lines: received.map((r) => [r.position, r.quantity]) },
  });
  return getPurchaseOrder({ tx, id });
}

export async function closePurchaseOrder(opts: { tx: Db; actor: Actor; id: number; input: PurchaseOrderReasonBody; cancel: boolean }): Promise<PurchaseOrder> {
  const { tx, actor, id, input, cancel } = opts;
  const status = await lockOrder(tx, id);
  if (cancel && status !== 'Draft' && status !== 'Approved') throw new AppError(409, 'CANNOT_CANCEL', `purchases.orderCannotCancel|${status}`);
  if (!cancel && status !== 'Approved' && status !== 'PartlyReceived') throw new AppError(409, 'CANNOT_CLOSE', `purchases.orderCannotClose|${status}`);
  const next = cancel ? 'Cancelled' : 'ClosedShort';
  await tx.execute(sql`
    update purchase_orders set status = ${next}, closed_by = ${actor.userId}, closed_at = now(), close_reason = ${input.reason}, updated_at = now() where id = ${id}`);
  // A cancelled order received nothing: the request it fulfilled is approved again.
  if (cancel) {
    const [row] = await queryRows<{ request_id: string | null }>(tx, sql`select request_id from purchase_orders where id = ${id}`);
    if (row?.request_id) await releaseRequest({ tx, actor, requestId: Number(row.request_id), outcome: { kind: 'purchase-order', documentId: id } });
  }
  await writeAudit(tx, actor, {
    action: cancel ? 'cancel' : 'close',
    entity: 'purchase-order',
    entityId: id,
    before: { status },
    after: { status: next, reason: input.reason },
  });
  return getPurchaseOrder({ tx, id });
}
