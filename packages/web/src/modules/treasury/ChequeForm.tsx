// The cheque form of /finance/write-check: the bank account it is drawn on, its number (blank: the next
// of that account's series, shown as a hint), date, payee (vendor, employee or other, with the payee's
// number for the first two), amount (with the amount in words as the cheque will print it) and memo,
// then the lines the cheque pays (expense or payable account and amount). What remains to allocate is
// summed live with decimal.js; Save stays disabled until the lines equal the amount. The posting carries
// an Idempotency-Key made once per form; the server's field errors land on their fields and rows.
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import PrintIcon from '@mui/icons-material/Print';
import SaveIcon from '@mui/icons-material/Save';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, type FieldPath, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { amountInWords, type Cheque, payeeTypeValues } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { ApiError, toast } from '../../lib/api.ts';
import { formatMoney, todayIso } from '../../lib/format.ts';
import { useLang, useMessage } from '../../lib/messages.ts';
import { AccountPicker } from '../finance/index.ts';
import { amountOf, formFieldOf } from '../finance/index.ts';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { useAllAccounts } from '../finance/index.ts';
import { ChequeLinesTable } from './ChequeLines.tsx';
import { chequeForm } from './treasury.forms.ts';
import {
  bankAccounts,
  type ChequeFormValues,
  chequeAllocation,
  chequeLineAccounts,
  chequePrintLink,
  emptyCheque,
  emptyChequeLine,
  toChequeBody,
} from './treasury.logic.ts';
import { useNextChequeNumber, useWriteCheque } from './treasury.queries.ts';
import { EntryLink } from './TreasuryParts.tsx';

const HEADER_FIELDS = ['bankAccountId', 'chequeNo', 'date', 'payeeType', 'payeeName', 'payeeId', 'amount', 'memo'] as const;
const LINE_FIELDS = ['accountId', 'amount', 'memo'] as const;
const MAX_LINES = 100;

function isFormField(field: string): field is FieldPath<ChequeFormValues> {
  if ((HEADER_FIELDS as readonly string[]).includes(field)) return true;
  const m = /^lines\.\d+\.(\w+)$/.exec(field);
  return Boolean(m && (LINE_FIELDS as readonly string[]).includes(m[1]));
}

