// Each report's JSON (the same object its API answers) laid out as a ReportTable for CSV and XLSX:
// columns with their kinds, section headings, subtotals and the totals row, in the caller's language.
import {
  type AccountStatement,
  type AccountSummary,
  type AccountTypeSummary,
  type BalanceSheet,
  type BudgetVsActual,
  type CashFlowStatement,
  type IncomeStatement,
  type Lang,
  type PersonalAccount,
  type Reconciliation,
  type RevenueReport,
  type StatementRow,
  type TrialBalance,
  translate,
} from '@ubo/contracts';
import { accountTypeName, partyTypeName } from '../labels.ts';
import type { ReportColumn, ReportRow, ReportTable } from './report-table.ts';

export interface TableContext {
  lang: Lang;
  organisation: string;
}

const t = (key: string, lang: Lang) => translate(key, lang);
const col = (key: string, header: string, kind: ReportColumn['kind'], width?: number): ReportColumn => ({ key, header, kind, width });

function periodLine(lang: Lang, startDate: string | null, endDate: string | null): string {
  if (!startDate && !endDate) return t('report.allDates', lang);
  return translate(`report.period|${startDate ?? '…'} – ${endDate ?? '…'}`, lang);
}

const datePart = (startDate: string | null, endDate: string | null) => [startDate, endDate].filter((d): d is string => d !== null).join('-') || 'all';

export function accountSummaryTable(r: AccountSummary, ctx: TableContext): ReportTable {
  const { lang } = ctx;
  const rows: ReportRow[] = r.rows.map((x) => ({
    cells: { code: x.code, account: x.name, type: accountTypeName(x.type, lang), opening: x.opening, debit: x.debit, credit: x.credit, closing: x.closing },
  }));
  rows.push({
    style: 'total',
    cells: { account: t('row.total', lang), opening: r.totals.opening, debit: r.totals.debit, credit: r.totals.credit, closing: r.totals.closing },
  });
  return {
    title: t('report.accountSummary', lang),
    subtitle: [ctx.organisation, periodLine(lang, r.startDate, r.endDate), ...(r.type ? [accountTypeName(r.type, lang)] : [])],
    columns: [
      col('code', t('col.code', lang), 'text', 10),
      col('account', t('col.account', lang), 'text', 36),
      col('type', t('col.type', lang), 'text', 14),
      col('opening', t('col.opening', lang), 'money'),
      col('debit', t('col.debit', lang), 'money'),
      col('credit', t('col.credit', lang), 'money'),
      col('closing', t('col.closing', lang), 'money'),
    ],
    rows,
    fileName: `account-summary-${datePart(r.startDate, r.endDate)}`,
  };
}

export function accountTypesTable(r: AccountTypeSummary, ctx: TableContext): ReportTable {
  const { lang } = ctx;
  const rows: ReportRow[] = [];
  for (const type of r.types) {
    rows.push({ style: 'heading', cells: { name: type.name, opening: type.opening, debit: type.debit, credit: type.credit, closing: type.closing } });
    for (const s of type.subtypes) {
      rows.push({ cells: { name: `    ${s.name}`, accounts: s.accounts, opening: s.opening, debit: s.debit, credit: s.credit, closing: s.closing } });
    }
  }
  rows.push({ style: 'total', cells: { name: t('row.total', lang), debit: r.totals.debit, credit: r.totals.credit } });
  return {
    title: t('report.accountTypes', lang),
    subtitle: [ctx.organisation, periodLine(lang, r.startDate, r.endDate)],
    columns: [
      col('name', t('col.type', lang), 'text', 36),
      col('accounts', t('col.accounts', lang), 'integer'),
      col('opening', t('col.opening', lang), 'money'),
      col('debit', t('col.debit', lang), 'money'),
      col('credit', t('col.credit', lang), 'money'),
      col('closing', t('col.closing', lang), 'money'),
    ],
    rows,
    fileName: `account-types-${datePart(r.startDate, r.endDate)}`,
  };
}

