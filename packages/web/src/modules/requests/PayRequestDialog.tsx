// Pay an approved request (pay-request): date, amount (the approved amount, or less), the account paid
// from (cash, bank, mobile money) and the account charged (an expense account; for a cash advance the
// employee advances account is proposed, or another advance or receivable account). The server posts the
// journal entry and marks the request Fulfilled; its refusals show on their fields.
import { useEffect, useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { type Control, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type RequestDetail, type requestPayBody, requestPayBody as payBody, requestsEndpoints, type z } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { callEndpoint, toast } from '../../lib/api.ts';
import { formatMoney, todayIso } from '../../lib/format.ts';
import { useLang } from '../../lib/messages.ts';
import { endpointKeys } from '../../lib/queryKeys.ts';
import { useEndpointMutation } from '../../lib/queries.ts';

type FormValues = { date: string; amount: string; accountId: string; debitAccountId: string; memo: string };
type PayInput = z.output<typeof requestPayBody>;
const resolver = zodResolver(payBody) as unknown as Resolver<FormValues, unknown, PayInput>;
const invalidate = [requestsEndpoints.list, requestsEndpoints.awaiting, requestsEndpoints.view];

export function PayRequestDialog({ request, onClose }: { request: RequestDetail | null; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const titleId = useId();
  const choices = useQuery({
    queryKey: endpointKeys(requestsEndpoints.payChoices).list({}),
    queryFn: ({ signal }) => callEndpoint(requestsEndpoints.payChoices, undefined, { signal }),
    enabled: request !== null,
  });
  const form = useForm<FormValues, unknown, PayInput>({
    mode: 'all',
    resolver,
    defaultValues: { date: todayIso(), amount: '', accountId: '', debitAccountId: '', memo: '' },
  });
  const { handleSubmit, reset, setError } = form;
  const control = form.control as unknown as Control<FormValues>;
  const isAdvance = request?.type === 'cash-advance';
  const advanceId = choices.data?.advanceAccountId ?? null;
  useEffect(() => {
    if (!request) return;
    reset({
      date: todayIso(),
      amount: request.amount,
      accountId: '',
      debitAccountId: request.type === 'cash-advance' && advanceId !== null ? String(advanceId) : '',
      memo: '',
    });
  }, [request, advanceId, reset]);
  const pay = useEndpointMutation(requestsEndpoints.pay, {
    invalidate,
    setError,
    successMessage: false,
    onSuccess: (r) => {
      const last = r.payments[r.payments.length - 1];
      toast(t('requests.pay.paid', { refNo: r.refNo ?? '', number: last?.number ?? '' }), 'success');
      onClose();
    },
  });
  const debitAccounts = (choices.data?.debitAccounts ?? []).filter((a) => isAdvance || a.use === 'expense');
  const submit = handleSubmit((body) => request && pay.mutate({ params: { id: request.id }, body }));
  return (
    <Dialog open={request !== null} onClose={pay.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('requests.pay.title', { refNo: request?.refNo ?? '' })}</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent sx={{ pt: 0 }}>
          <DialogContentText sx={{ mb: 2 }}>{t('requests.pay.text')}</DialogContentText>
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormTextField
                control={control}
                name="amount"
                label={t('requests.pay.amount')}
                required
                helperText={request ? t('requests.pay.amountHelp', { amount: formatMoney(request.amount, lang) }) : undefined}
                slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', style: { textAlign: 'right' } } }}
                sx={{ flex: 1 }}
              />
              <FormTextField
                control={control}
                name="date"
                label={t('requests.pay.date')}
                type="date"
                required
                slotProps={{ inputLabel: { shrink: true } }}
                sx={{ width: { sm: 180 } }}
              />
            </Stack>
            <FormTextField control={control} name="accountId" label={t('requests.pay.account')} select required fullWidth>
              {(choices.data?.payingAccounts ?? []).map((a) => (
                <MenuItem key={a.id} value={String(a.id)}>
                  {a.code} · {a.name}
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField
              control={control}
              name="debitAccountId"
              label={t('requests.pay.debitAccount')}
              select
              required
              fullWidth
              helperText={isAdvance ? t('requests.pay.debitHelpAdvance') : t('requests.pay.debitHelpExpense')}
            >
              {debitAccounts.map((a) => (
                <MenuItem key={a.id} value={String(a.id)}>
                  {a.code} · {a.name}
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField control={control} name="memo" label={t('requests.pay.memo')} fullWidth slotProps={{ htmlInput: { maxLength: 500 } }} />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={pay.isPending}>
            {t('common.close')}
          </Button>
          <Button type="submit" variant="contained" disabled={pay.isPending}>
            {t('requests.pay.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
