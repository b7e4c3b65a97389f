// Drizzle mirror of tariffs and tariff_blocks (SQL of record: db/migrations/0020_billing_master.sql).
import { date, integer, numeric, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

export const tariffs = pgTable('tariffs', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  name: text('name').notNull(),
  customerClass: text('customer_class').notNull(),
  zoneId: integer('zone_id'),
  effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
  effectiveTo: date('effective_to', { mode: 'string' }),
  serviceCharge: numeric('service_charge').notNull().default('0'),
  minimumCharge: numeric('minimum_charge').notNull().default('0'),
  taxPercent: numeric('tax_percent').notNull().default('0'),
  description: text('description'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const tariffBlocks = pgTable(
  'tariff_blocks',
  {
    clientId: integer('client_id').notNull(),
    tariffId: integer('tariff_id').notNull(),
    position: smallint('position').notNull(),
    fromUnits: numeric('from_units').notNull(),
    toUnits: numeric('to_units'),
    rate: numeric('rate').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tariffId, t.position] })],
);
