// Public surface of the organisations module (the tenant, its branches and subscription) for other modules.
export { insertOrganisation, type OrganisationFields } from './insert-organisation.ts';
export { clients, branches, subscriptionPayments } from './organisations.tables.ts';
export { branchList } from './branches.ts';
