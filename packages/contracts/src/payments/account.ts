// GET /api/elc/customers/:id/account: where a customer stands, from the ledger (the receivable lines
// with that customer as party) and from the bills: the balance, the open bills, the credit waiting for
// a bill, what is owed outside bills (an opening balance, a transfer) and the last payment.
import { isoDate, moneyTotal, z } from '../common/validation.ts';
import { customerOpenBill, customerOpenItem } from './payments.ts';
import { paymentMethod } from './fields.ts';

export const customerAccount = z.object({
  customerId: z.number().int(),
  /** Receivable in the ledger: positive owes, negative is in credit. */
  balance: moneyTotal,
  openBills: z.array(customerOpenBill),
  /** Every open charge, bills among them (open items of the receivable), oldest first. */
  openItems: z.array(customerOpenItem),
  /** The open charges' open amounts together. */
  openTotal: moneyTotal,
  /** Paid but not yet used by a charge: max(0, openTotal - balance). */
  credit: moneyTotal,
  /** Owed but not on an open item (opening balance, transfers): max(0, balance - openTotal). */
  otherCharges: moneyTotal,
  lastPayment: z.object({ id: z.number().int(), number: z.string(), date: isoDate, amount: moneyTotal, method: paymentMethod }).nullable(),
});
export type CustomerAccount = z.infer<typeof customerAccount>;
