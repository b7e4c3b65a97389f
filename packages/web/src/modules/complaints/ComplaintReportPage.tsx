// /complaint/report: complaints logged in a period by topic, zone, status or assignee: how many, open and
// their average age, completed and their average resolution time against the target, completed late,
// overdue; then the overdue list (GET /api/complaint/report). CSV of what is shown, Excel through the
// report's export endpoint, print.
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
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { type ComplaintReport, type ComplaintReportGroupBy, complaintReportGroupByValues, complaintsEndpoints } from '@ubo/contracts';
import { FilterDialog } from '../../components/FilterDialog.tsx';
import { ReportFrame } from '../../components/ReportFrame.tsx';
import { ReportState } from '../../components/ReportState.tsx';
import { api } from '../../lib/api.ts';
import { csvFileName } from '../../lib/csv.ts';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
import { useLang } from '../../lib/lang.ts';
import { endpointKeys } from '../../lib/queryKeys.ts';
import { usePeriodText, useReportParams } from '../../lib/useReportParams.ts';
import { useTopicName } from './ComplaintParts.tsx';

const byKey: Record<ComplaintReportGroupBy, string> = { topic: 'byTopic', zone: 'byZone', status: 'byStatus', assignee: 'byAssignee' };
const columns = ['complaints', 'open', 'openAge', 'completed', 'resolution', 'target', 'late', 'overdue'] as const;
type Figures = ComplaintReport['totals'];
const cell = (x: Figures): Record<(typeof columns)[number], string | number | null> => ({
  complaints: x.complaints,
  open: x.open,
  openAge: x.openAgeHours,
  completed: x.completed,
  resolution: x.resolutionHours,
  target: x.targetHours,
  late: x.late,
  overdue: x.overdue,
});

export default function ComplaintReportPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const topicName = useTopicName();
  const { range, setRange, params, update } = useReportParams();
  const periodText = usePeriodText();
  const [isFilterOpen, setFilterOpen] = useState(false);
  const groupBy = complaintReportGroupByValues.find((g) => g === params.get('groupBy')) ?? 'topic';
  const query = { ...range, groupBy } as const;
  const report = useQuery({
    queryKey: endpointKeys(complaintsEndpoints.report).list(query),
    queryFn: ({ signal }) => api.call(complaintsEndpoints.report, { query }, { signal }),
  });
  const data = report.data;
  const title = t('complaints.report.title');
  const first = t(`complaints.report.${groupBy}`);
  const label = (r: ComplaintReport['rows'][number]) => (groupBy === 'status' ? t(`complaints.status.${r.key}`) : r.label);
  const show = (v: string | number | null) => (v === null ? '—' : typeof v === 'number' ? formatNumber(v, lang) : formatNumber(Number(v), lang, 1));
  const csv = () =>
    data
      ? [
          [first, ...columns.map((k) => t(`complaints.report.${k}`))],
          ...data.rows.map((r) => [label(r), ...columns.map((k) => String(cell(r)[k] ?? ''))]),
          [t('complaints.report.total'), ...columns.map((k) => String(cell(data.totals)[k] ?? ''))],
        ]
      : null;
  return (
    <ReportFrame
      title={title}
      period={periodText.range(range)}
      onPeriod={() => setFilterOpen(true)}
      csv={csv}
      csvName={csvFileName(title, range.startDate, range.endDate)}
      exportEndpoint={complaintsEndpoints.reportExport}
      exportQuery={query}
      isFetching={report.isFetching}
      toolbar={
        <ToggleButtonGroup
          exclusive
          size="small"
          value={groupBy}
          onChange={(_, v: ComplaintReportGroupBy | null) => v && update({ groupBy: v === 'topic' ? null : v })}
          aria-label={t('complaints.report.show')}
          sx={{ flexShrink: 0, '& .MuiToggleButton-root': { whiteSpace: 'nowrap' } }}
        >
          {complaintReportGroupByValues.map((g) => (
            <ToggleButton key={g} value={g}>
              {t(`complaints.report.${byKey[g]}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      }
    >
      <ReportState query={report} isEmpty={data ? data.rows.length === 0 : false} emptyText={t('complaints.report.empty')}>
        {data && (
          <>
            <Paper>
              <TableContainer>
                <Table size="small" aria-label={title}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{first}</TableCell>
                      {columns.map((k) => (
                        <TableCell key={k} align="right">
                          {t(`complaints.report.${k}`)}
                        </TableCell>
                      ))}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.rows.map((r) => (
                      <TableRow key={r.key} hover>
                        <TableCell component="th" scope="row">
                          {label(r)}
                        </TableCell>
                        {columns.map((k) => (
                          <TableCell key={k} align="right">
                            {show(cell(r)[k])}
                          </TableCell>
                        ))}
                      </TableRow>
                    ))}
                  </TableBody>
                  <TableFooter>
                    <TableRow sx={{ '& td, & th': { fontWeight: 700, color: 'text.primary', fontSize: '0.9rem', borderTop: 2, borderColor: 'text.primary' } }}>
                      <TableCell component="th" scope="row">
                        {t('complaints.report.total')}
                      </TableCell>
                      {columns.map((k) => (
                        <TableCell key={k} align="right" data-testid={`complaints-total-${k}`}>
                          {show(cell(data.totals)[k])}
                        </TableCell>
                      ))}
                    </TableRow>
                  </TableFooter>
                </Table>
              </TableContainer>
            </Paper>
            <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
              {t('complaints.report.overdueList')}
            </Typography>
            {data.overdueList.length === 0 ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('complaints.report.noOverdue')}
              </Typography>
            ) : (
              <Paper>
                <Table size="small" aria-label={t('complaints.report.overdueList')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('complaints.field.refNo')}</TableCell>
                      <TableCell>{t('complaints.field.customer')}</TableCell>
                      <TableCell>{t('complaints.field.topic')}</TableCell>
                      <TableCell>{t('complaints.field.assignee')}</TableCell>
                      <TableCell>{t('complaints.field.due')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.overdueList.map((c) => (
                      <TableRow key={c.id}>
                        <TableCell>
                          <RouterLink to={`/complaint/${c.id}`}>{c.refNo}</RouterLink>
                        </TableCell>
                        <TableCell>{c.customerName ?? c.callerName}</TableCell>
                        <TableCell>{topicName(c)}</TableCell>
                        <TableCell>{c.assigneeName ?? '—'}</TableCell>
                        <TableCell>{formatDateTime(c.dueAt, lang)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Paper>
            )}
          </>
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
