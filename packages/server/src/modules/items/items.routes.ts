// /api/elc/items (list-item to read; add-item to create, edit and change status): the item register,
// an item's stock per branch; /api/elc/stock-moves (list-item): the stock card. /api/elc/stock-adjustments and /api/elc/stock-transfers
// (stock-adjustment): opening stock, adjustments and transfers between branches, cancelled by undoing.
// /api/elc/stock-settings (read with list-item, changed with stock-adjustment). Paths and schemas are the
// contracts' itemsEndpoints, stockAdjustmentsEndpoints, stockTransfersEndpoints, stockSettingsEndpoints.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  itemsEndpoints as items,
  stockAdjustmentsEndpoints as adjustments,
  stockMovesEndpoints as moves,
  stockCountsEndpoints as counts,
  stockReportsEndpoints as reports,
  STOCK_EXPORT_MAX_ROWS,
  stockSettingsEndpoints as settings,
  stockTransfersEndpoints as transfers,
} from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { tenantTx } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { sendPdf } from '../document-print/index.ts';
import { sendReport } from '../finance-reports/index.ts';
import { stockCountPdf } from './stock-count-pdf.ts';
import { saveCategoryAccounts } from './category-accounts.ts';
import {
  cancelStockCount,
  createStockCount,
  getStockCount,
  importStockCountCsv,
  listStockCounts,
  postStockCount,
  saveStockCountLines,
} from './stock-counts.ts';
import { itemTransactionTable, stockOnHandTable } from './stock-report-tables.ts';
import { itemTransaction, stockOnHand } from './stock-reports.ts';
import { serve } from '../../plugins/endpoint.ts';
import { itemChoices } from './item-choices.ts';
import { getItem, itemStockByBranch, listItems } from './list-items.ts';
import { createItem, setItemStatus, updateItem } from './save-item.ts';
import { cancelStockAdjustment, createStockAdjustment, getStockAdjustment, listStockAdjustments } from './stock-adjustments.ts';
import { stockCard } from './stock-card.ts';
import { readStockSettings, saveStockSettings } from './stock-settings.ts';
import { cancelStockTransfer, createStockTransfer, getStockTransfer, listStockTransfers } from './stock-transfers.ts';

const tags = ['items'];
const read = { access: { privilege: 'list-item' }, tags };
const edit = { access: { privilege: 'add-item' }, tags };
const stock = { access: { privilege: 'stock-adjustment' }, tags };
const counting = { access: { privilege: 'inventory-counting' }, tags };
const itemReport = { access: { privilege: 'item-transaction' }, tags };

async function organisationName(tx: Db): Promise<string> {
  const [org] = await queryRows<{ name: string }>(tx, sql`select name from clients where id = app_client_id()`);
  return org?.name ?? '';
}

/** A file holds every row up to the limit; beyond it, filter. */
function assertExportable(total: number, field: string) {
  if (total > STOCK_EXPORT_MAX_ROWS) {
    const key = `billingReports.exportTooLarge|${STOCK_EXPORT_MAX_ROWS}`;
    throw new AppError(400, 'EXPORT_TOO_LARGE', key, [{ field, message: key }]);
  }
}

