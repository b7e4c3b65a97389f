// Vendor bills (credit purchases: /vendors/credit-purchase, /api/elc/vendors/bills) and cash purchases
// (/vendors/cash-purchase, /api/elc/vendors/cash-purchases): one document, two kinds and two series.
// Creating one, in one transaction: the stocked lines come into stock at their value (net less discount)
// through the items module's plan, the entry is posted (vendor-bill.posting.ts), the moves written, and a
// bill becomes the vendor's payable open item (then waiting credit pays it). A cash purchase credits the
// account it was paid from and touches no payable: one entry, nothing left open, nothing to allocate.
// Cancelling reverses the entry, moves the stock back at exactly the values it came in with (refused when
// the stock has moved on so far that it cannot) and cancels the open item; refused while returns are
// posted against it or payments are allocated to it.
import { sql } from 'drizzle-orm';
import {
  type CashPurchaseBody,
  type PurchaseCancelBody,
  type PurchaseDocument,
  type PurchaseKind,
  type PurchaseShownStatus,
  formatRequestRef,
  type VendorBillBody,
  type purchaseListQuery,
  translate,
  type z,
} from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { dec, documentNumber, getLockDate, nextDocumentNumber, postJournal, reverseJournal, systemAccountId } from '../../ledger/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { type StockMoveRequest, planStockMoves, writeStockMoves } from '../items/index.ts';
import { addOpenItems, applyPartyCredit, cancelOpenItem, openItemOfDocument } from '../open-items/index.ts';
import { checkRequestFulfillable, fulfilRequest, releaseRequest } from '../requests/index.ts';
import { receiptsCancelled } from './order-status.ts';
import { isUniqueViolation } from './purchases-common.ts';
import {
  checkBranch,
  checkMoneyAccount,
  checkOpenDate,
  checkVendor,
  dateplusDays,
  iso,
  resolveLines,
  today,
  totalsOf,
  validation,
} from './purchases-common.ts';
import {
  CASH_PURCHASE_SERIES,
  CASH_PURCHASE_SOURCE_TYPE,
  PURCHASE_ORDER_SERIES,
  PURCHASE_RETURN_SERIES,
  VENDOR_BILL_SERIES,
  VENDOR_BILL_SOURCE_TYPE,
  purchasePosting,
} from './vendor-bill.posting.ts';

export type BillInput = z.output<typeof import('@ubo/contracts').vendorBillBody>;
export type CashInput = z.output<typeof import('@ubo/contracts').cashPurchaseBody>;

export const seriesOf = (kind: PurchaseKind) => (kind === 'bill' ? VENDOR_BILL_SERIES : CASH_PURCHASE_SERIES);
export const sourceTypeOf = (kind: PurchaseKind) => (kind === 'bill' ? VENDOR_BILL_SOURCE_TYPE : CASH_PURCHASE_SOURCE_TYPE);

interface PurchaseRow {
  id: string;
  kind: PurchaseKind;
  doc_no: string;
  vendor_id: number;
  vendor_number: string;
  vendor_name: string;
  vendor_bill_no: string | null;
  date: string;
  due_date: string | null;
  branch_id: number;
  branch_name: string;
  payment_account_id: number | null;
  payment_account_name: string | null;
  order_id: string | null;
  order_no: string | null;
  request_id: string | null;
  request_year: number | null;
  request_no: number | null;
  notes: string | null;
  subtotal: string;
  discount: string;
  tax: string;
  total: string;
  settled: string | null;
  returned: string;
  status: 'Posted' | 'Cancelled';
  journal_entry_id: string | null;
  created_by_name: string | null;
  created_at: string | Date;
  cancelled_at: string | Date | null;
  cancel_reason: string | null;
}

