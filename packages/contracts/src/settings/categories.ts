// Item categories (settings/list-category): a name unique per organisation and a description.
import { page, trimmed, z } from '../common/validation.ts';
import { nullableText, referenceListQuery, referenceStatus } from './fields.ts';

export const categoryBody = z.object({ name: trimmed(120), description: nullableText(5000) });
export type CategoryBody = z.input<typeof categoryBody>;

export const category = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  status: referenceStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Category = z.infer<typeof category>;

export const categorySortable = ['id', 'name', 'status', 'createdAt', 'updatedAt'] as const;
export const categoryListQuery = referenceListQuery(categorySortable);
export type CategoryListQuery = z.input<typeof categoryListQuery>;
export const categoryPage = page(category);
