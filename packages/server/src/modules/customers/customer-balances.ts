// Customer balances from the ledger: the sum of the receivable account's lines that name the customer as
// party (bills, payments, opening balances, balance transfers). Positive: the customer owes; negative:
// the customer is in credit. Their sum over all customers is the receivable account's balance.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { SYSTEM_ACCOUNTS, money } from '../../ledger/index.ts';

/** The balance of each customer (every customer with a receivable line, or exactly the ones asked for). */
export async function customerBalances(tx: Db, clientId: number, customerIds?: readonly number[]): Promise<Map<number, string>> {
  const only = customerIds ? JSON.stringify([...new Set(customerIds)]) : null;
  if (customerIds && customerIds.length === 0) return new Map();
  const rows = await queryRows<{ customer_id: number; balance: string }>(tx, sql`
    select l.party_id as customer_id, sum(l.debit - l.credit)::text as balance
    from journal_lines l join accounts a on a.client_id = l.client_id and a.id = l.account_id
    where l.client_id = ${clientId} and l.party_type = 'customer' and a.code = ${SYSTEM_ACCOUNTS.receivable}
      ${only ? sql`and l.party_id in (select (jsonb_array_elements_text(${only}::jsonb))::int)` : sql``}
    group by l.party_id`);
  const out = new Map<number, string>((customerIds ?? []).map((id) => [id, '0.00']));
  for (const r of rows) out.set(Number(r.customer_id), money(r.balance));
  return out;
}

/** One customer's balance. */
export async function customerBalance(tx: Db, clientId: number, customerId: number): Promise<string> {
  return (await customerBalances(tx, clientId, [customerId])).get(customerId) ?? '0.00';
}
