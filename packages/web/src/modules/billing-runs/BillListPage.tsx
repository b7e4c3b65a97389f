// /customers/bills: the bills (GET /api/bills) filtered by period, zone, customer and status, kept in
// the URL. A row opens the bill; its actions print it or download its PDF. "Zone PDF" downloads every
// open bill of the chosen zone and period as one PDF drawn by the server, one bill per page.
import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import PrintIcon from '@mui/icons-material/Print';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  type Bill,
  billPrintEndpoints,
  billStatusFilterValues,
  billStatusValues,
  billsEndpoints,
  type Customer,
  customersEndpoints,
  type Endpoint,
  type EndpointInput,
} from '@ubo/contracts';
import { useSession } from '../../app/session.tsx';
import { DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { DateText } from '../../components/DateText.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { api, downloadEndpoint } from '../../lib/api.ts';
import { endpointKeys } from '../../lib/queryKeys.ts';
import { BillStatusChip, PeriodField, usePeriodText, ZoneSelect } from './BillingParts.tsx';
import { billingRunsPrivileges as p } from './billing-runs.access.ts';
import { useZones } from './billing-runs.queries.ts';
import { PERIOD_PATTERN } from './readings.logic.ts';

/** Downloads a bill's PDF (or a zone's) through the api client, which sends the token. */
export function usePdfDownload() {
  const [isBusy, setBusy] = useState(false);
  const download = async <E extends Endpoint & { produces: readonly string[] }>(endpoint: E, input: EndpointInput<E>, filename: string) => {
    setBusy(true);
    try {
      await downloadEndpoint(endpoint, input, filename);
    } catch {
      // The api client has told the user why.
    } finally {
      setBusy(false);
    }
  };
  return { isBusy, download };
}

function CustomerFilter({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const id = setTimeout(() => setSearch(input.trim()), 300);
    return () => clearTimeout(id);
  }, [input]);
  const options = useQuery({
    queryKey: endpointKeys(customersEndpoints.list).list({ q: search, _limit: 20, pick: 1 }),
    queryFn: ({ signal }) => api.call(customersEndpoints.list, { query: { _page: 1, _limit: 20, q: search || undefined } }, { signal }),
  });
  const chosen = useQuery({
    queryKey: endpointKeys(customersEndpoints.get).detail({ id: value ?? '' }),
    queryFn: ({ signal }) => api.call(customersEndpoints.get, { params: { id: value ?? 0 } }, { signal }),
    enabled: value !== null,
  });
  const list = options.data?.data ?? [];
  const selected = value === null ? null : (chosen.data ?? list.find((c) => c.id === value) ?? null);
  return (
    <Autocomplete<Customer>
      size="small"
      options={selected && !list.some((c) => c.id === selected.id) ? [selected, ...list] : list}
      value={selected}
      filterOptions={(x) => x}
      loading={options.isFetching}
      onInputChange={(_, text) => setInput(text)}
      onChange={(_, c) => onChange(c?.id ?? null)}
      getOptionLabel={(c) => `${c.name} · ${c.customerNo}`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      sx={{ width: { xs: '100%', md: 300 }, flexShrink: 0 }}
      renderInput={(params) => <TextField {...params} label={t('billingRuns.bills.customerFilter')} placeholder={t('billingRuns.bills.allCustomers')} />}
    />
  );
}

export default function BillListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useSession();
  const periodText = usePeriodText();
  const zones = useZones();
  const pdf = usePdfDownload();
  const [params, setParams] = useSearchParams();
  const period = PERIOD_PATTERN.test(params.get('period') ?? '') ? (params.get('period') as string) : '';
  const zoneId = Number(params.get('zoneId')) || null;
  const customerId = Number(params.get('customerId')) || null;
  const status = (billStatusFilterValues as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as string) : '';

  const update = (patch: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v === null || v === '') next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );

  const zoneName = zones.zones.find((z) => z.id === zoneId)?.name ?? String(zoneId);
  const downloadBatch = () => {
    if (!period || zoneId === null) return;
    void pdf.download(billPrintEndpoints.batchPdf, { query: { period, zoneId } }, `bills-${period}-${zoneName}.pdf`);
  };
  const columns: DataTableColumn<Bill>[] = [
    {
      field: 'id',
      header: t('billingRuns.bills.number'),
      render: (b) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {b.number}
        </Box>
      ),
      csv: (b) => b.number,
    },
    {
      field: 'period',
      header: t('billingRuns.period'),
      render: (b) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {periodText(b.period)}
        </Box>
      ),
      csv: (b) => b.period,
    },
    { field: 'customerName', header: t('billingRuns.customer'), sortable: false },
    { field: 'houseNo', header: t('billingRuns.house'), sortable: false },
    { field: 'zoneName', header: t('billingRuns.zone'), sortable: false },
    { field: 'meterNumber', header: t('billingRuns.meter'), sortable: false, hidden: true },
    { field: 'consumption', header: t('billingRuns.consumption'), sortable: false, align: 'right' },
    { field: 'amount', header: t('billingRuns.bills.amount'), align: 'right', render: (b) => <MoneyText value={b.amount} /> },
    {
      field: 'previousBalance',
      header: t('billingRuns.bills.previousBalance'),
      sortable: false,
      align: 'right',
      hidden: true,
      render: (b) => <MoneyText value={b.previousBalance} />,
    },
    { field: 'amountDue', header: t('billingRuns.bills.amountDue'), sortable: false, align: 'right', render: (b) => <MoneyText value={b.amountDue} /> },
    { field: 'paidAmount', header: t('billingRuns.bills.paid'), sortable: false, align: 'right', render: (b) => <MoneyText value={b.paidAmount} /> },
    { field: 'dueDate', header: t('billingRuns.bills.dueDate'), render: (b) => <DateText value={b.dueDate} /> },
    { field: 'status', header: t('billingRuns.bills.status'), sortable: false, render: (b) => <BillStatusChip status={b.status} /> },
  ];

  return (
    <>
      <PageHeader
        title={t('billingRuns.bills.title')}
        actions={
          <Tooltip title={period && zoneId !== null ? t('billingRuns.bills.batchPdfHelp') : t('billingRuns.bills.batchPdfNeedsZone')}>
            <span>
              <Button variant="contained" startIcon={<PictureAsPdfIcon />} disabled={!period || zoneId === null || pdf.isBusy} onClick={downloadBatch}>
                {pdf.isBusy ? t('billingRuns.bills.downloading') : t('billingRuns.bills.batchPdf')}
              </Button>
            </span>
          </Tooltip>
        }
      />
      <Paper sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }} useFlexGap>
          <PeriodField value={period} required={false} onChange={(v) => update({ period: v })} />
          <ZoneSelect zones={zones} value={zoneId} onChange={(z) => update({ zoneId: z === null ? null : String(z) })} allowAll />
          {can(p.customers) && <CustomerFilter value={customerId} onChange={(id) => update({ customerId: id === null ? null : String(id) })} />}
          <TextField
            select
            size="small"
            label={t('billingRuns.bills.status')}
            value={status || 'all'}
            onChange={(e) => update({ status: e.target.value === 'all' ? null : e.target.value })}
            sx={{ width: { xs: '100%', md: 180 }, flexShrink: 0 }}
          >
            <MenuItem value="all">{t('billingRuns.bills.allStatuses')}</MenuItem>
            {billStatusValues.map((v) => (
              <MenuItem key={v} value={v}>
                {t(`billingRuns.bills.statuses.${v}`)}
              </MenuItem>
            ))}
            <MenuItem value="Open">{t('billingRuns.bills.notCancelled')}</MenuItem>
          </TextField>
        </Stack>
      </Paper>
      <DataTable
        endpoint={billsEndpoints.list}
        columns={columns}
        params={{ period: period || undefined, zoneId: zoneId ?? undefined, customerId: customerId ?? undefined, status: status || undefined }}
        searchable={false}
        defaultSort={{ field: 'id', order: 'desc' }}
        emptyText={t('billingRuns.bills.empty')}
        exportName={`bills${period ? `-${period}` : ''}`}
        onRowClick={(b) => navigate(`/customers/bills/${b.id}`)}
        actions={[
          { label: t('billingRuns.bills.open'), icon: <OpenInNewIcon fontSize="small" />, onClick: (b) => navigate(`/customers/bills/${b.id}`) },
          { label: t('billingRuns.bills.print'), icon: <PrintIcon fontSize="small" />, onClick: (b) => navigate(`/customers/bills/${b.id}/print`) },
          {
            label: t('billingRuns.bills.pdf'),
            icon: <PictureAsPdfIcon fontSize="small" />,
            disabled: () => pdf.isBusy,
            onClick: (b) => void pdf.download(billPrintEndpoints.billPdf, { params: { id: b.id } }, `bill-${b.number}.pdf`),
          },
        ]}
      />
    </>
  );
}
