// The SMTP tab of /email/settings (administrators): server, port, security, user and password (stored
// sealed; only "set / not set" is shown), from address and name, attempts and default language, then a
// test e-mail sent at once through the saved settings with the server's answer.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SaveIcon from '@mui/icons-material/Save';
import SendIcon from '@mui/icons-material/Send';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type EmailSettings, type EmailTestBody, type EmailTestResult, emailLanguageValues, emailSecurityValues, emailTestBody } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { ApiError, toast } from '../../lib/api.ts';
import { applyServerErrors } from '../../lib/forms.ts';
import { describeEmailError } from './email.logic.ts';
import { useEmailSettings, useSaveEmailSettings, useTestEmail } from './email.queries.ts';
import { SMTP_FIELDS, type SmtpForm, smtpBodyOf, smtpFormSchema, toSmtpForm } from './smtpForm.ts';

export function SmtpTab() {
  const settings = useEmailSettings(true);
  if (!settings.data) return <Skeleton variant="rounded" height={360} />;
  return (
    <Stack spacing={3}>
      <SmtpFormPanel settings={settings.data} />
      {settings.data.configured && <TestPanel />}
    </Stack>
  );
}

function SmtpFormPanel({ settings }: { settings: EmailSettings }) {
  const { t } = useTranslation();
  const save = useSaveEmailSettings();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError } = useForm<SmtpForm>({
    mode: 'onTouched',
    resolver: zodResolver(smtpFormSchema),
    defaultValues: toSmtpForm(settings),
  });
  const removePassword = useWatch({ control, name: 'removePassword' });
  const submit = handleSubmit(async (v) => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync(smtpBodyOf(v));
      reset(toSmtpForm(saved));
      toast(t('email.settings.smtp.saved'), 'success');
    } catch (err) {
      if (!(err instanceof ApiError) || err.code === 'SLOW_DOWN') return;
      if (!applyServerErrors(err, setError, SMTP_FIELDS)) setFormError(err.message);
    }
  });
  return (
    <Paper component="form" onSubmit={submit} noValidate sx={{ p: { xs: 2, md: 3 } }} aria-label={t('email.settings.tabs.smtp')}>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>{t('email.settings.smtp.intro')}</Typography>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <FormTextField control={control} name="host" label={t('email.settings.smtp.host')} required sx={{ flex: 1 }} />
          <FormTextField control={control} name="port" label={t('email.settings.smtp.port')} required inputMode="numeric" sx={{ width: { md: 140 } }} />
          <FormTextField control={control} name="security" select label={t('email.settings.smtp.security')} sx={{ width: { md: 200 } }}>
            {emailSecurityValues.map((v) => (
              <MenuItem key={v} value={v}>
                {t(`email.settings.smtp.securities.${v}`)}
              </MenuItem>
            ))}
          </FormTextField>
        </Stack>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <FormTextField control={control} name="username" label={t('email.settings.smtp.username')} autoComplete="off" sx={{ flex: 1 }} />
          <FormTextField
            control={control}
            name="password"
            type="password"
            autoComplete="new-password"
            label={t('email.settings.smtp.password')}
            disabled={removePassword}
            helperText={settings.hasPassword ? t('email.settings.smtp.passwordSet') : t('email.settings.smtp.passwordNotSet')}
            sx={{ flex: 1 }}
          />
        </Stack>
        {settings.hasPassword && (
          <Controller
            control={control}
            name="removePassword"
            render={({ field }) => (
              <FormControlLabel
                control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                label={t('email.settings.smtp.removePassword')}
              />
            )}
          />
        )}
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <FormTextField control={control} name="fromAddress" label={t('email.settings.smtp.fromAddress')} required type="email" sx={{ flex: 1 }} />
          <FormTextField control={control} name="fromName" label={t('email.settings.smtp.fromName')} sx={{ flex: 1 }} />
        </Stack>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <FormTextField control={control} name="maxAttempts" select label={t('email.settings.smtp.maxAttempts')} sx={{ width: { md: 220 } }}>
            {Array.from({ length: 10 }, (_, i) => String(i + 1)).map((n) => (
              <MenuItem key={n} value={n}>
                {n}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField control={control} name="defaultLanguage" select label={t('email.settings.smtp.defaultLanguage')} sx={{ width: { md: 360 } }}>
            {emailLanguageValues.map((l) => (
              <MenuItem key={l} value={l}>
                {t(`email.languages.${l}`)}
              </MenuItem>
            ))}
          </FormTextField>
        </Stack>
        {formError && (
          <Alert severity="error" role="alert">
            {formError}
          </Alert>
        )}
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={save.isPending}>
            {t('email.settings.smtp.save')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

function TestPanel() {
  const { t } = useTranslation();
  const test = useTestEmail();
  const [result, setResult] = useState<EmailTestResult | null>(null);
  const { control, handleSubmit, setError } = useForm<EmailTestBody>({ resolver: zodResolver(emailTestBody), defaultValues: { to: '' } });
  const to = useWatch({ control, name: 'to' });
  const submit = handleSubmit(async (body) => {
    setResult(null);
    try {
      setResult(await test.mutateAsync(body.to));
    } catch (err) {
      if (err instanceof ApiError && err.code !== 'SLOW_DOWN') setError('to', { type: 'server', message: err.details[0]?.message ?? err.message });
    }
  });
  return (
    <Paper component="form" onSubmit={submit} noValidate sx={{ p: { xs: 2, md: 3 } }} aria-label={t('email.settings.smtp.testTitle')}>
      <Typography variant="h6" component="h3" sx={{ mb: 2 }}>
        {t('email.settings.smtp.testTitle')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
        <FormTextField control={control} name="to" type="email" label={t('email.settings.smtp.testTo')} required sx={{ width: { md: 360 } }} />
        <Button type="submit" variant="outlined" startIcon={<SendIcon />} disabled={test.isPending || to.trim() === ''} sx={{ mt: { md: 1 } }}>
          {t('email.settings.smtp.test')}
        </Button>
      </Stack>
      {result && (
        <Alert severity={result.status === 'sent' ? 'success' : 'error'} sx={{ mt: 2 }} role="status">
          {result.status === 'sent' ? t('email.settings.smtp.testSent') : t('email.settings.smtp.testFailed', { error: describeEmailError(result.error, t) })}
          {result.response && <div>{t('email.settings.smtp.testAnswer', { answer: result.response })}</div>}
        </Alert>
      )}
    </Paper>
  );
}
