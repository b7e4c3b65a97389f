// Public surface of the payments module: the routes, the source types of its journal entries, customer
// balances from the ledger (re-exported from customers for modules that think in payments), and the
// credit rule other postings may call after changing a customer's balance; a payment and its receipt as a
// PDF (the e-mail module attaches it).
export { paymentsRoutes } from './payments.routes.ts';
export { receivePayment } from './receive-payment.ts';
export { PAYMENT_SOURCE_TYPE, CUSTOMER_TRANSFER_SOURCE_TYPE, applyCustomerCredit } from './payments-common.ts';
export { customerBalances, customerBalance } from '../customers/index.ts';
export { openBillsOf, getCustomerAccount } from './customer-account.ts';
export { getPayment } from './list-payments.ts';
export { paymentReceiptPdf } from './receipt-pdf.ts';
export { payments, paymentBatches, customerTransfers } from './payments.tables.ts';
