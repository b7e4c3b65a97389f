// Sign-in, profile, logout and change-password payloads (spec sections 3, 5 and 7).
import { INT_MAX, z, whenValid } from '../common/validation.ts';
import { dashboardKindValues } from '../users/user-classes.ts';

export const loginBody = z.object({
  username: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(200),
  code: z
    .union([
      z.number().int().min(0).max(INT_MAX),
      z
        .string()
        .trim()
        .regex(/^\d{1,9}$/, 'v.number'),
    ])
    .transform((v) => Number(v)),
  /** The device token an earlier sign-in of this user on this browser handed out (see loginUser.device). */
  device: z.string().max(200).optional(),
});
export type LoginBody = z.input<typeof loginBody>;

export const loginUser = z.object({
  fullname: z.string(),
  billing_code: z.string().nullable(),
  code: z.number().int(),
  username: z.string(),
  signature: z.string().nullable(),
  client_name: z.string(),
  privileges: z.array(z.string()),
  isAdmin: z.boolean(),
  token: z.string(),
  /** Kept by the browser and sent with the next sign-in: lets this user past locks others caused. */
  device: z.string().optional(),
});
export type LoginUser = z.infer<typeof loginUser>;

export const profile = z.object({
  id: z.number().int(),
  fullname: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  signature: z.string().nullable(),
  billing_code: z.string().nullable(),
  code: z.number().int(),
  client_name: z.string(),
  clientName: z.string(),
  clientCode: z.number().int(),
  branchId: z.number().int().nullable(),
  privileges: z.array(z.string()),
  isAdmin: z.boolean(),
  mustChangePassword: z.boolean(),
  /** The dashboard the user starts on, preset by their user class ('general' without one). */
  dashboard: z.enum(dashboardKindValues),
  route: z.string().optional(),
});
export type Profile = z.infer<typeof profile>;

/**
 * GET /api/auth/validatetoken: whether the token in the Authorization header would be accepted now and
 * until when (the earlier of the token's own expiry and its session's), read without touching the session.
 * `reason` says why not: missing or malformed token, expired, signed out (revoked), user disabled.
 */
export const tokenValidity = z.object({
  valid: z.boolean(),
  expiresAt: z.string().nullable(),
  reason: z.enum(['missing', 'invalid', 'expired', 'revoked', 'disabled']).optional(),
  mustChangePassword: z.boolean().optional(),
  subscriptionExpired: z.boolean().optional(),
});
export type TokenValidity = z.infer<typeof tokenValidity>;

export const updateProfileBody = z.object({
  fullname: z.string().trim().min(2).max(120),
  signature: z.string().trim().max(200).nullable().optional(),
  email: z
    .union([z.email().max(200), z.literal('')])
    .nullable()
    .optional(),
  phone: z.string().trim().max(30).nullable().optional(),
});

export const changePasswordBody = z
  .object({
    /** The password in use now (the temporary one after a reset): a stolen token alone cannot change it. */
    currentPassword: z.string().min(1).max(200),
    newPassword: z.string().min(1).min(8, 'password.min8').max(100),
    confirmPassword: z.string().min(1),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    ...whenValid('newPassword', 'confirmPassword'),
    path: ['confirmPassword'],
    message: 'password.mismatch',
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const expiredInfo = z.object({
  clientName: z.string(),
  clientCode: z.number().int(),
  shortCode: z.string().nullable(),
  contactPhone: z.string().nullable(),
  expiresOn: z.string().nullable(),
  isAdmin: z.boolean(),
  payments: z.array(z.object({ name: z.string(), bill_amount: z.string(), bill_date: z.string(), expire_date: z.string() })).optional(),
});
export type ExpiredInfo = z.infer<typeof expiredInfo>;
