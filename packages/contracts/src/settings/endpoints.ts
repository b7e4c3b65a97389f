// Settings endpoints: the company profile with its images, the subscription, the reference lists
// (cities, categories, units; branches are the organisations module's), the stored files and the log
// sheet. The server serves them (modules/settings, organisations, files, audit-log); the web calls them
// with api.call.
import { endpoint } from '../common/endpoint.ts';
import { okResponse, page, z } from '../common/validation.ts';
import { transactionFileMimes } from '../treasury/attachments.ts';
import { branch, branchBody, branchListQuery } from './branches.ts';
import { category, categoryBody, categoryListQuery } from './categories.ts';
import { city, cityBody, cityListQuery } from './cities.ts';
import { unit, unitBody, unitListQuery } from './units.ts';
import { companyProfile, imageMimeTypes, updateCompanyBody } from './company.ts';
import { idParams, referenceStatusBody } from './fields.ts';
import { logSheetEntry, logSheetPage, logSheetParams, logSheetQuery } from './log-sheet.ts';
import { subscriptionInfo } from './subscription.ts';
import { organisationConfig, organisationPublicProfile, organisationSettings } from './organisation-settings.ts';

/** The log sheet: the organisation's audit trail, read-only (privilege list-log-sheet). */
export const logSheetEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/log-sheet', query: logSheetQuery, response: logSheetPage }),
  get: endpoint({ method: 'GET', path: '/api/log-sheet/:id', params: logSheetParams, response: logSheetEntry }),
};

/** The organisation's own profile and its two images (multipart field `file`; privilege company-profile). */
export const companyEndpoints = {
  get: endpoint({ method: 'GET', path: '/api/elc/settings/company', response: companyProfile }),
  update: endpoint({ method: 'PUT', path: '/api/elc/settings/company', body: updateCompanyBody, response: companyProfile }),
  uploadLogo: endpoint({ method: 'POST', path: '/api/elc/settings/company/logo', consumes: ['multipart/form-data'], response: companyProfile }),
  removeLogo: endpoint({ method: 'DELETE', path: '/api/elc/settings/company/logo', response: companyProfile }),
  uploadSignature: endpoint({
    method: 'POST',
    path: '/api/elc/settings/company/signature',
    consumes: ['multipart/form-data'],
    response: companyProfile,
  }),
  removeSignature: endpoint({ method: 'DELETE', path: '/api/elc/settings/company/signature', response: companyProfile }),
  /** The subscription, read-only (readable after expiry too). */
  subscription: endpoint({ method: 'GET', path: '/api/elc/settings/subscription', response: subscriptionInfo }),
};

/**
 * The spec's named settings paths (section 7): elc/settings (the settings screen's whole read: company
 * profile and configuration; company-profile), elc/settings/config (what every screen needs to know:
 * currency, lock date, document limit, languages, page size; any signed-in user), company (the company
 * profile as elc/settings/company reads it; company-profile) and elc/profile (the organisation's public
 * profile: name, code, logo, contact; any signed-in user).
 */
export const organisationSettingsEndpoints = {
  settings: endpoint({ method: 'GET', path: '/api/elc/settings', response: organisationSettings }),
  config: endpoint({ method: 'GET', path: '/api/elc/settings/config', response: organisationConfig }),
  company: endpoint({ method: 'GET', path: '/api/company', response: companyProfile }),
  profile: endpoint({ method: 'GET', path: '/api/elc/profile', response: organisationPublicProfile }),
};

/**
 * The endpoints of one reference list at `path`: list, read, create (201), update, status and delete.
 * Cities, categories, units and branches are each one group of this shape.
 */
export function referenceListEndpoints<const P extends string, B extends z.ZodType, I extends z.ZodType, Q extends z.ZodType>(
  path: P,
  schemas: { body: B; item: I; query: Q },
) {
  const { body, item, query } = schemas;
  return {
    list: endpoint({ method: 'GET', path, query, response: page(item) }),
    get: endpoint({ method: 'GET', path: `${path}/:id`, params: idParams, response: item }),
    create: endpoint({ method: 'POST', path, body, response: item, status: 201 }),
    update: endpoint({ method: 'PUT', path: `${path}/:id`, params: idParams, body, response: item }),
    setStatus: endpoint({ method: 'PATCH', path: `${path}/:id/status`, params: idParams, body: referenceStatusBody, response: item }),
    remove: endpoint({ method: 'DELETE', path: `${path}/:id`, params: idParams, response: okResponse }),
  };
}

/** A reference list's endpoint group. */
export type ReferenceListEndpoints = ReturnType<typeof referenceListEndpoints<string, z.ZodType, z.ZodType, z.ZodType>>;

export const citiesEndpoints = referenceListEndpoints('/api/cities', { body: cityBody, item: city, query: cityListQuery });
/** The spec's `city` (one city: read, create, update), the same rows and rules as `cities` (list-cities). */
export const cityEndpoints = {
  get: endpoint({ method: 'GET', path: '/api/city/:id', params: idParams, response: city }),
  create: endpoint({ method: 'POST', path: '/api/city', body: cityBody, response: city, status: 201 }),
  update: endpoint({ method: 'PUT', path: '/api/city/:id', params: idParams, body: cityBody, response: city }),
};
export const categoriesEndpoints = referenceListEndpoints('/api/categories', { body: categoryBody, item: category, query: categoryListQuery });
export const unitsEndpoints = referenceListEndpoints('/api/units', { body: unitBody, item: unit, query: unitListQuery });
/** The organisation's branches (privilege list-branch), served by the organisations module. */
export const branchesEndpoints = referenceListEndpoints('/api/elc/branches', { body: branchBody, item: branch, query: branchListQuery });

/** Every content type a stored file may have: the company's images and the journal entries' attachments. */
export const storedFileTypes: readonly string[] = [...new Set<string>([...imageMimeTypes, ...transactionFileMimes])];

/** A stored file of the caller's organisation, by its id (any other id is 404). */
export const filesEndpoints = {
  get: endpoint({ method: 'GET', path: '/api/files/:id', params: z.object({ id: z.string().max(64) }), produces: storedFileTypes }),
};
