// The privilege each purchasing screen needs (contracts/privileges.ts); the server checks the same.
export const purchasesPrivileges = {
  bill: 'credit-purchase',
  cash: 'cash-purchase',
  ret: 'purchase-return',
  order: 'purchase-order',
  expenses: 'expenses-report',
} as const;

/** Where each kind of purchase lives. */
export const purchasePaths = { bill: '/vendors/credit-purchase', cash: '/vendors/cash-purchase' } as const;
