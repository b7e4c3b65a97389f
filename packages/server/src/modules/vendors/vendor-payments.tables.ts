// Drizzle mirror of vendor payments (SQL of record: db/migrations/0049_vendor_payments.sql).
import { bigint, bigserial, date, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const vendorPayments = pgTable('vendor_payments', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  clientId: integer('client_id').notNull(),
  paymentNo: bigint('payment_no', { mode: 'number' }).notNull(),
  vendorId: integer('vendor_id').notNull(),
  date: date('date').notNull(),
  amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
  method: text('method').notNull(),
  accountId: integer('account_id').notNull(),
  reference: text('reference'),
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
