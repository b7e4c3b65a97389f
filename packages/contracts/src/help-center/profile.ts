// The signed-in user's own profile screen (/users/profile): name, phone, e-mail, signature image (the spec's
// dashboard/upload-signature, stored in `files` and printed on the cheques and payment vouchers the user
// signs), language and theme. The password changes through authEndpoints.changePassword.
import { endpoint } from '../common/endpoint.ts';
import { noNul, phone, z } from '../common/validation.ts';

export const userLangs = ['en', 'so'] as const;
export const userThemes = ['light', 'dark'] as const;

export const myProfile = z.object({
  id: z.number().int(),
  username: z.string(),
  fullname: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  lang: z.enum(userLangs).nullable(),
  theme: z.enum(userThemes).nullable(),
  hasSignature: z.boolean(),
});
export type MyProfile = z.infer<typeof myProfile>;

export const myProfileBody = z.object({
  fullname: noNul(z.string({ error: 'v.required' }))
    .trim()
    .min(2)
    .max(120),
  email: z
    .union([z.email('v.email').max(200), z.literal('')])
    .nullable()
    .optional(),
  phone: z
    .union([phone, z.literal('')])
    .nullable()
    .optional(),
  lang: z.enum(userLangs).nullable().optional(),
  theme: z.enum(userThemes).nullable().optional(),
});
export type MyProfileBody = z.infer<typeof myProfileBody>;

export const profileEndpoints = {
  get: endpoint({ method: 'GET', path: '/api/users/profile', response: myProfile }),
  update: endpoint({ method: 'PUT', path: '/api/users/profile', body: myProfileBody, response: myProfile }),
  /** Multipart: one image (field `file`), PNG, JPEG or WebP. */
  uploadSignature: endpoint({ method: 'POST', path: '/api/dashboard/upload-signature', consumes: ['multipart/form-data'], response: myProfile }),
  removeSignature: endpoint({ method: 'DELETE', path: '/api/dashboard/upload-signature', response: myProfile }),
  signature: endpoint({ method: 'GET', path: '/api/users/profile/signature', produces: ['image/png', 'image/jpeg', 'image/webp'] }),
};

// The navbar bell: what waits for the signed-in user, gathered from every module that contributes.
export const bellItem = z.object({
  key: z.string(),
  id: z.string(),
  text: z.string(),
  /** The web route that opens it (hash path). */
  path: z.string(),
  at: z.string().nullable(),
});
export type BellItem = z.infer<typeof bellItem>;
export const bellSummary = z.object({
  count: z.number().int(),
  groups: z.array(z.object({ key: z.string(), count: z.number().int(), marksSeen: z.boolean(), items: z.array(bellItem) })),
});
export type BellSummary = z.infer<typeof bellSummary>;
export const bellSeenBody = z.object({
  key: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[a-z0-9.-]+$/, 'v.invalid'),
});

export const bellEndpoints = {
  summary: endpoint({ method: 'GET', path: '/api/notifications', response: bellSummary }),
  /** Marks a kind as seen now (where a kind has a "since last seen"). */
  seen: endpoint({ method: 'POST', path: '/api/notifications/seen', body: bellSeenBody, response: bellSummary }),
};
