// Treasury: money transfers between the organisation's cash, bank and mobile money accounts, cheques
// (with the printed cheque and payment voucher) and the year-end closing with its lock date. The files
// attached to journal entries are shown on the finance module's entry view (EntryAttachments).
import { lazyPage, type ModuleRoute } from '../../app/moduleTypes.ts';
import { treasuryPrivileges as p } from './treasury.access.ts';

export const routes: ModuleRoute[] = [
  { path: 'finance/transfer-balance', element: lazyPage(() => import('./TransferPage.tsx')), privilege: p.transfer },
  { path: 'finance/write-check', element: lazyPage(() => import('./WriteChequePage.tsx')), privilege: p.cheque },
  {
    path: 'finance/write-check/:id/print',
    element: lazyPage(() => import('./ChequePrintPage.tsx')),
    privilege: p.cheque,
    title: 'treasury.print.title',
  },
  { path: 'settings/list-closing-accounts', element: lazyPage(() => import('./ClosingPage.tsx')), privilege: p.closing },
];

// For other modules (they import this module only through this file).
export { EntryAttachments } from './EntryAttachments.tsx';
export { ATTACHMENT_ACCEPT, checkAttachment } from './treasury.logic.ts';
