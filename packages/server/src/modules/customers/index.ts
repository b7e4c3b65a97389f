// Public surface of the customers module.
export { customers, customerSearchWords, billingCounters } from './customers.tables.ts';
export { getCustomer } from './list-customers.ts';
export { createCustomer } from './save-customer.ts';
export { customerMatches, searchWords, startsWithPattern } from './search-terms.ts';
export { customerBalances, customerBalance } from './customer-balances.ts';
export { OPENING_BALANCE_SOURCE_TYPE } from './opening-balance.ts';
export { customersRoutes } from './customers.routes.ts';
