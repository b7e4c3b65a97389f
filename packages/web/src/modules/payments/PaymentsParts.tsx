// Pieces the payments screens share: a customer's balance in words ("Owes 12.00" / "In credit 4.00"),
// a payment's or transfer's state as a chip, the method as text, and the dialog that cancels a payment
// or a balance transfer (a reason, required, and the reversing entry's date; posted with an
// Idempotency-Key made when the dialog opens; checked with the contracts' paymentCancelBody; a refused
// date or reason shows on its field).
import { type ReactNode, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Decimal from 'decimal.js';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PayerRef, PaymentCancelBody, PaymentStatus, paymentCancelBody, z } from '@ubo/contracts';
import { DateField } from '../../components/DateField.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatMoney } from '../../lib/format.ts';
import { useLang, useMessage } from '../../lib/messages.ts';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { cancelDocumentResolver } from './payments.forms.ts';

type PaymentCancelInput = z.input<typeof paymentCancelBody>;

/** "Owes 12.00", "In credit 4.00" or "Nothing owed". */
export function useBalanceText() {
  const { t } = useTranslation();
  const lang = useLang();
  return (balance: string | null | undefined) => {
    const d = new Decimal(balance || 0);
    if (d.isZero()) return t('payments.settled');
    return d.gt(0) ? t('payments.owes', { amount: formatMoney(d, lang) }) : t('payments.inCredit', { amount: formatMoney(d.abs(), lang) });
  };
}

export function BalanceText({ value }: { value: string | null | undefined }) {
  const text = useBalanceText();
  const d = new Decimal(value || 0);
  return (
    <Box component="span" sx={{ fontWeight: 600, color: d.gt(0) ? 'warning.dark' : d.lt(0) ? 'success.dark' : 'text.secondary' }}>
      {text(value)}
    </Box>
  );
}

/** A customer in a table cell: the name, and the customer number under it. */
export function CustomerCell({ customer }: { customer: Pick<PayerRef, 'name' | 'customerNo'> }) {
  return (
    <Box>
      <Box component="span">{customer.name}</Box>
      <Box component="span" sx={{ display: 'block', fontSize: '0.8em', color: 'text.secondary' }}>
        {customer.customerNo}
      </Box>
    </Box>
  );
}

export function StateChip({ state }: { state: PaymentStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={state === 'Posted' ? 'success' : 'error'}
      variant={state === 'Posted' ? 'outlined' : 'filled'}
      label={t(`payments.state.${state}`)}
    />
  );
}

export interface CancelDocumentDialogProps {
  open: boolean;
  /** RC-000001 or CT-000001 */
  number: string;
  message: ReactNode;
  /** The document's date: the reversal takes it unless the user changes it. */
  documentDate: string;
  onCancel: (body: PaymentCancelBody, key: string) => Promise<unknown>;
  onClose: () => void;
}

export function CancelDocumentDialog({ open, number, message, documentDate, onCancel, onClose }: CancelDocumentDialogProps) {
  const { t } = useTranslation();
  const text = useMessage();
  const [formError, setFormError] = useState<string | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const { control, handleSubmit, reset, setError } = useForm<PaymentCancelInput, unknown, PaymentCancelBody>({
    resolver: cancelDocumentResolver,
    defaultValues: { reason: '', date: documentDate },
  });
  useEffect(() => {
    if (!open) return;
    reset({ reason: '', date: documentDate });
    setFormError(null);
    setKey(newIdempotencyKey());
  }, [open, documentDate, reset]);

  // The dialog stays open unless the cancellation went through (ConfirmDialog closes when this resolves).
  const confirm = async () => {
    let isCancelled = false;
    setFormError(null);
    await handleSubmit(async (body) => {
      try {
        await onCancel(body, key);
        isCancelled = true;
      } catch (err) {
        if (!(err instanceof ApiError)) return;
        const onFields = err.details.filter((d) => d.field === 'reason' || d.field === 'date');
        for (const d of onFields) setError(d.field as 'reason' | 'date', { type: 'server', message: d.message });
        if (onFields.length === 0) setFormError(err.message);
      }
    })();
    if (!isCancelled) throw new Error('not cancelled');
  };

  return (
    <ConfirmDialog
      open={open}
      title={t('payments.cancel.title', { number })}
      destructive
      confirmLabel={t('payments.cancel.confirm')}
      cancelLabel={t('payments.cancel.keep')}
      onConfirm={confirm}
      onClose={onClose}
      message={
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          <Box>{message}</Box>
          <Controller
            control={control}
            name="reason"
            render={({ field, fieldState }) => (
              <TextField
                label={t('payments.cancel.reason')}
                value={field.value}
                onChange={field.onChange}
                inputRef={field.ref}
                required
                autoFocus
                multiline
                minRows={2}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error ? text(fieldState.error.message) : undefined}
                slotProps={{ htmlInput: { maxLength: 500 } }}
              />
            )}
          />
          <Controller
            control={control}
            name="date"
            render={({ field, fieldState }) => (
              <DateField
                label={t('payments.cancel.date')}
                value={field.value}
                onChange={field.onChange}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error ? text(fieldState.error.message) : t('payments.cancel.dateHelp')}
                slotProps={{ htmlInput: { min: documentDate } }}
              />
            )}
          />
          {formError && (
            <Box role="alert" sx={{ color: 'error.main' }}>
              {formError}
            </Box>
          )}
        </Stack>
      }
    />
  );
}
