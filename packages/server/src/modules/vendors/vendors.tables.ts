// Drizzle mirror of the vendor register (SQL of record: db/migrations/0048_vendors.sql).
import { date, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const vendors = pgTable('vendors', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  number: text('number').notNull(),
  name: text('name').notNull(),
  contactPerson: text('contact_person'),
  phone: text('phone'),
  email: text('email'),
  address: text('address'),
  taxNumber: text('tax_number'),
  paymentTermsDays: integer('payment_terms_days').notNull().default(30),
  defaultExpenseAccountId: integer('default_expense_account_id'),
  openingBalance: numeric('opening_balance', { precision: 14, scale: 2 }).notNull().default('0'),
  openingDate: date('opening_date'),
  openingJournalEntryId: integer('opening_journal_entry_id'),
  notes: text('notes'),
  status: text('status').notNull().default('Active'),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
