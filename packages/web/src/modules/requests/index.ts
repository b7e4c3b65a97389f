// Staff requests: the list with the waiting-for-me tab (/requests/list), the form (/requests/add and a
// draft's edit), a request's page with its steps and actions (/requests/:id), and the report (/requests/report).
import { lazyPage, type ModuleRoute } from '../../app/moduleTypes.ts';
import { requestsPrivileges as p } from './requests.access.ts';

export const routes: ModuleRoute[] = [
  // A requester with add-request sees their own requests here; the server decides what each caller sees.
  { path: 'requests/list', element: lazyPage(() => import('./RequestListPage.tsx')) },
  { path: 'requests/add', element: lazyPage(() => import('./RequestFormPage.tsx')), privilege: p.add },
  { path: 'requests/:id/edit', element: lazyPage(() => import('./RequestFormPage.tsx')), privilege: p.add, title: 'requests.form.editTitle' },
  { path: 'requests/report', element: lazyPage(() => import('./RequestReportPage.tsx')), privilege: p.report },
  { path: 'requests/:id', element: lazyPage(() => import('./RequestPage.tsx')), title: 'requests.page.title' },
];
