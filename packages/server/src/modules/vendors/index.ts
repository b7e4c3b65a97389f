// Public surface of the vendors module: the vendor register's table (purchasing documents name vendors),
// vendor payments' table, the vendor's open bills and the source types this module posts under.
export { vendors } from './vendors.tables.ts';
export { vendorPayments } from './vendor-payments.tables.ts';
export { vendorOpenBills, getVendor } from './list-vendors.ts';
export { VENDOR_OPENING_SOURCE_TYPE, VENDOR_PAYMENT_SOURCE_TYPE } from './vendors-common.ts';
