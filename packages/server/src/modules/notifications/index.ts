// Public surface of the notifications module (the navbar bell): its route plugin, built from the
// providers other modules contribute (lib/bell.ts), and its table.
export { notificationsRoutesFor } from './notifications.routes.ts';
export { notificationSeen } from './notifications.tables.ts';
export { readBell, markBellSeen, BELL_ITEMS_PER_KIND } from './read-bell.ts';
