// /books/:id: one receipt book. Its series, range, collector and status; every number written (used by a
// payment, or voided with the reason) and the unused ranges; the status moves open to it now (close,
// reopen, report lost, cancel) and voiding a spoilt leaf, for holders of book-status. A reason is asked
// where the server needs one; its refusals show in the dialog.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { type ReceiptBookDetail, type ReceiptBookStatus, receiptBooksEndpoints } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { DateText } from '../../components/DateText.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ApiError, toast } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useLang } from '../../lib/lang.ts';
import { useDetailQuery, useEndpointMutation } from '../../lib/queries.ts';
import { BookStatusChip } from './BookStatusChip.tsx';
import { booksPrivileges as p } from './receipt-books.access.ts';

type Asked = { kind: 'status'; status: ReceiptBookStatus } | { kind: 'void' };

const rangeText = (r: { from: number; to: number }) => (r.from === r.to ? `${r.from}` : `${r.from}–${r.to}`);

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack spacing={0.25} sx={{ minWidth: 130 }}>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="div" variant="body1">
        {children}
      </Typography>
    </Stack>
  );
}

export default function BookPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const id = Number(useParams().id);
  const book = useDetailQuery(receiptBooksEndpoints.get, id);
  const [asked, setAsked] = useState<Asked | null>(null);
  const b = book.data as ReceiptBookDetail | undefined;

  if (!b) {
    return (
      <>
        <PageHeader title={t('books.page.title')} />
        {book.isError ? <Alert severity="error">{book.error.message}</Alert> : <Skeleton variant="rounded" height={240} />}
      </>
    );
  }
  const canChange = can(p.status);
  return (
    <>
      <PageHeader
        title={`${t('books.page.title')}: ${b.series} ${b.firstNumber}–${b.lastNumber}`}
        subtitle={b.notes ?? undefined}
        actions={
          canChange && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {b.status !== 'Cancelled' && (
                <Button variant="outlined" onClick={() => setAsked({ kind: 'void' })}>
                  {t('books.action.void')}
                </Button>
              )}
              {b.allowedStatuses.map((s) => (
                <Button
                  key={s}
                  variant="outlined"
                  color={s === 'Lost' || s === 'Cancelled' ? 'error' : 'primary'}
                  onClick={() => setAsked({ kind: 'status', status: s })}
                >
                  {t(`books.action.${s}`)}
                </Button>
              ))}
            </Stack>
          )
        }
      />
      <Stack spacing={3}>
        <Paper sx={{ p: { xs: 2, md: 3 } }}>
          <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Fact label={t('books.field.status')}>
              <BookStatusChip status={b.status} />
            </Fact>
            <Fact label={t('books.field.collector')}>{b.collector.fullname}</Fact>
            <Fact label={t('books.field.issueDate')}>
              <DateText value={b.issueDate} />
            </Fact>
            <Fact label={t('books.field.used')}>{b.usedCount}</Fact>
            <Fact label={t('books.field.voided')}>{b.voidedCount}</Fact>
            <Fact label={t('books.field.unused')}>{b.unusedCount}</Fact>
            {b.status === 'Active' && <Fact label={t('books.field.next')}>{b.nextNumber ?? '—'}</Fact>}
          </Stack>
          {b.statusChangedAt && (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
              {t('books.page.statusChanged', {
                status: t(`books.status.${b.status}`),
                by: b.statusChangedBy ?? '',
                at: formatDateTime(b.statusChangedAt, lang),
              })}
              {b.statusReason ? ` · ${b.statusReason}` : ''}
            </Typography>
          )}
        </Paper>

        <Paper sx={{ p: { xs: 2, md: 3 } }}>
          <Typography variant="h6" component="h3" gutterBottom>
            {t('books.page.unusedRanges')}
          </Typography>
          <Typography data-testid="unused-ranges">{b.unused.length === 0 ? t('books.page.allUsed') : b.unused.map(rangeText).join(', ')}</Typography>
        </Paper>

        <Paper sx={{ p: { xs: 2, md: 3 } }}>
          <Typography variant="h6" component="h3" gutterBottom>
            {t('books.page.numbers')}
          </Typography>
          {b.numbers.length === 0 ? (
            <Typography sx={{ color: 'text.secondary' }}>{t('books.page.none')}</Typography>
          ) : (
            <TableContainer>
              <Table size="small" aria-label={t('books.page.numbers')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('books.field.number')}</TableCell>
                    <TableCell>{t('books.page.state')}</TableCell>
                    <TableCell>{t('books.page.payment')}</TableCell>
                    <TableCell>{t('books.page.customer')}</TableCell>
                    <TableCell align="right">{t('books.page.amount')}</TableCell>
                    <TableCell>{t('books.field.reason')}</TableCell>
                    <TableCell>{t('books.page.by')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {b.numbers.map((n) => (
                    <TableRow key={n.number} data-testid={`number-${n.number}`}>
                      <TableCell>{n.number}</TableCell>
                      <TableCell>{t(`books.field.${n.state === 'Used' ? 'used' : 'voided'}`)}</TableCell>
                      <TableCell>{n.payment ? <RouterLink to={`/customers/payments/${n.payment.id}`}>{n.payment.number}</RouterLink> : '—'}</TableCell>
                      <TableCell>{n.payment?.customer ?? '—'}</TableCell>
                      <TableCell align="right">{n.payment ? <MoneyText value={n.payment.amount} /> : '—'}</TableCell>
                      <TableCell>{n.reason ?? ''}</TableCell>
                      <TableCell>
                        {n.by ?? ''} · {formatDateTime(n.at, lang)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </Paper>
      </Stack>
      {asked && <ChangeDialog book={b} asked={asked} onClose={() => setAsked(null)} />}
    </>
  );
}

function ChangeDialog({ book, asked, onClose }: { book: ReceiptBookDetail; asked: Asked; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [number, setNumber] = useState(asked.kind === 'void' && book.nextNumber ? String(book.nextNumber) : '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const setStatus = useEndpointMutation(receiptBooksEndpoints.setStatus, { successMessage: false });
  const voidNumber = useEndpointMutation(receiptBooksEndpoints.voidNumber, { successMessage: false });
  const pending = setStatus.isPending || voidNumber.isPending;
  const needsReason = asked.kind === 'void' || asked.status === 'Lost' || asked.status === 'Cancelled';
  const action = asked.kind === 'void' ? t('books.action.void') : t(`books.action.${asked.status}`);

  const confirm = async () => {
    setErrors({});
    if (needsReason && !reason.trim()) {
      setErrors({ reason: t('books.page.reasonRequired') });
      return;
    }
    try {
      if (asked.kind === 'void') {
        await voidNumber.mutateAsync({ params: { id: book.id }, body: { number: Number(number), reason: reason.trim() } });
        toast(t('books.page.voided', { number }), 'success');
      } else {
        await setStatus.mutateAsync({ params: { id: book.id }, body: { status: asked.status, reason: reason.trim() || undefined } });
        toast(t('books.page.changed', { status: t(`books.status.${asked.status}`) }), 'success');
      }
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) return;
      const found: Record<string, string> = {};
      for (const d of err.details) found[d.field] = d.message;
      if (Object.keys(found).length === 0) found.form = err.message;
      setErrors(found);
    }
  };

  return (
    <Dialog open onClose={pending ? undefined : onClose} maxWidth="xs" fullWidth>
      <DialogTitle>
        {asked.kind === 'void'
          ? t('books.page.voidTitle', { series: book.series })
          : t('books.page.statusTitle', { action, series: book.series, first: book.firstNumber, last: book.lastNumber })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>
            {asked.kind === 'void'
              ? t('books.page.voidText')
              : asked.status === 'Lost'
                ? t('books.page.lostText')
                : t('books.page.statusText', { status: t(`books.status.${asked.status}`) })}
          </DialogContentText>
          {asked.kind === 'void' && (
            <TextField
              label={t('books.field.number')}
              value={number}
              onChange={(e) => setNumber(e.target.value)}
              error={Boolean(errors.number)}
              helperText={errors.number}
              required
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 9 } }}
            />
          )}
          <TextField
            label={t('books.field.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={Boolean(errors.reason)}
            helperText={errors.reason}
            required={needsReason}
            autoFocus
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          {(errors.status || errors.form) && <Alert severity="error">{errors.status ?? errors.form}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          color={asked.kind === 'status' && (asked.status === 'Lost' || asked.status === 'Cancelled') ? 'error' : 'primary'}
          onClick={confirm}
          disabled={pending}
        >
          {action}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
