// Public surface of the bill-print module: its routes (printable bills and the zone's batch PDF).
export { billPrintRoutes } from './bill-print.routes.ts';
// For modules that attach a bill to something (e-mail): one bill's PDF drawn to the end, in a language.
export { billPdfBuffer } from './bill-pdf-buffer.ts';
// For the organisation's export: a period's bills (every zone) in one PDF.
export { periodBillsPdfBuffer } from './bill-pdf-buffer.ts';
