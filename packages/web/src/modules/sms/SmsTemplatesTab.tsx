// The templates tab of /sms/settings: each message template (bill and free, English and Somali) with its
// counter and an example; the text is checked with the contracts' smsTemplateBody (zodResolver).
import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SaveIcon from '@mui/icons-material/Save';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type SmsTemplate, type SmsTemplateBody, renderSmsTemplate, smsTemplateBody } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { ApiError, toast } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useLang } from '../../lib/messages.ts';
import { MessageCounter } from './SmsParts.tsx';
import { exampleValues, placeholderList } from './sms.logic.ts';
import { useSaveTemplate, useTemplates } from './sms.queries.ts';

export function TemplatesTab() {
  const { t } = useTranslation();
  const templates = useTemplates();
  if (templates.isPending) return <Skeleton variant="rounded" height={240} />;
  return (
    <>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>{t('sms.settings.templates.intro')}</Typography>
      <Grid container spacing={2}>
        {(templates.data ?? []).map((template) => (
          <Grid key={template.id} size={{ xs: 12, lg: 6 }}>
            <TemplateCard template={template} />
          </Grid>
        ))}
      </Grid>
    </>
  );
}

function TemplateCard({ template }: { template: SmsTemplate }) {
  const { t } = useTranslation();
  const lang = useLang();
  const save = useSaveTemplate();
  const { control, handleSubmit, reset, setError } = useForm<SmsTemplateBody>({
    mode: 'onTouched',
    resolver: zodResolver(smsTemplateBody),
    defaultValues: { body: template.body },
  });
  const body = useWatch({ control, name: 'body' });
  useEffect(() => reset({ body: template.body }), [template.body, reset]);
  const label = t('sms.settings.templates.label', {
    kind: t(`sms.settings.templates.kind.${template.kind}`),
    language: t(`sms.languages.${template.language}`),
  });
  const example = renderSmsTemplate(body, exampleValues(template.language));

  const submit = handleSubmit(async (value) => {
    try {
      await save.mutateAsync({ id: template.id, body: value.body });
      toast(t('sms.settings.templates.saved'), 'success');
    } catch (err) {
      if (err instanceof ApiError && err.code !== 'SLOW_DOWN') setError('body', { type: 'server', message: err.details[0]?.message ?? err.message });
    }
  });

  return (
    <Paper component="form" onSubmit={submit} noValidate sx={{ p: 2, height: '100%' }} aria-label={label}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1.5, fontWeight: 500 }}>
        {label}
      </Typography>
      <FormTextField
        control={control}
        name="body"
        label={label}
        multiline
        minRows={3}
        fullWidth
        helperText={t('sms.placeholders', { list: placeholderList })}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
      <MessageCounter text={example} />
      <Box sx={{ mt: 1.5, p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t('sms.settings.templates.example')}
        </Typography>
        <Typography variant="body2">{example}</Typography>
      </Box>
      <Stack direction="row" sx={{ mt: 1.5, alignItems: 'center' }}>
        <Typography variant="caption" sx={{ color: 'text.secondary', flexGrow: 1 }}>
          {template.updatedBy ? t('sms.settings.templates.updated', { name: template.updatedBy, time: formatDateTime(template.updatedAt, lang) }) : ''}
        </Typography>
        <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={save.isPending || body === template.body}>
          {t('sms.settings.templates.save')}
        </Button>
      </Stack>
    </Paper>
  );
}

// ---- Gateway (administrators) --------------------------------------------------------------------
