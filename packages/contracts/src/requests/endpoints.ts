// Requests endpoints under /api/request (the spec's `request` calls: view, approve, normal-approve, reject,
// report, generate-ref-no), plus the list of requests waiting for the caller's action.
import { endpoint } from '../common/endpoint.ts';
import { okResponse, z } from '../common/validation.ts';
import { transactionFileMimes } from '../treasury/attachments.ts';
import { exportFields, reportFormat } from '../finance-reports/common.ts';
import {
  requestBody,
  requestChoices,
  requestDetail,
  requestFile,
  requestFileList,
  requestPayBody,
  requestPayChoices,
  requestPaymentCancelBody,
  requestListQuery,
  requestPage,
  requestRefNo,
  requestRejectBody,
  requestReport,
  requestReportQuery,
} from './requests.ts';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2147483647) });
const reportFileTypes = ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] as const;

export const requestsEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/request', query: requestListQuery, response: requestPage }),
  /** Requests at a step the caller may act on (first approval or final approval), oldest first; never their own. */
  awaiting: endpoint({ method: 'GET', path: '/api/request/awaiting', query: requestListQuery, response: requestPage }),
  view: endpoint({ method: 'GET', path: '/api/request/view/:id', params: idParams, response: requestDetail }),
  create: endpoint({ method: 'POST', path: '/api/request', body: requestBody, response: requestDetail, status: 201 }),
  update: endpoint({ method: 'PUT', path: '/api/request/:id', params: idParams, body: requestBody, response: requestDetail }),
  submit: endpoint({ method: 'POST', path: '/api/request/:id/submit', params: idParams, response: requestDetail }),
  choices: endpoint({ method: 'GET', path: '/api/request/choices', response: requestChoices }),
  generateRefNo: endpoint({ method: 'GET', path: '/api/request/generate-ref-no', response: requestRefNo }),
  normalApprove: endpoint({ method: 'POST', path: '/api/request/:id/normal-approve', params: idParams, response: requestDetail }),
  approve: endpoint({ method: 'POST', path: '/api/request/:id/approve', params: idParams, response: requestDetail }),
  reject: endpoint({ method: 'POST', path: '/api/request/:id/reject', params: idParams, body: requestRejectBody, response: requestDetail }),
  report: endpoint({
    method: 'GET',
    path: '/api/request/report',
    query: requestReportQuery.safeExtend({ format: reportFormat.optional() }),
    response: requestReport,
  }),
  // Attachments (multipart: one file) and payment of an approved request.
  files: endpoint({ method: 'GET', path: '/api/request/:id/files', params: idParams, response: requestFileList }),
  uploadFile: endpoint({
    method: 'POST',
    path: '/api/request/:id/files',
    params: idParams,
    consumes: ['multipart/form-data'],
    response: requestFile,
    status: 201,
  }),
  /** The attached file itself (documents and images open inline; spreadsheets and CSV download). */
  file: endpoint({ method: 'GET', path: '/api/request/files/:id', params: idParams, produces: transactionFileMimes }),
  removeFile: endpoint({ method: 'DELETE', path: '/api/request/files/:id', params: idParams, response: okResponse }),
  payChoices: endpoint({ method: 'GET', path: '/api/request/pay-choices', response: requestPayChoices }),
  pay: endpoint({ method: 'POST', path: '/api/request/:id/pay', params: idParams, body: requestPayBody, response: requestDetail, status: 201 }),
  cancelPayment: endpoint({
    method: 'POST',
    path: '/api/request/payments/:id/cancel',
    params: idParams,
    body: requestPaymentCancelBody,
    response: requestDetail,
  }),
  reportExport: endpoint({ method: 'GET', path: '/api/request/report/export', query: requestReportQuery.safeExtend(exportFields), produces: reportFileTypes }),
};
