// /hr-report/headcount-report and /hr-report/leave-balance-report: the headcount by department and
// sub-section (statuses now, hires and leavers in the period, current staff by sex) and the leave balances of
// a year per employee and leave type. Each in the report frame: filters, CSV of what is shown, Excel through
// the report's export endpoint, print.
import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { employeesEndpoints, hrReportsEndpoints } from '@ubo/contracts';
import { FilterDialog } from '../../components/FilterDialog.tsx';
import { ReportFrame } from '../../components/ReportFrame.tsx';
import { ReportState } from '../../components/ReportState.tsx';
import { api } from '../../lib/api.ts';
import { csvFileName } from '../../lib/csv.ts';
import { formatNumber, todayIso } from '../../lib/format.ts';
import { useLang } from '../../lib/lang.ts';
import { endpointKeys } from '../../lib/queryKeys.ts';
import { usePeriodText, useReportParams } from '../../lib/useReportParams.ts';

const FIGURES = ['active', 'onLeave', 'suspended', 'terminated', 'total', 'hires', 'leavers', 'male', 'female'] as const;
const totalRow = { '& td, & th': { fontWeight: 700, color: 'text.primary', borderTop: 2, borderColor: 'text.primary' } };

/** Departments and leave types for the filters (read quietly: a report reader may not open the employee forms). */
function useFilterChoices() {
  return useQuery({
    queryKey: endpointKeys(employeesEndpoints.choices).list({}),
    queryFn: ({ signal }) => api.call(employeesEndpoints.choices, {}, { signal, silent: true }),
    retry: false,
  });
}

