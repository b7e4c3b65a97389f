// Public surface of the tariffs module: the tables, the lookup a bill run needs, and the routes.
export { tariffs, tariffBlocks } from './tariffs.tables.ts';
export { findTariffFor } from './find-tariff.ts';
export { getTariff } from './list-tariffs.ts';
export { createTariff } from './save-tariff.ts';
export { tariffsRoutes } from './tariffs.routes.ts';
