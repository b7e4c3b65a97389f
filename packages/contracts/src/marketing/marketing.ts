// Marketing (/marketing, the spec's `marketing` calls: findOne, report): market information, a record of a
// prospective customer or a site visit (name, phone, location, zone, interest, source, visit date, officer,
// notes, follow-up date, outcome). A prospect is converted into a customer with a house and meter in one
// step; it then shows the customer it became.
import { id, isoDate, listQuery, page, phone, trimmed, z } from '../common/validation.ts';
import { customerClass, optionalId } from '../billing/fields.ts';
import { meterDigits, meterNumber } from '../billing/houses.ts';
import { nullableText } from '../settings/fields.ts';
import { units } from '../billing/fields.ts';
import { rangeIsOrdered, rangeIsShortEnough, rangeIssue, rangeTooLongIssue } from '../finance-reports/common.ts';

export const prospectInterestValues = ['new-connection', 'upgrade', 'reconnection', 'commercial', 'other'] as const;
export type ProspectInterest = (typeof prospectInterestValues)[number];
export const prospectSourceValues = ['field-visit', 'walk-in', 'phone', 'referral', 'campaign', 'social-media', 'other'] as const;
export type ProspectSource = (typeof prospectSourceValues)[number];
/** Converted is set only by the conversion. */
export const prospectOutcomeValues = ['Open', 'Interested', 'NotInterested', 'Converted'] as const;
export type ProspectOutcome = (typeof prospectOutcomeValues)[number];
export const prospectEditableOutcomeValues = ['Open', 'Interested', 'NotInterested'] as const;

const blank = <T extends z.ZodTypeAny>(s: T) => s.optional().or(z.literal('').transform(() => undefined));

/** POST /api/marketing and PUT /api/marketing/:id. */
export const prospectBody = z.object({
  name: trimmed(200),
  phone,
  location: nullableText(500),
  zoneId: optionalId,
  interest: z.enum(prospectInterestValues),
  source: z.enum(prospectSourceValues),
  visitDate: isoDate,
  officerId: id,
  notes: nullableText(2000),
  followUpDate: blank(isoDate),
  outcome: z.enum(prospectEditableOutcomeValues).default('Open'),
});
export type ProspectBody = z.input<typeof prospectBody>;

/** POST /api/marketing/:id/convert: the customer and the house (with its meter) the prospect becomes. */
export const prospectConvertBody = z.object({
  customerClass,
  zoneId: id,
  houseNo: nullableText(60),
  address: nullableText(500),
  meterNumber,
  meterDigits,
  installationReading: units.default('0'),
  installationDate: isoDate,
});
export type ProspectConvertBody = z.input<typeof prospectConvertBody>;

export const prospect = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  location: z.string().nullable(),
  zoneId: z.number().int().nullable(),
  zoneName: z.string().nullable(),
  interest: z.enum(prospectInterestValues),
  source: z.enum(prospectSourceValues),
  visitDate: z.string(),
  officerId: z.number().int(),
  officerName: z.string(),
  notes: z.string().nullable(),
  followUpDate: z.string().nullable(),
  outcome: z.enum(prospectOutcomeValues),
  customerId: z.number().int().nullable(),
  customerNo: z.string().nullable(),
  customerName: z.string().nullable(),
  houseId: z.number().int().nullable(),
  convertedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Prospect = z.infer<typeof prospect>;

export const prospectListQuery = listQuery.extend({
  outcome: blank(z.enum(prospectOutcomeValues)),
  zoneId: optionalId,
  officerId: optionalId,
  source: blank(z.enum(prospectSourceValues)),
  from: blank(isoDate),
  to: blank(isoDate),
});
export type ProspectListQuery = z.input<typeof prospectListQuery>;
export const prospectPage = page(prospect);

export const prospectChoices = z.object({
  zones: z.array(z.object({ id: z.number().int(), name: z.string() })),
  officers: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ProspectChoices = z.infer<typeof prospectChoices>;

// GET /api/marketing/report: prospects visited in a period grouped by zone, officer, source or outcome,
// with how many were converted and the conversion rate (converted / prospects, percent to one decimal).
export const marketingReportGroupByValues = ['zone', 'officer', 'source', 'outcome'] as const;
export type MarketingReportGroupBy = (typeof marketingReportGroupByValues)[number];
export const marketingReportQuery = z
  .object({
    startDate: isoDate,
    endDate: isoDate,
    groupBy: z.enum(marketingReportGroupByValues).default('zone'),
  })
  .refine(rangeIsOrdered, rangeIssue)
  .refine(rangeIsShortEnough, rangeTooLongIssue);
export type MarketingReportQuery = z.input<typeof marketingReportQuery>;

export const marketingReportRow = z.object({
  key: z.string(),
  label: z.string(),
  prospects: z.number().int(),
  interested: z.number().int(),
  converted: z.number().int(),
  conversionRate: z.string(),
});
export type MarketingReportRow = z.infer<typeof marketingReportRow>;
export const marketingReport = z.object({
  startDate: z.string(),
  endDate: z.string(),
  groupBy: z.enum(marketingReportGroupByValues),
  rows: z.array(marketingReportRow),
  totals: marketingReportRow.omit({ key: true, label: true }),
});
export type MarketingReport = z.infer<typeof marketingReport>;

/** Converted out of prospects as a percentage with one decimal ("0.0" when there are none). */
export function conversionRate(converted: number, prospects: number): string {
  if (prospects === 0) return '0.0';
  return (Math.round((converted * 1000) / prospects) / 10).toFixed(1);
}
