// Items and stock endpoints: the item register (/api/elc/items: list, view, status, its stock per branch), stock adjustments (/api/elc/stock-adjustments), transfers between branches
// (/api/elc/stock-transfers), the stock card (/api/elc/stock-moves) and the stock settings (/api/elc/stock-settings).
import { endpoint } from '../common/endpoint.ts';
import { z } from '../common/validation.ts';
import { idParams, referenceStatusBody } from '../settings/fields.ts';
import { item, itemBody, itemCategoryAccounts, itemCategoryAccountsBody, itemChoices, itemListQuery, itemPage, itemStock } from './items.ts';
import { exportFields, reportFormat } from '../finance-reports/common.ts';
import {
  stockCount,
  stockCountBody,
  stockCountCancelBody,
  stockCountImportBody,
  stockCountLinesBody,
  stockCountListQuery,
  stockCountPage,
} from './counting.ts';
import { itemTransactionQuery, itemTransactionReport, stockOnHandQuery, stockOnHandReport } from './stock-reports.ts';
import {
  stockAdjustment,
  stockAdjustmentBody,
  stockAdjustmentListQuery,
  stockAdjustmentPage,
  stockCancelBody,
  stockCardPage,
  stockCardQuery,
  stockSettings,
  stockTransfer,
  stockTransferBody,
  stockTransferListQuery,
  stockTransferPage,
} from './stock.ts';

const documentIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const itemsEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/elc/items', query: itemListQuery, response: itemPage }),
  choices: endpoint({ method: 'GET', path: '/api/elc/items/choices', response: itemChoices }),
  get: endpoint({ method: 'GET', path: '/api/elc/items/:id', params: idParams, response: item }),
  create: endpoint({ method: 'POST', path: '/api/elc/items', body: itemBody, response: item, status: 201 }),
  update: endpoint({ method: 'PUT', path: '/api/elc/items/:id', params: idParams, body: itemBody, response: item }),
  setStatus: endpoint({ method: 'PATCH', path: '/api/elc/items/:id/status', params: idParams, body: referenceStatusBody, response: item }),
  stock: endpoint({ method: 'GET', path: '/api/elc/items/:id/stock', params: idParams, response: itemStock }),
  categoryAccounts: endpoint({
    method: 'PUT',
    path: '/api/elc/item-categories/:id/accounts',
    params: idParams,
    body: itemCategoryAccountsBody,
    response: itemCategoryAccounts,
  }),
};

/** Inventory counting: count sheets, their counted quantities (grid or CSV), posting and cancelling. */
export const stockCountsEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/elc/inventory-counts', query: stockCountListQuery, response: stockCountPage }),
  get: endpoint({ method: 'GET', path: '/api/elc/inventory-counts/:id', params: documentIdParams, response: stockCount }),
  create: endpoint({ method: 'POST', path: '/api/elc/inventory-counts', body: stockCountBody, response: stockCount, status: 201 }),
  saveLines: endpoint({
    method: 'PUT',
    path: '/api/elc/inventory-counts/:id/lines',
    params: documentIdParams,
    body: stockCountLinesBody,
    response: stockCount,
  }),
  importCsv: endpoint({
    method: 'POST',
    path: '/api/elc/inventory-counts/:id/import',
    params: documentIdParams,
    body: stockCountImportBody,
    response: stockCount,
  }),
  post: endpoint({ method: 'POST', path: '/api/elc/inventory-counts/:id/post', params: documentIdParams, response: stockCount }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/elc/inventory-counts/:id/cancel',
    params: documentIdParams,
    body: stockCountCancelBody,
    response: stockCount,
  }) /** The printable count sheet (A4 PDF): system quantities, and counted ones once entered (room to write them otherwise). */,
  pdf: endpoint({ method: 'GET', path: '/api/elc/inventory-counts/:id/sheet.pdf', params: documentIdParams, produces: ['application/pdf'] }),
};

const reportFileTypes = ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] as const;
const withFields = <S extends z.core.$ZodShape, F extends z.core.$ZodShape>(query: z.ZodObject<S>, fields: F) =>
  (query as z.ZodObject).safeExtend(fields) as unknown as z.ZodObject<S & F>;

/** Stock reports: JSON at the path (the file with format=csv|xlsx), the file at path/export. */
export const stockReportsEndpoints = {
  itemTransaction: endpoint({
    method: 'GET',
    path: '/api/elc/stock-reports/item-transaction',
    query: withFields(itemTransactionQuery, { format: reportFormat.optional() }),
    response: itemTransactionReport,
  }),
  itemTransactionExport: endpoint({
    method: 'GET',
    path: '/api/elc/stock-reports/item-transaction/export',
    query: withFields(itemTransactionQuery, exportFields),
    produces: reportFileTypes,
  }),
  stockOnHand: endpoint({
    method: 'GET',
    path: '/api/elc/stock-reports/stock-on-hand',
    query: withFields(stockOnHandQuery, { format: reportFormat.optional() }),
    response: stockOnHandReport,
  }),
  stockOnHandExport: endpoint({
    method: 'GET',
    path: '/api/elc/stock-reports/stock-on-hand/export',
    query: withFields(stockOnHandQuery, exportFields),
    produces: reportFileTypes,
  }),
};

/** The stock card (item transactions): one item's moves, at a branch or all, in a period. */
export const stockMovesEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/elc/stock-moves', query: stockCardQuery, response: stockCardPage }),
};

export const stockAdjustmentsEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/elc/stock-adjustments', query: stockAdjustmentListQuery, response: stockAdjustmentPage }),
  get: endpoint({ method: 'GET', path: '/api/elc/stock-adjustments/:id', params: documentIdParams, response: stockAdjustment }),
  create: endpoint({ method: 'POST', path: '/api/elc/stock-adjustments', body: stockAdjustmentBody, response: stockAdjustment, status: 201 }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/elc/stock-adjustments/:id/cancel',
    params: documentIdParams,
    body: stockCancelBody,
    response: stockAdjustment,
  }),
};

export const stockTransfersEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/elc/stock-transfers', query: stockTransferListQuery, response: stockTransferPage }),
  get: endpoint({ method: 'GET', path: '/api/elc/stock-transfers/:id', params: documentIdParams, response: stockTransfer }),
  create: endpoint({ method: 'POST', path: '/api/elc/stock-transfers', body: stockTransferBody, response: stockTransfer, status: 201 }),
  cancel: endpoint({ method: 'POST', path: '/api/elc/stock-transfers/:id/cancel', params: documentIdParams, body: stockCancelBody, response: stockTransfer }),
};

export const stockSettingsEndpoints = {
  get: endpoint({ method: 'GET', path: '/api/elc/stock-settings', response: stockSettings }),
  update: endpoint({ method: 'PUT', path: '/api/elc/stock-settings', body: stockSettings, response: stockSettings }),
};
