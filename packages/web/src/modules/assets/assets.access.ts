// The privilege each assets screen needs (contracts/privileges.ts); the server checks the same.
export const assetsPrivileges = {
  add: 'add-asset',
  list: 'list-asset',
  buy: 'buy-asset',
  depreciate: 'generate-depreciation',
  report: 'asset-report',
} as const;
