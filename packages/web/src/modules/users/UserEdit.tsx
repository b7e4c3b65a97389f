// /settings/list-users/new and /settings/list-users/:id: one staff account. The form validates with
// the contract (createUserBody; an edit sends the same fields without the password to PUT
// /api/admin/:id), and the server's field errors land on their fields. The role comes from GET
// /api/roles (list-role), the branch from GET /api/elc/branches (left out when the user may not read
// branches or the endpoint is missing), extra privileges from the catalogue (GET /api/roles/modules).
// A user created without a password gets a temporary one from the server, shown here once.
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type AdminUser, type CreateUserBody, createUserBody, usersEndpoints, type z } from '@ubo/contracts';
import { useSession } from '../../app/session.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { api, toast } from '../../lib/api.ts';
import { applyServerErrors } from '../../lib/forms.ts';
import { EditFormFrame, RecordLoader } from './EditScaffold.tsx';
import { AdminSwitchField, NewPasswordField } from './UserFormParts.tsx';
import { PrivilegesField } from './PrivilegesField.tsx';
import { type TemporaryPassword, TemporaryPasswordDialog } from './TemporaryPasswordDialog.tsx';
import { EMPTY_OPTION_SELECT, withRequiredMessages } from './users.forms.ts';
import { USERS_PATH, USERS_ROUTE, useBranchOptions, usePrivilegeCatalogue, useRefreshAccess, useRoleOptions, useUserClassOptions } from './users.queries.ts';

type UserFormValues = z.input<typeof createUserBody>;

function defaultsOf(u: AdminUser | undefined): UserFormValues {
  return {
    username: u?.username ?? '',
    fullname: u?.fullname ?? '',
    email: u?.email ?? '',
    phone: u?.phone ?? '',
    roleId: u?.roleId ? String(u.roleId) : '',
    branchId: u?.branchId ? String(u.branchId) : '',
    userClassId: u?.userClassId ? String(u.userClassId) : '',
    isAdmin: u?.isAdmin ?? false,
    extraPrivileges: u?.extraPrivileges ?? [],
    password: '',
  };
}

export default function UserEdit() {
  return (
    <RecordLoader<AdminUser> path={USERS_PATH} listRoute={USERS_ROUTE} texts="users.user">
      {(existing) => <UserForm existing={existing} />}
    </RecordLoader>
  );
}

