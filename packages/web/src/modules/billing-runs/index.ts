// Billing runs: meter readings (the keyboard-first reading sheet of a zone and period, one-by-one entry,
// CSV import, pending readings), the bill run (preview with its exceptions, saving as a background job
// with progress, cancelling a run), the bills with the full breakdown, the printable bill and the PDFs,
// and the ungenerated bill report. Each page needs the privilege of its menu entry.
import { lazyPage, type ModuleRoute } from '../../app/moduleTypes.ts';
import { billingRunsPrivileges as p } from './billing-runs.access.ts';

export const routes: ModuleRoute[] = [
  { path: 'customers/readings', element: lazyPage(() => import('./ReadingsPage.tsx')), privilege: p.readings },
  { path: 'customers/batch-bill', element: lazyPage(() => import('./BillRunPage.tsx')), privilege: p.batchBill },
  { path: 'customers/bills', element: lazyPage(() => import('./BillListPage.tsx')), privilege: p.batchBill },
  { path: 'customers/bills/:id', element: lazyPage(() => import('./BillPage.tsx')), privilege: p.batchBill, title: 'billingRuns.bills.title' },
  { path: 'customers/bills/:id/print', element: lazyPage(() => import('./BillPrintPage.tsx')), privilege: p.batchBill, title: 'billingRuns.print.title' },
  { path: 'Sales-reports/ungenerated-bill-report', element: lazyPage(() => import('./UngeneratedReportPage.tsx')), privilege: p.ungenerated },
];
