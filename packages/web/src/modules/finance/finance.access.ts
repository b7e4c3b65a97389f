// The privilege each finance screen and action needs (contracts/privileges.ts). The routes guard with
// these and the screens enable their buttons with the same keys, so the two never disagree.
export const financePrivileges = {
  accounts: 'list-account',
  /** Create, edit, activate/deactivate and delete accounts. */
  editAccounts: 'add-account',
  journal: 'general-journal',
  journalReport: 'journal-report',
  trialBalance: 'trail-balance',
  incomeStatement: 'income-statement',
  balanceSheet: 'balance-sheet',
  statement: 'account-transaction',
  /** GET /api/elc/settings/company: the printed reports' company name. */
  companyProfile: 'company-profile',
} as const;
