// SMS: free messages (/sms/send-sms), bill notices (/customers/bill-sms), the outbox with statuses and
// retry (/sms/sms-report) and, from the report, the SMS settings (templates, gateway, customers' languages).
import { lazyPage, type ModuleRoute } from '../../app/moduleTypes.ts';
import { smsPrivileges as p } from './sms.access.ts';

export const routes: ModuleRoute[] = [
  { path: 'sms/send-sms', element: lazyPage(() => import('./SendSmsPage.tsx')), privilege: p.send },
  { path: 'sms/sms-report', element: lazyPage(() => import('./SmsReportPage.tsx')), privilege: p.send },
  { path: 'sms/settings', element: lazyPage(() => import('./SmsSettingsPage.tsx')), privilege: p.send, title: 'sms.settings.title' },
  { path: 'customers/bill-sms', element: lazyPage(() => import('./BillSmsPage.tsx')), privilege: p.bill },
];
