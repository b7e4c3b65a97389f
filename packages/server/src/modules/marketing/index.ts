// Public surface of the marketing module: its routes and the services the demo seed drives.
export { marketingRoutes } from './marketing.routes.ts';
export { convertProspect, createProspect, getProspect, updateProspect } from './prospects.ts';
