// Drizzle mirror of houses, meters and meter_readings (SQL of record: db/migrations/0020_billing_master.sql
// and 0021_meter_readings.sql).
import { bigint, bigserial, date, integer, numeric, pgTable, serial, smallint, text, timestamp, boolean } from 'drizzle-orm/pg-core';

export const houses = pgTable('houses', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  customerId: integer('customer_id').notNull(),
  zoneId: integer('zone_id').notNull(),
  houseNo: text('house_no'),
  address: text('address'),
  tariffClass: text('tariff_class'),
  status: text('status').notNull().default('Connected'),
  statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const meters = pgTable('meters', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  houseId: integer('house_id').notNull(),
  meterNo: text('meter_no').notNull(),
  digits: smallint('digits').notNull(),
  initialReading: numeric('initial_reading').notNull(),
  installedOn: date('installed_on', { mode: 'string' }).notNull(),
  removedOn: date('removed_on', { mode: 'string' }),
  finalReading: numeric('final_reading'),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const meterReadings = pgTable('meter_readings', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  clientId: integer('client_id').notNull(),
  houseId: integer('house_id').notNull(),
  meterId: integer('meter_id').notNull(),
  period: text('period').notNull(),
  readingDate: date('reading_date', { mode: 'string' }).notNull(),
  type: text('type').notNull(),
  previousReading: numeric('previous_reading').notNull(),
  previousDate: date('previous_date', { mode: 'string' }).notNull(),
  currentReading: numeric('current_reading').notNull(),
  consumption: numeric('consumption').notNull(),
  isRollover: boolean('is_rollover').notNull().default(false),
  flags: text('flags').array().notNull().default([]),
  confirmedBy: integer('confirmed_by'),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  note: text('note'),
  billedBillId: bigint('billed_bill_id', { mode: 'number' }),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
