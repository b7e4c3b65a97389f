// The complaints' part of the navbar bell: the open complaints (Pending or In progress) assigned to the
// user, the overdue ones first and flagged as overdue; each item opens the complaint.
import { sql } from 'drizzle-orm';
import { formatComplaintRef, translate } from '@ubo/contracts';
import { queryRows } from '../../db/rows.ts';
import type { BellActor, BellProvider } from '../../lib/bell.ts';

const where = (actor: BellActor) => sql`c.client_id = ${actor.clientId} and c.assignee_id = ${actor.userId} and c.status in ('Pending', 'InProgress')`;

export const complaintsBell: BellProvider = {
  key: 'complaints',
  async count(tx, actor) {
    if (!actor.can('list-complaint')) return 0;
    const [{ n }] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from complaints c where ${where(actor)}`);
    return Number(n);
  },
  async items(tx, actor, limit) {
    if (!actor.can('list-complaint')) return [];
    const rows = await queryRows<{
      id: string | number;
      ref_year: number;
      ref_no: number;
      topic_en: string;
      topic_so: string;
      due_at: string | Date;
      overdue: boolean;
    }>(
      tx,
      sql`select c.id, c.ref_year, c.ref_no, t.name_en as topic_en, t.name_so as topic_so, c.due_at, (c.due_at < now()) as overdue
          from complaints c join complaint_topics t on t.id = c.topic_id
          where ${where(actor)}
          order by (c.due_at < now()) desc, c.due_at, c.id limit ${limit}`,
    );
    return rows.map((r) => ({
      key: 'complaints',
      id: String(r.id),
      text: translate(r.overdue ? 'bell.complaintOverdue' : 'bell.complaintAssigned', actor.lang, {
        ref: formatComplaintRef(Number(r.ref_year), Number(r.ref_no)),
        topic: actor.lang === 'so' ? r.topic_so : r.topic_en,
      }),
      path: `/complaint/${r.id}`,
      at: new Date(r.due_at).toISOString(),
    }));
  },
};
