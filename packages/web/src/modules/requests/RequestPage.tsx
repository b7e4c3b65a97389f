// /requests/:id: one request: what is asked, by whom, for which branch and department, its lines, and its
// steps with who and when (created, submitted, first approval, final approval, rejection with its reason,
// fulfilment with the document it became). Buttons by privilege and state: edit and submit the caller's
// draft; first approval, approval and rejection (never on one's own request: the server refuses too);
// an approved request opens the purchase order, cash purchase or vendor bill form prefilled from it, or is
// paid here (pay-request: PayRequestDialog); its payments (with their journal entries, and the cancel that
// reverses one and approves the request again) and its attachments are shown below.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { type RequestDetail, type RequestPayment, type RequestStep, requestsEndpoints } from '@ubo/contracts';
import { useCan, useSession } from '../../app/session.tsx';
import { DateText } from '../../components/DateText.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ReasonDialog } from '../../components/ReasonDialog.tsx';
import { toast } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useLang } from '../../lib/lang.ts';
import { useDetailQuery, useEndpointMutation } from '../../lib/queries.ts';
import { PayRequestDialog } from './PayRequestDialog.tsx';
import { RequestAttachments } from './RequestAttachments.tsx';
import { RequestStatusChip } from './RequestParts.tsx';
import { requestsPrivileges as p } from './requests.access.ts';

const outcomePaths = { 'purchase-order': '/vendors/orders', bill: '/vendors/credit-purchase', cash: '/vendors/cash-purchase' } as const;
const entryPath = (entryId: number) => `/finance/general-journal/${entryId}`;

/** Where what the request became is shown: the purchasing document, or (a payment) its journal entry. */
function outcomeLink(r: RequestDetail): string | null {
  const kind = r.fulfilled.kind;
  if (!kind) return null;
  if (kind === 'payment') {
    const payment = r.payments.find((x) => x.id === r.fulfilled.documentId);
    return payment ? entryPath(payment.entryId) : null;
  }
  return `${outcomePaths[kind]}/${r.fulfilled.documentId}`;
}

