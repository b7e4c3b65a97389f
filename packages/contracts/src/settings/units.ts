// Units of measure (settings/list-unit): a name unique per organisation and an abbreviation (kWh, m³).
import { page, trimmed, z } from '../common/validation.ts';
import { nullableText, referenceListQuery, referenceStatus } from './fields.ts';

export const unitBody = z.object({ name: trimmed(120), abbreviation: nullableText(20) });
export type UnitBody = z.input<typeof unitBody>;

export const unit = z.object({
  id: z.number().int(),
  name: z.string(),
  abbreviation: z.string().nullable(),
  status: referenceStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Unit = z.infer<typeof unit>;

export const unitSortable = ['id', 'name', 'abbreviation', 'status', 'createdAt', 'updatedAt'] as const;
export const unitListQuery = referenceListQuery(unitSortable);
export type UnitListQuery = z.input<typeof unitListQuery>;
export const unitPage = page(unit);
