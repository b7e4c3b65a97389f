// Customer balances from the ledger: the sum of the receivable account's lines that name the customer as
// party (bills, payments, opening balances, balance transfers), read from customer_ledger_balances, which
// every posting keeps in its own transaction (0026) and verifyLedger checks against the lines. Positive: the customer owes; negative:
// the customer is in credit. Their sum over all customers is the receivable account's balance.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { SYSTEM_ACCOUNTS, money } from '../../ledger/index.ts';

/** The balance of each customer (every customer with a receivable line, or exactly the ones asked for). */
export async function customerBalances(tx: Db, clientId: number, customerIds?: readonly number[]): Promise<Map<number, string>> {
  const only = customerIds ? JSON.stringify([...new Set(customerIds)]) : null;
  if (customerIds && customerIds.length === 0) return new Map();
  const rows = await queryRows<{ customer_id: number; balance: string }>(
    tx,
    sql`
    select b.customer_id, sum(b.debit - b.credit)::text as balance
    from customer_ledger_balances b join accounts a on a.client_id = b.client_id and a.id = b.account_id
    where b.client_id = ${clientId} and a.code = ${SYSTEM_ACCOUNTS.receivable}
      ${only ? sql`and b.customer_id in (select (jsonb_array_elements_text(${only}::jsonb))::int)` : sql``}
    group by b.customer_id`,
  );
  const out = new Map<number, string>((customerIds ?? []).map((id) => [id, '0.00']));
  for (const r of rows) out.set(Number(r.customer_id), money(r.balance));
  return out;
}

/** One customer's balance. */
export async function customerBalance(tx: Db, clientId: number, customerId: number): Promise<string> {
  return (await customerBalances(tx, clientId, [customerId])).get(customerId) ?? '0.00';
}
