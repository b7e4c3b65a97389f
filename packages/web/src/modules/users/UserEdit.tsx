// /settings/list-users/new and /settings/list-users/:id: one staff account. The form validates with
// the contract (createUserBody; an edit sends the same fields without the password to PUT
// /api/admin/:id), and the server's field errors land on their fields. The role comes from GET
// /api/roles (list-role), the branch from GET /api/elc/branches (left out when the user may not read
// branches or the endpoint is missing), extra privileges from the catalogue (GET /api/roles/modules).
// A user created without a password gets a temporary one from the server, shown here once.
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { type AdminUser, type CreatedUser, type CreateUserBody, createUserBody, type z } from '@ubo/contracts';
import { useSession } from '../../app/session.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { api, toast } from '../../lib/api.ts';
import { applyServerErrors } from '../../lib/forms.ts';
import { useMessage } from '../../lib/messages.ts';
import { useDetailQuery } from '../../lib/queries.ts';
import { PrivilegePicker } from './PrivilegePicker.tsx';
import { type TemporaryPassword, TemporaryPasswordDialog } from './TemporaryPasswordDialog.tsx';
import { EMPTY_OPTION_SELECT, withRequiredMessages } from './users.forms.ts';
import { USERS_PATH, USERS_ROUTE, useBranchOptions, usePrivilegeCatalogue, useRefreshAccess, useRoleOptions } from './users.queries.ts';

type UserFormValues = z.input<typeof createUserBody>;

function defaultsOf(u: AdminUser | undefined): UserFormValues {
  return {
    username: u?.username ?? '',
    fullname: u?.fullname ?? '',
    email: u?.email ?? '',
    phone: u?.phone ?? '',
    roleId: u?.roleId ? String(u.roleId) : '',
    branchId: u?.branchId ? String(u.branchId) : '',
    isAdmin: u?.isAdmin ?? false,
    extraPrivileges: u?.extraPrivileges ?? [],
    password: '',
  };
}

export default function UserEdit() {
  const { t } = useTranslation();
  const { id } = useParams();
  const isNew = id === undefined;
  const validId = isNew || /^\d{1,9}$/.test(id);
  const detail = useDetailQuery<AdminUser>(USERS_PATH, !isNew && validId ? id : null);

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
        <Typography sx={{ mb: 2 }}>{t('users.user.notFound')}</Typography>
        <Button component={RouterLink} to={USERS_ROUTE} startIcon={<ArrowBackIcon />}>
          {t('users.user.backToList')}
        </Button>
      </Paper>
    );
  }
  return <UserForm key={id ?? 'new'} existing={detail.data} />;
}

