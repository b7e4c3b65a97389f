// GET /requests/report (request-report): requests created in a period, grouped by status, type, department,
// branch or month, with how many, the amount requested and the amount approved (those that passed the
// final approval: Approved or Fulfilled). Its CSV/XLSX is the same table (finance-reports' sendReport).
import { sql } from 'drizzle-orm';
import { type Lang, type RequestReport, type RequestReportGroupBy, type requestReportQuery, translate, type z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { Decimal, dec } from '../../ledger/index.ts';
import type { ReportTable } from '../finance-reports/index.ts';

type ReportQuery = z.output<typeof requestReportQuery>;

const keyOf: Record<RequestReportGroupBy, ReturnType<typeof sql>> = {
  status: sql`r.status`,
  type: sql`r.type`,
  department: sql`coalesce(r.department, '')`,
  branch: sql`r.branch_id::text`,
  month: sql`to_char(r.created_at, 'YYYY-MM')`,
};

export async function requestReport(opts: { tx: Db; lang: Lang; query: ReportQuery }): Promise<RequestReport> {
  const { tx, lang, query } = opts;
  const key = keyOf[query.groupBy];
  const rows = await queryRows<{ key: string; branch_name: string | null; requests: number; requested: string; approved: string }>(
    tx,
    sql`
    select ${key} as key, ${query.groupBy === 'branch' ? sql`min(br.name)` : sql`null`} as branch_name, count(*)::int as requests,
           sum(r.amount)::text as requested,
           coalesce(sum(r.amount) filter (where r.status in ('Approved', 'Fulfilled')), 0)::text as approved
    from requests r join branches br on br.id = r.branch_id
    where r.created_at >= ${query.startDate}::date and r.created_at < ${query.endDate}::date + 1
      ${query.status ? sql`and r.status = ${query.status}` : sql``}
      ${query.type ? sql`and r.type = ${query.type}` : sql``}
      ${query.branchId ? sql`and r.branch_id = ${query.branchId}` : sql``}
      ${query.department ? sql`and lower(r.department) = lower(${query.department})` : sql``}
    group by 1 order by 1`,
  );
  const label = (r: (typeof rows)[number]) => {
    if (query.groupBy === 'status') return translate(`requests.status.${r.key}`, lang);
    if (query.groupBy === 'type') return translate(`requests.type.${r.key}`, lang);
    if (query.groupBy === 'department') return r.key || translate('requests.report.noDepartment', lang);
    if (query.groupBy === 'branch') return r.branch_name ?? r.key;
    return r.key;
  };
  const out = rows.map((r) => ({
    key: r.key,
    label: label(r),
    requests: Number(r.requests),
    requested: dec(r.requested).toFixed(2),
    approved: dec(r.approved).toFixed(2),
  }));
  const sum = (k: 'requested' | 'approved') => out.reduce((s, r) => s.plus(r[k]), new Decimal(0)).toFixed(2);
  return {
    startDate: query.startDate,
    endDate: query.endDate,
    groupBy: query.groupBy,
    rows: out,
    totals: { requests: out.reduce((s, r) => s + r.requests, 0), requested: sum('requested'), approved: sum('approved') },
  };
}

export function requestReportTable(r: RequestReport, ctx: { lang: Lang; organisation: string }): ReportTable {
  const t = (k: string) => translate(k, ctx.lang);
  return {
    title: t('requests.report.title'),
    subtitle: [ctx.organisation, translate(`requests.report.period|${r.startDate}|${r.endDate}`, ctx.lang)],
    columns: [
      { key: 'label', header: t(`requests.report.${r.groupBy}`), kind: 'text', width: 30 },
      { key: 'requests', header: t('requests.report.requests'), kind: 'integer', width: 12 },
      { key: 'requested', header: t('requests.report.requested'), kind: 'money', width: 18 },
      { key: 'approved', header: t('requests.report.approved'), kind: 'money', width: 18 },
    ],
    rows: [
      ...r.rows.map((x) => ({ cells: { label: x.label, requests: x.requests, requested: x.requested, approved: x.approved } })),
      { style: 'total' as const, cells: { label: t('requests.report.total'), ...r.totals } },
    ],
    fileName: `requests-${r.groupBy}-${r.startDate}-${r.endDate}`,
  };
}
