// Drizzle mirror of the zones table (SQL of record: db/migrations/0020_billing_master.sql).
import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const zones = pgTable('zones', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  name: text('name').notNull(),
  branchId: integer('branch_id').notNull(),
  description: text('description'),
  meterReaderId: integer('meter_reader_id'),
  status: text('status').notNull().default('Active'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
