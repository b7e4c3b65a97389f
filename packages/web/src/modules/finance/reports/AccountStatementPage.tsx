// /reports/account-transaction: one account's statement over a period (GET /api/finance/reports/
// account-transaction): the opening balance, the lines in ledger order with the running balance after
// each, the period's debit and credit totals and the closing balance; server-paged. The account and
// period are in the URL (?accountId&startDate&endDate), which is where every report's drill-down
// lands. An entry number opens the entry.
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { type AccountStatement, financeReportsEndpoints } from '@ubo/contracts';
import { useSession } from '../../../app/session.tsx';
import { FilterDialog } from '../../../components/FilterDialog.tsx';
import { AccountPicker } from '../AccountPicker.tsx';
import { financePrivileges as p } from '../finance.access.ts';
import { csvFileName } from '../../../lib/csv.ts';
import { idFromParams, partyText } from '../finance.logic.ts';
import { useAccountStatement, useAllAccounts } from '../finance.queries.ts';
import { ReportFrame } from '../../../components/ReportFrame.tsx';
import { ReportState } from '../../../components/ReportState.tsx';
import { StatementView } from './StatementView.tsx';
import { usePeriodText, useReportParams } from '../../../lib/useReportParams.ts';

export default function AccountStatementPage() {
  const { t } = useTranslation();
  const { can } = useSession();
  const { params, range, setRange, update } = useReportParams();
  const periodText = usePeriodText();
  const accounts = useAllAccounts();
  const [isFilterOpen, setFilterOpen] = useState(false);
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(100);
  const accountId = idFromParams(params, 'accountId');
  const canOpenEntry = can(p.journal);

  // Another account or period starts at the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page resets when the filters change
  useEffect(() => setPage(0), [accountId, range.startDate, range.endDate]);

  const report = useAccountStatement({ accountId: accountId ?? undefined, ...range, _page: page + 1, _limit: limit }, accountId !== null);
  const data: AccountStatement | undefined = accountId === null ? undefined : report.data;
  const isFirstPage = page === 0;
  const isLastPage = data ? (page + 1) * limit >= data.total : false;
  const title = t('finance.st.title');
  const heading = data ? `${title}: ${data.account.code} · ${data.account.name}` : title;

  const csv = () => {
    if (!data) return null;
    const head = [
      t('finance.journal.date'),
      t('finance.journal.number'),
      t('finance.journal.reference'),
      t('finance.journal.memo'),
      t('finance.journal.party'),
      t('finance.debit'),
      t('finance.credit'),
      t('finance.st.balance'),
    ];
    const rows = data.lines.map((l) => [l.date, l.number, l.reference, l.memo, partyText(l, t), l.debit, l.credit, l.balance]);
    return [
      [`${data.account.code} · ${data.account.name}`, periodText.range(range)],
      head,
      ...(isFirstPage ? [['', '', '', t('finance.st.opening'), '', '', '', data.openingBalance]] : []),
      ...rows,
      ...(isLastPage ? [['', '', '', t('finance.st.totals'), '', data.totals.debit, data.totals.credit, data.closingBalance]] : []),
    ];
  };

  return (
    <ReportFrame
      title={heading}
      period={periodText.range(range)}
      onPeriod={() => setFilterOpen(true)}
      csv={csv}
      csvName={csvFileName(title, data?.account.code ?? '', range.startDate, range.endDate)}
      exportEndpoint={accountId === null ? undefined : financeReportsEndpoints.accountStatementExport}
      exportQuery={{ accountId: accountId ?? undefined, startDate: range.startDate, endDate: range.endDate }}
      isFetching={report.isFetching}
      toolbar={
        <AccountPicker
          accounts={accounts.data ?? []}
          loading={accounts.isPending}
          value={accountId}
          onChange={(id) => update({ accountId: id ? String(id) : null })}
          label={t('finance.st.account')}
          sx={{ width: { xs: '100%', md: 420 } }}
        />
      }
    >
      {accountId === null ? (
        <Alert severity="info">{t('finance.st.chooseAccount')}</Alert>
      ) : (
        <ReportState query={report} emptyText="">
          {data && (
            <StatementView
              data={data}
              range={range}
              label={heading}
              signNote={t(`finance.st.sign.${data.account.type === 'asset' || data.account.type === 'expense' ? 'debit' : 'credit'}`)}
              canOpenEntry={canOpenEntry}
              extraColumn={{ heading: t('finance.journal.party'), cell: (l) => partyText(l, t) }}
              page={page}
              limit={limit}
              onPage={setPage}
              onLimit={setLimit}
            />
          )}
        </ReportState>
      )}
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
