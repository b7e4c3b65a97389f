// The templates tab of /sms/settings: each message template (bill and free, English and Somali) with its
// counter and an example.
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SaveIcon from '@mui/icons-material/Save';
import { useTranslation } from 'react-i18next';
import { type SmsTemplate, renderSmsTemplate } from '@ubo/contracts';
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
  const [body, setBody] = useState(template.body);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setBody(template.body), [template.body]);
  const label = t('sms.settings.templates.label', {
    kind: t(`sms.settings.templates.kind.${template.kind}`),
    language: t(`sms.languages.${template.language}`),
  });
  const example = renderSmsTemplate(body, exampleValues(template.language));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await save.mutateAsync({ id: template.id, body });
      toast(t('sms.settings.templates.saved'), 'success');
    } catch (err) {
      if (err instanceof ApiError && err.code !== 'SLOW_DOWN') setError(err.details[0]?.message ?? err.message);
    }
  };

  return (
    <Paper component="form" onSubmit={submit} noValidate sx={{ p: 2, height: '100%' }} aria-label={label}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1.5, fontWeight: 500 }}>
        {label}
      </Typography>
      <TextField
        label={label}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        multiline
        minRows={3}
        fullWidth
        error={Boolean(error)}
        helperText={error ?? t('sms.placeholders', { list: placeholderList })}
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
