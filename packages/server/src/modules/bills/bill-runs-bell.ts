// The bills' part of the navbar bell: the bill runs (and their cancellations) the user started that
// finished or failed since they last opened this kind in the bell.
import { sql } from 'drizzle-orm';
import { translate } from '@ubo/contracts';
import { queryRows } from '../../db/rows.ts';
import type { BellActor, BellProvider } from '../../lib/bell.ts';
import { BILL_RUN_JOB, CANCEL_JOB } from './bill-run-jobs.ts';

const where = (actor: BellActor) =>
  sql`j.client_id = ${actor.clientId} and j.kind in (${BILL_RUN_JOB}, ${CANCEL_JOB}) and j.created_by = ${actor.userId}
      and j.status in ('done', 'failed') and j.finished_at > ${(actor.seenAt ?? new Date(0)).toISOString()}::timestamptz`;

export const billRunsBell: BellProvider = {
  key: 'bill-runs',
  marksSeen: true,
  async count(tx, actor) {
    if (!actor.can('batch-bill')) return 0;
    const [{ n }] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from jobs j where ${where(actor)}`);
    return Number(n);
  },
  async items(tx, actor, limit) {
    if (!actor.can('batch-bill')) return [];
    const rows = await queryRows<{ id: string | number; status: string; finished_at: string }>(
      tx,
      sql`select j.id, j.status, j.finished_at from jobs j where ${where(actor)} order by j.finished_at desc, j.id desc limit ${limit}`,
    );
    return rows.map((r) => ({
      key: 'bill-runs',
      id: String(r.id),
      text: translate(r.status === 'done' ? 'bell.billRunDone' : 'bell.billRunFailed', actor.lang, { id: String(r.id) }),
      path: '/customers/batch-bill',
      at: new Date(r.finished_at).toISOString(),
    }));
  },
};
