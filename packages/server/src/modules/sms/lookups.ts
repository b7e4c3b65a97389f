// What the send screen chooses from, readable with the send-sms privilege alone (the customers and zones
// screens need their own privileges): customers found by name, number or phone, and zones with how many
// active customers have a house there.
import { sql } from 'drizzle-orm';
import { type SendSmsOptions, type SmsRecipient, normaliseSomaliPhone } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { customerMatches } from '../customers/index.ts';
import { getSmsSettings } from './sms-settings.ts';
import { templateBodies } from './templates.ts';

const RECIPIENT_LIMIT = 20;

export async function findRecipients(opts: { tx: Db; clientId: number; q?: string }): Promise<SmsRecipient[]> {
  const { tx, clientId, q } = opts;
  const matches = q ? customerMatches(sql`c.id`, clientId, q) : null;
  const rows = await queryRows<{ id: number; customer_no: string; name: string; phone: string }>(
    tx,
    sql`
    select c.id, c.customer_no, c.name, c.phone from customers c
    where c.client_id = ${clientId} and c.status = 'Active' ${matches ? sql`and ${matches}` : sql``}
    order by lower(c.name), c.id
    limit ${RECIPIENT_LIMIT}`,
  );
  return rows.map((r) => ({ id: r.id, customerNo: r.customer_no, name: r.name, phone: r.phone, smsPhone: normaliseSomaliPhone(r.phone) }));
}

export async function sendOptions(opts: { tx: Db; clientId: number }): Promise<SendSmsOptions> {
  const { tx, clientId } = opts;
  const zones = await queryRows<{ id: number; name: string; customer_count: number }>(
    tx,
    sql`
    select z.id, z.name,
           (select count(distinct h.customer_id) from houses h
            join customers c on c.client_id = h.client_id and c.id = h.customer_id and c.status = 'Active'
            where h.client_id = z.client_id and h.zone_id = z.id)::int as customer_count
    from zones z where z.client_id = ${clientId} and z.status = 'Active'
    order by lower(z.name), z.id`,
  );
  const settings = await getSmsSettings({ tx, clientId });
  return {
    zones: zones.map((z) => ({ id: z.id, name: z.name, customerCount: z.customer_count })),
    defaultLanguage: settings.defaultLanguage,
    templates: await templateBodies(tx, clientId, 'free'),
  };
}
