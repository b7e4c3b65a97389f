// Posting a sale: a sales invoice (the customer owes it: a receivable open item due on its due date, and
// waiting credit pays it) or a cash sale (paid at once into a cash, bank or mobile-money account: a second
// entry settles the receivable, so the customer's statement shows the sale and its payment). Both in the
// request's transaction: lines checked, stock planned at the branch (a sale beyond stock is refused on the
// line's quantity, naming the item and what is on hand), the number taken, the entry posted with the
// plan's costs, the moves and lines written, the open items, the audit line. Quotations post nothing and
// convert into an invoice that names them.
import { sql } from 'drizzle-orm';
import {
  SALES_SERIES,
  type SalesDocument,
  bdec,
  billMoney,
  documentFigures,
  translate,
  type quotationBody,
  type quotationConvertBody,
  type salesInvoiceBody,
  type salesReceiptBody,
  type z,
} from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { dec, documentNumber, nextDocumentNumber, postJournal, systemAccountId } from '../../ledger/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, type FieldError, notFound } from '../../plugins/errors.ts';
import { type StockMoveRequest, type StockPlan, planStockMoves, writeStockMoves } from '../items/index.ts';
import { addOpenItems, allocate, applyPartyCredit } from '../open-items/index.ts';
import {
  checkBranch,
  checkCustomer,
  checkOpenDate,
  checkReceivingAccount,
  insertLines,
  type PreparedLine,
  prepareLines,
  validation,
  walkInCustomer,
} from './sales-common.ts';
import { recordSalesBalances } from './sales-balances.ts';
import { getSalesDocument } from './sales-documents.ts';
import { SALES_SOURCE_TYPE, salePosting, settlementPosting } from './sales.posting.ts';

type InvoiceInput = z.output<typeof salesInvoiceBody>;
type ReceiptInput = z.output<typeof salesReceiptBody>;

type SaleInput = ({ kind: 'invoice' } & InvoiceInput) | ({ kind: 'receipt' } & ReceiptInput);

const totals = (lines: PreparedLine[]) =>
  documentFigures(lines.map((l) => ({ quantity: l.quantity, unitPrice: l.unitPrice, discountPercent: l.discountPercent, taxPercent: l.taxPercent })));

/** Each stocked line's move out (value at cost), in line order; null for the others. */
export function movesByLine(lines: PreparedLine[], plan: StockPlan | null, ids: number[]): Array<{ cost: string; stockMoveId: number | null }> {
  let k = 0;
  return lines.map((l) => {
    if (!l.stocked || !plan) return { cost: '0.00', stockMoveId: null };
    const move = plan.moves[k];
    const id = ids[k] ?? null;
    k += 1;
    return { cost: dec(move.value).abs().toFixed(2), stockMoveId: id };
  });
}

