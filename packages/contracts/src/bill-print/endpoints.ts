// Printing bills: the print page's company header, one bill's PDF and the batch PDF of a zone's period.
import { billIdParams } from '../bills/endpoints.ts';
import { endpoint } from '../common/endpoint.ts';
import { batchBillPdfQuery, billPrintCompany } from './print.ts';

export const billPrintEndpoints = {
  company: endpoint({ method: 'GET', path: '/api/bills/print/company', response: billPrintCompany }),
  /** Every open bill of a zone's period, one per page (an attachment). */
  batchPdf: endpoint({ method: 'GET', path: '/api/bills/print/batch.pdf', query: batchBillPdfQuery, produces: ['application/pdf'] }),
  /** One bill (inline). */
  billPdf: endpoint({ method: 'GET', path: '/api/bills/:id/print.pdf', params: billIdParams, produces: ['application/pdf'] }),
};
