// /help_center/tickets/new and /help_center/tickets/:id/edit: subject, description, category and priority.
// An edit is possible only while the ticket is Open and support has not answered (the server decides).
import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ticketBody, ticketCategories, ticketPriorities, ticketsEndpoints, type z } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useDetailQuery, useSaveEndpoint } from '../../lib/queries.ts';

type Form = z.input<typeof ticketBody>;

export default function TicketFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const existing = useDetailQuery(ticketsEndpoints.view, id);
  const form = useForm<Form>({
    mode: 'onTouched',
    resolver: zodResolver(ticketBody),
    defaultValues: { subject: '', description: '', category: 'question', priority: 'normal' },
  });
  const { control, handleSubmit, reset, setError } = form;
  useEffect(() => {
    if (existing.data)
      reset({ subject: existing.data.subject, description: existing.data.description, category: existing.data.category, priority: existing.data.priority });
  }, [existing.data, reset]);
  const save = useSaveEndpoint({ create: ticketsEndpoints.create, update: ticketsEndpoints.update }, { setError, successMessage: t('helpCenter.form.saved') });
  return (
    <>
      <PageHeader title={t(id ? 'helpCenter.form.editTitle' : 'helpCenter.form.newTitle')} />
      <Paper sx={{ p: 3, maxWidth: 760 }}>
        <form
          noValidate
          onSubmit={handleSubmit((body) =>
            save.mutate({ id, body: body as z.output<typeof ticketBody> }, { onSuccess: (r) => navigate(`/help_center/tickets/${r.id}`, { replace: true }) }),
          )}
        >
          <Stack spacing={2.5}>
            <FormTextField control={control} name="subject" label={t('helpCenter.field.subject')} required />
            <FormTextField control={control} name="description" label={t('helpCenter.field.description')} required multiline minRows={5} />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormTextField control={control} name="category" select label={t('helpCenter.field.category')} required fullWidth>
                {ticketCategories.map((c) => (
                  <MenuItem key={c} value={c}>
                    {t(`helpCenter.category.${c}`)}
                  </MenuItem>
                ))}
              </FormTextField>
              <FormTextField control={control} name="priority" select label={t('helpCenter.field.priority')} required fullWidth>
                {ticketPriorities.map((c) => (
                  <MenuItem key={c} value={c}>
                    {t(`helpCenter.priority.${c}`)}
                  </MenuItem>
                ))}
              </FormTextField>
            </Stack>
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
              <Button onClick={() => navigate(-1)}>{t('helpCenter.form.cancel')}</Button>
              <Button type="submit" variant="contained" disabled={save.isPending}>
                {t(id ? 'helpCenter.form.save' : 'helpCenter.form.send')}
              </Button>
            </Box>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
