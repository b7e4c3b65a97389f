// /reports/income-statement: income and expense accounts over a period (GET /api/finance/
// incomestatement, year-end closing entries left out), each section with its subtotal, then the net
// income (a net loss below zero). An amount opens that account's statement for the period.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterDialog } from '../../../components/FilterDialog.tsx';
import { csvFileName } from '../../../lib/csv.ts';
import { statementLink } from '../finance.logic.ts';
import { useIncomeStatement } from '../finance.queries.ts';
import { ReportFrame } from '../../../components/ReportFrame.tsx';
import { ReportState } from '../../../components/ReportState.tsx';
import { type StatementSection, type StatementTotal, StatementTable, statementCsv } from './StatementTable.tsx';
import { usePeriodText, useReportParams } from '../../../lib/useReportParams.ts';
import { financeReportsEndpoints } from '@ubo/contracts';

export default function IncomeStatementPage() {
  const { t } = useTranslation();
  const { range, setRange } = useReportParams();
  const periodText = usePeriodText();
  const [isFilterOpen, setFilterOpen] = useState(false);
  const report = useIncomeStatement({ ...range });
  const data = report.data;
  const title = t('finance.is.title');

  const sections: StatementSection[] = data
    ? [
        { key: 'income', title: t('finance.is.income'), rows: data.income, totalLabel: t('finance.is.totalIncome'), total: data.totals.income },
        { key: 'expenses', title: t('finance.is.expenses'), rows: data.expenses, totalLabel: t('finance.is.totalExpenses'), total: data.totals.expenses },
      ]
    : [];
  const isLoss = data ? data.netIncome.trim().startsWith('-') : false;
  const totals: StatementTotal[] = data
    ? [{ key: 'net', label: isLoss ? t('finance.is.netLoss') : t('finance.is.netIncome'), value: data.netIncome, negativeColor: true }]
    : [];

  return (
    <ReportFrame
      title={title}
      period={periodText.range(range)}
      onPeriod={() => setFilterOpen(true)}
      csv={() =>
        data
          ? statementCsv(
              { section: t('finance.report.section'), code: t('finance.accounts.code'), name: t('finance.accounts.name'), amount: t('finance.report.amount') },
              sections,
              totals,
            )
          : null
      }
      csvName={csvFileName(title, range.startDate, range.endDate)}
      exportEndpoint={financeReportsEndpoints.incomeStatementExport}
      exportQuery={{ startDate: range.startDate, endDate: range.endDate }}
      isFetching={report.isFetching}
    >
      <ReportState query={report} emptyText="">
        <StatementTable
          title={title}
          sections={sections}
          totals={totals}
          linkOf={(id) => statementLink(id, range)}
          emptyRowText={t('finance.report.nothingPosted')}
        />
      </ReportState>
      <FilterDialog
        open={isFilterOpen}
        title={t('finance.report.period')}
        fields={['startDate', 'endDate']}
        initial={range}
        onApply={(v) => v.startDate && v.endDate && setRange({ startDate: v.startDate, endDate: v.endDate })}
        onClose={() => setFilterOpen(false)}
      />
    </ReportFrame>
  );
}
