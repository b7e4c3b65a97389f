// The templates tab of /email/settings: each e-mail template (message, bill, sales invoice, sales receipt,
// purchase order; English and Somali) with its subject and text, checked with the contracts' emailTemplateBody.
import { useEffect } from 'react';
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
import { type EmailTemplate, type EmailTemplateBody, emailTemplateBody } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { ApiError, toast } from '../../lib/api.ts';
import { applyServerErrors } from '../../lib/forms.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useLang } from '../../lib/messages.ts';
import { emailPlaceholderList } from './email.logic.ts';
import { useEmailTemplates, useSaveEmailTemplate } from './email.queries.ts';

export function TemplatesTab() {
  const { t } = useTranslation();
  const templates = useEmailTemplates();
  if (templates.isPending) return <Skeleton variant="rounded" height={240} />;
  return (
    <>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>{t('email.settings.templates.intro')}</Typography>
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

function TemplateCard({ template }: { template: EmailTemplate }) {
  const { t } = useTranslation();
  const lang = useLang();
  const save = useSaveEmailTemplate();
  const { control, handleSubmit, reset, setError } = useForm<EmailTemplateBody>({
    mode: 'onTouched',
    resolver: zodResolver(emailTemplateBody),
    defaultValues: { subject: template.subject, body: template.body },
  });
  const [subject, body] = useWatch({ control, name: ['subject', 'body'] });
  useEffect(() => reset({ subject: template.subject, body: template.body }), [template.subject, template.body, reset]);
  const label = t('email.settings.templates.label', { kind: t(`email.kind.${template.kind}`), language: t(`email.languages.${template.language}`) });
  const submit = handleSubmit(async (value) => {
    try {
      await save.mutateAsync({ id: template.id, subject: value.subject, body: value.body });
      toast(t('email.settings.templates.saved'), 'success');
    } catch (err) {
      if (err instanceof ApiError && err.code !== 'SLOW_DOWN' && !applyServerErrors(err, setError, ['subject', 'body'])) {
        setError('body', { type: 'server', message: err.message });
      }
    }
  });
  return (
    <Paper component="form" onSubmit={submit} noValidate sx={{ p: 2, height: '100%' }} aria-label={label}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1.5, fontWeight: 500 }}>
        {label}
      </Typography>
      <Stack spacing={2}>
        <FormTextField control={control} name="subject" label={t('email.subject')} fullWidth />
        <FormTextField
          control={control}
          name="body"
          label={t('email.message')}
          multiline
          minRows={5}
          fullWidth
          helperText={t('email.placeholders', { list: emailPlaceholderList })}
        />
      </Stack>
      <Stack direction="row" sx={{ mt: 1.5, alignItems: 'center' }}>
        <Typography variant="caption" sx={{ color: 'text.secondary', flexGrow: 1 }}>
          {template.updatedBy ? t('email.settings.templates.updated', { name: template.updatedBy, time: formatDateTime(template.updatedAt, lang) }) : ''}
        </Typography>
        <Button
          type="submit"
          variant="contained"
          startIcon={<SaveIcon />}
          disabled={save.isPending || (body === template.body && subject === template.subject)}
        >
          {t('email.settings.templates.save')}
        </Button>
      </Stack>
    </Paper>
  );
}
