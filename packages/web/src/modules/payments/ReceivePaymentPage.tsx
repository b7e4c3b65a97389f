// /customers/payment: a cashier receives a payment. Pick the customer (name, number, phone or meter),
// see their balance and open bills, type the amount: the oldest bills are proposed first and any amount
// can be typed over; what is not put on bills stays as the customer's credit. Saving posts the payment
// (POST /api/finance/payments with an Idempotency-Key) and opens its receipt, ready to print.
// Keyboard: the customer box has the focus; Enter picks the highlighted customer and moves to the
// amount; Enter there saves. Opened from a customer's page (?customerId=N), that customer is chosen
// already and the amount has the focus.
import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SaveIcon from '@mui/icons-material/Save';
import Decimal from 'decimal.js';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { type CustomerLookup, paymentMethodValues } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ApiError, toast } from '../../lib/api.ts';
import { formatMoney, todayIso } from '../../lib/format.ts';
import { applyServerErrors } from '../../lib/forms.ts';
import { useLang, useMessage } from '../../lib/messages.ts';
import { useLargeAmountGuard } from '../finance/index.ts';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { AllocationTable } from './AllocationTable.tsx';
import { CustomerPicker } from '../../components/CustomerPicker.tsx';
import { BalanceText } from './PaymentsParts.tsx';
import {
  type AllocationState,
  type ReceiveFormValues,
  amountOf,
  checkAllocation,
  defaultAccount,
  emptyReceipt,
  lookupOfPreview,
  preselectedCustomerId,
  proposed,
  receivedAmountRule,
  toPaymentBody,
} from './payments.logic.ts';
import { useCustomerBills, useReceivePayment, useReceivingAccounts, useCustomerLookupSearch } from './payments.queries.ts';

const FIELDS = ['customerId', 'amount', 'date', 'accountId', 'method', 'reference', 'memo'] as const;
const NOT_MANUAL: AllocationState = { amounts: {}, isManual: false };