function ChoiceFilter(props: { name: string; label: string; value: string; onChange: (v: string) => void; options: { id: number; name: string }[] }) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      name={props.name}
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      sx={{ minWidth: 200 }}
    >
      <MenuItem value="">{t('hr.peopleReports.all')}</MenuItem>
      {props.options.map((o) => (
        <MenuItem key={o.id} value={String(o.id)}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function HeadcountReportPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { range, setRange, params, update } = useReportParams();
  const periodText = usePeriodText();
  const [isFilterOpen, setFilterOpen] = useState(false);
  const departmentId = params.get('departmentId') ?? '';
  const query = { from: range.startDate, to: range.endDate, departmentId: departmentId ? Number(departmentId) : undefined };
  const report = useQuery({
    queryKey: endpointKeys(hrReportsEndpoints.headcount).list(query),
    queryFn: ({ signal }) => api.call(hrReportsEndpoints.headcount, { query }, { signal }),
  });
  const choices = useFilterChoices();
  const data = report.data;
  const title = t('hr.peopleReports.headcount');
  const heads = FIGURES.map((k) => t(`hr.peopleReports.figures.${k}`));
  const csv = () =>
    data
      ? [
          [t('hr.field.department'), t('hr.field.subSection'), ...heads],
          ...data.departments.flatMap((d) => [
            [d.department, t('hr.peopleReports.departmentTotal'), ...FIGURES.map((k) => String(d[k]))],
            ...data.rows
              .filter((r) => r.departmentId === d.departmentId)
              .map((r) => [r.department, r.subSection ?? t('hr.peopleReports.noSubSection'), ...FIGURES.map((k) => String(r[k]))]),
          ]),
          [t('hr.peopleReports.total'), '', ...FIGURES.map((k) => String(data.totals[k]))],
        ]
      : null;
  return (
    <ReportFrame
      title={title}
      period={periodText.range(range)}
      onPeriod={() => setFilterOpen(true)}
      csv={csv}
      csvName={csvFileName(title, range.startDate, range.endDate)}
      exportEndpoint={hrReportsEndpoints.headcountExport}
      exportQuery={query}
      isFetching={report.isFetching}
      toolbar={
        <ChoiceFilter
          name="departmentId"
          label={t('hr.field.department')}
          value={departmentId}
          onChange={(v) => update({ departmentId: v || null })}
          options={choices.data?.departments ?? []}
        />
      }
    >
      <ReportState query={report} isEmpty={data ? data.rows.length === 0 : false} emptyText={t('hr.peopleReports.empty')}>
        {data && (
          <Paper>
            <TableContainer>
              <Table size="small" aria-label={title}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('hr.field.department')}</TableCell>
                    <TableCell>{t('hr.field.subSection')}</TableCell>
                    {heads.map((h) => (
                      <TableCell key={h} align="right">
                        {h}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.departments.map((d) => [
                    <TableRow key={`d-${d.departmentId}`} sx={{ '& td, & th': { fontWeight: 700 } }}>
                      <TableCell component="th" scope="row">
                        {d.department}
                      </TableCell>
                      <TableCell>{t('hr.peopleReports.departmentTotal')}</TableCell>
                      {FIGURES.map((k) => (
                        <TableCell key={k} align="right">
                          {formatNumber(d[k], lang, 0)}
                        </TableCell>
                      ))}
                    </TableRow>,
                    ...data.rows
                      .filter((r) => r.departmentId === d.departmentId)
                      .map((r) => (
                        <TableRow key={`s-${d.departmentId}-${r.subSectionId ?? 0}`} hover>
                          <TableCell />
                          <TableCell>{r.subSection ?? t('hr.peopleReports.noSubSection')}</TableCell>
                          {FIGURES.map((k) => (
                            <TableCell key={k} align="right">
                              {formatNumber(r[k], lang, 0)}
                            </TableCell>
                          ))}
                        </TableRow>
                      )),
                  ])}
                </TableBody>
                <TableFooter>
                  <TableRow sx={totalRow}>
                    <TableCell component="th" scope="row" colSpan={2}>
                      {t('hr.peopleReports.total')}
                    </TableCell>
                    {FIGURES.map((k) => (
                      <TableCell key={k} align="right" data-testid={`headcount-total-${k}`}>
                        {formatNumber(data.totals[k], lang, 0)}
                      </TableCell>
                    ))}
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

const BALANCES = ['accrued', 'taken', 'pending', 'remaining'] as const;

export function LeaveBalanceReportPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { params, update } = useReportParams();
  const thisYear = Number(todayIso().slice(0, 4));
  const asked = Number(params.get('year'));
  const year = Number.isInteger(asked) && asked >= 1900 && asked <= 2999 ? asked : thisYear;
  const departmentId = params.get('departmentId') ?? '';
  const leaveTypeId = params.get('leaveTypeId') ?? '';
  const query = { year, departmentId: departmentId ? Number(departmentId) : undefined, leaveTypeId: leaveTypeId ? Number(leaveTypeId) : undefined };
  const report = useQuery({
    queryKey: endpointKeys(hrReportsEndpoints.leaveBalances).list(query),
    queryFn: ({ signal }) => api.call(hrReportsEndpoints.leaveBalances, { query }, { signal }),
  });
  const choices = useFilterChoices();
  const data = report.data;
  const title = t('hr.peopleReports.leaveBalances');
  const years = Array.from({ length: 6 }, (_, i) => thisYear + 1 - i);
  if (!years.includes(year)) years.push(year);
  const days = (v: string) => formatNumber(v, lang, 1);
  const csv = () =>
    data
      ? [
          [
            t('hr.peopleReports.number'),
            t('hr.peopleReports.employee'),
            t('hr.field.department'),
            t('hr.peopleReports.leaveType'),
            ...BALANCES.map((k) => t(`hr.peopleReports.${k}`)),
          ],
          ...data.rows.map((r) => [r.employeeNumber, r.employeeName, r.department, r.leaveType, ...BALANCES.map((k) => r[k])]),
          [t('hr.peopleReports.total'), '', '', '', ...BALANCES.map((k) => data.totals[k])],
        ]
      : null;
  return (
    <ReportFrame
      title={title}
      period={t('hr.peopleReports.yearText', { year })}
      csv={csv}
      csvName={csvFileName(title, String(year))}
      exportEndpoint={hrReportsEndpoints.leaveBalancesExport}
      exportQuery={query}
      isFetching={report.isFetching}
      toolbar={
        <>
          <TextField
            select
            size="small"
            name="year"
            label={t('hr.peopleReports.year')}
            value={String(year)}
            onChange={(e) => update({ year: e.target.value === String(thisYear) ? null : e.target.value })}
            sx={{ minWidth: 120 }}
          >
            {years.map((y) => (
              <MenuItem key={y} value={String(y)}>
                {y}
              </MenuItem>
            ))}
          </TextField>
          <ChoiceFilter
            name="departmentId"
            label={t('hr.field.department')}
            value={departmentId}
            onChange={(v) => update({ departmentId: v || null })}
            options={choices.data?.departments ?? []}
          />
          <ChoiceFilter
            name="leaveTypeId"
            label={t('hr.peopleReports.leaveType')}
            value={leaveTypeId}
            onChange={(v) => update({ leaveTypeId: v || null })}
            options={choices.data?.leaveTypes ?? []}
          />
        </>
      }
    >
      <ReportState query={report} isEmpty={data ? data.rows.length === 0 : false} emptyText={t('hr.peopleReports.empty')}>
        {data && (
          <Paper>
            <TableContainer>
              <Table size="small" aria-label={title}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('hr.peopleReports.number')}</TableCell>
                    <TableCell>{t('hr.peopleReports.employee')}</TableCell>
                    <TableCell>{t('hr.field.department')}</TableCell>
                    <TableCell>{t('hr.peopleReports.leaveType')}</TableCell>
                    {BALANCES.map((k) => (
                      <TableCell key={k} align="right">
                        {t(`hr.peopleReports.${k}`)}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.rows.map((r) => (
                    <TableRow key={`${r.employeeId}-${r.leaveTypeId}`} hover>
                      <TableCell>{r.employeeNumber}</TableCell>
                      <TableCell>{r.employeeName}</TableCell>
                      <TableCell>{r.department}</TableCell>
                      <TableCell>{r.leaveType}</TableCell>
                      {BALANCES.map((k) => (
                        <TableCell key={k} align="right">
                          {days(r[k])}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
                <TableFooter>
                  <TableRow sx={totalRow}>
                    <TableCell component="th" scope="row" colSpan={4}>
                      {t('hr.peopleReports.total')}
                    </TableCell>
                    {BALANCES.map((k) => (
                      <TableCell key={k} align="right" data-testid={`leave-total-${k}`}>
                        {days(data.totals[k])}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableFooter>
              </Table>
            </TableContainer>
          </Paper>
        )}
      </ReportState>
    </ReportFrame>
  );
}
