// Billing master data endpoints: zones (/api/elc/zones) and tariffs (/api/elc/prices, /api/elc/pricing).
import { endpoint } from '../common/endpoint.ts';
import { okResponse } from '../common/validation.ts';
import { idParams, referenceStatusBody } from '../settings/fields.ts';
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