export default function ReceivePaymentPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const text = useMessage();
  const navigate = useNavigate();
  const accounts = useReceivingAccounts();
  const receive = useReceivePayment();
  const [customer, setCustomer] = useState<CustomerLookup | null>(null);
  const [search, setSearch] = useSearchParams();
  const wantedId = customer ? null : preselectedCustomerId(search);
  const [allocation, setAllocation] = useState<AllocationState>(NOT_MANUAL);
  const [serverAllocationErrors, setServerAllocationErrors] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const { control, handleSubmit, reset, setError, setValue, setFocus, clearErrors } = useForm<ReceiveFormValues>({
    mode: 'onTouched',
    defaultValues: emptyReceipt(todayIso()),
  });
  const [amount, method, accountId] = useWatch({ control, name: ['amount', 'method', 'accountId'] });
  const options = accounts.data?.data ?? [];
  const account = options.find((a) => a.id === accountId);

  // The first cash account until the cashier picks another.
  useEffect(() => {
    const first = defaultAccount(accounts.data?.data ?? []);
    if (first && accountId === null) {
      setValue('accountId', first.id);
      setValue('method', first.method);
    }
  }, [accounts.data, accountId, setValue]);

  const bills = useCustomerBills(customer?.id ?? wantedId);
  const openBills = bills.data?.openBills ?? [];
  const amounts = allocation.isManual ? allocation.amounts : proposed(openBills, amount);
  const check = useMemo(() => checkAllocation(openBills, amounts, amount), [openBills, amounts, amount]);
  const balanceAfter = bills.data ? new Decimal(bills.data.balance).minus(amountOf(amount) ?? 0) : null;

  // The customer of ?customerId, once their balance and bills are here; the address then forgets the
  // id, so Clear empties the form for the next customer.
  const wanted = wantedId !== null && bills.data?.customer.id === wantedId ? bills.data : null;
  useEffect(() => {
    if (!wanted) return;
    setCustomer(lookupOfPreview(wanted));
    setValue('customerId', wanted.customer.id, { shouldValidate: true });
    setSearch({}, { replace: true });
    setTimeout(() => setFocus('amount'), 0);
  }, [wanted, setValue, setSearch, setFocus]);

  const pickCustomer = (c: CustomerLookup | null) => {
    setCustomer(c);
    setValue('customerId', c?.id ?? null, { shouldValidate: Boolean(c) });
    setAllocation(NOT_MANUAL);
    setServerAllocationErrors({});
  };

  const clear = () => {
    const first = defaultAccount(options);
    reset(emptyReceipt(todayIso(), first));
    pickCustomer(null);
    setFormError(null);
    setKey(newIdempotencyKey());
  };

  const largeAmount = useLargeAmountGuard('payment');
  const submit = handleSubmit((values) => {
    setFormError(null);
    setServerAllocationErrors({});
    if (Object.keys(check.errors).length > 0 || check.isOverAllocated) return;
    return largeAmount.guard(values.amount ?? '', () => save(values));
  });
  const save = async (values: ReceiveFormValues) => {
    setFormError(null);
    setServerAllocationErrors({});
    try {
      const body = toPaymentBody(values, { amounts, isManual: allocation.isManual }, openBills);
      const payment = await receive.mutateAsync({ body, key });
      toast(t('payments.receive.saved', { number: payment.number }), 'success');
      setKey(newIdempotencyKey());
      navigate(`/customers/payments/${payment.id}`);
    } catch (err) {
      if (!(err instanceof ApiError) || err.code === 'SLOW_DOWN') return;
      // allocations.N.amount names the N-th bill sent, which is the N-th bill with an amount.
      const sent = openBills.filter((b) => new Decimal(amounts[b.billId] || 0).gt(0));
      const onBills: Record<number, string> = {};
      for (const d of err.details) {
        const m = /^allocations\.(\d+)\./.exec(d.field);
        if (m && sent[Number(m[1])]) onBills[sent[Number(m[1])].billId] = d.message;
      }
      setServerAllocationErrors(onBills);
      const placed = applyServerErrors(err, setError, FIELDS);
      if (!placed && Object.keys(onBills).length === 0) setFormError(err.message);
    }
  };

  const referenceRule = (v: unknown, all: ReceiveFormValues) =>
    all.method === 'cash' || String(v ?? '').trim() !== '' || t('payments.receive.referenceRequired');

  return (
    <>
      <PageHeader title={t('payments.receive.title')} subtitle={t('payments.receive.subtitle')} />
      <Paper component="form" onSubmit={submit} noValidate sx={{ p: { xs: 2, md: 3 } }} aria-label={t('payments.receive.title')}>
        {largeAmount.dialog}
        <Stack spacing={2.5}>
          <Controller
            control={control}
            name="customerId"
            rules={{ validate: (v) => v !== null || t('payments.receive.customerRequired') }}
            render={({ fieldState, formState }) => {
              const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
              return (
                <CustomerPicker
                  useSearch={useCustomerLookupSearch}
                  value={customer}
                  onChange={pickCustomer}
                  onPicked={() => setTimeout(() => setFocus('amount'), 0)}
                  label={t('payments.picker.label')}
                  required
                  autoFocus
                  error={show}
                  helperText={show ? text(fieldState.error?.message) : t('payments.receive.keyboardHint')}
                />
              );
            }}
          />

          {customer && (
            <Box
              sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(4, 1fr)' }, gap: 2, p: 2, borderRadius: 1, bgcolor: 'action.hover' }}
              aria-label={t('payments.balance')}
              role="region"
            >
              <Box>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t('payments.customer')}
                </Typography>
                <Box sx={{ fontWeight: 600 }}>{customer.name}</Box>
                <Box sx={{ fontSize: '0.85em', color: 'text.secondary' }}>
                  {customer.customerNo} · {customer.phone}
                </Box>
              </Box>
              <Box>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t('payments.balance')}
                </Typography>
                <Box data-testid="customer-balance">{bills.data ? <BalanceText value={bills.data.balance} /> : <Skeleton width={120} />}</Box>
              </Box>
              <Box>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t('payments.receive.openBills')}
                </Typography>
                <Box>
                  {bills.data ? (
                    t('payments.receive.openBillsCount', { count: bills.data.openBills.length, amount: formatMoney(bills.data.openTotal, lang) })
                  ) : (
                    <Skeleton width={120} />
                  )}
                </Box>
              </Box>
              <Box>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t('payments.receive.balanceAfter')}
                </Typography>
                <Box data-testid="balance-after">{balanceAfter ? <BalanceText value={balanceAfter.toFixed(2)} /> : null}</Box>
              </Box>
              {bills.data && new Decimal(bills.data.balance).gt(bills.data.openTotal) && (
                <Box sx={{ gridColumn: '1 / -1', fontSize: '0.85em', color: 'text.secondary' }}>
                  {t('payments.receive.otherCharges', { amount: formatMoney(new Decimal(bills.data.balance).minus(bills.data.openTotal), lang) })}
                </Box>
              )}
            </Box>
          )}

          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <FormTextField
              control={control}
              name="amount"
              label={t('payments.amount')}
              required
              rules={{ validate: receivedAmountRule }}
              helperText={account?.currency}
              slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', style: { textAlign: 'right', fontSize: '1.2em' } } }}
              sx={{ width: { md: 200 }, flexShrink: 0 }}
            />
            <FormTextField
              control={control}
              name="date"
              label={t('payments.date')}
              type="date"
              required
              rules={{ required: 'v.required' }}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ width: { md: 180 }, flexShrink: 0 }}
            />
            <FormTextField
              control={control}
              name="accountId"
              label={t('payments.account')}
              select
              required
              rules={{ validate: (v) => (v !== null && v !== '') || t('payments.receive.accountRequired') }}
              transform={(v) => {
                const chosen = options.find((a) => String(a.id) === String(v));
                if (chosen) setValue('method', chosen.method);
                return chosen ? chosen.id : null;
              }}
              sx={{ flex: 1, minWidth: 200 }}
            >
              {options.map((a) => (
                <MenuItem key={a.id} value={a.id}>
                  {a.code} · {a.name}
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField control={control} name="method" label={t('payments.method')} select required sx={{ width: { md: 170 }, flexShrink: 0 }}>
              {paymentMethodValues.map((m) => (
                <MenuItem key={m} value={m}>
                  {t(`payments.methods.${m}`)}
                </MenuItem>
              ))}
            </FormTextField>
          </Stack>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <FormTextField
              control={control}
              name="reference"
              label={t('payments.reference')}
              required={method !== 'cash'}
              rules={{ validate: referenceRule, maxLength: { value: 100, message: 'v.maxLength|100' } }}
              helperText={t('payments.receive.referenceHelp')}
              slotProps={{ htmlInput: { maxLength: 100, autoComplete: 'off' } }}
              sx={{ width: { md: 300 } }}
            />
            <FormTextField
              control={control}
              name="memo"
              label={t('payments.memo')}
              rules={{ maxLength: { value: 1000, message: 'v.maxLength|1000' } }}
              slotProps={{ htmlInput: { maxLength: 1000 } }}
              sx={{ flex: 1 }}
            />
          </Stack>

          {customer && (
            <>
              <Divider />
              {bills.isPending ? (
                <Skeleton variant="rounded" height={120} />
              ) : (
                <AllocationTable
                  bills={openBills}
                  amounts={amounts}
                  check={check}
                  isManual={allocation.isManual}
                  serverErrors={serverAllocationErrors}
                  onChange={(billId, value) => {
                    clearErrors();
                    setServerAllocationErrors({});
                    setAllocation({ isManual: true, amounts: { ...amounts, [billId]: value } });
                  }}
                  onOldestFirst={() => setAllocation(NOT_MANUAL)}
                />
              )}
              {openBills.length === 0 && check.creditLeft.gt(0) && (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('payments.receive.creditLeft')}: <MoneyText value={check.creditLeft} />
                </Typography>
              )}
            </>
          )}

          {formError && (
            <Alert severity="error" role="alert">
              {formError}
            </Alert>
          )}
          <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
            <Button type="button" onClick={clear} disabled={receive.isPending}>
              {t('payments.receive.clear')}
            </Button>
            <Button type="submit" variant="contained" size="large" startIcon={<SaveIcon />} disabled={receive.isPending}>
              {t('payments.receive.save')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </>
  );
}