export function ChequeForm() {
  const { t } = useTranslation();
  const lang = useLang();
  const text = useMessage();
  const accounts = useAllAccounts();
  const write = useWriteCheque();
  const [key, setKey] = useState(newIdempotencyKey);
  const [formError, setFormError] = useState<string | null>(null);
  const [written, setWritten] = useState<Cheque | null>(null);
  const { control, handleSubmit, reset, setError, getValues } = useForm<ChequeFormValues>({
    mode: 'onTouched',
    resolver: zodResolver(chequeForm),
    defaultValues: emptyCheque(todayIso()),
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const [bankId, payeeType, amount] = useWatch({ control, name: ['bankAccountId', 'payeeType', 'amount'] });
  const lines = useWatch({ control, name: 'lines' }) ?? [];
  const allocation = chequeAllocation(amount ?? '', lines);

  const banks = useMemo(() => bankAccounts(accounts.data ?? []), [accounts.data]);
  const lineOptions = useMemo(() => chequeLineAccounts(accounts.data ?? [], bankId), [accounts.data, bankId]);
  const bank = banks.find((a) => a.id === bankId);
  const currency = bank?.currency;
  const next = useNextChequeNumber(bankId);
  const amountValue = amountOf(amount ?? '');
  const words = amountValue?.gt(0) ? amountInWords(amountValue, lang, currency ?? 'USD') : null;
  const money = (v: Parameters<typeof formatMoney>[0]) => formatMoney(v, lang, { currency });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    setWritten(null);
    const { body, rowOf } = toChequeBody(values);
    try {
      const cheque = await write.mutateAsync({ body, key });
      toast(t('treasury.cheque.written', { number: cheque.chequeNumber }), 'success');
      setWritten(cheque);
      reset(emptyCheque(values.date, values.bankAccountId));
      setKey(newIdempotencyKey());
    } catch (err) {
      if (!(err instanceof ApiError) || err.code === 'SLOW_DOWN') return;
      let placed = false;
      err.details.forEach((d) => {
        const field = formFieldOf(d.field, rowOf);
        if (!isFormField(field)) return;
        setError(field, { type: 'server', message: d.message }, { shouldFocus: !placed });
        placed = true;
      });
      if (!placed) setFormError(err.message);
    }
  });

  const remaining = allocation.remaining;
  const status = !allocation.amount
    ? { colour: 'default' as const, label: t('treasury.cheque.enterAmount') }
    : remaining.isZero()
      ? { colour: 'success' as const, label: t('treasury.cheque.allocatedAll') }
      : remaining.isPositive()
        ? { colour: 'warning' as const, label: t('treasury.cheque.remaining', { amount: money(remaining) }) }
        : { colour: 'error' as const, label: t('treasury.cheque.overAllocated', { amount: money(remaining.abs()) }) };

  return (
    <Paper component="form" onSubmit={submit} noValidate sx={{ p: { xs: 2, md: 3 }, mb: 3 }} aria-label={t('treasury.cheque.formTitle')}>
      <Typography variant="h6" component="h3" sx={{ mb: 2 }}>
        {t('treasury.cheque.formTitle')}
      </Typography>
      {written && (
        <Alert
          severity="success"
          sx={{ mb: 2 }}
          onClose={() => setWritten(null)}
          action={
            <Button color="inherit" size="small" startIcon={<PrintIcon />} component={RouterLink} to={chequePrintLink(written.id)}>
              {t('treasury.cheque.print')}
            </Button>
          }
        >
          {t('treasury.cheque.writtenText', { number: written.chequeNumber, payee: written.payeeName })}{' '}
          <EntryLink id={written.entryId} number={written.entryNumber} />
        </Alert>
      )}
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <Controller
            control={control}
            name="bankAccountId"
            render={({ field, fieldState, formState }) => {
              const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
              return (
                <AccountPicker
                  accounts={banks}
                  loading={accounts.isPending}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  label={t('treasury.cheque.bank')}
                  required
                  activeOnly
                  error={show}
                  helperText={show ? text(fieldState.error?.message) : bank ? t('treasury.transfer.balance', { amount: money(bank.balance) }) : undefined}
                  sx={{ flex: 1 }}
                />
              );
            }}
          />
          <FormTextField
            control={control}
            name="chequeNo"
            label={t('treasury.cheque.number')}
            placeholder={next.data ? next.data.chequeNumber : undefined}
            helperText={next.data ? t('treasury.cheque.numberHelpNext', { number: next.data.chequeNumber }) : t('treasury.cheque.numberHelp')}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 12 }, inputLabel: { shrink: true } }}
            sx={{ width: { md: 220 } }}
          />
          <FormTextField
            control={control}
            name="date"
            label={t('treasury.date')}
            type="date"
            required
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ width: { md: 190 } }}
          />
        </Stack>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <FormTextField
            control={control}
            name="payeeType"
            label={t('treasury.cheque.payeeType')}
            select
            required
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ width: { md: 190 } }}
          >
            {payeeTypeValues.map((v) => (
              <option key={v} value={v}>
                {t(`treasury.payee.${v}`)}
              </option>
            ))}
          </FormTextField>
          <FormTextField
            control={control}
            name="payeeName"
            label={t('treasury.cheque.payeeName')}
            required
            slotProps={{ htmlInput: { maxLength: 200 } }}
            sx={{ flex: 1 }}
          />
          <FormTextField
            control={control}
            name="payeeId"
            label={t(payeeType === 'employee' ? 'treasury.cheque.employeeNo' : 'treasury.cheque.vendorNo')}
            disabled={payeeType === 'other'}
            helperText={payeeType === 'other' ? t('treasury.cheque.payeeIdOther') : t('treasury.cheque.payeeIdHelp')}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 10 } }}
            sx={{ width: { md: 190 } }}
          />
        </Stack>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <FormTextField
            control={control}
            name="amount"
            label={t('treasury.amount')}
            required
            helperText={currency}
            slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', style: { textAlign: 'right' } } }}
            sx={{ width: { md: 190 }, flexShrink: 0 }}
          />
          <FormTextField control={control} name="memo" label={t('treasury.memo')} slotProps={{ htmlInput: { maxLength: 1000 } }} sx={{ flex: 1 }} />
        </Stack>
        {words && (
          <Typography variant="body2" data-testid="amount-in-words" sx={{ fontStyle: 'italic', color: 'text.secondary' }}>
            {t('treasury.cheque.inWords')}: {words}
          </Typography>
        )}
      </Stack>

      <Typography variant="subtitle1" component="h4" sx={{ mt: 3, mb: 1, fontWeight: 600 }}>
        {t('treasury.cheque.linesTitle')}
      </Typography>
      <ChequeLinesTable
        control={control}
        rows={fields}
        onRemove={remove}
        accounts={lineOptions}
        isLoading={accounts.isPending}
        allocated={allocation.allocated}
        status={status}
      />
      {allocation.hasInvalidLine && (
        <Typography variant="body2" sx={{ mt: 1.5, color: 'error.main' }}>
          {t('treasury.cheque.invalidAmounts')}
        </Typography>
      )}
      {formError && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {formError}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2, alignItems: { sm: 'center' } }}>
        <Button startIcon={<AddIcon />} onClick={() => append(emptyChequeLine(), { shouldFocus: false })} disabled={fields.length >= MAX_LINES}>
          {t('treasury.cheque.addLine')}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Button
          type="button"
          onClick={() => {
            reset(emptyCheque(getValues('date'), getValues('bankAccountId')));
            setFormError(null);
          }}
          disabled={write.isPending}
        >
          {t('treasury.clear')}
        </Button>
        <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={!allocation.canSave || write.isPending}>
          {t('treasury.cheque.save')}
        </Button>
      </Stack>
    </Paper>
  );
}
