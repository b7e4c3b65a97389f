// The privilege each payments screen and action needs (contracts/privileges.ts). Routes guard with these
// and the screens enable their buttons with the same keys.
export const paymentsPrivileges = {
  /** Receive payment, the payments list and receipts, cancelling, customer balance transfers. */
  receive: 'receive-payment',
  /** Batch receive (shared with batch bill, as in the spec). */
  batch: 'batch-bill',
} as const;
