// E-mail: send e-mail (/email/send-email), the outbox with statuses and retry (/email/email-report) and the
// e-mail settings (/email/settings: SMTP server for administrators, templates). Documents' screens use the
// E-mail button (EmailDocumentButton.tsx).
import { lazyPage, type ModuleRoute } from '../../app/moduleTypes.ts';
import { EMAIL_PRIVILEGE } from './email.access.ts';

export { EmailDocumentButton } from './EmailDocumentButton.tsx';

export const routes: ModuleRoute[] = [
  { path: 'email/send-email', element: lazyPage(() => import('./SendEmailPage.tsx')), privilege: EMAIL_PRIVILEGE },
  { path: 'email/email-report', element: lazyPage(() => import('./EmailReportPage.tsx')), privilege: EMAIL_PRIVILEGE },
  { path: 'email/settings', element: lazyPage(() => import('./EmailSettingsPage.tsx')), privilege: EMAIL_PRIVILEGE, title: 'email.settings.title' },
];
