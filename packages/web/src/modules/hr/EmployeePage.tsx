// /hr-settings/employee/:id: an employee's page. Tabs: the file, the salary history (a change of salary is a
// new row from its date: the past keeps its salary), the recurring allowances (added with a period, ended
// on a date) and leave (balances per type this year, the requests, request leave).
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { type EmployeeDetail, employeeStatusValues, employeesEndpoints, leavesEndpoints, salaryCurrencyValues } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { callEndpoint, toast } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
import { useLang } from '../../lib/lang.ts';
import { EmployeePhoto } from './EmployeePhoto.tsx';
import { HrField } from './HrField.tsx';
import { hrPrivileges as p } from './hr.access.ts';
import { useHrChoices, useHrQuery, useHrWrite } from './hr.queries.ts';
import { LeaveRequestDialog } from './LeaveDialogs.tsx';
import { useLeaveActions, useLeaveColumns } from './LeavePage.tsx';

type Values = Record<string, string>;

function FormDialog(props: {
  open: boolean;
  title: string;
  help?: string;
  onClose: () => void;
  onSubmit: () => void;
  pending: boolean;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={props.open} onClose={props.pending ? undefined : props.onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{props.title}</DialogTitle>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          props.onSubmit();
        }}
      >
        <DialogContent sx={{ pt: 0 }}>
          {props.help && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {props.help}
            </Typography>
          )}
          <Stack spacing={2} sx={{ pt: 1 }}>
            {props.children}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={props.onClose} disabled={props.pending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={props.pending}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function FileTab({ e }: { e: EmployeeDetail }) {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const none = t('hr.field.none');
  const rows: [string, string | null | undefined][] = [
    ['number', e.number],
    ['sex', t(`hr.sex.${e.sex}`)],
    ['dateOfBirth', e.dateOfBirth ? formatDate(e.dateOfBirth, lang) : null],
    ['phone', e.phone],
    ['email', e.email],
    ['address', e.address],
    ['idType', e.idType ? `${t(`hr.idType.${e.idType}`)} ${e.idNumber ?? ''}` : null],
    ['emergencyName', e.emergencyName ? `${e.emergencyName}${e.emergencyRelation ? ` (${e.emergencyRelation})` : ''} ${e.emergencyPhone ?? ''}` : null],
    ['hireDate', formatDate(e.hireDate, lang)],
    ['department', e.department?.name],
    ['subSection', e.subSection?.name],
    ['jobTitle', e.jobTitle?.name],
    ['duty', e.duty?.name],
    ['dutyStation', e.dutyStation?.name],
    ['institution', e.institution?.name],
    ['faculty', e.faculty?.name],
    ['employmentType', t(`hr.employmentType.${e.employmentType}`)],
    [
      'paymentMethod',
      `${t(`hr.method.${e.paymentMethod}`)}${e.paymentMethod === 'bank' ? `: ${e.bankType?.name ?? ''} ${e.bankAccount ?? ''}` : ''}${e.paymentMethod === 'mobile' ? `: ${e.mobileNumber ?? ''}` : ''}`,
    ],
    ['terminatedOn', e.terminatedOn ? `${formatDate(e.terminatedOn, lang)}: ${e.terminationReason ?? ''}` : null],
  ];
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
      <EmployeePhoto e={e} canEdit={can(p.employee)} />
      <Grid container spacing={2} sx={{ flex: 1 }}>
        {rows
          .filter(([k, v]) => k !== 'terminatedOn' || v)
          .map(([k, v]) => (
            <Grid key={k} size={{ xs: 12, sm: 6, md: 4 }}>
              <Typography variant="caption" color="text.secondary">
                {t(`hr.field.${k}`)}
              </Typography>
              <Typography>{v || none}</Typography>
            </Grid>
          ))}
      </Grid>
    </Stack>
  );
}

