// The asset reports: the register as at a date (cost, accumulated depreciation and net book value per
// asset, by category and by branch: the branch it stood in on that date, from the transfer history) and
// the additions and disposals in a period; these and an asset's depreciation schedule laid out as one
// report table: CSV and XLSX by the finance exporter, PDF by document-print's renderer (reportPdf).
import { sql, type SQL } from 'drizzle-orm';
import { type AssetSchedule, type Lang, type MovementsReport, type RegisterReport, translate } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { Decimal } from '../../ledger/index.ts';
import { loadPrintCompany, printableLogo, printedDate, renderDocumentPdf } from '../document-print/index.ts';
import type { ReportColumn, ReportRow, ReportTable } from '../finance-reports/index.ts';

export async function registerReport(opts: {
  tx: Db;
  clientId: number;
  lang: Lang;
  query: { date: string; categoryId?: number; branchId?: number };
}): Promise<RegisterReport> {
  const { tx, clientId, lang, query } = opts;
  const filters: SQL[] = [];
  if (query.categoryId) filters.push(sql`x.category_id = ${query.categoryId}`);
  if (query.branchId) filters.push(sql`x.branch_id = ${query.branchId}`);
  const where = filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
  const rows = await queryRows<{ id: number; tag: string; name: string; category: string; branch: string; cost: string; accumulated: string }>(
    tx,
    sql`
    select x.id, x.tag, x.name, x.category, b.name as branch, x.cost::text, x.accumulated::text from (
      select a.id, a.tag, a.name, a.category_id, case when ${lang} = 'so' and c.name_so is not null then c.name_so else c.name_en end as category,
             coalesce((select t.from_branch_id from asset_transfers t where t.client_id = a.client_id and t.asset_id = a.id and t.date > ${query.date}::date
                       order by t.date, t.id limit 1), a.branch_id) as branch_id,
             a.cost,
             a.opening_accumulated + coalesce((select sum(l.amount) from asset_depreciation_lines l
               join asset_depreciation_runs r on r.client_id = l.client_id and r.id = l.run_id
               where l.client_id = a.client_id and l.asset_id = a.id and r.status = 'posted'
                 and (r.month + interval '1 month - 1 day')::date <= ${query.date}::date), 0) as accumulated
      from assets a join asset_categories c on c.client_id = a.client_id and c.id = a.category_id
      where a.client_id = ${clientId} and a.recorded_on <= ${query.date}::date and (a.disposed_on is null or a.disposed_on > ${query.date}::date)
    ) x join branches b on b.client_id = ${clientId} and b.id = x.branch_id
    ${where}
    order by lower(x.category), lower(x.tag), x.id`,
  );
  const zero = () => ({ assets: 0, cost: new Decimal(0), accumulated: new Decimal(0) });
  const byCategory = new Map<string, ReturnType<typeof zero>>();
  const byBranch = new Map<string, ReturnType<typeof zero>>();
  const totals = zero();
  const add = (m: Map<string, ReturnType<typeof zero>> | null, key: string, cost: string, acc: string) => {
    const g = m ? (m.get(key) ?? zero()) : totals;
    g.assets += 1;
    g.cost = g.cost.plus(cost);
    g.accumulated = g.accumulated.plus(acc);
    m?.set(key, g);
  };
  const out = rows.map((r) => {
    add(byCategory, r.category, r.cost, r.accumulated);
    add(byBranch, r.branch, r.cost, r.accumulated);
    add(null, '', r.cost, r.accumulated);
    return {
      assetId: Number(r.id),
      tag: r.tag,
      name: r.name,
      category: r.category,
      branch: r.branch,
      cost: new Decimal(r.cost).toFixed(2),
      accumulated: new Decimal(r.accumulated).toFixed(2),
      netBookValue: new Decimal(r.cost).minus(r.accumulated).toFixed(2),
    };
  });
  const figures = (g: ReturnType<typeof zero>) => ({
    cost: g.cost.toFixed(2),
    accumulated: g.accumulated.toFixed(2),
    netBookValue: g.cost.minus(g.accumulated).toFixed(2),
  });
  const group = (m: Map<string, ReturnType<typeof zero>>) =>
    [...m.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([name, g]) => ({ name, assets: g.assets, ...figures(g) }));
  return { date: query.date, rows: out, byCategory: group(byCategory), byBranch: group(byBranch), totals: figures(totals) };
}

