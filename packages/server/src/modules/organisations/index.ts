export { createOrganisation, type NewOrganisation } from './create-organisation.ts';
export { clients, branches, subscriptionPayments } from './organisations.tables.ts';
export { branchList } from './branches.ts';
