// /finance/c2c: moves an amount of balance from one customer to another (customerTransfersEndpoints.create: one
// entry crediting the first customer's receivable and debiting the second's, with an Idempotency-Key).
// Both balances are shown before and after; below, the transfers made, each cancellable by reversal.
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import BlockIcon from '@mui/icons-material/Block';
import SaveIcon from '@mui/icons-material/Save';
import Decimal from 'decimal.js';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type CustomerLookup,
  type CustomerTransfer,
  type CustomerTransferInput,
  type customerTransferBody,
  customerTransfersEndpoints,
  type z,
} from '@ubo/contracts';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/DataTable.tsx';
import { DateText } from '../../components/DateText.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ApiError, toast } from '../../lib/api.ts';
import { formatMoney, todayIso } from '../../lib/format.ts';
import { applyServerErrors } from '../../lib/forms.ts';
import { useLang, useMessage } from '../../lib/messages.ts';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { CustomerPicker } from '../../components/CustomerPicker.tsx';
import { CancelDocumentDialog, CustomerCell, StateChip, useBalanceText } from './PaymentsParts.tsx';
import { paymentsPrivileges as p } from './payments.access.ts';
import { customerTransferResolver } from './payments.forms.ts';
import { amountOf } from './payments.logic.ts';
import { useCancelCustomerTransfer, usePostCustomerTransfer, useCustomerLookupSearch } from './payments.queries.ts';

/** The form: the contracts' customerTransferBody as typed (the customers are null until chosen). */
type TransferValues = z.input<typeof customerTransferBody>;

const FIELDS = ['fromCustomerId', 'toCustomerId', 'amount', 'date', 'memo'] as const;
const empty = (date: string): TransferValues => ({ fromCustomerId: null, toCustomerId: null, amount: '', date, memo: '' });