function UserForm({ existing }: { existing: AdminUser | undefined }) {
  const { t } = useTranslation();
  const text = useMessage();
  const navigate = useNavigate();
  const { user: me, isAdmin: actorIsAdmin } = useSession();
  const refresh = useRefreshAccess();
  const roleOptions = useRoleOptions();
  const branchOptions = useBranchOptions();
  const { catalogue, isPending: catalogueLoading, isError: catalogueFailed, refetch: reloadCatalogue } = usePrivilegeCatalogue();
  const [showPassword, setShowPassword] = useState(false);
  const [temporary, setTemporary] = useState<TemporaryPassword | null>(null);

  const isNew = existing === undefined;
  const isDeleted = existing?.status === 'Deleted';
  const isOutOfReach = Boolean(existing?.isAdmin && !actorIsAdmin);
  const readOnly = isDeleted || isOutOfReach;

  const { control, handleSubmit, setError, formState } = useForm<UserFormValues, unknown, CreateUserBody>({
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

  // A non-administrator may give only privileges they hold; what the user already has may stay.
  const initialExtras = existing?.extraPrivileges ?? [];
  const isGrantable = (key: string) => actorIsAdmin || (me?.privileges ?? []).includes(key) || initialExtras.includes(key);

  const submit = handleSubmit(async (values) => {
    try {
      if (isNew) {
        const created = await api.post<CreatedUser>(USERS_PATH, values);
        await refresh();
        if (created.temporaryPassword) {
          setTemporary({ reason: 'created', username: created.username, fullname: created.fullname, password: created.temporaryPassword });
        } else {
          toast(t('users.user.created'), 'success');
          navigate(USERS_ROUTE);
        }
      } else {
        const { password: _password, ...body } = values;
        await api.put<AdminUser>(`${USERS_PATH}/${existing.id}`, body);
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

  return (
    <>
      <PageHeader
        title={isNew ? t('users.user.newTitle') : existing.fullname}
        subtitle={isNew ? t('users.user.newSubtitle') : t('users.user.editSubtitle', { name: existing.username })}
        actions={
          <Button component={RouterLink} to={USERS_ROUTE} variant="outlined" startIcon={<ArrowBackIcon />}>
            {t('users.user.backToList')}
          </Button>
        }
      />
      {isDeleted && (
        <Alert severity="warning" sx={{ mb: 3 }}>
          {t('users.user.deletedNotice')}
        </Alert>
      )}
      {!isDeleted && isOutOfReach && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('users.user.adminOnlyNotice')}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
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
                {isNew && (
                  <FormTextField
                    control={control}
                    name="password"
                    type={showPassword ? 'text' : 'password'}
                    label={t('users.user.password')}
                    autoComplete="new-password"
                    helperText={t('users.user.passwordHelp')}
                    slotProps={{
                      htmlInput: { maxLength: 100 },
                      input: {
                        endAdornment: (
                          <InputAdornment position="end">
                            <IconButton
                              aria-label={showPassword ? t('users.user.hidePassword') : t('users.user.showPassword')}
                              onClick={() => setShowPassword((s) => !s)}
                              edge="end"
                            >
                              {showPassword ? <VisibilityOffIcon /> : <VisibilityIcon />}
                            </IconButton>
                          </InputAdornment>
                        ),
                      },
                    }}
                  />
                )}
              </Stack>
            </Paper>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Paper sx={{ p: 3, height: '100%' }}>
              <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                {t('users.user.access')}
              </Typography>
              <Stack spacing={2.5}>
                {roleField}
                {branchField}
                <Controller
                  control={control}
                  name="isAdmin"
                  render={({ field }) => (
                    <Box>
                      <FormControlLabel
                        control={
                          <Switch
                            checked={Boolean(field.value)}
                            onChange={(e) => field.onChange(e.target.checked)}
                            onBlur={field.onBlur}
                            disabled={readOnly || !actorIsAdmin}
                          />
                        }
                        label={t('users.user.isAdmin')}
                      />
                      <FormHelperText sx={{ mt: 0 }}>
                        {actorIsAdmin ? t('users.user.isAdminHelp') : t('users.user.adminOnlyHelp')}
                      </FormHelperText>
                    </Box>
                  )}
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
                  {catalogue ? (
                    <Controller
                      control={control}
                      name="extraPrivileges"
                      render={({ field, fieldState }) => (
                        <PrivilegePicker
                          label={t('users.user.extraPrivileges')}
                          catalogue={catalogue}
                          value={field.value ?? []}
                          onChange={field.onChange}
                          inherited={rolePrivileges}
                          inheritedLabel={t('users.user.fromRole')}
                          isGrantable={isGrantable}
                          disabled={readOnly}
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
                </>
              )}
            </Paper>
          </Grid>
        </Grid>
        <Paper
          elevation={3}
          sx={{ position: 'sticky', bottom: 16, mt: 3, p: 1.5, display: 'flex', justifyContent: 'flex-end', gap: 1.5, zIndex: 2 }}
        >
          <Button component={RouterLink} to={USERS_ROUTE}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={readOnly || formState.isSubmitting || (!isNew && !formState.isDirty)}
          >
            {isNew ? t('users.user.create') : t('common.save')}
          </Button>
        </Paper>
      </form>
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
