// /customers/houses: houses and their meters. Search by meter number, house number or customer (name,
// number, phone); filters: zone and connection status; paged by the server. Each row shows the tariff
// in force today and the latest reading. Add and edit in a dialog; disconnect or reconnect with a
// reason; replace the meter. A row opens the house with its meter and connection history.
import { useState } from 'react';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type House, houseStatusValues } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { billingPrivileges as p } from './billing.access.ts';
import { HOUSES_PATH, useAllZones } from './billing.queries.ts';
import { HouseFormDialog } from './HouseFormDialog.tsx';
import { useHouseColumns } from './houseColumns.tsx';
import { ListFilter } from './ListFilter.tsx';
import { useHouseActions } from './useHouseActions.tsx';

export default function HouseListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const zones = useAllZones();
  const columns = useHouseColumns(true);
  const { actions, dialogs, canEdit } = useHouseActions();
  const [zoneId, setZoneId] = useState('');
  const [status, setStatus] = useState('');
  const [isAddOpen, setAddOpen] = useState(false);

  return (
    <>
      <PageHeader
        title={t('billing.houses.title')}
        subtitle={t('billing.houses.subtitle')}
        actions={
          canEdit && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAddOpen(true)} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
              {t('billing.houses.add')}
            </Button>
          )
        }
      />
      <DataTable<House>
        path={HOUSES_PATH}
        columns={columns}
        actions={actions}
        params={{ zoneId: zoneId || undefined, status: status || undefined }}
        exportName="houses"
        emptyText={t('billing.houses.empty')}
        onRowClick={(h) => navigate(`/customers/houses/${h.id}`)}
        toolbar={
          <>
            {can(p.zones) && (
              <ListFilter
                label={t('billing.zone')}
                value={zoneId}
                onChange={setZoneId}
                options={(zones.data ?? []).map((z) => ({ value: String(z.id), label: z.name }))}
              />
            )}
            <ListFilter
              label={t('billing.status')}
              value={status}
              onChange={setStatus}
              options={houseStatusValues.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            />
          </>
        }
      />
      {dialogs}
      <HouseFormDialog house={null} open={isAddOpen} onClose={() => setAddOpen(false)} onSaved={(h) => navigate(`/customers/houses/${h.id}`)} />
    </>
  );
}
