// GET /api/billing-reports/received-payments (privilege received-payments): the customer payments
// (receipts) of a period that are not cancelled, with the part allocated to bills, filtered by the
// account the money went to, the method, the customer's zone or the customer; totals by account and by
// method.
import { isoDate, moneyTotal, z } from '../common/validation.ts';
import { optionalId } from '../billing/fields.ts';
import { rangeIsOrdered, rangeIssue, requiredRange } from '../finance-reports/common.ts';
import { pageFields, receiptMethod, receiptMethodFilter, reportPaging } from './common.ts';

export const receivedPaymentsQuery = z
  .object({
    ...requiredRange,
    accountId: optionalId,
    method: receiptMethodFilter,
    zoneId: optionalId,
    customerId: optionalId,
    ...reportPaging,
  })
  .refine(rangeIsOrdered, rangeIssue);
export type ReceivedPaymentsQuery = z.infer<typeof receivedPaymentsQuery>;

export const receivedPaymentRow = z.object({
  paymentId: z.number().int(),
  receiptNo: z.string(),
  date: isoDate,
  customerId: z.number().int(),
  customerNo: z.string(),
  name: z.string(),
  zoneName: z.string().nullable(),
  method: receiptMethod,
  accountId: z.number().int(),
  accountCode: z.string(),
  accountName: z.string(),
  reference: z.string().nullable(),
  amount: moneyTotal,
  allocated: moneyTotal,
  unallocated: moneyTotal,
});
export type ReceivedPaymentRow = z.infer<typeof receivedPaymentRow>;

export const receivedPayments = z.object({
  startDate: isoDate,
  endDate: isoDate,
  rows: z.array(receivedPaymentRow),
  totals: z.object({ payments: z.number().int(), amount: moneyTotal, allocated: moneyTotal, unallocated: moneyTotal }),
  byAccount: z.array(z.object({ accountId: z.number().int(), code: z.string(), name: z.string(), payments: z.number().int(), amount: moneyTotal })),
  byMethod: z.array(z.object({ method: receiptMethod, payments: z.number().int(), amount: moneyTotal })),
  ...pageFields,
});
export type ReceivedPayments = z.infer<typeof receivedPayments>;
