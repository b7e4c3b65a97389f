// Test helpers shared by the ledger and finance tests (not part of the product): accounts by code and
// row counts that prove a refused request wrote nothing.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { inTenant } from '../db/tenant.ts';

/** Account ids of an organisation by code. */
export async function accountsByCode(db: Db, clientId: number): Promise<Record<string, number>> {
  const rows = await inTenant(db, clientId, (tx) =>
    queryRows<{ id: number; code: string }>(tx, sql`select id, code from accounts where client_id = ${clientId}`),
  );
  return Object.fromEntries(rows.map((r) => [r.code, Number(r.id)]));
}

export interface LedgerCounts {
  entries: number;
  lines: number;
  balances: string;
  counters: string;
  audit: number;
  accounts: string;
}

/** Everything a posting or an account change could touch, to compare before and after a refusal. */
export async function ledgerCounts(db: Db, clientId: number): Promise<LedgerCounts> {
  const [row] = await inTenant(db, clientId, (tx) =>
    queryRows<LedgerCounts>(
      tx,
      sql`
      select (select count(*) from journal_entries)::int as entries,
             (select count(*) from journal_lines)::int as lines,
             (select coalesce(string_agg(account_id || ':' || date || ':' || debit || ':' || credit, ',' order by account_id, date), '') from account_daily_balances) as balances,
             (select coalesce(string_agg(series || ':' || next_no, ',' order by series), '') from document_counters) as counters,
             (select count(*) from audit_log)::int as audit,
             (select coalesce(string_agg(id || ':' || code || ':' || status || ':' || name_en || ':' || type, ',' order by id), '') from accounts) as accounts`,
    ),
  );
  return row;
}
