// What every billing report runs with: the caller's tenant transaction, organisation and language, and
// the settings of that transaction for reading a hundred thousand customers at once.
import { sql } from 'drizzle-orm';
import type { Lang } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';

export interface ReportScope {
  tx: Db;
  clientId: number;
  lang: Lang;
}

/**
 * For this transaction only: no JIT compilation (its estimates over many CTEs cost seconds to compile a
 * statement that runs in a fraction of one) and room to group a customer per row in memory.
 */
export async function tuneForReports(tx: Db): Promise<void> {
  await tx.execute(sql`select set_config('jit', 'off', true), set_config('work_mem', '64MB', true)`);
}

/**
 * For this transaction only: plan without hash aggregation and hash joins. The per-customer reports
 * group 100,000 customers; PostgreSQL's hash tables of that many numeric sums cost more than walking
 * the customer-ordered indexes (customer_ledger_balances, bills_unpaid, houses_customer_first) and
 * merging, measured on the 100,000-customer benchmark for the ageing, zone and customer summaries.
 */
export async function planWithoutHashing(tx: Db): Promise<void> {
  await tx.execute(sql`select set_config('enable_hashagg', 'off', true), set_config('enable_hashjoin', 'off', true)`);
}
