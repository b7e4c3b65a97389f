// The privilege each billing screen and action needs (contracts/privileges.ts). Zones, tariffs and houses
// are read and changed with one privilege each; customers are read with list-customer and changed with
// add-customer. The routes guard with these keys and the screens hide what the user cannot do.
export const billingPrivileges = {
  customers: 'list-customer',
  editCustomers: 'add-customer',
  zones: 'list-zone',
  tariffs: 'list-price',
  houses: 'list-house',
  /** The customer page's Bills tab (GET /api/bills). */
  bills: 'batch-bill',
  /** The customer page's Payments tab (GET /api/finance/payments) and its Receive payment button. */
  payments: 'receive-payment',
  /** The customer page's Statement tab (GET /api/billing-reports/customer-transaction). */
  statement: 'customer-transaction',
  /** The city of a customer (GET /api/cities). */
  cities: 'list-cities',
} as const;
