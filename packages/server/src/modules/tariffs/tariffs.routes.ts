// /api/elc/prices (tariff versions) and POST /api/elc/pricing (the calculator), privilege list-price.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, okResponse, pricingBody, pricingResult, tariff, tariffBody, tariffListQuery, tariffPage, translate } from '@ubo/contracts';
import { tenantTx } from '../../plugins/auth.ts';
import { getTariff, listTariffs } from './list-tariffs.ts';
import { priceWithTariff } from './price-consumption.ts';
import { createTariff, deleteTariff, updateTariff } from './save-tariff.ts';

const PATH = '/api/elc/prices';
const config = { access: { privilege: 'list-price' } } as const;
const tags = ['tariffs'];

export async function tariffsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(PATH, { config, schema: { tags, querystring: tariffListQuery, response: { 200: tariffPage } } }, async (req) =>
    tenantTx(req, (tx) => listTariffs({ tx, query: req.query })));

  r.get(`${PATH}/:id`, { config, schema: { tags, params: idParams, response: { 200: tariff } } }, async (req) =>
    tenantTx(req, (tx) => getTariff({ tx, id: req.params.id })));

  r.post(PATH, { config, schema: { tags, body: tariffBody, response: { 201: tariff } } }, async (req, reply) => {
    const created = await tenantTx(req, (tx, actor) => createTariff({ tx, actor, input: req.body }));
    return reply.status(201).send(created);
  });

  r.put(`${PATH}/:id`, { config, schema: { tags, params: idParams, body: tariffBody, response: { 200: tariff } } }, async (req) =>
    tenantTx(req, (tx, actor) => updateTariff({ tx, actor, id: req.params.id, input: req.body })));

  r.delete(`${PATH}/:id`, { config, schema: { tags, params: idParams, response: { 200: okResponse } } }, async (req) => {
    await tenantTx(req, (tx, actor) => deleteTariff({ tx, actor, id: req.params.id }));
    return { ok: true as const, message: translate('common.deleted', req.lang) };
  });

  r.post('/api/elc/pricing', { config, schema: { tags, body: pricingBody, response: { 200: pricingResult } } }, async (req) =>
    tenantTx(req, (tx) => priceWithTariff({ tx, input: req.body })));
}