function SalaryTab({ e }: { e: EmployeeDetail }) {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const [open, setOpen] = useState(false);
  const [v, setV] = useState<Values>({});
  const save = useHrWrite(
    (body: Values) => callEndpoint(employeesEndpoints.changeSalary, { params: { id: e.id }, body: { ...body, reason: body.reason || null } as never }),
    (saved) => {
      toast(t('hr.employee.raised', { name: saved.name, date: formatDate(v.effectiveFrom, lang) }), 'success');
      setOpen(false);
    },
  );
  const current = e.salaries[0];
  return (
    <>
      <Stack direction="row" sx={{ mb: 1.5, justifyContent: 'flex-end' }}>
        {can(p.salaries) && e.status !== 'Terminated' && (
          <Button
            variant="contained"
            onClick={() => {
              setV({ effectiveFrom: '', basic: '', currency: current?.currency ?? 'USD', reason: '' });
              save.setErrors({});
              setOpen(true);
            }}
          >
            {t('hr.employee.raise')}
          </Button>
        )}
      </Stack>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('hr.field.effectiveFrom')}</TableCell>
            <TableCell>{t('hr.field.effectiveTo')}</TableCell>
            <TableCell align="right">{t('hr.field.basic')}</TableCell>
            <TableCell>{t('hr.field.currency')}</TableCell>
            <TableCell>{t('hr.field.reason')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {e.salaries.map((s) => (
            <TableRow key={s.id}>
              <TableCell>{formatDate(s.effectiveFrom, lang)}</TableCell>
              <TableCell>
                {s.effectiveTo ? formatDate(s.effectiveTo, lang) : <Chip size="small" color="success" label={t('hr.field.stillInForce')} />}
              </TableCell>
              <TableCell align="right">
                <MoneyText value={s.basic} />
              </TableCell>
              <TableCell>{s.currency}</TableCell>
              <TableCell>{s.reason ?? ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <FormDialog
        open={open}
        title={t('hr.employee.raiseTitle', { name: e.name })}
        help={t('hr.employee.raiseHelp')}
        onClose={() => setOpen(false)}
        onSubmit={() => save.mutate(v)}
        pending={save.isPending}
      >
        <HrField
          name="effectiveFrom"
          type="date"
          label={t('hr.field.effectiveFrom')}
          value={v.effectiveFrom ?? ''}
          onChange={(x) => setV({ ...v, effectiveFrom: x })}
          error={save.errors.effectiveFrom}
          required
        />
        <HrField
          name="basic"
          type="money"
          label={t('hr.field.basic')}
          value={v.basic ?? ''}
          onChange={(x) => setV({ ...v, basic: x })}
          error={save.errors.basic}
          required
          maxLength={18}
        />
        <HrField
          name="currency"
          label={t('hr.field.currency')}
          value={v.currency ?? ''}
          onChange={(x) => setV({ ...v, currency: x })}
          error={save.errors.currency}
          options={salaryCurrencyValues.map((x) => ({ value: x, label: x }))}
        />
        <HrField
          name="reason"
          label={t('hr.field.reason')}
          value={v.reason ?? ''}
          onChange={(x) => setV({ ...v, reason: x })}
          error={save.errors.reason}
          maxLength={500}
        />
      </FormDialog>
    </>
  );
}

function AllowancesTab({ e }: { e: EmployeeDetail }) {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const choices = useHrChoices();
  const [open, setOpen] = useState(false);
  const [ending, setEnding] = useState<number | null>(null);
  const [v, setV] = useState<Values>({});
  const add = useHrWrite(
    (body: Values) =>
      callEndpoint(employeesEndpoints.addAllowance, { params: { id: e.id }, body: { ...body, effectiveTo: body.effectiveTo || null } as never }),
    () => setOpen(false),
  );
  const end = useHrWrite(
    (body: { allowanceId: number; effectiveTo: string }) =>
      callEndpoint(employeesEndpoints.endAllowance, { params: { id: e.id, allowanceId: body.allowanceId }, body: { effectiveTo: body.effectiveTo } }),
    () => setEnding(null),
  );
  const editable = can(p.salaries) && e.status !== 'Terminated';
  return (
    <>
      <Stack direction="row" sx={{ mb: 1.5, justifyContent: 'flex-end' }}>
        {editable && (
          <Button
            variant="contained"
            onClick={() => {
              setV({ allowanceTypeId: '', amount: '', effectiveFrom: '', effectiveTo: '' });
              add.setErrors({});
              setOpen(true);
            }}
          >
            {t('hr.employee.addAllowance')}
          </Button>
        )}
      </Stack>
      {e.allowances.length === 0 ? (
        <Typography color="text.secondary">{t('hr.employee.noAllowances')}</Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('hr.field.allowanceType')}</TableCell>
              <TableCell align="right">{t('hr.field.amount')}</TableCell>
              <TableCell>{t('hr.field.isTaxable')}</TableCell>
              <TableCell>{t('hr.field.effectiveFrom')}</TableCell>
              <TableCell>{t('hr.field.effectiveTo')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {e.allowances.map((a) => (
              <TableRow key={a.id}>
                <TableCell>{a.allowanceType}</TableCell>
                <TableCell align="right">
                  <MoneyText value={a.amount} />
                </TableCell>
                <TableCell>{t(a.isTaxable ? 'hr.yes' : 'hr.no')}</TableCell>
                <TableCell>{formatDate(a.effectiveFrom, lang)}</TableCell>
                <TableCell>
                  {a.effectiveTo ? formatDate(a.effectiveTo, lang) : <Chip size="small" color="success" label={t('hr.field.stillInForce')} />}
                </TableCell>
                <TableCell align="right">
                  {editable && a.effectiveTo === null && (
                    <Button
                      size="small"
                      onClick={() => {
                        setV({ effectiveTo: '' });
                        end.setErrors({});
                        setEnding(a.id);
                      }}
                    >
                      {t('hr.employee.endAllowance')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <FormDialog open={open} title={t('hr.employee.allowanceTitle')} onClose={() => setOpen(false)} onSubmit={() => add.mutate(v)} pending={add.isPending}>
        <HrField
          name="allowanceTypeId"
          label={t('hr.field.allowanceType')}
          value={v.allowanceTypeId ?? ''}
          onChange={(x) => setV({ ...v, allowanceTypeId: x })}
          error={add.errors.allowanceTypeId}
          required
          options={(choices.data?.allowanceTypes ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
        />
        <HrField
          name="amount"
          type="money"
          label={t('hr.field.amount')}
          value={v.amount ?? ''}
          onChange={(x) => setV({ ...v, amount: x })}
          error={add.errors.amount}
          required
          maxLength={18}
        />
        <HrField
          name="effectiveFrom"
          type="date"
          label={t('hr.field.effectiveFrom')}
          value={v.effectiveFrom ?? ''}
          onChange={(x) => setV({ ...v, effectiveFrom: x })}
          error={add.errors.effectiveFrom}
          required
        />
        <HrField
          name="effectiveTo"
          type="date"
          label={t('hr.field.effectiveTo')}
          value={v.effectiveTo ?? ''}
          onChange={(x) => setV({ ...v, effectiveTo: x })}
          error={add.errors.effectiveTo}
        />
      </FormDialog>
      <FormDialog
        open={ending !== null}
        title={t('hr.employee.endAllowanceTitle')}
        onClose={() => setEnding(null)}
        onSubmit={() => ending !== null && end.mutate({ allowanceId: ending, effectiveTo: v.effectiveTo ?? '' })}
        pending={end.isPending}
      >
        <HrField
          name="effectiveTo"
          type="date"
          label={t('hr.field.effectiveTo')}
          value={v.effectiveTo ?? ''}
          onChange={(x) => setV({ ...v, effectiveTo: x })}
          error={end.errors.effectiveTo}
          required
        />
      </FormDialog>
    </>
  );
}

function LeaveTab({ e }: { e: EmployeeDetail }) {
  const { t } = useTranslation();
  const can = useCan();
  const year = new Date().getFullYear();
  const [isRequesting, setRequesting] = useState(false);
  const balances = useHrQuery(['leave-balances', e.id, year], () => callEndpoint(employeesEndpoints.leaveBalances, { params: { id: e.id }, query: { year } }));
  const columns = useLeaveColumns(false);
  const { actions, dialog } = useLeaveActions();
  return (
    <>
      <Stack direction="row" sx={{ mb: 1.5, justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="subtitle1">{t('hr.employee.balances', { year })}</Typography>
        {can(p.employee) && e.status !== 'Terminated' && (
          <Button variant="contained" onClick={() => setRequesting(true)}>
            {t('hr.employee.requestLeave')}
          </Button>
        )}
      </Stack>
      <Table size="small" sx={{ mb: 3 }} aria-label={t('hr.employee.balances', { year })}>
        <TableHead>
          <TableRow>
            <TableCell>{t('hr.field.leaveType')}</TableCell>
            <TableCell align="right">{t('hr.employee.accrued')}</TableCell>
            <TableCell align="right">{t('hr.employee.taken')}</TableCell>
            <TableCell align="right">{t('hr.employee.pending')}</TableCell>
            <TableCell align="right">{t('hr.employee.remaining')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(balances.data?.rows ?? []).map((b) => (
            <TableRow key={b.leaveTypeId}>
              <TableCell>{b.isPaid ? b.leaveType : `${b.leaveType} (${t('hr.employee.unpaid')})`}</TableCell>
              <TableCell align="right">{b.isPaid ? b.accrued : '—'}</TableCell>
              <TableCell align="right">{b.taken}</TableCell>
              <TableCell align="right">{b.pending}</TableCell>
              <TableCell align="right">{b.isPaid ? b.remaining : '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <DataTable
        endpoint={leavesEndpoints.list}
        columns={columns}
        actions={actions}
        params={{ employeeId: e.id }}
        searchable={false}
        emptyText={t('hr.employee.noLeave')}
      />
      <LeaveRequestDialog open={isRequesting} onClose={() => setRequesting(false)} employeeId={e.id} />
      {dialog}
    </>
  );
}

function StatusDialog({ e, open, onClose }: { e: EmployeeDetail; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [v, setV] = useState<Values>({ status: e.status, terminatedOn: e.terminatedOn ?? '', terminationReason: e.terminationReason ?? '' });
  const save = useHrWrite(
    (body: Values) =>
      callEndpoint(employeesEndpoints.setStatus, {
        params: { id: e.id },
        body: { status: body.status, terminatedOn: body.terminatedOn || null, terminationReason: body.terminationReason || null } as never,
      }),
    () => {
      toast(t('hr.employee.statusSaved'), 'success');
      onClose();
    },
  );
  return (
    <FormDialog open={open} title={t('hr.employee.statusTitle', { name: e.name })} onClose={onClose} onSubmit={() => save.mutate(v)} pending={save.isPending}>
      <HrField
        name="status"
        label={t('hr.field.status')}
        value={v.status}
        onChange={(x) => setV({ ...v, status: x })}
        error={save.errors.status}
        options={employeeStatusValues.map((s) => ({ value: s, label: t(`hr.status.${s}`) }))}
      />
      {v.status === 'Terminated' && (
        <>
          <HrField
            name="terminatedOn"
            type="date"
            label={t('hr.field.terminatedOn')}
            value={v.terminatedOn}
            onChange={(x) => setV({ ...v, terminatedOn: x })}
            error={save.errors.terminatedOn}
            required
          />
          <HrField
            name="terminationReason"
            label={t('hr.field.terminationReason')}
            value={v.terminationReason}
            onChange={(x) => setV({ ...v, terminationReason: x })}
            error={save.errors.terminationReason}
            required
            maxLength={500}
          />
        </>
      )}
    </FormDialog>
  );
}

export default function EmployeePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const { id } = useParams();
  const [tab, setTab] = useState(0);
  const [isStatusOpen, setStatusOpen] = useState(false);
  const query = useHrQuery(['employee', Number(id)], () => callEndpoint(employeesEndpoints.get, { params: { id: Number(id) } }));
  const e = query.data;
  if (!e) return null;
  return (
    <>
      <PageHeader
        title={`${e.number} · ${e.name}`}
        subtitle={`${e.jobTitle?.name ?? ''} · ${e.department?.name ?? ''} · ${t(`hr.status.${e.status}`)}`}
        actions={
          can(p.employee) && (
            <Stack direction="row" spacing={1}>
              <Button variant="outlined" onClick={() => setStatusOpen(true)}>
                {t('hr.employee.changeStatus')}
              </Button>
              <Button variant="contained" onClick={() => navigate(`/hr-settings/employee/${e.id}/edit`)}>
                {t('hr.employee.edit')}
              </Button>
            </Stack>
          )
        }
      />
      <Paper>
        <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
          <Tabs value={tab} onChange={(_, v: number) => setTab(v)}>
            <Tab label={t('hr.employee.tabFile')} />
            <Tab label={t('hr.employee.tabSalary')} />
            <Tab label={t('hr.employee.tabAllowances')} />
            <Tab label={t('hr.employee.tabLeave')} />
          </Tabs>
        </Box>
        <Box sx={{ p: 2.5 }}>
          {tab === 0 && <FileTab e={e} />}
          {tab === 1 && <SalaryTab e={e} />}
          {tab === 2 && <AllowancesTab e={e} />}
          {tab === 3 && <LeaveTab e={e} />}
        </Box>
      </Paper>
      {isStatusOpen && <StatusDialog e={e} open={isStatusOpen} onClose={() => setStatusOpen(false)} />}
    </>
  );
}
