// The privilege each finance-reports screen needs (contracts/privileges.ts). The routes guard with these
// and the screens use the same keys, so the two never disagree.
export const financeReportsPrivileges = {
  /** Account summary and account type summary. */
  accountSummary: 'account-summary',
  cashFlow: 'cash-flow-statement',
  revenue: 'revenue-report',
  /** The budget grid, its save and the budget vs actual comparison. */
  budgets: 'budget-registration',
  reconciliation: 'monthly-reconciliation',
  /** The personal account report (the statement of a party; same privilege as the account statement). */
  personalAccount: 'account-transaction',
} as const;
