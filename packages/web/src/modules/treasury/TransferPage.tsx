// /finance/transfer-balance: moves money between the organisation's own cash, bank and mobile money
// accounts (POST /api/finance/transfer, one journal entry: debit the receiving account, credit the
// sending one), and below it the transfers made (GET /api/finance/transfer) with their journal entry
// and a Cancel that reverses the entry after asking for its date and a reason.
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import BlockIcon from '@mui/icons-material/Block';
import SaveIcon from '@mui/icons-material/Save';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type Transfer, treasuryEndpoints } from '@ubo/contracts';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/DataTable.tsx';
import { DateText } from '../../components/DateText.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ApiError, toast } from '../../lib/api.ts';
import { formatMoney, todayIso } from '../../lib/format.ts';
import { applyServerErrors } from '../../lib/forms.ts';
import { useLang, useMessage } from '../../lib/messages.ts';
import { AccountPicker } from '../finance/index.ts';
import { useLargeAmountGuard } from '../finance/index.ts';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { useAllAccounts } from '../finance/index.ts';
import { treasuryPrivileges as p } from './treasury.access.ts';
import { amountRule, emptyTransfer, shortfall, type TransferFormValues, toTransferBody, transferAccounts } from './treasury.logic.ts';
import { useCancelTransfer, usePostTransfer } from './treasury.queries.ts';
import { DocumentStateChip, EntryLink, ReversalDialog } from './TreasuryParts.tsx';

const FIELDS = ['date', 'fromAccountId', 'toAccountId', 'amount', 'reference', 'memo'] as const;

