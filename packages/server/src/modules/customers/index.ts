// Public surface of the customers module.
export { customers, customerSearchWords, billingCounters } from './customers.tables.ts';
export { getCustomer } from './list-customers.ts';
export { customerMatches, searchWords, startsWithPattern } from './search-terms.ts';
export { customersRoutes } from './customers.routes.ts';
