// Complaint topics (/settings/complaints): name in English and Somali, the default priority, the target
// resolution time in hours, the user new complaints of the topic go to, whether the customer is told by SMS
// (on receipt and on completion), and status. Topics are never deleted (complaints name them): a topic no
// longer used is made Inactive.
import { sql } from 'drizzle-orm';
import type { ComplaintTopic, complaintTopicBody, z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Actor } from '../../lib/actor.ts';
import { pgCode } from '../../lib/sql.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { fieldError, notFound } from '../../plugins/errors.ts';
import { checkUser } from './complaints-common.ts';

type TopicInput = z.output<typeof complaintTopicBody>;

interface TopicRow {
  id: number;
  name_en: string;
  name_so: string;
  priority: ComplaintTopic['priority'];
  target_hours: number;
  assignee_id: number | null;
  assignee_name: string | null;
  sms_customer: boolean;
  status: ComplaintTopic['status'];
}

const selectTopics = sql`
  select t.id, t.name_en, t.name_so, t.priority, t.target_hours, t.assignee_id, u.fullname as assignee_name, t.sms_customer, t.status
  from complaint_topics t left join users u on u.id = t.assignee_id`;

const toTopic = (r: TopicRow): ComplaintTopic => ({
  id: Number(r.id),
  nameEn: r.name_en,
  nameSo: r.name_so,
  priority: r.priority,
  targetHours: Number(r.target_hours),
  assigneeId: r.assignee_id === null ? null : Number(r.assignee_id),
  assigneeName: r.assignee_name,
  smsCustomer: Boolean(r.sms_customer),
  status: r.status,
});

export async function listTopics(opts: { tx: Db; activeOnly?: boolean }): Promise<ComplaintTopic[]> {
  const rows = await queryRows<TopicRow>(
    opts.tx,
    sql`${selectTopics} ${opts.activeOnly ? sql`where t.status = 'Active'` : sql``} order by t.status, lower(t.name_en), t.id`,
  );
  return rows.map(toTopic);
}

export async function getTopic(tx: Db, id: number): Promise<ComplaintTopic> {
  const [row] = await queryRows<TopicRow>(tx, sql`${selectTopics} where t.id = ${id}`);
  if (!row) throw notFound();
  return toTopic(row);
}

async function saving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (pgCode(err) === '23505') throw fieldError('nameEn', 'complaints.topicName');
    throw err;
  }
}

export async function createTopic(opts: { tx: Db; actor: Actor; input: TopicInput }): Promise<ComplaintTopic> {
  const { tx, actor, input } = opts;
  if (input.assigneeId !== null) await checkUser(tx, input.assigneeId, 'assigneeId');
  await checkNameFree(tx, input.nameEn, null);
  const [row] = await saving(() =>
    queryRows<{ id: number }>(
      tx,
      sql`insert into complaint_topics (client_id, name_en, name_so, priority, target_hours, assignee_id, sms_customer, status)
          values (${actor.clientId}, ${input.nameEn}, ${input.nameSo}, ${input.priority}, ${input.targetHours}, ${input.assigneeId},
                  ${input.smsCustomer}, ${input.status})
          returning id`,
    ),
  );
  const created = await getTopic(tx, Number(row.id));
  await writeAudit(tx, actor, { action: 'create', entity: 'complaint-topic', entityId: created.id, after: created });
  return created;
}

export async function updateTopic(opts: { tx: Db; actor: Actor; id: number; input: TopicInput }): Promise<ComplaintTopic> {
  const { tx, actor, id, input } = opts;
  const before = await getTopic(tx, id);
  if (input.assigneeId !== null && input.assigneeId !== before.assigneeId) await checkUser(tx, input.assigneeId, 'assigneeId');
  await checkNameFree(tx, input.nameEn, id);
  await saving(() =>
    tx.execute(sql`
      update complaint_topics set name_en = ${input.nameEn}, name_so = ${input.nameSo}, priority = ${input.priority},
             target_hours = ${input.targetHours}, assignee_id = ${input.assigneeId}, sms_customer = ${input.smsCustomer},
             status = ${input.status}, updated_at = now()
      where id = ${id}`),
  );
  const after = await getTopic(tx, id);
  await writeAudit(tx, actor, { action: 'update', entity: 'complaint-topic', entityId: id, before, after });
  return after;
}

/** Checked before writing: a unique violation would abort the transaction on PostgreSQL. */
async function checkNameFree(tx: Db, nameEn: string, id: number | null) {
  const [dup] = await queryRows<{ id: number }>(
    tx,
    sql`select id from complaint_topics where lower(name_en) = lower(${nameEn}) ${id === null ? sql`` : sql`and id <> ${id}`} limit 1`,
  );
  if (dup) throw fieldError('nameEn', 'complaints.topicName');
}

/** The complaint form's choices: active topics and the active users a complaint may go to. */
export async function complaintChoices(opts: { tx: Db }) {
  const topics = await listTopics({ tx: opts.tx, activeOnly: true });
  const users = await queryRows<{ id: number; fullname: string }>(
    opts.tx,
    sql`select id, fullname from users where status = 'Active' order by lower(fullname), id`,
  );
  return { topics, users: users.map((u) => ({ id: Number(u.id), name: u.fullname })) };
}
