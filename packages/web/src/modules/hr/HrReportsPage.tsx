// /hr-report: the payroll report (a run by employee and by department), the loan and advances reports, the
// employee loan report (spelled empoloyee-loan-report in the path, as the spec has it) and the personal
// report; each shows its figures and exports CSV or Excel (the server writes the file).
import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { type LoanRow, hrReportsEndpoints, payrollEndpoints } from '@ubo/contracts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { callEndpoint, downloadEndpoint } from '../../lib/api.ts';
import { formatDate, formatMonth } from '../../lib/format.ts';
import { useLang } from '../../lib/lang.ts';
import { useListQuery } from '../../lib/queries.ts';
import { HrField } from './HrField.tsx';
import { useHrQuery } from './hr.queries.ts';
import { usePayrollChoices } from './payroll.queries.ts';
import { PayslipTable } from './PayslipTable.tsx';

type Exportable =
  | typeof hrReportsEndpoints.payrollExport
  | typeof hrReportsEndpoints.loansExport
  | typeof hrReportsEndpoints.advancesExport
  | typeof hrReportsEndpoints.employeeLoansExport
  | typeof hrReportsEndpoints.personalExport;

function ExportButtons({ endpoint, query, name }: { endpoint: Exportable; query: Record<string, unknown>; name: string }) {
  const { t } = useTranslation();
  const save = (format: 'csv' | 'xlsx') => downloadEndpoint(endpoint as never, { query: { ...query, format } } as never, `${name}.${format}`);
  return (
    <Stack direction="row" spacing={1}>
      <Button variant="outlined" onClick={() => save('csv')}>
        {t('hr.payroll.reports.exportCsv')}
      </Button>
      <Button variant="outlined" onClick={() => save('xlsx')}>
        {t('hr.payroll.reports.exportXlsx')}
      </Button>
    </Stack>
  );
}

