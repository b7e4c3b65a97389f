// The market information list (filters: outcome, zone, officer, source, visit period; search on name, phone
// or location), newest visit first.
import { sql } from 'drizzle-orm';
import type { prospectListQuery, z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { type ProspectRow, selectProspects, toProspect } from './prospects.ts';

type ListQuery = z.output<typeof prospectListQuery>;

export async function listProspects(opts: { tx: Db; query: ListQuery }) {
  const { tx, query } = opts;
  const q = query.q?.trim();
  const like = `%${q}%`;
  const where = sql`true
    ${query.outcome ? sql`and p.outcome = ${query.outcome}` : sql``}
    ${query.zoneId ? sql`and p.zone_id = ${query.zoneId}` : sql``}
    ${query.officerId ? sql`and p.officer_id = ${query.officerId}` : sql``}
    ${query.source ? sql`and p.source = ${query.source}` : sql``}
    ${query.from ? sql`and p.visit_date >= ${query.from}::date` : sql``}
    ${query.to ? sql`and p.visit_date <= ${query.to}::date` : sql``}
    ${q ? sql`and (p.name ilike ${like} or p.phone ilike ${like} or p.location ilike ${like})` : sql``}`;
  const rows = await queryRows<ProspectRow>(
    tx,
    sql`${selectProspects} where ${where} order by p.visit_date desc, p.id desc limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
  );
  const [{ total }] = await queryRows<{ total: number }>(tx, sql`select count(*)::int as total from prospects p where ${where}`);
  return { data: rows.map(toProspect), total: Number(total), page: query._page, limit: query._limit };
}
