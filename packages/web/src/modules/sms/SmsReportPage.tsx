// /sms/sms-report: every message (GET /api/sms-report) newest first, with the count per status as chips that
// filter, the kind and the dates, a search over phone, customer and text, and Send again on a failed
// message. While messages wait to be sent the counts are asked for again every few seconds and the list
// follows them. ?batchId= (from the send screens) shows one sending's messages.
import { useEffect, useMemo, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import ReplayIcon from '@mui/icons-material/Replay';
import SettingsIcon from '@mui/icons-material/Settings';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { endpointResource, type SmsMessage, type SmsStatus, smsEndpoints, smsKindValues, smsStatusValues } from '@ubo/contracts';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/DataTable.tsx';
import { DateField } from '../../components/DateField.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toast } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useLang } from '../../lib/messages.ts';
import { resourceKeys } from '../../lib/queryKeys.ts';
import { SmsStatusChip } from './SmsParts.tsx';
import { smsPrivileges as p } from './sms.access.ts';
import { describeSmsError } from './sms.logic.ts';
import { useReportTotals, useRetryMessage } from './sms.queries.ts';

const FILTERS = ['status', 'kind', 'startDate', 'endDate', 'batchId'] as const;

export default function SmsReportPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const client = useQueryClient();
  const retry = useRetryMessage();
  const [search, setSearch] = useSearchParams();
  const filters = Object.fromEntries(FILTERS.map((f) => [f, search.get(f) ?? ''])) as Record<(typeof FILTERS)[number], string>;
  const { status, ...others } = filters;
  const totals = useReportTotals(others);

  const setFilter = (name: (typeof FILTERS)[number], value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(name, value);
    else next.delete(name);
    setSearch(next, { replace: true });
  };

  // The list follows the counts while messages are being sent.
  const last = useRef('');
  useEffect(() => {
    const now = JSON.stringify(totals.data ?? {});
    if (last.current && last.current !== now) client.invalidateQueries({ queryKey: resourceKeys(endpointResource(smsEndpoints.report)).lists() });
    last.current = now;
  }, [totals.data, client]);

  const columns = useMemo<DataTableColumn<SmsMessage>[]>(
    () => [
      {
        field: 'createdAt',
        header: t('sms.report.queuedAt'),
        render: (m) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.createdAt, lang)}</Box>,
        csv: (m) => m.createdAt,
      },
      {
        field: 'customerName',
        header: t('sms.report.recipient'),
        sortable: false,
        render: (m) => (
          <Box sx={{ whiteSpace: 'nowrap' }}>
            {m.customerName && <div>{`${m.customerName} · ${m.customerNo}`}</div>}
            <Box sx={{ color: m.customerName ? 'text.secondary' : 'text.primary', fontSize: m.customerName ? '0.85em' : undefined }}>{m.phone}</Box>
          </Box>
        ),
        csv: (m) => m.customerName ?? '',
      },
      { field: 'phone', header: t('sms.phone'), hidden: true },
      { field: 'kind', header: t('sms.report.kind'), sortable: false, render: (m) => <Box sx={{ whiteSpace: 'nowrap' }}>{t(`sms.kind.${m.kind}`)}</Box> },
      { field: 'language', header: t('sms.language'), sortable: false, hidden: true, render: (m) => t(`sms.languages.${m.language}`) },
      {
        field: 'body',
        header: t('sms.message'),
        sortable: false,
        render: (m) => (
          <Tooltip title={m.body}>
            <Box sx={{ maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{m.body}</Box>
          </Tooltip>
        ),
      },
      { field: 'parts', header: t('sms.parts'), sortable: false, align: 'right', hidden: true },
      {
        field: 'status',
        header: t('sms.report.status'),
        render: (m) => (
          <Box sx={{ whiteSpace: 'nowrap' }}>
            <SmsStatusChip status={m.status} />
            {m.attempts > 1 && <Box sx={{ fontSize: '0.8em', color: 'text.secondary', mt: 0.25 }}>{t('sms.report.attemptCount', { count: m.attempts })}</Box>}
          </Box>
        ),
        csv: (m) => t(`sms.status.${m.status}`),
      },
      { field: 'attempts', header: t('sms.report.attempts'), sortable: false, align: 'right', hidden: true },
      {
        field: 'lastError',
        header: t('sms.report.answer'),
        sortable: false,
        render: (m) => (
          <Box sx={{ minWidth: 130, maxWidth: 200, fontSize: '0.85em', color: m.lastError ? 'error.main' : 'text.secondary' }}>
            {m.lastError ? describeSmsError(m.lastError, t) : (m.providerMessageId ?? '')}
            {m.status === 'queued' && m.nextAttemptAt && m.attempts > 0 && (
              <Box sx={{ color: 'text.secondary' }}>{t('sms.report.nextAttempt', { time: formatDateTime(m.nextAttemptAt, lang) })}</Box>
            )}
          </Box>
        ),
        csv: (m) => m.lastError ?? m.providerMessageId ?? '',
      },
      {
        field: 'sentAt',
        header: t('sms.report.sentAt'),
        sortable: false,
        hidden: true,
        render: (m) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.sentAt, lang)}</Box>,
        csv: (m) => m.sentAt ?? '',
      },
      { field: 'createdBy', header: t('sms.report.createdBy'), sortable: false, hidden: true },
    ],
    [t, lang],
  );

  const actions: RowAction<SmsMessage>[] = [
    {
      label: t('sms.report.retry'),
      icon: <ReplayIcon fontSize="small" />,
      privilege: p.send,
      hidden: (m) => m.status !== 'failed',
      onClick: async (m) => {
        await retry.mutateAsync(m.id);
        toast(t('sms.report.retried'), 'success');
      },
    },
  ];

  const counts = totals.data;
  const all = counts ? smsStatusValues.reduce((sum, s) => sum + counts[s], 0) : undefined;
  const chip = (value: SmsStatus | '', label: string, count: number | undefined) => {
    const selected = status === value;
    return (
      <Chip
        key={value || 'all'}
        label={count === undefined ? label : `${label} (${count})`}
        color={selected ? 'primary' : 'default'}
        variant={selected ? 'filled' : 'outlined'}
        onClick={() => setFilter('status', value)}
        aria-pressed={selected}
      />
    );
  };

  return (
    <>
      <PageHeader
        title={t('sms.report.title')}
        subtitle={t('sms.report.subtitle')}
        actions={
          <Button component={RouterLink} to="/sms/settings" startIcon={<SettingsIcon />}>
            {t('sms.report.settings')}
          </Button>
        }
      />
      <Paper sx={{ p: 2, mb: 2 }}>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} role="group" aria-label={t('sms.report.status')}>
            {chip('', t('sms.report.all'), all)}
            {smsStatusValues.map((s) => chip(s, t(`sms.status.${s}`), counts?.[s]))}
            {filters.batchId && (
              <Chip label={t('sms.report.batch', { id: filters.batchId })} onDelete={() => setFilter('batchId', '')} color="secondary" variant="outlined" />
            )}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              size="small"
              fullWidth={false}
              label={t('sms.report.kind')}
              value={filters.kind}
              onChange={(e) => setFilter('kind', e.target.value)}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              sx={{ minWidth: 200 }}
            >
              <MenuItem value="">{t('sms.report.allKinds')}</MenuItem>
              {smsKindValues.map((k) => (
                <MenuItem key={k} value={k}>
                  {t(`sms.kind.${k}`)}
                </MenuItem>
              ))}
            </TextField>
            <DateField
              size="small"
              fullWidth={false}
              label={t('sms.report.from')}
              value={filters.startDate}
              onChange={(value) => setFilter('startDate', value)}
            />
            <DateField size="small" fullWidth={false} label={t('sms.report.to')} value={filters.endDate} onChange={(value) => setFilter('endDate', value)} />
          </Stack>
        </Stack>
      </Paper>
      <DataTable
        endpoint={smsEndpoints.report}
        params={{ status: status || undefined, ...Object.fromEntries(Object.entries(others).map(([k, v]) => [k, v || undefined])) }}
        columns={columns}
        actions={actions}
        defaultSort={{ field: 'createdAt', order: 'desc' }}
        defaultLimit={50}
        exportName="sms-report"
        emptyText={t('sms.report.empty')}
      />
    </>
  );
}
