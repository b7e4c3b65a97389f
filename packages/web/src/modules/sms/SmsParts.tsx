// Pieces the SMS screens share: the character and SMS-part counter under a message, a message status chip,
// the list of recipients that got no message (and why), a customer picker that searches as you type
// (one or several customers), and the language select.
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { smsLanguageValues, type SmsRecipient, type SmsSkipped, type SmsStatus } from '@ubo/contracts';
import { counterText } from './sms.logic.ts';
import { useRecipients } from './sms.queries.ts';

export function MessageCounter({ text, id }: { text: string; id?: string }) {
  const { t } = useTranslation();
  return (
    <Typography id={id} variant="caption" sx={{ color: 'text.secondary' }} aria-live="polite">
      {counterText(text, t)}
    </Typography>
  );
}

const statusColours: Record<SmsStatus, 'default' | 'info' | 'success' | 'error'> = {
  queued: 'default',
  sending: 'info',
  sent: 'success',
  failed: 'error',
};

export function SmsStatusChip({ status }: { status: SmsStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={statusColours[status]} variant={status === 'queued' ? 'outlined' : 'filled'} label={t(`sms.status.${status}`)} />;
}

/** Who got no message and why (first 50 lines). */
export function SkippedList({ skipped }: { skipped: SmsSkipped[] }) {
  const { t } = useTranslation();
  if (skipped.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mt: 2 }}>
      <AlertTitle>{t('sms.skippedTitle', { count: skipped.length })}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {skipped.slice(0, 50).map((s, i) => (
          <li key={`${s.billId ?? s.customerId ?? s.phone}-${i}`}>
            {t('sms.skippedLine', {
              who: [s.customerName, s.phone].filter(Boolean).join(' · '),
              reason: t(`sms.skipReason.${s.reason}`),
            })}
          </li>
        ))}
        {skipped.length > 50 && <li>…</li>}
      </Box>
    </Alert>
  );
}

function useDebounced(value: string, ms = 300): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return debounced;
}

const recipientLabel = (c: SmsRecipient) => `${c.name} · ${c.customerNo}`;

interface PickerBase {
  label: string;
  helperText?: string;
  error?: boolean;
  required?: boolean;
}

/** Several customers, found by name, number or phone; one whose phone cannot receive SMS is shown so. */
export function CustomersPicker({
  value,
  onChange,
  label,
  helperText,
  error,
  required,
}: PickerBase & { value: SmsRecipient[]; onChange: (next: SmsRecipient[]) => void }) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const q = useDebounced(input.trim());
  const found = useRecipients(q);
  return (
    <Autocomplete<SmsRecipient, true, false, false>
      multiple
      options={found.data ?? []}
      value={value}
      onChange={(_, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_, next, reason) => {
        if (reason !== 'reset') setInput(next);
      }}
      filterOptions={(x) => x}
      filterSelectedOptions
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={recipientLabel}
      loading={found.isFetching}
      noOptionsText={t('sms.send.noOptions')}
      renderOption={(props, c) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            <Box>
              <div>{recipientLabel(c)}</div>
              <Typography variant="caption" sx={{ color: c.smsPhone ? 'text.secondary' : 'error.main' }}>
                {c.smsPhone ?? `${c.phone} · ${t('sms.send.noSmsPhone')}`}
              </Typography>
            </Box>
          </li>
        );
      }}
      renderValue={(chosen, getItemProps) =>
        chosen.map((c, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} {...itemProps} size="small" label={c.name} color={c.smsPhone ? 'default' : 'warning'} />;
        })
      }
      renderInput={(params) => <TextField {...params} label={label} required={required} error={error} helperText={helperText} />}
    />
  );
}

/** English / Somali, optionally with a first choice for "none" (e.g. each customer's own language). */
export function LanguageSelect({
  value,
  onChange,
  emptyLabel,
  ...rest
}: Omit<TextFieldProps, 'value' | 'onChange' | 'select'> & { value: string; onChange: (next: string) => void; emptyLabel?: string }) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      value={value}
      onChange={(e) => onChange(e.target.value)}
      {...rest}
      slotProps={emptyLabel !== undefined ? { select: { displayEmpty: true }, inputLabel: { shrink: true } } : undefined}
    >
      {emptyLabel !== undefined && <MenuItem value="">{emptyLabel}</MenuItem>}
      {smsLanguageValues.map((l) => (
        <MenuItem key={l} value={l}>
          {t(`sms.languages.${l}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
