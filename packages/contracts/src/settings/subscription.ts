// The organisation's subscription as the tenant sees it: the expiry date and the payments the
// installation's operator recorded (read-only to the tenant). Row names follow spec section 3.
import { z } from '../common/validation.ts';

export const subscriptionPayment = z.object({
  id: z.number().int(),
  name: z.string(),
  bill_amount: z.string(),
  bill_date: z.string(),
  expire_date: z.string(),
});
export type SubscriptionPayment = z.infer<typeof subscriptionPayment>;

export const subscriptionInfo = z.object({
  clientName: z.string(),
  clientCode: z.number().int(),
  expiresOn: z.string().nullable(),
  isExpired: z.boolean(),
  /** Whole days from today (UTC) to the expiry date; negative once expired, null without an expiry date. */
  daysLeft: z.number().int().nullable(),
  payments: z.array(subscriptionPayment),
});
export type SubscriptionInfo = z.infer<typeof subscriptionInfo>;
