// /api/elc/customers: reading needs list-customer; creating, editing and status changes need add-customer.
// Paths and schemas are the contracts' customersEndpoints.
import type { FastifyInstance } from 'fastify';
import { customersEndpoints as api } from '@ubo/contracts';
import { caller, tenantTx } from '../../plugins/auth.ts';
import { serve } from '../../plugins/endpoint.ts';
import { getCustomer, listCustomers } from './list-customers.ts';
import { createCustomer, setCustomerStatus, updateCustomer } from './save-customer.ts';

const tags = ['customers'];
const read = { access: { privilege: 'list-customer' }, tags } as const;
const write = { access: { privilege: 'add-customer' }, tags } as const;

export async function customersRoutes(app: FastifyInstance) {
  serve(app, api.list, read, async (req) => tenantTx(req, (tx) => listCustomers({ tx, clientId: caller(req).clientId, query: req.query })));

  serve(app, api.get, read, async (req) => tenantTx(req, (tx) => getCustomer({ tx, id: req.params.id })));

  serve(app, api.create, write, async (req) => tenantTx(req, (tx, actor) => createCustomer({ tx, actor, input: req.body })));

  serve(app, api.update, write, async (req) => tenantTx(req, (tx, actor) => updateCustomer({ tx, actor, id: req.params.id, input: req.body })));

  serve(app, api.setStatus, write, async (req) => tenantTx(req, (tx, actor) => setCustomerStatus({ tx, actor, id: req.params.id, status: req.body.status })));
}
