// Public surface of the purchases module: its routes, and the vendor-bill service (a receipt of a purchase
// order makes one; a vendor's page may list them) with the source types its entries and open items carry.
export { purchasesRoutes } from './purchases.routes.ts';
export { createPurchase, getPurchase, listPurchases, cancelPurchase } from './purchase-documents.ts';
export { VENDOR_BILL_SOURCE_TYPE, CASH_PURCHASE_SOURCE_TYPE, PURCHASE_RETURN_SOURCE_TYPE } from './vendor-bill.posting.ts';
// The demo seed builds its orders through the same services the routes call.
export { createPurchaseOrder, approvePurchaseOrder, receivePurchaseOrder } from './purchase-orders.ts';
// The return transactions report (answered by the sales module) reads the purchase returns through this.
export { purchaseReturnTransactions } from './purchase-return-report.ts';
export { getPurchaseOrder } from './purchase-orders.ts';
export { purchaseOrderPdf, purchasePdf, purchaseReturnPdf } from './purchases-pdf.ts';
// The organisation's export renders every purchase return too.
export { getPurchaseReturn } from './purchase-returns.ts';
