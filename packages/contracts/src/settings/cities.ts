// Cities of the organisation (settings/list-cities): a name unique per organisation and a region.
import { page, trimmed, z } from '../common/validation.ts';
import { nullableText, referenceListQuery, referenceStatus } from './fields.ts';

export const cityBody = z.object({ name: trimmed(120), region: nullableText(120) });
export type CityBody = z.input<typeof cityBody>;

export const city = z.object({
  id: z.number().int(),
  name: z.string(),
  region: z.string().nullable(),
  status: referenceStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type City = z.infer<typeof city>;

export const citySortable = ['id', 'name', 'region', 'status', 'createdAt', 'updatedAt'] as const;
export const cityListQuery = referenceListQuery(citySortable);
export type CityListQuery = z.input<typeof cityListQuery>;
export const cityPage = page(city);
