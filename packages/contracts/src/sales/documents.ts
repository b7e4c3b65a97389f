// Sales documents (issue 14): quotation, sales invoice, sales receipt (cash sale) and sales return. Their
// lines are the trade lines every trade document shares (trade/lines.ts: one rounding rule for server,
// web preview and PDF). A quotation posts nothing; an invoice makes the customer owe (a receivable open
// item); a cash sale is paid at once into a cash, bank or mobile-money account; a return brings goods back
// and credits the customer (a credit note) or refunds them from an account.
import { id, isoDate, listQuery, moneyTotal, page, trimmed, whenValid, z } from '../common/validation.ts';
import { optionalId } from '../billing/fields.ts';
import { positiveQuantity } from '../items/items.ts';
import { nullableText } from '../settings/fields.ts';
import { tradeLine, tradeLineBody } from '../trade/lines.ts';

export const salesKindValues = ['quotation', 'invoice', 'receipt', 'return'] as const;
export type SalesKind = (typeof salesKindValues)[number];
/** Document number series: quotations QT-000001, invoices SI-, cash sales CS-, returns SRT-. */
export const SALES_SERIES = { quotation: 'QT', invoice: 'SI', receipt: 'CS', return: 'SRT' } as const satisfies Record<SalesKind, string>;

/** Stored statuses: a quotation is Open, Accepted (converted) or Cancelled; the others Posted or Cancelled. */
export const salesStatusValues = ['Open', 'Accepted', 'Posted', 'Cancelled'] as const;
/** What lists and pages show: a quotation past its validity is Expired; an invoice Unpaid, PartlyPaid, Paid or Overdue. */
export const salesShownStatusValues = ['Open', 'Accepted', 'Expired', 'Posted', 'Unpaid', 'PartlyPaid', 'Paid', 'Overdue', 'Cancelled'] as const;
export type SalesShownStatus = (typeof salesShownStatusValues)[number];

export const MAX_SALES_LINES = 200;
const lines = z.array(tradeLineBody).min(1, 'sales.linesRequired').max(MAX_SALES_LINES);
const notes = nullableText(1000);

export const salesInvoiceBody = z
  .object({
    customerId: id,
    date: isoDate,
    dueDate: isoDate,
    /** The branch whose stock the goods leave. */
    branchId: id,
    notes,
    /** The quotation this invoice comes from (set by converting it). */
    quotationId: optionalId,
    lines,
  })
  .refine((b) => b.dueDate >= b.date, { ...whenValid('date', 'dueDate'), path: ['dueDate'], message: 'sales.dueBeforeDate' });
export type SalesInvoiceBody = z.input<typeof salesInvoiceBody>;

export const salesReceiptBody = z.object({
  /** None: the organisation's walk-in customer. */
  customerId: optionalId,
  date: isoDate,
  branchId: id,
  /** The cash, bank or mobile-money account the money is received into. */
  accountId: id,
  reference: nullableText(100),
  notes,
  lines,
});
export type SalesReceiptBody = z.input<typeof salesReceiptBody>;

export const quotationBody = z
  .object({
    customerId: id,
    date: isoDate,
    validUntil: isoDate,
    branchId: id,
    notes,
    lines,
  })
  .refine((b) => b.validUntil >= b.date, { ...whenValid('date', 'validUntil'), path: ['validUntil'], message: 'sales.validBeforeDate' });
export type QuotationBody = z.input<typeof quotationBody>;

/** Converting a quotation: the invoice's date and due date (default today and 30 days on). */
export const quotationConvertBody = z
  .object({ date: isoDate.optional(), dueDate: isoDate.optional() })
  .refine((b) => !b.date || !b.dueDate || b.dueDate >= b.date, { ...whenValid('date', 'dueDate'), path: ['dueDate'], message: 'sales.dueBeforeDate' });
export type QuotationConvertBody = z.input<typeof quotationConvertBody>;

export const salesReturnBody = z.object({
  /** The invoice or cash sale the goods come back from. */
  saleId: id,
  date: isoDate,
  /** A cash sale's refund is paid from this account (cash, bank or mobile money); an invoice's return is a credit note. */
  refundAccountId: optionalId,
  reason: nullableText(500),
  lines: z
    .array(z.object({ position: z.coerce.number().int().min(1).max(MAX_SALES_LINES), quantity: positiveQuantity }))
    .min(1, 'sales.linesRequired')
    .max(MAX_SALES_LINES),
});
export type SalesReturnBody = z.input<typeof salesReturnBody>;

