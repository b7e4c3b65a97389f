// Builds the trade benchmark's organisation fast with set-based SQL: three branches, ten categories,
// N items (stocked goods on the inventory account), V vendors, and M stock moves over two years
// (2024-2025) spread evenly over every item and branch, with their balances and daily balance rows,
// exactly as writeStockMoves would have left them:
// * each item has one cost per unit (1.00 to 99.99) and moves whole units, so the moving average never
//   rounds: a move in is worth quantity x cost, a move out (partial or whole) the same, as costMove gives;
// * the moves of an item and branch alternate in (purchase, 5 to 50 units) and out (sale, 1 unit up to
//   what the move before brought in), so stock never goes below zero; dates never go backwards, ids
//   follow the dates, and quantity_after / value_after are the running sums;
// * stock_balances is each pair's last running figure, stock_daily_balances each pair's days and
//   stock_item_daily_balances each item's days over the branches (the same INSERT ... GROUP BY as the
//   backfills of migrations 0054 and 0055);
// * foreign-key triggers are skipped for the bulk inserts (session_replication_role = replica, this
//   transaction only): the rows name only keys inserted just before them;
// * the books: one entry (postJournal) puts the stock's value on the inventory account against opening
//   balance equity, so verifyStock holds.
import { sql } from 'drizzle-orm';
import type { Db } from '../../packages/server/src/db/client.ts';
import { queryRows } from '../../packages/server/src/db/rows.ts';
import { inSystem, inTenant } from '../../packages/server/src/db/tenant.ts';
import { postJournal, systemAccountId } from '../../packages/server/src/ledger/index.ts';

export interface GeneratedTrade {
  items: number;
  vendors: number;
  branches: number;
  moves: number;
  dailyRows: number;
  stockValue: string;
  seconds: number;
}