export function cashFlowTable(r: CashFlowStatement, ctx: TableContext): ReportTable {
  const { lang } = ctx;
  const rows: ReportRow[] = [{ style: 'heading', cells: { label: t('cashFlow.openingCash', lang), net: r.openingCash } }];
  for (const a of r.activities) {
    rows.push({ style: 'heading', cells: { label: a.name } });
    for (const g of a.groups) {
      rows.push({ cells: { label: `  ${g.name}`, inflow: g.inflow, outflow: g.outflow, net: g.net } });
      for (const x of g.accounts) rows.push({ cells: { label: `      ${x.code} ${x.name}`, inflow: x.inflow, outflow: x.outflow, net: x.net } });
    }
    rows.push({ style: 'total', cells: { label: translate(`cashFlow.activityNet|${a.name}`, lang), inflow: a.inflow, outflow: a.outflow, net: a.net } });
  }
  rows.push({ style: 'total', cells: { label: t('cashFlow.netChange', lang), inflow: r.totals.inflow, outflow: r.totals.outflow, net: r.totals.net } });
  rows.push({ style: 'total', cells: { label: t('cashFlow.closingCash', lang), net: r.closingCash } });
  return {
    title: t('report.cashFlow', lang),
    subtitle: [ctx.organisation, periodLine(lang, r.startDate, r.endDate)],
    columns: [
      col('label', t('col.account', lang), 'text', 44),
      col('inflow', t('col.inflow', lang), 'money'),
      col('outflow', t('col.outflow', lang), 'money'),
      col('net', t('col.net', lang), 'money'),
    ],
    rows,
    fileName: `cash-flow-${datePart(r.startDate, r.endDate)}`,
  };
}

export function revenueTable(r: RevenueReport, ctx: TableContext): ReportTable {
  const { lang } = ctx;
  const columns: ReportColumn[] = [
    col('label', t(r.groupBy === 'account' ? 'col.account' : 'col.month', lang), 'text', r.groupBy === 'account' ? 32 : 12),
    ...r.columns.map((c, i) => col(`c${i}`, c.label, 'money', r.groupBy === 'account' ? 14 : 22)),
    col('total', t('row.total', lang), 'money'),
  ];
  const line = (label: string, amounts: string[], total: string) =>
    Object.fromEntries([['label', label], ...amounts.map((a, i) => [`c${i}`, a]), ['total', total]]);
  const rows: ReportRow[] = r.rows.map((x) => ({ cells: line(x.code ? `${x.code} ${x.label}` : x.label, x.amounts, x.total) }));
  rows.push({ style: 'total', cells: line(t('row.total', lang), r.totals.amounts, r.totals.total) });
  return {
    title: t('report.revenue', lang),
    subtitle: [ctx.organisation, periodLine(lang, r.startDate, r.endDate)],
    columns,
    rows,
    fileName: `revenue-${r.groupBy}-${datePart(r.startDate, r.endDate)}`,
  };
}

export function budgetVsActualTable(r: BudgetVsActual, ctx: TableContext): ReportTable {
  const { lang } = ctx;
  const rows: ReportRow[] = [];
  const section = (heading: string, items: BudgetVsActual['income'], totalLabel: string, totals: BudgetVsActual['totals']['income']) => {
    rows.push({ style: 'heading', cells: { account: heading } });
    for (const x of items) {
      rows.push({ cells: { code: x.code, account: x.name, budget: x.budget, actual: x.actual, variance: x.variance, percent: x.variancePercent } });
    }
    rows.push({
      style: 'total',
      cells: { account: totalLabel, budget: totals.budget, actual: totals.actual, variance: totals.variance, percent: totals.variancePercent },
    });
  };
  section(t('row.income', lang), r.income, t('row.totalIncome', lang), r.totals.income);
  section(t('row.expenses', lang), r.expenses, t('row.totalExpenses', lang), r.totals.expenses);
  const n = r.totals.net;
  rows.push({
    style: 'total',
    cells: { account: t('row.netIncome', lang), budget: n.budget, actual: n.actual, variance: n.variance, percent: n.variancePercent },
  });
  return {
    title: t('report.budgetVsActual', lang),
    subtitle: [ctx.organisation, periodLine(lang, r.startDate, r.endDate)],
    columns: [
      col('code', t('col.code', lang), 'text', 10),
      col('account', t('col.account', lang), 'text', 36),
      col('budget', t('col.budget', lang), 'money'),
      col('actual', t('col.actual', lang), 'money'),
      col('variance', t('col.variance', lang), 'money'),
      col('percent', t('col.variancePercent', lang), 'percent', 12),
    ],
    rows,
    fileName: `budget-vs-actual-${r.year}${r.month ? `-${String(r.month).padStart(2, '0')}` : ''}`,
  };
}

