// /sms/send-sms: a free message (smsEndpoints.send) to chosen customers, to the active customers of a
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
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { type SendSmsBody, type SmsLanguage, type SmsQueued, smsPlaceholders } from '@ubo/contracts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ApiError, toast } from '../../lib/api.ts';
import { useMessage } from '../../lib/messages.ts';
import { CustomersPicker, LanguageSelect, MessageCounter, SkippedList } from './SmsParts.tsx';
import { emptySendSmsForm, type SendSmsForm, type SendSmsTarget, sendSmsFieldOf, sendSmsFormSchema } from './sendSmsForm.ts';
import { newSendKey, readPhoneList } from './sms.logic.ts';
import { useSendOptions, useSendSms } from './sms.queries.ts';

/** The free placeholders that mean something when the recipients are customers. */
const FREE_PLACEHOLDERS = smsPlaceholders.filter((p) => ['name', 'customerNo', 'balance', 'company', 'shortCode', 'currency'].includes(p));

export default function SendSmsPage() {
  const { t } = useTranslation();
  const text = useMessage();
  const counterId = useId();
  const options = useSendOptions();
  const send = useSendSms();
  const [formError, setFormError] = useState<string | null>(null);
  const [result, setResult] = useState<SmsQueued | null>(null);
  const [key, setKey] = useState(newSendKey);
  const defaultLanguage: SmsLanguage = options.data?.defaultLanguage || 'en';
  const schema = useMemo(() => sendSmsFormSchema(t, defaultLanguage), [t, defaultLanguage]);
  const { control, handleSubmit, setValue, getValues, setError, clearErrors } = useForm<SendSmsForm, unknown, SendSmsBody>({
    resolver: zodResolver(schema),
    defaultValues: emptySendSmsForm,
  });
  const [target, phonesText, message, language] = useWatch({ control, name: ['target', 'phonesText', 'message', 'language'] });
  const phones = useMemo(() => readPhoneList(phonesText), [phonesText]);
  const chosenLanguage: SmsLanguage = language || defaultLanguage;

  // The organisation's default language once known.
  useEffect(() => {
    if (options.data && getValues('language') === '') setValue('language', options.data.defaultLanguage);
  }, [options.data, getValues, setValue]);

  /** The server's field errors on their fields (a phone with the entry it concerns), else the whole form's. */
  const showServerErrors = (err: ApiError) => {
    let onField = false;
    for (const d of err.details) {
      const at = sendSmsFieldOf(d.field.split('.'), phones.entries);
      if (!at) continue;
      setError(at.field, { type: 'server', message: at.prefix === undefined ? d.message : `${at.prefix}: ${d.message}` });
      onField = true;
    }
    if (!onField) setFormError(err.message);
  };

  const submit = handleSubmit(
    async (body) => {
      setResult(null);
      setFormError(null);
      try {
        const queued = await send.mutateAsync({ body, key });
        setResult(queued);
        setKey(newSendKey());
        toast(queued.queued > 0 ? t('sms.send.queued', { count: queued.queued }) : t('sms.send.nothingQueued'), queued.queued > 0 ? 'success' : 'warning');
        if (queued.queued > 0) setValue('message', '');
      } catch (err) {
        if (err instanceof ApiError && err.code !== 'SLOW_DOWN') showServerErrors(err);
      }
    },
    () => {
      setResult(null);
      setFormError(null);
    },
  );

  const startFromTemplate = () => {
    const template = options.data?.templates[chosenLanguage];
    if (template) setValue('message', template, { shouldValidate: true });
  };

  return (
    <>
      <PageHeader title={t('sms.send.title')} subtitle={t('sms.send.subtitle')} />
      <Paper component="form" onSubmit={submit} noValidate sx={{ p: { xs: 2, md: 3 } }} aria-label={t('sms.send.title')}>
        <Stack spacing={2.5}>
          <FormControl>
            <FormLabel id="sms-target">{t('sms.send.target')}</FormLabel>
            <Controller
              control={control}
              name="target"
              render={({ field }) => (
                <RadioGroup
                  row
                  aria-labelledby="sms-target"
                  value={field.value}
                  onChange={(e) => {
                    field.onChange(e.target.value as SendSmsTarget);
                    clearErrors();
                    setFormError(null);
                  }}
                >
                  {(['customers', 'zone', 'phones'] as const).map((v) => (
                    <FormControlLabel key={v} value={v} control={<Radio />} label={t(`sms.send.targets.${v}`)} />
                  ))}
                </RadioGroup>
              )}
            />
          </FormControl>

          {target === 'customers' && (
            <Controller
              control={control}
              name="customers"
              render={({ field, fieldState }) => (
                <CustomersPicker
                  label={t('sms.send.customers')}
                  value={field.value}
                  onChange={field.onChange}
                  required
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error ? text(fieldState.error.message) : t('sms.send.customersHelp')}
                />
              )}
            />
          )}
          {target === 'zone' && (
            <Controller
              control={control}
              name="zoneId"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label={t('sms.send.zone')}
                  name={field.name}
                  value={field.value}
                  onChange={(e) => field.onChange(Number(e.target.value))}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  required
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error ? text(fieldState.error.message) : undefined}
                  sx={{ maxWidth: 480 }}
                >
                  {(options.data?.zones ?? []).map((z) => (
                    <MenuItem key={z.id} value={z.id}>
                      {t('sms.send.zoneOption', { name: z.name, count: z.customerCount })}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          )}
          {target === 'phones' && (
            <Controller
              control={control}
              name="phonesText"
              render={({ field, fieldState }) => (
                <TextField
                  label={t('sms.send.phones')}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  multiline
                  minRows={3}
                  required
                  error={Boolean(fieldState.error) || phones.invalid.length > 0}
                  helperText={
                    fieldState.error
                      ? text(fieldState.error.message)
                      : phones.invalid.length > 0
                        ? t('sms.send.phonesInvalid', { list: phones.invalid.join(', ') })
                        : `${t('sms.send.phonesHelp')} ${phones.numbers.length > 0 ? t('sms.send.phonesCount', { count: phones.numbers.length }) : ''}`
                  }
                />
              )}
            />
          )}

          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
            <LanguageSelect
              label={t('sms.language')}
              value={chosenLanguage}
              onChange={(v) => setValue('language', v as SmsLanguage)}
              helperText={t('sms.send.languageHelp')}
              sx={{ width: { md: 280 }, flexShrink: 0 }}
            />
            <Button type="button" onClick={startFromTemplate} disabled={!options.data} sx={{ mt: { md: 1 } }}>
              {t('sms.send.useTemplate')}
            </Button>
          </Stack>

          <Controller
            control={control}
            name="message"
            render={({ field, fieldState }) => (
              <TextField
                label={t('sms.message')}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                multiline
                minRows={4}
                required
                error={Boolean(fieldState.error)}
                helperText={
                  fieldState.error ? text(fieldState.error.message) : t('sms.placeholders', { list: FREE_PLACEHOLDERS.map((p) => `{${p}}`).join(' ') })
                }
                slotProps={{ htmlInput: { maxLength: 1000, 'aria-describedby': counterId } }}
              />
            )}
          />
          <MessageCounter id={counterId} text={message} />

          {formError && (
            <Alert severity="error" role="alert">
              {formError}
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
