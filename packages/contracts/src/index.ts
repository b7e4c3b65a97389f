// Public surface of the contracts package: importing it installs the zod message mapping.
export * from './common/validation.ts';
export * from './common/messages.ts';
export * from './privileges.ts';
export * from './menu.ts';
export * from './auth/auth.ts';
