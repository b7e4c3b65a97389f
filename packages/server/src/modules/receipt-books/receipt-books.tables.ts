// Drizzle mirror of receipt_books and receipt_book_numbers (SQL of record: db/migrations/0070_receipt_books.sql).
import { bigint, date, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const receiptBooks = pgTable('receipt_books', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  series: text('series').notNull(),
  firstNo: integer('first_no').notNull(),
  lastNo: integer('last_no').notNull(),
  collectorId: integer('collector_id').notNull(),
  issueDate: date('issue_date', { mode: 'string' }).notNull(),
  status: text('status').notNull().default('Active'),
  statusReason: text('status_reason'),
  statusChangedBy: integer('status_changed_by'),
  statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
  notes: text('notes'),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const receiptBookNumbers = pgTable(
  'receipt_book_numbers',
  {
    clientId: integer('client_id').notNull(),
    bookId: integer('book_id').notNull(),
    number: integer('number').notNull(),
    state: text('state').notNull(),
    paymentId: bigint('payment_id', { mode: 'number' }),
    reason: text('reason'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    voidedBy: integer('voided_by'),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.bookId, t.number] })],
);
