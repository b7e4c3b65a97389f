// /hr-settings/payroll: a period and (optionally) a department; Preview shows what a run would pay (nothing
// written) with its exceptions; Generate queues the draft as a background job and follows its progress;
// the runs below open their page (approve, pay, cancel, payslips).
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type PayrollPreview, type PayrollRunRow, payrollEndpoints } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { callEndpoint, toast } from '../../lib/api.ts';
import { thisMonth } from './AdjustmentsPage.tsx';
import { HrField } from './HrField.tsx';
import { hrPrivileges as p } from './hr.access.ts';
import { useHrWrite } from './hr.queries.ts';
import { usePayrollChoices } from './payroll.queries.ts';
import { PayslipTable } from './PayslipTable.tsx';
import { formatMonth } from '../../lib/format.ts';
import { useLang } from '../../lib/lang.ts';

export default function PayrollPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const navigate = useNavigate();
  const choices = usePayrollChoices();
  const [scope, setScope] = useState({ period: thisMonth(), departmentId: '' });
  const [preview, setPreview] = useState<PayrollPreview | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const body = { period: scope.period, departmentId: scope.departmentId || null } as never;
  const look = useHrWrite(() => callEndpoint(payrollEndpoints.preview, { query: body }), setPreview);
  const generate = useHrWrite(
    () => callEndpoint(payrollEndpoints.generate, { body }),
    (r) => setJobId(r.jobId),
  );
  const job = useQuery({
    queryKey: ['hr', 'payroll-job', jobId],
    enabled: jobId !== null,
    queryFn: async () => {
      const j = await callEndpoint(payrollEndpoints.job, { params: { id: jobId ?? 0 } });
      if (j.status === 'done' && j.runId) {
        setJobId(null);
        toast(t('hr.payroll.generated', { number: '' }), 'success');
        navigate(`/hr-settings/payroll/${j.runId}`);
      } else if (j.status === 'failed') {
        setJobId(null);
        toast(j.error ?? '', 'error');
      }
      return j;
    },
    refetchInterval: 1000,
  });
  const errors = { ...look.errors, ...generate.errors };
  const columns: DataTableColumn<PayrollRunRow>[] = [
    { field: 'number', header: t('hr.payroll.number'), sortable: false },
    { field: 'period', header: t('hr.payroll.period'), sortable: false, render: (r) => formatMonth(r.period, lang), csv: (r) => r.period },
    { field: 'department', header: t('hr.payroll.department'), sortable: false, render: (r) => r.department ?? t('hr.payroll.allDepartments') },
    { field: 'status', header: t('hr.payroll.status'), sortable: false, render: (r) => t(`hr.payroll.runStatus.${r.status}`) },
    { field: 'employees', header: t('hr.payroll.employees'), sortable: false, align: 'right' },
    { field: 'gross', header: t('hr.payroll.gross'), sortable: false, align: 'right' },
    { field: 'tax', header: t('hr.payroll.tax'), sortable: false, align: 'right' },
    { field: 'net', header: t('hr.payroll.net'), sortable: false, align: 'right' },
    { field: 'generatedBy', header: t('hr.payroll.generatedBy'), sortable: false },
  ];
  return (
    <>
      <PageHeader title={t('hr.payroll.runsTitle')} subtitle={t('hr.payroll.runsSubtitle')} />
      {can(p.payroll) && (
        <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
            <HrField
              name="period"
              label={t('hr.payroll.period')}
              value={scope.period}
              onChange={(x) => setScope({ ...scope, period: x })}
              error={errors.period}
              required
            />
            <HrField
              name="departmentId"
              label={t('hr.payroll.department')}
              value={scope.departmentId}
              onChange={(x) => setScope({ ...scope, departmentId: x })}
              error={errors.departmentId}
              empty={t('hr.payroll.allDepartments')}
              options={(choices.data?.departments ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
            />
            <Button variant="outlined" onClick={() => look.mutate(undefined as never)} disabled={look.isPending} sx={{ minWidth: 120 }}>
              {t('hr.payroll.preview')}
            </Button>
            <Button
              variant="contained"
              onClick={() => generate.mutate(undefined as never)}
              disabled={generate.isPending || jobId !== null}
              sx={{ minWidth: 160 }}
            >
              {t('hr.payroll.generate')}
            </Button>
          </Stack>
          {jobId !== null && (
            <Stack sx={{ mt: 2 }}>
              <Typography variant="body2">{t('hr.payroll.generating', { processed: job.data?.processed ?? 0, total: job.data?.total ?? 0 })}</Typography>
              <LinearProgress />
            </Stack>
          )}
          {preview && (
            <Stack spacing={2} sx={{ mt: 2 }}>
              <PayslipTable rows={preview.rows} totals={preview.totals} />
              <Typography variant="subtitle2">{t('hr.payroll.exceptions')}</Typography>
              {preview.exceptions.length === 0 ? (
                <Alert severity="success">{t('hr.payroll.noExceptions')}</Alert>
              ) : (
                preview.exceptions.map((x) => (
                  <Alert key={x.employeeId} severity="warning">
                    {x.employeeNumber} · {x.employeeName}: {x.message}
                  </Alert>
                ))
              )}
            </Stack>
          )}
        </Paper>
      )}
      <DataTable
        endpoint={payrollEndpoints.list}
        columns={columns}
        searchable={false}
        exportName="payroll-runs"
        emptyText={t('hr.payroll.noRuns')}
        onRowClick={(r) => navigate(`/hr-settings/payroll/${r.id}`)}
      />
    </>
  );
}
