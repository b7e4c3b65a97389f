// Vendors (elc/vendors): the organisation's suppliers. Who the vendor is and how it is paid; what is owed
// to it is the ledger's payable lines naming it (the party subledger's open items of party_type 'vendor'
// on the payable account 2010). An opening balance is posted once: payable credit against the opening
// balance equity account, an open charge of kind 'opening' that payments settle oldest first.
import { id, isoDate, moneyTotal, optionalText, page, whenValid, z } from '../common/validation.ts';
import { amount, billingListQuery, optionalId } from '../billing/fields.ts';
import { accountRef } from '../treasury/fields.ts';
import { calendarDate, nullableEmail, nullableText, referenceStatus } from '../settings/fields.ts';

/** The vendor register's own series: V-0001, V-0002, ... */
export const VENDOR_SERIES = 'V';
export const vendorNumber = (no: number) => `${VENDOR_SERIES}-${String(no).padStart(4, '0')}`;

const optionalAccount = id
  .nullable()
  .optional()
  .or(z.literal('').transform(() => null));

export const vendorBody = z
  .object({
    /** Blank: the next number of the series (V-0001). */
    number: optionalText(40),
    name: z.string().trim().min(1).max(160),
    contactPerson: nullableText(120),
    phone: nullableText(40).pipe(
      z
        .string()
        .regex(/^[+\d][\d\s\-().]{2,39}$/, 'v.phone')
        .nullable(),
    ),
    email: nullableEmail,
    address: nullableText(500),
    taxNumber: nullableText(60),
    paymentTermsDays: z.coerce.number({ error: 'v.invalid' }).int('v.invalid').min(0, 'v.invalid').max(3650, 'v.invalid').default(30),
    defaultExpenseAccountId: optionalAccount,
    /** What the organisation owed the vendor when it started; posted once, then fixed. */
    openingBalance: amount.default('0'),
    openingDate: calendarDate.optional().or(z.literal('').transform(() => undefined)),
    notes: nullableText(1000),
  })
  .superRefine(
    (v, ctx) => {
      if (!/^[0.]+$/.test(v.openingBalance) && !v.openingDate) ctx.addIssue({ code: 'custom', path: ['openingDate'], message: 'vendors.openingDateRequired' });
    },
    whenValid('openingBalance', 'openingDate'),
  );
export type VendorBody = z.input<typeof vendorBody>;
export type VendorInput = z.output<typeof vendorBody>;

