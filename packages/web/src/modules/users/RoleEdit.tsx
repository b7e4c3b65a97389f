// /settings/list-roles/new and /settings/list-roles/:id: a role's name, description and privileges.
// The form validates with the contract (roleInput) and saves with POST /api/roles or PUT
// /api/roles/:id, which replaces the whole privilege list; server field errors (name taken, a
// privilege the caller does not hold) land on their fields.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { type RoleInput, type RoleRecord, roleInput, type z } from '@ubo/contracts';
import { useSession } from '../../app/session.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { api, toast } from '../../lib/api.ts';
import { applyServerErrors } from '../../lib/forms.ts';
import { useMessage } from '../../lib/messages.ts';
import { useDetailQuery } from '../../lib/queries.ts';
import { PrivilegePicker } from './PrivilegePicker.tsx';
import { withRequiredMessages } from './users.forms.ts';
import { ROLES_PATH, ROLES_ROUTE, usePrivilegeCatalogue, useRefreshAccess } from './users.queries.ts';

type RoleFormValues = z.input<typeof roleInput>;

export default function RoleEdit() {
  const { t } = useTranslation();
  const { id } = useParams();
  const isNew = id === undefined;
  const validId = isNew || /^\d{1,9}$/.test(id);
  const detail = useDetailQuery<RoleRecord>(ROLES_PATH, !isNew && validId ? id : null);

  if (!isNew && validId && detail.isPending) {
    return (
      <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }
  if (!isNew && (!validId || !detail.data)) {
    return (
      <Paper sx={{ p: 4, textAlign: 'center' }}>
        <Typography sx={{ mb: 2 }}>{t('users.roles.notFound')}</Typography>
        <Button component={RouterLink} to={ROLES_ROUTE} startIcon={<ArrowBackIcon />}>
          {t('users.roles.backToList')}
        </Button>
      </Paper>
    );
  }
  return <RoleForm key={id ?? 'new'} existing={detail.data} />;
}

function RoleForm({ existing }: { existing: RoleRecord | undefined }) {
  const { t } = useTranslation();
  const text = useMessage();
  const navigate = useNavigate();
  const { user: me, isAdmin } = useSession();
  const refresh = useRefreshAccess();
  const { catalogue, isPending: catalogueLoading, isError: catalogueFailed, refetch: reloadCatalogue } = usePrivilegeCatalogue();
  const isNew = existing === undefined;

  const { control, handleSubmit, setError, formState } = useForm<RoleFormValues, unknown, RoleInput>({
    mode: 'all',
    resolver: withRequiredMessages(zodResolver(roleInput)),
    defaultValues: { name: existing?.name ?? '', description: existing?.description ?? '', privileges: existing?.privileges ?? [] },
  });

  // A non-administrator may add only privileges they hold; those the role already has may stay.
  const initial = existing?.privileges ?? [];
  const isGrantable = (key: string) => isAdmin || (me?.privileges ?? []).includes(key) || initial.includes(key);

  const submit = handleSubmit(async (values) => {
    try {
      if (isNew) await api.post<RoleRecord>(ROLES_PATH, values);
      else await api.put<RoleRecord>(`${ROLES_PATH}/${existing.id}`, values);
      await refresh();
      toast(t('common.saved'), 'success');
      navigate(ROLES_ROUTE);
    } catch (err) {
      applyServerErrors(err, setError);
    }
  });

  return (
    <>
      <PageHeader
        title={isNew ? t('users.roles.newTitle') : existing.name}
        subtitle={isNew ? t('users.roles.newSubtitle') : t('users.roles.editSubtitle', { name: existing.name })}
        actions={
          <Button component={RouterLink} to={ROLES_ROUTE} variant="outlined" startIcon={<ArrowBackIcon />}>
            {t('users.roles.backToList')}
          </Button>
        }
      />
      <form onSubmit={submit} noValidate>
        <Stack spacing={3}>
          <Paper sx={{ p: 3 }}>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              {t('users.roles.details')}
            </Typography>
            <Grid container spacing={2.5}>
              <Grid size={{ xs: 12, md: 5 }}>
                <FormTextField
                  control={control}
                  name="name"
                  label={t('users.roles.name')}
                  required
                  fullWidth
                  autoComplete="off"
                  helperText={t('users.roles.nameHelp')}
                  slotProps={{ htmlInput: { maxLength: 100 } }}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 7 }}>
                <FormTextField
                  control={control}
                  name="description"
                  label={t('users.roles.description')}
                  fullWidth
                  multiline
                  minRows={1}
                  maxRows={4}
                  slotProps={{ htmlInput: { maxLength: 500 } }}
                />
              </Grid>
            </Grid>
          </Paper>
          <Paper sx={{ p: 3 }}>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              {t('users.roles.privileges')}
            </Typography>
            {catalogue ? (
              <Controller
                control={control}
                name="privileges"
                render={({ field, fieldState }) => (
                  <PrivilegePicker
                    label={t('users.roles.privileges')}
                    catalogue={catalogue}
                    value={field.value ?? []}
                    onChange={field.onChange}
                    isGrantable={isGrantable}
                    error={fieldState.error ? text(fieldState.error.message) : undefined}
                  />
                )}
              />
            ) : catalogueLoading ? (
              <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center', py: 2 }}>
                <CircularProgress size={20} />
                <Typography>{t('users.picker.loading')}</Typography>
              </Stack>
            ) : (
              catalogueFailed && (
                <Alert severity="error" action={<Button onClick={reloadCatalogue}>{t('errors.tryAgain')}</Button>}>
                  {t('users.picker.failed')}
                </Alert>
              )
            )}
          </Paper>
        </Stack>
        <Paper
          elevation={3}
          sx={{ position: 'sticky', bottom: 16, mt: 3, p: 1.5, display: 'flex', justifyContent: 'flex-end', gap: 1.5, zIndex: 2 }}
        >
          <Button component={RouterLink} to={ROLES_ROUTE}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting || (!isNew && !formState.isDirty)}>
            {isNew ? t('users.roles.create') : t('common.save')}
          </Button>
        </Paper>
      </form>
    </>
  );
}
