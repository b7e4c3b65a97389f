// The privilege each vendors screen needs (contracts/privileges.ts); the server checks the same.
export const vendorsPrivileges = {
  list: 'list-vendor',
  edit: 'add-vendor',
  pay: 'pay-bill',
  transaction: 'vendor-transaction',
  summary: 'vendor-summary',
} as const;
