// Field schemas shared by the treasury contracts (transfers, cheques, closing).
import Decimal from 'decimal.js';
import { MONEY_PATTERN, money, z } from '../common/validation.ts';
import { calendarDate } from '../settings/fields.ts';

/** A money amount greater than zero ('1250.50'). */
export const positiveAmount = money.refine((v) => !MONEY_PATTERN.test(v) || new Decimal(v).gt(0), { message: 'v.positive' });

/** An account shown with a document: id, code and name in the caller's language. */
export const accountRef = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type AccountRef = z.infer<typeof accountRef>;

/** Cancelling or voiding a document: the reversing entry's date (default: the document's) and a reason. */
export const reversalBody = z.object({
  date: calendarDate.optional(),
  reason: z
    .string()
    .trim()
    .max(500)
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type ReversalBody = z.infer<typeof reversalBody>;

/** An empty form value ('' or null) is "not given". */
export const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
