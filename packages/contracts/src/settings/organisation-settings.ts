// The organisation's settings as the screens read them (spec section 7: elc/settings, elc/settings/config,
// elc/profile). Read-only views over the company profile and the books' settings; each is changed on its own screen.
import { z } from '../common/validation.ts';
import { companyProfile } from './company.ts';

/** What every screen needs to know about the organisation's configuration. */
export const organisationConfig = z.object({
  currency: z.string(),
  /** Entries dated on or before it are refused (null: none). */
  lockDate: z.string().nullable(),
  /** The largest amount one posted document may carry (decimal string). */
  maxDocumentAmount: z.string(),
  languages: z.array(z.enum(['en', 'so'])),
  defaultPageSize: z.number().int(),
  subscriptionExpiresOn: z.string().nullable(),
});
export type OrganisationConfig = z.infer<typeof organisationConfig>;

export const organisationSettings = z.object({
  company: companyProfile,
  config: organisationConfig,
});
export type OrganisationSettings = z.infer<typeof organisationSettings>;

/** The organisation's public face: what any signed-in user may see of it (headers, footers, receipts). */
export const organisationPublicProfile = z.object({
  code: z.number().int(),
  name: z.string(),
  shortCode: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  contactPhone: z.string().nullable(),
  logoUrl: z.string().nullable(),
});
export type OrganisationPublicProfile = z.infer<typeof organisationPublicProfile>;
