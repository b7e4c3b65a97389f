// /api/elc/prices (tariff versions) and POST /api/elc/pricing (the calculator), privilege list-price.
// Paths and schemas are the contracts' tariffsEndpoints.
import type { FastifyInstance } from 'fastify';
import { tariffsEndpoints as api, translate } from '@ubo/contracts';
import { tenantTx } from '../../plugins/auth.ts';
import { serve } from '../../plugins/endpoint.ts';
import { getTariff, listTariffs } from './list-tariffs.ts';
import { priceWithTariff } from './price-consumption.ts';
import { createTariff, deleteTariff, updateTariff } from './save-tariff.ts';

const config = { access: { privilege: 'list-price' }, tags: ['tariffs'] };

export async function tariffsRoutes(app: FastifyInstance) {
  serve(app, api.list, config, async (req) => tenantTx(req, (tx) => listTariffs({ tx, query: req.query })));

  serve(app, api.get, config, async (req) => tenantTx(req, (tx) => getTariff({ tx, id: req.params.id })));

  serve(app, api.create, config, async (req) => tenantTx(req, (tx, actor) => createTariff({ tx, actor, input: req.body })));

  serve(app, api.update, config, async (req) => tenantTx(req, (tx, actor) => updateTariff({ tx, actor, id: req.params.id, input: req.body })));

  serve(app, api.remove, config, async (req) => {
    await tenantTx(req, (tx, actor) => deleteTariff({ tx, actor, id: req.params.id }));
    return { ok: true as const, message: translate('common.deleted', req.lang) };
  });

  serve(app, api.price, config, async (req) => tenantTx(req, (tx) => priceWithTariff({ tx, input: req.body })));
}
