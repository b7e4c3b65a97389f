// The stock reports as the finance exporter's ReportTable (CSV and Excel): typed columns, rows and the
// totals, titles and headers in the caller's language.
import { type ItemTransactionReport, type Lang, type StockOnHandReport, translate } from '@ubo/contracts';
import type { ReportColumn, ReportRow, ReportTable } from '../finance-reports/index.ts';

const t = (key: string, lang: Lang) => translate(key, lang);
const col = (key: string, lang: Lang, kind: ReportColumn['kind'], width?: number): ReportColumn => ({
  key,
  header: t(`stockReports.col.${key}`, lang),
  kind,
  width,
});

export function itemTransactionTable(r: ItemTransactionReport, ctx: { lang: Lang; organisation: string }): ReportTable {
  const { lang } = ctx;
  const rows: ReportRow[] = [
    { style: 'heading', cells: { document: t('stockReports.opening', lang), balance: r.opening.quantity, balanceValue: r.opening.value } },
    ...r.lines.map((l) => ({
      cells: {
        date: l.date,
        kind: t(`stockReports.kind.${l.kind}`, lang),
        document: l.document,
        branch: l.branchName,
        quantityIn: l.quantityIn,
        quantityOut: l.quantityOut,
        balance: l.balance,
        unitCost: l.unitCost,
        value: l.value,
        balanceValue: l.balanceValue,
      },
    })),
    {
      style: 'total',
      cells: {
        document: t('stockReports.closing', lang),
        quantityIn: r.totals.quantityIn,
        quantityOut: r.totals.quantityOut,
        value: r.totals.value,
        balance: r.closing.quantity,
        balanceValue: r.closing.value,
      },
    },
  ];
  const period = r.startDate || r.endDate ? translate(`report.period|${r.startDate ?? '…'} – ${r.endDate ?? '…'}`, lang) : t('report.allDates', lang);
  return {
    title: `${t('stockReports.title.itemTransaction', lang)}: ${r.item.code} ${r.item.name}`,
    subtitle: [ctx.organisation, period, r.branchName ?? t('stockReports.allBranches', lang)],
    columns: [
      col('date', lang, 'date'),
      col('kind', lang, 'text', 16),
      col('document', lang, 'text', 16),
      col('branch', lang, 'text', 18),
      col('quantityIn', lang, 'text'),
      col('quantityOut', lang, 'text'),
      col('balance', lang, 'text'),
      col('unitCost', lang, 'text'),
      col('value', lang, 'money'),
      col('balanceValue', lang, 'money'),
    ],
    rows,
    fileName: `item-transaction-${r.item.code.replace(/[^A-Za-z0-9-]/g, '_')}`,
  };
}

export function stockOnHandTable(r: StockOnHandReport, ctx: { lang: Lang; organisation: string; branchName: string | null }): ReportTable {
  const { lang } = ctx;
  const rows: ReportRow[] = r.rows.map((x) => ({
    cells: { code: x.code, name: x.name, category: x.categoryName, unit: x.unitName, quantity: x.quantity, averageCost: x.averageCost, value: x.value },
  }));
  rows.push({ style: 'total', cells: { name: `${t('row.total', lang)} (${r.totals.items})`, value: r.totals.value } });
  return {
    title: t('stockReports.title.stockOnHand', lang),
    subtitle: [ctx.organisation, translate(`report.asAt|${r.date}`, lang), ctx.branchName ?? t('stockReports.allBranches', lang)],
    columns: [
      col('code', lang, 'text', 14),
      col('name', lang, 'text', 30),
      col('category', lang, 'text', 18),
      col('unit', lang, 'text', 10),
      col('quantity', lang, 'text'),
      col('averageCost', lang, 'text'),
      col('value', lang, 'money'),
    ],
    rows,
    fileName: `stock-on-hand-${r.date}`,
  };
}
