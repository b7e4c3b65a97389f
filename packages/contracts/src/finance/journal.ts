// General journal: POST/GET /api/finance/transaction, GET /api/finance/transaction/:id,
// POST /api/finance/transaction/:id/reverse, and the journal report.
import { isoDate, listQuery, money, moneyTotal, optionalText, z, whenValid } from '../common/validation.ts';
import { accountId } from './accounts.ts';

/** A journal_entries.id (bigint, within JavaScript's exact integers). */
export const entryId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** A customer, vendor or employee id (PostgreSQL integer). */
const partyId = z.coerce.number().int().positive().max(2147483647);

export const partyTypeValues = ['customer', 'vendor', 'employee'] as const;
export const partyType = z.enum(partyTypeValues);
export type PartyType = (typeof partyTypeValues)[number];

/** An amount on a journal line; empty means zero. Sign and size rules are the ledger's (field errors). */
const lineAmount = z
  .union([money, z.literal('')])
  .optional()
  .transform((v) => (v === undefined || v === '' ? '0' : v));

export const journalLineInput = z.object({
  accountId,
  debit: lineAmount,
  credit: lineAmount,
  partyType: partyType.nullable().optional(),
  partyId: partyId.nullable().optional(),
  memo: optionalText(500),
});
export type JournalLineInput = z.input<typeof journalLineInput>;

export const journalBody = z.object({
  date: isoDate,
  memo: optionalText(1000),
  reference: optionalText(100),
  lines: z.array(journalLineInput).max(500),
});
export type JournalBody = z.infer<typeof journalBody>;
export type JournalBodyInput = z.input<typeof journalBody>;

export const reverseBody = z.object({
  /** Default: the date of the entry being reversed. */
  date: isoDate.optional(),
  memo: optionalText(1000),
});
export type ReverseBody = z.infer<typeof reverseBody>;

export const journalLine = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  accountCode: z.string(),
  accountName: z.string(),
  debit: moneyTotal,
  credit: moneyTotal,
  partyType: partyType.nullable(),
  partyId: z.number().int().nullable(),
  /** The party's name from its register (customers); null without a party or a register. */
  partyName: z.string().nullable(),
  memo: z.string().nullable(),
});
export type JournalLine = z.infer<typeof journalLine>;

const entryFields = {
  id: z.number().int(),
  series: z.string(),
  entryNo: z.number().int(),
  /** Series and number for display, e.g. JV-000042. */
  number: z.string(),
  date: isoDate,
  reference: z.string().nullable(),
  memo: z.string().nullable(),
  sourceType: z.string(),
  sourceId: z.number().int().nullable(),
  branchId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  total: moneyTotal,
  reversesId: z.number().int().nullable(),
  reversedById: z.number().int().nullable(),
  createdAt: z.string(),
};

export const journalEntrySummary = z.object(entryFields);
export type JournalEntrySummary = z.infer<typeof journalEntrySummary>;

export const journalEntry = z.object({ ...entryFields, lines: z.array(journalLine) });
export type JournalEntry = z.infer<typeof journalEntry>;

export const journalListQuery = listQuery
  .extend({
    startDate: isoDate.optional(),
    endDate: isoDate.optional(),
    accountId: accountId.optional(),
    sourceType: z.string().trim().max(40).optional(),
  })
  .refine((v) => !v.startDate || !v.endDate || v.startDate <= v.endDate, { ...whenValid('startDate', 'endDate'), path: ['endDate'], message: 'v.dateRange' });
export type JournalListQuery = z.infer<typeof journalListQuery>;

export const journalPage = z.object({
  data: z.array(journalEntrySummary),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type JournalPage = z.infer<typeof journalPage>;

/** The journal report: the same filters, each entry with its lines. */
export const journalReportPage = z.object({
  data: z.array(journalEntry),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type JournalReportPage = z.infer<typeof journalReportPage>;

export const entryIdParams = z.object({ id: entryId });
