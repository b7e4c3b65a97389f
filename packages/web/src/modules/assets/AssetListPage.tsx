// /assets/list: the asset register, server-paged with search (tag, name, serial, custodian) and a status
// filter; cost, accumulated depreciation and net book value per asset. A row opens the asset's page.
import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type Asset, assetStatusValues, assetsEndpoints } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { assetsPrivileges as p } from './assets.access.ts';

export default function AssetListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const [status, setStatus] = useState('');
  const columns = useMemo<DataTableColumn<Asset>[]>(
    () => [
      { field: 'tag', header: t('assets.field.tag') },
      { field: 'name', header: t('assets.field.name') },
      { field: 'category', header: t('assets.field.category'), sortable: false, render: (a) => a.category.name, csv: (a) => a.category.name },
      { field: 'branch', header: t('assets.field.branch'), sortable: false, render: (a) => a.branch.name, csv: (a) => a.branch.name },
      { field: 'custodian', header: t('assets.field.custodian'), sortable: false, render: (a) => a.custodian ?? '—' },
      { field: 'acquisitionDate', header: t('assets.field.acquisitionDate') },
      { field: 'cost', header: t('assets.field.cost'), align: 'right', render: (a) => <MoneyText value={a.cost} /> },
      { field: 'accumulated', header: t('assets.field.accumulated'), sortable: false, align: 'right', render: (a) => <MoneyText value={a.accumulated} /> },
      { field: 'netBookValue', header: t('assets.field.netBookValue'), sortable: false, align: 'right', render: (a) => <MoneyText value={a.netBookValue} /> },
      {
        field: 'status',
        header: t('assets.field.status'),
        sortable: false,
        render: (a) => t(`assets.status.${a.status}`),
        csv: (a) => t(`assets.status.${a.status}`),
      },
    ],
    [t],
  );
  return (
    <>
      <PageHeader
        title={t('assets.list.title')}
        subtitle={t('assets.list.subtitle')}
        actions={
          <Stack direction="row" spacing={1}>
            {can(p.buy) && (
              <Button variant="outlined" onClick={() => navigate('/assets/buy')}>
                {t('assets.list.buy')}
              </Button>
            )}
            {can(p.add) && (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate('/assets/add')}>
                {t('assets.list.add')}
              </Button>
            )}
          </Stack>
        }
      />
      <DataTable
        endpoint={assetsEndpoints.list}
        columns={columns}
        params={{ status: status || undefined }}
        defaultSort={{ field: 'tag', order: 'asc' }}
        exportName="assets"
        emptyText={t('assets.list.empty')}
        onRowClick={(a) => navigate(`/assets/${a.id}`)}
        toolbar={
          <TextField
            select
            size="small"
            label={t('assets.field.status')}
            value={status}
            onChange={(e) => setStatus(e.target.value)}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={{ width: 160 }}
          >
            <MenuItem value="">{t('common.all')}</MenuItem>
            {assetStatusValues.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`assets.status.${s}`)}
              </MenuItem>
            ))}
          </TextField>
        }
      />
    </>
  );
}
