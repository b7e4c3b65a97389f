// /email/email-report: every e-mail (GET /api/email-report) newest first, with the count per status as
// chips that filter, the kind and the dates, a search over recipient, subject and customer, the attached
// files, and Send again on a failed e-mail. While e-mails wait to be sent the list is asked for again.
import { useEffect, useMemo, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import ReplayIcon from '@mui/icons-material/Replay';
import SettingsIcon from '@mui/icons-material/Settings';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { type EmailMessage, type EmailStatus, emailEndpoints, emailKindValues, emailStatusValues, endpointResource } from '@ubo/contracts';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/DataTable.tsx';
import { DateField } from '../../components/DateField.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { api, toast } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useLang } from '../../lib/messages.ts';
import { resourceKeys } from '../../lib/queryKeys.ts';
import { describeEmailError } from './email.logic.ts';
import { useRetryEmail } from './email.queries.ts';
import { EMAIL_PRIVILEGE } from './email.access.ts';

const FILTERS = ['status', 'kind', 'startDate', 'endDate'] as const;
const POLL_MS = 2000;
const STATUS_COLOR = { queued: 'info', sending: 'warning', sent: 'success', failed: 'error' } as const;

export default function EmailReportPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const retry = useRetryEmail();
  const [search, setSearch] = useSearchParams();
  const filters = Object.fromEntries(FILTERS.map((f) => [f, search.get(f) ?? ''])) as Record<(typeof FILTERS)[number], string>;
  const { status, ...others } = filters;
  const cleaned = Object.fromEntries(Object.entries(others).map(([k, v]) => [k, v || undefined]));
  const totals = useQuery({
    queryKey: [...resourceKeys(endpointResource(emailEndpoints.report)).lists(), 'totals', cleaned],
    queryFn: ({ signal }) => api.call(emailEndpoints.report, { query: { ...cleaned, _limit: 1 } }, { signal, silent: true }).then((r) => r.totals),
    refetchInterval: (q) => (q.state.data && q.state.data.queued + q.state.data.sending > 0 ? POLL_MS : false),
  });

  // The list follows the counts while e-mails are being sent.
  const client = useQueryClient();
  const last = useRef('');
  useEffect(() => {
    const now = JSON.stringify(totals.data ?? {});
    if (last.current && last.current !== now) client.invalidateQueries({ queryKey: resourceKeys(endpointResource(emailEndpoints.report)).lists() });
    last.current = now;
  }, [totals.data, client]);

  const setFilter = (name: (typeof FILTERS)[number], value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(name, value);
    else next.delete(name);
    setSearch(next, { replace: true });
  };

  const columns = useMemo<DataTableColumn<EmailMessage>[]>(
    () => [
      {
        field: 'createdAt',
        header: t('email.report.queuedAt'),
        render: (m) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.createdAt, lang)}</Box>,
        csv: (m) => m.createdAt,
      },
      {
        field: 'recipient',
        header: t('email.report.recipient'),
        sortable: false,
        render: (m) => (
          <Box>
            <div>{m.recipient}</div>
            {m.customerName && <Box sx={{ color: 'text.secondary', fontSize: '0.85em' }}>{`${m.customerName} · ${m.customerNo}`}</Box>}
          </Box>
        ),
      },
      { field: 'kind', header: t('email.report.kind'), sortable: false, render: (m) => <Box sx={{ whiteSpace: 'nowrap' }}>{t(`email.kind.${m.kind}`)}</Box> },
      {
        field: 'subject',
        header: t('email.subject'),
        sortable: false,
        render: (m) => (
          <Box sx={{ maxWidth: 280 }}>
            <div>{m.subject}</div>
            {m.attachments.map((a) => (
              <Stack key={a.filename} direction="row" spacing={0.5} sx={{ color: 'text.secondary', fontSize: '0.85em', alignItems: 'center' }}>
                <AttachFileIcon sx={{ fontSize: '1em' }} />
                <span>{`${a.filename} (${Math.max(1, Math.round(a.size / 1024))} KB)`}</span>
              </Stack>
            ))}
          </Box>
        ),
        csv: (m) => m.subject,
      },
      {
        field: 'status',
        header: t('email.report.status'),
        sortable: false,
        render: (m) => (
          <Box sx={{ whiteSpace: 'nowrap' }}>
            <Chip size="small" label={t(`email.status.${m.status}`)} color={STATUS_COLOR[m.status]} />
            {m.attempts > 1 && <Box sx={{ fontSize: '0.8em', color: 'text.secondary', mt: 0.25 }}>{t('email.report.attemptCount', { count: m.attempts })}</Box>}
          </Box>
        ),
        csv: (m) => t(`email.status.${m.status}`),
      },
      { field: 'attempts', header: t('email.report.attempts'), sortable: false, align: 'right', hidden: true },
      {
        field: 'lastError',
        header: t('email.report.answer'),
        sortable: false,
        render: (m) => (
          <Box sx={{ minWidth: 130, maxWidth: 240, fontSize: '0.85em', color: 'error.main' }}>
            {describeEmailError(m.lastError, t)}
            {m.status === 'queued' && m.nextAttemptAt && m.attempts > 0 && (
              <Box sx={{ color: 'text.secondary' }}>{t('email.report.nextAttempt', { time: formatDateTime(m.nextAttemptAt, lang) })}</Box>
            )}
          </Box>
        ),
        csv: (m) => m.lastError ?? '',
      },
      {
        field: 'sentAt',
        header: t('email.report.sentAt'),
        sortable: false,
        hidden: true,
        render: (m) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.sentAt, lang)}</Box>,
        csv: (m) => m.sentAt ?? '',
      },
      { field: 'createdBy', header: t('email.report.createdBy'), sortable: false, hidden: true },
    ],
    [t, lang],
  );

  const actions: RowAction<EmailMessage>[] = [
    {
      label: t('email.report.retry'),
      icon: <ReplayIcon fontSize="small" />,
      privilege: EMAIL_PRIVILEGE,
      hidden: (m) => m.status !== 'failed',
      onClick: async (m) => {
        await retry.mutateAsync(m.id);
        toast(t('email.report.retried'), 'success');
      },
    },
  ];

  const counts = totals.data;
  const all = counts ? emailStatusValues.reduce((sum, s) => sum + counts[s], 0) : undefined;
  const chip = (value: EmailStatus | '', label: string, count: number | undefined) => {
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
        title={t('email.report.title')}
        subtitle={t('email.report.subtitle')}
        actions={
          <Button component={RouterLink} to="/email/settings" startIcon={<SettingsIcon />}>
            {t('email.openSettings')}
          </Button>
        }
      />
      <Paper sx={{ p: 2, mb: 2 }}>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} role="group" aria-label={t('email.report.status')}>
            {chip('', t('email.report.all'), all)}
            {emailStatusValues.map((s) => chip(s, t(`email.status.${s}`), counts?.[s]))}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              size="small"
              fullWidth={false}
              label={t('email.report.kind')}
              value={filters.kind}
              onChange={(e) => setFilter('kind', e.target.value)}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              sx={{ minWidth: 200 }}
            >
              <MenuItem value="">{t('email.report.allKinds')}</MenuItem>
              {emailKindValues.map((k) => (
                <MenuItem key={k} value={k}>
                  {t(`email.kind.${k}`)}
                </MenuItem>
              ))}
            </TextField>
            <DateField
              size="small"
              fullWidth={false}
              label={t('email.report.from')}
              value={filters.startDate}
              onChange={(value) => setFilter('startDate', value)}
            />
            <DateField size="small" fullWidth={false} label={t('email.report.to')} value={filters.endDate} onChange={(value) => setFilter('endDate', value)} />
          </Stack>
        </Stack>
      </Paper>
      <DataTable
        endpoint={emailEndpoints.report}
        params={{ status: status || undefined, ...cleaned }}
        columns={columns}
        actions={actions}
        defaultSort={{ field: 'createdAt', order: 'desc' }}
        defaultLimit={50}
        exportName="email-report"
        emptyText={t('email.report.empty')}
      />
    </>
  );
}
