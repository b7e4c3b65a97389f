// Public surface of the zones module.
export { zones } from './zones.tables.ts';
export { createZone } from './save-zone.ts';
export { zonesRoutes } from './zones.routes.ts';
