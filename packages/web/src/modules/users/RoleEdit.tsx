// /settings/list-roles/new and /settings/list-roles/:id: a role's name, description and privileges.
// The form validates with the contract (roleInput) and saves with POST /api/roles or PUT
// /api/roles/:id, which replaces the whole privilege list; server field errors (name taken, a
// privilege the caller does not hold) land on their fields.
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type RoleInput, type RoleRecord, roleInput, rolesEndpoints, type z } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { api, toast } from '../../lib/api.ts';
import { applyServerErrors } from '../../lib/forms.ts';
import { EditFormFrame, RecordLoader } from './EditScaffold.tsx';
import { PrivilegesField } from './PrivilegesField.tsx';
import { withRequiredMessages } from './users.forms.ts';
import { ROLES_PATH, ROLES_ROUTE, useRefreshAccess } from './users.queries.ts';

type RoleFormValues = z.input<typeof roleInput>;

export default function RoleEdit() {
  return (
    <RecordLoader<RoleRecord> path={ROLES_PATH} listRoute={ROLES_ROUTE} texts="users.roles">
      {(existing) => <RoleForm existing={existing} />}
    </RecordLoader>
  );
}

function RoleForm({ existing }: { existing: RoleRecord | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useRefreshAccess();
  const isNew = existing === undefined;

  const { control, handleSubmit, setError, formState } = useForm<RoleFormValues, unknown, RoleInput>({
    mode: 'all',
    resolver: withRequiredMessages(zodResolver(roleInput)),
    defaultValues: { name: existing?.name ?? '', description: existing?.description ?? '', privileges: existing?.privileges ?? [] },
  });

  const submit = handleSubmit(async (values) => {
    try {
      if (isNew) await api.call(rolesEndpoints.create, { body: values });
      else await api.call(rolesEndpoints.update, { params: { id: existing.id }, body: values });
      await refresh();
      toast(t('common.saved'), 'success');
      navigate(ROLES_ROUTE);
    } catch (err) {
      applyServerErrors(err, setError);
    }
  });

  return (
    <EditFormFrame
      texts="users.roles"
      listRoute={ROLES_ROUTE}
      record={existing && { title: existing.name, name: existing.name }}
      onSubmit={submit}
      isSubmitting={formState.isSubmitting}
      isDirty={formState.isDirty}
    >
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
          <PrivilegesField control={control} name="privileges" label={t('users.roles.privileges')} kept={existing?.privileges ?? []} />
        </Paper>
      </Stack>
    </EditFormFrame>
  );
}