export async function movementsReport(opts: { tx: Db; clientId: number; lang: Lang; query: { startDate: string; endDate: string } }): Promise<MovementsReport> {
  const { tx, clientId, lang, query } = opts;
  const categoryName = sql`case when ${lang} = 'so' and c.name_so is not null then c.name_so else c.name_en end`;
  const additions = await queryRows<{ id: number; tag: string; name: string; category: string; date: string; source: string; cost: string }>(
    tx,
    sql`select a.id, a.tag, a.name, ${categoryName} as category, a.recorded_on::text as date, a.source, a.cost::text
        from assets a join asset_categories c on c.client_id = a.client_id and c.id = a.category_id
        where a.client_id = ${clientId} and a.recorded_on between ${query.startDate}::date and ${query.endDate}::date
        order by a.recorded_on, lower(a.tag), a.id`,
  );
  const disposals = await queryRows<{
    id: number;
    tag: string;
    name: string;
    category: string;
    date: string;
    kind: string;
    cost: string;
    accumulated: string;
    proceeds: string;
    gain_loss: string;
  }>(
    tx,
    sql`select a.id, a.tag, a.name, ${categoryName} as category, d.date::text, d.kind, d.cost::text, d.accumulated::text, d.proceeds::text, d.gain_loss::text
        from asset_disposals d join assets a on a.client_id = d.client_id and a.id = d.asset_id
        join asset_categories c on c.client_id = a.client_id and c.id = a.category_id
        where d.client_id = ${clientId} and d.date between ${query.startDate}::date and ${query.endDate}::date
        order by d.date, lower(a.tag), a.id`,
  );
  const sum = (xs: string[]) => xs.reduce((s, x) => s.plus(x), new Decimal(0)).toFixed(2);
  return {
    startDate: query.startDate,
    endDate: query.endDate,
    additions: additions.map((r) => ({ assetId: Number(r.id), tag: r.tag, name: r.name, category: r.category, date: r.date, source: r.source, cost: r.cost })),
    disposals: disposals.map((r) => ({
      assetId: Number(r.id),
      tag: r.tag,
      name: r.name,
      category: r.category,
      date: r.date,
      kind: r.kind,
      cost: r.cost,
      accumulated: r.accumulated,
      proceeds: r.proceeds,
      gainLoss: r.gain_loss,
    })),
    totals: {
      additions: sum(additions.map((r) => r.cost)),
      disposalsCost: sum(disposals.map((r) => r.cost)),
      proceeds: sum(disposals.map((r) => r.proceeds)),
      gainLoss: sum(disposals.map((r) => r.gain_loss)),
    },
  };
}

const t = (key: string, lang: Lang, params: Record<string, string | number> = {}) => translate(key, lang, params);
const col = (key: string, lang: Lang, kind: ReportColumn['kind'], width?: number): ReportColumn => ({ key, header: t(`assets.col.${key}`, lang), kind, width });

export function registerTable(r: RegisterReport, lang: Lang, organisation: string): ReportTable {
  const rows: ReportRow[] = r.rows.map((x) => ({
    cells: { tag: x.tag, name: x.name, category: x.category, branch: x.branch, cost: x.cost, accumulated: x.accumulated, nbv: x.netBookValue },
  }));
  const total: ReportRow = {
    style: 'total',
    cells: { name: t('assets.row.total', lang), cost: r.totals.cost, accumulated: r.totals.accumulated, nbv: r.totals.netBookValue },
  };
  rows.push(total);
  rows.push({ style: 'heading', cells: { tag: t('assets.row.byCategory', lang) } });
  for (const g of r.byCategory) rows.push({ cells: { category: `${g.name} (${g.assets})`, cost: g.cost, accumulated: g.accumulated, nbv: g.netBookValue } });
  rows.push({ style: 'heading', cells: { tag: t('assets.row.byBranch', lang) } });
  for (const g of r.byBranch) rows.push({ cells: { branch: `${g.name} (${g.assets})`, cost: g.cost, accumulated: g.accumulated, nbv: g.netBookValue } });
  return {
    title: t('assets.title.register', lang),
    subtitle: [organisation, t(`assets.asAt|${r.date}`, lang)],
    columns: [
      col('tag', lang, 'text', 14),
      col('name', lang, 'text', 30),
      col('category', lang, 'text', 24),
      col('branch', lang, 'text', 18),
      col('cost', lang, 'money'),
      col('accumulated', lang, 'money'),
      col('nbv', lang, 'money'),
    ],
    rows,
    fileName: `asset-register-${r.date}`,
  };
}

