// The register equals the books: for every account an asset category posts cost or accumulated
// depreciation to, its ledger balance equals what the register says (the cost of the assets not disposed
// of; their opening accumulated plus posted depreciation), and each asset's depreciated figure equals its
// posted runs' lines. Run by the tests after every scenario (test/asset-invariant.ts).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

export interface AssetDifference {
  clientId: number;
  accountId: number;
  role: 'cost' | 'accumulated';
  register: string;
  ledger: string;
}

export async function verifyAssets(
  tx: Db,
): Promise<{ ok: boolean; accounts: AssetDifference[]; assets: Array<{ assetId: number; depreciated: string; lines: string }> }> {
  const accounts = await queryRows<{ client_id: number; account_id: number; role: 'cost' | 'accumulated'; register: string; ledger: string }>(
    tx,
    sql`
    with used as (
      select distinct client_id, cost_account_id as account_id, 'cost' as role from asset_categories
      union select distinct client_id, accumulated_account_id, 'accumulated' from asset_categories
    ), register as (
      select u.client_id, u.account_id, u.role,
             coalesce(sum(case when u.role = 'cost' then a.cost else -(a.opening_accumulated + a.depreciated) end), 0) as amount
      from used u
      left join asset_categories c on c.client_id = u.client_id
        and (case when u.role = 'cost' then c.cost_account_id else c.accumulated_account_id end) = u.account_id
      left join assets a on a.client_id = c.client_id and a.category_id = c.id and a.status = 'Active'
      group by u.client_id, u.account_id, u.role
    ), ledger as (
      select u.client_id, u.account_id, coalesce(sum(l.debit - l.credit), 0) as amount
      from used u left join journal_lines l on l.client_id = u.client_id and l.account_id = u.account_id
      group by u.client_id, u.account_id
    )
    select r.client_id, r.account_id, r.role, r.amount::text as register, l.amount::text as ledger
    from register r join ledger l on l.client_id = r.client_id and l.account_id = r.account_id
    where r.amount <> l.amount`,
  );
  const assets = await queryRows<{ id: number; depreciated: string; lines: string }>(
    tx,
    sql`select a.id, a.depreciated::text, coalesce(s.total, 0)::text as lines
        from assets a left join (
          select l.client_id, l.asset_id, sum(l.amount) as total from asset_depreciation_lines l
          join asset_depreciation_runs r on r.client_id = l.client_id and r.id = l.run_id where r.status = 'posted'
          group by l.client_id, l.asset_id) s on s.client_id = a.client_id and s.asset_id = a.id
        where a.depreciated <> coalesce(s.total, 0)`,
  );
  return {
    ok: accounts.length === 0 && assets.length === 0,
    accounts: accounts.map((a) => ({ clientId: Number(a.client_id), accountId: Number(a.account_id), role: a.role, register: a.register, ledger: a.ledger })),
    assets: assets.map((a) => ({ assetId: Number(a.id), depreciated: a.depreciated, lines: a.lines })),
  };
}
