import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const stamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const cities = pgTable('cities', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  name: text('name').notNull(),
  region: text('region'),
  status: text('status').notNull().default('Active'),
  ...stamps(),
});

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  name: text('name').notNull(),
  description: text('description'),
  status: text('status').notNull().default('Active'),
  ...stamps(),
});

export const units = pgTable('units', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  name: text('name').notNull(),
  abbreviation: text('abbreviation'),
  status: text('status').notNull().default('Active'),
  ...stamps(),
});
