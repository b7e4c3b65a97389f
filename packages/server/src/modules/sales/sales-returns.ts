// A sales return: goods (and services) come back from a posted invoice or cash sale, never more than was
// sold less what earlier returns brought back (field error on the line's quantity). Stocked goods come back
// into the sale's branch at the cost they left with (returnsMoveId). The return is a credit note: income
// and tax payable debit, receivable credit naming the customer, inventory debit and cost of goods sold
// credit. An invoice's credit note is allocated to the invoice (what is left of it after payments), the
// rest waits as the customer's credit (and pays their other open charges); a cash sale's is refunded at
// once from a cash, bank or mobile-money account (receivable debit, the account credit).
import { sql } from 'drizzle-orm';
import { SALES_SERIES, type SalesDocument, bdec, billMoney, documentFigures, lineFigures, translate, type salesReturnBody, type z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { documentNumber, nextDocumentNumber, postJournal, systemAccountId } from '../../ledger/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import type { FieldError } from '../../plugins/errors.ts';
import { type StockMoveRequest, planStockMoves, writeStockMoves } from '../items/index.ts';
import { addOpenItems, allocate, applyPartyCredit, openItemOfDocument } from '../open-items/index.ts';
import { checkOpenDate, checkReceivingAccount, insertLines, type PreparedLine, validation } from './sales-common.ts';
import { recordSalesBalances } from './sales-balances.ts';
import { getSalesDocument } from './sales-documents.ts';
import { SALES_SOURCE_TYPE, salePosting, settlementPosting } from './sales.posting.ts';

interface SaleLineRow {
  position: number;
  item_id: number | null;
  kind: string | null;
  account_id: number;
  expense_account_id: number | null;
  inventory_account_id: number | null;
  description: string | null;
  quantity: string;
  unit_price: string;
  discount_percent: string;
  tax_percent: string;
  stock_move_id: string | null;
  returned: string;
}

export async function createSalesReturn(opts: { tx: Db; actor: Actor; input: z.output<typeof salesReturnBody> }): Promise<SalesDocument> {
  const { tx, actor, input } = opts;
  const { clientId } = actor;
  const errors: FieldError[] = [];
  // The sale is locked: two returns of one sale queue, the second sees what the first brought back.
  const [sale] = await queryRows<{ kind: string; status: string; doc_no: string; customer_id: number; branch_id: number; date: string }>(
    tx,
    sql`select kind, status, doc_no, customer_id, branch_id, date::text from sales_documents where id = ${input.saleId} for update`,
  );
  if (!sale || !['invoice', 'receipt'].includes(sale.kind) || sale.status !== 'Posted') throw validation([{ field: 'saleId', message: 'sales.saleNotPosted' }]);
  const saleKind = sale.kind as 'invoice' | 'receipt';
  if (input.date < sale.date) errors.push({ field: 'date', message: `sales.returnBeforeSale|${sale.date}` });
  if (saleKind === 'receipt') {
    if (!input.refundAccountId) errors.push({ field: 'refundAccountId', message: 'sales.refundAccountRequired' });
    else await checkReceivingAccount(tx, input.refundAccountId, 'refundAccountId', errors);
  }
  const saleLines = await queryRows<SaleLineRow>(
    tx,
    sql`
    select l.position, l.item_id, i.kind, l.account_id, i.expense_account_id, i.inventory_account_id, l.description, l.quantity::text, l.unit_price::text,
           l.discount_percent::text, l.tax_percent::text, l.stock_move_id,
           (select coalesce(sum(rl.quantity), 0) from sales_document_lines rl join sales_documents r on r.id = rl.document_id
            where r.sale_id = l.document_id and r.status = 'Posted' and rl.sale_position = l.position)::text as returned
    from sales_document_lines l left join items i on i.id = l.item_id
    where l.document_id = ${input.saleId} order by l.position`,
  );
  const byPosition = new Map(saleLines.map((l) => [Number(l.position), l]));
  const seen = new Set<number>();
  const lines: Array<PreparedLine & { salePosition: number; saleMoveId: number | null }> = [];
  input.lines.forEach((r, i) => {
    const s = byPosition.get(r.position);
    if (!s) {
      errors.push({ field: `lines.${i}.position`, message: 'sales.noSuchLine' });
      return;
    }
    if (seen.has(r.position)) {
      errors.push({ field: `lines.${i}.position`, message: 'sales.lineRepeated' });
      return;
    }
    seen.add(r.position);
    const available = bdec(s.quantity).minus(s.returned);
    if (bdec(r.quantity).gt(available)) {
      errors.push({ field: `lines.${i}.quantity`, message: `sales.returnTooMuch|${available.toString()}|${bdec(s.quantity).toString()}` });
      return;
    }
    const priced = {
      quantity: bdec(r.quantity).toString(),
      unitPrice: billMoney(s.unit_price),
      discountPercent: s.discount_percent,
      taxPercent: s.tax_percent,
    };
    lines.push({
      ...priced,
      position: lines.length + 1,
      itemId: s.item_id === null ? null : Number(s.item_id),
      stocked: s.stock_move_id !== null,
      accountId: Number(s.account_id),
      expenseAccountId: s.expense_account_id === null ? null : Number(s.expense_account_id),
      inventoryAccountId: s.inventory_account_id === null ? null : Number(s.inventory_account_id),
      description: s.description,
      figures: lineFigures(priced),
      salePosition: r.position,
      saleMoveId: s.stock_move_id === null ? null : Number(s.stock_move_id),
    });
  });
  if (errors.length > 0) throw validation(errors);
  await checkOpenDate(tx, clientId, input.date);

  const branchId = Number(sale.branch_id);
  const requests: StockMoveRequest[] = lines.flatMap((l, i) =>
    l.saleMoveId && l.itemId
      ? [{ itemId: l.itemId, branchId, kind: 'sales_return' as const, quantity: l.quantity, returnsMoveId: l.saleMoveId, field: `lines.${i}.quantity` }]
      : [],
  );
  const plan = requests.length > 0 ? await planStockMoves(tx, actor, requests) : null;
  const figures = documentFigures(lines);
  const no = await nextDocumentNumber(tx, clientId, SALES_SERIES.return);
  const number = documentNumber(SALES_SERIES.return, no);
  const sourceType = SALES_SOURCE_TYPE.return;
  const customerId = Number(sale.customer_id);
  const [doc] = await queryRows<{ id: string }>(
    tx,
    sql`insert into sales_documents (client_id, kind, doc_no, customer_id, date, branch_id, account_id, notes, sale_id, subtotal, discount, tax, total, status, created_by)
        values (${clientId}, 'return', ${no}, ${customerId}, ${input.date}, ${branchId}, ${saleKind === 'receipt' ? (input.refundAccountId ?? null) : null},
                ${input.reason ?? null}, ${input.saleId}, ${figures.subtotal}, ${figures.discount}, ${figures.tax}, ${figures.total}, 'Posted', ${actor.userId})
        returning id`,
  );
  const id = Number(doc.id);
  let k = 0;
  const costs = lines.map((l) => {
    if (!l.saleMoveId || !plan) return '0.00';
    const v = bdec(plan.moves[k].value).abs().toFixed(2);
    k += 1;
    return v;
  });
  const receivableId = await systemAccountId(tx, clientId, 'receivable');
  const taxPayableId = await systemAccountId(tx, clientId, 'taxPayable');
  const [customer] = await queryRows<{ customer_no: string; name: string }>(tx, sql`select customer_no, name from customers where id = ${customerId}`);
  const who = `${customer.customer_no} ${customer.name}`;
  const memo = translate('sales.memo.return', actor.lang, { n: number, m: who }).slice(0, 500);
  const postingLines = salePosting(
    {
      customerId,
      receivableId,
      taxPayableId,
      total: figures.total,
      tax: figures.tax,
      income: lines.map((l) => ({ accountId: l.accountId, amount: billMoney(bdec(l.figures.net).minus(l.figures.discount)) })),
      cost: lines.flatMap((l, i) =>
        l.saleMoveId ? [{ expenseAccountId: l.expenseAccountId as number, inventoryAccountId: l.inventoryAccountId as number, value: costs[i] }] : [],
      ),
    },
    memo,
    'return',
  );
  const posting = { clientId, date: input.date, reference: number, sourceType, sourceId: id, branchId, userId: actor.userId };
  const entry = postingLines.length > 0 ? await postJournal(tx, { ...posting, memo, lines: postingLines, limitField: 'lines' }) : null;
  const moveIds = plan
    ? await writeStockMoves(tx, actor, plan, { date: input.date, sourceType, sourceId: id, sourceNo: number, journalEntryId: entry?.id ?? null })
    : [];
  k = 0;
  await insertLines(
    tx,
    actor,
    id,
    lines.map((l, i) => {
      const stockMoveId = l.saleMoveId ? moveIds[k++] : null;
      return { ...l, cost: costs[i], stockMoveId };
    }),
  );
  await recordSalesBalances(tx, id, 1);
  const party = { partyType: 'customer' as const, partyId: customerId, accountId: receivableId };
  let settleEntryId: number | null = null;
  if (bdec(figures.total).gt(0)) {
    const [creditId] = await addOpenItems(tx, clientId, [
      { ...party, side: 'credit', kind: 'credit-note', sourceType, sourceId: id, number, date: input.date, amount: figures.total, journalEntryId: entry?.id },
    ]);
    if (saleKind === 'invoice') {
      const invoiceItem = await openItemOfDocument(tx, clientId, SALES_SOURCE_TYPE.invoice, input.saleId);
      if (invoiceItem && invoiceItem.status === 'Open' && bdec(invoiceItem.open).gt(0)) {
        const amount = billMoney(bdec(invoiceItem.open).lt(figures.total) ? invoiceItem.open : figures.total);
        await allocate(tx, clientId, creditId, [{ itemId: invoiceItem.id, amount }]);
      }
      await applyPartyCredit(tx, clientId, [party]);
    } else {
      const refundMemo = translate('sales.memo.refund', actor.lang, { n: number, m: who }).slice(0, 500);
      const refund = await postJournal(tx, {
        ...posting,
        memo: refundMemo,
        lines: settlementPosting({ accountId: input.refundAccountId as number, receivableId, customerId, amount: figures.total }, refundMemo, 'refund'),
        limitField: 'lines',
      });
      settleEntryId = refund.id;
      const [refundId] = await addOpenItems(tx, clientId, [
        {
          ...party,
          side: 'debit',
          kind: 'refund',
          sourceType: `${sourceType}-refund`,
          sourceId: id,
          number,
          date: input.date,
          amount: figures.total,
          journalEntryId: refund.id,
        },
      ]);
      await allocate(tx, clientId, creditId, [{ itemId: refundId, amount: figures.total }]);
    }
  }
  const cost = costs.reduce((s, c) => s.plus(c), bdec(0));
  await tx.execute(sql`
    update sales_documents set journal_entry_id = ${entry?.id ?? null}, settle_entry_id = ${settleEntryId}, cost = ${cost.toFixed(2)} where id = ${id}`);
  await writeAudit(tx, actor, {
    action: 'create',
    entity: 'sales-return',
    entityId: id,
    after: {
      number,
      sale: documentNumber(SALES_SERIES[saleKind], Number(sale.doc_no)),
      customer: customer.customer_no,
      date: input.date,
      total: figures.total,
      cost: cost.toFixed(2),
      lines: lines.map((l) => ({ salePosition: l.salePosition, quantity: l.quantity })),
    },
  });
  return getSalesDocument({ tx, lang: actor.lang, id });
}
