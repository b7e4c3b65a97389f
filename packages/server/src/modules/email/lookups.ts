// What the send screen chooses from, readable with the send-email privilege alone: customers found by
// name, number or phone (with their address), and zones with how many active customers have a house there
// and how many of them have an address.
import { sql } from 'drizzle-orm';
import type { EmailRecipient, SendEmailOptions } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { customerMatches } from '../customers/index.ts';
import { getEmailSettings } from './email-settings.ts';
import { emailTemplateOf } from './templates.ts';

const RECIPIENT_LIMIT = 20;

export async function findEmailRecipients(opts: { tx: Db; clientId: number; q?: string }): Promise<EmailRecipient[]> {
  const { tx, clientId, q } = opts;
  const matches = q ? customerMatches(sql`c.id`, clientId, q) : null;
  const rows = await queryRows<{ id: number; customer_no: string; name: string; email: string | null }>(
    tx,
    sql`
    select c.id, c.customer_no, c.name, nullif(trim(c.email), '') as email from customers c
    where c.client_id = ${clientId} and c.status = 'Active' ${matches ? sql`and ${matches}` : sql``}
    order by lower(c.name), c.id
    limit ${RECIPIENT_LIMIT}`,
  );
  return rows.map((r) => ({ id: r.id, customerNo: r.customer_no, name: r.name, email: r.email }));
}

export async function sendEmailOptions(opts: { tx: Db; clientId: number }): Promise<SendEmailOptions> {
  const { tx, clientId } = opts;
  const zones = await queryRows<{ id: number; name: string; customer_count: number; with_email: number }>(
    tx,
    sql`
    select z.id, z.name,
           count(distinct c.id)::int as customer_count,
           count(distinct c.id) filter (where nullif(trim(c.email), '') is not null)::int as with_email
    from zones z
    left join houses h on h.client_id = z.client_id and h.zone_id = z.id
    left join customers c on c.client_id = h.client_id and c.id = h.customer_id and c.status = 'Active'
    where z.client_id = ${clientId} and z.status = 'Active'
    group by z.id, z.name
    order by lower(z.name), z.id`,
  );
  const settings = await getEmailSettings({ tx, clientId });
  return {
    zones: zones.map((z) => ({ id: z.id, name: z.name, customerCount: z.customer_count, withEmail: z.with_email })),
    defaultLanguage: settings.defaultLanguage,
    templates: { en: await emailTemplateOf(tx, clientId, 'free', 'en'), so: await emailTemplateOf(tx, clientId, 'free', 'so') },
    configured: settings.configured,
  };
}
