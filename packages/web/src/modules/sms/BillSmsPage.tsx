// /customers/bill-sms: bill notices by SMS for a bill run, or for a period (and zone). Preview shows how many
// messages would go, the bills skipped and why, and the first messages exactly as customers will read them
// (POST /api/sms/bill-sms/preview, nothing written); Send asks once more, then queues them
// (POST /api/sms/bill-sms with an Idempotency-Key). A bill already messaged is left out unless "also bills
// that already have a message" is ticked.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PreviewIcon from '@mui/icons-material/Preview';
import SendIcon from '@mui/icons-material/Send';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { BillSmsBody, BillSmsPreview, SmsLanguage, SmsQueued } from '@ubo/contracts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { MonthField } from '../../components/DateField.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ApiError, toast } from '../../lib/api.ts';
import { useLang } from '../../lib/messages.ts';
import { formatDateTime } from '../../lib/format.ts';
import { LanguageSelect, SkippedList } from './SmsParts.tsx';
import { newSendKey } from './sms.logic.ts';
import { useBillSmsOptions, usePreviewBillSms, useSendBillSms } from './sms.queries.ts';

type Mode = 'run' | 'period';

export default function BillSmsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const options = useBillSmsOptions();
  const preview = usePreviewBillSms();
  const send = useSendBillSms();
  const [mode, setMode] = useState<Mode>('run');
  const [runId, setRunId] = useState<number | ''>('');
  const [period, setPeriod] = useState('');
  const [zoneId, setZoneId] = useState<number | ''>('');
  const [language, setLanguage] = useState<SmsLanguage | ''>('');
  const [resend, setResend] = useState(false);
  const [shown, setShown] = useState<BillSmsPreview | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<SmsQueued | null>(null);
  const [key, setKey] = useState(newSendKey);

  /** Any change of the choice makes the shown preview stale. */
  const changed =
    <V,>(set: (v: V) => void) =>
    (v: V) => {
      set(v);
      setShown(null);
      setErrors({});
    };

  const body = (): BillSmsBody =>
    mode === 'run'
      ? { runId: runId === '' ? undefined : runId, language: language || undefined, resend }
      : { period, zoneId: zoneId === '' ? undefined : zoneId, language: language || undefined, resend };

  const showErrors = (err: unknown) => {
    if (!(err instanceof ApiError)) return;
    const next: Record<string, string> = {};
    for (const d of err.details) next[d.field] = d.message;
    if (err.details.length === 0) next.form = err.message;
    setErrors(next);
  };

  const runPreview = async () => {
    setResult(null);
    if (mode === 'run' && runId === '') return setErrors({ runId: t('sms.bill.runRequired') });
    try {
      setShown(await preview.mutateAsync(body()));
      setErrors({});
    } catch (err) {
      showErrors(err);
    }
  };

  const runSend = async () => {
    try {
      const queued = await send.mutateAsync({ body: body(), key });
      setResult(queued);
      setShown(null);
      setKey(newSendKey());
      toast(t('sms.bill.queued', { count: queued.queued }), 'success');
    } catch (err) {
      showErrors(err);
      throw err;
    }
  };

  const defaultLanguage = options.data ? t(`sms.languages.${options.data.defaultLanguage}`) : '';

  return (
    <>
      <PageHeader title={t('sms.bill.title')} subtitle={t('sms.bill.subtitle')} />
      <Paper sx={{ p: { xs: 2, md: 3 }, mb: 3 }} component="section" aria-label={t('sms.bill.title')}>
        <Stack spacing={2.5}>
          <FormControl>
            <FormLabel id="bill-sms-mode">{t('sms.bill.mode')}</FormLabel>
            <RadioGroup row aria-labelledby="bill-sms-mode" value={mode} onChange={(e) => changed(setMode)(e.target.value as Mode)}>
              {(['run', 'period'] as const).map((m) => (
                <FormControlLabel key={m} value={m} control={<Radio />} label={t(`sms.bill.modes.${m}`)} />
              ))}
            </RadioGroup>
          </FormControl>
          {mode === 'run' ? (
            <TextField
              select
              label={t('sms.bill.run')}
              value={runId}
              onChange={(e) => changed(setRunId)(Number(e.target.value))}
              required
              error={Boolean(errors.runId)}
              helperText={errors.runId ?? (options.data && options.data.runs.length === 0 ? t('sms.bill.noRuns') : undefined)}
              sx={{ maxWidth: 640 }}
            >
              {(options.data?.runs ?? []).map((r) => (
                <MenuItem key={r.id} value={r.id}>
                  {t('sms.bill.runOption', { period: r.period, zone: r.zoneName ?? t('sms.bill.allZones'), bills: r.billCount, messaged: r.messaged })}
                  <Box component="span" sx={{ ml: 1, color: 'text.secondary', fontSize: '0.85em' }}>
                    {formatDateTime(r.createdAt, lang)}
                  </Box>
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
              <MonthField
                label={t('sms.bill.period')}
                value={period}
                onChange={(value) => changed(setPeriod)(value)}
                required
                error={Boolean(errors.period || errors.runId)}
                helperText={errors.period ?? errors.runId ?? t('sms.bill.periodHelp')}
                sx={{ width: { md: 220 } }}
              />
              <TextField
                select
                label={t('sms.bill.zone')}
                value={zoneId}
                onChange={(e) => changed(setZoneId)(e.target.value === '' ? '' : Number(e.target.value))}
                sx={{ width: { md: 300 } }}
              >
                <MenuItem value="">{t('sms.bill.allZones')}</MenuItem>
                {(options.data?.zones ?? []).map((z) => (
                  <MenuItem key={z.id} value={z.id}>
                    {z.name}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          )}
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
            <LanguageSelect
              label={t('sms.language')}
              value={language}
              onChange={(v) => changed(setLanguage)(v as SmsLanguage | '')}
              emptyLabel={t('sms.bill.languageCustomer', { language: defaultLanguage })}
              sx={{ width: { md: 360 } }}
            />
            <FormControlLabel control={<Checkbox checked={resend} onChange={(e) => changed(setResend)(e.target.checked)} />} label={t('sms.bill.resend')} />
          </Stack>
          {errors.form && (
            <Alert severity="error" role="alert">
              {errors.form}
            </Alert>
          )}
          <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
            <Button variant="outlined" startIcon={<PreviewIcon />} onClick={runPreview} disabled={preview.isPending}>
              {t('sms.bill.preview')}
            </Button>
            <Button variant="contained" startIcon={<SendIcon />} onClick={() => setConfirming(true)} disabled={!shown || shown.count === 0 || send.isPending}>
              {t('sms.bill.submit', { count: shown?.count ?? 0 })}
            </Button>
          </Stack>
        </Stack>
        {result && (
          <>
            <Alert severity={result.queued > 0 ? 'success' : 'warning'} sx={{ mt: 2 }}>
              {t('sms.bill.queued', { count: result.queued })}{' '}
              {result.batchId !== null && (
                <Link component={RouterLink} to={`/sms/sms-report?batchId=${result.batchId}`}>
                  {t('sms.openReport')}
                </Link>
              )}
            </Alert>
            <SkippedList skipped={result.skipped} />
          </>
        )}
      </Paper>

      {shown && <PreviewPanel preview={shown} />}

      <ConfirmDialog
        open={confirming}
        title={t('sms.bill.confirmTitle')}
        message={t('sms.bill.confirmText', { count: shown?.count ?? 0 })}
        confirmLabel={t('sms.bill.submit', { count: shown?.count ?? 0 })}
        onConfirm={runSend}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

function PreviewPanel({ preview }: { preview: BillSmsPreview }) {
  const { t } = useTranslation();
  return (
    <Paper sx={{ p: { xs: 2, md: 3 } }} component="section" aria-label={t('sms.bill.preview')}>
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {t('sms.bill.preview')}
      </Typography>
      {preview.bills === 0 ? (
        <Alert severity="info">{t('sms.bill.noBills')}</Alert>
      ) : (
        <>
          <Typography sx={{ mb: 1 }}>{t('sms.bill.previewSummary', { count: preview.count, bills: preview.bills })}</Typography>
          {preview.messages.length > 0 && (
            <>
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
                {t('sms.bill.previewFirst')}
              </Typography>
              <TableContainer>
                <Table size="small" aria-label={t('sms.bill.previewFirst')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('sms.customer')}</TableCell>
                      <TableCell>{t('sms.phone')}</TableCell>
                      <TableCell>{t('sms.language')}</TableCell>
                      <TableCell>{t('sms.message')}</TableCell>
                      <TableCell align="right">{t('sms.parts')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {preview.messages.map((m) => (
                      <TableRow key={m.billId ?? m.phone}>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{m.customerName}</TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{m.phone}</TableCell>
                        <TableCell>
                          <Chip size="small" variant="outlined" label={t(`sms.languages.${m.language}`)} />
                        </TableCell>
                        <TableCell sx={{ maxWidth: 560 }}>{m.body}</TableCell>
                        <TableCell align="right">{m.parts}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </>
          )}
        </>
      )}
      <SkippedList skipped={preview.skipped} />
    </Paper>
  );
}
