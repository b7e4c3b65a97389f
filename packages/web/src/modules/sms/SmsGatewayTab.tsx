// The gateway tab of /sms/settings (administrators): outbox or HTTP gateway with its address, method, auth
// header and sealed secret, content type, body template, sender id, attempts, default language (checked
// with the contracts' smsSettingsBody through zodResolver, gatewayForm.ts), and a test message (SmsGatewayTestPanel.tsx).
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import SaveIcon from '@mui/icons-material/Save';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type SmsSettings, smsContentTypeValues, smsLanguageValues, smsProviderValues } from '@ubo/contracts';
import { useSession } from '../../app/session.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { ApiError, toast } from '../../lib/api.ts';
import { applyServerErrors } from '../../lib/forms.ts';
import { type GatewayForm, GATEWAY_FIELDS, gatewayBodyOf, gatewayFormSchema, toForm } from './gatewayForm.ts';
import { TestPanel } from './SmsGatewayTestPanel.tsx';
import { useSaveSmsSettings, useSmsSettings } from './sms.queries.ts';

export function GatewayTab() {
  const { t } = useTranslation();
  const { isAdmin } = useSession();
  const settings = useSmsSettings(isAdmin);
  if (!isAdmin) return <Alert severity="info">{t('sms.settings.gateway.adminOnly')}</Alert>;
  if (!settings.data) return <Skeleton variant="rounded" height={360} />;
  return (
    <Stack spacing={3}>
      <GatewayFormPanel settings={settings.data} />
      <TestPanel />
    </Stack>
  );
}

function GatewayFormPanel({ settings }: { settings: SmsSettings }) {
  const { t } = useTranslation();
  const save = useSaveSmsSettings();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError } = useForm<GatewayForm>({
    mode: 'onTouched',
    resolver: zodResolver(gatewayFormSchema),
    defaultValues: toForm(settings),
  });
  const [provider, method, removeSecret] = useWatch({ control, name: ['provider', 'method', 'removeSecret'] });
  const isHttp = provider === 'http';

  const submit = handleSubmit(async (v) => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync(gatewayBodyOf(v));
      reset(toForm(saved));
      toast(t('sms.settings.gateway.saved'), 'success');
    } catch (err) {
      if (!(err instanceof ApiError) || err.code === 'SLOW_DOWN') return;
      if (!applyServerErrors(err, setError, GATEWAY_FIELDS)) setFormError(err.message);
    }
  });

  return (
    <Paper component="form" onSubmit={submit} noValidate sx={{ p: { xs: 2, md: 3 } }} aria-label={t('sms.settings.tabs.gateway')}>
      <Stack spacing={2}>
        <FormTextField control={control} name="provider" select label={t('sms.settings.gateway.provider')} sx={{ maxWidth: 560 }}>
          {smsProviderValues.map((v) => (
            <MenuItem key={v} value={v}>
              {t(`sms.settings.gateway.providers.${v}`)}
            </MenuItem>
          ))}
        </FormTextField>
        {isHttp && (
          <>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
              <FormTextField control={control} name="method" select label={t('sms.settings.gateway.method')} sx={{ width: { md: 140 }, flexShrink: 0 }}>
                {(['POST', 'GET'] as const).map((v) => (
                  <MenuItem key={v} value={v}>
                    {v}
                  </MenuItem>
                ))}
              </FormTextField>
              <FormTextField
                control={control}
                name="url"
                label={t('sms.settings.gateway.url')}
                required
                helperText={t('sms.settings.gateway.urlHelp')}
                sx={{ flex: 1 }}
              />
            </Stack>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
              <FormTextField
                control={control}
                name="authHeaderName"
                label={t('sms.settings.gateway.authHeaderName')}
                helperText={t('sms.settings.gateway.authHeaderHelp')}
                sx={{ flex: 1 }}
              />
              <FormTextField
                control={control}
                name="authSecret"
                type="password"
                autoComplete="new-password"
                label={t('sms.settings.gateway.authSecret')}
                disabled={removeSecret}
                helperText={
                  settings.hasAuthSecret
                    ? t('sms.settings.gateway.authSecretKeep', { masked: settings.authSecretMasked })
                    : t('sms.settings.gateway.authSecretHelp')
                }
                sx={{ flex: 1 }}
              />
            </Stack>
            {settings.hasAuthSecret && (
              <Controller
                control={control}
                name="removeSecret"
                render={({ field }) => (
                  <FormControlLabel
                    control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                    label={t('sms.settings.gateway.removeSecret')}
                  />
                )}
              />
            )}
            {method === 'POST' && (
              <>
                <FormTextField control={control} name="contentType" select label={t('sms.settings.gateway.contentType')} sx={{ maxWidth: 420 }}>
                  {smsContentTypeValues.map((v) => (
                    <MenuItem key={v} value={v}>
                      {v}
                    </MenuItem>
                  ))}
                </FormTextField>
                <FormTextField
                  control={control}
                  name="bodyTemplate"
                  label={t('sms.settings.gateway.bodyTemplate')}
                  multiline
                  minRows={2}
                  helperText={t('sms.settings.gateway.bodyHelp')}
                  slotProps={{ htmlInput: { style: { fontFamily: 'monospace' } } }}
                />
              </>
            )}
            <FormTextField
              control={control}
              name="senderId"
              label={t('sms.settings.gateway.senderId')}
              slotProps={{ htmlInput: { maxLength: 20 } }}
              sx={{ maxWidth: 320 }}
            />
          </>
        )}
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <FormTextField control={control} name="maxAttempts" select label={t('sms.settings.gateway.maxAttempts')} sx={{ width: { md: 220 } }}>
            {Array.from({ length: 10 }, (_, i) => String(i + 1)).map((n) => (
              <MenuItem key={n} value={n}>
                {n}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField control={control} name="defaultLanguage" select label={t('sms.settings.gateway.defaultLanguage')} sx={{ width: { md: 360 } }}>
            {smsLanguageValues.map((l) => (
              <MenuItem key={l} value={l}>
                {t(`sms.languages.${l}`)}
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
            {t('sms.settings.gateway.save')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

// ---- Customers' languages ------------------------------------------------------------------------
