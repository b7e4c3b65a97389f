// The sidebar (GET /api/menus, any signed-in user) and the first screen's summary (GET /api/dashboard,
// privilege dashboard). The server serves them (modules/menus, modules/dashboard); the web calls them with api.call.
import { endpoint } from '../common/endpoint.ts';
import { dashboardSummary } from './dashboard.ts';
import { menusResponse } from './menus.ts';

export const menusEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/menus', response: menusResponse }),
};

export const dashboardEndpoints = {
  get: endpoint({ method: 'GET', path: '/api/dashboard', response: dashboardSummary }),
};
