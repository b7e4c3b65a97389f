// /vendors/pay-bill: pay a vendor. Choose the vendor (or come with ?vendorId), see its open bills, type the
// amount, date, the account paid from (cash, bank, mobile money; choosing one sets the method), reference
// and memo; the amount goes to the bills oldest first, or by hand per bill. More than the open bills asks
// for a confirmation (the rest stays as credit with the vendor). Posting opens the payment voucher.
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ListAltIcon from '@mui/icons-material/ListAlt';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { type Control, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  bdec,
  billMoney,
  paymentMethodValues,
  proposeAllocation,
  type VendorPaymentInput,
  vendorPaymentBody,
  vendorPaymentsEndpoints,
  vendorsEndpoints,
} from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { api, toast } from '../../lib/api.ts';
import { formatMoney, todayIso } from '../../lib/format.ts';
import { useLang } from '../../lib/messages.ts';
import { endpointKeys } from '../../lib/queryKeys.ts';
import { useEndpointMutation } from '../../lib/queries.ts';
import { useRefreshVendorPages } from './vendors.queries.ts';
import { PayBillAllocations } from './PayBillAllocations.tsx';

type FormValues = { vendorId: string; amount: string; date: string; accountId: string; method: string; reference: string; memo: string };
const resolver = zodResolver(vendorPaymentBody) as unknown as Resolver<FormValues, unknown, VendorPaymentInput>;
const blank = (vendorId: string): FormValues => ({ vendorId, amount: '', date: todayIso(), accountId: '', method: 'cash', reference: '', memo: '' });

