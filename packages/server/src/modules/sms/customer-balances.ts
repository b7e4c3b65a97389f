// A customer's balance as the ledger has it: the receivable lines posted with party customer (bills debit
// them, payments and credits credit them). Read when a message is queued, so the text shows the balance
// of that moment.
import { sql } from 'drizzle-orm';
import { billMoney } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

export async function customerBalances(tx: Db, clientId: number, customerIds: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (customerIds.length === 0) return out;
  const ids = JSON.stringify([...new Set(customerIds)]);
  const rows = await queryRows<{ party_id: number; balance: string }>(
    tx,
    sql`
    select l.party_id, sum(l.debit - l.credit)::text as balance
    from journal_lines l
    join accounts a on a.client_id = l.client_id and a.id = l.account_id and a.subtype = 'receivable'
    where l.client_id = ${clientId} and l.party_type = 'customer'
      and l.party_id in (select (jsonb_array_elements_text(${ids}::jsonb))::int)
    group by l.party_id`,
  );
  for (const id of customerIds) out.set(id, '0.00');
  for (const r of rows) out.set(r.party_id, billMoney(r.balance));
  return out;
}
