// Each billing report's JSON (the object its API answers) laid out as the finance exporter's ReportTable:
// typed columns, the rows and the totals row, titles and columns in the caller's language. The filter
// lines (zone, account, ...) come from describeFilters in export-filters.ts.
import {
  type AgingReport,
  type CustomerSummary,
  type CustomerTransaction,
  type HouseTransaction,
  type Lang,
  type ReceivedPayments,
  type RevenueByClass,
  type UnpaidReport,
  type ZoneSummary,
  translate,
} from '@ubo/contracts';
import type { ReportColumn, ReportRow, ReportTable } from '../finance-reports/index.ts';
import { className, kindName, methodName, statusName } from './labels.ts';

export interface TableContext {
  lang: Lang;
  organisation: string;
  /** One line per filter in force ("Zone: Hodan North"). */
  filters: string[];
}

const t = (key: string, lang: Lang) => translate(key, lang);
const col = (key: string, header: string, kind: ReportColumn['kind'], width?: number): ReportColumn => ({ key, header, kind, width });
const c = (key: string, lang: Lang) => t(`billingReports.col.${key}`, lang);
const period = (lang: Lang, start: string | null, end: string | null) =>
  start || end ? translate(`report.period|${start ?? '…'} – ${end ?? '…'}`, lang) : t('report.allDates', lang);

/** "Total (12)": the totals row with how many rows it adds up. */
const counted = (lang: Lang, n: number) => `${t('row.total', lang)} (${n})`;

const AGING_FIGURES = ['current', 'd1_30', 'd31_60', 'd61_90', 'over90', 'unallocated', 'total'] as const;

export function agingTable(r: AgingReport, ctx: TableContext): ReportTable {
  const { lang } = ctx;
  const rows: ReportRow[] = r.rows.map((x) => ({
    cells: { customerNo: x.customerNo, customer: x.name, zone: x.zoneName ?? t('billingReports.noZone', lang), ...pick(x, AGING_FIGURES) },
  }));
  rows.push({ style: 'total', cells: { customer: counted(lang, r.totals.customers), ...pick(r.totals, AGING_FIGURES) } });
  return {
    title: t('billingReports.title.aging', lang),
    subtitle: [
      ctx.organisation,
      translate(`report.asAt|${r.date}`, lang),
      ...ctx.filters,
      translate(`billingReports.receivableBalance|${r.receivableBalance}`, lang),
    ],
    columns: [
      col('customerNo', c('customerNo', lang), 'text', 12),
      col('customer', c('customer', lang), 'text', 30),
      col('zone', c('zone', lang), 'text', 20),
      ...AGING_FIGURES.map((k) => col(k, c(k, lang), 'money')),
    ],
    rows,
    fileName: `customer-ageing-${r.date}`,
  };
}

const ZONE_FIGURES = ['billed', 'collected', 'outstanding'] as const;

export function zoneSummaryTable(r: ZoneSummary, ctx: TableContext): ReportTable {
  const { lang } = ctx;
  const line = (x: ZoneSummary['totals']) => ({ customers: x.customers, bills: x.bills, consumption: x.consumption, ...pick(x, ZONE_FIGURES) });
  const rows: ReportRow[] = r.rows.map((x) => ({ cells: { zone: x.name ?? t('billingReports.noZone', lang), ...line(x) } }));
  rows.push({ style: 'total', cells: { zone: t('row.total', lang), ...line(r.totals) } });
  return {
    title: t('billingReports.title.zoneSummary', lang),
    subtitle: [
      ctx.organisation,
      translate(`billingReports.month|${r.period}`, lang),
      translate(`billingReports.receivableBalance|${r.receivableBalance}`, lang),
    ],
    columns: [
      col('zone', c('zone', lang), 'text', 28),
      col('customers', c('customers', lang), 'integer'),
      col('bills', c('bills', lang), 'integer'),
      col('consumption', c('consumption', lang), 'integer', 14),
      ...ZONE_FIGURES.map((k) => col(k, c(k, lang), 'money')),
    ],
    rows,
    fileName: `zone-summary-${r.period}`,
  };
}