export async function createSale(opts: { tx: Db; actor: Actor; input: SaleInput }): Promise<SalesDocument> {
  const { tx, actor, input } = opts;
  const { clientId } = actor;
  const errors: FieldError[] = [];
  const customer = input.customerId ? await checkCustomer(tx, input.customerId, errors) : await walkInCustomer(tx, actor);
  await checkBranch(tx, input.branchId, errors);
  if (input.kind === 'receipt') await checkReceivingAccount(tx, input.accountId, 'accountId', errors);
  if (input.kind === 'invoice' && input.quotationId) {
    const [q] = await queryRows<{ kind: string; status: string; customer_id: number }>(
      tx,
      sql`select kind, status, customer_id from sales_documents where id = ${input.quotationId} for update`,
    );
    if (q?.kind !== 'quotation' || Number(q.customer_id) !== input.customerId) errors.push({ field: 'quotationId', message: 'v.notFound' });
    else if (q.status !== 'Open') errors.push({ field: 'quotationId', message: 'sales.quotationUsed' });
  }
  const lines = await prepareLines(tx, input.lines, errors);
  if (errors.length > 0 || !customer) throw validation(errors);
  await checkOpenDate(tx, clientId, input.date);

  const requests: StockMoveRequest[] = lines.flatMap((l, i) =>
    l.stocked && l.itemId
      ? [{ itemId: l.itemId, branchId: input.branchId, kind: 'sale' as const, quantity: bdec(l.quantity).negated().toString(), field: `lines.${i}.quantity` }]
      : [],
  );
  const plan = requests.length > 0 ? await planStockMoves(tx, actor, requests) : null;
  const figures = totals(lines);
  const series = SALES_SERIES[input.kind];
  const no = await nextDocumentNumber(tx, clientId, series);
  const number = documentNumber(series, no);
  const sourceType = SALES_SOURCE_TYPE[input.kind];
  const [doc] = await queryRows<{ id: string }>(
    tx,
    sql`insert into sales_documents (client_id, kind, doc_no, customer_id, date, due_date, branch_id, account_id, reference, notes, quotation_id,
                                     subtotal, discount, tax, total, status, created_by)
        values (${clientId}, ${input.kind}, ${no}, ${customer.id}, ${input.date}, ${input.kind === 'invoice' ? input.dueDate : null}, ${input.branchId},
                ${input.kind === 'receipt' ? input.accountId : null}, ${input.kind === 'receipt' ? (input.reference ?? null) : null}, ${input.notes ?? null},
                ${input.kind === 'invoice' ? (input.quotationId ?? null) : null},
                ${figures.subtotal}, ${figures.discount}, ${figures.tax}, ${figures.total}, 'Posted', ${actor.userId})
        returning id`,
  );
  const id = Number(doc.id);
  const costs = movesByLine(lines, plan, plan?.moves.map(() => 0) ?? []);
  const receivableId = await systemAccountId(tx, clientId, 'receivable');
  const taxPayableId = await systemAccountId(tx, clientId, 'taxPayable');
  const who = `${customer.customerNo} ${customer.name}`;
  const memo = translate(`sales.memo.${input.kind}`, actor.lang, { n: number, m: who }).slice(0, 500);
  const postingLines = salePosting(
    {
      customerId: customer.id,
      receivableId,
      taxPayableId,
      total: figures.total,
      tax: figures.tax,
      income: lines.map((l) => ({ accountId: l.accountId, amount: billMoney(bdec(l.figures.net).minus(l.figures.discount)) })),
      cost: lines.flatMap((l, i) =>
        l.stocked ? [{ expenseAccountId: l.expenseAccountId as number, inventoryAccountId: l.inventoryAccountId as number, value: costs[i].cost }] : [],
      ),
    },
    memo,
  );
  const posting = { clientId, date: input.date, reference: number, sourceType, sourceId: id, branchId: input.branchId, userId: actor.userId };
  const entry = postingLines.length > 0 ? await postJournal(tx, { ...posting, memo, lines: postingLines, limitField: 'lines' }) : null;
  const moveIds = plan
    ? await writeStockMoves(tx, actor, plan, { date: input.date, sourceType, sourceId: id, sourceNo: number, journalEntryId: entry?.id ?? null })
    : [];
  const moved = movesByLine(lines, plan, moveIds);
  await insertLines(
    tx,
    actor,
    id,
    lines.map((l, i) => ({ ...l, ...moved[i] })),
  );
  await recordSalesBalances(tx, id, 1);
  const cost = moved.reduce((s, m) => s.plus(m.cost), bdec(0));
  const party = { partyType: 'customer' as const, partyId: customer.id, accountId: receivableId };
  let settleEntryId: number | null = null;
  if (bdec(figures.total).gt(0)) {
    if (input.kind === 'invoice') {
      await addOpenItems(tx, clientId, [
        {
          ...party,
          side: 'debit',
          kind: 'invoice',
          sourceType,
          sourceId: id,
          number,
          date: input.date,
          dueDate: input.dueDate,
          amount: figures.total,
          journalEntryId: entry?.id,
        },
      ]);
      await applyPartyCredit(tx, clientId, [party]);
    } else {
      const paidMemo = translate('sales.memo.receiptPaid', actor.lang, { n: number, m: who }).slice(0, 500);
      const settle = await postJournal(tx, {
        ...posting,
        memo: paidMemo,
        lines: settlementPosting({ accountId: input.accountId, receivableId, customerId: customer.id, amount: figures.total }, paidMemo, 'pay'),
        limitField: 'lines',
      });
      settleEntryId = settle.id;
      // The sale's charge and its payment, the one settling the other at once. One item per document
      // and party on an account: the payment's item names the cash sale as 'sales-receipt-payment'.
      const [chargeId] = await addOpenItems(tx, clientId, [
        { ...party, side: 'debit', kind: 'cash-sale', sourceType, sourceId: id, number, date: input.date, amount: figures.total, journalEntryId: entry?.id },
      ]);
      const [paidId] = await addOpenItems(tx, clientId, [
        {
          ...party,
          side: 'credit',
          kind: 'cash-sale-payment',
          sourceType: `${sourceType}-payment`,
          sourceId: id,
          number,
          date: input.date,
          amount: figures.total,
          journalEntryId: settle.id,
        },
      ]);
      await allocate(tx, clientId, paidId, [{ itemId: chargeId, amount: figures.total }]);
    }
  }
  await tx.execute(sql`
    update sales_documents set journal_entry_id = ${entry?.id ?? null}, settle_entry_id = ${settleEntryId}, cost = ${cost.toFixed(2)} where id = ${id}`);
  if (input.kind === 'invoice' && input.quotationId) await tx.execute(sql`update sales_documents set status = 'Accepted' where id = ${input.quotationId}`);
  await writeAudit(tx, actor, {
    action: 'create',
    entity: input.kind === 'invoice' ? 'sales-invoice' : 'sales-receipt',
    entityId: id,
    after: { number, customer: customer.customerNo, date: input.date, total: figures.total, cost: cost.toFixed(2), entry: entry?.number ?? null },
  });
  return getSalesDocument({ tx, lang: actor.lang, id });
}

