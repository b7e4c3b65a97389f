// The vendor reports' JSON laid out as the finance exporter's ReportTable (CSV and XLSX): typed columns,
// the rows and the totals row, titles and columns in the caller's language.
import { type Lang, type VendorSummary, type VendorTransaction, translate, vendorSummaryFigures } from '@ubo/contracts';
import type { ReportColumn, ReportRow, ReportTable } from '../finance-reports/index.ts';

const t = (key: string, lang: Lang, params: Record<string, string | number> = {}) => translate(key, lang, params);
const col = (key: string, header: string, kind: ReportColumn['kind'], width?: number): ReportColumn => ({ key, header, kind, width });
const c = (key: string, lang: Lang) => t(`vendors.col.${key}`, lang);
const period = (lang: Lang, start: string | null, end: string | null) =>
  start || end ? translate(`report.period|${start ?? '…'} – ${end ?? '…'}`, lang) : t('report.allDates', lang);

export function vendorTransactionTable(r: VendorTransaction, lang: Lang, organisation: string): ReportTable {
  const rows: ReportRow[] = [
    { style: 'heading', cells: { description: t('vendors.row.openingBalance', lang), balance: r.openingBalance } },
    ...r.lines.map((l) => ({
      cells: {
        date: l.date,
        vendor: `${l.vendorNumber} ${l.vendorName}`,
        kind: t(`vendors.kind.${l.kind}`, lang),
        document: l.document,
        number: l.number,
        description: l.description,
        debit: l.debit === '0.00' ? null : l.debit,
        credit: l.credit === '0.00' ? null : l.credit,
        balance: l.balance,
      },
    })),
    {
      style: 'total',
      cells: { description: t('vendors.row.closingBalance', lang), debit: r.totals.debit, credit: r.totals.credit, balance: r.closingBalance },
    },
  ];
  const who = r.vendor ? `${r.vendor.number} ${r.vendor.name}` : t('vendors.allVendors', lang);
  return {
    title: t('vendors.title.transaction', lang),
    subtitle: [organisation, who, period(lang, r.startDate, r.endDate)],
    columns: [
      col('date', t('col.date', lang), 'date'),
      col('vendor', c('vendor', lang), 'text', 28),
      col('kind', c('kind', lang), 'text', 16),
      col('document', c('document', lang), 'text', 14),
      col('number', c('number', lang), 'text', 12),
      col('description', c('description', lang), 'text', 40),
      col('debit', t('col.debit', lang), 'money'),
      col('credit', t('col.credit', lang), 'money'),
      col('balance', t('col.balance', lang), 'money'),
    ],
    rows,
    fileName: `vendor-transactions-${r.vendor?.number ?? 'all'}-${[r.startDate, r.endDate].filter(Boolean).join('-') || 'all'}`.replace(
      /[^A-Za-z0-9._-]/g,
      '_',
    ),
  };
}

export function vendorSummaryTable(r: VendorSummary, lang: Lang, organisation: string): ReportTable {
  const rows: ReportRow[] = r.rows.map((x) => ({
    cells: { number: x.number, vendor: x.name, status: x.status, ...Object.fromEntries(vendorSummaryFigures.map((f) => [f, x[f]])) },
  }));
  rows.push({
    style: 'total',
    cells: { vendor: t('vendors.row.total', lang, { n: r.totals.vendors }), ...Object.fromEntries(vendorSummaryFigures.map((f) => [f, r.totals[f]])) },
  });
  return {
    title: t('vendors.title.summary', lang),
    subtitle: [organisation, period(lang, r.startDate, r.endDate), t('vendors.asAt', lang, { n: r.endDate })],
    columns: [
      col('number', c('vendorNo', lang), 'text', 12),
      col('vendor', c('vendor', lang), 'text', 30),
      col('status', c('status', lang), 'text', 10),
      ...vendorSummaryFigures.map((f) => col(f, c(f, lang), 'money')),
    ],
    rows,
    fileName: `vendor-summary-${[r.startDate, r.endDate].filter(Boolean).join('-')}`,
  };
}
