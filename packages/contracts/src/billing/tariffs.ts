// Tariffs (elc/prices) and the pricing calculator (elc/pricing). A tariff is one effective-dated version
// of the price for a customer class, either class-wide or for one zone; versions of the same class and
// zone never overlap in time. Blocks are contiguous from 0 (see pricing.ts for how they are charged).
import { id, isoDate, listQuery, page, trimmed, z, whenValid } from '../common/validation.ts';
import { calendarDate, nullableText } from '../settings/fields.ts';
import { amount, customerClass, optionalId, percent, rate, units } from './fields.ts';
import { blockProblem, priceBreakdown } from './pricing.ts';

export const tariffBlockInput = z.object({
  from: units,
  to: units
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null))
    .transform((v) => v ?? null),
  rate,
});
export type TariffBlockInput = z.input<typeof tariffBlockInput>;

export const tariffBody = z
  .object({
    name: trimmed(120),
    customerClass,
    /** null: the class-wide tariff; a zone's own tariff wins over it. */
    zoneId: id
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    effectiveFrom: calendarDate,
    /** Last day the version applies (inclusive); null: open-ended. */
    effectiveTo: calendarDate
      .nullable()
      .optional()
      .or(z.literal('').transform(() => null))
      .transform((v) => v ?? null),
    serviceCharge: amount.default('0'),
    minimumCharge: amount.default('0'),
    taxPercent: percent.default('0'),
    description: nullableText(1000),
    blocks: z.array(tariffBlockInput).min(1).max(20),
  })
  .superRefine(
    (t, ctx) => {
      if (t.effectiveTo !== null && t.effectiveTo < t.effectiveFrom) {
        ctx.addIssue({ code: 'custom', path: ['effectiveTo'], message: 'v.dateRange' });
      }
    },
    whenValid('effectiveFrom', 'effectiveTo'),
  )
  .superRefine((t, ctx) => {
    const problem = blockProblem(t.blocks);
    if (problem) ctx.addIssue({ code: 'custom', path: ['blocks', problem.index, problem.field], message: problem.key });
  }, whenValid('blocks'));
export type TariffBody = z.input<typeof tariffBody>;
export type TariffInput = z.output<typeof tariffBody>;

export const tariffBlock = z.object({ from: z.string(), to: z.string().nullable(), rate: z.string() });
export type TariffBlock = z.infer<typeof tariffBlock>;

export const tariff = z.object({
  id: z.number().int(),
  name: z.string(),
  customerClass,
  zoneId: z.number().int().nullable(),
  zoneName: z.string().nullable(),
  effectiveFrom: z.string(),
  effectiveTo: z.string().nullable(),
  serviceCharge: z.string(),
  minimumCharge: z.string(),
  taxPercent: z.string(),
  description: z.string().nullable(),
  blocks: z.array(tariffBlock),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Tariff = z.infer<typeof tariff>;

export const tariffSortable = ['id', 'name', 'customerClass', 'effectiveFrom', 'createdAt'] as const;
export const tariffListQuery = listQuery.omit({ status: true }).extend({
  _sort: z.enum(tariffSortable).optional(),
  customerClass: customerClass.optional().or(z.literal('').transform(() => undefined)),
  zoneId: optionalId,
  /** Only the versions in force on this date. */
  activeOn: isoDate.optional(),
});
export type TariffListQuery = z.input<typeof tariffListQuery>;
export const tariffPage = page(tariff);

/** POST /api/elc/pricing: a tariff by id, or the one that applies to a class (and zone) on a date. */
export const pricingBody = z
  .object({
    tariffId: id.optional(),
    customerClass: customerClass.optional(),
    zoneId: id.nullable().optional(),
    date: calendarDate.optional(),
    consumption: units,
  })
  .superRefine(
    (b, ctx) => {
      if (b.tariffId !== undefined) return;
      if (!b.customerClass) ctx.addIssue({ code: 'custom', path: ['customerClass'], message: 'v.required' });
      if (!b.date) ctx.addIssue({ code: 'custom', path: ['date'], message: 'v.required' });
    },
    whenValid('tariffId', 'customerClass', 'date'),
  );
export type PricingBody = z.input<typeof pricingBody>;

export const pricingResult = priceBreakdown.extend({
  tariff: z.object({
    id: z.number().int(),
    name: z.string(),
    customerClass,
    zoneId: z.number().int().nullable(),
    effectiveFrom: z.string(),
    effectiveTo: z.string().nullable(),
  }),
});
export type PricingResult = z.infer<typeof pricingResult>;
