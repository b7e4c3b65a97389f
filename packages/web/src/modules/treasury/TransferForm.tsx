// The money transfer form (POST /api/finance/transfer, one journal entry: debit the receiving account,
// credit the sending one): two different cash, bank or mobile money accounts with their balances, a
// warning when the sender holds less than the amount, a confirmation above the usual amount, and the
// posting's Idempotency-Key (a double click posts once).
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SaveIcon from '@mui/icons-material/Save';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Transfer } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { ApiError, toast } from '../../lib/api.ts';
import { formatMoney, todayIso } from '../../lib/format.ts';
import { applyServerErrors } from '../../lib/forms.ts';
import { useLang, useMessage } from '../../lib/messages.ts';
import { AccountPicker } from '../finance/index.ts';
import { useLargeAmountGuard } from '../finance/index.ts';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { useAllAccounts } from '../finance/index.ts';
import { emptyTransfer, shortfall, type TransferFormValues, toTransferBody, transferAccounts } from './treasury.logic.ts';
import { transferForm } from './treasury.forms.ts';
import { usePostTransfer } from './treasury.queries.ts';
import { EntryLink } from './TreasuryParts.tsx';

const FIELDS = ['date', 'fromAccountId', 'toAccountId', 'amount', 'reference', 'memo'] as const;

export function TransferForm() {
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
    resolver: zodResolver(transferForm),
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
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ width: { md: 190 }, flexShrink: 0 }}
          />
          {(['fromAccountId', 'toAccountId'] as const).map((name) => (
            <Controller
              key={name}
              control={control}
              name={name}
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
            helperText={from ? from.currency : undefined}
            slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', style: { textAlign: 'right' } } }}
            sx={{ width: { md: 190 }, flexShrink: 0 }}
          />
          <FormTextField
            control={control}
            name="reference"
            label={t('treasury.reference')}
            slotProps={{ htmlInput: { maxLength: 100 } }}
            sx={{ width: { md: 220 } }}
          />
          <FormTextField
            control={control}
            name="memo"
            label={t('treasury.memo')}
            placeholder={from && to ? t('treasury.transfer.memoDefault', { from: `${from.code} ${from.name}`, to: `${to.code} ${to.name}` }) : undefined}
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