const selectPurchases = (lang: string) => sql`
  select p.id, p.kind, p.doc_no, p.vendor_id, v.number as vendor_number, v.name as vendor_name, p.vendor_bill_no, p.date::text, p.due_date::text,
         p.branch_id, br.name as branch_name, p.payment_account_id,
         case when pa.id is null then null else pa.code || ' ' || ${sql.raw(lang === 'so' ? 'pa.name_so' : 'pa.name_en')} end as payment_account_name,
         p.order_id, po.order_no, p.request_id, rq.ref_year as request_year, rq.ref_no as request_no, p.notes, p.subtotal::text, p.discount::text, p.tax::text, p.total::text, oi.settled::text as settled,
         coalesce((select sum(r.total) from purchase_returns r where r.purchase_id = p.id and r.status = 'Posted'), 0)::text as returned,
         p.status, p.journal_entry_id, u.fullname as created_by_name, p.created_at, p.cancelled_at, p.cancel_reason
  from purchases p
  join vendors v on v.id = p.vendor_id
  join branches br on br.id = p.branch_id
  left join accounts pa on pa.id = p.payment_account_id
  left join purchase_orders po on po.id = p.order_id
  left join requests rq on rq.id = p.request_id
  left join open_items oi on oi.source_type = ${VENDOR_BILL_SOURCE_TYPE} and oi.source_id = p.id and oi.party_type = 'vendor' and oi.kind = 'vendor-bill'
  left join users u on u.id = p.created_by`;

function shownStatus(r: PurchaseRow, paid: string): PurchaseShownStatus {
  if (r.status === 'Cancelled') return 'Cancelled';
  const open = dec(r.total).minus(paid);
  if (open.lte(0)) return 'Paid';
  if (r.due_date && r.due_date < today()) return 'Overdue';
  return dec(paid).gt(0) ? 'PartlyPaid' : 'Unpaid';
}

function toPurchase(r: PurchaseRow): Omit<PurchaseDocument, 'lines'> {
  const paid = r.kind === 'cash' ? (r.status === 'Posted' ? r.total : '0') : (r.settled ?? (dec(r.total).isZero() ? r.total : '0'));
  return {
    id: Number(r.id),
    kind: r.kind,
    number: documentNumber(seriesOf(r.kind), Number(r.doc_no)),
    vendorId: Number(r.vendor_id),
    vendorNumber: r.vendor_number,
    vendorName: r.vendor_name,
    vendorBillNo: r.vendor_bill_no,
    date: r.date,
    dueDate: r.due_date,
    branchId: Number(r.branch_id),
    branchName: r.branch_name,
    paymentAccountId: r.payment_account_id === null ? null : Number(r.payment_account_id),
    paymentAccountName: r.payment_account_name,
    orderId: r.order_id === null ? null : Number(r.order_id),
    orderNumber: r.order_no === null ? null : documentNumber(PURCHASE_ORDER_SERIES, Number(r.order_no)),
    requestId: r.request_id === null ? null : Number(r.request_id),
    requestRefNo: r.request_year === null || r.request_no === null ? null : formatRequestRef(Number(r.request_year), Number(r.request_no)),
    notes: r.notes,
    subtotal: dec(r.subtotal).toFixed(2),
    discount: dec(r.discount).toFixed(2),
    tax: dec(r.tax).toFixed(2),
    total: dec(r.total).toFixed(2),
    paid: dec(paid).toFixed(2),
    open: r.status === 'Cancelled' ? '0.00' : dec(r.total).minus(paid).toFixed(2),
    returned: dec(r.returned).toFixed(2),
    status: r.status,
    shownStatus: shownStatus(r, paid),
    journalEntryId: r.journal_entry_id === null ? null : Number(r.journal_entry_id),
    createdByName: r.created_by_name,
    createdAt: new Date(r.created_at).toISOString(),
    cancelledAt: iso(r.cancelled_at),
    cancelReason: r.cancel_reason,
  };
}

interface LineRow {
  position: number;
  item_id: number | null;
  item_code: string | null;
  item_name: string | null;
  account_id: number;
  account_code: string;
  account_name: string;
  stocked: boolean;
  description: string | null;
  quantity: string;
  unit_price: string;
  discount_percent: string;
  tax_percent: string;
  net: string;
  discount: string;
  tax: string;
  total: string;
  returned: string;
  order_position: number | null;
  stock_move_id: string | null;
}

export async function purchaseLineRows(tx: Db, id: number, lang: string): Promise<LineRow[]> {
  return queryRows<LineRow>(
    tx,
    sql`
    select l.position, l.item_id, i.code as item_code, i.name as item_name, l.account_id, a.code as account_code,
           ${sql.raw(lang === 'so' ? 'a.name_so' : 'a.name_en')} as account_name, l.stocked, l.description, l.quantity::text, l.unit_price::text,
           l.discount_percent::text, l.tax_percent::text, l.net::text, l.discount::text, l.tax::text, l.total::text, l.returned::text, l.order_position,
           l.stock_move_id
    from purchase_lines l join accounts a on a.id = l.account_id left join items i on i.id = l.item_id
    where l.purchase_id = ${id} order by l.position`,
  );
}

