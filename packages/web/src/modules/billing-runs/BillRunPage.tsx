// /customers/batch-bill: the bill run. Choose the period, a zone (or all zones) and the service;
// Preview shows what the run would bill and what it leaves out, writing nothing; Save queues the run
// as a background job on the server (POST /api/bills/jobs) whose progress shows here and which finishes
// even if the browser closes (opening the page again shows a job still going). Below, the runs made,
// each with its bills and a Cancel that the server refuses once a payment is allocated; a cancellation
// is a background job too, whose progress and result show in the same panel.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import BlockIcon from '@mui/icons-material/Block';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SaveIcon from '@mui/icons-material/Save';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { type BillPreview, type BillRun, type BillService, billServiceValues, billsEndpoints } from '@ubo/contracts';
import { useSession } from '../../app/session.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { DateText } from '../../components/DateText.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { formatMoney, todayIso } from '../../lib/format.ts';
import { useLang, useMessage } from '../../lib/messages.ts';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { BillRunJobPanel } from './BillRunJobPanel.tsx';
import { BillRunPreview, type HouseNames } from './BillRunPreview.tsx';
import { BillStatusChip, PeriodField, usePeriodText, ZoneSelect } from './BillingParts.tsx';
import { billingRunsPrivileges as p } from './billing-runs.access.ts';
import { isJobActive } from './billing-runs.logic.ts';
import { useCancelRun, usePreviewRun, useRecentJobs, useStartRunJob, useZones } from './billing-runs.queries.ts';
import { PERIOD_PATTERN, periodOf } from './readings.logic.ts';

interface Shown {
  /** The choices the preview was made with; another choice hides it. */
  key: string;
  preview: BillPreview;
  names: HouseNames;
  /** Idempotency-Key of saving this preview. */
  saveKey: string;
}

