// The Receive payment screen's fields: amount, date, the account the money goes into (choosing one
// sets its method), the method, the reference (required unless cash) and a memo. The form checks them
// with the contracts' paymentBody (ReceivePaymentPage).
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import type { Control, UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type PaymentInput, type ReceivingAccount, paymentMethodValues } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import type { ReceiveFormValues } from './payments.logic.ts';

export interface PaymentFieldsProps {
  control: Control<ReceiveFormValues, unknown, PaymentInput>;
  setValue: UseFormSetValue<ReceiveFormValues>;
  accounts: readonly ReceivingAccount[];
  /** The chosen account's currency, shown under the amount. */
  currency: string | undefined;
  method: ReceiveFormValues['method'];
}

export function PaymentFields({ control, setValue, accounts, currency, method }: PaymentFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <FormTextField
          control={control}
          name="amount"
          label={t('payments.amount')}
          required
          helperText={currency}
          slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', style: { textAlign: 'right', fontSize: '1.2em' } } }}
          sx={{ width: { md: 200 }, flexShrink: 0 }}
        />
        <FormTextField
          control={control}
          name="date"
          label={t('payments.date')}
          type="date"
          required
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: { md: 180 }, flexShrink: 0 }}
        />
        <FormTextField
          control={control}
          name="accountId"
          label={t('payments.account')}
          select
          required
          transform={(v) => {
            const chosen = accounts.find((a) => String(a.id) === String(v));
            if (chosen) setValue('method', chosen.method);
            return chosen ? chosen.id : null;
          }}
          sx={{ flex: 1, minWidth: 200 }}
        >
          {accounts.map((a) => (
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
          helperText={t('payments.receive.referenceHelp')}
          slotProps={{ htmlInput: { maxLength: 100, autoComplete: 'off' } }}
          sx={{ width: { md: 300 } }}
        />
        <FormTextField control={control} name="memo" label={t('payments.memo')} slotProps={{ htmlInput: { maxLength: 1000 } }} sx={{ flex: 1 }} />
      </Stack>
    </>
  );
}
