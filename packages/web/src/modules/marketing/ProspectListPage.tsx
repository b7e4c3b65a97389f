// /marketing/list: prospects and site visits, newest visit first, filtered by outcome, zone, officer and
// source; a search on name, phone or location. A row opens the prospect.
import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { marketingEndpoints, type Prospect, prospectOutcomeValues, prospectSourceValues } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { DateText } from '../../components/DateText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SelectFilter } from '../../components/SelectFilter.tsx';
import { marketingPrivileges as p } from './marketing.access.ts';
import { OutcomeChip, useProspectChoices } from './ProspectParts.tsx';

export default function ProspectListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const choices = useProspectChoices();
  const [outcome, setOutcome] = useState('');
  const [zoneId, setZoneId] = useState('');
  const [source, setSource] = useState('');
  const columns = useMemo<DataTableColumn<Prospect>[]>(
    () => [
      { field: 'visitDate', header: t('marketing.field.visitDate'), sortable: false, render: (r) => <DateText value={r.visitDate} /> },
      { field: 'name', header: t('marketing.field.name'), sortable: false },
      { field: 'phone', header: t('marketing.field.phone'), sortable: false },
      { field: 'zoneName', header: t('marketing.field.zone'), sortable: false, render: (r) => r.zoneName ?? '—' },
      {
        field: 'interest',
        header: t('marketing.field.interest'),
        sortable: false,
        render: (r) => t(`marketing.interest.${r.interest}`),
        csv: (r) => r.interest,
      },
      { field: 'source', header: t('marketing.field.source'), sortable: false, render: (r) => t(`marketing.source.${r.source}`), csv: (r) => r.source },
      { field: 'officerName', header: t('marketing.field.officer'), sortable: false },
      { field: 'followUpDate', header: t('marketing.field.followUpDate'), sortable: false, render: (r) => <DateText value={r.followUpDate} /> },
      {
        field: 'outcome',
        header: t('marketing.field.outcome'),
        sortable: false,
        render: (r) => <OutcomeChip outcome={r.outcome} />,
        csv: (r) => t(`marketing.outcome.${r.outcome}`),
      },
    ],
    [t],
  );
  return (
    <>
      <PageHeader
        title={t('marketing.list.title')}
        subtitle={t('marketing.list.subtitle')}
        actions={
          can(p.add) ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate('/marketing/add')} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
              {t('marketing.list.add')}
            </Button>
          ) : undefined
        }
      />
      <DataTable
        endpoint={marketingEndpoints.list}
        columns={columns}
        params={{ outcome: outcome || undefined, zoneId: zoneId || undefined, source: source || undefined }}
        onRowClick={(r) => navigate(`/marketing/${r.id}`)}
        exportName="market-information"
        emptyText={t('marketing.list.empty')}
        toolbar={
          <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap' }}>
            <SelectFilter
              label={t('marketing.field.outcome')}
              value={outcome}
              onChange={setOutcome}
              options={prospectOutcomeValues.map((v) => ({ value: v, label: t(`marketing.outcome.${v}`) }))}
            />
            <SelectFilter
              label={t('marketing.field.zone')}
              value={zoneId}
              onChange={setZoneId}
              options={(choices.data?.zones ?? []).map((z) => ({ value: String(z.id), label: z.name }))}
            />
            <SelectFilter
              label={t('marketing.field.source')}
              value={source}
              onChange={setSource}
              options={prospectSourceValues.map((v) => ({ value: v, label: t(`marketing.source.${v}`) }))}
            />
          </Stack>
        }
      />
    </>
  );
}