export function personalAccountTable(r: PersonalAccount, ctx: TableContext): ReportTable {
  const { lang } = ctx;
  const party = `${partyTypeName(r.party.type, lang)} ${r.party.id}${r.party.name ? ` – ${r.party.name}` : ''}`;
  const rows: ReportRow[] = [{ style: 'heading', cells: { memo: t('row.openingBalance', lang), balance: r.openingBalance } }];
  for (const x of r.lines) {
    rows.push({
      cells: {
        date: x.date,
        number: x.number,
        reference: x.reference,
        memo: x.memo,
        account: `${x.accountCode} ${x.accountName}`,
        debit: x.debit,
        credit: x.credit,
        balance: x.balance,
      },
    });
  }
  rows.push({ style: 'total', cells: { memo: t('row.total', lang), debit: r.totals.debit, credit: r.totals.credit } });
  rows.push({ style: 'total', cells: { memo: t('row.closingBalance', lang), balance: r.closingBalance } });
  return {
    title: t('report.personalAccount', lang),
    subtitle: [ctx.organisation, party, periodLine(lang, r.startDate, r.endDate)],
    columns: [
      col('date', t('col.date', lang), 'date'),
      col('number', t('col.number', lang), 'text', 12),
      col('reference', t('col.reference', lang), 'text', 14),
      col('memo', t('col.memo', lang), 'text', 36),
      col('account', t('col.account', lang), 'text', 30),
      col('debit', t('col.debit', lang), 'money'),
      col('credit', t('col.credit', lang), 'money'),
      col('balance', t('col.balance', lang), 'money'),
    ],
    rows,
    fileName: `personal-account-${r.party.type}-${r.party.id}-${datePart(r.startDate, r.endDate)}`,
  };
}

export function reconciliationTable(r: Reconciliation, ctx: TableContext): ReportTable {
  const { lang } = ctx;
  const rows: ReportRow[] = r.lines.map((x) => ({
    cells: {
      date: x.date,
      number: x.number,
      reference: x.reference,
      memo: x.memo,
      debit: x.debit,
      credit: x.credit,
      cleared: t(x.isCleared ? 'col.yes' : 'col.no', lang),
    },
  }));
  const summary = (key: string, amount: string | null) => rows.push({ style: 'total', cells: { memo: t(key, lang), balance: amount } });
  summary('reconciliation.ledgerBalance', r.ledgerBalance);
  summary('reconciliation.openingCleared', r.openingClearedBalance);
  summary('reconciliation.clearedBalance', r.clearedBalance);
  summary('reconciliation.statementBalance', r.statementBalance);
  summary('reconciliation.difference', r.difference);
  return {
    title: t('report.reconciliation', lang),
    subtitle: [ctx.organisation, `${r.account.code} ${r.account.name}`, `${r.period} (${t(`reconciliation.${r.status}`, lang)})`],
    columns: [
      col('date', t('col.date', lang), 'date'),
      col('number', t('col.number', lang), 'text', 12),
      col('reference', t('col.reference', lang), 'text', 14),
      col('memo', t('col.memo', lang), 'text', 36),
      col('debit', t('col.debit', lang), 'money'),
      col('credit', t('col.credit', lang), 'money'),
      col('cleared', t('col.cleared', lang), 'text', 10),
      col('balance', t('col.balance', lang), 'money'),
    ],
    rows,
    fileName: `reconciliation-${r.account.code.replace(/[^A-Za-z0-9.-]/g, '')}-${r.period}`,
  };
}

export function trialBalanceTable(r: TrialBalance, ctx: TableContext): ReportTable {
  const { lang } = ctx;
  const rows: ReportRow[] = r.rows.map((x) => ({
    cells: {
      code: x.code,
      account: x.name,
      openingDebit: x.openingDebit,
      openingCredit: x.openingCredit,
      movementDebit: x.movementDebit,
      movementCredit: x.movementCredit,
      debit: x.debit,
      credit: x.credit,
    },
  }));
  rows.push({
    style: 'total',
    cells: {
      account: t('row.total', lang),
      openingDebit: r.totals.opening.debit,
      openingCredit: r.totals.opening.credit,
      movementDebit: r.totals.movement.debit,
      movementCredit: r.totals.movement.credit,
      debit: r.totals.debit,
      credit: r.totals.credit,
    },
  });
  return {
    title: t('report.trialBalance', lang),
    subtitle: [ctx.organisation, periodLine(lang, r.startDate, r.endDate)],
    columns: [
      col('code', t('col.code', lang), 'text', 10),
      col('account', t('col.account', lang), 'text', 36),
      col('openingDebit', t('col.openingDebit', lang), 'money'),
      col('openingCredit', t('col.openingCredit', lang), 'money'),
      col('movementDebit', t('col.movementDebit', lang), 'money'),
      col('movementCredit', t('col.movementCredit', lang), 'money'),
      col('debit', t('col.closingDebit', lang), 'money'),
      col('credit', t('col.closingCredit', lang), 'money'),
    ],
    rows,
    fileName: `trial-balance-${datePart(r.startDate, r.endDate)}`,
  };
}

