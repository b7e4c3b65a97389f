// Public surface of the bill-print module: its routes (printable bills and the zone's batch PDF).
export { billPrintRoutes } from './bill-print.routes.ts';
