// The stock reports, read from the balance rows the moves keep (stock_daily_balances): the stock of an item
// and branch at a date is its last day row on or before it, one index probe per pair, whatever the number
// of moves.
// * itemTransaction: one item's stock card over a period, in date order: brought forward, each move
//   (document, in, out, cost, value) with the running balance, the totals and the stock carried.
// * stockOnHand: every stocked good's quantity, average cost and value as at a date, at one branch or all.
import { sql } from 'drizzle-orm';
import type { ItemTransactionLine, ItemTransactionReport, StockOnHandReport, itemTransactionQuery, stockOnHandQuery, z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { Decimal, dec } from '../../ledger/index.ts';
import { notFound } from '../../plugins/errors.ts';

/** The day before an ISO date. */
function dayBefore(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** The item's stock at the end of `date` (null: now), at one branch or all. */
async function itemStockAt(tx: Db, itemId: number, branchId: number | undefined, date: string | null) {
  const [row] = await queryRows<{ quantity: string; value: string }>(
    tx,
    date === null
      ? sql`select coalesce(sum(quantity), 0)::text as quantity, coalesce(sum(value), 0)::text as value from stock_balances
            where item_id = ${itemId} ${branchId ? sql`and branch_id = ${branchId}` : sql``}`
      : !branchId
        ? sql`select coalesce(sum(d.quantity), 0)::text as quantity, coalesce(sum(d.value), 0)::text as value
              from (select d.quantity, d.value from stock_item_daily_balances d
                    where d.client_id = app_client_id() and d.item_id = ${itemId} and d.day <= ${date}::date order by d.day desc limit 1) d`
        : sql`select coalesce(sum(d.quantity), 0)::text as quantity, coalesce(sum(d.value), 0)::text as value
            from stock_balances b
            cross join lateral (
              select d.quantity, d.value from stock_daily_balances d
              where d.client_id = b.client_id and d.item_id = b.item_id and d.branch_id = b.branch_id and d.day <= ${date}::date
              order by d.day desc limit 1
            ) d
            where b.item_id = ${itemId} ${branchId ? sql`and b.branch_id = ${branchId}` : sql``}`,
  );
  return { quantity: dec(row.quantity), value: dec(row.value) };
}

export async function itemTransaction(opts: { tx: Db; query: z.output<typeof itemTransactionQuery> }): Promise<ItemTransactionReport> {
  const { tx, query } = opts;
  const [item] = await queryRows<{ id: number; code: string; name: string; unit_name: string | null }>(
    tx,
    sql`select i.id, i.code, i.name, u.name as unit_name from items i left join units u on u.id = i.unit_id where i.id = ${query.itemId}`,
  );
  if (!item) throw notFound();
  const [branch] = query.branchId ? await queryRows<{ name: string }>(tx, sql`select name from branches where id = ${query.branchId}`) : [];
  const start = query.startDate ?? null;
  const end = query.endDate ?? null;
  const opening = start ? await itemStockAt(tx, query.itemId, query.branchId, dayBefore(start)) : { quantity: new Decimal(0), value: new Decimal(0) };
  const where = sql`m.item_id = ${query.itemId}
    ${query.branchId ? sql`and m.branch_id = ${query.branchId}` : sql``}
    ${start ? sql`and m.moved_on >= ${start}::date` : sql``}
    ${end ? sql`and m.moved_on <= ${end}::date` : sql``}`;
  const rows = await queryRows<{
    id: string;
    moved_on: string;
    kind: ItemTransactionLine['kind'];
    source_type: string;
    source_id: string;
    source_no: string | null;
    branch_name: string;
    quantity: string;
    unit_cost: string;
    value: string;
    running_quantity: string;
    running_value: string;
  }>(
    tx,
    sql`
    select m.id, m.moved_on::text, m.kind, m.source_type, m.source_id, m.source_no, b.name as branch_name, m.quantity::text, m.unit_cost::text,
           m.value::text, m.running_quantity::text, m.running_value::text
    from (
      select m.*, sum(m.quantity) over w as running_quantity, sum(m.value) over w as running_value
      from stock_moves m where ${where}
      window w as (order by m.moved_on, m.id)
      order by m.moved_on, m.id
      limit ${query._limit} offset ${(query._page - 1) * query._limit}
    ) m join branches b on b.id = m.branch_id
    order by m.moved_on, m.id`,
  );
  const [totals] = await queryRows<{ n: number; qin: string; qout: string; value: string }>(
    tx,
    sql`select count(*)::int as n, coalesce(sum(greatest(m.quantity, 0)), 0)::text as qin, coalesce(sum(greatest(-m.quantity, 0)), 0)::text as qout,
               coalesce(sum(m.value), 0)::text as value
        from stock_moves m where ${where}`,
  );
  const closingQuantity = opening.quantity.plus(dec(totals.qin)).minus(dec(totals.qout));
  const closingValue = opening.value.plus(dec(totals.value));
  return {
    item: { id: Number(item.id), code: item.code, name: item.name, unitName: item.unit_name },
    branchName: branch?.name ?? null,
    startDate: start,
    endDate: end,
    opening: { quantity: opening.quantity.toString(), value: opening.value.toFixed(2) },
    lines: rows.map((r) => {
      const q = dec(r.quantity);
      return {
        id: Number(r.id),
        date: r.moved_on,
        kind: r.kind,
        sourceType: r.source_type,
        sourceId: Number(r.source_id),
        document: r.source_no,
        branchName: r.branch_name,
        quantityIn: q.greaterThan(0) ? q.toString() : null,
        quantityOut: q.lessThan(0) ? q.negated().toString() : null,
        unitCost: dec(r.unit_cost).toFixed(6),
        value: dec(r.value).toFixed(2),
        balance: opening.quantity.plus(dec(r.running_quantity)).toString(),
        balanceValue: opening.value.plus(dec(r.running_value)).toFixed(2),
      };
    }),
    totals: { quantityIn: dec(totals.qin).toString(), quantityOut: dec(totals.qout).toString(), value: dec(totals.value).toFixed(2) },
    closing: { quantity: closingQuantity.toString(), value: closingValue.toFixed(2) },
    total: Number(totals.n),
    page: query._page,
    limit: query._limit,
  };
}

export async function stockOnHand(opts: { tx: Db; query: z.output<typeof stockOnHandQuery> }): Promise<StockOnHandReport> {
  const { tx, query } = opts;
  const [{ today }] = await queryRows<{ today: string }>(tx, sql`select current_date::text as today`);
  const date = query.date ?? today;
  const itemFilter = sql`i.kind = 'stock'
    ${query.categoryId ? sql`and i.category_id = ${query.categoryId}` : sql``}
    ${query.q ? sql`and (i.code ilike ${`%${query.q}%`} or i.name ilike ${`%${query.q}%`})` : sql``}`;
  // Per item over every branch (one probe per item), or per item and branch at one branch.
  const stockAt = (d: string) =>
    query.branchId
      ? sql`select b.item_id, d.quantity, d.value
            from stock_balances b join items i on i.id = b.item_id
            cross join lateral (
              select d.quantity, d.value from stock_daily_balances d
              where d.client_id = b.client_id and d.item_id = b.item_id and d.branch_id = b.branch_id and d.day <= ${d}::date
              order by d.day desc limit 1
            ) d
            where ${itemFilter} and b.branch_id = ${query.branchId} and (d.quantity <> 0 or d.value <> 0)`
      : sql`select i.id as item_id, d.quantity, d.value
            from items i
            cross join lateral (
              select d.quantity, d.value from stock_item_daily_balances d
              where d.client_id = i.client_id and d.item_id = i.id and d.day <= ${d}::date
              order by d.day desc limit 1
            ) d
            where ${itemFilter} and (d.quantity <> 0 or d.value <> 0)`;
  const rows = await queryRows<{
    item_id: number;
    code: string;
    name: string;
    category_name: string | null;
    unit_name: string | null;
    quantity: string;
    value: string;
    items: number;
    total_value: string;
  }>(
    tx,
    sql`
    with s as (${stockAt(date)})
    select i.id as item_id, i.code, i.name, c.name as category_name, u.name as unit_name, s.quantity::text, s.value::text,
           count(*) over ()::int as items, sum(s.value) over ()::text as total_value
    from s join items i on i.id = s.item_id
    left join categories c on c.id = i.category_id left join units u on u.id = i.unit_id
    order by lower(i.code), i.id
    limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
  );
  let items = rows[0]?.items ?? 0;
  let totalValue = rows[0]?.total_value ?? '0';
  if (rows.length === 0 && query._page > 1) {
    // Past the last page: the totals still cover every row.
    const [t] = await queryRows<{ items: number; total_value: string }>(
      tx,
      sql`select count(*)::int as items, coalesce(sum(s.value), 0)::text as total_value from (${stockAt(date)}) s`,
    );
    items = t.items;
    totalValue = t.total_value;
  }
  return {
    date,
    rows: rows.map((r) => {
      const q = dec(r.quantity);
      const v = dec(r.value);
      return {
        itemId: Number(r.item_id),
        code: r.code,
        name: r.name,
        categoryName: r.category_name,
        unitName: r.unit_name,
        quantity: q.toString(),
        averageCost: q.greaterThan(0) ? v.dividedBy(q).toDecimalPlaces(6, Decimal.ROUND_HALF_EVEN).toFixed(6) : '0.000000',
        value: v.toFixed(2),
      };
    }),
    totals: { items: Number(items), value: dec(totalValue).toFixed(2) },
    total: Number(items),
    page: query._page,
    limit: query._limit,
  };
}
