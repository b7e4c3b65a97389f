// The privilege each billing report screen needs (contracts/privileges.ts). The routes guard with these
// and the screens use the same keys (drill-down links show only to holders), so the two never disagree.
export const billingReportsPrivileges = {
  aging: 'customer-aging',
  zoneSummary: 'zone-summary',
  statement: 'customer-transaction',
  customerSummary: 'customer-summary',
  unpaid: 'unpaid-report',
  receivedPayments: 'received-payments',
  revenueByClass: 'revenue-by-class',
  dashboard: 'dashboard',
  /** The customer picker of the statement (GET /api/elc/customers?q=). */
  customers: 'list-customer',
} as const;
