// Printable bills and the batch PDF of a zone.
export * from './print.ts';
export * from './endpoints.ts';
