// Drizzle mirror of customers and billing_counters (SQL of record: db/migrations/0020_billing_master.sql).
import { bigint, boolean, integer, numeric, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const customers = pgTable('customers', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  customerNo: text('customer_no').notNull(),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  email: text('email'),
  address: text('address'),
  cityId: integer('city_id'),
  customerClass: text('customer_class').notNull(),
  idType: text('id_type'),
  idNumber: text('id_number'),
  status: text('status').notNull().default('Active'),
  openingBalance: numeric('opening_balance').notNull().default('0'),
  openingBalancePosted: boolean('opening_balance_posted').notNull().default(false),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const billingCounters = pgTable(
  'billing_counters',
  {
    clientId: integer('client_id').notNull(),
    series: text('series').notNull(),
    nextNo: bigint('next_no', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.series] })],
);

/** The words customers are found by; written by database triggers only (billing_refresh_customer_words). */
export const customerSearchWords = pgTable(
  'customer_search_words',
  {
    clientId: integer('client_id').notNull(),
    customerId: integer('customer_id').notNull(),
    word: text('word').notNull(),
    /** 0: the customer's own fields; else the meter the word comes from. */
    source: integer('source').notNull().default(0),
    /** lower(customer name): the customer list's order, so a search page is ordered inside the words index. */
    sortName: text('sort_name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.word, t.customerId, t.source] })],
);
