// Public surface of the contracts package: importing it installs the zod message mapping.
export * from './common/validation.ts';
export * from './common/messages.ts';
export * from './privileges.ts';
export * from './menu.ts';
export * from './auth/auth.ts';
export * from './notes/notes.ts';
export * from './menus/menus.ts';
export * from './menus/dashboard.ts';
export * from './settings/index.ts';
export * from './users/roles.ts';
export * from './users/users.ts';
export * from './finance/index.ts';
export * from './finance-reports/index.ts';
export * from './billing/index.ts';
export * from './bills/index.ts';
export * from './treasury/index.ts';
