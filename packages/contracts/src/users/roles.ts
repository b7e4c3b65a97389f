// Roles and the privilege catalogue screen (settings > roles; spec section 7: /roles and /roles/modules).
// A role is a named set of catalogue keys; users get a role plus optional extra keys.
import { id, listQuery, page, z } from '../common/validation.ts';
import { isPrivilegeKey, privilegeGroups, privileges, type PrivilegeGroup } from '../privileges.ts';

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/**
 * Privilege keys from the catalogue, de-duplicated and sorted. An unknown key fails the whole list
 * (field = the list) with 'v.privilege', so a multi-select form shows the error on its own control.
 */
export const privilegeKeyList = z
  .array(z.string().max(80))
  .max(500)
  .refine((keys) => keys.every(isPrivilegeKey), { message: 'v.privilege' })
  .transform((keys) => [...new Set(keys)].sort());

export const roleName = z.string().trim().min(2).max(100);

/** POST /api/roles and PUT /api/roles/:id; PUT replaces the role's privilege list. */
export const roleInput = z.object({
  name: roleName,
  description: z.preprocess(blankToNull, z.string().trim().max(500).nullable()).optional(),
  privileges: privilegeKeyList.default([]),
});
export type RoleInput = z.infer<typeof roleInput>;

export const roleRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  privileges: z.array(z.string()),
  /** Users holding the role, deleted users not counted. */
  userCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RoleRecord = z.infer<typeof roleRecord>;

export const roleSortFields = ['name', 'userCount', 'createdAt'] as const;
export const roleListQuery = listQuery.extend({ _sort: z.enum(roleSortFields).optional() });
export type RoleListQuery = z.infer<typeof roleListQuery>;
export const roleList = page(roleRecord);

/** A required id from JSON or a query string: a missing one reads 'v.required' rather than 'v.number'. */
const requiredId = z.preprocess((v, ctx) => {
  if (v === undefined || v === null || v === '') ctx.issues.push({ code: 'custom', message: 'v.required', input: v, continue: false });
  return v;
}, id);

/** POST /api/roles/modules adds the keys to the role; DELETE /api/roles/modules removes them. */
export const rolePrivilegesChange = z.object({
  roleId: requiredId,
  privileges: privilegeKeyList.refine((keys) => keys.length > 0, { message: 'v.required' }),
});
export type RolePrivilegesChange = z.infer<typeof rolePrivilegesChange>;

/** DELETE /api/roles/modules may carry its input in the query: ?roleId=3&privileges=a&privileges=b (or a,b). */
export const rolePrivilegesChangeQuery = z.object({
  roleId: z.string().max(20).optional(),
  privileges: z.union([z.string().max(20000), z.array(z.string().max(80)).max(500)]).optional(),
});

export const privilegeCatalogueGroup = z.object({
  group: z.string(),
  en: z.string(),
  so: z.string(),
  privileges: z.array(z.object({ key: z.string(), en: z.string(), so: z.string() })),
});
export const privilegeCatalogue = z.array(privilegeCatalogueGroup);
export type PrivilegeCatalogue = z.infer<typeof privilegeCatalogue>;

/** The catalogue grouped for the role editor, groups in catalogue order. */
export function groupedPrivileges(): PrivilegeCatalogue {
  return (Object.keys(privilegeGroups) as PrivilegeGroup[])
    .map((group) => ({
      group,
      en: privilegeGroups[group].en,
      so: privilegeGroups[group].so,
      privileges: privileges.filter((p) => p.group === group).map((p) => ({ key: p.key, en: p.en, so: p.so })),
    }))
    .filter((g) => g.privileges.length > 0);
}