export async function createQuotation(opts: { tx: Db; actor: Actor; input: z.output<typeof quotationBody> }): Promise<SalesDocument> {
  const { tx, actor, input } = opts;
  const errors: FieldError[] = [];
  const customer = await checkCustomer(tx, input.customerId, errors);
  await checkBranch(tx, input.branchId, errors);
  const lines = await prepareLines(tx, input.lines, errors);
  if (errors.length > 0 || !customer) throw validation(errors);
  const figures = totals(lines);
  const no = await nextDocumentNumber(tx, actor.clientId, SALES_SERIES.quotation);
  const [doc] = await queryRows<{ id: string }>(
    tx,
    sql`insert into sales_documents (client_id, kind, doc_no, customer_id, date, valid_until, branch_id, notes, subtotal, discount, tax, total, status, created_by)
        values (${actor.clientId}, 'quotation', ${no}, ${customer.id}, ${input.date}, ${input.validUntil}, ${input.branchId}, ${input.notes ?? null},
                ${figures.subtotal}, ${figures.discount}, ${figures.tax}, ${figures.total}, 'Open', ${actor.userId})
        returning id`,
  );
  const id = Number(doc.id);
  await insertLines(
    tx,
    actor,
    id,
    lines.map((l) => ({ ...l, cost: '0.00', stockMoveId: null })),
  );
  await writeAudit(tx, actor, {
    action: 'create',
    entity: 'quotation',
    entityId: id,
    after: {
      number: documentNumber(SALES_SERIES.quotation, no),
      customer: customer.customerNo,
      date: input.date,
      validUntil: input.validUntil,
      total: figures.total,
    },
  });
  return getSalesDocument({ tx, lang: actor.lang, id });
}

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** One click: the quotation's lines become a sales invoice (dated today unless given, due 30 days on) that names it. */
export async function convertQuotation(opts: { tx: Db; actor: Actor; id: number; input: z.output<typeof quotationConvertBody> }): Promise<SalesDocument> {
  const { tx, actor, id, input } = opts;
  const [q] = await queryRows<{ kind: string; status: string; customer_id: number; branch_id: number; valid_until: string }>(
    tx,
    sql`select kind, status, customer_id, branch_id, valid_until::text from sales_documents where id = ${id} for update`,
  );
  if (q?.kind !== 'quotation') throw notFound();
  if (q.status !== 'Open') throw new AppError(409, 'QUOTATION_USED', 'sales.quotationUsed');
  const date = input.date ?? new Date().toISOString().slice(0, 10);
  if (q.valid_until < date) throw new AppError(409, 'QUOTATION_EXPIRED', `sales.quotationExpired|${q.valid_until}`);
  const quotation = await getSalesDocument({ tx, lang: actor.lang, id });
  return createSale({
    tx,
    actor,
    input: {
      kind: 'invoice',
      customerId: Number(q.customer_id),
      date,
      dueDate: input.dueDate ?? addDays(date, 30),
      branchId: Number(q.branch_id),
      notes: quotation.notes,
      quotationId: id,
      lines: quotation.lines.map((l) => ({
        itemId: l.itemId ?? undefined,
        accountId: l.itemId ? undefined : (l.accountId ?? undefined),
        description: l.description,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        discountPercent: l.discountPercent,
        taxPercent: l.taxPercent,
      })),
    },
  });
}
