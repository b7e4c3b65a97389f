// The customer's SMS about a complaint: on receipt (its reference) and on completion, when the complaint's
// topic says so. Queued in the complaint's own transaction through the sms outbox (kind 'complaint'), in
// the customer's preferred SMS language, else the organisation's default; the route kicks the dispatcher
// after the commit, so a rolled-back complaint texts nobody. A phone that cannot receive SMS is skipped.
import { sql } from 'drizzle-orm';
import { formatComplaintRef, type Lang, normaliseSomaliPhone, translate } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Actor } from '../../lib/actor.ts';
import { queueMessages } from '../sms/index.ts';

export type ComplaintSmsMoment = 'received' | 'completed';

/** Queues the message when the topic asks for it; true when one was queued. */
export async function queueComplaintSms(opts: { tx: Db; actor: Actor; complaintId: number; moment: ComplaintSmsMoment }): Promise<boolean> {
  const { tx, actor, complaintId, moment } = opts;
  const [row] = await queryRows<{
    ref_year: number;
    ref_no: number;
    customer_id: number | null;
    name: string;
    phone: string | null;
    sms_customer: boolean;
    name_en: string;
    name_so: string;
    preferred: Lang | null;
    default_language: Lang | null;
    company: string;
  }>(
    tx,
    sql`select c.ref_year, c.ref_no, c.customer_id, coalesce(cu.name, c.caller_name) as name, coalesce(cu.phone, c.caller_phone) as phone,
               t.sms_customer, t.name_en, t.name_so, l.language as preferred, s.default_language, cl.name as company
        from complaints c
        join complaint_topics t on t.id = c.topic_id
        join clients cl on cl.id = c.client_id
        left join customers cu on cu.id = c.customer_id
        left join sms_customer_languages l on l.customer_id = c.customer_id
        left join sms_settings s on s.client_id = c.client_id
        where c.id = ${complaintId}`,
  );
  if (!row?.sms_customer) return false;
  const phone = normaliseSomaliPhone(row.phone);
  if (!phone) return false;
  const language: Lang = row.preferred ?? row.default_language ?? 'en';
  const body = translate(`complaints.sms.${moment}`, language, {
    name: row.name,
    ref: formatComplaintRef(Number(row.ref_year), Number(row.ref_no)),
    topic: language === 'so' ? row.name_so : row.name_en,
    company: row.company,
  });
  const queued = await queueMessages({
    tx,
    actor,
    kind: 'complaint',
    target: { complaintId, moment },
    messages: [{ customerId: row.customer_id === null ? null : Number(row.customer_id), billId: null, runId: null, phone, body, language }],
  });
  return queued !== null;
}
