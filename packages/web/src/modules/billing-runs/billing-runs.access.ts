// The privilege each billing-runs screen needs (contracts/privileges.ts). The routes guard with these and
// the screens enable their buttons with the same keys, so the two never disagree.
export const billingRunsPrivileges = {
  /** The reading sheet, one-by-one entry, CSV import and pending readings. */
  readings: 'meter-reading',
  /** Bill runs (preview, save, cancel), the bills, their print and PDFs. */
  batchBill: 'batch-bill',
  ungenerated: 'ungenerated-bill-report',
  /** GET /api/elc/customers: the bills list's customer filter. */
  customers: 'list-customer',
} as const;
