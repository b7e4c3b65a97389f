// Staff accounts of an organisation, managed by its administrators (settings > users; the spec's
// /admin, /admin/status, /admin/user, /admin/delete, served REST-style under /api/admin).
import { id, listQuery, okResponse, page, phone, userPassword, z } from '../common/validation.ts';
import { privilegeKeyList } from './roles.ts';

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const userStatusValues = ['Active', 'Disabled', 'Deleted'] as const;
export type UserStatus = (typeof userStatusValues)[number];

/** 3-50 letters, digits, dot, underscore or hyphen; unique per organisation regardless of case. */
export const usernameField = z
  .string()
  .trim()
  .min(3)
  .max(50)
  .regex(/^[A-Za-z0-9._-]+$/, 'user.usernameRule');

const userFields = {
  username: usernameField,
  fullname: z.string().trim().min(2).max(120),
  email: z.preprocess(blankToNull, z.email().max(200).nullable()).optional(),
  phone: z.preprocess(blankToNull, phone.nullable()).optional(),
  roleId: z.preprocess(blankToNull, id.nullable()).optional(),
  branchId: z.preprocess(blankToNull, id.nullable()).optional(),
  /** The user's class (user classes); without a roleId a new user takes the class's role. */
  userClassId: z.preprocess(blankToNull, id.nullable()).optional(),
};

/**
 * POST /api/admin. Without a password the server generates a temporary one and returns it once;
 * either way the user must choose a new password at first sign-in.
 */
export const createUserBody = z.object({
  ...userFields,
  isAdmin: z.boolean().default(false),
  extraPrivileges: privilegeKeyList.default([]),
  password: z.preprocess(blankToUndefined, userPassword.optional()),
});
export type CreateUserBody = z.infer<typeof createUserBody>;

/** PUT /api/admin/:id: the same fields except the password; an omitted optional field stays as it is. */
export const updateUserBody = z.object({
  ...userFields,
  isAdmin: z.boolean().optional(),
  extraPrivileges: privilegeKeyList.optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBody>;

/** PATCH /api/admin/:id/status. Deleting is DELETE /api/admin/:id. */
export const userStatusBody = z.object({ status: z.enum(['Active', 'Disabled']) });
export type UserStatusBody = z.infer<typeof userStatusBody>;

export const adminUser = z.object({
  id: z.number().int(),
  username: z.string(),
  fullname: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  isAdmin: z.boolean(),
  status: z.enum(userStatusValues),
  roleId: z.number().int().nullable(),
  roleName: z.string().nullable(),
  extraPrivileges: z.array(z.string()),
  branchId: z.number().int().nullable(),
  userClassId: z.number().int().nullable(),
  userClassName: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  mustChangePassword: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUser>;

/** The created user; temporaryPassword only when the server generated it (shown once, never stored). */
export const createdUser = adminUser.extend({ temporaryPassword: z.string().optional() });
export type CreatedUser = z.infer<typeof createdUser>;

export const passwordReset = okResponse.extend({ temporaryPassword: z.string() });
export type PasswordReset = z.infer<typeof passwordReset>;

export const userSortFields = ['username', 'fullname', 'status', 'lastLoginAt', 'createdAt'] as const;
/** Without status the list shows Active and Disabled users; status=Deleted shows the deleted ones. */
export const userListQuery = listQuery.extend({
  status: z.preprocess((v) => (v === '' || v === '0' ? undefined : v), z.enum(userStatusValues).optional()),
  roleId: z.preprocess((v) => (v === '' || v === '0' ? undefined : v), id.optional()),
  userClassId: z.preprocess((v) => (v === '' || v === '0' ? undefined : v), id.optional()),
  _sort: z.enum(userSortFields).optional(),
});
export type UserListQuery = z.infer<typeof userListQuery>;
export const adminUserList = page(adminUser);
