// /hr-settings/loans and /hr-settings/advances: the list with totals, giving a loan (amount, monthly
// instalment, first month) or an advance from a money account, a loan's schedule and repayments, and early
// repayment into a money account. The server posts each and checks every field.
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import AddIcon from '@mui/icons-material/Add';
import EventNoteIcon from '@mui/icons-material/EventNote';
import PaymentsIcon from '@mui/icons-material/Payments';
import { useTranslation } from 'react-i18next';
import { type LoanKind, type LoanRow, loansEndpoints } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { callEndpoint, toast } from '../../lib/api.ts';
import { HrField } from './HrField.tsx';
import { hrPrivileges as p } from './hr.access.ts';
import { useHrQuery, useHrWrite } from './hr.queries.ts';
import { usePayrollChoices } from './payroll.queries.ts';
import { formatDate, formatMonth } from '../../lib/format.ts';
import { useLang } from '../../lib/lang.ts';

const today = () => new Date().toISOString().slice(0, 10);

function GiveDialog({ kind, open, onClose }: { kind: LoanKind; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const choices = usePayrollChoices();
  const empty = { employeeId: '', date: today(), amount: '', instalment: '', firstPeriod: '', accountId: '', memo: '' };
  const [v, setV] = useState(empty);
  const save = useHrWrite(
    (b: typeof v) =>
      kind === 'loan'
        ? callEndpoint(loansEndpoints.create, { body: { ...b, firstPeriod: b.firstPeriod || null, memo: b.memo || null } as never })
        : callEndpoint(loansEndpoints.createAdvance, {
            body: { employeeId: b.employeeId, date: b.date, amount: b.amount, accountId: b.accountId, memo: b.memo || null } as never,
          }),
    (saved) => {
      toast(t('hr.payroll.given', { number: saved.number }), 'success');
      onClose();
    },
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time the dialog opens.
  useEffect(() => {
    if (open) {
      setV(empty);
      save.setErrors({});
    }
  }, [open]);
  const set = (k: keyof typeof v) => (x: string) => setV({ ...v, [k]: x });
  return (
    <Dialog open={open} onClose={save.isPending ? undefined : onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t(kind === 'loan' ? 'hr.payroll.giveLoan' : 'hr.payroll.giveAdvance')}</DialogTitle>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(v);
        }}
      >
        <DialogContent sx={{ pt: 0 }}>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <HrField
              name="employeeId"
              label={t('hr.payroll.employee')}
              value={v.employeeId}
              onChange={set('employeeId')}
              error={save.errors.employeeId}
              required
              options={(choices.data?.employees ?? []).map((e) => ({ value: String(e.id), label: `${e.number} · ${e.name}` }))}
            />
            <HrField name="date" type="date" label={t('hr.payroll.date')} value={v.date} onChange={set('date')} error={save.errors.date} required />
            <HrField name="amount" type="money" label={t('hr.payroll.amount')} value={v.amount} onChange={set('amount')} error={save.errors.amount} required />
            {kind === 'loan' && (
              <>
                <HrField
                  name="instalment"
                  type="money"
                  label={t('hr.payroll.instalment')}
                  value={v.instalment}
                  onChange={set('instalment')}
                  error={save.errors.instalment}
                  required
                />
                <HrField
                  name="firstPeriod"
                  label={t('hr.payroll.firstPeriod')}
                  helperText={t('hr.payroll.firstPeriodHelp')}
                  value={v.firstPeriod}
                  onChange={set('firstPeriod')}
                  error={save.errors.firstPeriod}
                />
              </>
            )}
            <HrField
              name="accountId"
              label={t('hr.payroll.account')}
              value={v.accountId}
              onChange={set('accountId')}
              error={save.errors.accountId}
              required
              options={(choices.data?.payingAccounts ?? []).map((a) => ({ value: String(a.id), label: `${a.code} ${a.name}` }))}
            />
            <HrField name="memo" label={t('hr.payroll.memo')} value={v.memo} onChange={set('memo')} error={save.errors.memo} maxLength={500} />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function ScheduleDialog({ kind, row, onClose }: { kind: LoanKind; row: LoanRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const choices = usePayrollChoices();
  const detail = useHrQuery(
    ['loan', kind, row?.id ?? 0],
    () => callEndpoint(kind === 'loan' ? loansEndpoints.get : loansEndpoints.getAdvance, { params: { id: row?.id ?? 0 } }),
    row !== null,
  );
  const [v, setV] = useState({ date: today(), amount: '', accountId: '' });
  const repay = useHrWrite(
    (b: typeof v) => callEndpoint(loansEndpoints.repay, { params: { id: row?.id ?? 0 }, body: b as never }),
    () => {
      toast(t('hr.payroll.repaidToast'), 'success');
      setV({ date: today(), amount: '', accountId: '' });
    },
  );
  const d = detail.data;
  return (
    <Dialog open={row !== null} onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>
        {row?.number} · {row?.employeeName}
      </DialogTitle>
      <DialogContent>
        {d && (
          <Stack spacing={2}>
            <Alert severity="info">
              {t('hr.payroll.amount')}: {d.amount} · {t('hr.payroll.repaid')}: {d.repaid} · {t('hr.payroll.balance')}: {d.balance}
            </Alert>
            <Table size="small" aria-label={t('hr.payroll.schedule')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('hr.payroll.period')}</TableCell>
                  <TableCell align="right">{t('hr.payroll.amount')}</TableCell>
                  <TableCell align="right">{t('hr.payroll.balance')}</TableCell>
                  <TableCell>{t('hr.payroll.status')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {d.schedule.map((s) => (
                  <TableRow key={`${s.period}-${s.recovered}`}>
                    <TableCell>{formatMonth(s.period, lang)}</TableCell>
                    <TableCell align="right">{s.amount}</TableCell>
                    <TableCell align="right">{s.balanceAfter}</TableCell>
                    <TableCell>{t(s.recovered ? 'hr.payroll.recovered' : 'hr.payroll.due')}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {kind === 'loan' && d.status === 'Open' && can(p.loan) && (
              <form
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  repay.mutate(v);
                }}
              >
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
                  <HrField
                    name="date"
                    type="date"
                    label={t('hr.payroll.date')}
                    value={v.date}
                    onChange={(x) => setV({ ...v, date: x })}
                    error={repay.errors.date}
                  />
                  <HrField
                    name="amount"
                    type="money"
                    label={t('hr.payroll.amount')}
                    value={v.amount}
                    onChange={(x) => setV({ ...v, amount: x })}
                    error={repay.errors.amount}
                  />
                  <HrField
                    name="accountId"
                    label={t('hr.payroll.repayAccount')}
                    value={v.accountId}
                    onChange={(x) => setV({ ...v, accountId: x })}
                    error={repay.errors.accountId}
                    options={(choices.data?.payingAccounts ?? []).map((a) => ({ value: String(a.id), label: `${a.code} ${a.name}` }))}
                  />
                  <Button type="submit" variant="outlined" disabled={repay.isPending} sx={{ whiteSpace: 'nowrap', minWidth: 150 }}>
                    {t('hr.payroll.repay')}
                  </Button>
                </Stack>
              </form>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function LoansList({ kind }: { kind: LoanKind }) {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const [giving, setGiving] = useState(false);
  const [shown, setShown] = useState<LoanRow | null>(null);
  const columns: DataTableColumn<LoanRow>[] = [
    { field: 'number', header: t('hr.payroll.number'), sortable: false },
    { field: 'employeeNumber', header: t('hr.field.number'), sortable: false },
    { field: 'employeeName', header: t('hr.payroll.employee'), sortable: false },
    { field: 'date', header: t('hr.payroll.date'), sortable: false, render: (r) => formatDate(r.date, lang), csv: (r) => r.date },
    { field: 'amount', header: t('hr.payroll.amount'), sortable: false, align: 'right' },
    ...(kind === 'loan' ? [{ field: 'instalment', header: t('hr.payroll.instalment'), sortable: false, align: 'right' as const }] : []),
    { field: 'repaid', header: t('hr.payroll.repaid'), sortable: false, align: 'right' },
    { field: 'balance', header: t('hr.payroll.balance'), sortable: false, align: 'right' },
    { field: 'status', header: t('hr.payroll.status'), sortable: false, render: (r) => t(`hr.payroll.loanStatus.${r.status}`) },
  ];
  const privilege = kind === 'loan' ? p.loan : p.advance;
  return (
    <>
      <PageHeader
        title={t(kind === 'loan' ? 'hr.payroll.loansTitle' : 'hr.payroll.advancesTitle')}
        subtitle={t(kind === 'loan' ? 'hr.payroll.loansSubtitle' : 'hr.payroll.advancesSubtitle')}
        actions={
          can(privilege) && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setGiving(true)}>
              {t(kind === 'loan' ? 'hr.payroll.giveLoan' : 'hr.payroll.giveAdvance')}
            </Button>
          )
        }
      />
      <DataTable
        endpoint={kind === 'loan' ? loansEndpoints.list : loansEndpoints.advances}
        columns={columns}
        searchable={false}
        exportName={kind === 'loan' ? 'loans' : 'advances'}
        emptyText={t(kind === 'loan' ? 'hr.payroll.noLoans' : 'hr.payroll.noAdvances')}
        onRowClick={(r) => setShown(r)}
        actions={[
          {
            label: t(kind === 'loan' ? 'hr.payroll.repay' : 'hr.payroll.schedule'),
            icon: kind === 'loan' ? <PaymentsIcon fontSize="small" /> : <EventNoteIcon fontSize="small" />,
            onClick: (r) => setShown(r),
          },
        ]}
      />
      <GiveDialog kind={kind} open={giving} onClose={() => setGiving(false)} />
      <ScheduleDialog kind={kind} row={shown} onClose={() => setShown(null)} />
    </>
  );
}

export const LoansPage = () => <LoansList kind="loan" />;
export const AdvancesPage = () => <LoansList kind="advance" />;
