// Billing master data: customers (list and customer page), zones, tariffs (with the live price preview)
// and houses with their meters (meter replacement, connect and disconnect). Each route needs the
// privilege of its menu entry; without it the router shows #/error/403.
import { lazyPage, type ModuleRoute } from '../../app/moduleTypes.ts';
import { billingPrivileges as p } from './billing.access.ts';

export const routes: ModuleRoute[] = [
  { path: 'customers', element: lazyPage(() => import('./CustomerListPage.tsx')), privilege: p.customers },
  { path: 'customers/zones', element: lazyPage(() => import('./ZoneListPage.tsx')), privilege: p.zones },
  { path: 'customers/tariffs', element: lazyPage(() => import('./TariffListPage.tsx')), privilege: p.tariffs },
  { path: 'customers/tariffs/new', element: lazyPage(() => import('./TariffEditPage.tsx')), privilege: p.tariffs, title: 'billing.tariffs.createTitle' },
  { path: 'customers/tariffs/:id', element: lazyPage(() => import('./TariffEditPage.tsx')), privilege: p.tariffs, title: 'billing.tariffs.formTitle' },
  { path: 'customers/houses', element: lazyPage(() => import('./HouseListPage.tsx')), privilege: p.houses },
  { path: 'customers/houses/:id', element: lazyPage(() => import('./HousePage.tsx')), privilege: p.houses, title: 'billing.houses.houseTitle' },
  { path: 'customers/:id', element: lazyPage(() => import('./CustomerPage.tsx')), privilege: p.customers, title: 'billing.customers.pageTitle' },
];

// For other modules (they import this module only through this file).
export { type CustomerOption, useCustomerOptions } from './customerSearch.ts';
