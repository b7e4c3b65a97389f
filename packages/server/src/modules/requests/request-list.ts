// The requests list (filters: status, type, branch, department, period of creation, mine, a search on the
// reference or purpose) and the list waiting for the caller's action: the steps their privileges allow,
// never their own requests, oldest submission first. A caller who may not list everyone's requests sees
// only their own (the route decides, `onlyMine`).
import { type SQL, sql } from 'drizzle-orm';
import type { requestListQuery, z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Actor } from '../../lib/actor.ts';
import { type RequestRow, selectRequests, toRequest } from './requests-common.ts';

type ListQuery = z.output<typeof requestListQuery>;

function filters(query: ListQuery, actor: Actor, onlyMine: boolean): SQL {
  const q = query.q?.trim();
  const ref = q?.match(/^(?:REQ-)?(\d{4})-0*(\d{1,9})$/i);
  return sql`true
    ${query.status ? sql`and r.status = ${query.status}` : sql``}
    ${query.type ? sql`and r.type = ${query.type}` : sql``}
    ${query.branchId ? sql`and r.branch_id = ${query.branchId}` : sql``}
    ${query.department ? sql`and lower(r.department) = lower(${query.department})` : sql``}
    ${query.from ? sql`and r.created_at >= ${query.from}::date` : sql``}
    ${query.to ? sql`and r.created_at < ${query.to}::date + 1` : sql``}
    ${query.mine || onlyMine ? sql`and r.requester_id = ${actor.userId}` : sql``}
    ${
      q
        ? ref
          ? sql`and r.ref_year = ${Number(ref[1])} and r.ref_no = ${Number(ref[2])}`
          : sql`and (r.purpose ilike ${`%${q}%`} or r.department ilike ${`%${q}%`})`
        : sql``
    }`;
}

async function page(tx: Db, query: ListQuery, where: SQL, order: SQL) {
  const rows = await queryRows<RequestRow>(
    tx,
    sql`${selectRequests} where ${where} order by ${order} limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
  );
  const [{ total }] = await queryRows<{ total: number }>(tx, sql`select count(*)::int as total from requests r where ${where}`);
  return { data: rows.map(toRequest), total: Number(total), page: query._page, limit: query._limit };
}

export async function listRequests(opts: { tx: Db; actor: Actor; query: ListQuery; onlyMine: boolean }) {
  const { tx, actor, query, onlyMine } = opts;
  return page(tx, query, filters(query, actor, onlyMine), sql`r.created_at desc, r.id desc`);
}

export async function awaitingRequests(opts: { tx: Db; actor: Actor; query: ListQuery; canFirstApprove: boolean; canApprove: boolean }) {
  const { tx, actor, query, canFirstApprove, canApprove } = opts;
  const statuses = [...(canFirstApprove ? ['Submitted'] : []), ...(canApprove ? ['FirstApproved'] : [])];
  if (statuses.length === 0) return { data: [], total: 0, page: query._page, limit: query._limit };
  const where = sql`${filters({ ...query, status: undefined, mine: false }, actor, false)}
    and r.status in (${sql.join(
      statuses.map((s) => sql`${s}`),
      sql`, `,
    )}) and r.requester_id <> ${actor.userId}`;
  return page(tx, query, where, sql`r.submitted_at, r.id`);
}