function UserForm({ existing }: { existing: AdminUser | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isAdmin: actorIsAdmin } = useSession();
  const refresh = useRefreshAccess();
  const roleOptions = useRoleOptions();
  const classOptions = useUserClassOptions();
  const branchOptions = useBranchOptions();
  // Loaded with the form, so the picker is ready when Administrator is switched off.
  usePrivilegeCatalogue();
  const [temporary, setTemporary] = useState<TemporaryPassword | null>(null);

  const isNew = existing === undefined;
  const isDeleted = existing?.status === 'Deleted';
  const isOutOfReach = Boolean(existing?.isAdmin && !actorIsAdmin);
  const readOnly = isDeleted || isOutOfReach;

  const { control, handleSubmit, setError, setValue, getValues, formState } = useForm<UserFormValues, unknown, CreateUserBody>({
    mode: 'all',
    resolver: withRequiredMessages(zodResolver(createUserBody)),
    defaultValues: defaultsOf(existing),
  });
  const roleId = useWatch({ control, name: 'roleId' });
  const isAdmin = useWatch({ control, name: 'isAdmin' });

  // The role select lists every role; the user's own role is kept even before the list arrives.
  const roles = useMemo(() => {
    const list = roleOptions.roles.map((r) => ({ id: r.id, name: r.name, privileges: r.privileges }));
    if (existing?.roleId && existing.roleName && !list.some((r) => r.id === existing.roleId)) {
      list.unshift({ id: existing.roleId, name: existing.roleName, privileges: [] });
    }
    return list;
  }, [roleOptions.roles, existing]);
  const rolePrivileges = roles.find((r) => String(r.id) === String(roleId ?? ''))?.privileges ?? [];

  const submit = handleSubmit(async (values) => {
    try {
      if (isNew) {
        const created = await api.call(usersEndpoints.create, { body: values });
        await refresh();
        if (created.temporaryPassword) {
          setTemporary({ reason: 'created', username: created.username, fullname: created.fullname, password: created.temporaryPassword });
        } else {
          toast(t('users.user.created'), 'success');
          navigate(USERS_ROUTE);
        }
      } else {
        const { password: _password, ...body } = values;
        await api.call(usersEndpoints.update, { params: { id: existing.id }, body });
        await refresh();
        toast(t('common.saved'), 'success');
        navigate(USERS_ROUTE);
      }
    } catch (err) {
      applyServerErrors(err, setError);
    }
  });

  const branchField = branchOptions.available && (
    <FormTextField control={control} name="branchId" label={t('users.user.branch')} select disabled={readOnly} slotProps={EMPTY_OPTION_SELECT}>
      <MenuItem value="">
        <em>{t('users.user.noBranch')}</em>
      </MenuItem>
      {branchOptions.branches
        .filter((b) => b.status === 'Active' || String(b.id) === String(existing?.branchId ?? ''))
        .map((b) => (
          <MenuItem key={b.id} value={String(b.id)}>
            {b.status === 'Active' ? b.name : t('users.user.inactiveBranch', { name: b.name })}
          </MenuItem>
        ))}
    </FormTextField>
  );

  // A class presets the role: choosing one fills in its role while none is chosen yet.
  const classField = classOptions.enabled && (
    <FormTextField
      control={control}
      name="userClassId"
      label={t('users.classes.field')}
      select
      disabled={readOnly}
      helperText={t('users.classes.fieldHelp')}
      slotProps={EMPTY_OPTION_SELECT}
      transform={(value) => {
        const chosen = classOptions.classes.find((c) => String(c.id) === value);
        if (chosen?.roleId && roleOptions.enabled && !getValues('roleId')) setValue('roleId', String(chosen.roleId), { shouldValidate: true });
        return value;
      }}
    >
      <MenuItem value="">
        <em>{t('users.classes.none')}</em>
      </MenuItem>
      {classOptions.classes
        .filter((c) => c.status === 'Active' || String(c.id) === String(existing?.userClassId ?? ''))
        .map((c) => (
          <MenuItem key={c.id} value={String(c.id)}>
            {c.name}
          </MenuItem>
        ))}
    </FormTextField>
  );

  const roleField = roleOptions.enabled ? (
    <FormTextField
      control={control}
      name="roleId"
      label={t('users.user.role')}
      select
      disabled={readOnly}
      helperText={t('users.user.roleHelp')}
      slotProps={EMPTY_OPTION_SELECT}
    >
      <MenuItem value="">
        <em>{t('users.user.noRole')}</em>
      </MenuItem>
      {roles.map((r) => (
        <MenuItem key={r.id} value={String(r.id)}>
          {r.name}
        </MenuItem>
      ))}
    </FormTextField>
  ) : (
    <FormTextField
      control={control}
      name="roleId"
      label={t('users.user.role')}
      select
      disabled
      helperText={t('users.user.roleLocked')}
      slotProps={EMPTY_OPTION_SELECT}
    >
      <MenuItem value="">{t('users.user.noRole')}</MenuItem>
      {existing?.roleId && <MenuItem value={String(existing.roleId)}>{existing.roleName}</MenuItem>}
    </FormTextField>
  );

  const notice = isDeleted ? (
    <Alert severity="warning" sx={{ mb: 3 }}>
      {t('users.user.deletedNotice')}
    </Alert>
  ) : (
    isOutOfReach && (
      <Alert severity="info" sx={{ mb: 3 }}>
        {t('users.user.adminOnlyNotice')}
      </Alert>
    )
  );

  return (
    <>
      <EditFormFrame
        texts="users.user"
        listRoute={USERS_ROUTE}
        record={existing && { title: existing.fullname, name: existing.username }}
        notice={notice}
        onSubmit={submit}
        isSubmitting={formState.isSubmitting}
        isDirty={formState.isDirty}
        readOnly={readOnly}
      >
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Paper sx={{ p: 3, height: '100%' }}>
              <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                {t('users.user.account')}
              </Typography>
              <Stack spacing={2.5}>
                <FormTextField
                  control={control}
                  name="username"
                  label={t('users.user.username')}
                  required
                  disabled={readOnly}
                  autoComplete="off"
                  helperText={t('users.user.usernameHelp')}
                  slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false, maxLength: 50 } }}
                />
                <FormTextField
                  control={control}
                  name="fullname"
                  label={t('users.user.fullname')}
                  required
                  disabled={readOnly}
                  autoComplete="off"
                  slotProps={{ htmlInput: { maxLength: 120 } }}
                />
                <FormTextField control={control} name="email" type="email" label={t('users.user.email')} disabled={readOnly} autoComplete="off" />
                <FormTextField
                  control={control}
                  name="phone"
                  type="tel"
                  label={t('users.user.phone')}
                  disabled={readOnly}
                  autoComplete="off"
                  helperText={t('users.user.phoneHelp')}
                />
                {isNew && <NewPasswordField control={control} />}
              </Stack>
            </Paper>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Paper sx={{ p: 3, height: '100%' }}>
              <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                {t('users.user.access')}
              </Typography>
              <Stack spacing={2.5}>
                {classField}
                {roleField}
                {branchField}
                <AdminSwitchField
                  control={control}
                  disabled={readOnly || !actorIsAdmin}
                  help={actorIsAdmin ? t('users.user.isAdminHelp') : t('users.user.adminOnlyHelp')}
                />
              </Stack>
            </Paper>
          </Grid>
          <Grid size={12}>
            <Paper sx={{ p: 3 }}>
              <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
                {t('users.user.extraPrivileges')}
              </Typography>
              {isAdmin ? (
                <Alert severity="info" sx={{ mt: 1.5 }}>
                  {t('users.user.adminHasAll')}
                </Alert>
              ) : (
                <>
                  <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
                    {t('users.user.extraPrivilegesHelp')}
                  </Typography>
                  <PrivilegesField
                    control={control}
                    name="extraPrivileges"
                    label={t('users.user.extraPrivileges')}
                    kept={existing?.extraPrivileges ?? []}
                    inherited={rolePrivileges}
                    inheritedLabel={t('users.user.fromRole')}
                    disabled={readOnly}
                  />
                </>
              )}
            </Paper>
          </Grid>
        </Grid>
      </EditFormFrame>
      <TemporaryPasswordDialog
        value={temporary}
        onClose={() => {
          setTemporary(null);
          navigate(USERS_ROUTE);
        }}
      />
    </>
  );
}
