// Drizzle mirror of bill_runs, bills and bill_lines (SQL of record: db/migrations/0022_bills.sql); bill run
// jobs live in the shared jobs table (0041_bill_run_jobs_to_jobs.sql).
import { bigint, bigserial, date, integer, numeric, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

export const billRuns = pgTable('bill_runs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  clientId: integer('client_id').notNull(),
  period: text('period').notNull(),
  zoneId: integer('zone_id'),
  service: text('service').notNull(),
  status: text('status').notNull().default('Posted'),
  billCount: integer('bill_count').notNull().default(0),
  total: numeric('total').notNull().default('0'),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  cancelledBy: integer('cancelled_by'),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
});

export const bills = pgTable('bills', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  clientId: integer('client_id').notNull(),
  runId: bigint('run_id', { mode: 'number' }).notNull(),
  billNo: bigint('bill_no', { mode: 'number' }).notNull(),
  period: text('period').notNull(),
  service: text('service').notNull(),
  houseId: integer('house_id').notNull(),
  customerId: integer('customer_id').notNull(),
  zoneId: integer('zone_id').notNull(),
  meterId: integer('meter_id'),
  tariffId: integer('tariff_id').notNull(),
  previousReading: numeric('previous_reading').notNull(),
  currentReading: numeric('current_reading').notNull(),
  consumption: numeric('consumption').notNull(),
  subtotal: numeric('subtotal').notNull(),
  tax: numeric('tax').notNull(),
  amount: numeric('amount').notNull(),
  paidAmount: numeric('paid_amount').notNull().default('0'),
  previousBalance: numeric('previous_balance').notNull(),
  amountDue: numeric('amount_due').notNull(),
  billDate: date('bill_date', { mode: 'string' }).notNull(),
  dueDate: date('due_date', { mode: 'string' }).notNull(),
  status: text('status').notNull().default('Open'),
  journalEntryId: bigint('journal_entry_id', { mode: 'number' }),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
});

export const billLines = pgTable('bill_lines', {
  clientId: integer('client_id').notNull(),
  billId: bigint('bill_id', { mode: 'number' }).notNull(),
  position: smallint('position').notNull(),
  kind: text('kind').notNull(),
  block: smallint('block'),
  fromUnits: numeric('from_units'),
  toUnits: numeric('to_units'),
  units: numeric('units'),
  rate: numeric('rate'),
  amount: numeric('amount').notNull(),
});
