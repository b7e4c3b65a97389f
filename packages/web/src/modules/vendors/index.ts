// Vendors: the vendor register (/vendors) and a vendor's page (/vendors/:id) with its open bills, payments
// and statement; Pay bill (/vendors/pay-bill), vendor payments (/vendors/payments) and a payment's voucher
// (/vendors/payments/:id); the vendor reports under /Sales-reports (vendor-transaction, vendor-summary
// with the ageing).
import { lazyPage, type ModuleRoute } from '../../app/moduleTypes.ts';
import { vendorsPrivileges as p } from './vendors.access.ts';

export const routes: ModuleRoute[] = [
  { path: 'vendors', element: lazyPage(() => import('./VendorListPage.tsx')), privilege: p.list },
  { path: 'vendors/pay-bill', element: lazyPage(() => import('./PayBillPage.tsx')), privilege: p.pay },
  { path: 'vendors/payments', element: lazyPage(() => import('./VendorPaymentListPage.tsx')), privilege: p.pay, title: 'vendors.payments.title' },
  { path: 'vendors/payments/:id', element: lazyPage(() => import('./VendorPaymentPage.tsx')), privilege: p.pay, title: 'vendors.payments.voucher' },
  { path: 'vendors/:id', element: lazyPage(() => import('./VendorPage.tsx')), privilege: p.list, title: 'vendors.page.title' },
  { path: 'Sales-reports/vendor-transaction', element: lazyPage(() => import('./VendorTransactionPage.tsx')), privilege: p.transaction },
  { path: 'Sales-reports/vendor-summary', element: lazyPage(() => import('./VendorSummaryPage.tsx')), privilege: p.summary },
];
