// Public surface of the sales module: its routes, the source types its journal entries and stock moves
// carry, the services the demo seed may call, and the sales balance check (verify-ledger).
export { salesRoutes } from './sales.routes.ts';
export { SALES_SOURCE_TYPE } from './sales.posting.ts';
export { createSale, createQuotation, convertQuotation } from './create-sale.ts';
export { createSalesReturn } from './sales-returns.ts';
export { cancelSalesDocument } from './cancel-sales.ts';
export { getSalesDocument } from './sales-documents.ts';
export { salesBalanceDifferences, type SalesBalanceDifference } from './sales-balances.ts';
export { salesDocumentPdf } from './sales-pdf.ts';
