// Settings: the company profile (with its images and the subscription), the reference lists (cities,
// categories, units, branches, all one generic screen) and the log sheet. Each route needs the
// privilege of its menu entry; without it the router shows #/error/403.
import { lazyPage, type ModuleRoute } from '../../app/moduleTypes.ts';
import { settingsPrivileges as p } from './settings.access.ts';

const referenceList = (page: 'CitiesPage' | 'CategoriesPage' | 'UnitsPage' | 'BranchesPage') =>
  lazyPage(() => import('./referenceLists.tsx').then((m) => ({ default: m[page] })));

export const routes: ModuleRoute[] = [
  { path: 'settings/company-profile', element: lazyPage(() => import('./CompanyProfilePage.tsx')), privilege: p.companyProfile },
  { path: 'settings/list-category', element: referenceList('CategoriesPage'), privilege: p.categories },
  { path: 'settings/list-unit', element: referenceList('UnitsPage'), privilege: p.units },
  { path: 'settings/list-cities', element: referenceList('CitiesPage'), privilege: p.cities },
  { path: 'settings/list-branches', element: referenceList('BranchesPage'), privilege: p.branches },
  { path: 'settings/list-log-sheet', element: lazyPage(() => import('./LogSheetPage.tsx')), privilege: p.logSheet },
];

// For other modules (they import this module only through this file).
export { formatFileSize } from './imageFile.ts';
export { ReferenceListPage, type ReferenceListConfig } from './ReferenceListPage.tsx';
export { useStoredFileUrl } from './settings.queries.ts';
