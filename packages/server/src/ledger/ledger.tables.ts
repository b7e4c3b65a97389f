// Drizzle mirror of migrations/0010_ledger.sql and 0016_ledger_rollups.sql (the SQL is the record: triggers, grants and row-level
// security live there). Used for typed reads and simple writes; postings go through post-journal.ts.
import { bigint, bigserial, boolean, date, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const accounts = pgTable('accounts', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  code: text('code').notNull(),
  nameEn: text('name_en').notNull(),
  nameSo: text('name_so').notNull(),
  type: text('type').notNull(),
  subtype: text('subtype').notNull(),
  parentId: integer('parent_id'),
  currency: text('currency').notNull().default('USD'),
  status: text('status').notNull().default('Active'),
  isSystem: boolean('is_system').notNull().default(false),
  description: text('description'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const journalEntries = pgTable('journal_entries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  clientId: integer('client_id').notNull(),
  series: text('series').notNull(),
  entryNo: bigint('entry_no', { mode: 'number' }).notNull(),
  date: date('date', { mode: 'string' }).notNull(),
  reference: text('reference'),
  memo: text('memo'),
  sourceType: text('source_type').notNull(),
  sourceId: bigint('source_id', { mode: 'number' }),
  branchId: integer('branch_id'),
  userId: integer('user_id'),
  total: numeric('total', { precision: 18, scale: 2 }).notNull(),
  reversesId: bigint('reverses_id', { mode: 'number' }),
  reversedById: bigint('reversed_by_id', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const journalLines = pgTable('journal_lines', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  clientId: integer('client_id').notNull(),
  entryId: bigint('entry_id', { mode: 'number' }).notNull(),
  accountId: integer('account_id').notNull(),
  debit: numeric('debit', { precision: 18, scale: 2 }).notNull(),
  credit: numeric('credit', { precision: 18, scale: 2 }).notNull(),
  partyType: text('party_type'),
  partyId: integer('party_id'),
  memo: text('memo'),
  date: date('date', { mode: 'string' }).notNull(),
});

export const accountDailyBalances = pgTable(
  'account_daily_balances',
  {
    clientId: integer('client_id').notNull(),
    accountId: integer('account_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    debit: numeric('debit').notNull(),
    credit: numeric('credit').notNull(),
    lineCount: integer('line_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.accountId, t.date] })],
);

/** The daily balances summed per month (migrations/0016_ledger_rollups.sql; kept by triggers on the daily rows). */
export const accountMonthlyBalances = pgTable(
  'account_monthly_balances',
  {
    clientId: integer('client_id').notNull(),
    accountId: integer('account_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    debit: numeric('debit').notNull(),
    credit: numeric('credit').notNull(),
    lineCount: integer('line_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.accountId, t.month] })],
);

export const documentCounters = pgTable(
  'document_counters',
  {
    clientId: integer('client_id').notNull(),
    series: text('series').notNull(),
    nextNo: bigint('next_no', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.series] })],
);

export const ledgerSettings = pgTable('ledger_settings', {
  clientId: integer('client_id').primaryKey(),
  lockDate: date('lock_date', { mode: 'string' }),
  /** The per-document maximum (migration 0034): no posted document may exceed it. */
  maxDocumentAmount: numeric('max_document_amount', { precision: 16, scale: 2 }).notNull().default('1000000000.00'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    clientId: integer('client_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.key] })],
);
