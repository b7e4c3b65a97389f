// Public surface of the users module for other modules.
export { privilegesOf } from './privileges-of.ts';
export { users, roles, rolePrivileges } from './users.tables.ts';
