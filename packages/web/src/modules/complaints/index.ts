// Complaints: the list (/complaint/list), the form (/complaint/add), a complaint's page with its history
// and actions (/complaint/:id), the report (/complaint/report), the topics (/settings/complaints), and the
// customer page's complaints tab (a panel app/modules.ts hands to the billing module's customer page).
import { lazy } from 'react';
import { type CustomerTab, lazyPage, type ModuleRoute } from '../../app/moduleTypes.ts';
import { complaintsPrivileges as p } from './complaints.access.ts';

export const routes: ModuleRoute[] = [
  { path: 'complaint/list', element: lazyPage(() => import('./ComplaintListPage.tsx')), privilege: p.list },
  { path: 'complaint/add', element: lazyPage(() => import('./ComplaintFormPage.tsx')), privilege: p.add },
  { path: 'complaint/report', element: lazyPage(() => import('./ComplaintReportPage.tsx')), privilege: p.report },
  { path: 'settings/complaints', element: lazyPage(() => import('./TopicsPage.tsx')), privilege: p.topics },
  // A complaint's page: whoever sees complaints (list, add or manage); the server decides.
  { path: 'complaint/:id', element: lazyPage(() => import('./ComplaintPage.tsx')), title: 'complaints.page.title' },
];

export const customerTabs: CustomerTab[] = [
  { key: 'complaints', label: 'complaints.tab', privilege: p.list, Panel: lazy(() => import('./CustomerComplaintsTab.tsx')) },
];
