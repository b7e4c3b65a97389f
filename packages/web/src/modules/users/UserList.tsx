// /settings/list-users: the organisation's staff accounts (GET /api/admin: server paging, search,
// sort, status and role filters kept in the URL). Row actions: edit, enable/disable (PATCH
// /api/admin/:id/status), reset password (POST /api/admin/:id/reset-password, the temporary password
// shown once) and delete (DELETE /api/admin/:id), each confirmed first. Nobody may disable or delete
// their own account, and only administrators may change administrator accounts (the server refuses
// both; the buttons say so first).
import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import KeyIcon from '@mui/icons-material/Key';
import LockResetIcon from '@mui/icons-material/LockReset';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { type AdminUser, usersEndpoints, userStatusValues } from '@ubo/contracts';
import { useSession } from '../../app/session.tsx';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/DataTable.tsx';
import { DateText } from '../../components/DateText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { api, messageOf, toast } from '../../lib/api.ts';
import { type TemporaryPassword, TemporaryPasswordDialog } from './TemporaryPasswordDialog.tsx';
import { useConfirmAction } from './useConfirmAction.tsx';
import { EMPTY_OPTION_SELECT } from './users.forms.ts';
import { ROLES_ROUTE, USERS_PATH, USERS_ROUTE, useRefreshAccess, useRoleOptions, useUserClassOptions } from './users.queries.ts';

