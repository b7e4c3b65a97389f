// /customers/tariffs: the tariff versions (name, class, zone or class-wide, effective dates, service
// charge, minimum charge, tax) with where each stands today (in force, scheduled, ended). Filters: class,
// zone, in force today. A row opens the version's form; "New version" starts a form with its prices;
// delete asks first and shows why the server refused (a version bills were made with is in use).
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { customerClassValues, type Tariff, tariffsEndpoints } from '@ubo/contracts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/DataTable.tsx';
import { DateText } from '../../components/DateText.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ApiError, api, toast } from '../../lib/api.ts';
import { todayIso } from '../../lib/format.ts';
import { resourceKeys } from '../../lib/queryKeys.ts';
import { TARIFFS_PATH, useAllZones } from './billing.queries.ts';
import { ListFilter } from './ListFilter.tsx';
import { tariffPhase } from './tariff.logic.ts';

const phaseColour = { inForce: 'success', scheduled: 'info', ended: 'default' } as const;

export default function TariffListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const zones = useAllZones();
  const today = todayIso();
  const [customerClass, setCustomerClass] = useState('');
  const [zoneId, setZoneId] = useState('');
  const [inForceOnly, setInForceOnly] = useState(false);
  const [deleting, setDeleting] = useState<Tariff | null>(null);
  const [isDeleteOpen, setDeleteOpen] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const remove = useMutation({
    mutationFn: (id: number) => api.call(tariffsEndpoints.remove, { params: { id } }, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: resourceKeys(TARIFFS_PATH).all }),
  });

  const columns = useMemo<DataTableColumn<Tariff>[]>(
    () => [
      { field: 'name', header: t('billing.tariffs.name') },
      {
        field: 'customerClass',
        header: t('billing.class.short'),
        render: (r) => t(`billing.class.${r.customerClass}`),
        csv: (r) => t(`billing.class.${r.customerClass}`),
      },
      {
        field: 'zoneName',
        header: t('billing.tariffs.zone'),
        sortable: false,
        render: (r) => r.zoneName ?? t('billing.tariffs.allZones'),
        csv: (r) => r.zoneName ?? t('billing.tariffs.allZones'),
      },
      {
        field: 'effectiveFrom',
        header: t('billing.tariffs.validity'),
        render: (r) => (
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {r.effectiveTo ? (
              <>
                <DateText value={r.effectiveFrom} /> – <DateText value={r.effectiveTo} />
              </>
            ) : (
              <>
                {t('billing.tariffs.since')} <DateText value={r.effectiveFrom} />
              </>
            )}
          </Box>
        ),
        csv: (r) => `${r.effectiveFrom} – ${r.effectiveTo ?? ''}`,
      },
      {
        field: 'phase',
        header: t('billing.tariffs.phase'),
        sortable: false,
        render: (r) => {
          const phase = tariffPhase(r, today);
          return (
            <Chip size="small" color={phaseColour[phase]} variant={phase === 'ended' ? 'outlined' : 'filled'} label={t(`billing.tariffs.phases.${phase}`)} />
          );
        },
        csv: (r) => t(`billing.tariffs.phases.${tariffPhase(r, today)}`),
      },
      {
        field: 'serviceCharge',
        header: t('billing.tariffs.serviceCharge'),
        sortable: false,
        align: 'right',
        render: (r) => <MoneyText value={r.serviceCharge} />,
      },
      {
        field: 'minimumCharge',
        header: t('billing.tariffs.minimumCharge'),
        sortable: false,
        align: 'right',
        render: (r) => <MoneyText value={r.minimumCharge} />,
      },
      {
        field: 'taxPercent',
        header: t('billing.tariffs.taxPercent'),
        sortable: false,
        align: 'right',
        render: (r) => `${r.taxPercent} %`,
        csv: (r) => r.taxPercent,
      },
      {
        field: 'blocks',
        header: t('billing.tariffs.blockCount'),
        sortable: false,
        align: 'right',
        hidden: true,
        render: (r) => r.blocks.length,
        csv: (r) => r.blocks.length,
      },
    ],
    [t, today],
  );

  const actions: RowAction<Tariff>[] = [
    { label: t('common.edit'), icon: <EditOutlinedIcon fontSize="small" />, onClick: (r) => navigate(`/customers/tariffs/${r.id}`) },
    { label: t('billing.tariffs.newVersion'), icon: <ContentCopyIcon fontSize="small" />, onClick: (r) => navigate(`/customers/tariffs/new?from=${r.id}`) },
    {
      label: t('common.delete'),
      icon: <DeleteOutlineIcon fontSize="small" />,
      color: 'error',
      onClick: (r) => {
        setDeleteError(null);
        setDeleting(r);
        setDeleteOpen(true);
      },
    },
  ];

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast(t('billing.tariffs.deleted', { name: deleting.name }), 'success');
    } catch (err) {
      if (!(err instanceof ApiError && err.code === 'SLOW_DOWN')) setDeleteError(err instanceof ApiError ? err.message : t('api.genericError'));
      throw err;
    }
  };

  return (
    <>
      <PageHeader
        title={t('billing.tariffs.title')}
        subtitle={t('billing.tariffs.subtitle')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate('/customers/tariffs/new')} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            {t('billing.tariffs.add')}
          </Button>
        }
      />
      <DataTable<Tariff>
        path={TARIFFS_PATH}
        columns={columns}
        actions={actions}
        params={{ customerClass: customerClass || undefined, zoneId: zoneId || undefined, activeOn: inForceOnly ? today : undefined }}
        exportName="tariffs"
        emptyText={t('billing.tariffs.empty')}
        onRowClick={(r) => navigate(`/customers/tariffs/${r.id}`)}
        toolbar={
          <>
            <ListFilter
              label={t('billing.class.label')}
              value={customerClass}
              onChange={setCustomerClass}
              options={customerClassValues.map((c) => ({ value: c, label: t(`billing.class.${c}`) }))}
            />
            <ListFilter
              label={t('billing.tariffs.zone')}
              value={zoneId}
              onChange={setZoneId}
              options={(zones.data ?? []).map((z) => ({ value: String(z.id), label: z.name }))}
            />
            <FormControlLabel
              sx={{ ml: 1, whiteSpace: 'nowrap' }}
              control={<Switch checked={inForceOnly} onChange={(e) => setInForceOnly(e.target.checked)} />}
              label={t('billing.tariffs.inForceToday')}
            />
          </>
        }
      />
      <ConfirmDialog
        open={isDeleteOpen}
        title={t('billing.tariffs.deleteTitle')}
        message={
          <>
            {deleting ? t('billing.tariffs.deleteText', { name: deleting.name }) : ''}
            {deleteError && (
              <Alert severity="error" sx={{ mt: 2 }} role="alert">
                {deleteError}
              </Alert>
            )}
          </>
        }
        confirmLabel={t('common.delete')}
        destructive
        onConfirm={confirmDelete}
        onClose={() => setDeleteOpen(false)}
      />
    </>
  );
}
