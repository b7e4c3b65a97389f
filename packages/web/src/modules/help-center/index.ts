// Help centre: the organisation's tickets to the installation's support team (/help_center/list-tickets,
// a ticket's page, its form), and the operators' own screens outside the signed-in frame
// (/operator/login, /operator, /operator/tickets/:id), which never use a staff token.
import { lazyPage, type ModuleRoute } from '../../app/moduleTypes.ts';

export const routes: ModuleRoute[] = [
  { path: 'help_center/list-tickets', element: lazyPage(() => import('./TicketListPage.tsx')), privilege: 'list-tickets' },
  { path: 'help_center/tickets/new', element: lazyPage(() => import('./TicketFormPage.tsx')), privilege: 'add-ticket', title: 'helpCenter.form.newTitle' },
  {
    path: 'help_center/tickets/:id/edit',
    element: lazyPage(() => import('./TicketFormPage.tsx')),
    privilege: 'update-ticket',
    title: 'helpCenter.form.editTitle',
  },
  { path: 'help_center/tickets/:id', element: lazyPage(() => import('./TicketPage.tsx')), privilege: 'view-ticket', title: 'helpCenter.page.title' },
];

/** Outside the signed-in frame: the operator screens (their own sign-in, no organisation). */
export const operatorRoutes: ModuleRoute[] = [
  { path: 'operator/login', element: lazyPage(() => import('./OperatorLoginPage.tsx')) },
  { path: 'operator', element: lazyPage(() => import('./OperatorDeskPage.tsx')) },
  { path: 'operator/tickets/:id', element: lazyPage(() => import('./OperatorDeskPage.tsx')) },
];
