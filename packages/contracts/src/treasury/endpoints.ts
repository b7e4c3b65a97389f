// Treasury endpoints: money transfers (/api/finance/transfer), cheques (/api/finance/writecheck), the
// year-end closing (/api/finance/closing) and the files attached to journal entries. Postings honour an
// Idempotency-Key header.
import { endpoint } from '../common/endpoint.ts';
import { okResponse } from '../common/validation.ts';
import { journalEntryView, transactionFile, transactionFileList, transactionFileMimes, transactionFileParams, transactionFilesQuery } from './attachments.ts';
import { cheque, chequeBody, chequeIdParams, chequeListQuery, chequePage, nextCheque, nextChequeQuery } from './cheques.ts';
import { closingBody, closingQuery, closingState, periodClosing, reopenBody, reopenResult } from './closing.ts';
import { reversalBody } from './fields.ts';
import { entryIdParams } from '../finance/journal.ts';
import { transfer, transferBody, transferIdParams, transferListQuery, transferPage } from './transfers.ts';

export const treasuryEndpoints = {
  // Money transfers
  postTransfer: endpoint({ method: 'POST', path: '/api/finance/transfer', body: transferBody, response: transfer, status: 201 }),
  transfers: endpoint({ method: 'GET', path: '/api/finance/transfer', query: transferListQuery, response: transferPage }),
  transfer: endpoint({ method: 'GET', path: '/api/finance/transfer/:id', params: transferIdParams, response: transfer }),
  cancelTransfer: endpoint({ method: 'POST', path: '/api/finance/transfer/:id/cancel', params: transferIdParams, body: reversalBody, response: transfer }),
  // Cheques
  writeCheque: endpoint({ method: 'POST', path: '/api/finance/writecheck', body: chequeBody, response: cheque, status: 201 }),
  cheques: endpoint({ method: 'GET', path: '/api/finance/writecheck', query: chequeListQuery, response: chequePage }),
  /** The number the next automatic cheque on a bank account would get (nothing is taken). */
  nextCheque: endpoint({ method: 'GET', path: '/api/finance/writecheck/next-number', query: nextChequeQuery, response: nextCheque }),
  cheque: endpoint({ method: 'GET', path: '/api/finance/writecheck/:id', params: chequeIdParams, response: cheque }),
  voidCheque: endpoint({ method: 'POST', path: '/api/finance/writecheck/:id/void', params: chequeIdParams, body: reversalBody, response: cheque }),
  // Year-end closing
  closing: endpoint({ method: 'GET', path: '/api/finance/closing', query: closingQuery, response: closingState }),
  closePeriod: endpoint({ method: 'POST', path: '/api/finance/closing', body: closingBody, response: periodClosing, status: 201 }),
  reopenPeriod: endpoint({ method: 'POST', path: '/api/finance/closing/reopen', body: reopenBody, response: reopenResult }),
  /** The spec's finance/view: one journal entry with lines, parties, attachments and reversal links. */
  view: endpoint({ method: 'GET', path: '/api/finance/view/:id', params: entryIdParams, response: journalEntryView }),
  // Journal entry attachments
  uploadFile: endpoint({
    method: 'POST',
    path: '/api/finance/upload-transaction-files',
    consumes: ['multipart/form-data'],
    response: transactionFile,
    status: 201,
  }),
  files: endpoint({ method: 'GET', path: '/api/finance/get-transaction-files', query: transactionFilesQuery, response: transactionFileList }),
  /** The attached file itself (documents and images open inline; spreadsheets and CSV download). */
  file: endpoint({ method: 'GET', path: '/api/finance/transaction-files/:id', params: transactionFileParams, produces: transactionFileMimes }),
  removeFile: endpoint({ method: 'DELETE', path: '/api/finance/remove-transaction-file/:id', params: transactionFileParams, response: okResponse }),
};
