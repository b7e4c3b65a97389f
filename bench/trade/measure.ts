// Measures the stock reports through the real app (buildApp + app.inject as a signed-in administrator:
// token, tenant transaction, validation, JSON) beside two bare SQL versions of the same answer in a tenant
// transaction with no HTTP layer: the floor of the app's own query (the daily balance rows), and the
// answer straight from the one million stock moves (what the report would cost without balance rows).
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../packages/server/src/db/client.ts';
import { queryRows } from '../../packages/server/src/db/rows.ts';
import { inTenant } from '../../packages/server/src/db/tenant.ts';
import { median, percentile, timed } from '../stats.ts';

export interface TradeTiming {
  name: string;
  url: string;
  apiMedian: number;
  apiP95: number;
  floorMedian: number;
  movesMedian: number;
}

interface Case {
  name: string;
  url: string;
  /** The app's query (balance rows), bare. */
  floor: SQL;
  /** The same figures from stock_moves alone. */
  moves: SQL;
}

const AT = '2025-06-30';
const YEAR_START = '2025-01-01';
const YEAR_END = '2025-12-31';

async function cases(db: Db, clientId: number, branchId: number): Promise<Case[]> {
  const [busiest] = await inTenant(db, clientId, (tx) =>
    queryRows<{ item_id: number; n: number }>(
      tx,
      sql`select item_id, sum(moves)::int as n from stock_daily_balances group by item_id order by 2 desc, 1 limit 1`,
    ),
  );
  const item = Number(busiest.item_id);
  const lastDay = (date: string) => sql`
    select d.quantity, d.value from stock_daily_balances d
    where d.client_id = b.client_id and d.item_id = b.item_id and d.branch_id = b.branch_id and d.day <= ${date}::date
    order by d.day desc limit 1`;
  const cardPage = sql`
    select m.*, sum(m.quantity) over w as rq, sum(m.value) over w as rv from stock_moves m
    where m.client_id = ${clientId} and m.item_id = ${item} and m.moved_on between ${YEAR_START} and ${YEAR_END}
    window w as (order by m.moved_on, m.id) order by m.moved_on, m.id limit 100`;
  return [
    {
      name: `Stock card of one item (all branches, ${YEAR_START.slice(0, 4)}, first page of 100, brought forward and totals)`,
      url: `/api/elc/stock-reports/item-transaction?itemId=${item}&startDate=${YEAR_START}&endDate=${YEAR_END}`,
      floor: sql`
        select (select d.quantity from stock_item_daily_balances d where d.client_id = ${clientId} and d.item_id = ${item} and d.day <= '2024-12-31'
                order by d.day desc limit 1) as opening,
               (select count(*) from stock_moves m where m.client_id = ${clientId} and m.item_id = ${item} and m.moved_on between ${YEAR_START} and ${YEAR_END}) as n,
               (select json_agg(p) from (${cardPage}) p) as page`,
      moves: sql`
        select (select sum(quantity) from stock_moves where client_id = ${clientId} and item_id = ${item} and moved_on < ${YEAR_START}) as opening,
               (select count(*) from stock_moves m where m.client_id = ${clientId} and m.item_id = ${item} and m.moved_on between ${YEAR_START} and ${YEAR_END}) as n,
               (select json_agg(p) from (${cardPage}) p) as page`,
    },
    {
      name: `Stock on hand and value of every item, all branches, as at ${AT} (first page of 100, totals of all)`,
      url: `/api/elc/stock-reports/stock-on-hand?date=${AT}`,
      floor: sql`
        select i.id, d.quantity, d.value from items i cross join lateral (
          select d.quantity, d.value from stock_item_daily_balances d
          where d.client_id = i.client_id and d.item_id = i.id and d.day <= ${AT}::date order by d.day desc limit 1
        ) d where i.kind = 'stock'`,
      moves: sql`
        select item_id, sum(quantity) as quantity, sum(value) as value from stock_moves
        where client_id = ${clientId} and moved_on <= ${AT}::date group by item_id`,
    },
    {
      name: 'Stock on hand and value of every item at one branch, today',
      url: `/api/elc/stock-reports/stock-on-hand?branchId=${branchId}`,
      floor: sql`
        select b.item_id, d.quantity, d.value from stock_balances b cross join lateral (${lastDay('2999-12-31')}) d where b.branch_id = ${branchId}`,
      moves: sql`select item_id, sum(quantity), sum(value) from stock_moves where client_id = ${clientId} and branch_id = ${branchId} group by item_id`,
    },
  ];
}

export async function measureTradeReports(opts: { app: FastifyInstance; db: Db; clientId: number; token: string; runs: number }): Promise<TradeTiming[]> {
  const { app, db, clientId, token, runs } = opts;
  const [branch] = await inTenant(db, clientId, (tx) => queryRows<{ id: number }>(tx, sql`select id from branches order by id limit 1`));
  const out: TradeTiming[] = [];
  for (const c of await cases(db, clientId, Number(branch.id))) {
    const call = async () => {
      const res = await app.inject({ method: 'GET', url: c.url, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) throw new Error(`${c.url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    };
    const floor = () => inTenant(db, clientId, (tx) => queryRows(tx, c.floor));
    const moves = () => inTenant(db, clientId, (tx) => queryRows(tx, c.moves));
    for (let i = 0; i < 2; i++) {
      await call();
      await floor();
      await moves();
    }
    const api: number[] = [];
    const f: number[] = [];
    const m: number[] = [];
    for (let i = 0; i < runs; i++) {
      api.push((await timed(call)).ms);
      f.push((await timed(floor)).ms);
      if (i < Math.min(runs, 5)) m.push((await timed(moves)).ms);
    }
    out.push({ name: c.name, url: c.url, apiMedian: median(api), apiP95: percentile(api, 95), floorMedian: median(f), movesMedian: median(m) });
  }
  return out;
}
