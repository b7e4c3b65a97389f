// /reports/balance-sheet: assets, liabilities and equity at the end of a day (GET /api/finance/
// balancesheet), equity including the current-year earnings not yet closed, with the check that
// assets equal liabilities plus equity. An account's amount opens its statement from the start of
// that year to the day, whose closing balance is the amount shown.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { FilterDialog } from '../../../components/FilterDialog.tsx';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { csvFileName } from '../../../lib/csv.ts';
import { statementLink } from '../finance.logic.ts';
import { useBalanceSheet } from '../finance.queries.ts';
import { ReportFrame } from '../../../components/ReportFrame.tsx';
import { ReportState } from '../../../components/ReportState.tsx';
import { type StatementSection, type StatementTotal, StatementTable, statementCsv } from './StatementTable.tsx';
import { usePeriodText, useReportParams } from '../../../lib/useReportParams.ts';
import { financeReportsEndpoints } from '@ubo/contracts';

export default function BalanceSheetPage() {
  const { t } = useTranslation();
  const { date, update } = useReportParams();
  const periodText = usePeriodText();
  const [isFilterOpen, setFilterOpen] = useState(false);
  const report = useBalanceSheet({ date });
  const data = report.data;
  const title = t('finance.bs.title');

  const sections: StatementSection[] = data
    ? [
        { key: 'assets', title: t('finance.bs.assets'), rows: data.assets, totalLabel: t('finance.bs.totalAssets'), total: data.totals.assets },
        {
          key: 'liabilities',
          title: t('finance.bs.liabilities'),
          rows: data.liabilities,
          totalLabel: t('finance.bs.totalLiabilities'),
          total: data.totals.liabilities,
        },
        { key: 'equity', title: t('finance.bs.equity'), rows: data.equity, totalLabel: t('finance.bs.totalEquity'), total: data.totals.equity },
      ]
    : [];
  const totals: StatementTotal[] = data
    ? [{ key: 'liabilitiesAndEquity', label: t('finance.bs.totalLiabilitiesAndEquity'), value: data.totals.liabilitiesAndEquity }]
    : [];
  const difference = data ? new Decimal(data.totals.assets).minus(data.totals.liabilitiesAndEquity) : new Decimal(0);
  const yearStart = `${date.slice(0, 4)}-01-01`;

  return (
    <ReportFrame
      title={title}
      period={periodText.asAt(date)}
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
      csvName={csvFileName(title, date)}
      exportEndpoint={financeReportsEndpoints.balanceSheetExport}
      exportQuery={{ date }}
      isFetching={report.isFetching}
    >
      <ReportState query={report} emptyText="">
        {data && (
          <Alert severity={data.isBalanced ? 'success' : 'error'} role="status" sx={{ mb: 2 }} data-testid="balance-check">
            {data.isBalanced ? t('finance.bs.checkOk') : t('finance.bs.checkFailed')}{' '}
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              (<MoneyText value={data.totals.assets} /> = <MoneyText value={data.totals.liabilities} /> + <MoneyText value={data.totals.equity} />
              {!difference.isZero() && (
                <>
                  ; {t('finance.bs.difference')} <MoneyText value={difference} />
                </>
              )}
              )
            </Box>
          </Alert>
        )}
        <StatementTable
          title={title}
          sections={sections}
          totals={totals}
          linkOf={(id) => statementLink(id, { startDate: yearStart, endDate: date })}
          emptyRowText={t('finance.report.nothingPosted')}
        />
      </ReportState>
      <FilterDialog
        open={isFilterOpen}
        title={t('finance.report.asAtTitle')}
        fields={['date']}
        initial={{ date }}
        onApply={(v) => v.date && update({ date: v.date })}
        onClose={() => setFilterOpen(false)}
      />
    </ReportFrame>
  );
}