function Payments({ r, mayCancel, onCancel }: { r: RequestDetail; mayCancel: boolean; onCancel: (p: RequestPayment) => void }) {
  const { t } = useTranslation();
  if (r.payments.length === 0) return null;
  return (
    <>
      <Typography variant="subtitle1" sx={{ mt: 3, mb: 1 }}>
        {t('requests.pay.payments')}
      </Typography>
      <Table size="small" aria-label={t('requests.pay.payments')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('requests.pay.number')}</TableCell>
            <TableCell>{t('requests.pay.date')}</TableCell>
            <TableCell>{t('requests.pay.account')}</TableCell>
            <TableCell>{t('requests.pay.debitAccount')}</TableCell>
            <TableCell>{t('requests.pay.entry')}</TableCell>
            <TableCell>{t('requests.pay.status')}</TableCell>
            <TableCell align="right">{t('requests.pay.amount')}</TableCell>
            {mayCancel && <TableCell />}
          </TableRow>
        </TableHead>
        <TableBody>
          {r.payments.map((x) => (
            <TableRow key={x.id} data-testid={`request-payment-${x.number}`}>
              <TableCell>{x.number}</TableCell>
              <TableCell>
                <DateText value={x.date} />
              </TableCell>
              <TableCell>
                {x.account.code} · {x.account.name}
              </TableCell>
              <TableCell>
                {x.debitAccount.code} · {x.debitAccount.name}
              </TableCell>
              <TableCell>
                <RouterLink to={entryPath(x.entryId)}>{x.entryNumber}</RouterLink>
                {x.reversalEntryId !== null && (
                  <div>
                    <RouterLink to={entryPath(x.reversalEntryId)}>{t('requests.pay.reversedBy', { number: x.reversalNumber ?? '' })}</RouterLink>
                  </div>
                )}
              </TableCell>
              <TableCell>
                {x.status === 'Posted' ? t('requests.pay.statusPosted') : t('requests.pay.statusCancelled')}
                {x.cancelReason ? (
                  <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                    {t('requests.page.reason', { reason: x.cancelReason })}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell align="right">
                <MoneyText value={x.amount} />
              </TableCell>
              {mayCancel && (
                <TableCell align="right">
                  {x.status === 'Posted' && (
                    <Button size="small" color="error" onClick={() => onCancel(x)}>
                      {t('requests.pay.cancel')}
                    </Button>
                  )}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Grid size={{ xs: 6, md: 3 }}>
      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children}
      </Typography>
    </Grid>
  );
}

function Steps({ r }: { r: RequestDetail }) {
  const { t } = useTranslation();
  const lang = useLang();
  const at = (s: RequestStep) => (s.at ? t('requests.page.byAt', { name: s.byName ?? '', date: formatDateTime(s.at, lang) }) : null);
  const rows: Array<{ key: string; label: string; text: string | null; extra?: React.ReactNode }> = [
    {
      key: 'created',
      label: t('requests.page.stepCreated'),
      text: t('requests.page.byAt', { name: r.requesterName, date: formatDateTime(r.createdAt, lang) }),
    },
    { key: 'submitted', label: t('requests.page.stepSubmitted'), text: at(r.submitted) },
    { key: 'first', label: t('requests.page.stepFirst'), text: at(r.firstApproved) },
    { key: 'final', label: t('requests.page.stepFinal'), text: at(r.approved) },
  ];
  if (r.rejected.at) {
    rows.push({
      key: 'rejected',
      label: t('requests.page.stepRejected'),
      text: at(r.rejected),
      extra: t('requests.page.reason', { reason: r.rejected.reason ?? '' }),
    });
  }
  const link = outcomeLink(r);
  if (r.fulfilled.at && r.fulfilled.kind) {
    const became = t('requests.page.became', { kind: t(`requests.outcome.${r.fulfilled.kind}`), number: r.fulfilled.number ?? '' });
    rows.push({
      key: 'fulfilled',
      label: t('requests.page.stepFulfilled'),
      text: at(r.fulfilled),
      extra: link ? <RouterLink to={link}>{became}</RouterLink> : became,
    });
  }
  // A rejected request never reaches the steps after its rejection: they are not shown as waiting.
  const shown = r.status === 'Rejected' ? rows.filter((x) => x.text !== null) : rows;
  return (
    <Table size="small" aria-label={t('requests.page.steps')}>
      <TableBody>
        {shown.map((s) => (
          <TableRow key={s.key} data-testid={`request-step-${s.key}`}>
            <TableCell component="th" scope="row" sx={{ width: 220, fontWeight: 600 }}>
              {s.label}
            </TableCell>
            <TableCell>
              {s.text ?? (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('requests.page.waiting')}
                </Typography>
              )}
              {s.extra ? <div>{s.extra}</div> : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export default function RequestPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const me = useSession().user?.id;
  const id = Number(useParams().id);
  const request = useDetailQuery(requestsEndpoints.view, id);
  const [isRejecting, setRejecting] = useState(false);
  const [isPaying, setPaying] = useState(false);
  const [cancelling, setCancelling] = useState<RequestPayment | null>(null);
  const invalidate = [requestsEndpoints.list, requestsEndpoints.awaiting, requestsEndpoints.view];
  const done = (key: string) => (r: RequestDetail) => toast(t(key, { refNo: r.refNo }), 'success');
  const submit = useEndpointMutation(requestsEndpoints.submit, { invalidate, successMessage: false, onSuccess: done('requests.page.submitted') });
  const firstApprove = useEndpointMutation(requestsEndpoints.normalApprove, {
    invalidate,
    successMessage: false,
    onSuccess: done('requests.page.firstApproved'),
  });
  const approve = useEndpointMutation(requestsEndpoints.approve, { invalidate, successMessage: false, onSuccess: done('requests.page.approved') });
  if (request.isError) return <Alert severity="error">{t('api.genericError')}</Alert>;
  if (!request.data) return <Skeleton variant="rounded" height={240} />;
  const r = request.data;
  const isMine = r.requesterId === me;
  const busy = submit.isPending || firstApprove.isPending || approve.isPending;
  const canFirst = r.status === 'Submitted' && can(p.firstApprove);
  const canFinal = r.status === 'FirstApproved' && can(p.approve);
  const from = `?request=${r.id}`;
  return (
    <>
      <PageHeader
        title={`${t('requests.page.title')} ${r.refNo ?? ''}`.trim()}
        subtitle={r.purpose}
        actions={
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {r.status === 'Draft' && isMine && can(p.add) && (
              <>
                <Button variant="outlined" onClick={() => navigate(`/requests/${r.id}/edit`)}>
                  {t('requests.page.edit')}
                </Button>
                <Button variant="contained" disabled={busy} onClick={() => submit.mutate({ params: { id: r.id } })}>
                  {t('requests.page.submit')}
                </Button>
              </>
            )}
            {!isMine && canFirst && (
              <Button variant="contained" disabled={busy} onClick={() => firstApprove.mutate({ params: { id: r.id } })}>
                {t('requests.page.firstApprove')}
              </Button>
            )}
            {!isMine && canFinal && (
              <Button variant="contained" disabled={busy} onClick={() => approve.mutate({ params: { id: r.id } })}>
                {t('requests.page.approve')}
              </Button>
            )}
            {!isMine && (canFirst || canFinal) && (
              <Button variant="outlined" color="error" disabled={busy} onClick={() => setRejecting(true)}>
                {t('requests.page.reject')}
              </Button>
            )}
            {r.status === 'Approved' && (
              <>
                {can(p.pay) && (
                  <Button variant="contained" onClick={() => setPaying(true)}>
                    {t('requests.pay.action')}
                  </Button>
                )}
                {can('purchase-order') && (
                  <Button variant="contained" onClick={() => navigate(`/vendors/orders/new${from}`)}>
                    {t('requests.page.makeOrder')}
                  </Button>
                )}
                {can('cash-purchase') && (
                  <Button variant="outlined" onClick={() => navigate(`/vendors/cash-purchase/new${from}`)}>
                    {t('requests.page.makeCash')}
                  </Button>
                )}
                {can('credit-purchase') && (
                  <Button variant="outlined" onClick={() => navigate(`/vendors/credit-purchase/new${from}`)}>
                    {t('requests.page.makeBill')}
                  </Button>
                )}
              </>
            )}
          </Stack>
        }
      />
      {isMine && (canFirst || canFinal) && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('requests.page.ownRequest')}
        </Alert>
      )}
      <Paper sx={{ p: { xs: 2, md: 3 } }}>
        <Grid container spacing={2}>
          <Detail label={t('requests.field.status')}>
            <RequestStatusChip status={r.status} />
          </Detail>
          <Detail label={t('requests.field.refNo')}>{r.refNo ?? t('requests.page.draft')}</Detail>
          <Detail label={t('requests.field.type')}>{t(`requests.type.${r.type}`)}</Detail>
          <Detail label={t('requests.field.requester')}>{r.requesterName}</Detail>
          <Detail label={t('requests.field.branch')}>{r.branchName}</Detail>
          <Detail label={t('requests.field.department')}>{r.department ?? '—'}</Detail>
          <Detail label={t('requests.field.neededBy')}>
            <DateText value={r.neededBy} />
          </Detail>
          <Detail label={t('requests.field.amount')}>
            <span data-testid="request-amount">
              <MoneyText value={r.amount} />
            </span>
          </Detail>
        </Grid>
        {r.lines.length > 0 && (
          <Table size="small" sx={{ mt: 3 }} aria-label={t('requests.form.lines')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('requests.line.description')}</TableCell>
                <TableCell align="right">{t('requests.line.quantity')}</TableCell>
                <TableCell align="right">{t('requests.line.unitAmount')}</TableCell>
                <TableCell align="right">{t('requests.line.amount')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {r.lines.map((l) => (
                <TableRow key={l.position}>
                  <TableCell>{l.description}</TableCell>
                  <TableCell align="right">{l.quantity}</TableCell>
                  <TableCell align="right">
                    <MoneyText value={l.unitAmount} />
                  </TableCell>
                  <TableCell align="right">
                    <MoneyText value={l.amount} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <Typography variant="subtitle1" sx={{ mt: 3, mb: 1 }}>
          {t('requests.page.steps')}
        </Typography>
        <Steps r={r} />
        <Payments r={r} mayCancel={can(p.pay)} onCancel={setCancelling} />
      </Paper>
      <RequestAttachments requestId={r.id} mayEdit={(isMine && can(p.add)) || can(p.firstApprove) || can(p.approve) || can(p.pay)} />
      <PayRequestDialog request={isPaying ? r : null} onClose={() => setPaying(false)} />
      <ReasonDialog
        document={cancelling ? { id: cancelling.id, number: cancelling.number } : null}
        endpoint={requestsEndpoints.cancelPayment}
        title={t('requests.pay.cancelTitle', { number: cancelling?.number ?? '' })}
        text={t('requests.pay.cancelText')}
        reasonLabel={t('requests.pay.cancelReason')}
        action={t('requests.pay.cancel')}
        done={t('requests.pay.cancelled', { number: cancelling?.number ?? '' })}
        invalidate={invalidate}
        onClose={() => setCancelling(null)}
      />
      <ReasonDialog
        document={isRejecting ? { id: r.id, number: r.refNo ?? '' } : null}
        endpoint={requestsEndpoints.reject}
        title={t('requests.page.rejectTitle', { refNo: r.refNo ?? '' })}
        text={t('requests.page.rejectText')}
        reasonLabel={t('requests.page.rejectReason')}
        action={t('requests.page.reject')}
        done={t('requests.page.rejected', { refNo: r.refNo ?? '' })}
        invalidate={invalidate}
        onClose={() => setRejecting(false)}
      />
    </>
  );
}
