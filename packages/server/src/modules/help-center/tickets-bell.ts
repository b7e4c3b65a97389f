// The help centre's part of the navbar bell: the user's own tickets that support answered since the
// user last read them (reading the ticket marks it seen).
import { sql } from 'drizzle-orm';
import { translate } from '@ubo/contracts';
import { queryRows } from '../../db/rows.ts';
import type { BellActor, BellProvider } from '../../lib/bell.ts';

const where = (actor: BellActor) =>
  sql`t.client_id = ${actor.clientId} and t.created_by = ${actor.userId} and t.status = 'Answered'
      and (t.author_seen_at is null or t.author_seen_at < t.answered_at)`;

export const ticketsBell: BellProvider = {
  key: 'tickets',
  async count(tx, actor) {
    if (!actor.can('view-ticket')) return 0;
    const [{ n }] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from tickets t where ${where(actor)}`);
    return Number(n);
  },
  async items(tx, actor, limit) {
    if (!actor.can('view-ticket')) return [];
    const rows = await queryRows<{ id: string | number; subject: string; answered_at: string }>(
      tx,
      sql`select t.id, t.subject, t.answered_at from tickets t where ${where(actor)} order by t.answered_at desc, t.id desc limit ${limit}`,
    );
    return rows.map((r) => ({
      key: 'tickets',
      id: String(r.id),
      text: translate('bell.ticketAnswered', actor.lang, { subject: r.subject }),
      path: `/help_center/tickets/${r.id}`,
      at: new Date(r.answered_at).toISOString(),
    }));
  },
};
