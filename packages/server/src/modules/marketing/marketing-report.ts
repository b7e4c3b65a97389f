// GET /marketing/report (marketing-report): prospects visited in a period grouped by zone, officer, source
// or outcome: how many, how many interested, how many converted, and the conversion rate. CSV/XLSX through
// finance-reports' sendReport.
import { sql } from 'drizzle-orm';
import { conversionRate, type Lang, type MarketingReport, type MarketingReportGroupBy, type marketingReportQuery, translate, type z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { ReportTable } from '../finance-reports/index.ts';

type ReportQuery = z.output<typeof marketingReportQuery>;

const keyOf: Record<MarketingReportGroupBy, ReturnType<typeof sql>> = {
  zone: sql`coalesce(p.zone_id::text, '')`,
  officer: sql`p.officer_id::text`,
  source: sql`p.source`,
  outcome: sql`p.outcome`,
};

export async function marketingReport(opts: { tx: Db; lang: Lang; query: ReportQuery }): Promise<MarketingReport> {
  const { tx, lang, query } = opts;
  const rows = await queryRows<{ key: string; zone_name: string | null; officer_name: string; prospects: number; interested: number; converted: number }>(
    tx,
    sql`select ${keyOf[query.groupBy]} as key, min(z.name) as zone_name, min(u.fullname) as officer_name, count(*)::int as prospects,
               count(*) filter (where p.outcome in ('Interested', 'Converted'))::int as interested,
               count(*) filter (where p.outcome = 'Converted')::int as converted
        from prospects p join users u on u.id = p.officer_id left join zones z on z.id = p.zone_id
        where p.visit_date between ${query.startDate}::date and ${query.endDate}::date
        group by 1 order by 1`,
  );
  const label = (r: (typeof rows)[number]) => {
    if (query.groupBy === 'zone') return r.zone_name ?? translate('marketing.report.noZone', lang);
    if (query.groupBy === 'officer') return r.officer_name;
    if (query.groupBy === 'source') return translate(`marketing.source.${r.key}`, lang);
    return translate(`marketing.outcome.${r.key}`, lang);
  };
  const out = rows.map((r) => {
    const prospects = Number(r.prospects);
    const converted = Number(r.converted);
    return { key: r.key, label: label(r), prospects, interested: Number(r.interested), converted, conversionRate: conversionRate(converted, prospects) };
  });
  if (query.groupBy !== 'outcome') out.sort((a, b) => a.label.localeCompare(b.label));
  const prospects = out.reduce((s, r) => s + r.prospects, 0);
  const converted = out.reduce((s, r) => s + r.converted, 0);
  return {
    startDate: query.startDate,
    endDate: query.endDate,
    groupBy: query.groupBy,
    rows: out,
    totals: { prospects, interested: out.reduce((s, r) => s + r.interested, 0), converted, conversionRate: conversionRate(converted, prospects) },
  };
}

export function marketingReportTable(r: MarketingReport, ctx: { lang: Lang; organisation: string }): ReportTable {
  const t = (k: string) => translate(k, ctx.lang);
  return {
    title: t('marketing.report.title'),
    subtitle: [ctx.organisation, translate(`marketing.report.period|${r.startDate}|${r.endDate}`, ctx.lang)],
    columns: [
      { key: 'label', header: t(`marketing.report.${r.groupBy}`), kind: 'text', width: 30 },
      { key: 'prospects', header: t('marketing.report.prospects'), kind: 'integer', width: 12 },
      { key: 'interested', header: t('marketing.report.interested'), kind: 'integer', width: 12 },
      { key: 'converted', header: t('marketing.report.converted'), kind: 'integer', width: 12 },
      { key: 'conversionRate', header: t('marketing.report.rate'), kind: 'text', width: 16 },
    ],
    rows: [
      ...r.rows.map((x) => ({
        cells: { label: x.label, prospects: x.prospects, interested: x.interested, converted: x.converted, conversionRate: x.conversionRate },
      })),
      { style: 'total' as const, cells: { label: t('marketing.report.total'), ...r.totals } },
    ],
    fileName: `marketing-${r.groupBy}-${r.startDate}-${r.endDate}`,
  };
}
