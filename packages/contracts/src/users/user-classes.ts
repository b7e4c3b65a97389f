// User classes (settings > user classes, privilege user-classes; the spec's privilege list names them):
// kinds of staff (cashier, meter reader, billing officer, accountant, HR officer, ...), each presetting
// the role a new user of the class gets and the dashboard they start on. A user has at most one class;
// the users list filters by it.
import { id, page, trimmed, z } from '../common/validation.ts';
import { nullableText, referenceListQuery, referenceStatus } from '../settings/fields.ts';

export const dashboardKindValues = ['general', 'cashier', 'meter-reader', 'billing', 'accounts', 'hr'] as const;
export type DashboardKind = (typeof dashboardKindValues)[number];

const blankToNull = (v: unknown) => (v === '' || v === 0 || v === '0' ? null : v);

export const userClassBody = z.object({
  name: trimmed(120),
  description: nullableText(5000),
  roleId: z.preprocess(blankToNull, id.nullable()).optional(),
  dashboard: z.enum(dashboardKindValues).default('general'),
});
export type UserClassBody = z.input<typeof userClassBody>;

export const userClass = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  roleId: z.number().int().nullable(),
  dashboard: z.enum(dashboardKindValues),
  status: referenceStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserClass = z.infer<typeof userClass>;

export const userClassSortable = ['id', 'name', 'dashboard', 'status', 'createdAt', 'updatedAt'] as const;
export const userClassListQuery = referenceListQuery(userClassSortable);
export type UserClassListQuery = z.input<typeof userClassListQuery>;
export const userClassPage = page(userClass);
