// Fixed assets: Add asset (/assets/add), the register (/assets/list), Buy asset (/assets/buy), Generate
// depreciation (/assets/generate-depreciation: preview, post, runs), categories and depreciation settings
// (/assets/categories), the assets report (/assets/report)
// and an asset's page (/assets/:id: schedule, transfers, dispose and transfer dialogs).
import { lazyPage, type ModuleRoute } from '../../app/moduleTypes.ts';
import { assetsPrivileges as p } from './assets.access.ts';

export const routes: ModuleRoute[] = [
  { path: 'assets/add', element: lazyPage(() => import('./AssetAddPage.tsx')), privilege: p.add },
  { path: 'assets/list', element: lazyPage(() => import('./AssetListPage.tsx')), privilege: p.list },
  { path: 'assets/buy', element: lazyPage(() => import('./AssetBuyPage.tsx')), privilege: p.buy },
  { path: 'assets/generate-depreciation', element: lazyPage(() => import('./DepreciationPage.tsx')), privilege: p.depreciate },
  { path: 'assets/categories', element: lazyPage(() => import('./AssetCategoriesPage.tsx')), privilege: p.add },
  { path: 'assets/report', element: lazyPage(() => import('./AssetReportPage.tsx')), privilege: p.report },
  { path: 'assets/:id', element: lazyPage(() => import('./AssetPage.tsx')), privilege: p.list, title: 'assets.page.title' },
];