export function movementsTable(r: MovementsReport, lang: Lang, organisation: string): ReportTable {
  const rows: ReportRow[] = [{ style: 'heading', cells: { tag: t('assets.row.additions', lang) } }];
  for (const a of r.additions)
    rows.push({ cells: { date: a.date, tag: a.tag, name: a.name, category: a.category, source: t(`assets.source.${a.source}`, lang), cost: a.cost } });
  rows.push({ style: 'total', cells: { name: t('assets.row.total', lang), cost: r.totals.additions } });
  rows.push({ style: 'heading', cells: { tag: t('assets.row.disposals', lang) } });
  for (const d of r.disposals)
    rows.push({
      cells: {
        date: d.date,
        tag: d.tag,
        name: d.name,
        category: d.category,
        source: t(`assets.kind.${d.kind}`, lang),
        cost: d.cost,
        accumulated: d.accumulated,
        proceeds: d.proceeds,
        gainLoss: d.gainLoss,
      },
    });
  rows.push({
    style: 'total',
    cells: { name: t('assets.row.total', lang), cost: r.totals.disposalsCost, proceeds: r.totals.proceeds, gainLoss: r.totals.gainLoss },
  });
  return {
    title: t('assets.title.movements', lang),
    subtitle: [organisation, translate(`report.period|${r.startDate} – ${r.endDate}`, lang)],
    columns: [
      col('date', lang, 'date'),
      col('tag', lang, 'text', 14),
      col('name', lang, 'text', 30),
      col('category', lang, 'text', 24),
      col('source', lang, 'text', 14),
      col('cost', lang, 'money'),
      col('accumulated', lang, 'money'),
      col('proceeds', lang, 'money'),
      col('gainLoss', lang, 'money'),
    ],
    rows,
    fileName: `asset-movements-${r.startDate}-${r.endDate}`,
  };
}

export function scheduleTable(s: AssetSchedule, lang: Lang, organisation: string): ReportTable {
  const a = s.asset;
  return {
    title: t('assets.title.schedule', lang),
    subtitle: [organisation, `${a.tag} · ${a.name} · ${a.category}`, `${t('assets.col.cost', lang)}: ${a.cost}`],
    columns: [
      col('month', lang, 'text', 12),
      col('kind', lang, 'text', 16),
      col('amount', lang, 'money'),
      col('accumulated', lang, 'money'),
      col('nbv', lang, 'money'),
    ],
    rows: s.rows.map((r) => ({
      cells: { month: r.month, kind: t(`assets.scheduleKind.${r.kind}`, lang), amount: r.amount, accumulated: r.accumulated, nbv: r.netBookValue },
    })),
    fileName: `asset-schedule-${a.tag.replace(/[^A-Za-z0-9-]+/g, '-')}`,
  };
}

/**
 * A report table on paper: document-print's renderer with the organisation's header, the table's title,
 * its subtitle lines as facts, and its rows (section headings and totals in capitals, dates printed in the
 * language; shorter column headings where the full one would not fit). Money prints grouped, two decimals.
 */
export async function reportPdf(opts: { tx: Db; clientId: number; lang: Lang; table: ReportTable }) {
  const { tx, clientId, lang, table } = opts;
  const company = await loadPrintCompany({ tx, clientId });
  const logo = await printableLogo({ tx, fileId: company.logoFileId ?? null });
  const [, ...facts] = table.subtitle;
  const widest = table.columns.filter((c) => c.kind === 'text').reduce((w, c) => ((c.width ?? 12) > (w.width ?? 12) ? c : w)).key;
  const doc = renderDocumentPdf({
    lang,
    company,
    logo,
    title: table.title,
    number: facts[0] ?? '',
    facts: facts.slice(1).map((f) => {
      const [label, ...rest] = f.split(': ');
      return rest.length ? { label, value: rest.join(': ') } : { label: '', value: f };
    }),
    columns: table.columns.map((c) => {
      const short = `assets.pdf.${c.key}`;
      const label = translate(short, lang);
      return {
        key: c.key,
        label: label === short ? c.header : label,
        width: c.kind === 'money' ? 15 : Math.round((c.width ?? 12) * 0.6),
        kind: c.kind === 'money' ? ('money' as const) : ('text' as const),
      };
    }),
    rows: table.rows.map((r) => {
      const out: Record<string, string | null> = {};
      for (const c of table.columns) {
        const v = r.cells[c.key];
        if (v === null || v === undefined) continue;
        out[c.key] = c.kind === 'date' && typeof v === 'string' ? printedDate(v, lang) : String(v);
      }
      // A section heading goes in the widest text column, in capitals; a total's label too.
      if (r.style === 'heading' || r.style === 'total') {
        const label = Object.entries(out).find(([k]) => table.columns.find((c) => c.key === k)?.kind !== 'money');
        if (label) {
          delete out[label[0]];
          out[widest] = String(label[1]).toLocaleUpperCase(lang === 'so' ? 'so' : 'en');
        }
      }
      return out;
    }),
  });
  return { doc, fileName: table.fileName };
}