export function customerTransactionTable(r: CustomerTransaction, ctx: TableContext): ReportTable {
  const { lang } = ctx;
  const rows: ReportRow[] = [
    { style: 'heading', cells: { description: t('row.openingBalance', lang), balance: r.openingBalance } },
    ...r.lines.map((l) => ({
      cells: {
        date: l.date,
        kind: kindName(l.kind, lang),
        document: l.document,
        description: l.description,
        debit: l.debit === '0.00' ? null : l.debit,
        credit: l.credit === '0.00' ? null : l.credit,
        balance: l.balance,
      },
    })),
    { style: 'total', cells: { description: t('row.closingBalance', lang), debit: r.totals.debit, credit: r.totals.credit, balance: r.closingBalance } },
  ];
  return {
    title: t('billingReports.title.customerTransaction', lang),
    subtitle: [ctx.organisation, `${r.customer.customerNo} ${r.customer.name} (${r.customer.phone})`, period(lang, r.startDate, r.endDate)],
    columns: [
      col('date', t('col.date', lang), 'date'),
      col('kind', c('kind', lang), 'text', 16),
      col('document', c('document', lang), 'text', 14),
      col('description', t('col.memo', lang), 'text', 44),
      col('debit', t('col.debit', lang), 'money'),
      col('credit', t('col.credit', lang), 'money'),
      col('balance', t('col.balance', lang), 'money'),
    ],
    rows,
    fileName: `customer-statement-${r.customer.customerNo}-${[r.startDate, r.endDate].filter(Boolean).join('-') || 'all'}`,
  };
}

const SUMMARY_FIGURES = ['opening', 'billed', 'paid', 'adjustments', 'closing'] as const;

export function customerSummaryTable(r: CustomerSummary, ctx: TableContext): ReportTable {
  const { lang } = ctx;
  const rows: ReportRow[] = r.rows.map((x) => ({
    cells: { customerNo: x.customerNo, customer: x.name, zone: x.zoneName, status: statusName(x.status, lang), ...pick(x, SUMMARY_FIGURES) },
  }));
  rows.push({ style: 'total', cells: { customer: counted(lang, r.totals.customers), ...pick(r.totals, SUMMARY_FIGURES) } });
  const header = (k: (typeof SUMMARY_FIGURES)[number]) => (k === 'opening' || k === 'closing' ? t(`col.${k}`, lang) : c(k, lang));
  return {
    title: t('billingReports.title.customerSummary', lang),
    subtitle: [ctx.organisation, period(lang, r.startDate, r.endDate), ...ctx.filters],
    columns: [
      col('customerNo', c('customerNo', lang), 'text', 12),
      col('customer', c('customer', lang), 'text', 30),
      col('zone', c('zone', lang), 'text', 20),
      col('status', c('status', lang), 'text', 12),
      ...SUMMARY_FIGURES.map((k) => col(k, header(k), 'money')),
    ],
    rows,
    fileName: `customer-summary-${r.startDate}-${r.endDate}`,
  };
}

export function unpaidTable(r: UnpaidReport, ctx: TableContext): ReportTable {
  const { lang } = ctx;
  const rows: ReportRow[] = r.rows.map((x) => ({
    cells: {
      billNo: x.billNo,
      period: x.period,
      dueDate: x.dueDate,
      daysOverdue: x.daysOverdue,
      customerNo: x.customerNo,
      customer: x.name,
      phone: x.phone,
      zone: x.zoneName,
      amount: x.amount,
      paid: x.paid,
      balance: x.balance,
    },
  }));
  rows.push({ style: 'total', cells: { billNo: counted(lang, r.totals.bills), amount: r.totals.amount, paid: r.totals.paid, balance: r.totals.balance } });
  return {
    title: t('billingReports.title.unpaid', lang),
    subtitle: [ctx.organisation, translate(`report.asAt|${r.date}`, lang), ...ctx.filters],
    columns: [
      col('billNo', c('billNo', lang), 'text', 12),
      col('period', c('period', lang), 'text', 10),
      col('dueDate', c('dueDate', lang), 'date'),
      col('daysOverdue', c('daysOverdue', lang), 'integer'),
      col('customerNo', c('customerNo', lang), 'text', 12),
      col('customer', c('customer', lang), 'text', 28),
      col('phone', c('phone', lang), 'text', 14),
      col('zone', c('zone', lang), 'text', 18),
      col('amount', t('col.amount', lang), 'money'),
      col('paid', c('paid', lang), 'money'),
      col('balance', t('col.balance', lang), 'money'),
    ],
    rows,
    fileName: `unpaid-bills-${r.date}`,
  };
}

