// GET /complaint/report (complaint-report): complaints logged in a period grouped by topic, zone (of the
// complaint's house), status or assignee: how many, how many are still open and their average age in
// hours, how many were completed, their average resolution time against the average target (the topic's
// hours), how many were completed after their due time, and how many open ones are overdue; then the list
// of open complaints past their due time, oldest due first. CSV/XLSX through finance-reports' sendReport.
import { sql } from 'drizzle-orm';
import { type ComplaintReport, type ComplaintReportGroupBy, type complaintReportQuery, type Lang, translate, type z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { ReportTable } from '../finance-reports/index.ts';
import { type ComplaintRow, selectComplaints, toComplaint } from './complaints-common.ts';

type ReportQuery = z.output<typeof complaintReportQuery>;

const keyOf: Record<ComplaintReportGroupBy, ReturnType<typeof sql>> = {
  topic: sql`c.topic_id::text`,
  zone: sql`coalesce(h.zone_id::text, '')`,
  status: sql`c.status`,
  assignee: sql`coalesce(c.assignee_id::text, '')`,
};

interface Figures {
  complaints: number;
  open: number;
  open_age: string | null;
  completed: number;
  resolution: string | null;
  target: string | null;
  late: number;
  overdue: number;
}

const figures = sql`
  count(*)::int as complaints,
  count(*) filter (where c.status in ('Pending', 'InProgress'))::int as open,
  round((avg(extract(epoch from now() - c.created_at)) filter (where c.status in ('Pending', 'InProgress')) / 3600)::numeric, 1)::text as open_age,
  count(*) filter (where c.status = 'Completed')::int as completed,
  round((avg(extract(epoch from c.completed_at - c.created_at)) filter (where c.status = 'Completed') / 3600)::numeric, 1)::text as resolution,
  round(avg(t.target_hours)::numeric, 1)::text as target,
  count(*) filter (where c.status = 'Completed' and c.completed_at > c.due_at)::int as late,
  count(*) filter (where c.status in ('Pending', 'InProgress') and c.due_at < now())::int as overdue`;

const toFigures = (r: Figures) => ({
  complaints: Number(r.complaints),
  open: Number(r.open),
  openAgeHours: r.open_age,
  completed: Number(r.completed),
  resolutionHours: r.resolution,
  targetHours: r.target,
  late: Number(r.late),
  overdue: Number(r.overdue),
});

export async function complaintReport(opts: { tx: Db; lang: Lang; query: ReportQuery }): Promise<ComplaintReport> {
  const { tx, lang, query } = opts;
  const where = sql`c.created_at >= ${query.startDate}::date and c.created_at < ${query.endDate}::date + 1
    ${query.topicId ? sql`and c.topic_id = ${query.topicId}` : sql``}
    ${query.assigneeId ? sql`and c.assignee_id = ${query.assigneeId}` : sql``}`;
  const from = sql`from complaints c join complaint_topics t on t.id = c.topic_id left join houses h on h.id = c.house_id
    left join zones z on z.id = h.zone_id left join users u on u.id = c.assignee_id`;
  const rows = await queryRows<Figures & { key: string; topic_en: string; topic_so: string; zone_name: string | null; user_name: string | null }>(
    tx,
    sql`select ${keyOf[query.groupBy]} as key, min(t.name_en) as topic_en, min(t.name_so) as topic_so, min(z.name) as zone_name,
               min(u.fullname) as user_name, ${figures}
        ${from} where ${where} group by 1 order by 1`,
  );
  const [totals] = await queryRows<Figures>(tx, sql`select ${figures} ${from} where ${where}`);
  const label = (r: (typeof rows)[number]) => {
    if (query.groupBy === 'topic') return lang === 'so' ? r.topic_so : r.topic_en;
    if (query.groupBy === 'zone') return r.zone_name ?? translate('complaints.report.noZone', lang);
    if (query.groupBy === 'status') return translate(`complaints.status.${r.key}`, lang);
    return r.user_name ?? translate('complaints.report.unassigned', lang);
  };
  const overdue = await queryRows<ComplaintRow>(
    tx,
    sql`${selectComplaints} where ${where} and c.status in ('Pending', 'InProgress') and c.due_at < now() order by c.due_at, c.id limit 500`,
  );
  const out = rows.map((r) => ({ key: r.key, label: label(r), ...toFigures(r) }));
  out.sort((a, b) => (query.groupBy === 'status' ? 0 : a.label.localeCompare(b.label)));
  return {
    startDate: query.startDate,
    endDate: query.endDate,
    groupBy: query.groupBy,
    rows: out,
    totals: toFigures(totals),
    overdueList: overdue.map(toComplaint),
  };
}

export function complaintReportTable(r: ComplaintReport, ctx: { lang: Lang; organisation: string }): ReportTable {
  const t = (k: string) => translate(k, ctx.lang);
  const cells = (x: ComplaintReport['totals']) => ({
    complaints: x.complaints,
    open: x.open,
    openAge: x.openAgeHours ?? '',
    completed: x.completed,
    resolution: x.resolutionHours ?? '',
    target: x.targetHours ?? '',
    late: x.late,
    overdue: x.overdue,
  });
  return {
    title: t('complaints.report.title'),
    subtitle: [ctx.organisation, translate(`complaints.report.period|${r.startDate}|${r.endDate}`, ctx.lang)],
    columns: [
      { key: 'label', header: t(`complaints.report.${r.groupBy}`), kind: 'text', width: 30 },
      { key: 'complaints', header: t('complaints.report.complaints'), kind: 'integer', width: 12 },
      { key: 'open', header: t('complaints.report.open'), kind: 'integer', width: 10 },
      { key: 'openAge', header: t('complaints.report.openAge'), kind: 'text', width: 16 },
      { key: 'completed', header: t('complaints.report.completed'), kind: 'integer', width: 12 },
      { key: 'resolution', header: t('complaints.report.resolution'), kind: 'text', width: 16 },
      { key: 'target', header: t('complaints.report.target'), kind: 'text', width: 14 },
      { key: 'late', header: t('complaints.report.late'), kind: 'integer', width: 14 },
      { key: 'overdue', header: t('complaints.report.overdue'), kind: 'integer', width: 10 },
    ],
    rows: [
      ...r.rows.map((x) => ({ cells: { label: x.label, ...cells(x) } })),
      { style: 'total' as const, cells: { label: t('complaints.report.total'), ...cells(r.totals) } },
    ],
    fileName: `complaints-${r.groupBy}-${r.startDate}-${r.endDate}`,
  };
}
