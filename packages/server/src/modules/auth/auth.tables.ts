// The sign-in throttle. The sessions table is the users module's (a user's sign-ins, which user changes end).
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});
