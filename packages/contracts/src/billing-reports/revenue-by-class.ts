// GET /api/billing-reports/revenue-by-class (privilege revenue-by-class): the bills of a period (not
// cancelled, by bill date) per customer class of their tariff and per tariff: bills, customers,
// consumption, amount before tax, tax and amount.
import { isoDate, moneyTotal, z } from '../common/validation.ts';
import { customerClass, optionalId } from '../billing/fields.ts';
import { rangeIsOrdered, rangeIssue, requiredRange } from '../finance-reports/common.ts';
import { unitsText } from './common.ts';

export const revenueByClassQuery = z.object({ ...requiredRange, zoneId: optionalId }).refine(rangeIsOrdered, rangeIssue);
export type RevenueByClassQuery = z.infer<typeof revenueByClassQuery>;

const figures = {
  bills: z.number().int(),
  customers: z.number().int(),
  consumption: unitsText,
  subtotal: moneyTotal,
  tax: moneyTotal,
  amount: moneyTotal,
};

export const revenueByTariff = z.object({ tariffId: z.number().int(), name: z.string(), ...figures });
export type RevenueByTariff = z.infer<typeof revenueByTariff>;

export const revenueByClassRow = z.object({ customerClass, ...figures, tariffs: z.array(revenueByTariff) });
export type RevenueByClassRow = z.infer<typeof revenueByClassRow>;

export const revenueByClass = z.object({
  startDate: isoDate,
  endDate: isoDate,
  zoneId: z.number().int().nullable(),
  rows: z.array(revenueByClassRow),
  totals: z.object(figures),
});
export type RevenueByClass = z.infer<typeof revenueByClass>;
