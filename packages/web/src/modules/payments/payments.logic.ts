// The payments screens' arithmetic and conversions, kept out of the components so they can be tested:
// the allocation table (proposed oldest first, edited by hand, checked), the form values to the API's
// body, the batch grid's rows, and the receiving account's method. Money stays in decimal.js.
import Decimal from 'decimal.js';
import {
  type AllocationInput,
  type AllocationPreview,
  type BatchMatchedRow,
  type CustomerLookup,
  type CustomerOpenBill,
  type CustomerOpenItem,
  type ManualReceiptNumber,
  type PaymentBody,
  type PaymentInput,
  type paymentBody,
  type ReceivingAccount,
  proposeAllocation,
  type z,
} from '@ubo/contracts';

export const AMOUNT_PATTERN = /^\d{1,14}(\.\d{1,2})?$/;

/** A decimal from a typed amount, or null when it is not one (empty, letters, three decimals). */
export function amountOf(text: string | null | undefined): Decimal | null {
  const t = (text ?? '').trim();
  return AMOUNT_PATTERN.test(t) ? new Decimal(t) : null;
}

export interface AllocationState {
  /** What the cashier puts on each bill (texts as typed), by bill id. */
  amounts: Record<number, string>;
  /** True once a bill's amount was typed by hand: the amount no longer re-proposes. */
  isManual: boolean;
}

/** The oldest-first proposal of `amount` over the open bills, as texts per bill. */
export function proposed(bills: readonly CustomerOpenBill[], amount: string): Record<number, string> {
  const valid = amountOf(amount);
  const { amounts } = proposeAllocation(
    bills.map((b) => b.open),
    valid ? valid.toFixed(2) : '0',
  );
  return Object.fromEntries(bills.map((b, i) => [b.billId, new Decimal(amounts[i]).isZero() ? '' : amounts[i]]));
}

export interface AllocationCheck {
  allocated: Decimal;
  /** amount - allocated (negative when more is allocated than received). */
  creditLeft: Decimal;
  /** Message keys per bill id for amounts that are not valid or exceed the bill. */
  errors: Record<number, string>;
  /** The table as a whole: more allocated than received. */
  isOverAllocated: boolean;
}

export function checkAllocation(bills: readonly CustomerOpenBill[], amounts: Record<number, string>, amount: string): AllocationCheck {
  const errors: Record<number, string> = {};
  let allocated = new Decimal(0);
  for (const b of bills) {
    const text = amounts[b.billId]?.trim() ?? '';
    if (text === '') continue;
    const d = amountOf(text);
    if (!d) errors[b.billId] = 'v.money';
    else if (d.gt(b.open)) errors[b.billId] = 'payments.receive.overBill';
    else allocated = allocated.plus(d);
  }
  const received = amountOf(amount) ?? new Decimal(0);
  return { allocated, creditLeft: received.minus(allocated), errors, isOverAllocated: allocated.gt(received) };
}

/** The Receive payment form: the contracts' paymentBody as typed (ids are null until chosen; allocations come from the table). */
export type ReceiveFormValues = z.input<typeof paymentBody>;

export const emptyReceipt = (date: string, account?: ReceivingAccount): ReceiveFormValues => ({
  customerId: null,
  amount: '',
  date,
  accountId: account?.id ?? null,
  method: account?.method ?? 'cash',
  reference: '',
  memo: '',
});

/**
 * The allocation table's rows: every open charge of the customer (bills, sales invoices, an opening
 * balance, a transfer received), oldest first as payments pay them, keyed by its open item id. A bill
 * keeps its period and its bill id (sent as billId); other charges are sent by open item.
 */
export type ChargeRow = CustomerOpenBill & { kind: string; realBillId: number | null };
export function chargeRows(preview: { openBills: readonly CustomerOpenBill[]; openItems: readonly CustomerOpenItem[] } | undefined): ChargeRow[] {
  if (!preview) return [];
  const bills = new Map(preview.openBills.map((b) => [b.number, b]));
  return preview.openItems.map((it) => {
    const bill = it.kind === 'bill' ? bills.get(it.number) : undefined;
    return {
      billId: it.openItemId,
      number: it.number,
      period: bill?.period ?? '',
      billDate: it.date,
      dueDate: it.dueDate,
      amount: it.amount,
      paidAmount: it.settled,
      open: it.open,
      kind: it.kind,
      realBillId: bill?.billId ?? null,
    };
  });
}

/** The POST body from the checked form: allocations only when the cashier changed the proposal (else the server proposes the same, oldest first). */
export function toPaymentBody(values: PaymentInput, allocation: AllocationState, bills: readonly CustomerOpenBill[]): PaymentBody {
  const allocations: AllocationInput[] | undefined = allocation.isManual
    ? bills
        .map((b) => {
          const amount = (amountOf(allocation.amounts[b.billId]) ?? new Decimal(0)).toFixed(2);
          // A charge row names its bill by bill id, any other charge by its open item.
          if (!('realBillId' in b)) return { billId: b.billId, amount };
          const row = b as ChargeRow;
          return row.realBillId !== null ? { billId: row.realBillId, amount } : { openItemId: row.billId, amount };
        })
        .filter((a) => new Decimal(a.amount).gt(0))
    : undefined;
  const { allocations: _typed, ...fields } = values;
  // The schema keeps an empty text as '' (the server reads both the same); the screen always sent none.
  return {
    ...fields,
    amount: new Decimal(values.amount).toFixed(2),
    reference: values.reference || undefined,
    memo: values.memo || undefined,
    ...(allocations ? { allocations } : {}),
  };
}