export function receivedPaymentsTable(r: ReceivedPayments, ctx: TableContext): ReportTable {
  const { lang } = ctx;
  const rows: ReportRow[] = r.rows.map((x) => ({
    cells: {
      receiptNo: x.receiptNo,
      date: x.date,
      customerNo: x.customerNo,
      customer: x.name,
      zone: x.zoneName,
      method: methodName(x.method, lang),
      account: `${x.accountCode} ${x.accountName}`,
      reference: x.reference,
      amount: x.amount,
      allocated: x.allocated,
      unallocated: x.unallocated,
    },
  }));
  rows.push({
    style: 'total',
    cells: { receiptNo: counted(lang, r.totals.payments), amount: r.totals.amount, allocated: r.totals.allocated, unallocated: r.totals.unallocated },
  });
  rows.push({ style: 'heading', cells: { receiptNo: t('billingReports.byAccount', lang) } });
  for (const a of r.byAccount) rows.push({ cells: { receiptNo: String(a.payments), account: `${a.code} ${a.name}`, amount: a.amount } });
  rows.push({ style: 'heading', cells: { receiptNo: t('billingReports.byMethod', lang) } });
  for (const m of r.byMethod) rows.push({ cells: { receiptNo: String(m.payments), method: methodName(m.method, lang), amount: m.amount } });
  return {
    title: t('billingReports.title.receivedPayments', lang),
    subtitle: [ctx.organisation, period(lang, r.startDate, r.endDate), ...ctx.filters],
    columns: [
      col('receiptNo', c('receiptNo', lang), 'text', 14),
      col('date', t('col.date', lang), 'date'),
      col('customerNo', c('customerNo', lang), 'text', 12),
      col('customer', c('customer', lang), 'text', 28),
      col('zone', c('zone', lang), 'text', 18),
      col('method', c('method', lang), 'text', 14),
      col('account', t('col.account', lang), 'text', 24),
      col('reference', t('col.reference', lang), 'text', 16),
      col('amount', t('col.amount', lang), 'money'),
      col('allocated', c('allocated', lang), 'money'),
      col('unallocated', c('unallocated', lang), 'money'),
    ],
    rows,
    fileName: `received-payments-${r.startDate}-${r.endDate}`,
  };
}

const REVENUE_FIGURES = ['subtotal', 'tax', 'amount'] as const;

export function revenueByClassTable(r: RevenueByClass, ctx: TableContext): ReportTable {
  const { lang } = ctx;
  const line = (x: RevenueByClass['totals']) => ({ bills: x.bills, customers: x.customers, consumption: x.consumption, ...pick(x, REVENUE_FIGURES) });
  const rows: ReportRow[] = [];
  for (const k of r.rows) {
    rows.push({ style: 'heading', cells: { name: className(k.customerClass, lang), ...line(k) } });
    for (const tariff of k.tariffs) rows.push({ cells: { name: `    ${tariff.name}`, ...line(tariff) } });
  }
  rows.push({ style: 'total', cells: { name: t('row.total', lang), ...line(r.totals) } });
  return {
    title: t('billingReports.title.revenueByClass', lang),
    subtitle: [ctx.organisation, period(lang, r.startDate, r.endDate), ...ctx.filters],
    columns: [
      col('name', `${c('customerClass', lang)} / ${c('tariff', lang)}`, 'text', 34),
      col('bills', c('bills', lang), 'integer'),
      col('customers', c('customers', lang), 'integer'),
      col('consumption', c('consumption', lang), 'integer', 14),
      col('subtotal', c('subtotal', lang), 'money'),
      col('tax', c('tax', lang), 'money'),
      col('amount', t('col.amount', lang), 'money'),
    ],
    rows,
    fileName: `revenue-by-class-${r.startDate}-${r.endDate}`,
  };
}

function pick<T extends Record<string, unknown>, K extends keyof T & string>(x: T, keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((k) => [k, x[k] as string])) as Record<K, string>;
}

export function houseTransactionTable(r: HouseTransaction, ctx: TableContext): ReportTable {
  const { lang } = ctx;
  const h = r.house;
  const rows: ReportRow[] = [
    { style: 'heading', cells: { description: t('row.openingBalance', lang), balance: r.openingBalance } },
    ...r.events.map((e) => ({
      cells: {
        date: e.date,
        kind: t(`billingReports.kind.${e.kind}`, lang),
        document: e.document,
        description: e.description,
        consumption: e.consumption,
        charge: e.charge,
        paid: e.paid,
        balance: e.balance,
      },
    })),
    {
      style: 'total',
      cells: {
        description: t('row.closingBalance', lang),
        consumption: r.totals.consumption,
        charge: r.totals.charge,
        paid: r.totals.paid,
        balance: r.closingBalance,
      },
    },
  ];
  const house = [h.houseNo, h.address].filter(Boolean).join(', ') || `#${h.id}`;
  return {
    title: t('billingReports.title.houseTransaction', lang),
    subtitle: [
      ctx.organisation,
      translate('billingReports.house.line', lang, { house, customer: h.customerName, customerNo: h.customerNo, zone: h.zoneName }),
      period(lang, r.startDate, r.endDate),
    ],
    columns: [
      col('date', t('col.date', lang), 'date'),
      col('kind', c('kind', lang), 'text', 16),
      col('document', c('document', lang), 'text', 14),
      col('description', t('col.memo', lang), 'text', 44),
      col('consumption', c('consumption', lang), 'text', 10),
      col('charge', c('charge', lang), 'money'),
      col('paid', c('paid', lang), 'money'),
      col('balance', t('col.balance', lang), 'money'),
    ],
    rows,
    fileName: `house-history-${h.id}-${[r.startDate, r.endDate].filter(Boolean).join('-') || 'all'}`,
  };
}
