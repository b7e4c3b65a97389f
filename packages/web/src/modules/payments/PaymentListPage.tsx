// /customers/payments: the payments received (paymentsEndpoints.list, paged), filtered by dates,
// status, account and method (and by batch when opened from a batch), searched by receipt number,
// reference or customer. A row opens its receipt; Cancel reverses it after asking why.
import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import ClearIcon from '@mui/icons-material/Clear';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { type Payment, paymentMethodValues, paymentStatusValues, paymentsEndpoints } from '@ubo/contracts';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/DataTable.tsx';
import { DateField } from '../../components/DateField.tsx';
import { DateText } from '../../components/DateText.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toast } from '../../lib/api.ts';
import { formatMoney } from '../../lib/format.ts';
import { useLang } from '../../lib/messages.ts';
import { CancelDocumentDialog, CustomerCell, StateChip } from './PaymentsParts.tsx';
import { paymentsPrivileges as p } from './payments.access.ts';
import { useCancelPayment, useReceivingAccounts } from './payments.queries.ts';

export default function PaymentListPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const accounts = useReceivingAccounts();
  const cancel = useCancelPayment();
  const [cancelling, setCancelling] = useState<Payment | null>(null);
  const [filters, setFilters] = useState({ startDate: '', endDate: '', status: '', accountId: '', method: '' });
  const batchId = params.get('batchId') && /^\d+$/.test(params.get('batchId') ?? '') ? params.get('batchId') : null;
  const query = { ...filters, batchId: batchId ?? undefined };
  const set = (name: keyof typeof filters) => (e: { target: { value: string } }) => setFilters((f) => ({ ...f, [name]: e.target.value }));

  const columns = useMemo<DataTableColumn<Payment>[]>(
    () => [
      {
        field: 'receiptNo',
        header: t('payments.list.number'),
        render: (r) => (
          <Box component="span" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
            {r.number}
          </Box>
        ),
        csv: (r) => r.number,
      },
      {
        field: 'date',
        header: t('payments.date'),
        render: (r) => (
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            <DateText value={r.date} />
          </Box>
        ),
        csv: (r) => r.date,
      },
      {
        field: 'customer',
        header: t('payments.customer'),
        sortable: false,
        render: (r) => <CustomerCell customer={r.customer} />,
        csv: (r) => `${r.customer.customerNo} ${r.customer.name}`,
      },
      { field: 'amount', header: t('payments.amount'), align: 'right', render: (r) => <MoneyText value={r.amount} /> },
      { field: 'allocated', header: t('payments.list.allocated'), align: 'right', sortable: false, render: (r) => <MoneyText value={r.allocated} /> },
      { field: 'credit', header: t('payments.list.credit'), align: 'right', sortable: false, render: (r) => <MoneyText value={r.credit} /> },
      {
        field: 'method',
        header: t('payments.method'),
        sortable: false,
        render: (r) => t(`payments.methods.${r.method}`),
        csv: (r) => t(`payments.methods.${r.method}`),
      },
      {
        field: 'account',
        header: t('payments.account'),
        sortable: false,
        render: (r) => `${r.account.code} · ${r.account.name}`,
        csv: (r) => `${r.account.code} ${r.account.name}`,
        hidden: true,
      },
      { field: 'reference', header: t('payments.reference'), sortable: false },
      {
        field: 'status',
        header: t('payments.status'),
        sortable: false,
        render: (r) => <StateChip state={r.status} />,
        csv: (r) => t(`payments.state.${r.status}`),
      },
      { field: 'createdBy', header: t('payments.createdBy'), sortable: false, hidden: true },
    ],
    [t],
  );

  const actions: RowAction<Payment>[] = [
    { label: t('payments.list.view'), icon: <ReceiptLongIcon fontSize="small" />, onClick: (r) => navigate(`/customers/payments/${r.id}`) },
    {
      label: t('payments.list.cancel'),
      icon: <BlockIcon fontSize="small" />,
      color: 'error',
      privilege: p.receive,
      disabled: (r) => r.status === 'Cancelled',
      onClick: (r) => setCancelling(r),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('payments.list.title')}
        subtitle={t('payments.list.subtitle')}
        actions={
          <Button component={RouterLink} to="/customers/payment" variant="contained" startIcon={<AddIcon />}>
            {t('payments.list.receive')}
          </Button>
        }
      />
      <Paper sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
          <DateField
            size="small"
            label={t('payments.list.startDate')}
            value={filters.startDate}
            onChange={(value) => set('startDate')({ target: { value } })}
          />
          <DateField size="small" label={t('payments.list.endDate')} value={filters.endDate} onChange={(value) => set('endDate')({ target: { value } })} />
          <TextField
            size="small"
            select
            label={t('payments.status')}
            value={filters.status}
            onChange={set('status')}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="">{t('payments.list.allStatuses')}</MenuItem>
            {paymentStatusValues.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`payments.state.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            select
            label={t('payments.account')}
            value={filters.accountId}
            onChange={set('accountId')}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="">{t('payments.list.allAccounts')}</MenuItem>
            {(accounts.data?.data ?? []).map((a) => (
              <MenuItem key={a.id} value={String(a.id)}>
                {a.code} · {a.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            select
            label={t('payments.method')}
            value={filters.method}
            onChange={set('method')}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="">{t('payments.list.allMethods')}</MenuItem>
            {paymentMethodValues.map((m) => (
              <MenuItem key={m} value={m}>
                {t(`payments.methods.${m}`)}
              </MenuItem>
            ))}
          </TextField>
          {batchId && (
            <Chip
              label={t('payments.list.batch', { id: batchId })}
              onDelete={() => setParams({})}
              deleteIcon={<ClearIcon aria-label={t('payments.list.clearBatch')} />}
            />
          )}
        </Stack>
      </Paper>
      <DataTable
        endpoint={paymentsEndpoints.list}
        params={query}
        columns={columns}
        actions={actions}
        defaultSort={{ field: 'date', order: 'desc' }}
        defaultLimit={25}
        exportName="payments"
        emptyText={t('payments.list.empty')}
        onRowClick={(r) => navigate(`/customers/payments/${r.id}`)}
      />
      {cancelling && (
        <CancelDocumentDialog
          open
          number={cancelling.number}
          documentDate={cancelling.date}
          message={t('payments.cancel.paymentText', {
            amount: formatMoney(cancelling.amount, lang),
            account: `${cancelling.account.code} ${cancelling.account.name}`,
            customer: cancelling.customer.name,
          })}
          onCancel={async (body, key) => {
            const done = await cancel.mutateAsync({ id: cancelling.id, body, key });
            toast(t('payments.cancel.done', { number: done.number }), 'success');
          }}
          onClose={() => setCancelling(null)}
        />
      )}
    </>
  );
}