export default function BillRunPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const message = useMessage();
  const navigate = useNavigate();
  const { can } = useSession();
  const periodText = usePeriodText();
  const zones = useZones();
  const [params, setParams] = useSearchParams();
  const rawPeriod = params.get('period') ?? '';
  const period = PERIOD_PATTERN.test(rawPeriod) ? rawPeriod : periodOf(todayIso());
  const zoneId = Number(params.get('zoneId')) || null;
  const service: BillService = (billServiceValues as readonly string[]).includes(params.get('service') ?? '')
    ? (params.get('service') as BillService)
    : 'electricity';
  const key = `${period}:${zoneId ?? 'all'}:${service}`;

  const previewRun = usePreviewRun();
  const startJob = useStartRunJob();
  const cancelRun = useCancelRun();
  const recent = useRecentJobs();
  const [shown, setShown] = useState<Shown | null>(null);
  const [previewError, setPreviewError] = useState<string[]>([]);
  const [isConfirming, setConfirming] = useState(false);
  const [startedJob, setStartedJob] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<BillRun | null>(null);

  const zoneName = (id: number | null) => (id === null ? t('billingRuns.allZones') : (zones.zones.find((z) => z.id === id)?.name ?? `#${id}`));
  const activeJob = recent.data?.data.find((j) => isJobActive(j.status))?.id ?? null;
  const jobId = startedJob ?? activeJob;
  const current = shown?.key === key ? shown : null;

  const update = (patch: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v === null) next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );

  const body = { period, zoneId: zoneId ?? undefined, service };

  const preview = async () => {
    setPreviewError([]);
    try {
      // The preview lists the houses it leaves out by id: the ungenerated report (where the user may read
      // it) names those still to bill, the period's bills those already billed.
      const [answer, unbilled, billed] = await Promise.all([
        previewRun.mutateAsync(body),
        can(p.ungenerated)
          ? api.call(billsEndpoints.ungenerated, { query: { period, zoneId: zoneId ?? undefined } }, { silent: true }).catch(() => undefined)
          : Promise.resolve(undefined),
        api
          .call(billsEndpoints.list, { query: { _page: 1, _limit: 1000, period, zoneId: zoneId ?? undefined, status: 'Open' } }, { silent: true })
          .catch(() => undefined),
      ]);
      const names: HouseNames = new Map();
      for (const h of [...(unbilled?.data ?? []), ...(billed?.data ?? [])]) names.set(h.houseId, { customerName: h.customerName, houseNo: h.houseNo });
      setShown({ key, preview: answer, names, saveKey: newIdempotencyKey() });
    } catch (err) {
      if (!(err instanceof ApiError)) return;
      setShown(null);
      setPreviewError(err.details.length > 0 ? err.details.map((d) => message(d.message)) : [err.message]);
    }
  };

  const save = async () => {
    if (!current) return;
    const accepted = await startJob.mutateAsync({ body, key: current.saveKey });
    setStartedJob(accepted.jobId);
    setShown(null);
    await recent.refetch();
  };

  const columns: DataTableColumn<BillRun>[] = [
    { field: 'id', header: t('billingRuns.run.runs.number') },
    { field: 'period', header: t('billingRuns.period'), render: (r) => periodText(r.period) },
    { field: 'zoneName', header: t('billingRuns.zone'), sortable: false, render: (r) => r.zoneName ?? t('billingRuns.allZones') },
    { field: 'service', header: t('billingRuns.service'), sortable: false, render: (r) => t(`billingRuns.services.${r.service}`) },
    { field: 'billCount', header: t('billingRuns.run.runs.bills'), sortable: false, align: 'right' },
    { field: 'total', header: t('billingRuns.run.runs.total'), sortable: false, align: 'right', render: (r) => <MoneyText value={r.total} /> },
    { field: 'status', header: t('billingRuns.run.runs.status'), sortable: false, render: (r) => <BillStatusChip status={r.status} /> },
    { field: 'createdAt', header: t('billingRuns.run.runs.createdAt'), sortable: false, render: (r) => <DateText value={r.createdAt} withTime /> },
  ];

  return (
    <>
      <PageHeader title={t('billingRuns.run.title')} subtitle={t('billingRuns.run.subtitle')} />
      <Paper sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }} useFlexGap>
          <PeriodField value={period} onChange={(v) => PERIOD_PATTERN.test(v) && update({ period: v })} />
          <ZoneSelect zones={zones} value={zoneId} onChange={(z) => update({ zoneId: z === null ? null : String(z) })} allowAll />
          <TextField
            select
            size="small"
            label={t('billingRuns.service')}
            value={service}
            onChange={(e) => update({ service: e.target.value })}
            sx={{ width: { xs: '100%', md: 180 }, flexShrink: 0 }}
          >
            {billServiceValues.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`billingRuns.services.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          <Stack
            direction="row"
            spacing={1}
            sx={{ flexGrow: 1, justifyContent: { md: 'flex-end' }, '& .MuiButton-root': { whiteSpace: 'nowrap', flexShrink: 0 } }}
          >
            <Button variant="outlined" startIcon={<PlayArrowIcon />} onClick={() => void preview()} disabled={previewRun.isPending}>
              {t('billingRuns.run.preview')}
            </Button>
            <Button
              variant="contained"
              startIcon={<SaveIcon />}
              onClick={() => setConfirming(true)}
              disabled={!current || current.preview.bills.length === 0 || activeJob !== null}
            >
              {t('billingRuns.run.save')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
      {previewError.map((text) => (
        <Alert key={text} severity="error" sx={{ mb: 2 }}>
          {text}
        </Alert>
      ))}
      {jobId !== null && (
        <Stack sx={{ mb: 2 }}>
          <BillRunJobPanel jobId={jobId} zoneName={zoneName} />
        </Stack>
      )}
      {current && (
        <Stack sx={{ mb: 3 }}>
          <BillRunPreview preview={current.preview} zoneName={zoneName(zoneId)} names={current.names} />
        </Stack>
      )}
      <DataTable
        endpoint={billsEndpoints.runs}
        title={t('billingRuns.run.runs.title')}
        columns={columns}
        searchable={false}
        defaultSort={{ field: 'id', order: 'desc' }}
        defaultLimit={25}
        actions={[
          {
            label: t('billingRuns.run.runs.viewBills'),
            icon: <ReceiptLongIcon fontSize="small" />,
            onClick: (r) => navigate(`/customers/bills?period=${r.period}${r.zoneId ? `&zoneId=${r.zoneId}` : ''}`),
          },
          {
            label: t('billingRuns.run.runs.cancel'),
            icon: <BlockIcon fontSize="small" />,
            color: 'error',
            privilege: p.batchBill,
            hidden: (r) => r.status === 'Cancelled',
            onClick: (r) => setCancelling(r),
          },
        ]}
      />
      <ConfirmDialog
        open={isConfirming && current !== null}
        title={t('billingRuns.run.confirmTitle')}
        message={
          current
            ? t('billingRuns.run.confirmText', {
                count: current.preview.bills.length,
                period: periodText(period),
                zone: zoneName(zoneId),
                amount: formatMoney(current.preview.totals.amount, lang),
              })
            : ''
        }
        confirmLabel={t('billingRuns.run.save')}
        onConfirm={save}
        onClose={() => setConfirming(false)}
      />
      <ConfirmDialog
        open={cancelling !== null}
        title={t('billingRuns.run.runs.cancelTitle', { id: cancelling?.id ?? '' })}
        message={t('billingRuns.run.runs.cancelText', { count: cancelling?.billCount ?? 0 })}
        confirmLabel={t('billingRuns.run.runs.cancel')}
        destructive
        onConfirm={async () => {
          if (!cancelling) return;
          const accepted = await cancelRun.mutateAsync(cancelling.id);
          setStartedJob(accepted.jobId);
          setShown(null);
          await recent.refetch();
        }}
        onClose={() => setCancelling(null)}
      />
    </>
  );
}
