// Receipt books: the list (/books/list), issuing (/books/add), a book's page (/books/:id) and the closing
// report of gaps (/books/report). For other modules: ManualReceiptField, the payment form's receipt-book
// number (prefilled from ref-number).
import { lazyPage, type ModuleRoute } from '../../app/moduleTypes.ts';
import { booksPrivileges as p } from './receipt-books.access.ts';

export const routes: ModuleRoute[] = [
  { path: 'books/list', element: lazyPage(() => import('./BookListPage.tsx')), privilege: p.list },
  { path: 'books/add', element: lazyPage(() => import('./BookAddPage.tsx')), privilege: p.add },
  { path: 'books/report', element: lazyPage(() => import('./BookGapsPage.tsx')), privilege: p.list },
  { path: 'books/:id', element: lazyPage(() => import('./BookPage.tsx')), privilege: p.list, title: 'books.page.title' },
];

export { ManualReceiptField, type ManualReceiptValue, manualReceiptOf } from './ManualReceiptField.tsx';
