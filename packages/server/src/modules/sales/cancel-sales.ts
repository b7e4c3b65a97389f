// Cancelling a sales document: never deletion. A quotation is marked Cancelled (an accepted one cannot
// be: cancel its invoice, which reopens it). An invoice is refused while payments or credit notes settle
// part of it, and a sale while returns of it stand; otherwise its entries are reversed (dated as the
// document, or today when that day is closed), the stock moves back at exactly the values it moved with
// (refused when the stock has moved on so far that it cannot), and its open items are cancelled (a
// return's credit note releases what it paid, and the customer's waiting credit pays again).
import { sql } from 'drizzle-orm';
import { type SalesCancelBody, type SalesDocument, type SalesKind, bdec, translate } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { reverseJournal, systemAccountId } from '../../ledger/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { type StockMoveRequest, planStockMoves, writeStockMoves } from '../items/index.ts';
import { applyPartyCredit, cancelOpenItem, openItemOfDocument } from '../open-items/index.ts';
import { cancelDate } from './sales-common.ts';
import { recordSalesBalances } from './sales-balances.ts';
import { getSalesDocument } from './sales-documents.ts';
import { SALES_SOURCE_TYPE } from './sales.posting.ts';

const auditEntity: Record<SalesKind, string> = { quotation: 'quotation', invoice: 'sales-invoice', receipt: 'sales-receipt', return: 'sales-return' };

export async function cancelSalesDocument(opts: { tx: Db; actor: Actor; kind: SalesKind; id: number; input: SalesCancelBody }): Promise<SalesDocument> {
  const { tx, actor, kind, id, input } = opts;
  const { clientId } = actor;
  const [locked] = await queryRows<{ kind: string; status: string; journal_entry_id: string | null; settle_entry_id: string | null }>(
    tx,
    sql`select kind, status, journal_entry_id, settle_entry_id from sales_documents where id = ${id} for update`,
  );
  if (locked?.kind !== kind) throw notFound();
  if (locked.status === 'Cancelled') throw new AppError(409, 'ALREADY_CANCELLED', 'sales.alreadyCancelled');
  const doc = await getSalesDocument({ tx, lang: actor.lang, id });
  const cancel = sql`status = 'Cancelled', cancelled_by = ${actor.userId}, cancelled_at = now(), cancel_reason = ${input.reason}`;

  if (kind === 'quotation') {
    if (locked.status !== 'Open') throw new AppError(409, 'QUOTATION_USED', 'sales.quotationUsed');
    await tx.execute(sql`update sales_documents set ${cancel} where id = ${id}`);
    await writeAudit(tx, actor, {
      action: 'cancel',
      entity: 'quotation',
      entityId: id,
      before: { status: 'Open' },
      after: { status: 'Cancelled', reason: input.reason },
    });
    return getSalesDocument({ tx, lang: actor.lang, id });
  }

  if (kind === 'invoice' || kind === 'receipt') {
    const [returns] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from sales_documents where sale_id = ${id} and status = 'Posted'`);
    if (Number(returns.n) > 0) throw new AppError(409, 'HAS_RETURNS', 'sales.hasReturns');
  }
  if (kind === 'invoice' && bdec(doc.paid).gt(0)) throw new AppError(409, 'PAYMENTS_ALLOCATED', `sales.paymentsAllocated|${doc.paid}`);

  const date = await cancelDate(tx, clientId, doc.date);
  // Stock back at exactly the values it moved with.
  const undo: StockMoveRequest[] = [];
  const moved = await queryRows<{ item_id: number; branch_id: number; kind: string; quantity: string; value: string; position: number }>(
    tx,
    sql`select m.item_id, m.branch_id, m.kind, m.quantity::text, m.value::text, l.position
        from sales_document_lines l join stock_moves m on m.id = l.stock_move_id where l.document_id = ${id} order by l.position`,
  );
  for (const m of moved) {
    undo.push({
      itemId: Number(m.item_id),
      branchId: Number(m.branch_id),
      kind: m.kind as StockMoveRequest['kind'],
      quantity: bdec(m.quantity).negated().toString(),
      value: bdec(m.value).abs().toFixed(2),
      field: `lines.${Number(m.position) - 1}.quantity`,
    });
  }
  const plan = undo.length > 0 ? await planStockMoves(tx, actor, undo) : null;
  const memo = `${translate('sales.memo.cancel', actor.lang, { n: doc.number })}: ${input.reason}`.slice(0, 500);
  const reverse = (entryId: string | null) =>
    entryId === null ? Promise.resolve(null) : reverseJournal(tx, { clientId, entryId: Number(entryId), date, userId: actor.userId, memo });
  const reversal = await reverse(locked.journal_entry_id);
  const settleReversal = await reverse(locked.settle_entry_id);
  // Its open items: the charge or credit note, and the cash sale's payment or the refund.
  const sourceType = SALES_SOURCE_TYPE[kind];
  const extra = kind === 'receipt' ? `${sourceType}-payment` : kind === 'return' ? `${sourceType}-refund` : null;
  for (const st of [sourceType, extra]) {
    if (!st) continue;
    const item = await openItemOfDocument(tx, clientId, st, id);
    if (item && item.status === 'Open') await cancelOpenItem(tx, clientId, item.id);
  }
  await tx.execute(sql`
    update sales_documents set ${cancel}, reversal_entry_id = ${reversal?.id ?? null}, settle_reversal_entry_id = ${settleReversal?.id ?? null} where id = ${id}`);
  // Its lines leave the sales balance rows of its own date (the report's day), whatever the reversal's date.
  await recordSalesBalances(tx, id, -1);
  if (kind === 'invoice' && doc.quotation)
    await tx.execute(sql`update sales_documents set status = 'Open' where id = ${doc.quotation.id} and status = 'Accepted'`);
  if (plan) {
    await writeStockMoves(tx, actor, plan, {
      date: reversal?.date ?? date,
      sourceType,
      sourceId: id,
      sourceNo: doc.number,
      journalEntryId: reversal?.id ?? null,
    });
  }
  const receivableId = await systemAccountId(tx, clientId, 'receivable');
  await applyPartyCredit(tx, clientId, [{ partyType: 'customer', partyId: doc.customerId, accountId: receivableId }]);
  await writeAudit(tx, actor, {
    action: 'cancel',
    entity: auditEntity[kind],
    entityId: id,
    before: { status: 'Posted' },
    after: { status: 'Cancelled', reason: input.reason, reversal: reversal?.number ?? null, date },
  });
  return getSalesDocument({ tx, lang: actor.lang, id });
}