function TransferForm() {
  const { t } = useTranslation();
  const text = useMessage();
  const balanceText = useBalanceText();
  const post = usePostCustomerTransfer();
  const [from, setFrom] = useState<CustomerLookup | null>(null);
  const [to, setTo] = useState<CustomerLookup | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError, setValue } = useForm<TransferValues, unknown, CustomerTransferInput>({
    mode: 'onTouched',
    resolver: customerTransferResolver,
    defaultValues: empty(todayIso()),
  });
  const amount = useWatch({ control, name: 'amount' });
  const moved = amountOf(amount);

  const submit = handleSubmit(async (v) => {
    setFormError(null);
    try {
      const done = await post.mutateAsync({
        key,
        body: { ...v, amount: new Decimal(v.amount).toFixed(2), memo: v.memo || undefined },
      });
      toast(t('payments.c2c.saved', { number: done.number }), 'success');
      reset(empty(v.date));
      setFrom(null);
      setTo(null);
      setKey(newIdempotencyKey());
    } catch (err) {
      if (!(err instanceof ApiError) || err.code === 'SLOW_DOWN') return;
      if (!applyServerErrors(err, setError, FIELDS)) setFormError(err.message);
    }
  });

  const picker = (name: 'fromCustomerId' | 'toCustomerId') => {
    const isFrom = name === 'fromCustomerId';
    const value = isFrom ? from : to;
    const other = isFrom ? to : from;
    return (
      <Controller
        control={control}
        name={name}
        render={({ fieldState, formState }) => {
          const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
          return (
            <Box sx={{ flex: 1 }}>
              <CustomerPicker
                useSearch={useCustomerLookupSearch}
                value={value}
                onChange={(c) => {
                  (isFrom ? setFrom : setTo)(c);
                  setValue(name, c?.id ?? null, { shouldValidate: true, shouldTouch: true });
                }}
                excludeId={other?.id ?? null}
                label={t(isFrom ? 'payments.c2c.from' : 'payments.c2c.to')}
                required
                autoFocus={isFrom}
                error={show}
                helperText={show ? text(fieldState.error?.message) : value ? `${t('payments.balance')}: ${balanceText(value.balance)}` : undefined}
              />
            </Box>
          );
        }}
      />
    );
  };

  return (
    <Paper component="form" onSubmit={submit} noValidate sx={{ p: { xs: 2, md: 3 }, mb: 3 }} aria-label={t('payments.c2c.formTitle')}>
      <Typography variant="h6" component="h3" sx={{ mb: 2 }}>
        {t('payments.c2c.formTitle')}
      </Typography>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          {picker('fromCustomerId')}
          {picker('toCustomerId')}
        </Stack>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <FormTextField
            control={control}
            name="amount"
            label={t('payments.amount')}
            required
            slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', style: { textAlign: 'right' } } }}
            sx={{ width: { md: 200 } }}
          />
          <FormTextField
            control={control}
            name="date"
            label={t('payments.date')}
            type="date"
            required
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ width: { md: 180 } }}
          />
          <FormTextField control={control} name="memo" label={t('payments.memo')} slotProps={{ htmlInput: { maxLength: 1000 } }} sx={{ flex: 1 }} />
        </Stack>
        {from && to && moved?.gt(0) && (
          <Alert severity="info" data-testid="c2c-after">
            {t('payments.c2c.after', {
              from: from.name,
              fromBalance: balanceText(new Decimal(from.balance).minus(moved).toFixed(2)),
              to: to.name,
              toBalance: balanceText(new Decimal(to.balance).plus(moved).toFixed(2)),
            })}
          </Alert>
        )}
        {formError && (
          <Alert severity="error" role="alert">
            {formError}
          </Alert>
        )}
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={post.isPending}>
            {t('payments.c2c.save')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

export default function CustomerTransferPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const cancel = useCancelCustomerTransfer();
  const [cancelling, setCancelling] = useState<CustomerTransfer | null>(null);

  const columns = useMemo<DataTableColumn<CustomerTransfer>[]>(
    () => [
      {
        field: 'number',
        header: t('payments.c2c.number'),
        sortable: false,
        render: (r) => (
          <Box component="span" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
            {r.number}
          </Box>
        ),
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
        field: 'from',
        header: t('payments.c2c.from'),
        sortable: false,
        render: (r) => <CustomerCell customer={r.from} />,
        csv: (r) => `${r.from.customerNo} ${r.from.name}`,
      },
      {
        field: 'to',
        header: t('payments.c2c.to'),
        sortable: false,
        render: (r) => <CustomerCell customer={r.to} />,
        csv: (r) => `${r.to.customerNo} ${r.to.name}`,
      },
      { field: 'amount', header: t('payments.amount'), sortable: false, align: 'right', render: (r) => <MoneyText value={r.amount} /> },
      { field: 'memo', header: t('payments.memo'), sortable: false },
      { field: 'entryNumber', header: t('payments.entry'), sortable: false, hidden: true },
      {
        field: 'status',
        header: t('payments.status'),
        sortable: false,
        render: (r) => <StateChip state={r.status} />,
        csv: (r) => t(`payments.state.${r.status}`),
      },
    ],
    [t],
  );
  const actions: RowAction<CustomerTransfer>[] = [
    {
      label: t('payments.c2c.cancel'),
      icon: <BlockIcon fontSize="small" />,
      color: 'error',
      privilege: p.receive,
      disabled: (r) => r.status === 'Cancelled',
      onClick: (r) => setCancelling(r),
    },
  ];

  return (
    <>
      <PageHeader title={t('payments.c2c.title')} subtitle={t('payments.c2c.subtitle')} />
      <TransferForm />
      <DataTable
        endpoint={customerTransfersEndpoints.list}
        title={t('payments.c2c.listTitle')}
        columns={columns}
        actions={actions}
        defaultSort={{ field: 'date', order: 'desc' }}
        defaultLimit={25}
        exportName="balance-transfers"
        emptyText={t('payments.c2c.empty')}
      />
      {cancelling && (
        <CancelDocumentDialog
          open
          number={cancelling.number}
          documentDate={cancelling.date}
          message={t('payments.cancel.transferText', { amount: formatMoney(cancelling.amount, lang), from: cancelling.from.name, to: cancelling.to.name })}
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
