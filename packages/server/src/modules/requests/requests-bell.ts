// The requests' part of the navbar bell: requests at a step the user may approve (never their own),
// the same rule as the awaiting list.
import { sql } from 'drizzle-orm';
import { translate } from '@ubo/contracts';
import { queryRows } from '../../db/rows.ts';
import type { BellActor, BellProvider } from '../../lib/bell.ts';
import { refOf } from './requests-common.ts';

function waitingWhere(actor: BellActor) {
  const statuses = [...(actor.can('first-approve-request') ? ['Submitted'] : []), ...(actor.can('approve-request') ? ['FirstApproved'] : [])];
  if (statuses.length === 0) return null;
  return sql`r.client_id = ${actor.clientId} and r.status in (${sql.join(
    statuses.map((s) => sql`${s}`),
    sql`, `,
  )}) and r.requester_id <> ${actor.userId}`;
}

export const requestsBell: BellProvider = {
  key: 'requests',
  async count(tx, actor) {
    const where = waitingWhere(actor);
    if (!where) return 0;
    const [{ n }] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from requests r where ${where}`);
    return Number(n);
  },
  async items(tx, actor, limit) {
    const where = waitingWhere(actor);
    if (!where) return [];
    const rows = await queryRows<{ id: string | number; ref_year: number; ref_no: number; submitted_at: string }>(
      tx,
      sql`select r.id, r.ref_year, r.ref_no, r.submitted_at from requests r where ${where} order by r.submitted_at, r.id limit ${limit}`,
    );
    return rows.map((r) => ({
      key: 'requests',
      id: String(r.id),
      text: translate('bell.requestWaiting', actor.lang, { ref: refOf(r) ?? String(r.id) }),
      path: `/requests/${r.id}`,
      at: new Date(r.submitted_at).toISOString(),
    }));
  },
};