const statementRows = (items: StatementRow[]): ReportRow[] => items.map((x) => ({ cells: { code: x.code, account: x.name, amount: x.amount } }));
const amountColumns = (lang: Lang) => [
  col('code', t('col.code', lang), 'text', 10),
  col('account', t('col.account', lang), 'text', 40),
  col('amount', t('col.amount', lang), 'money'),
];

export function incomeStatementTable(r: IncomeStatement, ctx: TableContext): ReportTable {
  const { lang } = ctx;
  const rows: ReportRow[] = [
    { style: 'heading', cells: { account: t('row.income', lang) } },
    ...statementRows(r.income),
    { style: 'total', cells: { account: t('row.totalIncome', lang), amount: r.totals.income } },
    { style: 'heading', cells: { account: t('row.expenses', lang) } },
    ...statementRows(r.expenses),
    { style: 'total', cells: { account: t('row.totalExpenses', lang), amount: r.totals.expenses } },
    { style: 'total', cells: { account: t('row.netIncome', lang), amount: r.netIncome } },
  ];
  return {
    title: t('report.incomeStatement', lang),
    subtitle: [ctx.organisation, periodLine(lang, r.startDate, r.endDate)],
    columns: amountColumns(lang),
    rows,
    fileName: `income-statement-${datePart(r.startDate, r.endDate)}`,
  };
}

export function balanceSheetTable(r: BalanceSheet, ctx: TableContext): ReportTable {
  const { lang } = ctx;
  const rows: ReportRow[] = [
    { style: 'heading', cells: { account: t('row.assets', lang) } },
    ...statementRows(r.assets),
    { style: 'total', cells: { account: t('row.totalAssets', lang), amount: r.totals.assets } },
    { style: 'heading', cells: { account: t('row.liabilities', lang) } },
    ...statementRows(r.liabilities),
    { style: 'total', cells: { account: t('row.totalLiabilities', lang), amount: r.totals.liabilities } },
    { style: 'heading', cells: { account: t('row.equity', lang) } },
    ...statementRows(r.equity),
    { style: 'total', cells: { account: t('row.totalEquity', lang), amount: r.totals.equity } },
    { style: 'total', cells: { account: t('row.totalLiabilitiesEquity', lang), amount: r.totals.liabilitiesAndEquity } },
  ];
  return {
    title: t('report.balanceSheet', lang),
    subtitle: [ctx.organisation, translate(`report.asAt|${r.date}`, lang)],
    columns: amountColumns(lang),
    rows,
    fileName: `balance-sheet-${r.date}`,
  };
}

export function accountStatementTable(r: AccountStatement, ctx: TableContext): ReportTable {
  const { lang } = ctx;
  const rows: ReportRow[] = [{ style: 'heading', cells: { memo: t('row.openingBalance', lang), balance: r.openingBalance } }];
  for (const x of r.lines) {
    rows.push({ cells: { date: x.date, number: x.number, reference: x.reference, memo: x.memo, debit: x.debit, credit: x.credit, balance: x.balance } });
  }
  rows.push({ style: 'total', cells: { memo: t('row.total', lang), debit: r.totals.debit, credit: r.totals.credit } });
  rows.push({ style: 'total', cells: { memo: t('row.closingBalance', lang), balance: r.closingBalance } });
  return {
    title: t('report.accountTransaction', lang),
    subtitle: [ctx.organisation, `${r.account.code} ${r.account.name}`, periodLine(lang, r.startDate, r.endDate)],
    columns: [
      col('date', t('col.date', lang), 'date'),
      col('number', t('col.number', lang), 'text', 12),
      col('reference', t('col.reference', lang), 'text', 14),
      col('memo', t('col.memo', lang), 'text', 40),
      col('debit', t('col.debit', lang), 'money'),
      col('credit', t('col.credit', lang), 'money'),
      col('balance', t('col.balance', lang), 'money'),
    ],
    rows,
    fileName: `account-transaction-${r.account.code.replace(/[^A-Za-z0-9.-]/g, '')}-${datePart(r.startDate, r.endDate)}`,
  };
}
