// Each sales document kind's screen path, endpoints and privilege, so one list, one page and one form serve
// the four of them.
import { type SalesKind, quotationsEndpoints, salesInvoicesEndpoints, salesReceiptsEndpoints, salesReturnsEndpoints } from '@ubo/contracts';
import { salesPrivileges as p } from './sales.access.ts';

export const kinds = {
  invoice: { path: '/customers/sales-invoice', endpoints: salesInvoicesEndpoints, privilege: p.invoice },
  receipt: { path: '/customers/sales-receipt', endpoints: salesReceiptsEndpoints, privilege: p.receipt },
  quotation: { path: '/customers/quotation', endpoints: quotationsEndpoints, privilege: p.quotation },
  return: { path: '/customers/sales-return', endpoints: salesReturnsEndpoints, privilege: p.return },
} as const satisfies Record<SalesKind, unknown>;

/** The list, get, cancel and pdf endpoints every kind shares (the invoices' types stand for all four). */
export const commonEndpoints = (kind: SalesKind) => kinds[kind].endpoints as unknown as typeof salesInvoicesEndpoints;

/** The colour of a shown status. */
export function statusColour(status: string): 'default' | 'primary' | 'success' | 'warning' | 'error' | 'info' {
  switch (status) {
    case 'Paid':
    case 'Accepted':
    case 'Posted':
      return 'success';
    case 'PartlyPaid':
    case 'Open':
      return 'info';
    case 'Overdue':
    case 'Expired':
      return 'warning';
    case 'Unpaid':
      return 'primary';
    case 'Cancelled':
      return 'error';
    default:
      return 'default';
  }
}