export async function getPurchase(opts: { tx: Db; id: number; kind?: PurchaseKind; lang: string }): Promise<PurchaseDocument> {
  const { tx, id, kind, lang } = opts;
  const [row] = await queryRows<PurchaseRow>(tx, sql`${selectPurchases(lang)} where p.id = ${id} ${kind ? sql`and p.kind = ${kind}` : sql``}`);
  if (!row) throw notFound();
  const lines = await purchaseLineRows(tx, id, lang);
  return {
    ...toPurchase(row),
    lines: lines.map((l) => ({
      position: Number(l.position),
      itemId: l.item_id === null ? null : Number(l.item_id),
      itemCode: l.item_code,
      itemName: l.item_name,
      accountId: Number(l.account_id),
      description: l.description,
      quantity: dec(l.quantity).toString(),
      unitPrice: dec(l.unit_price).toFixed(2),
      discountPercent: dec(l.discount_percent).toString(),
      taxPercent: dec(l.tax_percent).toString(),
      net: dec(l.net).toFixed(2),
      discount: dec(l.discount).toFixed(2),
      tax: dec(l.tax).toFixed(2),
      total: dec(l.total).toFixed(2),
      postedAccountId: Number(l.account_id),
      postedAccountCode: l.account_code,
      postedAccountName: l.account_name,
      stocked: l.stocked,
      returnedQuantity: dec(l.returned).toString(),
      orderLinePosition: l.order_position === null ? null : Number(l.order_position),
    })),
  };
}

