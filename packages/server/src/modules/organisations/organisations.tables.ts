import { date, integer, numeric, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const clients = pgTable('clients', {
  id: serial('id').primaryKey(),
  code: integer('code').notNull(),
  name: text('name').notNull(),
  billingCode: text('billing_code'),
  shortCode: text('short_code'),
  address: text('address'),
  phone: text('phone'),
  email: text('email'),
  website: text('website'),
  currency: text('currency').notNull().default('USD'),
  contactPhone: text('contact_phone'),
  logoFileId: uuid('logo_file_id'),
  signatureFileId: uuid('signature_file_id'),
  subscriptionExpiresOn: date('subscription_expires_on', { mode: 'string' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const subscriptionPayments = pgTable('subscription_payments', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  name: text('name').notNull(),
  billAmount: numeric('bill_amount').notNull(),
  billDate: date('bill_date', { mode: 'string' }).notNull(),
  expireDate: date('expire_date', { mode: 'string' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const branches = pgTable('branches', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  name: text('name').notNull(),
  address: text('address'),
  phone: text('phone'),
  status: text('status').notNull().default('Active'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
