// Purchasing: vendor bills (/vendors/credit-purchase), cash purchases (/vendors/cash-purchase), purchase
// returns (/vendors/purchase-return), purchase orders (/vendors/orders) with their new, edit and document
// pages, and the expenses report (/Sales-reports/expenses-report).
import { createElement, lazy } from 'react';
import { lazyPage, type ModuleRoute } from '../../app/moduleTypes.ts';
import { purchasesPrivileges as p } from './purchases.access.ts';

// One page for both kinds (its own chunk), told which by a prop.
const list = lazy(() => import('./PurchaseListPage.tsx'));
const form = lazy(() => import('./PurchaseFormPage.tsx'));
const page = lazy(() => import('./PurchasePage.tsx'));

export const routes: ModuleRoute[] = [
  { path: 'vendors/credit-purchase', element: createElement(list, { kind: 'bill' }), privilege: p.bill },
  { path: 'vendors/credit-purchase/new', element: createElement(form, { kind: 'bill' }), privilege: p.bill, title: 'purchases.bills.newTitle' },
  { path: 'vendors/credit-purchase/:id', element: createElement(page, { kind: 'bill' }), privilege: p.bill, title: 'purchases.kind.bill' },
  { path: 'vendors/cash-purchase', element: createElement(list, { kind: 'cash' }), privilege: p.cash },
  { path: 'vendors/cash-purchase/new', element: createElement(form, { kind: 'cash' }), privilege: p.cash, title: 'purchases.cash.newTitle' },
  { path: 'vendors/cash-purchase/:id', element: createElement(page, { kind: 'cash' }), privilege: p.cash, title: 'purchases.kind.cash' },
  { path: 'vendors/purchase-return', element: lazyPage(() => import('./PurchaseReturnListPage.tsx')), privilege: p.ret },
  {
    path: 'vendors/purchase-return/new',
    element: lazyPage(() => import('./PurchaseReturnFormPage.tsx')),
    privilege: p.ret,
    title: 'purchases.returns.newTitle',
  },
  { path: 'vendors/purchase-return/:id', element: lazyPage(() => import('./PurchaseReturnPage.tsx')), privilege: p.ret, title: 'purchases.returns.title' },
  { path: 'vendors/orders', element: lazyPage(() => import('./PurchaseOrderListPage.tsx')), privilege: p.order },
  { path: 'vendors/orders/new', element: lazyPage(() => import('./PurchaseOrderFormPage.tsx')), privilege: p.order, title: 'purchases.orders.newTitle' },
  { path: 'vendors/orders/:id/edit', element: lazyPage(() => import('./PurchaseOrderFormPage.tsx')), privilege: p.order, title: 'purchases.orders.newTitle' },
  { path: 'vendors/orders/:id', element: lazyPage(() => import('./PurchaseOrderPage.tsx')), privilege: p.order, title: 'purchases.field.order' },
  { path: 'Sales-reports/expenses-report', element: lazyPage(() => import('./ExpensesReportPage.tsx')), privilege: p.expenses },
];
