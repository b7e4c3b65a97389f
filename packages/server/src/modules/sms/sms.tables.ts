// Drizzle mirror of the SMS tables (SQL of record: db/migrations/0025_sms.sql).
import { bigint, bigserial, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

export const smsTemplates = pgTable('sms_templates', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  kind: text('kind').notNull(),
  language: text('language').notNull(),
  body: text('body').notNull(),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const smsSettingsTable = pgTable('sms_settings', {
  clientId: integer('client_id').primaryKey(),
  provider: text('provider').notNull().default('outbox'),
  url: text('url'),
  method: text('method').notNull().default('POST'),
  authHeaderName: text('auth_header_name'),
  authSecretEnc: text('auth_secret_enc'),
  authSecretHint: text('auth_secret_hint'),
  contentType: text('content_type').notNull().default('application/json'),
  bodyTemplate: text('body_template'),
  senderId: text('sender_id'),
  maxAttempts: smallint('max_attempts').notNull().default(3),
  defaultLanguage: text('default_language').notNull().default('en'),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
});

export const smsCustomerLanguages = pgTable(
  'sms_customer_languages',
  {
    clientId: integer('client_id').notNull(),
    customerId: integer('customer_id').notNull(),
    language: text('language').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.customerId] })],
);

export const smsBatches = pgTable('sms_batches', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  clientId: integer('client_id').notNull(),
  kind: text('kind').notNull(),
  target: jsonb('target').notNull(),
  messageCount: integer('message_count').notNull(),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const smsMessages = pgTable('sms_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  clientId: integer('client_id').notNull(),
  batchId: bigint('batch_id', { mode: 'number' }),
  kind: text('kind').notNull(),
  customerId: integer('customer_id'),
  billId: bigint('bill_id', { mode: 'number' }),
  runId: bigint('run_id', { mode: 'number' }),
  phone: text('phone').notNull(),
  body: text('body').notNull(),
  language: text('language').notNull(),
  status: text('status').notNull().default('queued'),
  attempts: smallint('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  lastError: text('last_error'),
  provider: text('provider'),
  providerMessageId: text('provider_message_id'),
  providerResponse: text('provider_response'),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});
