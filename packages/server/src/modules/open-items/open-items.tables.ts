// Drizzle mirror of open_items and open_item_allocations (SQL of record: db/migrations/0036_open_items.sql,
// with row-level security, the credit rule and the triggers that keep bills and payments in step).
import { bigint, bigserial, date, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const openItems = pgTable('open_items', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  clientId: integer('client_id').notNull(),
  partyType: text('party_type').notNull(),
  partyId: integer('party_id').notNull(),
  accountId: integer('account_id').notNull(),
  side: text('side').notNull(),
  kind: text('kind').notNull(),
  sourceType: text('source_type').notNull(),
  sourceId: bigint('source_id', { mode: 'number' }).notNull(),
  number: text('number').notNull(),
  date: date('date', { mode: 'string' }).notNull(),
  dueDate: date('due_date', { mode: 'string' }).notNull(),
  amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
  settled: numeric('settled', { precision: 18, scale: 2 }).notNull().default('0'),
  status: text('status').notNull().default('Open'),
  journalEntryId: bigint('journal_entry_id', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const openItemAllocations = pgTable(
  'open_item_allocations',
  {
    clientId: integer('client_id').notNull(),
    partyType: text('party_type').notNull(),
    partyId: integer('party_id').notNull(),
    accountId: integer('account_id').notNull(),
    debitItemId: bigint('debit_item_id', { mode: 'number' }).notNull(),
    creditItemId: bigint('credit_item_id', { mode: 'number' }).notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.debitItemId, t.creditItemId] })],
);
