// Payments endpoints: customer payments and the pickers of the payment screens (/api/finance/payments),
// batch receive (/api/finance/payments/batches, /batch, /batch/match), customer balance transfers
// (/api/finance/c2c) and a customer's account (/api/elc/customers/:id/account).
import { endpoint } from '../common/endpoint.ts';
import { okResponse } from '../common/validation.ts';
import { transactionFile, transactionFileMimes, transactionFileParams } from '../treasury/attachments.ts';
import { idParams } from '../settings/fields.ts';
import { customerAccount } from './account.ts';
import { batchListQuery, batchMatchBody, batchMatchQuery, batchMatchResult, batchPage, batchSaveBody, batchSaved } from './batch.ts';
import { customerTransfer, customerTransferBody, customerTransferListQuery, customerTransferPage } from './customer-transfers.ts';
import { longIdParams, paymentCancelBody } from './fields.ts';
import {
  allocationPreview,
  allocationPreviewQuery,
  customerLookupList,
  customerLookupQuery,
  paymentBody,
  paymentDetail,
  paymentListQuery,
  paymentPage,
  receivingAccountList,
} from './payments.ts';

export const paymentsEndpoints = {
  /** Receive a payment (honours an Idempotency-Key). */
  create: endpoint({ method: 'POST', path: '/api/finance/payments', body: paymentBody, response: paymentDetail, status: 201 }),
  list: endpoint({ method: 'GET', path: '/api/finance/payments', query: paymentListQuery, response: paymentPage }),
  /** A customer's open charges with what an amount would pay on each. */
  allocationPreview: endpoint({ method: 'GET', path: '/api/finance/payments/allocation-preview', query: allocationPreviewQuery, response: allocationPreview }),
  /** The customer picker of the payment screens. */
  customers: endpoint({ method: 'GET', path: '/api/finance/payments/customers', query: customerLookupQuery, response: customerLookupList }),
  /** The accounts money can be received into. */
  accounts: endpoint({ method: 'GET', path: '/api/finance/payments/accounts', response: receivingAccountList }),
  get: endpoint({ method: 'GET', path: '/api/finance/payments/:id', params: longIdParams, response: paymentDetail }),
  /** Cancel by reversal (honours an Idempotency-Key). */
  cancel: endpoint({ method: 'POST', path: '/api/finance/payments/:id/cancel', params: longIdParams, body: paymentCancelBody, response: paymentDetail }),
  /**
   * The spec's finance/attache-file-offilne-payment: a scan or photo of the manual receipt or bank slip of a
   * received payment (multipart fields paymentId and file; the journal attachments' rules: PDF, PNG, JPEG,
   * WebP, CSV or XLSX by content, 2 MiB, 20 per payment), kept in the database on the payment's entry.
   */
  attachFile: endpoint({
    method: 'POST',
    path: '/api/finance/attache-file-offilne-payment',
    consumes: ['multipart/form-data'],
    response: transactionFile,
    status: 201,
  }),
  /** One of a payment's attachments, by the attachment id of the payment's `attachments`. */
  attachedFile: endpoint({
    method: 'GET',
    path: '/api/finance/attache-file-offilne-payment/:id',
    params: transactionFileParams,
    produces: transactionFileMimes,
  }),
  /** The spec's finance/remove-attached-file: removes one of a payment's attachments. */
  removeAttachedFile: endpoint({ method: 'DELETE', path: '/api/finance/remove-attached-file/:id', params: transactionFileParams, response: okResponse }),
};

export const paymentBatchesEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/finance/payments/batches', query: batchListQuery, response: batchPage }),
  /**
   * Matches rows to customers, reading only: the grid's rows as JSON (the body schema, checked by the
   * handler), or a statement file as text/csv or a multipart upload (FormData; accountId in the query).
   */
  match: endpoint({
    method: 'POST',
    path: '/api/finance/payments/batch/match',
    body: batchMatchBody,
    consumes: ['application/json', 'text/csv', 'multipart/form-data'],
    query: batchMatchQuery,
    response: batchMatchResult,
  }),
  /** Saves the matched rows as payments in one transaction (honours an Idempotency-Key). */
  save: endpoint({ method: 'POST', path: '/api/finance/payments/batch', body: batchSaveBody, response: batchSaved, status: 201 }),
};

export const customerTransfersEndpoints = {
  /** Move balance from one customer to another (honours an Idempotency-Key). */
  create: endpoint({ method: 'POST', path: '/api/finance/c2c', body: customerTransferBody, response: customerTransfer, status: 201 }),
  list: endpoint({ method: 'GET', path: '/api/finance/c2c', query: customerTransferListQuery, response: customerTransferPage }),
  get: endpoint({ method: 'GET', path: '/api/finance/c2c/:id', params: longIdParams, response: customerTransfer }),
  /** Cancel by reversal (honours an Idempotency-Key). */
  cancel: endpoint({ method: 'POST', path: '/api/finance/c2c/:id/cancel', params: longIdParams, body: paymentCancelBody, response: customerTransfer }),
};

export const customerAccountEndpoints = {
  /** Where a customer stands: balance, open bills and charges, credit, the last payment. */
  get: endpoint({ method: 'GET', path: '/api/elc/customers/:id/account', params: idParams, response: customerAccount }),
};
