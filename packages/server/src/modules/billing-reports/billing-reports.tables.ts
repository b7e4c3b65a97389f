// The per-customer receivable sums of migrations/0026_billing_reports.sql (written only by the trigger on
// journal_lines), for typed reads.
import { integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

export const customerLedgerBalances = pgTable(
  'customer_ledger_balances',
  {
    clientId: integer('client_id').notNull(),
    accountId: integer('account_id').notNull(),
    customerId: integer('customer_id').notNull(),
    sourceType: text('source_type').notNull(),
    debit: numeric('debit').notNull(),
    credit: numeric('credit').notNull(),
    lineCount: integer('line_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.accountId, t.customerId, t.sourceType] })],
);
