// Items and stock: the item register (/items/list) and an item's page with its stock per branch and
// stock card (/items/:id); stock adjustments and opening stock (/items/adjustments, /items/adjustments/new);
// transfers between branches (/items/transfers, /items/transfers/new); stock on hand and value as at a date
// (/items/stock-on-hand); inventory counting (/reports/inventory-counting, a sheet at /reports/inventory-counting/:id);
// the item transaction report (/Sales-reports/item-transaction).
import { lazyPage, type ModuleRoute } from '../../app/moduleTypes.ts';
import { itemsPrivileges as p } from './items.access.ts';

export const routes: ModuleRoute[] = [
  { path: 'items/list', element: lazyPage(() => import('./ItemListPage.tsx')), privilege: p.list },
  { path: 'items/adjustments', element: lazyPage(() => import('./StockAdjustmentListPage.tsx')), privilege: p.stock },
  {
    path: 'items/adjustments/new',
    element: lazyPage(() => import('./StockAdjustmentPage.tsx')),
    privilege: p.stock,
    title: 'items.adjustments.newTitle',
  },
  { path: 'items/transfers', element: lazyPage(() => import('./StockTransferListPage.tsx')), privilege: p.stock },
  {
    path: 'items/transfers/new',
    element: lazyPage(() => import('./StockTransferPage.tsx')),
    privilege: p.stock,
    title: 'items.transfers.newTitle',
  },
  { path: 'items/stock-on-hand', element: lazyPage(() => import('./StockOnHandPage.tsx')), privilege: p.list },
  { path: 'reports/inventory-counting', element: lazyPage(() => import('./CountListPage.tsx')), privilege: p.counting },
  {
    path: 'reports/inventory-counting/:id',
    element: lazyPage(() => import('./CountSheetPage.tsx')),
    privilege: p.counting,
    title: 'items.counting.title',
  },
  { path: 'Sales-reports/item-transaction', element: lazyPage(() => import('./ItemTransactionPage.tsx')), privilege: p.itemTransaction },
  { path: 'items/:id', element: lazyPage(() => import('./ItemPage.tsx')), privilege: p.list, title: 'items.page.title' },
];
