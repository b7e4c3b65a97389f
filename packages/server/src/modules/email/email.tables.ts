// Drizzle mirror of the e-mail tables (SQL of record: db/migrations/0085_email.sql; kinds widened in 0086).
import { bigint, bigserial, customType, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

export const emailSettingsTable = pgTable('email_settings', {
  clientId: integer('client_id').primaryKey(),
  host: text('host'),
  port: integer('port').notNull().default(587),
  security: text('security').notNull().default('starttls'),
  username: text('username'),
  passwordEnc: text('password_enc'),
  fromAddress: text('from_address'),
  fromName: text('from_name'),
  maxAttempts: smallint('max_attempts').notNull().default(3),
  defaultLanguage: text('default_language').notNull().default('en'),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
});

export const emailTemplates = pgTable('email_templates', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  kind: text('kind').notNull(),
  language: text('language').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const emailMessages = pgTable('email_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  clientId: integer('client_id').notNull(),
  kind: text('kind').notNull(),
  customerId: integer('customer_id'),
  documentId: bigint('document_id', { mode: 'number' }),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  language: text('language').notNull(),
  status: text('status').notNull().default('queued'),
  attempts: smallint('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  lastError: text('last_error'),
  serverMessageId: text('server_message_id'),
  serverResponse: text('server_response'),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});

export const emailAttachments = pgTable('email_attachments', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  clientId: integer('client_id').notNull(),
  messageId: bigint('message_id', { mode: 'number' }).notNull(),
  filename: text('filename').notNull(),
  contentType: text('content_type').notNull(),
  content: bytea('content').notNull(),
});
