// Vendors endpoints: the vendor register (/api/elc/vendors: list, choices, view, create, update, status,
// open bills, statement = the spec's elc/vendors transaction), vendor payments (/api/elc/vendor-payments:
// Pay bill, list, view, cancel, voucher) and the vendor reports (/api/vendor-reports: transaction,
// summary with ageing; JSON, or the file with format, and <path>/export).
import { endpoint } from '../common/endpoint.ts';
import type { z } from '../common/validation.ts';
import { reportFileTypes } from '../billing-reports/endpoints.ts';
import { exportFields, reportFormat } from '../finance-reports/common.ts';
import { longIdParams } from '../payments/fields.ts';
import { idParams, referenceStatusBody } from '../settings/fields.ts';
import {
  vendorPaymentBody,
  vendorPaymentCancelBody,
  vendorPaymentChoices,
  vendorPaymentDetail,
  vendorPaymentListQuery,
  vendorPaymentPage,
} from './vendor-payments.ts';
import {
  vendor,
  vendorBody,
  vendorChoices,
  vendorListQuery,
  vendorOpenBills,
  vendorOpenBillsQuery,
  vendorOptionList,
  vendorPage,
  vendorStatementQuery,
  vendorSummary,
  vendorSummaryQuery,
  vendorTransaction,
  vendorTransactionQuery,
} from './vendors.ts';

export const vendorsEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/elc/vendors', query: vendorListQuery, response: vendorPage }),
  choices: endpoint({ method: 'GET', path: '/api/elc/vendors/choices', response: vendorChoices }),
  get: endpoint({ method: 'GET', path: '/api/elc/vendors/:id', params: idParams, response: vendor }),
  create: endpoint({ method: 'POST', path: '/api/elc/vendors', body: vendorBody, response: vendor, status: 201 }),
  update: endpoint({ method: 'PUT', path: '/api/elc/vendors/:id', params: idParams, body: vendorBody, response: vendor }),
  setStatus: endpoint({ method: 'PATCH', path: '/api/elc/vendors/:id/status', params: idParams, body: referenceStatusBody, response: vendor }),
  openBills: endpoint({
    method: 'GET',
    path: '/api/elc/vendors/:id/open-bills',
    params: idParams,
    response: vendorOpenBills,
  }),
  payments: endpoint({ method: 'GET', path: '/api/elc/vendors/:id/payments', params: idParams, query: vendorPaymentListQuery, response: vendorPaymentPage }),
  transaction: endpoint({
    method: 'GET',
    path: '/api/elc/vendors/:id/transaction',
    params: idParams,
    query: vendorStatementQuery,
    response: vendorTransaction,
  }),
};

export const vendorPaymentsEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/elc/vendor-payments', query: vendorPaymentListQuery, response: vendorPaymentPage }),
  choices: endpoint({ method: 'GET', path: '/api/elc/vendor-payments/choices', response: vendorPaymentChoices }),
  vendors: endpoint({ method: 'GET', path: '/api/elc/vendor-payments/vendors', response: vendorOptionList }),
  openBills: endpoint({ method: 'GET', path: '/api/elc/vendor-payments/open-bills', query: vendorOpenBillsQuery, response: vendorOpenBills }),
  get: endpoint({ method: 'GET', path: '/api/elc/vendor-payments/:id', params: longIdParams, response: vendorPaymentDetail }),
  create: endpoint({ method: 'POST', path: '/api/elc/vendor-payments', body: vendorPaymentBody, response: vendorPaymentDetail, status: 201 }),
  /** The payment voucher as a PDF (the organisation's header, the vendor, the bills settled, signatures). */
  voucherPdf: endpoint({ method: 'GET', path: '/api/elc/vendor-payments/:id/voucher.pdf', params: longIdParams, produces: ['application/pdf'] }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/elc/vendor-payments/:id/cancel',
    params: longIdParams,
    body: vendorPaymentCancelBody,
    response: vendorPaymentDetail,
  }),
};

/** A report's query with the file format's field (safeExtend keeps the query's refinements). */
const withFields = <S extends z.core.$ZodShape, F extends z.core.$ZodShape>(query: z.ZodObject<S>, fields: F) =>
  (query as z.ZodObject).safeExtend(fields) as unknown as z.ZodObject<S & F>;

/** GET path: the report as JSON, or its file when `format` is given. */
const report = <const P extends string, S extends z.core.$ZodShape, R extends z.ZodType>(path: P, query: z.ZodObject<S>, response: R) =>
  endpoint({ method: 'GET', path, query: withFields(query, { format: reportFormat.optional() }), response });

/** GET path/export?format=csv|xlsx: the report's file. */
const reportExport = <const P extends string, S extends z.core.$ZodShape>(path: P, query: z.ZodObject<S>) =>
  endpoint({ method: 'GET', path: `${path}/export`, query: withFields(query, exportFields), produces: reportFileTypes });

export const vendorReportsEndpoints = {
  transaction: report('/api/vendor-reports/vendor-transaction', vendorTransactionQuery, vendorTransaction),
  transactionExport: reportExport('/api/vendor-reports/vendor-transaction', vendorTransactionQuery),
  summary: report('/api/vendor-reports/vendor-summary', vendorSummaryQuery, vendorSummary),
  summaryExport: reportExport('/api/vendor-reports/vendor-summary', vendorSummaryQuery),
};
