// /reports/personal-account: one customer's, vendor's or employee's account (GET /api/finance/reports/
// personalaccount): every ledger line carrying them, across accounts (receivable, deposits, payables,
// ...), with the opening balance, the running balance after each line, the period's totals and the
// closing balance, server-paged. Customers' balances are on the debit side (what they owe), vendors' and
// employees' on the credit side. Party and period are in the URL (?partyType&partyId&startDate&endDate);
// an entry number opens the entry, an account its statement. CSV of the page, Excel of the whole period,
// print.
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { financeReportsEndpoints, type LedgerParty, type PartyType, partyTypeValues, type PersonalAccount } from '@ubo/contracts';
import { useSession } from '../../app/session.tsx';
import { FilterDialog } from '../../components/FilterDialog.tsx';
import { financePrivileges as fp } from '../finance/index.ts';
import { csvFileName } from '../../lib/csv.ts';
import { idFromParams, statementLink } from '../finance/index.ts';
import { ReportFrame } from '../../components/ReportFrame.tsx';
import { ReportState } from '../../components/ReportState.tsx';
import { StatementView } from '../finance/index.ts';
import { usePeriodText, useReportParams } from '../../lib/useReportParams.ts';
import { usePersonalAccount } from './finance-reports.queries.ts';
import { PartyPicker, usePartyLabel } from './PartyPicker.tsx';

const partyTypeOf = (value: string | null): PartyType => ((partyTypeValues as readonly string[]).includes(value ?? '') ? (value as PartyType) : 'customer');

export default function PersonalAccountPage() {
  const { t } = useTranslation();
  const { can } = useSession();
  const { params, range, setRange, update } = useReportParams();
  const periodText = usePeriodText();
  const partyLabel = usePartyLabel();
  const [isFilterOpen, setFilterOpen] = useState(false);
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(100);
  const partyType = partyTypeOf(params.get('partyType'));
  const partyId = idFromParams(params, 'partyId');
  // The party as picked (with its number); one opened from a link is named by the report itself.
  const [picked, setPicked] = useState<LedgerParty | null>(null);
  const canOpenEntry = can(fp.journal);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the page resets when the filters change
  useEffect(() => setPage(0), [partyType, partyId, range.startDate, range.endDate]);

  const query = { partyType, partyId: partyId ?? undefined, ...range };
  const report = usePersonalAccount({ ...query, _page: page + 1, _limit: limit }, partyId !== null);
  const data: PersonalAccount | undefined = partyId === null ? undefined : report.data;
  const value: LedgerParty | null =
    partyId === null
      ? null
      : picked && picked.id === partyId && picked.type === partyType
        ? picked
        : { type: partyType, id: partyId, name: data?.party.id === partyId ? data.party.name : null, number: null };
  const isFirstPage = page === 0;
  const isLastPage = data ? (page + 1) * limit >= data.total : false;
  const title = t('financeReports.personal.title');
  const heading = value ? `${title}: ${partyLabel(value)}` : title;

  const csv = () => {
    if (!data || !value) return null;
    const head = [
      t('finance.journal.date'),
      t('finance.journal.number'),
      t('finance.journal.reference'),
      t('finance.journal.memo'),
      t('financeReports.personal.account'),
      t('finance.debit'),
      t('finance.credit'),
      t('finance.st.balance'),
    ];
    return [
      [partyLabel(value), periodText.range(range)],
      head,
      ...(isFirstPage ? [['', '', '', t('finance.st.opening'), '', '', '', data.openingBalance]] : []),
      ...data.lines.map((l) => [l.date, l.number, l.reference, l.memo, `${l.accountCode} · ${l.accountName}`, l.debit, l.credit, l.balance]),
      ...(isLastPage ? [['', '', '', t('finance.st.totals'), '', data.totals.debit, data.totals.credit, data.closingBalance]] : []),
    ];
  };

  return (
    <ReportFrame
      title={heading}
      period={periodText.range(range)}
      onPeriod={() => setFilterOpen(true)}
      csv={csv}
      csvName={csvFileName(title, value ? `${t(`finance.party.${value.type}`)}-${value.id}` : '', range.startDate, range.endDate)}
      exportEndpoint={partyId === null ? undefined : financeReportsEndpoints.personalAccountExport}
      exportQuery={query}
      isFetching={report.isFetching}
      toolbar={
        <PartyPicker
          partyType={partyType}
          value={value}
          onTypeChange={(type) => {
            setPicked(null);
            update({ partyType: type, partyId: null });
          }}
          onChange={(party) => {
            setPicked(party);
            update({ partyType: party?.type ?? partyType, partyId: party ? String(party.id) : null });
          }}
        />
      }
    >
      {partyId === null ? (
        <Alert severity="info">{t('financeReports.personal.choose')}</Alert>
      ) : (
        <ReportState query={report} emptyText="">
          {data && (
            <StatementView
              data={data}
              range={range}
              label={heading}
              signNote={t(`financeReports.personal.side.${data.balanceSide}`)}
              canOpenEntry={canOpenEntry}
              extraColumn={{
                heading: t('financeReports.personal.account'),
                cell: (l) => (
                  <Link component={RouterLink} to={statementLink(l.accountId, range)} underline="hover" sx={{ color: 'inherit' }}>
                    {l.accountCode} · {l.accountName}
                  </Link>
                ),
              }}
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