export async function listPurchases(opts: { tx: Db; kind: PurchaseKind; lang: string; query: z.output<typeof purchaseListQuery> }) {
  const { tx, kind, query } = opts;
  const q = query.q?.trim();
  const no = q?.replace(new RegExp(`^${seriesOf(kind)}-0*`, 'i'), '');
  const statusWhere = (() => {
    switch (query.status) {
      case 'Posted':
        return sql`and p.status = 'Posted'`;
      case 'Cancelled':
        return sql`and p.status = 'Cancelled'`;
      case 'Paid':
        return sql`and p.status = 'Posted' and (p.kind = 'cash' or coalesce(oi.settled, 0) >= p.total)`;
      case 'Unpaid':
        return sql`and p.status = 'Posted' and p.kind = 'bill' and coalesce(oi.settled, 0) = 0 and p.total > 0 and p.due_date >= ${today()}::date`;
      case 'PartlyPaid':
        return sql`and p.status = 'Posted' and p.kind = 'bill' and oi.settled > 0 and oi.settled < p.total and p.due_date >= ${today()}::date`;
      case 'Overdue':
        return sql`and p.status = 'Posted' and p.kind = 'bill' and coalesce(oi.settled, 0) < p.total and p.due_date < ${today()}::date`;
      default:
        return sql``;
    }
  })();
  const where = sql`p.kind = ${kind}
    ${query.vendorId ? sql`and p.vendor_id = ${query.vendorId}` : sql``}
    ${query.branchId ? sql`and p.branch_id = ${query.branchId}` : sql``}
    ${query.from ? sql`and p.date >= ${query.from}::date` : sql``}
    ${query.to ? sql`and p.date <= ${query.to}::date` : sql``}
    ${q ? sql`and (v.name ilike ${`%${q}%`} or p.vendor_bill_no ilike ${`%${q}%`} or p.notes ilike ${`%${q}%`} ${/^\d{1,15}$/.test(no ?? '') ? sql`or p.doc_no = ${Number(no)}` : sql``})` : sql``}
    ${statusWhere}`;
  const rows = await queryRows<PurchaseRow>(
    tx,
    sql`${selectPurchases(opts.lang)} where ${where} order by p.date desc, p.id desc limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
  );
  const [{ total }] = await queryRows<{ total: number }>(
    tx,
    sql`select count(*)::int as total from purchases p join vendors v on v.id = p.vendor_id
        left join open_items oi on oi.source_type = ${VENDOR_BILL_SOURCE_TYPE} and oi.source_id = p.id and oi.party_type = 'vendor' and oi.kind = 'vendor-bill'
        where ${where}`,
  );
  return { data: rows.map(toPurchase), total: Number(total), page: query._page, limit: query._limit };
}

export interface PurchaseSource {
  /** The order a receipt bills, and for each line the order line it came from. */
  orderId?: number;
  orderPositions?: number[];
  /** Maps a line of the document to the request's line index (a receipt's lines skip those not received). */
  path?: (i: number) => number;
}

/** Creates a vendor bill or a cash purchase (see the file's head). */
export async function createPurchase(opts: {
  tx: Db;
  actor: Actor;
  kind: PurchaseKind;
  input: (BillInput & { paymentAccountId?: undefined }) | (CashInput & { dueDate?: undefined });
  source?: PurchaseSource;
}): Promise<PurchaseDocument> {
  const { tx, actor, kind, input, source = {} } = opts;
  const problems: import('../../plugins/errors.ts').FieldError[] = [];
  const vendor = await checkVendor(tx, input.vendorId, problems);
  await checkBranch(tx, input.branchId, problems);
  await checkOpenDate(tx, actor.clientId, input.date, problems);
  if (kind === 'cash') await checkMoneyAccount(tx, Number(input.paymentAccountId), 'paymentAccountId', problems);
  if (input.vendorBillNo && vendor) {
    const [dup] = await queryRows<{ kind: PurchaseKind; doc_no: string }>(
      tx,
      sql`select kind, doc_no from purchases where vendor_id = ${input.vendorId} and lower(vendor_bill_no) = lower(${input.vendorBillNo}) and status = 'Posted' limit 1`,
    );
    if (dup) problems.push({ field: 'vendorBillNo', message: `purchases.duplicateBillNo|${documentNumber(seriesOf(dup.kind), Number(dup.doc_no))}` });
  }
  const lines = await resolveLines(tx, input.lines, vendor, problems, { requireAccount: true, path: source.path });
  if (problems.length > 0 || !vendor) throw validation(problems);
  // An approved request it fulfils: checked (and locked) before anything is written.
  if (input.requestId) await checkRequestFulfillable({ tx, requestId: input.requestId });

  const path = source.path ?? ((i: number) => i);
  const stockLines = lines.filter((l) => l.stocked);
  const requests: StockMoveRequest[] = stockLines.map((l) => ({
    itemId: Number(l.itemId),
    branchId: input.branchId,
    kind: 'purchase',
    quantity: l.quantity,
    value: l.amount.toFixed(2),
    field: `lines.${path(l.position - 1)}.quantity`,
  }));
  const plan = await planStockMoves(tx, actor, requests);
  const series = seriesOf(kind);
  const sourceType = sourceTypeOf(kind);
  const no = await nextDocumentNumber(tx, actor.clientId, series);
  const number = documentNumber(series, no);
  const totals = totalsOf(lines);
  const dueDate = kind === 'bill' ? (input.dueDate ?? dateplusDays(input.date, vendor.payment_terms_days)) : null;
  // Two clerks entering the same vendor bill at once: the unique index refuses the second, on its field.
  const [doc] = await queryRows<{ id: string }>(
    tx,
    sql`insert into purchases (client_id, kind, doc_no, vendor_id, vendor_bill_no, date, due_date, branch_id, payment_account_id, order_id, request_id, notes,
                               subtotal, discount, tax, total, created_by)
        values (${actor.clientId}, ${kind}, ${no}, ${input.vendorId}, ${input.vendorBillNo ?? null}, ${input.date}, ${dueDate}, ${input.branchId},
                ${kind === 'cash' ? Number(input.paymentAccountId) : null}, ${source.orderId ?? null}, ${input.requestId ?? null}, ${input.notes ?? null},
                ${totals.subtotal}, ${totals.discount}, ${totals.tax}, ${totals.total}, ${actor.userId})
        returning id`,
  ).catch((err: unknown) => {
    if (isUniqueViolation(err)) throw validation([{ field: 'vendorBillNo', message: 'purchases.duplicateBillNoNow' }]);
    throw err;
  });
  const id = Number(doc.id);
  if (input.requestId) await fulfilRequest({ tx, actor, requestId: input.requestId, outcome: { kind, documentId: id, number } });
  const payable = await systemAccountId(tx, actor.clientId, 'payable');
  const memoKey = kind === 'bill' ? 'purchases.billMemo' : 'purchases.cashMemo';
  const memo = `${translate(memoKey, actor.lang)} ${number} ${vendor.name}${input.vendorBillNo ? ` (${input.vendorBillNo})` : ''}`.slice(0, 500);
  const postingLines = purchasePosting({
    lines: lines.map((l) => ({ accountId: l.accountId, amount: l.amount })),
    tax: totals.tax,
    taxAccountId: await systemAccountId(tx, actor.clientId, 'taxPaid'),
    counter: kind === 'bill' ? { accountId: payable, vendorId: vendor.id } : { accountId: Number(input.paymentAccountId) },
    memo,
  });
  const entry =
    postingLines.length === 0
      ? null
      : await postJournal(tx, {
          clientId: actor.clientId,
          date: input.date,
          reference: number,
          memo,
          sourceType,
          sourceId: id,
          branchId: input.branchId,
          userId: actor.userId,
          lines: postingLines,
        });
  if (entry) await tx.execute(sql`update purchases set journal_entry_id = ${entry.id} where id = ${id}`);
  const moveIds = await writeStockMoves(tx, actor, plan, { date: input.date, sourceType, sourceId: id, sourceNo: number, journalEntryId: entry?.id ?? null });
  const moveOf = new Map(stockLines.map((l, k) => [l.position, moveIds[k]]));
  await tx.execute(sql`
    insert into purchase_lines (client_id, purchase_id, position, item_id, account_id, stocked, description, quantity, unit_price, discount_percent,
                                tax_percent, net, discount, tax, total, stock_move_id, order_position)
    select ${actor.clientId}, ${id}, x.position, x.item_id, x.account_id, x.stocked, x.description, x.quantity, x.unit_price, x.discount_percent,
           x.tax_percent, x.net, x.discount, x.tax, x.total, x.stock_move_id, x.order_position
    from jsonb_to_recordset(${JSON.stringify(
      lines.map((l) => ({
        position: l.position,
        item_id: l.itemId,
        account_id: l.accountId,
        stocked: l.stocked,
        description: l.description,
        quantity: l.quantity,
        unit_price: l.unitPrice,
        discount_percent: l.discountPercent,
        tax_percent: l.taxPercent,
        net: l.figures.net,
        discount: l.figures.discount,
        tax: l.figures.tax,
        total: l.figures.total,
        stock_move_id: moveOf.get(l.position) ?? null,
        order_position: source.orderPositions?.[l.position - 1] ?? null,
      })),
    )}::jsonb) as x(position int, item_id int, account_id int, stocked boolean, description text, quantity numeric, unit_price numeric,
         discount_percent numeric, tax_percent numeric, net numeric, discount numeric, tax numeric, total numeric, stock_move_id bigint, order_position int)`);
  if (kind === 'bill' && dec(totals.total).gt(0)) {
    const party = { partyType: 'vendor' as const, partyId: vendor.id, accountId: payable };
    await addOpenItems(tx, actor.clientId, [
      {
        ...party,
        side: 'credit',
        kind: 'vendor-bill',
        sourceType,
        sourceId: id,
        number,
        date: input.date,
        dueDate: dueDate ?? input.date,
        amount: totals.total,
        journalEntryId: entry?.id ?? null,
      },
    ]);
    await applyPartyCredit(tx, actor.clientId, [party]);
  }
  const saved = await getPurchase({ tx, id, lang: actor.lang });
  await writeAudit(tx, actor, {
    action: 'create',
    entity: sourceType,
    entityId: id,
    after: { number, vendorId: vendor.id, vendorBillNo: input.vendorBillNo ?? null, date: input.date, dueDate, total: saved.total, lines: saved.lines.length },
  });
  return saved;
}

/** Cancels a vendor bill or cash purchase by reversal (see the file's head). */
export async function cancelPurchase(opts: { tx: Db; actor: Actor; kind: PurchaseKind; id: number; input: PurchaseCancelBody }): Promise<PurchaseDocument> {
  const { tx, actor, kind, id, input } = opts;
  const [locked] = await queryRows<{ status: string }>(tx, sql`select status from purchases where id = ${id} and kind = ${kind} for update`);
  if (!locked) throw notFound();
  if (locked.status === 'Cancelled') throw new AppError(409, 'ALREADY_CANCELLED', 'stock.alreadyCancelled');
  const doc = await getPurchase({ tx, id, lang: actor.lang });
  const returns = await queryRows<{ return_no: string }>(
    tx,
    sql`select return_no from purchase_returns where purchase_id = ${id} and status = 'Posted' order by return_no`,
  );
  if (returns.length > 0) {
    throw new AppError(
      409,
      'HAS_RETURNS',
      `purchases.hasReturns|${returns.map((r) => documentNumber(PURCHASE_RETURN_SERIES, Number(r.return_no))).join(', ')}`,
    );
  }
  const sourceType = sourceTypeOf(kind);
  const item = kind === 'bill' ? await openItemOfDocument(tx, actor.clientId, sourceType, id) : undefined;
  if (item && item.status === 'Open') {
    const [paid] = await queryRows<{ amount: string }>(
      tx,
      sql`select coalesce(sum(a.amount), 0)::text as amount from open_item_allocations a join open_items o on o.id = a.debit_item_id
          where a.credit_item_id = ${item.id} and o.kind = 'vendor-payment'`,
    );
    if (dec(paid.amount).gt(0)) throw new AppError(409, 'PAYMENTS_ALLOCATED', `purchases.paymentsAllocated|${dec(paid.amount).toFixed(2)}`);
  }
  const lockDate = await getLockDate(tx, actor.clientId);
  const date = lockDate && doc.date <= lockDate ? today() : doc.date;
  const lineRows = await purchaseLineRows(tx, id, actor.lang);
  const moveValues = await queryRows<{ id: string; value: string }>(
    tx,
    sql`select id, value::text from stock_moves where source_type = ${sourceType} and source_id = ${id} and quantity > 0`,
  );
  const movedValue = new Map(moveValues.map((m) => [Number(m.id), m.value]));
  const undo: StockMoveRequest[] = lineRows
    .filter((l) => l.stock_move_id !== null)
    .map((l) => ({
      itemId: Number(l.item_id),
      branchId: doc.branchId,
      kind: 'purchase',
      quantity: dec(l.quantity).negated().toString(),
      value: dec(movedValue.get(Number(l.stock_move_id)) ?? '0').toFixed(2),
      field: `lines.${Number(l.position) - 1}.quantity`,
    }));
  const plan = await planStockMoves(tx, actor, undo);
  const reversal = doc.journalEntryId
    ? await reverseJournal(tx, {
        clientId: actor.clientId,
        entryId: doc.journalEntryId,
        date,
        userId: actor.userId,
        memo: `${translate('purchases.cancelMemo', actor.lang)} ${doc.number}: ${input.reason}`.slice(0, 500),
      })
    : null;
  await tx.execute(sql`
    update purchases set status = 'Cancelled', reversal_entry_id = ${reversal?.id ?? null}, cancelled_by = ${actor.userId}, cancelled_at = now(),
           cancel_reason = ${input.reason}
    where id = ${id}`);
  await writeStockMoves(tx, actor, plan, {
    date: reversal?.date ?? date,
    sourceType,
    sourceId: id,
    sourceNo: doc.number,
    journalEntryId: reversal?.id ?? null,
  });
  if (item && item.status === 'Open') {
    await cancelOpenItem(tx, actor.clientId, item.id);
    await applyPartyCredit(tx, actor.clientId, [{ partyType: 'vendor', partyId: doc.vendorId, accountId: item.accountId }]);
  }
  // The request it fulfilled is approved again, free to become another purchase.
  if (doc.requestId) await releaseRequest({ tx, actor, requestId: doc.requestId, outcome: { kind, documentId: id } });
  if (doc.orderId) {
    await receiptsCancelled(
      tx,
      doc.orderId,
      lineRows.filter((l) => l.order_position !== null).map((l) => ({ position: Number(l.order_position), quantity: l.quantity })),
    );
  }
  await writeAudit(tx, actor, {
    action: 'cancel',
    entity: sourceType,
    entityId: id,
    before: { status: 'Posted' },
    after: { number: doc.number, status: 'Cancelled', reason: input.reason, reversal: reversal?.number ?? null },
  });
  return getPurchase({ tx, id, lang: actor.lang });
}

export type { VendorBillBody, CashPurchaseBody };
