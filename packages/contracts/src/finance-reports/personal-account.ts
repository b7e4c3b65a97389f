// GET /api/finance/reports/personalaccount (privilege account-transaction): every ledger line carrying one
// customer, vendor or employee, across accounts, with opening, running and closing balance.
import { isoDate, moneyTotal, z } from '../common/validation.ts';
import { accountType } from '../finance/accounts.ts';
import { partyType } from '../finance/journal.ts';
import { calendarDate } from '../settings/fields.ts';
import { rangeIsOrdered, rangeIssue } from './common.ts';

export const personalAccountQuery = z
  .object({
    partyType,
    partyId: z.coerce.number().int().positive().max(2147483647),
    startDate: calendarDate.optional(),
    endDate: calendarDate.optional(),
    _page: z.coerce.number().int().min(1).default(1),
    _limit: z.coerce.number().int().min(1).max(1000).default(100),
  })
  .refine(rangeIsOrdered, rangeIssue);
export type PersonalAccountQuery = z.infer<typeof personalAccountQuery>;

export const personalAccountLine = z.object({
  lineId: z.number().int(),
  entryId: z.number().int(),
  number: z.string(),
  date: isoDate,
  reference: z.string().nullable(),
  memo: z.string().nullable(),
  sourceType: z.string(),
  accountId: z.number().int(),
  accountCode: z.string(),
  accountName: z.string(),
  accountType,
  debit: moneyTotal,
  credit: moneyTotal,
  /** Running balance after this line, on the party's side (see balanceSide). */
  balance: moneyTotal,
});
export type PersonalAccountLine = z.infer<typeof personalAccountLine>;

export const personalAccount = z.object({
  party: z.object({ type: partyType, id: z.number().int(), name: z.string().nullable() }),
  /** debit: positive balance = the party owes the organisation (customers); credit: the organisation owes the party (vendors, employees). */
  balanceSide: z.enum(['debit', 'credit']),
  startDate: isoDate.nullable(),
  endDate: isoDate.nullable(),
  openingBalance: moneyTotal,
  lines: z.array(personalAccountLine),
  /** Totals of every line in the range (all pages). */
  totals: z.object({ debit: moneyTotal, credit: moneyTotal }),
  closingBalance: moneyTotal,
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type PersonalAccount = z.infer<typeof personalAccount>;
