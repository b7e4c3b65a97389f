// /customers/payment: a cashier receives a payment. Pick the customer (name, number, phone or meter),
// see their balance and open charges (bills, sales invoices, an opening balance), type the amount: the
// oldest are proposed first and any amount can be typed over; what is not put on them stays as the
// customer's credit. Saving posts the payment
// (paymentsEndpoints.create with an Idempotency-Key) and opens its receipt, ready to print.
// Keyboard: the customer box has the focus; Enter picks the highlighted customer and moves to the
// amount; Enter there saves. Opened from a customer's page (?customerId=N), that customer is chosen
// already and the amount has the focus.
import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SaveIcon from '@mui/icons-material/Save';
import Decimal from 'decimal.js';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { CustomerLookup, PaymentInput } from '@ubo/contracts';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ApiError, toast } from '../../lib/api.ts';
import { todayIso } from '../../lib/format.ts';
import { applyServerErrors } from '../../lib/forms.ts';
import { useMessage } from '../../lib/messages.ts';
import { useLargeAmountGuard } from '../finance/index.ts';
import { ManualReceiptField, type ManualReceiptValue, manualReceiptOf } from '../receipt-books/index.ts';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { AllocationTable } from './AllocationTable.tsx';
import { CustomerPicker } from '../../components/CustomerPicker.tsx';
import { PayerSummary } from './PayerSummary.tsx';
import { PaymentFields } from './PaymentFields.tsx';
import { receivePaymentResolver } from './payments.forms.ts';
import {
  type AllocationState,
  type ReceiveFormValues,
  amountOf,
  chargeRows,
  checkAllocation,
  defaultAccount,
  emptyReceipt,
  lookupOfPreview,
  preselectedCustomerId,
  proposed,
  toPaymentBody,
} from './payments.logic.ts';
import { useCustomerBills, useReceivePayment, useReceivingAccounts, useCustomerLookupSearch } from './payments.queries.ts';

const FIELDS = ['customerId', 'amount', 'date', 'accountId', 'method', 'reference', 'memo'] as const;
const NOT_MANUAL: AllocationState = { amounts: {}, isManual: false };

export default function ReceivePaymentPage() {
  const { t } = useTranslation();
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
  // The receipt-book leaf a collector wrote (receipt-books module), and the server's refusal of it.
  const [manual, setManual] = useState<ManualReceiptValue>({ series: '', number: '' });
  const [manualError, setManualError] = useState<string | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const { control, handleSubmit, reset, setError, setValue, setFocus, clearErrors } = useForm<ReceiveFormValues, unknown, PaymentInput>({
    mode: 'onTouched',
    resolver: receivePaymentResolver,
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
  const openBills = useMemo(() => chargeRows(bills.data), [bills.data]);
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
    setManual({ series: '', number: '' });
    setManualError(null);
    setKey(newIdempotencyKey());
  };

  const largeAmount = useLargeAmountGuard('payment');
  const submit = handleSubmit((values) => {
    setFormError(null);
    setServerAllocationErrors({});
    if (Object.keys(check.errors).length > 0 || check.isOverAllocated) return;
    return largeAmount.guard(values.amount, () => save(values));
  });
  const save = async (values: PaymentInput) => {
    setFormError(null);
    setManualError(null);
    setServerAllocationErrors({});
    try {
      const body = { ...toPaymentBody(values, { amounts, isManual: allocation.isManual }, openBills), manualReceiptNumber: manualReceiptOf(manual) };
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
      const onManual = err.details.find((d) => d.field.startsWith('manualReceiptNumber'));
      if (onManual) setManualError(onManual.message);
      const placed = applyServerErrors(err, setError, FIELDS);
      if (!placed && !onManual && Object.keys(onBills).length === 0) setFormError(err.message);
    }
  };

  return (
    <>
      <PageHeader title={t('payments.receive.title')} subtitle={t('payments.receive.subtitle')} />
      <Paper component="form" onSubmit={submit} noValidate sx={{ p: { xs: 2, md: 3 } }} aria-label={t('payments.receive.title')}>
        {largeAmount.dialog}
        <Stack spacing={2.5}>
          <Controller
            control={control}
            name="customerId"
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

          {customer && <PayerSummary customer={customer} preview={bills.data} balanceAfter={balanceAfter} />}

          <PaymentFields control={control} setValue={setValue} accounts={options} currency={account?.currency} method={method} />
          <ManualReceiptField value={manual} onChange={setManual} error={manualError} />

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
