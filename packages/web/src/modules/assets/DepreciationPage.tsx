// /assets/generate-depreciation: choose a month, preview every asset's charge (by category and asset), then
// post it: a background job on the server, followed here until it is done (polled, no fixed wait). Below,
// the runs posted so far; the latest can be reversed as a whole.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type DepreciationRun, assetsEndpoints } from '@ubo/contracts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { MonthField } from '../../components/DateField.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { callEndpoint, toast } from '../../lib/api.ts';
import { formatMoney } from '../../lib/money.ts';
import { useAssetWrite, useAssetsQuery } from './assets.queries.ts';

const thisMonth = () => new Date().toISOString().slice(0, 7);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export default function DepreciationPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'so' ? 'so' : 'en';
  const client = useQueryClient();
  const [month, setMonth] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const [reversing, setReversing] = useState<DepreciationRun | null>(null);
  const runs = useAssetsQuery(['runs'], () => callEndpoint(assetsEndpoints.runs, {}));
  const shown = month || (runs.data ? nextOf(runs.data.data) : thisMonth());
  const preview = useAssetsQuery(['preview', asked], () => callEndpoint(assetsEndpoints.preview, { query: { month: asked ?? '' } }), asked !== null);
  const post = useAssetWrite(
    async () => {
      const { jobId } = await callEndpoint(assetsEndpoints.post, { body: { month: shown } });
      // The job runs on the server; follow it until it ends.
      for (;;) {
        const job = await callEndpoint(assetsEndpoints.job, { params: { id: jobId } }, { background: true });
        if (job.status === 'done') return job;
        if (job.status === 'failed') throw new Error(job.error ?? '');
        await sleep(500);
      }
    },
    (job) => {
      toast(t('assets.depreciation.posted', { month: job.month, amount: formatMoney(job.total ?? '0', lang) }), 'success');
      setAsked(null);
    },
  );
  const reverse = async (run: DepreciationRun) => {
    await callEndpoint(assetsEndpoints.reverseRun, { params: { id: run.id } });
    await client.invalidateQueries({ predicate: (q) => JSON.stringify(q.queryKey).includes('assets') });
    toast(t('assets.depreciation.reversed', { month: run.month }), 'success');
  };
  const p = asked === shown ? preview.data : undefined;
  return (
    <>
      <PageHeader title={t('assets.depreciation.title')} subtitle={t('assets.depreciation.subtitle')} />
      <Paper sx={{ p: 2.5 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }} useFlexGap>
          <MonthField
            size="small"
            name="month"
            label={t('assets.field.month')}
            value={shown}
            onChange={setMonth}
            error={Boolean(post.errors.month)}
            helperText={
              post.errors.month ?? (runs.data && nextOf(runs.data.data) ? t('assets.depreciation.next', { month: nextOf(runs.data.data) }) : undefined)
            }
          />
          <Button variant="outlined" onClick={() => setAsked(shown)} disabled={!/^\d{4}-\d{2}$/.test(shown)}>
            {t('assets.depreciation.preview')}
          </Button>
          <Button variant="contained" onClick={() => post.mutate(undefined)} disabled={!p || Boolean(p.blocked) || post.isPending}>
            {post.isPending ? t('assets.depreciation.posting') : t('assets.depreciation.post')}
          </Button>
        </Stack>
        {post.error && !Object.keys(post.errors).length && post.error.message && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {post.error.message}
          </Alert>
        )}
        {p && (
          <>
            {p.blocked && (
              <Alert severity="warning" sx={{ mt: 2 }}>
                {p.blocked}
              </Alert>
            )}
            <Typography variant="h6" sx={{ mt: 2 }} data-testid="depreciation-total">
              {t('assets.depreciation.total', { month: p.month, amount: formatMoney(p.total, lang) })}
            </Typography>
            {p.lines.length === 0 ? (
              <Typography sx={{ mt: 1 }}>{t('assets.depreciation.none')}</Typography>
            ) : (
              <Table size="small" sx={{ mt: 1 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('assets.field.category')}</TableCell>
                    <TableCell>{t('assets.field.tag')}</TableCell>
                    <TableCell>{t('assets.field.name')}</TableCell>
                    <TableCell align="right">{t('assets.field.cost')}</TableCell>
                    <TableCell align="right">{t('assets.depreciation.before')}</TableCell>
                    <TableCell align="right">{t('assets.depreciation.charge')}</TableCell>
                    <TableCell align="right">{t('assets.depreciation.after')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {p.lines.slice(0, 500).map((l) => (
                    <TableRow key={l.assetId}>
                      <TableCell>{l.category}</TableCell>
                      <TableCell>{l.tag}</TableCell>
                      <TableCell>{l.name}</TableCell>
                      <TableCell align="right">
                        <MoneyText value={l.cost} />
                      </TableCell>
                      <TableCell align="right">
                        <MoneyText value={l.accumulatedBefore} />
                      </TableCell>
                      <TableCell align="right">
                        <MoneyText value={l.amount} />
                      </TableCell>
                      <TableCell align="right">
                        <MoneyText value={l.netBookValueAfter} />
                      </TableCell>
                    </TableRow>
                  ))}
                  {p.byCategory.map((c) => (
                    <TableRow key={`c${c.categoryId}`} sx={{ '& td': { fontWeight: 600 } }}>
                      <TableCell colSpan={5}>
                        {c.category} ({c.assets})
                      </TableCell>
                      <TableCell align="right">
                        <MoneyText value={c.amount} />
                      </TableCell>
                      <TableCell />
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </>
        )}
      </Paper>
      <Paper sx={{ p: 2.5, mt: 2 }}>
        <Typography variant="h6">{t('assets.depreciation.runs')}</Typography>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('assets.field.month')}</TableCell>
              <TableCell>{t('assets.field.status')}</TableCell>
              <TableCell align="right">{t('assets.depreciation.assets')}</TableCell>
              <TableCell align="right">{t('assets.depreciation.entries')}</TableCell>
              <TableCell align="right">{t('assets.depreciation.charge')}</TableCell>
              <TableCell>{t('assets.depreciation.by')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(runs.data?.data ?? []).map((r) => (
              <TableRow key={r.id}>
                <TableCell>{r.month}</TableCell>
                <TableCell>{t(`assets.depreciation.runStatus.${r.status}`)}</TableCell>
                <TableCell align="right">{r.assetCount}</TableCell>
                <TableCell align="right">{r.entryCount}</TableCell>
                <TableCell align="right">
                  <MoneyText value={r.total} />
                </TableCell>
                <TableCell>{r.createdBy ?? ''}</TableCell>
                <TableCell align="right">
                  {r.reversible && (
                    <Button size="small" color="warning" onClick={() => setReversing(r)}>
                      {t('assets.depreciation.reverse')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      <ConfirmDialog
        open={reversing !== null}
        title={t('assets.depreciation.reverse')}
        message={reversing ? t('assets.depreciation.reverseConfirm', { month: reversing.month }) : ''}
        destructive
        onConfirm={() => (reversing ? reverse(reversing) : undefined)}
        onClose={() => setReversing(null)}
      />
    </>
  );
}

/** The month after the latest posted run, or null with none posted. */
function nextOf(runs: DepreciationRun[]): string {
  const latest = runs.find((r) => r.status === 'posted');
  if (!latest) return thisMonth();
  const [y, m] = latest.month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}
