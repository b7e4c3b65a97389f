// /api/elc/items (list-item to read; add-item to create, edit and change status): the item register,
// an item's stock per branch; /api/elc/stock-moves (list-item): the stock card. /api/elc/stock-adjustments and /api/elc/stock-transfers
// (stock-adjustment): opening stock, adjustments and transfers between branches, cancelled by undoing.
// /api/elc/stock-settings (read with list-item, changed with stock-adjustment). Paths and schemas are the
// contracts' itemsEndpoints, stockAdjustmentsEndpoints, stockTransfersEndpoints, stockSettingsEndpoints.
import type { FastifyInstance } from 'fastify';
import {
  itemsEndpoints as items,
  stockAdjustmentsEndpoints as adjustments,
  stockMovesEndpoints as moves,
  stockSettingsEndpoints as settings,
  stockTransfersEndpoints as transfers,
} from '@ubo/contracts';
import { tenantTx } from '../../plugins/auth.ts';
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

  serve(app, settings.get, read, async (req) => tenantTx(req, (tx) => readStockSettings({ tx })));
  serve(app, settings.update, stock, async (req) => tenantTx(req, (tx, actor) => saveStockSettings({ tx, actor, input: req.body })));
}
