// /settings/list-roles: the organisation's roles (GET /api/roles: server paging, search, sort) with
// their number of privileges and of users. Edit opens the role editor; delete asks first and, when the
// role is still given to users, shows the server's refusal (409 role.inUse) in the dialog.
import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { type RoleRecord, rolesEndpoints } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/DataTable.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { api, messageOf, toast } from '../../lib/api.ts';
import { useConfirmAction } from './useConfirmAction.tsx';
import { ROLES_PATH, ROLES_ROUTE, USERS_ROUTE, useRefreshAccess } from './users.queries.ts';

export default function RoleList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const refresh = useRefreshAccess();
  const { ask, dialog } = useConfirmAction();
  const canListUsers = can('list-user');

  const remove = (role: RoleRecord) =>
    ask({
      title: t('users.roles.deleteTitle'),
      message: t('users.roles.deleteText', { name: role.name }),
      confirmLabel: t('users.roles.delete'),
      destructive: true,
      run: async () => {
        const result = await api.call(rolesEndpoints.remove, { params: { id: role.id } }, { silent: true });
        toast(messageOf(result) ?? t('common.saved'), 'success');
        await refresh();
      },
    });

  const columns = useMemo<DataTableColumn<RoleRecord>[]>(
    () => [
      {
        field: 'name',
        header: t('users.roles.name'),
        render: (r) => (
          <Box component="span" sx={{ fontWeight: 500 }}>
            {r.name}
          </Box>
        ),
      },
      {
        field: 'description',
        header: t('users.roles.description'),
        sortable: false,
        render: (r) => (
          <Box
            component="span"
            title={r.description ?? undefined}
            sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', maxWidth: 480, color: 'text.secondary' }}
          >
            {r.description}
          </Box>
        ),
      },
      {
        field: 'privileges',
        header: t('users.roles.privileges'),
        sortable: false,
        render: (r) => t('users.roles.privilegeCount', { count: r.privileges.length }),
        csv: (r) => r.privileges.length,
      },
      {
        field: 'userCount',
        header: t('users.roles.users'),
        align: 'right',
        render: (r) =>
          canListUsers && r.userCount > 0 ? (
            <Link
              component={RouterLink}
              to={`${USERS_ROUTE}?roleId=${r.id}`}
              aria-label={t('users.roles.showUsers', { name: r.name })}
              onClick={(e) => e.stopPropagation()}
            >
              {r.userCount}
            </Link>
          ) : (
            r.userCount
          ),
      },
    ],
    [t, canListUsers],
  );

  const actions: RowAction<RoleRecord>[] = [
    {
      label: t('users.roles.edit'),
      icon: <EditIcon fontSize="small" />,
      privilege: 'list-role',
      onClick: (r) => navigate(`${ROLES_ROUTE}/${r.id}`),
    },
    {
      label: t('users.roles.delete'),
      icon: <DeleteOutlinedIcon fontSize="small" />,
      privilege: 'list-role',
      color: 'error',
      onClick: remove,
    },
  ];

  return (
    <>
      <PageHeader
        title={t('users.roles.title')}
        subtitle={t('users.roles.subtitle')}
        actions={
          can('list-role') && (
            <Button component={RouterLink} to={`${ROLES_ROUTE}/new`} variant="contained" startIcon={<AddIcon />}>
              {t('users.roles.newRole')}
            </Button>
          )
        }
      />
      <DataTable<RoleRecord>
        path={ROLES_PATH}
        columns={columns}
        actions={actions}
        defaultSort={{ field: 'name', order: 'asc' }}
        exportName="roles"
        emptyText={t('users.roles.empty')}
      />
      {dialog}
    </>
  );
}
