// /hr-settings/payroll/:id: one run with its payslips and exceptions. Approve (approve-payroll, a user other
// than the one who generated it) posts it; Pay (pay-payroll) posts net pay from a money account; Cancel
// (payroll) drops a draft or reverses an approved run before it is paid. Payslip PDFs per employee, all of
// them in one PDF, the run's register and the bank list. Send payslips (an approved or paid run; send-email or
// send-sms) queues them by e-mail (PDF attached) or SMS to the employees with an address, and tells how many
// were sent and who was skipped.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type PayslipChannel, type SendPayslipsResult, payrollEndpoints } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { callEndpoint, downloadEndpoint, saveBlob, toast } from '../../lib/api.ts';
import { formatDate, formatMonth } from '../../lib/format.ts';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { useLang } from '../../lib/lang.ts';
import { HrField } from './HrField.tsx';
import { hrPrivileges as p } from './hr.access.ts';
import { useHrQuery, useHrWrite } from './hr.queries.ts';
import { usePayrollChoices } from './payroll.queries.ts';
import { PayslipTable } from './PayslipTable.tsx';

const today = () => new Date().toISOString().slice(0, 10);

export default function PayrollRunPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const id = Number(useParams().id);
  const [sending, setSending] = useState<{ channel: PayslipChannel; key: string } | null>(null);
  const [sent, setSent] = useState<SendPayslipsResult | null>(null);
  const send = useHrWrite(
    () =>
      callEndpoint(
        payrollEndpoints.sendPayslips,
        { params: { id }, body: { channel: sending?.channel ?? 'email', language: lang } },
        { headers: { 'Idempotency-Key': sending?.key ?? '' } },
      ),
    (result) => {
      setSent(result);
      toast(t('hr.payroll.send.sent', { count: result.sent }), 'success');
    },
  );
  const run = useHrQuery(['payroll-run', id], () => callEndpoint(payrollEndpoints.get, { params: { id } }));
  const choices = usePayrollChoices();
  const [paying, setPaying] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [pay, setPay] = useState({ date: today(), accountId: '' });
  const [reason, setReason] = useState('');
  const approve = useHrWrite(
    () => callEndpoint(payrollEndpoints.approve, { params: { id } }),
    () => toast(t('hr.payroll.approved'), 'success'),
  );
  const paid = useHrWrite(
    () => callEndpoint(payrollEndpoints.pay, { params: { id }, body: pay as never }),
    () => {
      toast(t('hr.payroll.paid'), 'success');
      setPaying(false);
    },
  );
  const cancel = useHrWrite(
    () => callEndpoint(payrollEndpoints.cancel, { params: { id }, body: { reason } }),
    () => {
      toast(t('hr.payroll.cancelled'), 'success');
      setCancelling(false);
    },
  );
  const r = run.data;
  if (!r) return null;
  const openPdf = async (employeeId: number, number: string) => {
    const blob = (await callEndpoint(payrollEndpoints.payslipPdf, { params: { id, employeeId } })) as Blob;
    saveBlob(blob, `payslip-${r.number}-${number}.pdf`);
  };
  return (
    <>
      <PageHeader
        title={`${t('hr.payroll.run')} ${r.number}`}
        subtitle={`${formatMonth(r.period, lang)} · ${r.department ?? t('hr.payroll.allDepartments')} · ${t(`hr.payroll.runStatus.${r.status}`)}`}
        actions={
          <Stack direction="row" spacing={1}>
            {r.status === 'Draft' && can(p.approvePayroll) && (
              <Button variant="contained" color="success" onClick={() => approve.mutate(undefined as never)} disabled={approve.isPending}>
                {t('hr.payroll.approve')}
              </Button>
            )}
            {r.status === 'Approved' && can(p.payPayroll) && (
              <Button variant="contained" onClick={() => setPaying(true)}>
                {t('hr.payroll.pay')}
              </Button>
            )}
            {(r.status === 'Draft' || r.status === 'Approved') && can(p.payroll) && (
              <Button color="error" onClick={() => setCancelling(true)}>
                {t('hr.payroll.cancel')}
              </Button>
            )}
            {(r.status === 'Approved' || r.status === 'Paid') && (can('send-email') || can('send-sms')) && (
              <Button
                variant="outlined"
                onClick={() => {
                  setSent(null);
                  setSending({ channel: can('send-email') ? 'email' : 'sms', key: newIdempotencyKey() });
                }}
              >
                {t('hr.payroll.send.action')}
              </Button>
            )}
            <Button variant="outlined" onClick={() => downloadEndpoint(payrollEndpoints.payslipsPdf, { params: { id } }, `payslips-${r.number}.pdf`)}>
              {t('hr.payroll.allPayslips')}
            </Button>
            <Button variant="outlined" onClick={() => downloadEndpoint(payrollEndpoints.runPdf, { params: { id } }, `payroll-${r.number}.pdf`)}>
              {t('hr.payroll.register')}
            </Button>
            {can(p.payPayroll) && (
              <Button variant="outlined" onClick={() => downloadEndpoint(payrollEndpoints.bankFile, { params: { id } }, `payroll-${r.number}-bank.csv`)}>
                {t('hr.payroll.bankFile')}
              </Button>
            )}
          </Stack>
        }
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography variant="body2" data-testid="run-people">
          {t('hr.payroll.generatedBy')}: {r.generatedBy ?? ''} · {t('hr.payroll.approvedBy')}: {r.approvedBy ?? '-'} · {t('hr.payroll.paidBy')}:{' '}
          {r.paidBy ?? '-'}
          {r.payDate ? ` (${formatDate(r.payDate, lang)}${r.payAccount ? `, ${r.payAccount}` : ''})` : ''}
        </Typography>
        {r.cancelReason && <Alert severity="warning">{r.cancelReason}</Alert>}
      </Paper>
      <PayslipTable
        rows={r.rows}
        totals={r.totals}
        action={(row) => (
          <Button size="small" onClick={() => openPdf(row.employeeId, row.employeeNumber)}>
            {t('hr.payroll.payslip')}
          </Button>
        )}
      />
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {t('hr.payroll.exceptions')}
      </Typography>
      {r.exceptions.length === 0 ? (
        <Alert severity="success">{t('hr.payroll.noExceptions')}</Alert>
      ) : (
        r.exceptions.map((x) => (
          <Alert key={x.employeeId} severity="warning">
            {x.employeeNumber} · {x.employeeName}: {x.message}
          </Alert>
        ))
      )}
      <Dialog open={paying} onClose={() => setPaying(false)} maxWidth="xs" fullWidth>
        <DialogTitle>{t('hr.payroll.payTitle', { number: r.number })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <HrField
              name="date"
              type="date"
              label={t('hr.payroll.date')}
              value={pay.date}
              onChange={(x) => setPay({ ...pay, date: x })}
              error={paid.errors.date}
              required
            />
            <HrField
              name="accountId"
              label={t('hr.payroll.account')}
              value={pay.accountId}
              onChange={(x) => setPay({ ...pay, accountId: x })}
              error={paid.errors.accountId}
              required
              options={(choices.data?.payingAccounts ?? []).map((a) => ({ value: String(a.id), label: `${a.code} ${a.name}` }))}
            />
            <Typography>
              {t('hr.payroll.net')}: <b>{r.net}</b>
            </Typography>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPaying(false)}>{t('common.cancel')}</Button>
          <Button variant="contained" onClick={() => paid.mutate(undefined as never)} disabled={paid.isPending}>
            {t('hr.payroll.pay')}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={sending !== null} onClose={() => setSending(null)} maxWidth="sm" fullWidth>
        <DialogTitle>{t('hr.payroll.send.title', { number: r.number })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <HrField
              name="channel"
              label={t('hr.payroll.send.channel')}
              value={sending?.channel ?? 'email'}
              onChange={(x) => {
                setSent(null);
                setSending({ channel: x === 'sms' ? 'sms' : 'email', key: newIdempotencyKey() });
              }}
              error={send.errors.channel}
              required
              options={[
                ...(can('send-email') ? [{ value: 'email', label: t('hr.payroll.send.email') }] : []),
                ...(can('send-sms') ? [{ value: 'sms', label: t('hr.payroll.send.sms') }] : []),
              ]}
            />
            <Typography variant="body2">{t(sending?.channel === 'sms' ? 'hr.payroll.send.smsHelp' : 'hr.payroll.send.emailHelp')}</Typography>
            {sent && (
              <Alert severity={sent.sent > 0 ? 'success' : 'info'} data-testid="payslips-sent">
                {t('hr.payroll.send.sent', { count: sent.sent })} {t('hr.payroll.send.skipped', { count: sent.skipped.length })}
                {sent.skipped.length > 0 && (
                  <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
                    {sent.skipped.map((x) => (
                      <li key={x.employeeId}>
                        {x.employeeNumber} · {x.employeeName}: {t(`hr.payroll.send.reason.${x.reason}`)}
                      </li>
                    ))}
                  </ul>
                )}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setSending(null)}>{t('common.close')}</Button>
          <Button variant="contained" onClick={() => send.mutate(undefined as never)} disabled={send.isPending || sent !== null}>
            {t('hr.payroll.send.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={cancelling} onClose={() => setCancelling(false)} maxWidth="xs" fullWidth>
        <DialogTitle>{t('hr.payroll.cancelTitle', { number: r.number })}</DialogTitle>
        <DialogContent>
          <Stack sx={{ pt: 1 }}>
            <HrField
              name="reason"
              label={t('hr.payroll.reason')}
              value={reason}
              onChange={setReason}
              error={cancel.errors.reason}
              required
              multiline
              maxLength={500}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setCancelling(false)}>{t('common.close')}</Button>
          <Button color="error" variant="contained" onClick={() => cancel.mutate(undefined as never)} disabled={cancel.isPending}>
            {t('hr.payroll.cancel')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
