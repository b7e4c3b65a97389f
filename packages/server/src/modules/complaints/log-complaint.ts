// Logging a complaint: checks the customer (or the caller), the house (one of the customer's), the topic
// (active) and the assignee (an active user; default the topic's user), takes the gapless reference
// CMP-<year>-nnnnn from the document counter of series 'CMP-<year>' (per organisation and year, row-locked
// until commit: a refused complaint leaves no gap), sets the due time from the topic's target hours, writes
// the 'created' event (and 'assigned' when it goes to someone) and queues the receipt SMS.
import { sql } from 'drizzle-orm';
import type { ComplaintDetail, complaintBody, z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { nextDocumentNumber } from '../../ledger/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { fieldError } from '../../plugins/errors.ts';
import { queueComplaintSms } from './complaint-sms.ts';
import { addEvent, checkUser, getComplaint } from './complaints-common.ts';

type ComplaintInput = z.output<typeof complaintBody>;

export const complaintSeries = (year: number) => `CMP-${year}`;
const todayIso = () => new Date().toISOString().slice(0, 10);

export async function logComplaint(opts: {
  tx: Db;
  actor: Actor;
  input: ComplaintInput;
  today?: string;
}): Promise<{ complaint: ComplaintDetail; smsQueued: boolean }> {
  const { tx, actor, input } = opts;
  const customerId = input.customerId ?? null;
  if (customerId !== null) {
    const [c] = await queryRows<{ id: number }>(tx, sql`select id from customers where id = ${customerId}`);
    if (!c) throw fieldError('customerId', 'complaints.customer');
  }
  const houseId = input.houseId ?? null;
  if (houseId !== null) {
    if (customerId === null) throw fieldError('houseId', 'complaints.houseNeedsCustomer');
    const [h] = await queryRows<{ id: number }>(tx, sql`select id from houses where id = ${houseId} and customer_id = ${customerId}`);
    if (!h) throw fieldError('houseId', 'complaints.house');
  }
  const [topic] = await queryRows<{ priority: string; target_hours: number; assignee_id: number | null; status: string }>(
    tx,
    sql`select priority, target_hours, assignee_id, status from complaint_topics where id = ${input.topicId}`,
  );
  if (topic?.status !== 'Active') throw fieldError('topicId', 'complaints.topicInactive');
  const assigneeId = input.assigneeId ?? (topic.assignee_id === null ? null : Number(topic.assignee_id));
  if (input.assigneeId !== null) await checkUser(tx, input.assigneeId, 'assigneeId');
  const year = Number((opts.today ?? todayIso()).slice(0, 4));
  const no = await nextDocumentNumber(tx, actor.clientId, complaintSeries(year));
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into complaints (client_id, ref_year, ref_no, customer_id, caller_name, caller_phone, house_id, topic_id, channel,
                                description, priority, assignee_id, due_at, created_by)
        values (${actor.clientId}, ${year}, ${no}, ${customerId}, ${customerId === null ? input.callerName : (input.callerName ?? null)},
                ${customerId === null ? input.callerPhone : (input.callerPhone ?? null)}, ${houseId}, ${input.topicId}, ${input.channel},
                ${input.description}, ${input.priority ?? topic.priority}, ${assigneeId},
                now() + make_interval(hours => ${Number(topic.target_hours)}), ${actor.userId})
        returning id`,
  );
  const id = Number(row.id);
  await addEvent(tx, { clientId: actor.clientId, complaintId: id, kind: 'created', toStatus: 'Pending', byUser: actor.userId });
  if (assigneeId !== null) await addEvent(tx, { clientId: actor.clientId, complaintId: id, kind: 'assigned', assigneeId, byUser: actor.userId });
  const smsQueued = await queueComplaintSms({ tx, actor, complaintId: id, moment: 'received' });
  const complaint = await getComplaint({ tx, id });
  await writeAudit(tx, actor, { action: 'create', entity: 'complaint', entityId: id, after: { ...complaint, events: undefined } });
  return { complaint, smsQueued };
}
