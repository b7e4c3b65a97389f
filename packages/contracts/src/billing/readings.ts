// Meter readings (elc/reads): one reading per house per billing period (a meter replacement adds the old
// meter's final reading beside it). Consumption is computed by the server: across a register rollover
// when the meter wraps, from the house's (else the zone's) average for an estimate. Zero, negative and
// spike (more than three times the house's average) consumption must be confirmed by the person entering it.
import { id, listQuery, page, z } from '../common/validation.ts';
import { calendarDate, nullableText } from '../settings/fields.ts';
import { choice, optionalId, period, queryBoolean, units } from './fields.ts';
import { meterNumber } from './houses.ts';

export const readingTypeValues = ['regular', 'estimated', 'correction', 'final'] as const;
export const readingType = choice(readingTypeValues);
export type ReadingType = (typeof readingTypeValues)[number];
/** The types a reader enters; `final` is written by a meter replacement only. */
export const enteredReadingType = choice(['regular', 'estimated', 'correction']);
export type EnteredReadingType = z.infer<typeof enteredReadingType>;

export const readingFlagValues = ['zero', 'spike', 'negative', 'rollover'] as const;
export const readingFlag = z.enum(readingFlagValues);
export type ReadingFlag = (typeof readingFlagValues)[number];
/** Flags that need `confirmed: true`; `rollover` is information only. */
export const flagsNeedingConfirmation: readonly ReadingFlag[] = ['zero', 'spike', 'negative'];

const readingFields = {
  period,
  readingDate: calendarDate,
  type: enteredReadingType.default('regular'),
  /** The register's value; left out for an estimated reading (the server computes it). */
  currentReading: units.optional().or(z.literal('').transform(() => undefined)),
  confirmed: z.boolean().optional(),
  note: nullableText(500),
};

export const readingBody = z.object({ houseId: id, ...readingFields });
export type ReadingBody = z.input<typeof readingBody>;
export type ReadingInput = z.output<typeof readingBody>;

/** PUT /api/elc/reads/:id: the house and period stay; the rest is re-checked. */
export const readingUpdateBody = z.object({
  readingDate: calendarDate,
  type: enteredReadingType.default('regular'),
  currentReading: units.optional().or(z.literal('').transform(() => undefined)),
  confirmed: z.boolean().optional(),
  note: nullableText(500),
});
export type ReadingUpdateBody = z.input<typeof readingUpdateBody>;

export const readingBatchBody = z.object({ rows: z.array(readingBody).min(1).max(2000) });
export type ReadingBatchBody = z.input<typeof readingBatchBody>;

export const reading = z.object({
  id: z.number().int(),
  houseId: z.number().int(),
  houseNo: z.string().nullable(),
  customerId: z.number().int(),
  customerNo: z.string(),
  customerName: z.string(),
  zoneId: z.number().int(),
  zoneName: z.string(),
  meterId: z.number().int(),
  meterNumber: z.string(),
  period: z.string(),
  readingDate: z.string(),
  type: readingType,
  previousReading: z.string(),
  previousDate: z.string(),
  currentReading: z.string(),
  /** Negative only for a correction below the previous reading (a credit for the bill run). */
  consumption: z.string(),
  isRollover: z.boolean(),
  flags: z.array(readingFlag),
  confirmedBy: z.number().int().nullable(),
  confirmedByName: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  note: z.string().nullable(),
  billedBillId: z.number().int().nullable(),
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Reading = z.infer<typeof reading>;

export const readingSortable = ['id', 'period', 'readingDate', 'consumption', 'meterNumber', 'createdAt'] as const;
export const readingListQuery = listQuery.omit({ status: true }).extend({
  _sort: z.enum(readingSortable).optional(),
  period: period.optional().or(z.literal('').transform(() => undefined)),
  zoneId: optionalId,
  houseId: optionalId,
  customerId: optionalId,
  type: readingType.optional().or(z.literal('').transform(() => undefined)),
  /** Only readings with a flag. */
  flagged: queryBoolean,
  /** true: not yet billed; false: billed. */
  pending: queryBoolean,
});
export type ReadingListQuery = z.input<typeof readingListQuery>;
export const readingPage = page(reading);

export const pendingReadingsQuery = listQuery.omit({ status: true, _sort: true, _order: true }).extend({
  period: period.optional().or(z.literal('').transform(() => undefined)),
  zoneId: optionalId,
});
export type PendingReadingsQuery = z.input<typeof pendingReadingsQuery>;

export const readingSheetQuery = z.object({ period, zoneId: id });
export type ReadingSheetQuery = z.input<typeof readingSheetQuery>;

export const readingSheetRow = z.object({
  houseId: z.number().int(),
  houseNo: z.string().nullable(),
  address: z.string().nullable(),
  customerId: z.number().int(),
  customerNo: z.string(),
  customerName: z.string(),
  meterId: z.number().int(),
  meterNumber: z.string(),
  meterDigits: z.number().int(),
  /** The baseline the period's reading is compared with (last reading, else the meter's installation). */
  previousReading: z.string(),
  previousDate: z.string(),
  previousPeriod: z.string().nullable(),
  /** The house's average consumption over its last 3 readings before the period; null without history. */
  averageConsumption: z.string().nullable(),
  /** The period's reading when already entered. */
  reading: z
    .object({
      id: z.number().int(),
      currentReading: z.string(),
      readingDate: z.string(),
      type: readingType,
      consumption: z.string(),
      flags: z.array(readingFlag),
      billed: z.boolean(),
    })
    .nullable(),
});
export type ReadingSheetRow = z.infer<typeof readingSheetRow>;

export const readingSheet = z.object({
  period: z.string(),
  zoneId: z.number().int(),
  zoneName: z.string(),
  /** The zone's average consumption over the 3 periods before this one; the estimate when a house has none. */
  zoneAverageConsumption: z.string().nullable(),
  rows: z.array(readingSheetRow),
});
export type ReadingSheet = z.infer<typeof readingSheet>;

export const readingBatchResult = z.object({ saved: z.number().int(), data: z.array(reading) });
export type ReadingBatchResult = z.infer<typeof readingBatchResult>;

/** CSV import: ?commit=true saves the valid rows; without it the file is only checked (preview). */
export const readingImportQuery = z.object({ commit: queryBoolean });

export const readingImportRow = z.object({
  /** 1-based line of the file (the header is line 1). */
  line: z.number().int(),
  meterNumber: z.string(),
  period: z.string(),
  ok: z.boolean(),
  saved: z.boolean(),
  houseId: z.number().int().nullable(),
  readingId: z.number().int().nullable(),
  previousReading: z.string().nullable(),
  currentReading: z.string().nullable(),
  consumption: z.string().nullable(),
  flags: z.array(readingFlag),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type ReadingImportRow = z.infer<typeof readingImportRow>;

export const readingImportResult = z.object({
  committed: z.boolean(),
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  saved: z.number().int(),
  rows: z.array(readingImportRow),
});
export type ReadingImportResult = z.infer<typeof readingImportResult>;

/** One CSV row before checking; the column names of the file. */
export const readingImportLine = z.object({
  meterNumber,
  period,
  reading: units.optional().or(z.literal('').transform(() => undefined)),
  date: calendarDate,
  type: enteredReadingType.optional().or(z.literal('').transform(() => undefined)),
  confirmed: queryBoolean,
  note: nullableText(500),
});
export type ReadingImportLine = z.output<typeof readingImportLine>;
