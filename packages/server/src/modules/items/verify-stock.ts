// The stock's self-check, beside the ledger's: every inventory account that items use has a balance in the
// books equal to the value of the stock moves valued on it, and every item-and-branch balance equals the sum of its moves
// and the stock of its last day (stock_daily_balances), whose days add up their moves.
// Read as whoever calls it (an organisation inside its tenant transaction, the operator over all).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

export interface StockReport {
  ok: boolean;
  /** Inventory accounts whose ledger balance differs from their stock value. */
  accounts: Array<{ clientId: number; accountId: number; code: string; ledger: string; stock: string }>;
  /** Item-and-branch balances that differ from their moves. */
  balances: Array<{ clientId: number; itemId: number; branchId: number; quantity: string; movedQuantity: string; value: string; movedValue: string }>;
}

export async function verifyStock(tx: Db, opts: { clientId?: number } = {}): Promise<StockReport> {
  const only = (column: string) => (opts.clientId === undefined ? sql`true` : sql`${sql.raw(column)} = ${opts.clientId}`);
  const accounts = await queryRows<{ client_id: number; account_id: number; code: string; ledger: string; stock: string }>(
    tx,
    sql`
    with ledger as (
      select a.client_id, a.id as account_id, a.code, coalesce(sum(l.debit - l.credit), 0) as total
      from accounts a left join journal_lines l on l.account_id = a.id and l.client_id = a.client_id
      where a.subtype = 'inventory' and ${only('a.client_id')}
        -- Only accounts that hold stock: an inventory account no item uses is the books' alone.
        and exists (select 1 from items i where i.client_id = a.client_id and i.inventory_account_id = a.id)
      group by a.client_id, a.id, a.code
    ), stock as (
      select client_id, inventory_account_id as account_id, sum(value) as total from stock_moves where ${only('client_id')} group by client_id, inventory_account_id
    )
    select ledger.client_id, ledger.account_id, ledger.code, ledger.total::text as ledger, coalesce(stock.total, 0)::text as stock
    from ledger left join stock on stock.client_id = ledger.client_id and stock.account_id = ledger.account_id
    where ledger.total <> coalesce(stock.total, 0)
    order by ledger.client_id, ledger.code`,
  );
  const balances = await queryRows<{
    client_id: number;
    item_id: number;
    branch_id: number;
    quantity: string;
    moved_quantity: string;
    value: string;
    moved_value: string;
  }>(
    tx,
    sql`
    select b.client_id, b.item_id, b.branch_id, b.quantity::text, coalesce(m.quantity, 0)::text as moved_quantity,
           b.value::text, coalesce(m.value, 0)::text as moved_value
    from stock_balances b
    left join (select client_id, item_id, branch_id, sum(quantity) as quantity, sum(value) as value from stock_moves group by 1, 2, 3) m
      on m.client_id = b.client_id and m.item_id = b.item_id and m.branch_id = b.branch_id
    where ${only('b.client_id')} and (b.quantity <> coalesce(m.quantity, 0) or b.value <> coalesce(m.value, 0))
    union all
    -- The stock at the end of the pair's last day (stock_daily_balances) is the balance too, and each
    -- day's stock is the days' moves summed up to it.
    select b.client_id, b.item_id, b.branch_id, b.quantity::text, coalesce(d.quantity, 0)::text, b.value::text, coalesce(d.value, 0)::text
    from stock_balances b
    left join lateral (
      select d.quantity, d.value from stock_daily_balances d
      where d.client_id = b.client_id and d.item_id = b.item_id and d.branch_id = b.branch_id order by d.day desc limit 1
    ) d on true
    where ${only('b.client_id')} and (b.quantity <> coalesce(d.quantity, 0) or b.value <> coalesce(d.value, 0))
    union all
    select d.client_id, d.item_id, d.branch_id, d.quantity::text, d.running_quantity::text, d.value::text, d.running_value::text
    from (
      select client_id, item_id, branch_id, quantity, value,
             sum(day_quantity) over w as running_quantity, sum(day_value) over w as running_value,
             moves, (select count(*) from stock_moves m where m.client_id = s.client_id and m.item_id = s.item_id and m.branch_id = s.branch_id and m.moved_on = s.day) as counted
      from stock_daily_balances s where ${only('client_id')}
      window w as (partition by client_id, item_id, branch_id order by day)
    ) d
    where d.quantity <> d.running_quantity or d.value <> d.running_value or d.moves <> d.counted
    union all
    -- The items' rows over every branch (stock_item_daily_balances, branch 0 here): each day the branch
    -- rows' day summed, and each day's stock the days summed up to it.
    select coalesce(i.client_id, b.client_id), coalesce(i.item_id, b.item_id), 0, coalesce(i.day_quantity, 0)::text, coalesce(b.q, 0)::text,
           coalesce(i.day_value, 0)::text, coalesce(b.v, 0)::text
    from (select * from stock_item_daily_balances where ${only('client_id')}) i
    full join (
      select client_id, item_id, day, sum(day_quantity) as q, sum(day_value) as v, sum(moves) as n
      from stock_daily_balances where ${only('client_id')} group by 1, 2, 3
    ) b on b.client_id = i.client_id and b.item_id = i.item_id and b.day = i.day
    where i.day_quantity is distinct from b.q or i.day_value is distinct from b.v or i.moves is distinct from b.n
    union all
    select client_id, item_id, 0, quantity::text, running_quantity::text, value::text, running_value::text
    from (
      select client_id, item_id, quantity, value, sum(day_quantity) over w as running_quantity, sum(day_value) over w as running_value
      from stock_item_daily_balances where ${only('client_id')}
      window w as (partition by client_id, item_id order by day)
    ) x
    where quantity <> running_quantity or value <> running_value
    order by 1, 2, 3`,
  );
  return {
    ok: accounts.length === 0 && balances.length === 0,
    accounts: accounts.map((a) => ({ clientId: Number(a.client_id), accountId: Number(a.account_id), code: a.code, ledger: a.ledger, stock: a.stock })),
    balances: balances.map((b) => ({
      clientId: Number(b.client_id),
      itemId: Number(b.item_id),
      branchId: Number(b.branch_id),
      quantity: b.quantity,
      movedQuantity: b.moved_quantity,
      value: b.value,
      movedValue: b.moved_value,
    })),
  };
}
