// Marketing: market information (prospects and site visits): the list (/marketing/list), the form
// (/marketing/add, /marketing/:id/edit), a prospect's page with its conversion into a customer
// (/marketing/:id), and the report (/marketing/report).
import { lazyPage, type ModuleRoute } from '../../app/moduleTypes.ts';
import { marketingPrivileges as p } from './marketing.access.ts';

export const routes: ModuleRoute[] = [
  { path: 'marketing/list', element: lazyPage(() => import('./ProspectListPage.tsx')), privilege: p.list },
  { path: 'marketing/add', element: lazyPage(() => import('./ProspectFormPage.tsx')), privilege: p.add },
  { path: 'marketing/report', element: lazyPage(() => import('./MarketingReportPage.tsx')), privilege: p.report },
  { path: 'marketing/:id/edit', element: lazyPage(() => import('./ProspectFormPage.tsx')), privilege: p.add, title: 'marketing.form.editTitle' },
  // Whoever sees or records market information; the server decides.
  { path: 'marketing/:id', element: lazyPage(() => import('./ProspectPage.tsx')), title: 'marketing.page.title' },
];
