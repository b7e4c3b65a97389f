// The organisation's own profile (settings/company-profile): shown on documents, the footer and the
// expired screen. The sign-in code and the subscription are the operator's and are read-only here.
import { phone, trimmed, z } from '../common/validation.ts';
import { nullableEmail, nullablePhone, nullableText, nullableUrl } from './fields.ts';

export const companyProfile = z.object({
  id: z.number().int(),
  code: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  currency: z.string(),
  contactPhone: z.string().nullable(),
  billingCode: z.string().nullable(),
  shortCode: z.string().nullable(),
  logoFileId: z.string().nullable(),
  /** GET this (with the bearer token) for the image; null when there is none. */
  logoUrl: z.string().nullable(),
  signatureFileId: z.string().nullable(),
  signatureUrl: z.string().nullable(),
  subscriptionExpiresOn: z.string().nullable(),
  updatedAt: z.string(),
});
export type CompanyProfile = z.infer<typeof companyProfile>;

export const updateCompanyBody = z.object({
  name: trimmed(200),
  address: trimmed(500),
  phone: trimmed(30).pipe(phone),
  email: nullableEmail,
  website: nullableUrl,
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'v.currency'),
  contactPhone: nullablePhone,
  billingCode: nullableText(50),
  shortCode: nullableText(50),
});
export type UpdateCompanyBody = z.input<typeof updateCompanyBody>;

/** The images a company profile holds; each is uploaded as multipart field `file`. */
export const companyImageKinds = ['logo', 'signature'] as const;
export type CompanyImageKind = (typeof companyImageKinds)[number];

/** Accepted image types, recognised by their first bytes (the declared type is not trusted). */
export const imageMimeTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
