// /api/elc/customers: reading needs list-customer; creating, editing and status changes need add-customer.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { customer, customerBody, customerListQuery, customerPage, customerStatusBody, idParams } from '@ubo/contracts';
import { caller, tenantTx } from '../../plugins/auth.ts';
import { getCustomer, listCustomers } from './list-customers.ts';
import { createCustomer, setCustomerStatus, updateCustomer } from './save-customer.ts';

const PATH = '/api/elc/customers';
const read = { access: { privilege: 'list-customer' } } as const;
const write = { access: { privilege: 'add-customer' } } as const;
const tags = ['customers'];

export async function customersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(PATH, { config: read, schema: { tags, querystring: customerListQuery, response: { 200: customerPage } } }, async (req) =>
    tenantTx(req, (tx) => listCustomers({ tx, clientId: caller(req).clientId, query: req.query })),
  );

  r.get(`${PATH}/:id`, { config: read, schema: { tags, params: idParams, response: { 200: customer } } }, async (req) =>
    tenantTx(req, (tx) => getCustomer({ tx, id: req.params.id })),
  );

  r.post(PATH, { config: write, schema: { tags, body: customerBody, response: { 201: customer } } }, async (req, reply) => {
    const created = await tenantTx(req, (tx, actor) => createCustomer({ tx, actor, input: req.body }));
    return reply.status(201).send(created);
  });

  r.put(`${PATH}/:id`, { config: write, schema: { tags, params: idParams, body: customerBody, response: { 200: customer } } }, async (req) =>
    tenantTx(req, (tx, actor) => updateCustomer({ tx, actor, id: req.params.id, input: req.body })),
  );

  r.patch(`${PATH}/:id/status`, { config: write, schema: { tags, params: idParams, body: customerStatusBody, response: { 200: customer } } }, async (req) =>
    tenantTx(req, (tx, actor) => setCustomerStatus({ tx, actor, id: req.params.id, status: req.body.status })),
  );
}
