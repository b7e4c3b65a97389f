// Tables of the help centre (0090_help_center.sql): tickets with their thread and files (tenant tables),
// and the installation's operators with their sessions (installation tables: ubo_app may not read them).
import { bigserial, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const tickets = pgTable('tickets', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  clientId: integer('client_id').notNull(),
  subject: text('subject').notNull(),
  description: text('description').notNull(),
  category: text('category').notNull(),
  priority: text('priority').notNull(),
  status: text('status').notNull().default('Open'),
  createdBy: integer('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  answeredAt: timestamp('answered_at', { withTimezone: true }),
  authorSeenAt: timestamp('author_seen_at', { withTimezone: true }),
  closedAt: timestamp('closed_at', { withTimezone: true }),
  closedByName: text('closed_by_name'),
});

export const ticketMessages = pgTable('ticket_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  clientId: integer('client_id').notNull(),
  ticketId: integer('ticket_id').notNull(),
  authorKind: text('author_kind').notNull(),
  userId: integer('user_id'),
  operatorId: integer('operator_id'),
  authorName: text('author_name').notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ticketFiles = pgTable('ticket_files', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  ticketId: integer('ticket_id').notNull(),
  fileId: uuid('file_id').notNull(),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const operators = pgTable('operators', {
  id: serial('id').primaryKey(),
  username: text('username').notNull(),
  fullname: text('fullname').notNull(),
  passwordHash: text('password_hash').notNull(),
  status: text('status').notNull().default('Active'),
  tokenVersion: integer('token_version').notNull().default(0),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const operatorSessions = pgTable('operator_sessions', {
  id: uuid('id').primaryKey(),
  operatorId: integer('operator_id').notNull(),
  tokenVersion: integer('token_version').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  ip: text('ip'),
});
