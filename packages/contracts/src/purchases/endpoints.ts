// Purchasing endpoints: vendor bills (credit purchase; the spec's elc/vendors/bill), cash purchases,
// purchase returns and purchase orders under /api/elc/vendors/..., the purchasing forms' choices and the
// expenses report under /api/elc/purchases/....
import { endpoint } from '../common/endpoint.ts';
import { z } from '../common/validation.ts';
import { exportFields, reportFormat } from '../finance-reports/common.ts';
import {
  cashPurchaseBody,
  purchaseCancelBody,
  purchaseChoices,
  purchaseDocument,
  purchaseListQuery,
  purchasePage,
  purchaseReturn,
  purchaseReturnBody,
  purchaseReturnListQuery,
  purchaseReturnPage,
  vendorBillBody,
} from './documents.ts';
import { expensesReport, expensesReportQuery } from './expenses.ts';
import { purchaseOrder, purchaseOrderBody, purchaseOrderListQuery, purchaseOrderPage, purchaseOrderReasonBody, purchaseReceiptBody } from './orders.ts';

const documentIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const pdf = ['application/pdf'] as const;
const reportFileTypes = ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] as const;

export const vendorBillsEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/elc/vendors/bills', query: purchaseListQuery, response: purchasePage }),
  get: endpoint({ method: 'GET', path: '/api/elc/vendors/bills/:id', params: documentIdParams, response: purchaseDocument }),
  create: endpoint({ method: 'POST', path: '/api/elc/vendors/bills', body: vendorBillBody, response: purchaseDocument, status: 201 }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/elc/vendors/bills/:id/cancel',
    params: documentIdParams,
    body: purchaseCancelBody,
    response: purchaseDocument,
  }),
};

export const cashPurchasesEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/elc/vendors/cash-purchases', query: purchaseListQuery, response: purchasePage }),
  get: endpoint({ method: 'GET', path: '/api/elc/vendors/cash-purchases/:id', params: documentIdParams, response: purchaseDocument }),
  create: endpoint({ method: 'POST', path: '/api/elc/vendors/cash-purchases', body: cashPurchaseBody, response: purchaseDocument, status: 201 }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/elc/vendors/cash-purchases/:id/cancel',
    params: documentIdParams,
    body: purchaseCancelBody,
    response: purchaseDocument,
  }),
};

export const purchaseReturnsEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/elc/vendors/purchase-returns', query: purchaseReturnListQuery, response: purchaseReturnPage }),
  get: endpoint({ method: 'GET', path: '/api/elc/vendors/purchase-returns/:id', params: documentIdParams, response: purchaseReturn }),
  /** The purchase a return is made against (bill or cash purchase), with what is left to return per line. */
  purchase: endpoint({ method: 'GET', path: '/api/elc/vendors/purchase-returns/purchases/:id', params: documentIdParams, response: purchaseDocument }),
  create: endpoint({ method: 'POST', path: '/api/elc/vendors/purchase-returns', body: purchaseReturnBody, response: purchaseReturn, status: 201 }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/elc/vendors/purchase-returns/:id/cancel',
    params: documentIdParams,
    body: purchaseCancelBody,
    response: purchaseReturn,
  }),
};

export const purchaseOrdersEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/elc/vendors/orders', query: purchaseOrderListQuery, response: purchaseOrderPage }),
  get: endpoint({ method: 'GET', path: '/api/elc/vendors/orders/:id', params: documentIdParams, response: purchaseOrder }),
  create: endpoint({ method: 'POST', path: '/api/elc/vendors/orders', body: purchaseOrderBody, response: purchaseOrder, status: 201 }),
  update: endpoint({ method: 'PUT', path: '/api/elc/vendors/orders/:id', params: documentIdParams, body: purchaseOrderBody, response: purchaseOrder }),
  approve: endpoint({ method: 'POST', path: '/api/elc/vendors/orders/:id/approve', params: documentIdParams, response: purchaseOrder }),
  receive: endpoint({
    method: 'POST',
    path: '/api/elc/vendors/orders/:id/receive',
    params: documentIdParams,
    body: purchaseReceiptBody,
    response: purchaseOrder,
  }),
  close: endpoint({
    method: 'POST',
    path: '/api/elc/vendors/orders/:id/close',
    params: documentIdParams,
    body: purchaseOrderReasonBody,
    response: purchaseOrder,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/elc/vendors/orders/:id/cancel',
    params: documentIdParams,
    body: purchaseOrderReasonBody,
    response: purchaseOrder,
  }),
};

export const purchasesEndpoints = {
  /** Active vendors (id, number, name, terms, default expense account), items, branches and accounts for the purchasing forms. */
  vendorChoices: endpoint({ method: 'GET', path: '/api/elc/purchases/vendor-choices', response: purchaseChoices }),
  expenses: endpoint({
    method: 'GET',
    path: '/api/elc/purchases/reports/expenses',
    query: expensesReportQuery.safeExtend({ format: reportFormat.optional() }),
    response: expensesReport,
  }),
  expensesExport: endpoint({
    method: 'GET',
    path: '/api/elc/purchases/reports/expenses/export',
    query: expensesReportQuery.safeExtend(exportFields),
    produces: reportFileTypes,
  }),
};

/** Printable PDFs (served once document-print is on main). */
export const purchasePrintEndpoints = {
  billPdf: endpoint({ method: 'GET', path: '/api/elc/vendors/bills/:id/pdf', params: documentIdParams, produces: pdf }),
  cashPurchasePdf: endpoint({ method: 'GET', path: '/api/elc/vendors/cash-purchases/:id/pdf', params: documentIdParams, produces: pdf }),
  returnPdf: endpoint({ method: 'GET', path: '/api/elc/vendors/purchase-returns/:id/pdf', params: documentIdParams, produces: pdf }),
  orderPdf: endpoint({ method: 'GET', path: '/api/elc/vendors/orders/:id/pdf', params: documentIdParams, produces: pdf }),
};
