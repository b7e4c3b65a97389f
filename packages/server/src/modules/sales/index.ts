// Public surface of the sales module: its routes, the source types its journal entries and stock moves
// carry, and the services the demo seed may call.
export { salesRoutes } from './sales.routes.ts';
export { SALES_SOURCE_TYPE } from './sales.posting.ts';
export { createSale, createQuotation, convertQuotation } from './create-sale.ts';
export { createSalesReturn } from './sales-returns.ts';
export { cancelSalesDocument } from './cancel-sales.ts';
export { getSalesDocument } from './sales-documents.ts';