export default function PayBillPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useForm<FormValues, unknown, VendorPaymentInput>({ mode: 'all', resolver, defaultValues: blank(params.get('vendorId') ?? '') });
  const control = form.control as unknown as Control<FormValues>;
  const vendorId = Number(useWatch({ control, name: 'vendorId' })) || 0;
  const amount = useWatch({ control, name: 'amount' });
  const method = useWatch({ control, name: 'method' });
  const [byHand, setByHand] = useState(false);
  const [typed, setTyped] = useState<Record<number, string>>({});
  const [confirm, setConfirm] = useState(false);

  const vendors = useQuery({
    queryKey: endpointKeys(vendorPaymentsEndpoints.vendors).detail({}),
    queryFn: ({ signal }) => api.call(vendorPaymentsEndpoints.vendors, {}, { signal }),
    staleTime: 0,
  });
  const choices = useQuery({
    queryKey: endpointKeys(vendorPaymentsEndpoints.choices).detail({}),
    queryFn: ({ signal }) => api.call(vendorPaymentsEndpoints.choices, {}, { signal }),
  });
  const open = useQuery({
    queryKey: endpointKeys(vendorPaymentsEndpoints.openBills).detail({ vendorId }),
    queryFn: ({ signal }) => api.call(vendorPaymentsEndpoints.openBills, { query: { vendorId } }, { signal }),
    enabled: vendorId > 0,
    // Read afresh whenever the screen opens: another clerk may have paid or billed meanwhile.
    staleTime: 0,
  });
  // Another vendor: its own bills, nothing typed or confirmed yet.
  const [shownVendor, setShownVendor] = useState(vendorId);
  if (shownVendor !== vendorId) {
    setShownVendor(vendorId);
    setTyped({});
    setConfirm(false);
  }

  const bills = open.data?.bills ?? [];
  const validAmount = /^\d{1,12}(\.\d{1,2})?$/.test(amount.trim()) ? amount.trim() : '0';
  const amounts = useMemo(() => {
    if (byHand) return typed;
    const { amounts: proposed } = proposeAllocation(
      bills.map((b) => b.open),
      validAmount,
    );
    return Object.fromEntries(bills.map((b, i) => [b.openItemId, proposed[i]]));
  }, [byHand, typed, bills, validAmount]);
  const toBills = Object.values(amounts).reduce((s, a) => (/^\d{1,12}(\.\d{1,2})?$/.test(a) ? s.plus(a) : s), bdec(0));
  const left = bdec(validAmount).minus(toBills);
  const overpaying = open.data !== undefined && bdec(validAmount).gt(open.data.openTotal);

  const refreshVendorPages = useRefreshVendorPages();
  const pay = useEndpointMutation(vendorPaymentsEndpoints.create, {
    setError: form.setError,
    successMessage: false,
    invalidate: [vendorsEndpoints.list, vendorPaymentsEndpoints.openBills, vendorPaymentsEndpoints.vendors],
    onSuccess: (payment) => {
      void refreshVendorPages();
      toast(t('vendors.pay.posted', { number: payment.number }), 'success');
      navigate(`/vendors/payments/${payment.id}`);
    },
  });
  const lines = byHand ? bills.filter((b) => bdec(amounts[b.openItemId] || '0').gt(0)) : [];
  const submit = form.handleSubmit((body) =>
    pay.mutate({
      body: {
        ...body,
        confirmOverpayment: confirm || undefined,
        allocations: byHand ? lines.map((b) => ({ openItemId: b.openItemId, amount: amounts[b.openItemId].trim() })) : undefined,
      },
    }),
  );
  const errors = form.formState.errors as unknown as {
    allocations?: Array<{ amount?: { message?: string }; openItemId?: { message?: string } }> & { message?: string };
  };
  const lineErrors = Object.fromEntries(
    bills.map((b) => {
      const k = lines.indexOf(b);
      const e = k >= 0 ? errors.allocations?.[k] : undefined;
      return [bills.indexOf(b), e?.amount?.message ?? e?.openItemId?.message];
    }),
  );

  return (
    <>
      <PageHeader
        title={t('vendors.pay.title')}
        subtitle={t('vendors.pay.subtitle')}
        actions={
          <Button variant="outlined" startIcon={<ListAltIcon />} onClick={() => navigate('/vendors/payments')}>
            {t('vendors.pay.paymentsList')}
          </Button>
        }
      />
      <Paper component="form" onSubmit={submit} noValidate sx={{ p: { xs: 2, md: 3 } }}>
        <Stack spacing={2.5}>
          <FormTextField control={control} name="vendorId" label={t('vendors.pay.vendor')} select required sx={{ maxWidth: 520 }}>
            {(vendors.data?.data ?? []).map((v) => (
              <MenuItem key={v.id} value={String(v.id)}>
                {`${v.number} · ${v.name}`} ({formatMoney(v.balance, lang)})
              </MenuItem>
            ))}
          </FormTextField>
          {vendorId === 0 ? (
            <Typography sx={{ color: 'text.secondary' }}>{t('vendors.pay.pickVendor')}</Typography>
          ) : (
            <>
              <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
                <FormTextField
                  control={control}
                  name="amount"
                  label={t('vendors.pay.amount')}
                  required
                  slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', style: { textAlign: 'right', fontSize: '1.2em' } } }}
                  sx={{ width: { md: 200 }, flexShrink: 0 }}
                />
                <FormTextField
                  control={control}
                  name="date"
                  label={t('vendors.pay.date')}
                  type="date"
                  required
                  slotProps={{ inputLabel: { shrink: true } }}
                  sx={{ width: { md: 180 }, flexShrink: 0 }}
                />
                <FormTextField
                  control={control}
                  name="accountId"
                  label={t('vendors.pay.account')}
                  select
                  required
                  transform={(value) => {
                    const chosen = choices.data?.accounts.find((a) => String(a.id) === String(value));
                    if (chosen) form.setValue('method', chosen.subtype);
                    return value;
                  }}
                  sx={{ flex: 1, minWidth: 200 }}
                >
                  {(choices.data?.accounts ?? []).map((a) => (
                    <MenuItem key={a.id} value={String(a.id)}>
                      {a.code} · {a.name}
                    </MenuItem>
                  ))}
                </FormTextField>
                <FormTextField control={control} name="method" label={t('vendors.pay.method')} select required sx={{ width: { md: 170 }, flexShrink: 0 }}>
                  {paymentMethodValues.map((m) => (
                    <MenuItem key={m} value={m}>
                      {t(`vendors.pay.methods.${m}`)}
                    </MenuItem>
                  ))}
                </FormTextField>
              </Stack>
              <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
                <FormTextField
                  control={control}
                  name="reference"
                  label={t('vendors.pay.reference')}
                  required={method !== 'cash'}
                  helperText={t('vendors.pay.referenceHelp')}
                  slotProps={{ htmlInput: { maxLength: 100, autoComplete: 'off' } }}
                  sx={{ width: { md: 300 } }}
                />
                <FormTextField control={control} name="memo" label={t('vendors.pay.memo')} slotProps={{ htmlInput: { maxLength: 1000 } }} sx={{ flex: 1 }} />
              </Stack>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="subtitle1" component="h3">
                  {t('vendors.pay.allocation')}
                </Typography>
                <ToggleButtonGroup
                  size="small"
                  exclusive
                  value={byHand ? 'hand' : 'oldest'}
                  onChange={(_, v) => {
                    if (!v) return;
                    if (v === 'hand') setTyped(Object.fromEntries(Object.entries(amounts).map(([k, a]) => [k, a === '0.00' ? '' : a])));
                    setByHand(v === 'hand');
                  }}
                >
                  <ToggleButton value="oldest">{t('vendors.pay.oldestFirst')}</ToggleButton>
                  <ToggleButton value="hand">{t('vendors.pay.byHand')}</ToggleButton>
                </ToggleButtonGroup>
                {open.data && (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="pay-open-total">
                    {t('vendors.pay.openTotal', { amount: formatMoney(open.data.openTotal, lang) })}
                  </Typography>
                )}
              </Stack>
              {bills.length === 0 ? (
                <Alert severity="info">{t('vendors.pay.noBills')}</Alert>
              ) : (
                <PayBillAllocations
                  bills={bills}
                  amounts={amounts}
                  byHand={byHand}
                  onChange={(id, a) => setTyped((x) => ({ ...x, [id]: a }))}
                  errors={lineErrors}
                />
              )}
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
                <Typography variant="body2">
                  {t('vendors.pay.allocated', { amount: '' })}
                  <MoneyText value={billMoney(toBills)} />
                </Typography>
                <Typography variant="body2" sx={{ color: left.gt(0) ? 'warning.main' : undefined }}>
                  {t('vendors.pay.left', { amount: '' })}
                  <MoneyText value={billMoney(left.lt(0) ? '0' : left)} />
                </Typography>
              </Stack>
              {errors.allocations?.message && <Alert severity="error">{errors.allocations.message}</Alert>}
              {overpaying && (
                <FormControlLabel
                  control={<Checkbox checked={confirm} onChange={(e) => setConfirm(e.target.checked)} />}
                  label={t('vendors.pay.overpay')}
                  sx={{ color: 'warning.main' }}
                />
              )}
              <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
                <Button type="submit" variant="contained" size="large" disabled={pay.isPending}>
                  {t('vendors.pay.submit')}
                </Button>
              </Stack>
            </>
          )}
        </Stack>
      </Paper>
    </>
  );
}