export async function itemsRoutes(app: FastifyInstance) {
  serve(app, items.list, read, async (req) => tenantTx(req, (tx, actor) => listItems({ tx, lang: actor.lang, query: req.query })));
  serve(app, items.choices, read, async (req) => tenantTx(req, (tx, actor) => itemChoices({ tx, actor })));
  serve(app, items.get, read, async (req) => tenantTx(req, (tx, actor) => getItem({ tx, lang: actor.lang, id: req.params.id })));
  serve(app, items.stock, read, async (req) => tenantTx(req, (tx) => itemStockByBranch({ tx, id: req.params.id })));
  serve(app, moves.list, read, async (req) => tenantTx(req, (tx) => stockCard({ tx, query: req.query })));
  serve(app, items.create, edit, async (req) => tenantTx(req, (tx, actor) => createItem({ tx, actor, input: req.body })));
  serve(app, items.update, edit, async (req) => tenantTx(req, (tx, actor) => updateItem({ tx, actor, id: req.params.id, input: req.body })));
  serve(app, items.setStatus, edit, async (req) => tenantTx(req, (tx, actor) => setItemStatus({ tx, actor, id: req.params.id, status: req.body.status })));

  serve(app, adjustments.list, stock, async (req) => tenantTx(req, (tx) => listStockAdjustments({ tx, query: req.query })));
  serve(app, adjustments.get, stock, async (req) => tenantTx(req, (tx) => getStockAdjustment({ tx, id: req.params.id })));
  serve(app, adjustments.create, stock, async (req) => tenantTx(req, (tx, actor) => createStockAdjustment({ tx, actor, input: req.body })));
  serve(app, adjustments.cancel, stock, async (req) => tenantTx(req, (tx, actor) => cancelStockAdjustment({ tx, actor, id: req.params.id, input: req.body })));

  serve(app, transfers.list, stock, async (req) => tenantTx(req, (tx) => listStockTransfers({ tx, query: req.query })));
  serve(app, transfers.get, stock, async (req) => tenantTx(req, (tx) => getStockTransfer({ tx, id: req.params.id })));
  serve(app, transfers.create, stock, async (req) => tenantTx(req, (tx, actor) => createStockTransfer({ tx, actor, input: req.body })));
  serve(app, transfers.cancel, stock, async (req) => tenantTx(req, (tx, actor) => cancelStockTransfer({ tx, actor, id: req.params.id, input: req.body })));

  serve(app, items.categoryAccounts, edit, async (req) =>
    tenantTx(req, (tx, actor) => saveCategoryAccounts({ tx, actor, categoryId: req.params.id, input: req.body })),
  );

  serve(app, counts.list, counting, async (req) => tenantTx(req, (tx) => listStockCounts({ tx, query: req.query })));
  serve(app, counts.get, counting, async (req) => tenantTx(req, (tx) => getStockCount({ tx, id: req.params.id })));
  serve(app, counts.create, counting, async (req) => tenantTx(req, (tx, actor) => createStockCount({ tx, actor, input: req.body })));
  serve(app, counts.saveLines, counting, async (req) => tenantTx(req, (tx, actor) => saveStockCountLines({ tx, actor, id: req.params.id, input: req.body })));
  serve(app, counts.importCsv, counting, async (req) => tenantTx(req, (tx, actor) => importStockCountCsv({ tx, actor, id: req.params.id, input: req.body })));
  serve(app, counts.post, counting, async (req) => tenantTx(req, (tx, actor) => postStockCount({ tx, actor, id: req.params.id })));
  serve(app, counts.pdf, counting, async (req, reply) => {
    const { doc, fileName } = await tenantTx(req, (tx, actor) => stockCountPdf({ tx, clientId: actor.clientId, id: req.params.id, lang: actor.lang }));
    return sendPdf(reply, doc, fileName, 'inline');
  });
  serve(app, counts.cancel, counting, async (req) => tenantTx(req, (tx, actor) => cancelStockCount({ tx, actor, id: req.params.id, reason: req.body.reason })));

  type TxQuery<F extends (o: never) => unknown> = Parameters<F>[0] extends { query: infer Q } ? Q : never;
  const itemTransactionFile = (req: FastifyRequest, query: TxQuery<typeof itemTransaction>) =>
    tenantTx(req, async (tx, actor) => {
      const report = await itemTransaction({ tx, query: { ...query, _page: 1, _limit: STOCK_EXPORT_MAX_ROWS + 1 } });
      assertExportable(report.total, 'startDate');
      return itemTransactionTable(report, { lang: actor.lang, organisation: await organisationName(tx) });
    });
  serve(app, reports.itemTransaction, itemReport, async (req, reply) => {
    const { format, ...query } = req.query;
    if (format) return sendReport(reply, await itemTransactionFile(req, query), format) as never;
    return tenantTx(req, (tx) => itemTransaction({ tx, query }));
  });
  serve(app, reports.itemTransactionExport, itemReport, async (req, reply) => {
    const { format, ...query } = req.query;
    return sendReport(reply, await itemTransactionFile(req, query), format);
  });

  const stockOnHandFile = (req: FastifyRequest, query: TxQuery<typeof stockOnHand>) =>
    tenantTx(req, async (tx, actor) => {
      const report = await stockOnHand({ tx, query: { ...query, _page: 1, _limit: STOCK_EXPORT_MAX_ROWS + 1 } });
      assertExportable(report.total, 'categoryId');
      const [branch] = query.branchId ? await queryRows<{ name: string }>(tx, sql`select name from branches where id = ${query.branchId}`) : [];
      return stockOnHandTable(report, { lang: actor.lang, organisation: await organisationName(tx), branchName: branch?.name ?? null });
    });
  serve(app, reports.stockOnHand, read, async (req, reply) => {
    const { format, ...query } = req.query;
    if (format) return sendReport(reply, await stockOnHandFile(req, query), format) as never;
    return tenantTx(req, (tx) => stockOnHand({ tx, query }));
  });
  serve(app, reports.stockOnHandExport, read, async (req, reply) => {
    const { format, ...query } = req.query;
    return sendReport(reply, await stockOnHandFile(req, query), format);
  });

  serve(app, settings.get, read, async (req) => tenantTx(req, (tx) => readStockSettings({ tx })));
  serve(app, settings.update, stock, async (req) => tenantTx(req, (tx, actor) => saveStockSettings({ tx, actor, input: req.body })));
}
