// The payroll's part of the navbar bell, two kinds:
// - 'payroll-runs': the payroll generations the user started that finished or failed since they last
//   opened this kind in the bell (like the bill runs);
// - 'payroll-approvals': draft runs waiting for an approver, never counted for the user who generated
//   them (they may not approve their own run).
import { sql } from 'drizzle-orm';
import { MONTH_NAMES, translate, type Lang } from '@ubo/contracts';
import { queryRows } from '../../db/rows.ts';
import type { BellActor, BellProvider } from '../../lib/bell.ts';
import { PAYROLL_JOB } from './payroll-jobs.ts';

/** '2026-04' as 'April 2026' / 'Abriil 2026'. */
const monthOf = (period: string, lang: Lang) => `${MONTH_NAMES[lang][Number(period.slice(5, 7)) - 1]} ${period.slice(0, 4)}`;

const finished = (actor: BellActor) =>
  sql`j.client_id = ${actor.clientId} and j.kind = ${PAYROLL_JOB} and j.created_by = ${actor.userId}
      and j.status in ('done', 'failed') and j.finished_at > ${(actor.seenAt ?? new Date(0)).toISOString()}::timestamptz`;

export const payrollRunsBell: BellProvider = {
  key: 'payroll-runs',
  marksSeen: true,
  async count(tx, actor) {
    if (!actor.can('payroll')) return 0;
    const [{ n }] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from jobs j where ${finished(actor)}`);
    return Number(n);
  },
  async items(tx, actor, limit) {
    if (!actor.can('payroll')) return [];
    const rows = await queryRows<{ id: string | number; status: string; finished_at: string; period: string; run_id: number | null }>(
      tx,
      sql`select j.id, j.status, j.finished_at, j.input->>'period' as period, (j.result->>'runId')::int as run_id
          from jobs j where ${finished(actor)} order by j.finished_at desc, j.id desc limit ${limit}`,
    );
    return rows.map((r) => ({
      key: 'payroll-runs',
      id: String(r.id),
      text: translate(r.status === 'done' ? 'bell.payrollDone' : 'bell.payrollFailed', actor.lang, { period: monthOf(r.period, actor.lang) }),
      path: r.status === 'done' && r.run_id ? `/hr-settings/payroll/${r.run_id}` : '/hr-settings/payroll',
      at: new Date(r.finished_at).toISOString(),
    }));
  },
};

const waiting = (actor: BellActor) => sql`r.client_id = ${actor.clientId} and r.status = 'Draft' and r.generated_by <> ${actor.userId}`;

export const payrollApprovalsBell: BellProvider = {
  key: 'payroll-approvals',
  async count(tx, actor) {
    if (!actor.can('approve-payroll')) return 0;
    const [{ n }] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from hr_payroll_runs r where ${waiting(actor)}`);
    return Number(n);
  },
  async items(tx, actor, limit) {
    if (!actor.can('approve-payroll')) return [];
    const rows = await queryRows<{ id: number; number: string; period: string; generated_at: string }>(
      tx,
      sql`select r.id, r.number, r.period, r.generated_at from hr_payroll_runs r where ${waiting(actor)}
          order by r.generated_at, r.id limit ${limit}`,
    );
    return rows.map((r) => ({
      key: 'payroll-approvals',
      id: String(r.id),
      text: translate('bell.payrollWaiting', actor.lang, { number: r.number, period: monthOf(r.period, actor.lang) }),
      path: `/hr-settings/payroll/${r.id}`,
      at: new Date(r.generated_at).toISOString(),
    }));
  },
};
