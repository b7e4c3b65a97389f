// POST /api/send-sms: a free message to chosen customers, to the active customers with a house in a zone,
// or to a list of phone numbers. Customers' phones are normalised to +252...; a customer whose phone
// cannot receive SMS, who is inactive, or whose number already has the message is listed as skipped. A
// typed phone that is not a Somali number refuses the whole request with a field error per entry
// (target.phones.<i>). The text may use {name}, {customerNo}, {balance}, {company}, {shortCode}, {currency}.
import { sql } from 'drizzle-orm';
import {
  type SendSmsTarget,
  type SmsLanguage,
  type SmsQueued,
  type SmsSkipped,
  type sendSmsBody,
  type z,
  normaliseSomaliPhone,
  renderSmsTemplate,
} from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, fieldError } from '../../plugins/errors.ts';
import { customerBalances } from './customer-balances.ts';
import { type OutgoingSms, queueMessages } from './queue-messages.ts';
import { getSmsSettings } from './sms-settings.ts';
import { companyValues } from './sms-values.ts';

interface Recipient {
  customerId: number | null;
  customerNo: string | null;
  name: string | null;
  status: string;
  phone: string;
}

async function customersOf(tx: Db, clientId: number, target: SendSmsTarget): Promise<Recipient[]> {
  if (target.type === 'customers') {
    const ids = JSON.stringify(target.customerIds);
    const rows = await queryRows<{ id: number; customer_no: string; name: string; status: string; phone: string }>(
      tx,
      sql`
      select c.id, c.customer_no, c.name, c.status, c.phone from customers c
      where c.client_id = ${clientId} and c.id in (select (jsonb_array_elements_text(${ids}::jsonb))::int)`,
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const missing = target.customerIds.findIndex((id) => !byId.has(id));
    if (missing >= 0) throw fieldError(`target.customerIds.${missing}`, 'v.notFound');
    return [...new Set(target.customerIds)].map((id) => {
      const r = byId.get(id) as (typeof rows)[number];
      return { customerId: r.id, customerNo: r.customer_no, name: r.name, status: r.status, phone: r.phone };
    });
  }
  if (target.type === 'zone') {
    const [zone] = await queryRows<{ id: number }>(tx, sql`select id from zones where client_id = ${clientId} and id = ${target.zoneId}`);
    if (!zone) throw fieldError('target.zoneId', 'v.notFound');
    const rows = await queryRows<{ id: number; customer_no: string; name: string; status: string; phone: string }>(
      tx,
      sql`
      select c.id, c.customer_no, c.name, c.status, c.phone from customers c
      where c.client_id = ${clientId} and c.status = 'Active'
        and exists (select 1 from houses h where h.client_id = c.client_id and h.customer_id = c.id and h.zone_id = ${target.zoneId})
      order by lower(c.name), c.id`,
    );
    return rows.map((r) => ({ customerId: r.id, customerNo: r.customer_no, name: r.name, status: r.status, phone: r.phone }));
  }
  const invalid = target.phones.flatMap((p, i) => (normaliseSomaliPhone(p) ? [] : [{ field: `target.phones.${i}`, message: 'sms.invalidPhone' }]));
  if (invalid.length > 0) throw new AppError(400, 'VALIDATION', 'common.validation', invalid);
  return target.phones.map((phone) => ({ customerId: null, customerNo: null, name: null, status: 'Active', phone }));
}

/** Who gets the message and who is skipped (and why), each number once. */
function pickRecipients(recipients: Recipient[]): { send: Array<Recipient & { smsPhone: string }>; skipped: SmsSkipped[] } {
  const seen = new Set<string>();
  const send: Array<Recipient & { smsPhone: string }> = [];
  const skipped: SmsSkipped[] = [];
  for (const r of recipients) {
    const smsPhone = normaliseSomaliPhone(r.phone);
    const skip = (reason: SmsSkipped['reason']) =>
      skipped.push({ customerId: r.customerId, customerName: r.name, billId: null, phone: smsPhone ?? r.phone, reason });
    if (r.status !== 'Active') skip('inactive');
    else if (!smsPhone) skip('invalid_phone');
    else if (seen.has(smsPhone)) skip('duplicate_phone');
    else {
      seen.add(smsPhone);
      send.push({ ...r, smsPhone });
    }
  }
  return { send, skipped };
}

export async function sendFreeSms(opts: { tx: Db; actor: Actor; input: z.infer<typeof sendSmsBody> }): Promise<SmsQueued> {
  const { tx, actor, input } = opts;
  const { clientId } = actor;
  const recipients = await customersOf(tx, clientId, input.target);
  const { send, skipped } = pickRecipients(recipients);
  const language: SmsLanguage = input.language ?? (await getSmsSettings({ tx, clientId })).defaultLanguage;
  const company = await companyValues(tx, clientId);
  const needsBalance = input.message.includes('{balance}');
  const balances = needsBalance
    ? await customerBalances(
        tx,
        clientId,
        send.flatMap((r) => (r.customerId === null ? [] : [r.customerId])),
      )
    : new Map<number, string>();
  const messages: OutgoingSms[] = send.map((r) => ({
    customerId: r.customerId,
    billId: null,
    runId: null,
    phone: r.smsPhone,
    language,
    body: renderSmsTemplate(input.message, {
      ...company,
      name: r.name ?? '',
      customerNo: r.customerNo ?? '',
      balance: r.customerId === null ? '' : (balances.get(r.customerId) ?? ''),
    }),
  }));
  const target =
    input.target.type === 'phones'
      ? { type: 'phones', count: input.target.phones.length }
      : input.target.type === 'zone'
        ? { type: 'zone', zoneId: input.target.zoneId }
        : { type: 'customers', count: input.target.customerIds.length };
  const queued = await queueMessages({ tx, actor, kind: 'free', target, messages });
  return { batchId: queued?.batchId ?? null, queued: messages.length, skipped };
}
