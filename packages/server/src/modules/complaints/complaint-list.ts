// The complaints list (filters: status, topic, assignee, customer, period logged, mine, overdue; a search on
// the reference, the customer's or caller's name and phone, or the description), and the count of open
// complaints assigned to a user and past their due time (the navbar bell calls it).
import { type SQL, sql } from 'drizzle-orm';
import type { complaintListQuery, z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Actor } from '../../lib/actor.ts';
import { type ComplaintRow, selectComplaints, toComplaint } from './complaints-common.ts';

type ListQuery = z.output<typeof complaintListQuery>;

function filters(query: ListQuery, actor: Actor): SQL {
  const q = query.q?.trim();
  const ref = q?.match(/^(?:CMP-)?(\d{4})-0*(\d{1,9})$/i);
  const like = `%${q}%`;
  return sql`true
    ${query.status ? sql`and c.status = ${query.status}` : sql``}
    ${query.topicId ? sql`and c.topic_id = ${query.topicId}` : sql``}
    ${query.assigneeId ? sql`and c.assignee_id = ${query.assigneeId}` : sql``}
    ${query.customerId ? sql`and c.customer_id = ${query.customerId}` : sql``}
    ${query.from ? sql`and c.created_at >= ${query.from}::date` : sql``}
    ${query.to ? sql`and c.created_at < ${query.to}::date + 1` : sql``}
    ${query.mine ? sql`and c.assignee_id = ${actor.userId}` : sql``}
    ${query.overdue ? sql`and c.status in ('Pending', 'InProgress') and c.due_at < now()` : sql``}
    ${
      q
        ? ref
          ? sql`and c.ref_year = ${Number(ref[1])} and c.ref_no = ${Number(ref[2])}`
          : sql`and (c.description ilike ${like} or c.caller_name ilike ${like} or c.caller_phone ilike ${like}
                    or exists (select 1 from customers cs where cs.id = c.customer_id
                               and (cs.name ilike ${like} or cs.phone ilike ${like} or cs.customer_no ilike ${like})))`
        : sql``
    }`;
}

export async function listComplaints(opts: { tx: Db; actor: Actor; query: ListQuery }) {
  const { tx, actor, query } = opts;
  const where = filters(query, actor);
  const rows = await queryRows<ComplaintRow>(
    tx,
    sql`${selectComplaints} where ${where} order by c.created_at desc, c.id desc limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
  );
  const [{ total }] = await queryRows<{ total: number }>(tx, sql`select count(*)::int as total from complaints c where ${where}`);
  return { data: rows.map(toComplaint), total: Number(total), page: query._page, limit: query._limit };
}

/**
 * How many open complaints (Pending or In progress) are assigned to the user and past their due time, in the
 * caller's transaction (row-level security keeps it to the organisation). For the notification bell.
 */
export async function countOverdueAssigned(opts: { tx: Db; userId: number }): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    opts.tx,
    sql`select count(*)::int as n from complaints
        where assignee_id = ${opts.userId} and status in ('Pending', 'InProgress') and due_at < now()`,
  );
  return Number(row?.n ?? 0);
}
