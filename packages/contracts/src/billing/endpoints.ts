// Billing master data endpoints: zones (/api/elc/zones), tariffs (/api/elc/prices, /api/elc/pricing),
// customers (/api/elc/customers), houses and meters (/api/elc/houses) and meter readings (/api/elc/reads).
import { endpoint } from '../common/endpoint.ts';
import { okResponse, z } from '../common/validation.ts';
import { idParams, referenceStatusBody } from '../settings/fields.ts';
import { customer, customerBody, customerListQuery, customerPage, customerStatusBody } from './customers.ts';
import { houseBody, houseCount, houseDetail, houseListQuery, housePage, houseStatusBody, replaceMeterBody } from './houses.ts';
import {
  pendingReadingsQuery,
  reading,
  readingBatchBody,
  readingBatchResult,
  readingBody,
  readingImportQuery,
  readingImportResult,
  readingListQuery,
  readingPage,
  readingSheet,
  readingSheetQuery,
  readingUpdateBody,
} from './readings.ts';
import { pricingBody, pricingResult, tariff, tariffBody, tariffListQuery, tariffPage } from './tariffs.ts';
import { zone, zoneBody, zoneChoices, zoneListQuery, zonePage } from './zones.ts';

export const zonesEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/elc/zones', query: zoneListQuery, response: zonePage }),
  /** The same list for the zone pickers of anyone who works per zone (zonePickerPrivileges). */
  options: endpoint({ method: 'GET', path: '/api/elc/zones/options', query: zoneListQuery, response: zonePage }),
  /** The zone form's choices (branches, meter readers). */
  choices: endpoint({ method: 'GET', path: '/api/elc/zones/choices', response: zoneChoices }),
  get: endpoint({ method: 'GET', path: '/api/elc/zones/:id', params: idParams, response: zone }),
  create: endpoint({ method: 'POST', path: '/api/elc/zones', body: zoneBody, response: zone, status: 201 }),
  update: endpoint({ method: 'PUT', path: '/api/elc/zones/:id', params: idParams, body: zoneBody, response: zone }),
  setStatus: endpoint({ method: 'PATCH', path: '/api/elc/zones/:id/status', params: idParams, body: referenceStatusBody, response: zone }),
  remove: endpoint({ method: 'DELETE', path: '/api/elc/zones/:id', params: idParams, response: okResponse }),
};

export const tariffsEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/elc/prices', query: tariffListQuery, response: tariffPage }),
  get: endpoint({ method: 'GET', path: '/api/elc/prices/:id', params: idParams, response: tariff }),
  create: endpoint({ method: 'POST', path: '/api/elc/prices', body: tariffBody, response: tariff, status: 201 }),
  update: endpoint({ method: 'PUT', path: '/api/elc/prices/:id', params: idParams, body: tariffBody, response: tariff }),
  remove: endpoint({ method: 'DELETE', path: '/api/elc/prices/:id', params: idParams, response: okResponse }),
  /** The price calculator. */
  price: endpoint({ method: 'POST', path: '/api/elc/pricing', body: pricingBody, response: pricingResult }),
};

export const customersEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/elc/customers', query: customerListQuery, response: customerPage }),
  get: endpoint({ method: 'GET', path: '/api/elc/customers/:id', params: idParams, response: customer }),
  create: endpoint({ method: 'POST', path: '/api/elc/customers', body: customerBody, response: customer, status: 201 }),
  update: endpoint({ method: 'PUT', path: '/api/elc/customers/:id', params: idParams, body: customerBody, response: customer }),
  setStatus: endpoint({ method: 'PATCH', path: '/api/elc/customers/:id/status', params: idParams, body: customerStatusBody, response: customer }),
};

export const housesEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/elc/houses', query: houseListQuery, response: housePage }),
  /** How many houses the list's filters match. */
  count: endpoint({ method: 'GET', path: '/api/elc/houses/maxrecords', query: houseListQuery, response: houseCount }),
  get: endpoint({ method: 'GET', path: '/api/elc/houses/:id', params: idParams, response: houseDetail }),
  create: endpoint({ method: 'POST', path: '/api/elc/houses', body: houseBody, response: houseDetail, status: 201 }),
  update: endpoint({ method: 'PUT', path: '/api/elc/houses/:id', params: idParams, body: houseBody, response: houseDetail }),
  setStatus: endpoint({ method: 'PATCH', path: '/api/elc/houses/:id/status', params: idParams, body: houseStatusBody, response: houseDetail }),
  replaceMeter: endpoint({ method: 'POST', path: '/api/elc/houses/:id/replace-meter', params: idParams, body: replaceMeterBody, response: houseDetail }),
};

const readingIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const readingsEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/elc/reads', query: readingListQuery, response: readingPage }),
  pending: endpoint({ method: 'GET', path: '/api/elc/reads/pending', query: pendingReadingsQuery, response: readingPage }),
  /** A zone's entry sheet for a period. */
  sheet: endpoint({ method: 'GET', path: '/api/elc/reads/sheet', query: readingSheetQuery, response: readingSheet }),
  get: endpoint({ method: 'GET', path: '/api/elc/reads/:id', params: readingIdParams, response: reading }),
  create: endpoint({ method: 'POST', path: '/api/elc/reads', body: readingBody, response: reading, status: 201 }),
  batch: endpoint({ method: 'POST', path: '/api/elc/reads/batch', body: readingBatchBody, response: readingBatchResult }),
  /** A CSV of readings, as text/csv or a multipart upload; checked only unless commit=true. */
  import: endpoint({
    method: 'POST',
    path: '/api/elc/reads/import',
    consumes: ['text/csv', 'multipart/form-data'],
    query: readingImportQuery,
    response: readingImportResult,
  }),
  update: endpoint({ method: 'PUT', path: '/api/elc/reads/:id', params: readingIdParams, body: readingUpdateBody, response: reading }),
  remove: endpoint({ method: 'DELETE', path: '/api/elc/reads/:id', params: readingIdParams, response: okResponse }),
};