export const salesCancelBody = z.object({ reason: trimmed(500) });
export type SalesCancelBody = z.input<typeof salesCancelBody>;

export const salesLine = tradeLine.extend({
  /** Value at cost of the stock the line moved (0 for services and free lines). */
  cost: moneyTotal,
  /** A sale's line: the quantity returned so far. A return's line: the sale's line it returns (position). */
  returnedQuantity: z.string().nullable(),
  salePosition: z.number().int().nullable(),
});
export type SalesLine = z.infer<typeof salesLine>;

const docRef = z.object({ id: z.number().int(), number: z.string() }).nullable();

export const salesDocument = z.object({
  id: z.number().int(),
  kind: z.enum(salesKindValues),
  number: z.string(),
  customerId: z.number().int(),
  customerNo: z.string(),
  customerName: z.string(),
  customerPhone: z.string(),
  walkIn: z.boolean(),
  date: z.string(),
  dueDate: z.string().nullable(),
  validUntil: z.string().nullable(),
  branchId: z.number().int().nullable(),
  branchName: z.string().nullable(),
  accountId: z.number().int().nullable(),
  accountName: z.string().nullable(),
  reference: z.string().nullable(),
  notes: z.string().nullable(),
  /** An invoice's quotation; a quotation's invoice; a return's sale. */
  quotation: docRef,
  invoice: docRef,
  sale: z.object({ id: z.number().int(), number: z.string(), kind: z.enum(salesKindValues) }).nullable(),
  subtotal: moneyTotal,
  discount: moneyTotal,
  tax: moneyTotal,
  total: moneyTotal,
  cost: moneyTotal,
  /** An invoice: what payments and credit notes settled; a cash sale: the total. */
  paid: moneyTotal,
  balance: moneyTotal,
  status: z.enum(salesStatusValues),
  shownStatus: z.enum(salesShownStatusValues),
  journalEntryId: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  lines: z.array(salesLine),
});
export type SalesDocument = z.infer<typeof salesDocument>;
export const salesDocumentRow = salesDocument.omit({ lines: true });
export type SalesDocumentRow = z.infer<typeof salesDocumentRow>;

export const salesListQuery = listQuery.extend({
  customerId: optionalId,
  branchId: optionalId,
  status: z
    .union([z.enum(salesShownStatusValues), z.literal(''), z.literal('0')])
    .optional()
    .transform((v) => (v === '' || v === '0' ? undefined : v)),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type SalesListQuery = z.input<typeof salesListQuery>;
export const salesDocumentPage = page(salesDocumentRow);

/** What the sales forms choose from: items with their prices and stock, branches, income and receiving accounts. */
export const salesChoices = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      name: z.string(),
      kind: z.string(),
      salePrice: z.string(),
      taxPercent: z.string(),
      unitName: z.string().nullable(),
      /** On hand per branch id (stocked goods). */
      onHand: z.record(z.string(), z.string()),
    }),
  ),
  branches: z.array(z.object({ id: z.number().int(), name: z.string() })),
  incomeAccounts: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
  receivingAccounts: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
  walkInCustomerId: z.number().int().nullable(),
});
export type SalesChoices = z.infer<typeof salesChoices>;

/** Customers to sell to: active ones matching the text (name, number or phone), the first 20. */
export const salesCustomerQuery = z.object({ q: z.string().trim().max(100).optional() });
export const salesCustomers = z.object({
  data: z.array(z.object({ id: z.number().int(), customerNo: z.string(), name: z.string(), phone: z.string(), balance: moneyTotal })),
});
export type SalesCustomer = z.infer<typeof salesCustomers>['data'][number];

/** Sales documents a return may be made against (posted invoices and cash sales of a customer, or by number). */
export const returnableSalesQuery = z.object({ q: z.string().trim().max(100).optional(), customerId: optionalId });
export const returnableSales = z.object({ data: z.array(salesDocumentRow) });
