// Settings endpoints served from the contracts (the rest of settings still registers paths by hand).
import { endpoint } from '../common/endpoint.ts';
import { logSheetEntry, logSheetPage, logSheetParams, logSheetQuery } from './log-sheet.ts';

/** The log sheet: the organisation's audit trail, read-only (privilege list-log-sheet). */
export const logSheetEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/log-sheet', query: logSheetQuery, response: logSheetPage }),
  get: endpoint({ method: 'GET', path: '/api/log-sheet/:id', params: logSheetParams, response: logSheetEntry }),
};
