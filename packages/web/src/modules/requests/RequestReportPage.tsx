// /requests/report: requests created in a period by status, type, department, branch or month: how many,
// the amount requested and the amount approved (GET /api/request/report). CSV of what is shown, Excel
// through the report's export endpoint, print.
import { useState } from 'react';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type RequestReportGroupBy, type RequestReportRow, requestReportGroupByValues, requestsEndpoints } from '@ubo/contracts';
import { FilterDialog } from '../../components/FilterDialog.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { ReportFrame } from '../../components/ReportFrame.tsx';
import { ReportState } from '../../components/ReportState.tsx';
import { api } from '../../lib/api.ts';
import { csvFileName } from '../../lib/csv.ts';
import { formatMonth } from '../../lib/format.ts';
import { useLang } from '../../lib/lang.ts';
import { endpointKeys } from '../../lib/queryKeys.ts';
import { usePeriodText, useReportParams } from '../../lib/useReportParams.ts';

const byKey: Record<RequestReportGroupBy, string> = {
  status: 'byStatus',
  type: 'byType',
  department: 'byDepartment',
  branch: 'byBranch',
  month: 'byMonth',
};

export default function RequestReportPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { range, setRange, params, update } = useReportParams();
  const periodText = usePeriodText();
  const [isFilterOpen, setFilterOpen] = useState(false);
  const groupBy = requestReportGroupByValues.find((g) => g === params.get('groupBy')) ?? 'status';
  const query = { ...range, groupBy } as const;
  const report = useQuery({
    queryKey: endpointKeys(requestsEndpoints.report).list(query),
    queryFn: ({ signal }) => api.call(requestsEndpoints.report, { query }, { signal }),
  });
  const data = report.data;
  const title = t('requests.report.title');
  const first = t(`requests.report.${groupBy}`);
  // Statuses and types in the reader's language (the server's labels follow the caller's language too).
  const label = (r: RequestReportRow) =>
    groupBy === 'month'
      ? formatMonth(r.key, lang)
      : groupBy === 'status'
        ? t(`requests.status.${r.key}`)
        : groupBy === 'type'
          ? t(`requests.type.${r.key}`)
          : r.label;
  const csv = () =>
    data
      ? [
          [first, t('requests.report.requests'), t('requests.report.requested'), t('requests.report.approved')],
          ...data.rows.map((r) => [label(r), String(r.requests), r.requested, r.approved]),
          [t('requests.report.total'), String(data.totals.requests), data.totals.requested, data.totals.approved],
        ]
      : null;
  return (
    <ReportFrame
      title={title}
      period={periodText.range(range)}
      onPeriod={() => setFilterOpen(true)}
      csv={csv}
      csvName={csvFileName(title, range.startDate, range.endDate)}
      exportEndpoint={requestsEndpoints.reportExport}
      exportQuery={query}
      isFetching={report.isFetching}
      toolbar={
        <ToggleButtonGroup
          exclusive
          size="small"
          value={groupBy}
          onChange={(_, v: RequestReportGroupBy | null) => v && update({ groupBy: v === 'status' ? null : v })}
          aria-label={t('requests.report.show')}
          sx={{ flexShrink: 0, '& .MuiToggleButton-root': { whiteSpace: 'nowrap' } }}
        >
          {requestReportGroupByValues.map((g) => (
            <ToggleButton key={g} value={g}>
              {t(`requests.report.${byKey[g]}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      }
    >
      <ReportState query={report} isEmpty={data ? data.rows.length === 0 : false} emptyText={t('requests.report.empty')}>
        {data && (
          <Paper>
            <TableContainer>
              <Table size="small" aria-label={title}>
                <TableHead>
                  <TableRow>
                    <TableCell>{first}</TableCell>
                    <TableCell align="right">{t('requests.report.requests')}</TableCell>
                    <TableCell align="right">{t('requests.report.requested')}</TableCell>
                    <TableCell align="right">{t('requests.report.approved')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.rows.map((r) => (
                    <TableRow key={r.key} hover>
                      <TableCell component="th" scope="row">
                        {label(r)}
                      </TableCell>
                      <TableCell align="right">{r.requests}</TableCell>
                      <TableCell align="right">
                        <MoneyText value={r.requested} />
                      </TableCell>
                      <TableCell align="right">
                        <MoneyText value={r.approved} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
                <TableFooter>
                  <TableRow sx={{ '& td, & th': { fontWeight: 700, color: 'text.primary', fontSize: '0.9rem', borderTop: 2, borderColor: 'text.primary' } }}>
                    <TableCell component="th" scope="row">
                      {t('requests.report.total')}
                    </TableCell>
                    <TableCell align="right">{data.totals.requests}</TableCell>
                    <TableCell align="right" data-testid="requests-total-requested">
                      <MoneyText value={data.totals.requested} />
                    </TableCell>
                    <TableCell align="right" data-testid="requests-total-approved">
                      <MoneyText value={data.totals.approved} />
                    </TableCell>
                  </TableRow>
                </TableFooter>
              </Table>
            </TableContainer>
          </Paper>
        )}
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
