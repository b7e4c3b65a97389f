// Zones (elc/zones): the areas a utility reads and bills together. Each belongs to a branch and may have
// a meter reader (a user of the organisation) who walks it.
import { id, page, trimmed, z } from '../common/validation.ts';
import { nullableText, referenceStatus } from '../settings/fields.ts';
import { billingListQuery, optionalId } from './fields.ts';

export const zoneBody = z.object({
  name: trimmed(120),
  branchId: id,
  description: nullableText(1000),
  meterReaderId: id
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
});
export type ZoneBody = z.input<typeof zoneBody>;

export const zone = z.object({
  id: z.number().int(),
  name: z.string(),
  branchId: z.number().int(),
  branchName: z.string(),
  description: z.string().nullable(),
  meterReaderId: z.number().int().nullable(),
  meterReaderName: z.string().nullable(),
  status: referenceStatus,
  /** Houses in the zone (any status). */
  houseCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Zone = z.infer<typeof zone>;

export const zoneSortable = ['id', 'name', 'status', 'createdAt', 'updatedAt'] as const;
export const zoneListQuery = billingListQuery(['Active', 'Inactive'] as const, zoneSortable).extend({
  branchId: optionalId,
  meterReaderId: optionalId,
});
export type ZoneListQuery = z.input<typeof zoneListQuery>;
export const zonePage = page(zone);

/**
 * GET /api/elc/zones/options: the zone pickers of the screens that work per zone (readings, bill runs,
 * SMS, billing reports), readable with any one of these privileges, not only list-zone.
 */
export const zonePickerPrivileges = [
  'list-zone',
  'list-house',
  'meter-reading',
  'batch-bill',
  'bill-sms',
  'send-sms',
  'customer-aging',
  'zone-summary',
  'unpaid-report',
  'customer-summary',
] as const;

/**
 * GET /api/elc/zones/choices: what the zone form offers, readable with list-zone alone (the branch and
 * user lists need their own privileges): the active branches and the users who can be meter readers.
 */
export const zoneChoices = z.object({
  branches: z.array(z.object({ id: z.number().int(), name: z.string() })),
  meterReaders: z.array(z.object({ id: z.number().int(), fullname: z.string(), status: z.string() })),
});
export type ZoneChoices = z.infer<typeof zoneChoices>;