function TransferForm() {
  const { t } = useTranslation();
  const lang = useLang();
  const text = useMessage();
  const accounts = useAllAccounts();
  const post = usePostTransfer();
  const [key, setKey] = useState(newIdempotencyKey);
  const [formError, setFormError] = useState<string | null>(null);
  const [posted, setPosted] = useState<Transfer | null>(null);
  const { control, handleSubmit, reset, setError } = useForm<TransferFormValues>({
    mode: 'onTouched',
    defaultValues: emptyTransfer(todayIso()),
  });
  const [fromId, toId, amount] = useWatch({ control, name: ['fromAccountId', 'toAccountId', 'amount'] });
  const options = useMemo(() => transferAccounts(accounts.data ?? []), [accounts.data]);
  const from = options.find((a) => a.id === fromId);
  const to = options.find((a) => a.id === toId);
  const short = from ? shortfall(from.balance, amount ?? '') : null;
  const balanceText = (a: typeof from) => (a ? t('treasury.transfer.balance', { amount: formatMoney(a.balance, lang, { currency: a.currency }) }) : undefined);

  const largeAmount = useLargeAmountGuard('transfer');
  const submit = handleSubmit((values) =>
    largeAmount.guard(values.amount ?? '', async () => {
      setFormError(null);
      setPosted(null);
      try {
        const transfer = await post.mutateAsync({ body: toTransferBody(values), key });
        toast(t('treasury.transfer.posted', { number: transfer.number }), 'success');
        setPosted(transfer);
        reset(emptyTransfer(values.date));
        setKey(newIdempotencyKey());
      } catch (err) {
        if (!(err instanceof ApiError) || err.code === 'SLOW_DOWN') return;
        if (!applyServerErrors(err, setError, FIELDS)) setFormError(err.message);
      }
    }),
  );

  const pickerRules = (other: 'fromAccountId' | 'toAccountId') => ({
    validate: (v: number | null, all: TransferFormValues) => {
      if (v === null) return 'treasury.transfer.accountRequired';
      if (all[other] !== null && all[other] === v) return 'treasury.sameAccount';
      return true;
    },
  });

  return (
    <Paper component="form" onSubmit={submit} noValidate sx={{ p: { xs: 2, md: 3 }, mb: 3 }} aria-label={t('treasury.transfer.formTitle')}>
      {largeAmount.dialog}
      <Typography variant="h6" component="h3" sx={{ mb: 2 }}>
        {t('treasury.transfer.formTitle')}
      </Typography>
      {posted && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setPosted(null)}>
          {t('treasury.transfer.postedText', { number: posted.number })} <EntryLink id={posted.entryId} number={posted.entryNumber} />
        </Alert>
      )}
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <FormTextField
            control={control}
            name="date"
            label={t('treasury.date')}
            type="date"
            required
            rules={{ required: 'v.required' }}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ width: { md: 190 }, flexShrink: 0 }}
          />
          {(['fromAccountId', 'toAccountId'] as const).map((name) => (
            <Controller
              key={name}
              control={control}
              name={name}
              rules={pickerRules(name === 'fromAccountId' ? 'toAccountId' : 'fromAccountId')}
              render={({ field, fieldState, formState }) => {
                const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
                const chosen = name === 'fromAccountId' ? from : to;
                return (
                  <AccountPicker
                    accounts={options}
                    loading={accounts.isPending}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    label={t(name === 'fromAccountId' ? 'treasury.transfer.from' : 'treasury.transfer.to')}
                    required
                    activeOnly
                    error={show}
                    helperText={show ? text(fieldState.error?.message) : balanceText(chosen)}
                    sx={{ flex: 1 }}
                  />
                );
              }}
            />
          ))}
        </Stack>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <FormTextField
            control={control}
            name="amount"
            label={t('treasury.amount')}
            required
            rules={{ validate: amountRule }}
            helperText={from ? from.currency : undefined}
            slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', style: { textAlign: 'right' } } }}
            sx={{ width: { md: 190 }, flexShrink: 0 }}
          />
          <FormTextField
            control={control}
            name="reference"
            label={t('treasury.reference')}
            rules={{ maxLength: { value: 100, message: 'v.maxLength|100' } }}
            slotProps={{ htmlInput: { maxLength: 100 } }}
            sx={{ width: { md: 220 } }}
          />
          <FormTextField
            control={control}
            name="memo"
            label={t('treasury.memo')}
            placeholder={from && to ? t('treasury.transfer.memoDefault', { from: `${from.code} ${from.name}`, to: `${to.code} ${to.name}` }) : undefined}
            rules={{ maxLength: { value: 1000, message: 'v.maxLength|1000' } }}
            slotProps={{ htmlInput: { maxLength: 1000 }, inputLabel: { shrink: true } }}
            sx={{ flex: 1 }}
          />
        </Stack>
        {short && from && (
          <Alert severity="warning">
            {t('treasury.transfer.shortfall', {
              account: `${from.code} · ${from.name}`,
              balance: formatMoney(from.balance, lang, { currency: from.currency }),
              short: formatMoney(short, lang, { currency: from.currency }),
            })}
          </Alert>
        )}
        {formError && (
          <Alert severity="error" role="alert">
            {formError}
          </Alert>
        )}
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
          <Button
            type="button"
            onClick={() => {
              reset(emptyTransfer(todayIso()));
              setFormError(null);
            }}
            disabled={post.isPending}
          >
            {t('treasury.clear')}
          </Button>
          <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={post.isPending}>
            {t('treasury.transfer.save')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

export default function TransferPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const cancel = useCancelTransfer();
  const [cancelling, setCancelling] = useState<Transfer | null>(null);

  const columns = useMemo<DataTableColumn<Transfer>[]>(
    () => [
      {
        field: 'number',
        header: t('treasury.transfer.number'),
        sortable: false,
        render: (r) => (
          <Box component="span" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
            {r.number}
          </Box>
        ),
      },
      { field: 'date', header: t('treasury.date'), render: (r) => <DateText value={r.date} />, csv: (r) => r.date },
      {
        field: 'fromAccount',
        header: t('treasury.transfer.from'),
        sortable: false,
        render: (r) => `${r.fromAccount.code} · ${r.fromAccount.name}`,
        csv: (r) => `${r.fromAccount.code} ${r.fromAccount.name}`,
      },
      {
        field: 'toAccount',
        header: t('treasury.transfer.to'),
        sortable: false,
        render: (r) => `${r.toAccount.code} · ${r.toAccount.name}`,
        csv: (r) => `${r.toAccount.code} ${r.toAccount.name}`,
      },
      { field: 'amount', header: t('treasury.amount'), sortable: false, align: 'right', render: (r) => <MoneyText value={r.amount} /> },
      { field: 'reference', header: t('treasury.reference'), sortable: false },
      { field: 'memo', header: t('treasury.memo'), sortable: false, hidden: true },
      {
        field: 'entryNumber',
        header: t('treasury.entry'),
        sortable: false,
        render: (r) => (
          <Stack component="span" spacing={0.25}>
            <EntryLink id={r.entryId} number={r.entryNumber} label={t('treasury.openEntry', { number: r.entryNumber })} />
            {r.cancelEntryId !== null && r.cancelEntryNumber && (
              <Box component="span" sx={{ fontSize: '0.8em', color: 'text.secondary' }}>
                {t('treasury.transfer.cancelledBy')} <EntryLink id={r.cancelEntryId} number={r.cancelEntryNumber} />
              </Box>
            )}
          </Stack>
        ),
      },
      {
        field: 'status',
        header: t('treasury.status'),
        sortable: false,
        render: (r) => <DocumentStateChip state={r.status} />,
        csv: (r) => t(`treasury.state.${r.status}`),
      },
      { field: 'createdBy', header: t('treasury.createdBy'), sortable: false, hidden: true },
    ],
    [t],
  );

  const actions: RowAction<Transfer>[] = [
    {
      label: t('treasury.transfer.cancel'),
      icon: <BlockIcon fontSize="small" />,
      color: 'error',
      privilege: p.transfer,
      disabled: (r) => r.status === 'Cancelled',
      onClick: (r) => setCancelling(r),
    },
  ];

  return (
    <>
      <PageHeader title={t('treasury.transfer.title')} subtitle={t('treasury.transfer.subtitle')} />
      <TransferForm />
      <DataTable
        endpoint={treasuryEndpoints.transfers}
        title={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <SwapHorizIcon color="action" />
            <span>{t('treasury.transfer.listTitle')}</span>
          </Stack>
        }
        columns={columns}
        actions={actions}
        defaultSort={{ field: 'date', order: 'desc' }}
        defaultLimit={25}
        exportName="transfers"
        emptyText={t('treasury.transfer.empty')}
      />
      {cancelling && (
        <ReversalDialog
          open
          title={t('treasury.transfer.cancelTitle', { number: cancelling.number })}
          text={t('treasury.transfer.cancelText', {
            amount: formatMoney(cancelling.amount, lang),
            from: `${cancelling.fromAccount.code} · ${cancelling.fromAccount.name}`,
            to: `${cancelling.toAccount.code} · ${cancelling.toAccount.name}`,
          })}
          confirmLabel={t('treasury.transfer.cancel')}
          documentDate={cancelling.date}
          onSubmit={async (body, key) => {
            const done = await cancel.mutateAsync({ id: cancelling.id, body, key });
            toast(t('treasury.transfer.cancelled', { number: done.number, entry: done.cancelEntryNumber ?? '' }), 'success');
          }}
          onClose={() => setCancelling(null)}
        />
      )}
    </>
  );
}
