// /customers/batch-receive: many payments at once. Choose the account and method, then type the rows
// or upload the mobile money statement (CSV); Match asks the server which customer each row belongs to
// (by customer number, then phone in any notation). Unmatched rows get a customer picker; duplicates
// (reference already posted, or repeated) and invalid rows are shown with why and never saved. Save all
// posts the chosen rows together (one transaction, an Idempotency-Key per batch): all are saved or, if
// the server refuses a row, none, and the refused rows are marked. The saved batches are listed below.
import { useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import SaveIcon from '@mui/icons-material/Save';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { type BatchMatchResult, type BatchSaved, type CustomerLookup, type PaymentMethod, paymentMethodValues } from '@ubo/contracts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ApiError, toast } from '../../lib/api.ts';
import { formatMoney, todayIso } from '../../lib/format.ts';
import { useLang } from '../../lib/messages.ts';
import { useSession } from '../../app/session.tsx';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { BatchGrid } from './BatchGrid.tsx';
import { BatchList } from './BatchList.tsx';
import { MatchResults } from './MatchResults.tsx';
import { paymentsPrivileges as p } from './payments.access.ts';
import {
  type BatchDecision,
  type GridRow,
  batchRows,
  batchTotals,
  emptyGridRow,
  filledRows,
  gridReceipt,
  initialDecisions,
  matchRow,
} from './payments.logic.ts';
import { useMatchBatch, useReceivingAccounts, useSaveBatch } from './payments.queries.ts';

type Source = 'grid' | 'csv';

export default function BatchReceivePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { can } = useSession();
  // The payments list needs receive-payment; batch-bill alone sees the batches only.
  const mayListPayments = can(p.receive);
  const accounts = useReceivingAccounts();
  const match = useMatchBatch();
  const save = useSaveBatch();
  const options = accounts.data?.data ?? [];
  const [accountId, setAccountId] = useState<number | null>(null);
  const [method, setMethod] = useState<PaymentMethod>('mobile_money');
  const [source, setSource] = useState<Source>('grid');
  const [grid, setGrid] = useState<GridRow[]>(() => [emptyGridRow(todayIso()), emptyGridRow(todayIso()), emptyGridRow(todayIso())]);
  const [file, setFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const [result, setResult] = useState<BatchMatchResult | null>(null);
  const [decisions, setDecisions] = useState<BatchDecision[]>([]);
  const [chosen, setChosen] = useState<Record<number, CustomerLookup | null>>({});
  /** The grid rows the match was sent (their receipt numbers go with the save), or [] for a statement. */
  const [sentRows, setSentRows] = useState<GridRow[]>([]);
  const [serverErrors, setServerErrors] = useState<Record<number, string[]>>({});
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<BatchSaved | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);

  // Mobile money statements are the usual batch: the first mobile money account until one is chosen.
  useEffect(() => {
    if (accountId !== null || options.length === 0) return;
    const first = options.find((a) => a.subtype === 'mobile_money') ?? options[0];
    setAccountId(first.id);
    setMethod(first.method);
  }, [options, accountId]);

  const totals = useMemo(() => (result ? batchTotals(result.rows, decisions) : null), [result, decisions]);

  const runMatch = async () => {
    setError(null);
    setSaved(null);
    setServerErrors({});
    try {
      let answer: BatchMatchResult;
      if (source === 'csv') {
        if (!file) return setError(t('payments.batch.nothingToMatch'));
        setSentRows([]);
        answer = await match.mutateAsync({ file, accountId });
      } else {
        const rows = filledRows(grid);
        if (rows.length === 0) return setError(t('payments.batch.nothingToMatch'));
        answer = await match.mutateAsync({ body: { accountId: accountId ?? undefined, rows: rows.map(matchRow) } });
        setSentRows(rows);
      }
      setResult(answer);
      setDecisions(initialDecisions(answer.rows));
      setChosen({});
      setKey(newIdempotencyKey());
    } catch (err) {
      if (err instanceof ApiError) setError(err.details[0]?.message ?? err.message);
    }
  };

  const runSave = async () => {
    if (!result || accountId === null) return;
    setError(null);
    setServerErrors({});
    const { rows, rowOf } = batchRows(result.rows, decisions, (row) => (source === 'grid' ? gridReceipt(sentRows[row]) : undefined));
    try {
      const batch = await save.mutateAsync({
        key,
        body: { accountId, method, source, fileName: source === 'csv' ? file?.name : undefined, rows },
      });
      setSaved(batch);
      toast(t('payments.batch.saved', { id: batch.id, count: batch.paymentCount, amount: formatMoney(batch.total, lang) }), 'success');
      setResult(null);
      setDecisions([]);
      setGrid([emptyGridRow(todayIso())]);
      setFile(null);
      setKey(newIdempotencyKey());
    } catch (err) {
      if (!(err instanceof ApiError) || err.code === 'SLOW_DOWN') return;
      const byRow: Record<number, string[]> = {};
      for (const d of err.details) {
        const m = /^rows\.(\d+)\./.exec(d.field);
        const at = m ? rowOf[Number(m[1])] : undefined;
        if (at !== undefined) byRow[at] = [...(byRow[at] ?? []), d.message];
      }
      setServerErrors(byRow);
      setError(Object.keys(byRow).length > 0 ? t('payments.batch.refused') : (err.details[0]?.message ?? err.message));
    }
  };

  return (
    <>
      <PageHeader title={t('payments.batch.title')} subtitle={t('payments.batch.subtitle')} />
      <Paper sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <TextField
              select
              label={t('payments.account')}
              value={accountId ?? ''}
              onChange={(e) => {
                const a = options.find((x) => String(x.id) === String(e.target.value));
                setAccountId(a ? a.id : null);
                if (a) setMethod(a.method);
              }}
              sx={{ minWidth: 260 }}
              required
            >
              {options.map((a) => (
                <MenuItem key={a.id} value={a.id}>
                  {a.code} · {a.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField select label={t('payments.method')} value={method} onChange={(e) => setMethod(e.target.value as PaymentMethod)} sx={{ minWidth: 180 }}>
              {paymentMethodValues.map((m) => (
                <MenuItem key={m} value={m}>
                  {t(`payments.methods.${m}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Tabs value={source} onChange={(_e, v: Source) => setSource(v)} aria-label={t('payments.batch.settings')}>
            <Tab value="grid" label={t('payments.batch.typeRows')} />
            <Tab value="csv" label={t('payments.batch.upload')} />
          </Tabs>
          {source === 'grid' ? (
            <BatchGrid rows={grid} onChange={setGrid} defaultDate={todayIso()} />
          ) : (
            <Stack spacing={1}>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => fileInput.current?.click()}>
                  {t('payments.batch.chooseFile')}
                </Button>
                <Typography variant="body2" data-testid="batch-file-name">
                  {file ? file.name : t('payments.batch.noFile')}
                </Typography>
                <input
                  ref={fileInput}
                  type="file"
                  accept=".csv,text/csv"
                  hidden
                  aria-label={t('payments.batch.chooseFile')}
                  onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                />
              </Stack>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('payments.batch.fileHelp')}
              </Typography>
            </Stack>
          )}
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          {saved && (
            <Alert
              severity="success"
              action={
                mayListPayments ? (
                  <Button component={RouterLink} to={`/customers/payments?batchId=${saved.id}`} color="inherit" size="small">
                    {t('payments.batch.openPayments')}
                  </Button>
                ) : undefined
              }
            >
              {t('payments.batch.saved', { id: saved.id, count: saved.paymentCount, amount: formatMoney(saved.total, lang) })}
            </Alert>
          )}
          <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
            <Button variant="contained" startIcon={<FactCheckIcon />} onClick={runMatch} disabled={match.isPending}>
              {match.isPending ? t('payments.batch.matching') : t('payments.batch.match')}
            </Button>
          </Stack>
        </Stack>
      </Paper>

      {result && totals && (
        <Paper sx={{ p: { xs: 2, md: 3 }, mb: 3 }} role="region" aria-label={t('payments.batch.results')}>
          <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
            {t('payments.batch.results')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            {t('payments.batch.counts', result.totals)}
          </Typography>
          <Box sx={{ overflowX: 'auto' }}>
            <MatchResults
              rows={result.rows}
              decisions={decisions}
              chosen={chosen}
              serverErrors={serverErrors}
              onChoose={(row, c) => {
                setChosen((x) => ({ ...x, [row]: c }));
                setDecisions((d) => d.map((x, j) => (j === row ? { customerId: c?.id ?? null, include: c !== null } : x)));
              }}
              onInclude={(row, include) => setDecisions((d) => d.map((x, j) => (j === row ? { ...x, include } : x)))}
            />
          </Box>
          <Stack spacing={1} sx={{ mt: 2 }}>
            {totals.waiting > 0 && <Alert severity="warning">{t('payments.batch.waiting', { count: totals.waiting })}</Alert>}
            {result.totals.duplicate + result.totals.invalid > 0 && <Alert severity="info">{t('payments.batch.skipped')}</Alert>}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'flex-end' }}>
              <Typography sx={{ fontWeight: 600 }} data-testid="batch-to-save">
                {t('payments.batch.toSave', { count: totals.count, amount: formatMoney(totals.total, lang) })}
              </Typography>
              <Button onClick={() => setResult(null)}>{t('payments.batch.startOver')}</Button>
              <Button variant="contained" startIcon={<SaveIcon />} onClick={runSave} disabled={totals.count === 0 || save.isPending || accountId === null}>
                {t('payments.batch.save')}
              </Button>
            </Stack>
          </Stack>
        </Paper>
      )}

      <BatchList mayListPayments={mayListPayments} />
    </>
  );
}
