// Public surface of the users module for other modules.
export { privilegesOf } from './privileges-of.ts';
export { createOrganisation, type NewOrganisation } from './create-organisation.ts';
export { users, roles, rolePrivileges, sessions, userClasses } from './users.tables.ts';
