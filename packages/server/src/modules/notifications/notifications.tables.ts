// notification_seen (0091_profile_notifications.sql): when a user last opened a kind of the bell.
import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const notificationSeen = pgTable(
  'notification_seen',
  {
    clientId: integer('client_id').notNull(),
    userId: integer('user_id').notNull(),
    kind: text('kind').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.userId, t.kind] })],
);
