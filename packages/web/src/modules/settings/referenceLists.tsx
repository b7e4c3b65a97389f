// The four settings reference lists as configurations of the one ReferenceListPage: endpoint group
// (its create body is the form's schema), privilege, form fields (limits as in the contracts) and the extra columns. Sortable
// columns are exactly the contracts' *Sortable lists.
import { branchesEndpoints, categoriesEndpoints, citiesEndpoints, unitsEndpoints } from '@ubo/contracts';
import { type ReferenceListConfig, ReferenceListPage } from './ReferenceListPage.tsx';
import { settingsPrivileges } from './settings.access.ts';

export const cityList: ReferenceListConfig = {
  endpoints: citiesEndpoints,
  privilege: settingsPrivileges.cities,
  texts: 'settings.lists.cities',
  exportName: 'cities',
  fields: [
    { name: 'name', label: 'settings.lists.cities.fields.name', required: true, maxLength: 120 },
    { name: 'region', label: 'settings.lists.cities.fields.region', maxLength: 120 },
  ],
  columns: [{ field: 'region', label: 'settings.lists.cities.fields.region', sortable: true }],
};

export const categoryList: ReferenceListConfig = {
  endpoints: categoriesEndpoints,
  privilege: settingsPrivileges.categories,
  texts: 'settings.lists.categories',
  exportName: 'categories',
  fields: [
    { name: 'name', label: 'settings.lists.categories.fields.name', required: true, maxLength: 120 },
    { name: 'description', label: 'settings.lists.categories.fields.description', multiline: true, maxLength: 5000 },
  ],
  columns: [{ field: 'description', label: 'settings.lists.categories.fields.description' }],
};

export const unitList: ReferenceListConfig = {
  endpoints: unitsEndpoints,
  privilege: settingsPrivileges.units,
  texts: 'settings.lists.units',
  exportName: 'units',
  fields: [
    { name: 'name', label: 'settings.lists.units.fields.name', required: true, maxLength: 120 },
    {
      name: 'abbreviation',
      label: 'settings.lists.units.fields.abbreviation',
      help: 'settings.lists.units.fields.abbreviationHelp',
      maxLength: 20,
    },
  ],
  columns: [{ field: 'abbreviation', label: 'settings.lists.units.fields.abbreviation', sortable: true }],
};

export const branchList: ReferenceListConfig = {
  endpoints: branchesEndpoints,
  privilege: settingsPrivileges.branches,
  texts: 'settings.lists.branches',
  exportName: 'branches',
  fields: [
    { name: 'name', label: 'settings.lists.branches.fields.name', required: true, maxLength: 120 },
    { name: 'address', label: 'settings.lists.branches.fields.address', multiline: true, maxLength: 500, autoComplete: 'street-address' },
    { name: 'phone', label: 'settings.lists.branches.fields.phone', type: 'tel', maxLength: 30, autoComplete: 'tel' },
  ],
  columns: [
    { field: 'address', label: 'settings.lists.branches.fields.address' },
    { field: 'phone', label: 'settings.lists.branches.fields.phone' },
  ],
};

export function CitiesPage() {
  return <ReferenceListPage config={cityList} />;
}

export function CategoriesPage() {
  return <ReferenceListPage config={categoryList} />;
}

export function UnitsPage() {
  return <ReferenceListPage config={unitList} />;
}

export function BranchesPage() {
  return <ReferenceListPage config={branchList} />;
}
