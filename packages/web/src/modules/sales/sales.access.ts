// The privilege each sales screen needs (contracts/privileges.ts); the server checks the same.
export const salesPrivileges = {
  invoice: 'sales-invoice',
  receipt: 'sales-receipt',
  quotation: 'quotation',
  return: 'sales-return',
  activity: 'sales-activity',
  returns: 'return-transaction',
  receivePayment: 'receive-payment',
} as const;
