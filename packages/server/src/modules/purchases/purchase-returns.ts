// Purchase returns (/vendors/purchase-return, /api/elc/vendors/purchase-returns): lines of a vendor bill or
// cash purchase sent back, never more than bought less already returned. Stocked goods leave stock at the
// cost they came in with (returnsMoveId: the receiving move); other lines take their share of the line's
// amount. The debit note posts payable (naming the vendor) debit, inventory or expense and tax paid credit,
// and becomes the vendor's debit-note open item allocated to the bill (what the bill no longer has open
// stays as the vendor's credit); a cash purchase's return is refunded into an account instead. Cancelling
// reverses the entry, brings the stock back at exactly the values it left with and cancels the open item.
import { sql } from 'drizzle-orm';
import { type PurchaseCancelBody, type PurchaseReturn, type purchaseReturnBody, type purchaseReturnListQuery, translate, type z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { Decimal, dec, documentNumber, getLockDate, nextDocumentNumber, postJournal, reverseJournal, systemAccountId } from '../../ledger/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, type FieldError, notFound } from '../../plugins/errors.ts';
import { type StockMoveRequest, planStockMoves, writeStockMoves } from '../items/index.ts';
import { addOpenItems, allocate, applyPartyCredit, cancelOpenItem, openItemOfDocument } from '../open-items/index.ts';
import { getPurchase, purchaseLineRows, seriesOf, sourceTypeOf } from './purchase-documents.ts';
import { checkMoneyAccount, checkOpenDate, iso, today, validation } from './purchases-common.ts';
import { PURCHASE_RETURN_SERIES, PURCHASE_RETURN_SOURCE_TYPE, purchaseReturnPosting } from './vendor-bill.posting.ts';

type ReturnInput = z.output<typeof purchaseReturnBody>;

interface ReturnRow {
  id: string;
  return_no: string;
  purchase_id: string;
  purchase_kind: 'bill' | 'cash';
  purchase_no: string;
  vendor_id: number;
  vendor_name: string;
  branch_id: number;
  branch_name: string;
  date: string;
  reason: string | null;
  refund_account_id: number | null;
  refund_account_name: string | null;
  amount: string;
  tax: string;
  total: string;
  status: 'Posted' | 'Cancelled';
  journal_entry_id: string | null;
  created_by_name: string | null;
  created_at: string | Date;
  cancelled_at: string | Date | null;
  cancel_reason: string | null;
}

const selectReturns = (lang: string) => sql`
  select r.id, r.return_no, r.purchase_id, p.kind as purchase_kind, p.doc_no as purchase_no, r.vendor_id, v.name as vendor_name, r.branch_id,
         br.name as branch_name, r.date::text, r.reason, r.refund_account_id,
         case when ra.id is null then null else ra.code || ' ' || ${sql.raw(lang === 'so' ? 'ra.name_so' : 'ra.name_en')} end as refund_account_name,
         r.amount::text, r.tax::text, r.total::text, r.status, r.journal_entry_id, u.fullname as created_by_name, r.created_at, r.cancelled_at, r.cancel_reason
  from purchase_returns r
  join purchases p on p.id = r.purchase_id
  join vendors v on v.id = r.vendor_id
  join branches br on br.id = r.branch_id
  left join accounts ra on ra.id = r.refund_account_id
  left join users u on u.id = r.created_by`;

function toReturn(r: ReturnRow): Omit<PurchaseReturn, 'lines'> {
  return {
    id: Number(r.id),
    number: documentNumber(PURCHASE_RETURN_SERIES, Number(r.return_no)),
    purchaseId: Number(r.purchase_id),
    purchaseNumber: documentNumber(seriesOf(r.purchase_kind), Number(r.purchase_no)),
    purchaseKind: r.purchase_kind,
    vendorId: Number(r.vendor_id),
    vendorName: r.vendor_name,
    branchId: Number(r.branch_id),
    branchName: r.branch_name,
    date: r.date,
    reason: r.reason,
    refundAccountId: r.refund_account_id === null ? null : Number(r.refund_account_id),
    refundAccountName: r.refund_account_name,
    amount: dec(r.amount).toFixed(2),
    tax: dec(r.tax).toFixed(2),
    total: dec(r.total).toFixed(2),
    status: r.status,
    journalEntryId: r.journal_entry_id === null ? null : Number(r.journal_entry_id),
    createdByName: r.created_by_name,
    createdAt: new Date(r.created_at).toISOString(),
    cancelledAt: iso(r.cancelled_at),
    cancelReason: r.cancel_reason,
  };
}

interface ReturnLineRow {
  position: number;
  purchase_position: number;
  item_id: number | null;
  item_code: string | null;
  item_name: string | null;
  description: string | null;
  account_id: number;
  account_code: string;
  quantity: string;
  unit_price: string;
  amount: string;
  tax: string;
  total: string;
  stock_move_id: string | null;
}

async function returnLines(tx: Db, id: number): Promise<ReturnLineRow[]> {
  return queryRows<ReturnLineRow>(
    tx,
    sql`select l.position, l.purchase_position, l.item_id, i.code as item_code, i.name as item_name, l.description, l.account_id, a.code as account_code,
               l.quantity::text, l.unit_price::text, l.amount::text, l.tax::text, l.total::text, l.stock_move_id
        from purchase_return_lines l join accounts a on a.id = l.account_id left join items i on i.id = l.item_id
        where l.return_id = ${id} order by l.position`,
  );
}

export async function getPurchaseReturn(opts: { tx: Db; id: number; lang: string }): Promise<PurchaseReturn> {
  const [row] = await queryRows<ReturnRow>(opts.tx, sql`${selectReturns(opts.lang)} where r.id = ${opts.id}`);
  if (!row) throw notFound();
  const lines = await returnLines(opts.tx, opts.id);
  return {
    ...toReturn(row),
    lines: lines.map((l) => ({
      position: Number(l.position),
      purchaseLinePosition: Number(l.purchase_position),
      itemId: l.item_id === null ? null : Number(l.item_id),
      itemCode: l.item_code,
      itemName: l.item_name,
      description: l.description,
      accountId: Number(l.account_id),
      accountCode: l.account_code,
      quantity: dec(l.quantity).toString(),
      unitPrice: dec(l.unit_price).toFixed(2),
      amount: dec(l.amount).toFixed(2),
      tax: dec(l.tax).toFixed(2),
      total: dec(l.total).toFixed(2),
    })),
  };
}

export async function listPurchaseReturns(opts: { tx: Db; lang: string; query: z.output<typeof purchaseReturnListQuery> }) {
  const { tx, query } = opts;
  const q = query.q?.trim();
  const no = q?.replace(/^PR-0*/i, '');
  const where = sql`true
    ${query.status ? sql`and r.status = ${query.status}` : sql``}
    ${query.vendorId ? sql`and r.vendor_id = ${query.vendorId}` : sql``}
    ${query.purchaseId ? sql`and r.purchase_id = ${query.purchaseId}` : sql``}
    ${query.from ? sql`and r.date >= ${query.from}::date` : sql``}
    ${query.to ? sql`and r.date <= ${query.to}::date` : sql``}
    ${q ? sql`and (v.name ilike ${`%${q}%`} or r.reason ilike ${`%${q}%`} ${/^\d{1,15}$/.test(no ?? '') ? sql`or r.return_no = ${Number(no)}` : sql``})` : sql``}`;
  const rows = await queryRows<ReturnRow>(
    tx,
    sql`${selectReturns(opts.lang)} where ${where} order by r.date desc, r.id desc limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
  );
  const [{ total }] = await queryRows<{ total: number }>(
    tx,
    sql`select count(*)::int as total from purchase_returns r join vendors v on v.id = r.vendor_id where ${where}`,
  );
  return { data: rows.map(toReturn), total: Number(total), page: query._page, limit: query._limit };
}

const cents = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN);

/** A part of a line's figure: all that is left of it when the rest of the line goes back, else its share. */
function share(whole: string, taken: Decimal, quantity: Decimal, returnedBefore: Decimal, lineQuantity: Decimal): Decimal {
  if (returnedBefore.plus(quantity).equals(lineQuantity)) return dec(whole).minus(taken);
  return cents(dec(whole).times(quantity).dividedBy(lineQuantity));
}

export async function createPurchaseReturn(opts: { tx: Db; actor: Actor; input: ReturnInput }): Promise<PurchaseReturn> {
  const { tx, actor, input } = opts;
  const problems: FieldError[] = [];
  const [locked] = await queryRows<{ status: string; kind: 'bill' | 'cash' }>(
    tx,
    sql`select status, kind from purchases where id = ${input.purchaseId} for update`,
  );
  if (!locked) throw validation([{ field: 'purchaseId', message: 'v.notFound' }]);
  if (locked.status !== 'Posted') throw validation([{ field: 'purchaseId', message: 'purchases.purchaseCancelled' }]);
  const purchase = await getPurchase({ tx, id: input.purchaseId, lang: actor.lang });
  await checkOpenDate(tx, actor.clientId, input.date, problems);
  let refundAccountId: number | null = null;
  if (purchase.kind === 'cash') {
    refundAccountId = input.refundAccountId ?? purchase.paymentAccountId;
    await checkMoneyAccount(tx, Number(refundAccountId), 'refundAccountId', problems);
  } else if (input.refundAccountId) problems.push({ field: 'refundAccountId', message: 'purchases.refundOnlyCash' });
  const lineRows = await purchaseLineRows(tx, purchase.id, actor.lang);
  const byPosition = new Map(lineRows.map((l) => [Number(l.position), l]));
  // What earlier returns took of each line (amount and tax), for the last part's exact rest.
  const takenRows = await queryRows<{ position: number; amount: string; tax: string }>(
    tx,
    sql`select l.purchase_position as position, sum(l.amount)::text as amount, sum(l.tax)::text as tax
        from purchase_return_lines l join purchase_returns r on r.id = l.return_id
        where r.purchase_id = ${purchase.id} and r.status = 'Posted' group by l.purchase_position`,
  );
  const taken = new Map(takenRows.map((t) => [Number(t.position), t]));
  const asked = new Map<number, Decimal>();
  input.lines.forEach((l, i) => {
    const line = byPosition.get(l.position);
    if (!line) {
      problems.push({ field: `lines.${i}.position`, message: 'purchases.noSuchLine' });
      return;
    }
    const sum = (asked.get(l.position) ?? new Decimal(0)).plus(l.quantity);
    asked.set(l.position, sum);
    const left = dec(line.quantity).minus(line.returned);
    if (sum.gt(left)) problems.push({ field: `lines.${i}.quantity`, message: `purchases.returnTooMuch|${left.toString()}` });
  });
  if (problems.length > 0) throw validation(problems);

  const requests: StockMoveRequest[] = [];
  input.lines.forEach((l, i) => {
    const line = byPosition.get(l.position)!;
    if (line.stock_move_id === null) return;
    requests.push({
      itemId: Number(line.item_id),
      branchId: purchase.branchId,
      kind: 'purchase_return',
      quantity: dec(l.quantity).negated().toString(),
      returnsMoveId: Number(line.stock_move_id),
      field: `lines.${i}.quantity`,
    });
  });
  const plan = await planStockMoves(tx, actor, requests);
  const moveValue = new Map<number, Decimal>();
  for (const m of plan.moves) moveValue.set(Number(m.field.split('.')[1]), dec(m.value).abs());
  const returnedBefore = new Map<number, Decimal>();
  const parts = input.lines.map((l, i) => {
    const line = byPosition.get(l.position)!;
    const q = dec(l.quantity);
    const before = (returnedBefore.get(l.position) ?? dec(line.returned)) as Decimal;
    const t = taken.get(l.position);
    const lineAmount = dec(line.net).minus(line.discount).toFixed(2);
    const amount = moveValue.get(i) ?? share(lineAmount, dec(t?.amount ?? '0'), q, before, dec(line.quantity));
    const tax = share(line.tax, dec(t?.tax ?? '0'), q, before, dec(line.quantity));
    returnedBefore.set(l.position, before.plus(q));
    if (t) {
      t.amount = dec(t.amount).plus(amount).toFixed(2);
      t.tax = dec(t.tax).plus(tax).toFixed(2);
    } else taken.set(l.position, { position: l.position, amount: amount.toFixed(2), tax: tax.toFixed(2) });
    return { line, quantity: q, amount, tax, total: amount.plus(tax) };
  });
  const amount = parts.reduce((s, p) => s.plus(p.amount), new Decimal(0));
  const tax = parts.reduce((s, p) => s.plus(p.tax), new Decimal(0));
  const total = amount.plus(tax);

  const no = await nextDocumentNumber(tx, actor.clientId, PURCHASE_RETURN_SERIES);
  const number = documentNumber(PURCHASE_RETURN_SERIES, no);
  const [doc] = await queryRows<{ id: string }>(
    tx,
    sql`insert into purchase_returns (client_id, return_no, purchase_id, vendor_id, branch_id, date, reason, refund_account_id, amount, tax, total, created_by)
        values (${actor.clientId}, ${no}, ${purchase.id}, ${purchase.vendorId}, ${purchase.branchId}, ${input.date}, ${input.reason ?? null}, ${refundAccountId},
                ${amount.toFixed(2)}, ${tax.toFixed(2)}, ${total.toFixed(2)}, ${actor.userId})
        returning id`,
  );
  const id = Number(doc.id);
  const payable = await systemAccountId(tx, actor.clientId, 'payable');
  const memo = `${translate('purchases.returnMemo', actor.lang)} ${number} ${purchase.number} ${purchase.vendorName}`.slice(0, 500);
  const lines = purchaseReturnPosting({
    lines: parts.map((p) => ({ accountId: Number(p.line.account_id), amount: p.amount })),
    tax,
    taxAccountId: await systemAccountId(tx, actor.clientId, 'taxPaid'),
    counter: purchase.kind === 'bill' ? { accountId: payable, vendorId: purchase.vendorId } : { accountId: Number(refundAccountId) },
    memo,
  });
  const entry =
    lines.length === 0
      ? null
      : await postJournal(tx, {
          clientId: actor.clientId,
          date: input.date,
          reference: number,
          memo,
          sourceType: PURCHASE_RETURN_SOURCE_TYPE,
          sourceId: id,
          branchId: purchase.branchId,
          userId: actor.userId,
          lines,
        });
  if (entry) await tx.execute(sql`update purchase_returns set journal_entry_id = ${entry.id} where id = ${id}`);
  const moveIds = await writeStockMoves(tx, actor, plan, {
    date: input.date,
    sourceType: PURCHASE_RETURN_SOURCE_TYPE,
    sourceId: id,
    sourceNo: number,
    journalEntryId: entry?.id ?? null,
  });
  const moveOfIndex = new Map(plan.moves.map((m, k) => [Number(m.field.split('.')[1]), moveIds[k]]));
  await tx.execute(sql`
    insert into purchase_return_lines (client_id, return_id, position, purchase_position, item_id, account_id, description, quantity, unit_price, amount, tax, total, stock_move_id)
    select ${actor.clientId}, ${id}, x.position, x.purchase_position, x.item_id, x.account_id, x.description, x.quantity, x.unit_price, x.amount, x.tax, x.total, x.stock_move_id
    from jsonb_to_recordset(${JSON.stringify(
      parts.map((p, i) => ({
        position: i + 1,
        purchase_position: Number(p.line.position),
        item_id: p.line.item_id,
        account_id: p.line.account_id,
        description: p.line.description,
        quantity: p.quantity.toString(),
        unit_price: p.line.unit_price,
        amount: p.amount.toFixed(2),
        tax: p.tax.toFixed(2),
        total: p.total.toFixed(2),
        stock_move_id: moveOfIndex.get(i) ?? null,
      })),
    )}::jsonb) as x(position int, purchase_position int, item_id int, account_id int, description text, quantity numeric, unit_price numeric,
         amount numeric, tax numeric, total numeric, stock_move_id bigint)`);
  await adjustReturned(
    tx,
    purchase.id,
    parts.map((p) => ({ position: Number(p.line.position), quantity: p.quantity.toString() })),
    1,
  );
  if (purchase.kind === 'bill' && total.gt(0)) {
    const party = { partyType: 'vendor' as const, partyId: purchase.vendorId, accountId: payable };
    const [noteId] = await addOpenItems(tx, actor.clientId, [
      {
        ...party,
        side: 'debit',
        kind: 'debit-note',
        sourceType: PURCHASE_RETURN_SOURCE_TYPE,
        sourceId: id,
        number,
        date: input.date,
        amount: total.toFixed(2),
        journalEntryId: entry?.id ?? null,
      },
    ]);
    const bill = await openItemOfDocument(tx, actor.clientId, sourceTypeOf('bill'), purchase.id);
    if (bill && bill.status === 'Open' && dec(bill.open).gt(0)) {
      await allocate(tx, actor.clientId, noteId, [{ itemId: bill.id, amount: Decimal.min(dec(bill.open), total).toFixed(2) }]);
    }
    await applyPartyCredit(tx, actor.clientId, [party]);
  }
  const saved = await getPurchaseReturn({ tx, id, lang: actor.lang });
  await writeAudit(tx, actor, {
    action: 'create',
    entity: PURCHASE_RETURN_SOURCE_TYPE,
    entityId: id,
    after: { number, purchase: purchase.number, date: input.date, total: saved.total, lines: saved.lines.map((l) => [l.purchaseLinePosition, l.quantity]) },
  });
  return saved;
}

async function adjustReturned(tx: Db, purchaseId: number, lines: Array<{ position: number; quantity: string }>, sign: 1 | -1) {
  await tx.execute(sql`
    update purchase_lines l set returned = l.returned + ${sign} * x.quantity
    from (select position, sum(quantity) as quantity from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as x(position int, quantity numeric) group by position) x
    where l.purchase_id = ${purchaseId} and l.position = x.position`);
}

export async function cancelPurchaseReturn(opts: { tx: Db; actor: Actor; id: number; input: PurchaseCancelBody }): Promise<PurchaseReturn> {
  const { tx, actor, id, input } = opts;
  const [head] = await queryRows<{ purchase_id: string }>(tx, sql`select purchase_id from purchase_returns where id = ${id}`);
  if (!head) throw notFound();
  // The purchase first, then the return: the order every return takes.
  await tx.execute(sql`select id from purchases where id = ${head.purchase_id} for update`);
  const [locked] = await queryRows<{ status: string }>(tx, sql`select status from purchase_returns where id = ${id} for update`);
  if (locked.status === 'Cancelled') throw new AppError(409, 'ALREADY_CANCELLED', 'stock.alreadyCancelled');
  const doc = await getPurchaseReturn({ tx, id, lang: actor.lang });
  const lines = await returnLines(tx, id);
  const moveValues = await queryRows<{ id: string; value: string }>(
    tx,
    sql`select id, value::text from stock_moves where source_type = ${PURCHASE_RETURN_SOURCE_TYPE} and source_id = ${id} and quantity < 0`,
  );
  const movedValue = new Map(moveValues.map((m) => [Number(m.id), dec(m.value).abs().toFixed(2)]));
  const undo: StockMoveRequest[] = lines
    .filter((l) => l.stock_move_id !== null)
    .map((l) => ({
      itemId: Number(l.item_id),
      branchId: doc.branchId,
      kind: 'purchase_return',
      quantity: dec(l.quantity).toString(),
      value: movedValue.get(Number(l.stock_move_id)) ?? '0.00',
      field: `lines.${Number(l.position) - 1}.quantity`,
    }));
  const plan = await planStockMoves(tx, actor, undo);
  const lockDate = await getLockDate(tx, actor.clientId);
  const date = lockDate && doc.date <= lockDate ? today() : doc.date;
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
    update purchase_returns set status = 'Cancelled', reversal_entry_id = ${reversal?.id ?? null}, cancelled_by = ${actor.userId}, cancelled_at = now(),
           cancel_reason = ${input.reason}
    where id = ${id}`);
  await writeStockMoves(tx, actor, plan, {
    date: reversal?.date ?? date,
    sourceType: PURCHASE_RETURN_SOURCE_TYPE,
    sourceId: id,
    sourceNo: doc.number,
    journalEntryId: reversal?.id ?? null,
  });
  await adjustReturned(
    tx,
    doc.purchaseId,
    lines.map((l) => ({ position: Number(l.purchase_position), quantity: l.quantity })),
    -1,
  );
  const note = await openItemOfDocument(tx, actor.clientId, PURCHASE_RETURN_SOURCE_TYPE, id);
  if (note && note.status === 'Open') {
    await cancelOpenItem(tx, actor.clientId, note.id);
    await applyPartyCredit(tx, actor.clientId, [{ partyType: 'vendor', partyId: doc.vendorId, accountId: note.accountId }]);
  }
  await writeAudit(tx, actor, {
    action: 'cancel',
    entity: PURCHASE_RETURN_SOURCE_TYPE,
    entityId: id,
    before: { status: 'Posted' },
    after: { number: doc.number, status: 'Cancelled', reason: input.reason, reversal: reversal?.number ?? null },
  });
  return getPurchaseReturn({ tx, id, lang: actor.lang });
}
