// Branches of the organisation (elc/branches): users, cash and documents belong to one. The last
// active branch can be neither deleted nor made inactive.
import { page, trimmed, z } from '../common/validation.ts';
import { nullablePhone, nullableText, referenceListQuery, referenceStatus } from './fields.ts';

export const branchBody = z.object({ name: trimmed(120), address: nullableText(500), phone: nullablePhone });
export type BranchBody = z.input<typeof branchBody>;

export const branch = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  status: referenceStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Branch = z.infer<typeof branch>;

export const branchSortable = ['id', 'name', 'status', 'createdAt', 'updatedAt'] as const;
export const branchListQuery = referenceListQuery(branchSortable);
export type BranchListQuery = z.input<typeof branchListQuery>;
export const branchPage = page(branch);
