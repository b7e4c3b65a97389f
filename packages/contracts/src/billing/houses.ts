// Houses and meters (elc/houses): a connection point of a customer in a zone with one installed meter at
// a time. Replacing a meter closes the old one with its final reading and keeps it in the history.
import { id, page, z, whenValid } from '../common/validation.ts';
import { calendarDate, nullableText } from '../settings/fields.ts';
import { billingListQuery, choice, customerClass, optionalId, period, units } from './fields.ts';

export const houseStatusValues = ['Connected', 'Disconnected'] as const;
export const houseStatus = choice(houseStatusValues);
export type HouseStatus = (typeof houseStatusValues)[number];

/** Letters, digits and - / . _ : a meter's serial as printed on it. */
export const meterNumber = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9][A-Za-z0-9\-/._]*$/, 'v.meterNumber');
/** Digits on the meter's register (4-9): the reading wraps to 0 after 10^digits - 1. */
export const meterDigits = z.coerce.number().int().min(4).max(9);

export const houseBody = z
  .object({
    customerId: id,
    zoneId: id,
    houseNo: nullableText(60),
    address: nullableText(500),
    /** Overrides the customer's class for this house's tariff. */
    tariffClass: customerClass
      .nullable()
      .optional()
      .or(z.literal('').transform(() => null))
      .transform((v) => v ?? null),
    meterNumber,
    meterDigits,
    installationReading: units.default('0'),
    installationDate: calendarDate,
  })
  .superRefine(
    (h, ctx) => {
      if (!h.houseNo && !h.address) ctx.addIssue({ code: 'custom', path: ['houseNo'], message: 'house.numberOrAddress' });
    },
    whenValid('houseNo', 'address'),
  );
export type HouseBody = z.input<typeof houseBody>;
export type HouseInput = z.output<typeof houseBody>;

export const houseStatusBody = z.object({ status: houseStatus, reason: nullableText(500) });
export type HouseStatusBody = z.input<typeof houseStatusBody>;

export const replaceMeterBody = z.object({
  date: calendarDate,
  /** The billing period of the old meter's final reading; default: the month of `date`. */
  period: period.optional(),
  oldFinalReading: units,
  newMeterNumber: meterNumber,
  newInitialReading: units.default('0'),
  digits: meterDigits,
  /** Needed when the final reading shows zero or unusually high consumption. */
  confirmed: z.boolean().optional(),
  note: nullableText(500),
});
export type ReplaceMeterBody = z.input<typeof replaceMeterBody>;

export const meter = z.object({
  id: z.number().int(),
  meterNumber: z.string(),
  digits: z.number().int(),
  initialReading: z.string(),
  installedOn: z.string(),
  removedOn: z.string().nullable(),
  finalReading: z.string().nullable(),
});
export type Meter = z.infer<typeof meter>;

export const house = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  customerNo: z.string(),
  customerName: z.string(),
  customerClass,
  zoneId: z.number().int(),
  zoneName: z.string(),
  houseNo: z.string().nullable(),
  address: z.string().nullable(),
  tariffClass: customerClass.nullable(),
  /** The class its tariff is looked up with: the override, else the customer's class. */
  effectiveClass: customerClass,
  status: houseStatus,
  meterId: z.number().int(),
  meterNumber: z.string(),
  meterDigits: z.number().int(),
  installationReading: z.string(),
  installationDate: z.string(),
  /** The tariff that applies to the house today (its effective class in its zone), null when none does. */
  tariffId: z.number().int().nullable(),
  tariffName: z.string().nullable(),
  /** The latest reading of the installed meter; null before its first one (the baseline is the installation reading). */
  lastReading: z.object({ period: z.string(), readingDate: z.string(), currentReading: z.string(), consumption: z.string(), type: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type House = z.infer<typeof house>;

/** A connection or disconnection as the log sheet recorded it, newest first. */
export const houseStatusChange = z.object({
  at: z.string(),
  status: z.string(),
  reason: z.string().nullable(),
  username: z.string().nullable(),
});
export type HouseStatusChange = z.infer<typeof houseStatusChange>;

export const houseDetail = house.extend({ meters: z.array(meter), statusHistory: z.array(houseStatusChange) });
export type HouseDetail = z.infer<typeof houseDetail>;

export const houseSortable = ['id', 'houseNo', 'meterNumber', 'customerName', 'status', 'createdAt'] as const;
export const houseListQuery = billingListQuery(houseStatusValues, houseSortable).extend({
  zoneId: optionalId,
  customerId: optionalId,
});
export type HouseListQuery = z.input<typeof houseListQuery>;
export const housePage = page(house);
export const houseCount = z.object({ total: z.number().int() });
