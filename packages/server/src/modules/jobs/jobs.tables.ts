// jobs (0040_jobs.sql): every module's background jobs. Read and written with SQL in this module.
import { bigserial, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const jobs = pgTable('jobs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** null: an installation job (the SMS dispatcher). */
  clientId: integer('client_id'),
  kind: text('kind').notNull(),
  input: jsonb('input').notNull().default({}),
  actor: jsonb('actor'),
  status: text('status').notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  maxAttempts: integer('max_attempts').notNull().default(1),
  runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
  lockedBy: text('locked_by'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  processed: integer('processed').notNull().default(0),
  total: integer('total').notNull().default(0),
  result: jsonb('result'),
  error: text('error'),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
