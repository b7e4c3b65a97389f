// Vendors: the register, vendor payments (Pay bill) and the vendor reports.
export * from './vendors.ts';
export * from './vendor-payments.ts';
export * from './messages.ts';
export * from './endpoints.ts';
