// Payments: receive a payment (with the allocation to open bills and the printed receipt), the payments
// list with cancelling, batch receive from a typed grid or a mobile money statement, and customer
// balance transfers.
import { lazyPage, type ModuleRoute } from '../../app/moduleTypes.ts';
import { paymentsPrivileges as p } from './payments.access.ts';

export const routes: ModuleRoute[] = [
  { path: 'customers/payment', element: lazyPage(() => import('./ReceivePaymentPage.tsx')), privilege: p.receive },
  { path: 'customers/payments', element: lazyPage(() => import('./PaymentListPage.tsx')), privilege: p.receive },
  { path: 'customers/payments/:id', element: lazyPage(() => import('./ReceiptPage.tsx')), privilege: p.receive, title: 'payments.receipt.title' },
  { path: 'customers/batch-receive', element: lazyPage(() => import('./BatchReceivePage.tsx')), privilege: p.batch },
  { path: 'finance/c2c', element: lazyPage(() => import('./CustomerTransferPage.tsx')), privilege: p.receive },
];
