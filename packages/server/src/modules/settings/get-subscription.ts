// The organisation's subscription as its administrators see it: expiry and the operator's payment
// records (subscription_payments is read-only to the application role).
import { desc, eq } from 'drizzle-orm';
import type { SubscriptionInfo } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../plugins/errors.ts';
import { clients, subscriptionPayments } from '../organisations/index.ts';

const DAY_MS = 86_400_000;

export async function getSubscription(opts: { tx: Db; actor: Actor; today?: Date }): Promise<SubscriptionInfo> {
  const { tx } = opts;
  const { clientId } = opts.actor;
  const [c] = await tx.select().from(clients).where(eq(clients.id, clientId));
  if (!c) throw notFound();
  const payments = await tx
    .select()
    .from(subscriptionPayments)
    .where(eq(subscriptionPayments.clientId, clientId))
    .orderBy(desc(subscriptionPayments.billDate), desc(subscriptionPayments.id));
  const todayUtc = (opts.today ?? new Date()).toISOString().slice(0, 10);
  const daysLeft = c.subscriptionExpiresOn
    ? Math.round((Date.parse(`${c.subscriptionExpiresOn}T00:00:00Z`) - Date.parse(`${todayUtc}T00:00:00Z`)) / DAY_MS)
    : null;
  return {
    clientName: c.name,
    clientCode: c.code,
    expiresOn: c.subscriptionExpiresOn,
    isExpired: daysLeft !== null && daysLeft < 0,
    daysLeft,
    payments: payments.map((p) => ({
      id: p.id,
      name: p.name,
      bill_amount: p.billAmount,
      bill_date: p.billDate,
      expire_date: p.expireDate,
    })),
  };
}
