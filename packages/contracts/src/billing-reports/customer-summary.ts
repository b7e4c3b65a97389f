// GET /api/billing-reports/customer-summary (privilege customer-summary): per customer over a period,
// the balance before it, the bills, the payments, the other ledger movements (opening balances,
// transfers, cancelled payments, journals) and the balance at its end. opening + billed - paid +
// adjustments = closing, and opening and closing are the customer's receivable balances in the ledger.
import { moneyTotal, z } from '../common/validation.ts';
import { optionalId, queryBoolean } from '../billing/fields.ts';
import { customerStatusValues } from '../billing/customers.ts';
import { rangeIsOrdered, rangeIssue, requiredRange } from '../finance-reports/common.ts';
import { calendarDate } from '../settings/fields.ts';
import { pageFields, reportPaging, sortOrder } from './common.ts';

export const customerSummarySortValues = ['name', 'customerNo', 'closing'] as const;

export const customerSummaryQuery = z
  .object({
    ...requiredRange,
    zoneId: optionalId,
    status: z
      .union([z.enum(customerStatusValues), z.literal('0'), z.literal('')])
      .optional()
      .transform((v) => (v === '0' || v === '' ? undefined : (v as (typeof customerStatusValues)[number] | undefined))),
    includeZero: queryBoolean,
    ...reportPaging,
    _sort: z.enum(customerSummarySortValues).optional(),
    _order: sortOrder,
  })
  .refine(rangeIsOrdered, rangeIssue);
export type CustomerSummaryQuery = z.infer<typeof customerSummaryQuery>;

const figures = { opening: moneyTotal, billed: moneyTotal, paid: moneyTotal, adjustments: moneyTotal, closing: moneyTotal };

export const customerSummaryRow = z.object({
  customerId: z.number().int(),
  customerNo: z.string(),
  name: z.string(),
  status: z.enum(customerStatusValues),
  zoneName: z.string().nullable(),
  ...figures,
});
export type CustomerSummaryRow = z.infer<typeof customerSummaryRow>;

export const customerSummary = z.object({
  startDate: calendarDate,
  endDate: calendarDate,
  rows: z.array(customerSummaryRow),
  totals: z.object({ customers: z.number().int(), ...figures }),
  ...pageFields,
});
export type CustomerSummary = z.infer<typeof customerSummary>;
