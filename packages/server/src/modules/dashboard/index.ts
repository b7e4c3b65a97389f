// Public surface of the dashboard module.
export { dashboardRoutes } from './dashboard.routes.ts';