/** ?customerId of the Receive payment address (the customer page's link): a positive whole id, else null. */
export function preselectedCustomerId(params: URLSearchParams): number | null {
  const raw = params.get('customerId');
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2147483647 ? id : null;
}

/** The picker's value for a customer known by id: their allocation preview names them (no search made). */
export const lookupOfPreview = (preview: Pick<AllocationPreview, 'customer' | 'balance'>): CustomerLookup => ({
  ...preview.customer,
  meterNumbers: [],
  balance: preview.balance,
});

/** The default receiving account: the first cash account, else the first one. */
export function defaultAccount(accounts: readonly ReceivingAccount[]): ReceivingAccount | undefined {
  return accounts.find((a) => a.subtype === 'cash') ?? accounts[0];
}

// ---- Batch receive -------------------------------------------------------------------------------

export interface GridRow {
  reference: string;
  customer: string;
  amount: string;
  /** The collector's receipt book: series and number of the leaf written (both empty: none). */
  series: string;
  receiptNo: string;
  date: string;
}

export const emptyGridRow = (date: string, series = '', receiptNo = ''): GridRow => ({ reference: '', customer: '', amount: '', series, receiptNo, date });

/** The row Enter adds after `last`: its date and book series, and the next leaf of the book when `last` has a number. */
export function nextGridRow(last: GridRow, defaultDate: string): GridRow {
  const no = last.receiptNo.trim();
  const next = /^\d{1,9}$/.test(no) && Number(no) < 999999999 ? String(Number(no) + 1) : '';
  return emptyGridRow(last.date || defaultDate, last.series.trim(), next);
}

/** A row where nothing but the date was typed. */
export const isBlankGridRow = (r: GridRow) => !r.reference.trim() && !r.customer.trim() && !r.amount.trim() && !r.series.trim() && !r.receiptNo.trim();

/** What the match is sent of a grid row (the receipt number is not matched: it goes with the save). */
export const matchRow = (r: GridRow) => ({ reference: r.reference, customer: r.customer, amount: r.amount, date: r.date });

/** The manual receipt number of a typed row, as the save body carries it (undefined when none was typed). */
export function gridReceipt(r: GridRow | undefined): ManualReceiptNumber | undefined {
  if (!r) return undefined;
  const series = r.series.trim();
  const number = r.receiptNo.trim();
  if (!series && !number) return undefined;
  return { series, number: /^\d+$/.test(number) ? Number(number) : (number as unknown as number) };
}

/** The grid's rows worth matching (a row with nothing typed is left out). */
export const filledRows = (rows: readonly GridRow[]) => rows.filter((r) => r.reference.trim() || r.customer.trim() || r.amount.trim());

/** A matched row and the customer the user chose for it (unmatched rows), and whether it is saved. */
export interface BatchDecision {
  customerId: number | null;
  include: boolean;
}

/** The starting decision of each matched row: matched rows are in; the rest wait for the user or stay out. */
export function initialDecisions(rows: readonly BatchMatchedRow[]): BatchDecision[] {
  return rows.map((r) => ({ customerId: r.customer?.id ?? null, include: r.status === 'matched' }));
}

/** Whether a row can be saved at all: duplicates and invalid rows never; unmatched ones once a customer is chosen. */
export const isSavable = (row: BatchMatchedRow, decision: BatchDecision) =>
  (row.status === 'matched' || row.status === 'unmatched') && decision.customerId !== null;

export function batchTotals(rows: readonly BatchMatchedRow[], decisions: readonly BatchDecision[]) {
  let count = 0;
  let total = new Decimal(0);
  let waiting = 0;
  rows.forEach((r, i) => {
    const d = decisions[i];
    if (!d) return;
    if (r.status === 'unmatched' && d.customerId === null) waiting += 1;
    if (d.include && isSavable(r, d)) {
      count += 1;
      total = total.plus(amountOf(r.amount) ?? 0);
    }
  });
  return { count, total, waiting };
}

/** The rows to save, each with the index of the matched row it came from (to put server errors back). */
export function batchRows(
  rows: readonly BatchMatchedRow[],
  decisions: readonly BatchDecision[],
  /** The receipt number typed for a matched row (by its position in the rows sent), if any. */
  receiptOf: (row: number) => ManualReceiptNumber | undefined = () => undefined,
) {
  const out: Array<{ customerId: number; amount: string; date: string; reference: string; manualReceiptNumber?: ManualReceiptNumber }> = [];
  const rowOf: number[] = [];
  rows.forEach((r, i) => {
    const d = decisions[i];
    if (!d?.include || !isSavable(r, d)) return;
    const manualReceiptNumber = receiptOf(r.row);
    out.push({
      customerId: d.customerId as number,
      amount: r.amount,
      date: r.date,
      reference: r.reference,
      ...(manualReceiptNumber ? { manualReceiptNumber } : {}),
    });
    rowOf.push(i);
  });
  return { rows: out, rowOf };
}
