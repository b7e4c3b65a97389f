// GET /api/elc/stock-moves?itemId=: the stock card of an item, its moves oldest first (at one branch or all),
// each with what it brought in or took out, its cost and the branch's balance after it.
import { sql } from 'drizzle-orm';
import type { StockCardRow, stockCardQuery, z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { dec } from '../../ledger/index.ts';
import { notFound } from '../../plugins/errors.ts';

export async function stockCard(opts: { tx: Db; query: z.output<typeof stockCardQuery> }) {
  const { tx, query } = opts;
  const id = query.itemId;
  const [exists] = await queryRows<{ id: number }>(tx, sql`select id from items where id = ${id}`);
  if (!exists) throw notFound();
  const where = sql`m.item_id = ${id}
    ${query.branchId ? sql`and m.branch_id = ${query.branchId}` : sql``}
    ${query.from ? sql`and m.moved_on >= ${query.from}::date` : sql``}
    ${query.to ? sql`and m.moved_on <= ${query.to}::date` : sql``}`;
  const rows = await queryRows<{
    id: string;
    moved_on: string;
    kind: StockCardRow['kind'];
    source_type: string;
    source_id: string;
    source_no: string | null;
    branch_id: number;
    branch_name: string;
    quantity: string;
    unit_cost: string;
    value: string;
    quantity_after: string;
    value_after: string;
  }>(
    tx,
    sql`
    select m.id, m.moved_on::text, m.kind, m.source_type, m.source_id, m.source_no, m.branch_id, b.name as branch_name,
           m.quantity::text, m.unit_cost::text, m.value::text, m.quantity_after::text, m.value_after::text
    from stock_moves m join branches b on b.id = m.branch_id
    where ${where}
    order by m.id
    limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
  );
  const [{ total }] = await queryRows<{ total: number }>(tx, sql`select count(*)::int as total from stock_moves m where ${where}`);
  const data: StockCardRow[] = rows.map((r) => {
    const q = dec(r.quantity);
    return {
      id: Number(r.id),
      date: r.moved_on,
      kind: r.kind,
      sourceType: r.source_type,
      sourceId: Number(r.source_id),
      sourceNo: r.source_no,
      branchId: Number(r.branch_id),
      branchName: r.branch_name,
      quantityIn: q.greaterThan(0) ? q.toString() : null,
      quantityOut: q.lessThan(0) ? q.negated().toString() : null,
      unitCost: dec(r.unit_cost).toFixed(6),
      value: dec(r.value).toFixed(2),
      quantityAfter: dec(r.quantity_after).toString(),
      valueAfter: dec(r.value_after).toFixed(2),
    };
  });
  return { data, total: Number(total), page: query._page, limit: query._limit };
}
