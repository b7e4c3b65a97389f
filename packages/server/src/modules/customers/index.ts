// Public surface of the customers module.
export { customers, billingCounters } from './customers.tables.ts';
export { getCustomer } from './list-customers.ts';
export { searchTerms } from './search-terms.ts';
export { customersRoutes } from './customers.routes.ts';