export default function UserList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user: me, isAdmin, can } = useSession();
  const [params, setParams] = useSearchParams();
  const refresh = useRefreshAccess();
  const { ask, dialog } = useConfirmAction();
  const roleOptions = useRoleOptions();
  const classOptions = useUserClassOptions();
  const [temporary, setTemporary] = useState<TemporaryPassword | null>(null);

  // Filters live in the URL (a role's user count links here with ?roleId=); unknown values are ignored.
  const rawStatus = params.get('status') ?? '';
  const status = (userStatusValues as readonly string[]).includes(rawStatus) ? rawStatus : '';
  const rawRoleId = params.get('roleId') ?? '';
  const roleId = /^\d{1,9}$/.test(rawRoleId) ? rawRoleId : '';
  const rawClassId = params.get('userClassId') ?? '';
  const userClassId = /^\d{1,9}$/.test(rawClassId) ? rawClassId : '';
  const setFilter = (name: 'status' | 'roleId' | 'userClassId', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  const isSelf = (u: AdminUser) => u.id === me?.id;
  /** Administrator accounts are changed by administrators only. */
  const isOutOfReach = (u: AdminUser) => u.isAdmin && !isAdmin;
  const isDeleted = (u: AdminUser) => u.status === 'Deleted';

  const setStatus = (u: AdminUser, next: 'Active' | 'Disabled') =>
    ask({
      title: t(next === 'Disabled' ? 'users.list.disableTitle' : 'users.list.enableTitle'),
      message: t(next === 'Disabled' ? 'users.list.disableText' : 'users.list.enableText', { name: u.fullname }),
      confirmLabel: t(next === 'Disabled' ? 'users.list.disable' : 'users.list.enable'),
      destructive: next === 'Disabled',
      run: async () => {
        await api.call(usersEndpoints.setStatus, { params: { id: u.id }, body: { status: next } }, { silent: true });
        toast(t(next === 'Disabled' ? 'users.list.disabled' : 'users.list.enabled', { name: u.fullname }), 'success');
        await refresh();
      },
    });

  const resetPassword = (u: AdminUser) =>
    ask({
      title: t('users.list.resetTitle'),
      message: t('users.list.resetText', { name: u.fullname }),
      confirmLabel: t('users.list.resetPassword'),
      run: async () => {
        const result = await api.call(usersEndpoints.resetPassword, { params: { id: u.id } }, { silent: true });
        setTemporary({ reason: 'reset', username: u.username, fullname: u.fullname, password: result.temporaryPassword });
        await refresh();
      },
    });

  const remove = (u: AdminUser) =>
    ask({
      title: t('users.list.deleteTitle'),
      message: t('users.list.deleteText', { name: u.fullname }),
      confirmLabel: t('users.list.delete'),
      destructive: true,
      run: async () => {
        const result = await api.call(usersEndpoints.remove, { params: { id: u.id } }, { silent: true });
        toast(messageOf(result) ?? t('common.saved'), 'success');
        await refresh();
      },
    });

  const columns = useMemo<DataTableColumn<AdminUser>[]>(
    () => [
      {
        field: 'username',
        header: t('users.list.username'),
        render: (u) => (
          <Box component="span" sx={{ fontWeight: 500 }}>
            {u.username}
          </Box>
        ),
      },
      { field: 'fullname', header: t('users.list.fullname') },
      {
        field: 'roleName',
        header: t('users.list.role'),
        sortable: false,
        render: (u) => (
          <Box component="span" sx={{ display: 'inline-block', minWidth: 110, color: u.roleName ? undefined : 'text.secondary' }}>
            {u.roleName ?? t('users.list.noRole')}
          </Box>
        ),
        csv: (u) => u.roleName ?? '',
      },
      {
        field: 'userClassName',
        header: t('users.classes.column'),
        sortable: false,
        render: (u) => u.userClassName ?? '',
        csv: (u) => u.userClassName ?? '',
      },
      {
        field: 'isAdmin',
        header: t('users.list.isAdmin'),
        sortable: false,
        render: (u) =>
          u.isAdmin ? (
            <Chip size="small" color="primary" variant="outlined" icon={<AdminPanelSettingsIcon />} label={t('common.yes')} />
          ) : (
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {t('common.no')}
            </Box>
          ),
        csv: (u) => (u.isAdmin ? t('common.yes') : t('common.no')),
      },
      {
        field: 'status',
        header: t('users.list.status'),
        render: (u) => (
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <StatusChip status={u.status} />
            {u.mustChangePassword && u.status !== 'Deleted' && (
              <Tooltip title={t('users.list.mustChange')}>
                <KeyIcon fontSize="small" color="warning" aria-label={t('users.list.mustChange')} role="img" />
              </Tooltip>
            )}
          </Stack>
        ),
        csv: (u) => t(`status.${u.status}`),
      },
      {
        field: 'lastLoginAt',
        header: t('users.list.lastLogin'),
        render: (u) => (
          <Box component="span" sx={{ color: u.lastLoginAt ? undefined : 'text.secondary' }}>
            {u.lastLoginAt ? <DateText value={u.lastLoginAt} withTime /> : t('users.list.never')}
          </Box>
        ),
        csv: (u) => u.lastLoginAt ?? '',
      },
    ],
    [t],
  );

  const actions: RowAction<AdminUser>[] = [
    {
      label: t('users.list.edit'),
      icon: <EditIcon fontSize="small" />,
      privilege: 'list-user',
      onClick: (u) => navigate(`${USERS_ROUTE}/${u.id}`),
      hidden: isDeleted,
      disabled: isOutOfReach,
    },
    {
      label: t('users.list.disable'),
      icon: <BlockIcon fontSize="small" />,
      privilege: 'list-user',
      onClick: (u) => setStatus(u, 'Disabled'),
      hidden: (u) => u.status !== 'Active',
      disabled: (u) => isSelf(u) || isOutOfReach(u),
    },
    {
      label: t('users.list.enable'),
      icon: <CheckCircleOutlinedIcon fontSize="small" />,
      privilege: 'list-user',
      color: 'success',
      onClick: (u) => setStatus(u, 'Active'),
      hidden: (u) => u.status !== 'Disabled',
      disabled: isOutOfReach,
    },
    {
      label: t('users.list.resetPassword'),
      icon: <LockResetIcon fontSize="small" />,
      privilege: 'list-user',
      onClick: resetPassword,
      hidden: isDeleted,
      disabled: isOutOfReach,
    },
    {
      label: t('users.list.delete'),
      icon: <DeleteOutlinedIcon fontSize="small" />,
      privilege: 'list-user',
      color: 'error',
      onClick: remove,
      hidden: isDeleted,
      disabled: (u) => isSelf(u) || isOutOfReach(u),
    },
  ];

  const filters = (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
      <TextField
        select
        size="small"
        label={t('users.list.statusFilter')}
        value={status}
        onChange={(e) => setFilter('status', e.target.value)}
        fullWidth={false}
        sx={{ width: { sm: 280 } }}
        slotProps={EMPTY_OPTION_SELECT}
      >
        <MenuItem value="">{t('users.list.activeAndDisabled')}</MenuItem>
        {userStatusValues.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`status.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      {roleOptions.enabled && (
        <TextField
          select
          size="small"
          label={t('users.list.roleFilter')}
          value={roleOptions.roles.some((r) => String(r.id) === roleId) ? roleId : ''}
          onChange={(e) => setFilter('roleId', e.target.value)}
          fullWidth={false}
          sx={{ width: { sm: 280 } }}
          slotProps={EMPTY_OPTION_SELECT}
        >
          <MenuItem value="">{t('users.list.allRoles')}</MenuItem>
          {roleOptions.roles.map((r) => (
            <MenuItem key={r.id} value={String(r.id)}>
              {r.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      {classOptions.enabled && (
        <TextField
          select
          size="small"
          label={t('users.classes.filter')}
          value={classOptions.classes.some((c) => String(c.id) === userClassId) ? userClassId : ''}
          onChange={(e) => setFilter('userClassId', e.target.value)}
          fullWidth={false}
          sx={{ width: { sm: 240 } }}
          slotProps={EMPTY_OPTION_SELECT}
        >
          <MenuItem value="">{t('users.classes.allClasses')}</MenuItem>
          {classOptions.classes.map((c) => (
            <MenuItem key={c.id} value={String(c.id)}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Stack>
  );

  return (
    <>
      <PageHeader
        title={t('users.list.title')}
        subtitle={t('users.list.subtitle')}
        actions={
          <>
            {can('list-role') && (
              <Button component={RouterLink} to={ROLES_ROUTE} variant="outlined">
                {t('users.list.manageRoles')}
              </Button>
            )}
            {can('list-user') && (
              <Button component={RouterLink} to={`${USERS_ROUTE}/new`} variant="contained" startIcon={<PersonAddIcon />}>
                {t('users.list.newUser')}
              </Button>
            )}
          </>
        }
      />
      {filters}
      <DataTable<AdminUser>
        path={USERS_PATH}
        columns={columns}
        params={{ status: status || undefined, roleId: roleId || undefined, userClassId: userClassId || undefined }}
        actions={actions}
        defaultSort={{ field: 'username', order: 'asc' }}
        exportName="users"
        emptyText={t('users.list.empty')}
      />
      {dialog}
      <TemporaryPasswordDialog value={temporary} onClose={() => setTemporary(null)} />
    </>
  );
}
