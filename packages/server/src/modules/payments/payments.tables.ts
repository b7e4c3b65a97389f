// Drizzle mirror of payment_batches, payments and customer_transfers (SQL of record:
// db/migrations/0024_payments.sql; allocations are open items' since 0036_open_items.sql).
import { bigint, bigserial, date, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const paymentBatches = pgTable('payment_batches', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  clientId: integer('client_id').notNull(),
  source: text('source').notNull(),
  fileName: text('file_name'),
  accountId: integer('account_id').notNull(),
  method: text('method').notNull(),
  paymentCount: integer('payment_count').notNull().default(0),
  total: numeric('total').notNull().default('0'),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const payments = pgTable('payments', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  clientId: integer('client_id').notNull(),
  receiptNo: bigint('receipt_no', { mode: 'number' }).notNull(),
  customerId: integer('customer_id').notNull(),
  date: date('date', { mode: 'string' }).notNull(),
  amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
  allocated: numeric('allocated', { precision: 18, scale: 2 }).notNull().default('0'),
  method: text('method').notNull(),
  accountId: integer('account_id').notNull(),
  reference: text('reference'),
  memo: text('memo'),
  batchId: bigint('batch_id', { mode: 'number' }),
  status: text('status').notNull().default('Posted'),
  journalEntryId: bigint('journal_entry_id', { mode: 'number' }).notNull(),
  reversalEntryId: bigint('reversal_entry_id', { mode: 'number' }),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  cancelledBy: integer('cancelled_by'),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  cancelReason: text('cancel_reason'),
});

export const customerTransfers = pgTable('customer_transfers', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  clientId: integer('client_id').notNull(),
  transferNo: bigint('transfer_no', { mode: 'number' }).notNull(),
  date: date('date', { mode: 'string' }).notNull(),
  fromCustomerId: integer('from_customer_id').notNull(),
  toCustomerId: integer('to_customer_id').notNull(),
  amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
  memo: text('memo'),
  status: text('status').notNull().default('Posted'),
  journalEntryId: bigint('journal_entry_id', { mode: 'number' }).notNull(),
  reversalEntryId: bigint('reversal_entry_id', { mode: 'number' }),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  cancelledBy: integer('cancelled_by'),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  cancelReason: text('cancel_reason'),
});
