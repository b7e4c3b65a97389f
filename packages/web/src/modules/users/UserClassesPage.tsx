// Settings > user classes (/api/user-classes, privilege user-classes): kinds of staff, each presetting a
// role and a dashboard, on the settings module's one reference-list screen (name, preset role, dashboard,
// description; activate, deactivate, delete when unused).
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dashboardKindValues, rolesEndpoints, userClassesEndpoints } from '@ubo/contracts';
import { useListQuery } from '../../lib/queries.ts';
import { type ReferenceListConfig, ReferenceListPage } from '../settings/index.ts';

export default function UserClassesPage() {
  const { t } = useTranslation();
  const roles = useListQuery(rolesEndpoints.list, { _limit: 1000 });
  const config = useMemo((): ReferenceListConfig => {
    const all = roles.data?.data ?? [];
    const dashboards = dashboardKindValues.map((d) => ({ value: d, label: t(`users.classes.dashboards.${d}`) }));
    return {
      endpoints: userClassesEndpoints as unknown as ReferenceListConfig['endpoints'],
      privilege: 'user-classes',
      texts: 'users.classes',
      exportName: 'user-classes',
      fields: [
        { name: 'name', label: 'users.classes.fields.name', required: true, maxLength: 120 },
        {
          name: 'roleId',
          label: 'users.classes.fields.roleId',
          help: 'users.classes.roleHelp',
          maxLength: 12,
          options: [{ value: '', label: t('users.classes.noRole') }, ...all.map((r) => ({ value: String(r.id), label: r.name }))],
        },
        { name: 'dashboard', label: 'users.classes.fields.dashboard', required: true, maxLength: 20, options: dashboards, defaultValue: 'general' },
        { name: 'description', label: 'users.classes.fields.description', multiline: true, maxLength: 5000 },
      ],
      columns: [
        { field: 'roleId', label: 'users.classes.fields.roleId', text: (row) => all.find((r) => r.id === row.roleId)?.name ?? '' },
        { field: 'dashboard', label: 'users.classes.fields.dashboard', sortable: true, text: (row) => t(`users.classes.dashboards.${String(row.dashboard)}`) },
        { field: 'description', label: 'users.classes.fields.description' },
      ],
    };
  }, [roles.data, t]);
  return <ReferenceListPage config={config} />;
}
