// Drizzle mirror of migrations/0014_budgets.sql and 0015_reconciliations.sql (the SQL is the record:
// triggers, grants and row-level security live there).
import { bigint, integer, numeric, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

export const budgets = pgTable('budgets', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  accountId: integer('account_id').notNull(),
  year: smallint('year').notNull(),
  month: smallint('month').notNull(),
  amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const reconciliations = pgTable('reconciliations', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  accountId: integer('account_id').notNull(),
  period: text('period').notNull(),
  statementBalance: numeric('statement_balance', { precision: 18, scale: 2 }).notNull(),
  status: text('status').notNull().default('draft'),
  ledgerBalance: numeric('ledger_balance'),
  clearedBalance: numeric('cleared_balance'),
  completedBy: integer('completed_by'),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const reconciliationItems = pgTable(
  'reconciliation_items',
  {
    clientId: integer('client_id').notNull(),
    reconciliationId: integer('reconciliation_id').notNull(),
    lineId: bigint('line_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.lineId] })],
);
