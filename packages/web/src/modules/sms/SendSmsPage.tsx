// /sms/send-sms: a free message (POST /api/send-sms) to chosen customers, to the active customers of a
// zone, or to typed phone numbers (checked as they are typed; the server refuses a bad one on its line),
// with a character and SMS-part counter and the language it is recorded in. The answer says how many
// messages were queued, who was skipped and why, and links to them in the SMS report.
import { useEffect, useId, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SendIcon from '@mui/icons-material/Send';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { type SendSmsBody, type SmsLanguage, type SmsQueued, type SmsRecipient, smsPlaceholders } from '@ubo/contracts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ApiError, toast } from '../../lib/api.ts';
import { useMessage } from '../../lib/messages.ts';
import { CustomersPicker, LanguageSelect, MessageCounter, SkippedList } from './SmsParts.tsx';
import { newSendKey, readPhoneList } from './sms.logic.ts';
import { useSendOptions, useSendSms } from './sms.queries.ts';

type TargetType = SendSmsBody['target']['type'];
type Errors = Partial<Record<'customers' | 'zone' | 'phones' | 'message' | 'form', string>>;

/** The free placeholders that mean something when the recipients are customers. */
const FREE_PLACEHOLDERS = smsPlaceholders.filter((p) => ['name', 'customerNo', 'balance', 'company', 'shortCode', 'currency'].includes(p));

export default function SendSmsPage() {
  const { t } = useTranslation();
  const text = useMessage();
  const counterId = useId();
  const options = useSendOptions();
  const send = useSendSms();
  const [target, setTarget] = useState<TargetType>('customers');
  const [customers, setCustomers] = useState<SmsRecipient[]>([]);
  const [zoneId, setZoneId] = useState<number | ''>('');
  const [phonesText, setPhonesText] = useState('');
  const [message, setMessage] = useState('');
  const [language, setLanguage] = useState<SmsLanguage | ''>('');
  const [errors, setErrors] = useState<Errors>({});
  const [result, setResult] = useState<SmsQueued | null>(null);
  const [key, setKey] = useState(newSendKey);
  const phones = useMemo(() => readPhoneList(phonesText), [phonesText]);
  const chosenLanguage: SmsLanguage = language || options.data?.defaultLanguage || 'en';

  // The organisation's default language once known.
  useEffect(() => {
    if (options.data && language === '') setLanguage(options.data.defaultLanguage);
  }, [options.data, language]);

  const check = (): Errors => {
    const found: Errors = {};
    if (target === 'customers' && customers.length === 0) found.customers = t('sms.send.customersRequired');
    if (target === 'zone' && zoneId === '') found.zone = t('sms.send.zoneRequired');
    if (target === 'phones' && phones.entries.length === 0) found.phones = t('sms.send.phonesRequired');
    if (target === 'phones' && phones.invalid.length > 0) found.phones = t('sms.send.phonesInvalid', { list: phones.invalid.join(', ') });
    if (message.trim() === '') found.message = text('v.required');
    return found;
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setResult(null);
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body: SendSmsBody = {
      target:
        target === 'customers'
          ? { type: 'customers', customerIds: customers.map((c) => c.id) }
          : target === 'zone'
            ? { type: 'zone', zoneId: Number(zoneId) }
            : { type: 'phones', phones: phones.entries },
      message,
      language: chosenLanguage,
    };
    try {
      const queued = await send.mutateAsync({ body, key });
      setResult(queued);
      setKey(newSendKey());
      toast(queued.queued > 0 ? t('sms.send.queued', { count: queued.queued }) : t('sms.send.nothingQueued'), queued.queued > 0 ? 'success' : 'warning');
      if (queued.queued > 0) setMessage('');
    } catch (err) {
      if (!(err instanceof ApiError) || err.code === 'SLOW_DOWN') return;
      const next: Errors = {};
      for (const d of err.details) {
        if (d.field.startsWith('target.phones')) {
          const index = Number(d.field.split('.')[2]);
          next.phones = `${phones.entries[index] ?? ''}: ${d.message}`;
        } else if (d.field.startsWith('target.customerIds')) next.customers = d.message;
        else if (d.field.startsWith('target.zoneId')) next.zone = d.message;
        else if (d.field === 'message') next.message = d.message;
      }
      if (Object.keys(next).length === 0) next.form = err.message;
      setErrors(next);
    }
  };

  const startFromTemplate = () => {
    const template = options.data?.templates[chosenLanguage];
    if (template) setMessage(template);
  };

  return (
    <>
      <PageHeader title={t('sms.send.title')} subtitle={t('sms.send.subtitle')} />
      <Paper component="form" onSubmit={submit} noValidate sx={{ p: { xs: 2, md: 3 } }} aria-label={t('sms.send.title')}>
        <Stack spacing={2.5}>
          <FormControl>
            <FormLabel id="sms-target">{t('sms.send.target')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby="sms-target"
              value={target}
              onChange={(e) => {
                setTarget(e.target.value as TargetType);
                setErrors({});
              }}
            >
              {(['customers', 'zone', 'phones'] as const).map((v) => (
                <FormControlLabel key={v} value={v} control={<Radio />} label={t(`sms.send.targets.${v}`)} />
              ))}
            </RadioGroup>
          </FormControl>

          {target === 'customers' && (
            <CustomersPicker
              label={t('sms.send.customers')}
              value={customers}
              onChange={(next) => {
                setCustomers(next);
                setErrors((e) => ({ ...e, customers: undefined }));
              }}
              required
              error={Boolean(errors.customers)}
              helperText={errors.customers ?? t('sms.send.customersHelp')}
            />
          )}
          {target === 'zone' && (
            <TextField
              select
              label={t('sms.send.zone')}
              value={zoneId}
              onChange={(e) => {
                setZoneId(Number(e.target.value));
                setErrors((x) => ({ ...x, zone: undefined }));
              }}
              required
              error={Boolean(errors.zone)}
              helperText={errors.zone}
              sx={{ maxWidth: 480 }}
            >
              {(options.data?.zones ?? []).map((z) => (
                <MenuItem key={z.id} value={z.id}>
                  {t('sms.send.zoneOption', { name: z.name, count: z.customerCount })}
                </MenuItem>
              ))}
            </TextField>
          )}
          {target === 'phones' && (
            <TextField
              label={t('sms.send.phones')}
              value={phonesText}
              onChange={(e) => {
                setPhonesText(e.target.value);
                setErrors((x) => ({ ...x, phones: undefined }));
              }}
              multiline
              minRows={3}
              required
              error={Boolean(errors.phones) || phones.invalid.length > 0}
              helperText={
                errors.phones ??
                (phones.invalid.length > 0
                  ? t('sms.send.phonesInvalid', { list: phones.invalid.join(', ') })
                  : `${t('sms.send.phonesHelp')} ${phones.numbers.length > 0 ? t('sms.send.phonesCount', { count: phones.numbers.length }) : ''}`)
              }
            />
          )}

          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
            <LanguageSelect
              label={t('sms.language')}
              value={chosenLanguage}
              onChange={(v) => setLanguage(v as SmsLanguage)}
              helperText={t('sms.send.languageHelp')}
              sx={{ width: { md: 280 }, flexShrink: 0 }}
            />
            <Button type="button" onClick={startFromTemplate} disabled={!options.data} sx={{ mt: { md: 1 } }}>
              {t('sms.send.useTemplate')}
            </Button>
          </Stack>

          <TextField
            label={t('sms.message')}
            value={message}
            onChange={(e) => {
              setMessage(e.target.value);
              setErrors((x) => ({ ...x, message: undefined }));
            }}
            multiline
            minRows={4}
            required
            error={Boolean(errors.message)}
            helperText={errors.message ?? t('sms.placeholders', { list: FREE_PLACEHOLDERS.map((p) => `{${p}}`).join(' ') })}
            slotProps={{ htmlInput: { maxLength: 1000, 'aria-describedby': counterId } }}
          />
          <MessageCounter id={counterId} text={message} />

          {errors.form && (
            <Alert severity="error" role="alert">
              {errors.form}
            </Alert>
          )}
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" startIcon={<SendIcon />} disabled={send.isPending}>
              {t('sms.send.submit')}
            </Button>
          </Stack>
        </Stack>
        {result && (
          <>
            <Alert severity={result.queued > 0 ? 'success' : 'warning'} sx={{ mt: 2 }}>
              {result.queued > 0 ? t('sms.send.queued', { count: result.queued }) : t('sms.send.nothingQueued')}{' '}
              {result.batchId !== null && (
                <Link component={RouterLink} to={`/sms/sms-report?batchId=${result.batchId}`}>
                  {t('sms.openReport')}
                </Link>
              )}
            </Alert>
            <SkippedList skipped={result.skipped} />
          </>
        )}
      </Paper>
    </>
  );
}