function LoanTable({ rows }: { rows: LoanRow[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          {['number', 'employee', 'date', 'amount', 'repaid', 'balance', 'status'].map((k) => (
            <TableCell key={k}>{t(`hr.payroll.${k}`)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.id}>
            <TableCell>{r.number}</TableCell>
            <TableCell>
              {r.employeeNumber} · {r.employeeName}
            </TableCell>
            <TableCell>{formatDate(r.date, lang)}</TableCell>
            <TableCell align="right">{r.amount}</TableCell>
            <TableCell align="right">{r.repaid}</TableCell>
            <TableCell align="right">{r.balance}</TableCell>
            <TableCell>{t(`hr.payroll.loanStatus.${r.status}`)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function PayrollReportPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const runs = useListQuery(payrollEndpoints.list, { _limit: 200 });
  const [runId, setRunId] = useState('');
  const report = useHrQuery(['report-payroll', runId], () => callEndpoint(hrReportsEndpoints.payroll, { query: { runId: Number(runId) } }), runId !== '');
  const r = report.data;
  return (
    <>
      <PageHeader title={t('hr.payroll.reports.payroll')} subtitle={t('hr.payroll.reports.payrollSubtitle')} />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <HrField
            name="runId"
            label={t('hr.payroll.reports.chooseRun')}
            value={runId}
            onChange={setRunId}
            options={(runs.data?.data ?? []).map((x) => ({
              value: String(x.id),
              label: `${x.number} · ${formatMonth(x.period, lang)} · ${t(`hr.payroll.runStatus.${x.status}`)}`,
            }))}
          />
          {r && <ExportButtons endpoint={hrReportsEndpoints.payrollExport} query={{ runId: Number(runId) }} name={`payroll-report-${r.run.number}`} />}
        </Stack>
      </Paper>
      {r && (
        <Stack spacing={2}>
          <PayslipTable rows={r.rows} totals={r.totals} />
          <Typography variant="subtitle2">{t('hr.payroll.reports.byDepartment')}</Typography>
          <Table size="small">
            <TableHead>
              <TableRow>
                {['department', 'employees', 'gross', 'tax', 'deductions', 'net'].map((k) => (
                  <TableCell key={k}>{t(`hr.payroll.${k}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {r.departments.map((d) => (
                <TableRow key={d.department}>
                  <TableCell>{d.department}</TableCell>
                  <TableCell align="right">{d.employees}</TableCell>
                  <TableCell align="right">{d.gross}</TableCell>
                  <TableCell align="right">{d.tax}</TableCell>
                  <TableCell align="right">{d.deductions}</TableCell>
                  <TableCell align="right">{d.net}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Stack>
      )}
    </>
  );
}

function LoansReport({ kind }: { kind: 'loan' | 'advance' }) {
  const { t } = useTranslation();
  const endpoint = kind === 'loan' ? hrReportsEndpoints.loans : hrReportsEndpoints.advances;
  const report = useHrQuery(['report', kind], () => callEndpoint(endpoint, { query: {} }));
  const r = report.data;
  return (
    <>
      <PageHeader
        title={t(kind === 'loan' ? 'hr.payroll.reports.loans' : 'hr.payroll.reports.advances')}
        subtitle={t(kind === 'loan' ? 'hr.payroll.reports.loansSubtitle' : 'hr.payroll.reports.advancesSubtitle')}
        actions={
          <ExportButtons
            endpoint={kind === 'loan' ? hrReportsEndpoints.loansExport : hrReportsEndpoints.advancesExport}
            query={{}}
            name={kind === 'loan' ? 'loan-report' : 'advances-report'}
          />
        }
      />
      {r && (
        <Stack spacing={1}>
          <LoanTable rows={r.rows} />
          <Typography sx={{ fontWeight: 700 }}>
            {t('hr.payroll.totals')}: {t('hr.payroll.amount')} {r.totals.amount} · {t('hr.payroll.repaid')} {r.totals.repaid} · {t('hr.payroll.balance')}{' '}
            {r.totals.balance}
          </Typography>
        </Stack>
      )}
    </>
  );
}
export const LoanReportPage = () => <LoansReport kind="loan" />;
export const AdvancesReportPage = () => <LoansReport kind="advance" />;

function EmployeePicker({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const choices = usePayrollChoices();
  return (
    <HrField
      name="employeeId"
      label={t('hr.payroll.reports.chooseEmployee')}
      value={value}
      onChange={onChange}
      options={(choices.data?.employees ?? []).map((e) => ({ value: String(e.id), label: `${e.number} · ${e.name}` }))}
    />
  );
}

export function EmployeeLoanReportPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [employeeId, setEmployeeId] = useState('');
  const report = useHrQuery(
    ['report-employee-loans', employeeId],
    () => callEndpoint(hrReportsEndpoints.employeeLoans, { query: { employeeId: Number(employeeId) } }),
    employeeId !== '',
  );
  const r = report.data;
  return (
    <>
      <PageHeader title={t('hr.payroll.reports.employeeLoans')} subtitle={t('hr.payroll.reports.employeeLoansSubtitle')} />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <EmployeePicker value={employeeId} onChange={setEmployeeId} />
          {r && (
            <ExportButtons
              endpoint={hrReportsEndpoints.employeeLoansExport}
              query={{ employeeId: Number(employeeId) }}
              name={`employee-loans-${r.employee.number}`}
            />
          )}
        </Stack>
      </Paper>
      {r?.loans.map((l) => (
        <Paper key={l.id} variant="outlined" sx={{ p: 2, mb: 2 }}>
          <Typography variant="subtitle1">
            {l.number} · {formatDate(l.date, lang)} · {t('hr.payroll.amount')} {l.amount} · {t('hr.payroll.balance')} {l.balance}
          </Typography>
          <Table size="small">
            <TableBody>
              {l.schedule.map((s) => (
                <TableRow key={`${s.period}-${s.recovered}`}>
                  <TableCell>{formatMonth(s.period, lang)}</TableCell>
                  <TableCell align="right">{s.amount}</TableCell>
                  <TableCell align="right">{s.balanceAfter}</TableCell>
                  <TableCell>{t(s.recovered ? 'hr.payroll.recovered' : 'hr.payroll.due')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      ))}
    </>
  );
}

export function PersonalReportPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [employeeId, setEmployeeId] = useState('');
  const report = useHrQuery(
    ['report-personal', employeeId],
    () => callEndpoint(hrReportsEndpoints.personal, { query: { employeeId: Number(employeeId) } }),
    employeeId !== '',
  );
  const r = report.data;
  return (
    <>
      <PageHeader title={t('hr.payroll.reports.personal')} subtitle={t('hr.payroll.reports.personalSubtitle')} />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <EmployeePicker value={employeeId} onChange={setEmployeeId} />
          {r && (
            <ExportButtons
              endpoint={hrReportsEndpoints.personalExport}
              query={{ employeeId: Number(employeeId) }}
              name={`personal-report-${r.employee.number}`}
            />
          )}
        </Stack>
      </Paper>
      {r && (
        <Stack spacing={2}>
          <Typography variant="h6">
            {r.employee.number} · {r.employee.name} · {r.employee.department ?? ''} · {r.employee.jobTitle ?? ''} · {formatDate(r.employee.hireDate, lang)}
          </Typography>
          <Typography variant="subtitle2">{t('hr.payroll.reports.salaries')}</Typography>
          <Table size="small">
            <TableBody>
              {r.salaries.map((s) => (
                <TableRow key={s.id}>
                  <TableCell>{formatDate(s.effectiveFrom, lang)}</TableCell>
                  <TableCell>{s.effectiveTo ? formatDate(s.effectiveTo, lang) : ''}</TableCell>
                  <TableCell align="right">
                    {s.basic} {s.currency}
                  </TableCell>
                  <TableCell>{s.reason ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Typography variant="subtitle2">{t('hr.payroll.loansTitle')}</Typography>
          <LoanTable rows={r.loans} />
          <Typography variant="subtitle2">{t('hr.payroll.reports.payslips')}</Typography>
          <Table size="small">
            <TableBody>
              {r.payslips.map((s) => (
                <TableRow key={s.runId}>
                  <TableCell>{formatMonth(s.period, lang)}</TableCell>
                  <TableCell>{s.runNumber}</TableCell>
                  <TableCell align="right">{s.gross}</TableCell>
                  <TableCell align="right">{s.tax}</TableCell>
                  <TableCell align="right">{s.net}</TableCell>
                  <TableCell>{t(`hr.payroll.runStatus.${s.status}`)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Stack>
      )}
    </>
  );
}
