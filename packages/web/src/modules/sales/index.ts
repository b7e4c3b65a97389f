// Sales: quotations (/customers/quotation), sales invoices (/customers/sales-invoice), cash sales
// (/customers/sales-receipt) and sales returns (/customers/sales-return): list, new and a document's page
// each; the sales reports /Sales-reports/sales-activity and /Sales-reports/return-transaction.
import { createElement, lazy } from 'react';
import type { SalesKind } from '@ubo/contracts';
import { lazyPage, type ModuleRoute } from '../../app/moduleTypes.ts';
import { salesPrivileges as p } from './sales.access.ts';
import { kinds } from './sales.kinds.ts';

// One page component per screen kind, given its kind as a prop.
const List = lazy(() => import('./SalesListPage.tsx'));
const Form = lazy(() => import('./SalesFormPage.tsx'));
const Page = lazy(() => import('./SalesDocumentPage.tsx'));

function documentRoutes(kind: SalesKind): ModuleRoute[] {
  const path = kinds[kind].path.slice(1);
  const privilege = kinds[kind].privilege;
  return [
    { path, element: createElement(List, { kind }), privilege },
    {
      path: `${path}/new`,
      element:
        kind === 'return' ? lazyPage(() => import('./SalesReturnFormPage.tsx')) : createElement(Form, { kind: kind as 'invoice' | 'receipt' | 'quotation' }),
      privilege,
      title: `sales.kind.${kind}.new`,
    },
    { path: `${path}/:id`, element: createElement(Page, { kind }), privilege, title: `sales.kind.${kind}.one` },
  ];
}

export const routes: ModuleRoute[] = [
  ...documentRoutes('invoice'),
  ...documentRoutes('receipt'),
  ...documentRoutes('quotation'),
  ...documentRoutes('return'),
  { path: 'Sales-reports/sales-activity', element: lazyPage(() => import('./SalesActivityPage.tsx')), privilege: p.activity },
  { path: 'Sales-reports/return-transaction', element: lazyPage(() => import('./ReturnTransactionPage.tsx')), privilege: p.returns },
];
