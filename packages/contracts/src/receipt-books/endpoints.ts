// Receipt books endpoints (/api/books): list, issue (create), view with its numbers, status (the spec's
// books status), void a number, ref-number (the signed-in collector's next number), the collectors who may
// hold a book, and the closing report of gaps (JSON, or its file with format, and /export).
import { endpoint } from '../common/endpoint.ts';
import { reportFileTypes } from '../billing-reports/endpoints.ts';
import { exportFields, reportFormat } from '../finance-reports/common.ts';
import { idParams } from '../settings/fields.ts';
import {
  collectorList,
  receiptBook,
  receiptBookBody,
  receiptBookDetail,
  receiptBookGaps,
  receiptBookGapsQuery,
  receiptBookListQuery,
  receiptBookPage,
  receiptBookStatusBody,
  refNumberAnswer,
  voidReceiptNumberBody,
} from './receipt-books.ts';

export const receiptBooksEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/books', query: receiptBookListQuery, response: receiptBookPage }),
  create: endpoint({ method: 'POST', path: '/api/books', body: receiptBookBody, response: receiptBook, status: 201 }),
  refNumber: endpoint({ method: 'GET', path: '/api/books/ref-number', response: refNumberAnswer }),
  collectors: endpoint({ method: 'GET', path: '/api/books/collectors', response: collectorList }),
  gaps: endpoint({
    method: 'GET',
    path: '/api/books/report',
    query: receiptBookGapsQuery.extend({ format: reportFormat.optional() }),
    response: receiptBookGaps,
  }),
  gapsExport: endpoint({ method: 'GET', path: '/api/books/report/export', query: receiptBookGapsQuery.extend(exportFields), produces: reportFileTypes }),
  get: endpoint({ method: 'GET', path: '/api/books/:id', params: idParams, response: receiptBookDetail }),
  setStatus: endpoint({ method: 'PATCH', path: '/api/books/:id/status', params: idParams, body: receiptBookStatusBody, response: receiptBookDetail }),
  voidNumber: endpoint({ method: 'POST', path: '/api/books/:id/void', params: idParams, body: voidReceiptNumberBody, response: receiptBookDetail }),
};
