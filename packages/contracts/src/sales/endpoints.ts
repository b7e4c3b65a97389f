// Sales endpoints: quotations (/api/elc/quotations), sales invoices (/api/elc/sales-invoices), cash sales
// (/api/elc/sales-receipts), sales returns (/api/elc/sales-returns), what their forms choose from
// (/api/elc/sales/choices) and the sales reports (/api/sales-reports/...).
import { endpoint } from '../common/endpoint.ts';
import { z } from '../common/validation.ts';
import { exportFields, reportFormat } from '../finance-reports/common.ts';
import { reportFileTypes } from '../billing-reports/endpoints.ts';
import {
  quotationBody,
  quotationConvertBody,
  returnableSales,
  returnableSalesQuery,
  salesCancelBody,
  salesChoices,
  salesCustomerQuery,
  salesCustomers,
  salesDocument,
  salesDocumentPage,
  salesInvoiceBody,
  salesListQuery,
  salesReceiptBody,
  salesReturnBody,
} from './documents.ts';
import { returnTransaction, returnTransactionQuery, salesActivity, salesActivityQuery } from './reports.ts';

const params = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const pdf = ['application/pdf'] as const;

const documentEndpoints = <const P extends string>(path: P) => ({
  list: endpoint({ method: 'GET', path, query: salesListQuery, response: salesDocumentPage }),
  get: endpoint({ method: 'GET', path: `${path}/:id`, params, response: salesDocument }),
  cancel: endpoint({ method: 'POST', path: `${path}/:id/cancel`, params, body: salesCancelBody, response: salesDocument }),
  pdf: endpoint({ method: 'GET', path: `${path}/:id/pdf`, params, produces: pdf }),
});

export const salesInvoicesEndpoints = {
  ...documentEndpoints('/api/elc/sales-invoices'),
  create: endpoint({ method: 'POST', path: '/api/elc/sales-invoices', body: salesInvoiceBody, response: salesDocument, status: 201 }),
};
export const salesReceiptsEndpoints = {
  ...documentEndpoints('/api/elc/sales-receipts'),
  create: endpoint({ method: 'POST', path: '/api/elc/sales-receipts', body: salesReceiptBody, response: salesDocument, status: 201 }),
};
export const quotationsEndpoints = {
  ...documentEndpoints('/api/elc/quotations'),
  create: endpoint({ method: 'POST', path: '/api/elc/quotations', body: quotationBody, response: salesDocument, status: 201 }),
  convert: endpoint({ method: 'POST', path: '/api/elc/quotations/:id/convert', params, body: quotationConvertBody, response: salesDocument, status: 201 }),
};
export const salesReturnsEndpoints = {
  ...documentEndpoints('/api/elc/sales-returns'),
  create: endpoint({ method: 'POST', path: '/api/elc/sales-returns', body: salesReturnBody, response: salesDocument, status: 201 }),
  /** Posted invoices and cash sales a return may name. */
  returnable: endpoint({ method: 'GET', path: '/api/elc/sales-returns/sales', query: returnableSalesQuery, response: returnableSales }),
  /** One of them with its lines (sold and returned quantities), for the return form. */
  returnableSale: endpoint({ method: 'GET', path: '/api/elc/sales-returns/sales/:id', params, response: salesDocument }),
};
export const salesChoicesEndpoints = {
  get: endpoint({ method: 'GET', path: '/api/elc/sales/choices', response: salesChoices }),
  customers: endpoint({ method: 'GET', path: '/api/elc/sales/customers', query: salesCustomerQuery, response: salesCustomers }),
};

const withFields = <S extends z.core.$ZodShape, F extends z.core.$ZodShape>(query: z.ZodObject<S>, fields: F) =>
  (query as z.ZodObject).safeExtend(fields) as unknown as z.ZodObject<S & F>;
const report = <const P extends string, S extends z.core.$ZodShape, R extends z.ZodType>(path: P, query: z.ZodObject<S>, response: R) =>
  endpoint({ method: 'GET', path, query: withFields(query, { format: reportFormat.optional() }), response });
const reportExport = <const P extends string, S extends z.core.$ZodShape>(path: P, query: z.ZodObject<S>) =>
  endpoint({ method: 'GET', path: `${path}/export`, query: withFields(query, exportFields), produces: reportFileTypes });

export const salesReportsEndpoints = {
  salesActivity: report('/api/sales-reports/sales-activity', salesActivityQuery, salesActivity),
  salesActivityExport: reportExport('/api/sales-reports/sales-activity', salesActivityQuery),
  returnTransaction: report('/api/sales-reports/return-transaction', returnTransactionQuery, returnTransaction),
  returnTransactionExport: reportExport('/api/sales-reports/return-transaction', returnTransactionQuery),
};