export const vendor = z.object({
  id: z.number().int(),
  number: z.string(),
  name: z.string(),
  contactPerson: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  taxNumber: z.string().nullable(),
  paymentTermsDays: z.number().int(),
  defaultExpenseAccount: accountRef.nullable(),
  openingBalance: z.string(),
  openingDate: isoDate.nullable(),
  /** The opening balance is posted (it cannot change any more). */
  openingPosted: z.boolean(),
  notes: z.string().nullable(),
  status: referenceStatus,
  /** What the organisation owes the vendor today (negative: the vendor owes us, an overpayment). */
  balance: moneyTotal,
  /** The vendor's unsettled open charges (bills, opening balance). */
  openBills: moneyTotal,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Vendor = z.infer<typeof vendor>;

export const vendorSortable = ['number', 'name', 'status', 'balance', 'createdAt'] as const;
export const vendorListQuery = billingListQuery(['Active', 'Inactive'] as const, vendorSortable).extend({
  /** Only vendors we owe something (balance above zero). */
  owing: z
    .enum(['true', 'false', ''])
    .optional()
    .transform((v) => v === 'true'),
});
export type VendorListQuery = z.input<typeof vendorListQuery>;
export const vendorPage = page(vendor).extend({ totalBalance: moneyTotal });

const accountOption = z.object({ id: z.number().int(), code: z.string(), name: z.string(), subtype: z.string() });
export const vendorOption = z.object({ id: z.number().int(), number: z.string(), name: z.string(), status: referenceStatus, balance: moneyTotal });
export type VendorOption = z.infer<typeof vendorOption>;

/** GET /api/elc/vendors/choices: the pickers (vendors to choose, expense accounts of the form) and the next number. */
export const vendorChoices = z.object({
  vendors: z.array(vendorOption),
  expenseAccounts: z.array(accountOption),
  nextNumber: z.string(),
});
export type VendorChoices = z.infer<typeof vendorChoices>;

/** One unsettled payable item of a vendor (a bill, the opening balance), oldest first. */
export const vendorOpenBill = z.object({
  openItemId: z.number().int(),
  kind: z.string(),
  number: z.string(),
  date: isoDate,
  dueDate: isoDate,
  amount: moneyTotal,
  settled: moneyTotal,
  open: moneyTotal,
  /** Days past due today (0 when not yet due). */
  daysOverdue: z.number().int(),
});
export type VendorOpenBill = z.infer<typeof vendorOpenBill>;

export const vendorOpenBillsQuery = z.object({ vendorId: id });
export const vendorOpenBills = z.object({
  vendor: vendorOption,
  bills: z.array(vendorOpenBill),
  openTotal: moneyTotal,
  /** Waiting credit: unallocated rests of payments (the vendor's debit balance). */
  credit: moneyTotal,
  balance: moneyTotal,
});
export type VendorOpenBills = z.infer<typeof vendorOpenBills>;

export const vendorLineKindValues = ['opening', 'bill', 'payment', 'return', 'reversal', 'other'] as const;
export type VendorLineKind = (typeof vendorLineKindValues)[number];

export const vendorLedgerLine = z.object({
  lineId: z.number().int(),
  entryId: z.number().int(),
  date: isoDate,
  kind: z.enum(vendorLineKindValues),
  /** The journal entry's number (JV-000042). */
  number: z.string(),
  /** The document's number (PV-000003, the bill's number) or the entry's reference. */
  document: z.string().nullable(),
  vendorId: z.number().int(),
  vendorNumber: z.string(),
  vendorName: z.string(),
  description: z.string(),
  debit: moneyTotal,
  credit: moneyTotal,
  /** What is owed after this line (negative: the vendor owes us). */
  balance: moneyTotal,
});
export type VendorLedgerLine = z.infer<typeof vendorLedgerLine>;

const rangeFields = {
  startDate: calendarDate.optional().or(z.literal('').transform(() => undefined)),
  endDate: calendarDate.optional().or(z.literal('').transform(() => undefined)),
  _page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  _limit: z.coerce.number().int().min(1).max(1000).default(100),
};
const ordered = (v: { startDate?: string; endDate?: string }) => !v.startDate || !v.endDate || v.startDate <= v.endDate;
const orderIssue = { path: ['endDate'], message: 'v.dateRange', ...whenValid('startDate', 'endDate') };

/** GET /api/elc/vendors/:id/transaction: one vendor's statement. */
export const vendorStatementQuery = z.object(rangeFields).refine(ordered, orderIssue);
export type VendorStatementQuery = z.input<typeof vendorStatementQuery>;

/** The vendor-transaction report: one vendor (vendorId) or every vendor. */
export const vendorTransactionQuery = z.object({ vendorId: optionalId, ...rangeFields }).refine(ordered, orderIssue);
export type VendorTransactionQuery = z.input<typeof vendorTransactionQuery>;

export const vendorTransaction = z.object({
  vendor: vendorOption.nullable(),
  startDate: isoDate.nullable(),
  endDate: isoDate.nullable(),
  openingBalance: moneyTotal,
  lines: z.array(vendorLedgerLine),
  totals: z.object({ debit: moneyTotal, credit: moneyTotal }),
  closingBalance: moneyTotal,
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type VendorTransaction = z.infer<typeof vendorTransaction>;

/** The vendor summary: per vendor over a period, and its ageing as at the period's end. */
export const vendorSummaryQuery = z
  .object({
    startDate: calendarDate.optional().or(z.literal('').transform(() => undefined)),
    /** The ageing's date too; default today. */
    endDate: calendarDate.optional().or(z.literal('').transform(() => undefined)),
    status: z
      .union([referenceStatus, z.literal('0'), z.literal('')])
      .optional()
      .transform((v) => (v === '0' || v === '' ? undefined : v)),
    /** Leave out vendors with nothing in the period and no balance. */
    hideZero: z
      .enum(['true', 'false', ''])
      .optional()
      .transform((v) => v === 'true'),
  })
  .refine(ordered, orderIssue);
export type VendorSummaryQuery = z.input<typeof vendorSummaryQuery>;

export const vendorSummaryFigures = ['opening', 'billed', 'paid', 'closing', 'current', 'd1_30', 'd31_60', 'd61_90', 'over90', 'unallocated'] as const;
export type VendorSummaryFigure = (typeof vendorSummaryFigures)[number];
const figures = Object.fromEntries(vendorSummaryFigures.map((f) => [f, moneyTotal])) as Record<VendorSummaryFigure, typeof moneyTotal>;

export const vendorSummaryRow = z.object({ vendorId: z.number().int(), number: z.string(), name: z.string(), status: referenceStatus, ...figures });
export type VendorSummaryRow = z.infer<typeof vendorSummaryRow>;
export const vendorSummary = z.object({
  startDate: isoDate.nullable(),
  endDate: isoDate,
  rows: z.array(vendorSummaryRow),
  totals: z.object({ vendors: z.number().int(), ...figures }),
});
export type VendorSummary = z.infer<typeof vendorSummary>;

/** GET /api/elc/vendor-payments/vendors: the vendors the Pay bill screen offers (with their balance). */
export const vendorOptionList = z.object({ data: z.array(vendorOption) });
