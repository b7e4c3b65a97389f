// The test message of the gateway tab: sent at once through the saved settings; the gateway's answer
// (or why it failed) is shown under the form. The phone is checked with the contracts' smsTestBody (zodResolver).
import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/Send';
import { useTranslation } from 'react-i18next';
import { type SmsTestBody, type SmsTestResult, smsTestBody } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { ApiError } from '../../lib/api.ts';
import { describeSmsError } from './sms.logic.ts';
import { useTestSms } from './sms.queries.ts';

export function TestPanel() {
  const { t } = useTranslation();
  const test = useTestSms();
  const [result, setResult] = useState<SmsTestResult | null>(null);
  const { control, handleSubmit, setError } = useForm<SmsTestBody>({ resolver: zodResolver(smsTestBody), defaultValues: { phone: '' } });
  const phone = useWatch({ control, name: 'phone' });
  const submit = handleSubmit(async (body) => {
    setResult(null);
    try {
      setResult(await test.mutateAsync(body.phone));
    } catch (err) {
      if (err instanceof ApiError && err.code !== 'SLOW_DOWN') setError('phone', { type: 'server', message: err.details[0]?.message ?? err.message });
    }
  });
  return (
    <Paper component="form" onSubmit={submit} noValidate sx={{ p: { xs: 2, md: 3 } }} aria-label={t('sms.settings.gateway.testTitle')}>
      <Typography variant="h6" component="h3" sx={{ mb: 2 }}>
        {t('sms.settings.gateway.testTitle')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
        <FormTextField control={control} name="phone" label={t('sms.settings.gateway.testPhone')} required sx={{ width: { md: 300 } }} />
        <Button type="submit" variant="outlined" startIcon={<SendIcon />} disabled={test.isPending || phone.trim() === ''} sx={{ mt: { md: 1 } }}>
          {t('sms.settings.gateway.test')}
        </Button>
      </Stack>
      {result && (
        <Alert severity={result.status === 'sent' ? 'success' : 'error'} sx={{ mt: 2 }}>
          {result.status === 'sent'
            ? t('sms.settings.gateway.testSent', { status: result.httpStatus ? ` (HTTP ${result.httpStatus})` : '' })
            : t('sms.settings.gateway.testFailed', { error: describeSmsError(result.error, t) })}
          {result.response && (
            <Box component="pre" sx={{ m: 0, mt: 1, whiteSpace: 'pre-wrap', fontSize: '0.8rem' }}>
              {t('sms.settings.gateway.testAnswer', { answer: result.response })}
            </Box>
          )}
        </Alert>
      )}
    </Paper>
  );
}