export async function generateTrade(
  db: Db,
  opts: { clientId: number; userId: number; items: number; vendors: number; moves: number },
): Promise<GeneratedTrade> {
  const { clientId, userId } = opts;
  const start = process.hrtime.bigint();
  await inSystem(db, async (tx) => {
    await tx.execute(sql`insert into branches (client_id, name, address) select ${clientId}, 'Store ' || g, 'Bench street ' || g from generate_series(2, 3) g`);
    await tx.execute(sql`insert into categories (client_id, name) select ${clientId}, 'Category ' || g from generate_series(1, 10) g`);
    await tx.execute(sql`
      insert into vendors (client_id, number, name, phone, payment_terms_days, created_by)
      select ${clientId}, 'V-' || lpad(g::text, 4, '0'), 'Vendor ' || g, '0615' || lpad(g::text, 6, '0'), 30, ${userId}
      from generate_series(1, ${opts.vendors}) g`);
    await tx.execute(sql`
      with a as (
        select (select id from accounts where client_id = ${clientId} and code = '4050') as income,
               (select id from accounts where client_id = ${clientId} and code = '5010') as expense,
               (select id from accounts where client_id = ${clientId} and code = '1200') as inventory,
               (select array_agg(id order by id) from categories where client_id = ${clientId}) as cats
      )
      insert into items (client_id, code, name, kind, category_id, sale_price, purchase_price, income_account_id, expense_account_id, inventory_account_id, created_by)
      select ${clientId}, 'IT-' || lpad(g::text, 5, '0'), 'Item ' || g, 'stock', a.cats[1 + g % 10],
             ((100 + (g * 7919) % 9900)::numeric / 100) * 1.3, (100 + (g * 7919) % 9900)::numeric / 100, a.income, a.expense, a.inventory, ${userId}
      from generate_series(1, ${opts.items}) g, a`);
    // The generated rows are consistent by construction (every key they name was inserted just above), so
    // their foreign-key triggers are skipped for the bulk inserts (the owner runs this, as a restore would):
    // a million moves otherwise pay one key check each. Only this transaction is affected (SET LOCAL).
    await tx.execute(sql`set local session_replication_role = replica`);
    // Pairs (item, branch) numbered 0..P-1; move i belongs to pair (i-1) % P as its k-th move.
    await tx.execute(sql`
      create temporary table bench_pairs on commit drop as
      select row_number() over (order by i.id, b.id) - 1 as p, i.id as item_id, b.id as branch_id, i.purchase_price as cost
      from items i cross join branches b where i.client_id = ${clientId} and b.client_id = ${clientId}`);
    await tx.execute(sql`create index on bench_pairs (p)`);
    const [{ pairs }] = await queryRows<{ pairs: number }>(tx, sql`select count(*)::int as pairs from bench_pairs`);
    const perPair = Math.ceil(opts.moves / pairs);
    await tx.execute(sql`
      insert into stock_moves (client_id, item_id, branch_id, moved_on, kind, quantity, value, unit_cost, quantity_after, value_after,
                               inventory_account_id, source_type, source_id, source_no, created_by)
      select ${clientId}, x.item_id, x.branch_id, x.moved_on, x.kind, x.q, x.q * x.cost, x.cost,
             sum(x.q) over w, sum(x.q * x.cost) over w,
             (select id from accounts where client_id = ${clientId} and code = '1200'), 'bench', x.i, 'BN-' || x.i, ${userId}
      from (
        select g as i, p.item_id, p.branch_id, p.cost, k,
               date '2024-01-01' + ((k - 1) * 730 / ${perPair})::int as moved_on,
               case when k % 2 = 1 then 'purchase' else 'sale' end as kind,
               case when k % 2 = 1 then (5 + (p.p * 31 + k * 17) % 46)::numeric
                    else -(1 + (p.p * 13 + k * 7) % (5 + (p.p * 31 + (k - 1) * 17) % 46))::numeric end as q
        from generate_series(1, ${opts.moves}) g
        cross join lateral (select (g - 1) % ${pairs} as pn, (g - 1) / ${pairs} + 1 as k) n
        join bench_pairs p on p.p = n.pn
      ) x
      window w as (partition by x.item_id, x.branch_id order by x.k)
      order by x.i`);
    await tx.execute(sql`
      insert into stock_balances (client_id, item_id, branch_id, quantity, value, last_unit_cost)
      select ${clientId}, p.item_id, p.branch_id, coalesce(sum(m.quantity), 0), coalesce(sum(m.value), 0), p.cost
      from bench_pairs p left join stock_moves m on m.client_id = ${clientId} and m.item_id = p.item_id and m.branch_id = p.branch_id
      group by p.item_id, p.branch_id, p.cost`);
    await tx.execute(sql`
      insert into stock_daily_balances (client_id, item_id, branch_id, day, quantity, value, day_quantity, day_value, moves)
      select client_id, item_id, branch_id, moved_on, sum(sum(quantity)) over w, sum(sum(value)) over w, sum(quantity), sum(value), count(*)
      from stock_moves where client_id = ${clientId}
      group by client_id, item_id, branch_id, moved_on
      window w as (partition by client_id, item_id, branch_id order by moved_on)`);
    await tx.execute(sql`
      insert into stock_item_daily_balances (client_id, item_id, day, quantity, value, day_quantity, day_value, moves)
      select client_id, item_id, day, sum(sum(day_quantity)) over w, sum(sum(day_value)) over w, sum(day_quantity), sum(day_value), sum(moves)
      from stock_daily_balances where client_id = ${clientId}
      group by client_id, item_id, day
      window w as (partition by client_id, item_id order by day)`);
    await tx.execute(sql`set local session_replication_role = origin`);
    await tx.execute(sql`analyze stock_moves`);
    await tx.execute(sql`analyze stock_item_daily_balances`);
    await tx.execute(sql`analyze stock_daily_balances`);
    await tx.execute(sql`analyze stock_balances`);
    await tx.execute(sql`analyze items`);
  });
  const [{ value }] = await inSystem(db, (tx) =>
    queryRows<{ value: string }>(tx, sql`select coalesce(sum(value), 0)::text as value from stock_balances where client_id = ${clientId}`),
  );
  await inTenant(db, clientId, async (tx) => {
    const inventory = await systemAccountId(tx, clientId, 'inventory');
    const equity = await systemAccountId(tx, clientId, 'openingBalance');
    await postJournal(tx, {
      clientId,
      date: '2023-12-31',
      reference: 'BENCH-STOCK',
      memo: 'Benchmark stock',
      sourceType: 'journal',
      userId,
      lines: [
        { accountId: inventory, debit: value },
        { accountId: equity, credit: value },
      ],
    });
  });
  const [counts] = await inSystem(db, (tx) =>
    queryRows<{ moves: number; daily: number; branches: number }>(
      tx,
      sql`select (select count(*)::int from stock_moves where client_id = ${clientId}) as moves,
                 (select count(*)::int from stock_daily_balances where client_id = ${clientId}) as daily,
                 (select count(*)::int from branches where client_id = ${clientId}) as branches`,
    ),
  );
  return {
    items: opts.items,
    vendors: opts.vendors,
    branches: Number(counts.branches),
    moves: Number(counts.moves),
    dailyRows: Number(counts.daily),
    stockValue: value,
    seconds: Number(process.hrtime.bigint() - start) / 1e9,
  };
}
