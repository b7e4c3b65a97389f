// /customers/readings: meter readings of a zone for a period. The period and zone (kept in the URL, so
// a reload or a shared link opens the same sheet) feed four tabs: the keyboard-first reading sheet,
// one reading at a time, a CSV import, and the readings entered but not yet billed.
import { type ReactNode, useState } from 'react';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type Reading, readingsEndpoints } from '@ubo/contracts';
import { DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { DateField } from '../../components/DateField.tsx';
import { DateText } from '../../components/DateText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { todayIso } from '../../lib/format.ts';
import { FlagChips, PeriodField, ZoneSelect } from './BillingParts.tsx';
import { useReadingSheet, useZones } from './billing-runs.queries.ts';
import { ReadingForm } from './ReadingForm.tsx';
import { ReadingGrid, ReadingGridSkeleton } from './ReadingGrid.tsx';
import { ReadingImport } from './ReadingImport.tsx';
import { defaultReadingDate, PERIOD_PATTERN, periodOf } from './readings.logic.ts';

const TABS = ['sheet', 'single', 'import', 'pending'] as const;
type TabName = (typeof TABS)[number];

function PendingReadings({ period, zoneId }: { period: string; zoneId: number | null }) {
  const { t } = useTranslation();
  const columns: DataTableColumn<Reading>[] = [
    { field: 'houseNo', header: t('billingRuns.house'), sortable: false },
    { field: 'customerName', header: t('billingRuns.customer'), sortable: false },
    { field: 'meterNumber', header: t('billingRuns.meter'), sortable: false },
    { field: 'zoneName', header: t('billingRuns.zone'), sortable: false, hidden: zoneId !== null },
    { field: 'readingDate', header: t('billingRuns.readings.pending.date'), sortable: false, render: (r) => <DateText value={r.readingDate} /> },
    { field: 'type', header: t('billingRuns.type'), sortable: false, render: (r) => t(`billingRuns.types.${r.type}`) },
    { field: 'previousReading', header: t('billingRuns.previousReading'), sortable: false, align: 'right' },
    { field: 'currentReading', header: t('billingRuns.currentReading'), sortable: false, align: 'right' },
    { field: 'consumption', header: t('billingRuns.consumption'), sortable: false, align: 'right' },
    {
      field: 'flags',
      header: t('billingRuns.readings.pending.flags'),
      sortable: false,
      render: (r) => <FlagChips flags={r.flags} />,
      csv: (r) => r.flags.join(' '),
    },
    { field: 'confirmedByName', header: t('billingRuns.readings.pending.confirmedBy'), sortable: false },
  ];
  return (
    <DataTable
      endpoint={readingsEndpoints.pending}
      title={t('billingRuns.readings.pending.title')}
      params={{ period, zoneId: zoneId ?? undefined }}
      columns={columns}
      searchable={false}
      exportName={`pending-readings-${period}`}
    />
  );
}

export default function ReadingsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const zones = useZones();
  const rawPeriod = params.get('period') ?? '';
  const period = PERIOD_PATTERN.test(rawPeriod) ? rawPeriod : periodOf(todayIso());
  const zoneId = Number(params.get('zoneId')) || null;
  const tab: TabName = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as TabName) : 'sheet';
  const [dateFor, setDateFor] = useState<{ period: string; date: string }>({ period, date: defaultReadingDate(period, todayIso()) });
  const readingDate = dateFor.period === period ? dateFor.date : defaultReadingDate(period, todayIso());
  const sheet = useReadingSheet(tab === 'sheet' || tab === 'single' ? period : null, zoneId);

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

  let body: ReactNode = null;
  if (tab === 'import') body = <ReadingImport />;
  else if (tab === 'pending') body = <PendingReadings period={period} zoneId={zoneId} />;
  else if (zoneId === null) body = <Alert severity="info">{t('billingRuns.readings.pickZone')}</Alert>;
  else if (!sheet.data) body = sheet.isError ? null : <ReadingGridSkeleton />;
  else if (tab === 'sheet') body = <ReadingGrid sheet={sheet.data} readingDate={readingDate} />;
  else body = <ReadingForm key={`${sheet.data.zoneId}:${sheet.data.period}`} sheet={sheet.data} readingDate={readingDate} />;

  return (
    <>
      <PageHeader title={t('billingRuns.readings.title')} />
      <Paper sx={{ p: 2, mb: 2, display: tab === 'import' ? 'none' : undefined }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
          <PeriodField value={period} onChange={(v) => PERIOD_PATTERN.test(v) && update({ period: v })} />
          <ZoneSelect zones={zones} value={zoneId} onChange={(z) => update({ zoneId: z === null ? null : String(z) })} allowAll={tab === 'pending'} />
          {tab === 'sheet' && (
            <DateField
              label={t('billingRuns.readingDate')}
              size="small"
              required
              value={readingDate}
              onChange={(date) => setDateFor({ period, date })}
              sx={{ width: 200, flexShrink: 0 }}
            />
          )}
        </Stack>
      </Paper>
      <Tabs value={tab} onChange={(_, v: TabName) => update({ tab: v === 'sheet' ? null : v })} sx={{ mb: 2 }} variant="scrollable" allowScrollButtonsMobile>
        {TABS.map((name) => (
          <Tab key={name} value={name} label={t(`billingRuns.readings.tabs.${name}`)} id={`readings-tab-${name}`} aria-controls="readings-panel" />
        ))}
      </Tabs>
      <div role="tabpanel" id="readings-panel" aria-labelledby={`readings-tab-${tab}`}>
        {body}
      </div>
    </>
  );
}
