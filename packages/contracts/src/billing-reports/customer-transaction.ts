// GET /api/billing-reports/customer-transaction (privilege customer-transaction): one customer's
// statement read from the ledger (the receivable account's lines carrying the customer): the balance
// before the range, each bill, payment, cancellation, transfer and adjustment with a running balance,
// and the closing balance. Lines name their document (bill or receipt number) and describe it.
import { isoDate, moneyTotal, z } from '../common/validation.ts';
import { customerClass } from '../billing/fields.ts';
import { rangeIsOrdered, rangeIssue } from '../finance-reports/common.ts';
import { calendarDate } from '../settings/fields.ts';
import { pageFields, queryId, reportPaging } from './common.ts';

export const customerTransactionQuery = z
  .object({
    customerId: queryId,
    startDate: calendarDate.optional(),
    endDate: calendarDate.optional(),
    ...reportPaging,
  })
  .refine(rangeIsOrdered, rangeIssue);
export type CustomerTransactionQuery = z.infer<typeof customerTransactionQuery>;

export const statementLineKindValues = ['bill', 'payment', 'reversal', 'transfer', 'opening', 'journal', 'invoice', 'creditNote', 'cashSale', 'other'] as const;
export type StatementLineKind = (typeof statementLineKindValues)[number];

export const customerStatementLine = z.object({
  lineId: z.number().int(),
  entryId: z.number().int(),
  date: isoDate,
  kind: z.enum(statementLineKindValues),
  /** The journal entry's number (JV-000042). */
  number: z.string(),
  /** The document's number: bill B-000042, receipt RC-000007, or the entry's reference. */
  document: z.string().nullable(),
  description: z.string(),
  debit: moneyTotal,
  credit: moneyTotal,
  /** What the customer owes after this line (negative: the customer is in credit). */
  balance: moneyTotal,
});
export type CustomerStatementLine = z.infer<typeof customerStatementLine>;

export const customerTransaction = z.object({
  customer: z.object({
    id: z.number().int(),
    customerNo: z.string(),
    name: z.string(),
    phone: z.string(),
    customerClass,
    zoneName: z.string().nullable(),
  }),
  startDate: isoDate.nullable(),
  endDate: isoDate.nullable(),
  openingBalance: moneyTotal,
  lines: z.array(customerStatementLine),
  /** Totals of every line in the range (all pages). */
  totals: z.object({ debit: moneyTotal, credit: moneyTotal }),
  closingBalance: moneyTotal,
  ...pageFields,
});
export type CustomerTransaction = z.infer<typeof customerTransaction>;
