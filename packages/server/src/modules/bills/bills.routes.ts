// /api/bills: bill runs (preview and save, privilege batch-bill), bills and runs, cancelling a run, and
// the ungenerated bill report (privilege ungenerated-bill-report).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  billDetail,
  billListQuery,
  billPage,
  billPreview,
  billRunBody,
  billRunDetail,
  billRunListQuery,
  billRunPage,
  billRunSaved,
  saveBillRunBody,
  ungeneratedBillQuery,
  ungeneratedBillReport,
  z,
} from '@ubo/contracts';
import { caller, tenantTx } from '../../plugins/auth.ts';
import { cancelBillRun } from './cancel-bill-run.ts';
import { computeBillRun } from './compute-bill-run.ts';
import { getBill, getBillRun, listBillRuns, listBills, ungeneratedBills } from './list-bills.ts';
import { saveBillRun } from './save-bill-run.ts';

const BILLS = '/api/bills';
const batchAccess = { access: { privilege: 'batch-bill' } } as const;
const reportAccess = { access: { privilege: 'ungenerated-bill-report' } } as const;
const bigIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const cancelResult = z.object({ runId: z.number().int(), cancelledBills: z.number().int() });

export async function billsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['bills'];

  r.post(`${BILLS}/generateCustomersBill`, { config: batchAccess, schema: { tags, body: billRunBody, response: { 200: billPreview } } }, async (req) => {
    const run = await tenantTx(req, (tx) => computeBillRun({ tx, clientId: caller(req).clientId, period: req.body.period, zoneId: req.body.zoneId }));
    return {
      period: run.period,
      billDate: run.billDate,
      dueDate: run.dueDate,
      bills: run.bills.map(({ zoneId: _z, meterId: _m, readingIds: _r, ...bill }) => bill),
      exceptions: run.exceptions,
      totals: run.totals,
    };
  });

  r.post(`${BILLS}/saveCustomersBill`, { config: batchAccess, schema: { tags, body: saveBillRunBody, response: { 201: billRunSaved } } }, async (req, reply) => {
    const saved = await tenantTx(req, (tx) => saveBillRun({ tx, req, input: req.body }));
    return reply.status(201).send(saved);
  });

  r.get(`${BILLS}/ungenerated`, { config: reportAccess, schema: { tags, querystring: ungeneratedBillQuery, response: { 200: ungeneratedBillReport } } }, async (req) =>
    tenantTx(req, (tx) => ungeneratedBills({ tx, clientId: caller(req).clientId, period: req.query.period, zoneId: req.query.zoneId })));

  r.get(`${BILLS}/runs`, { config: batchAccess, schema: { tags, querystring: billRunListQuery, response: { 200: billRunPage } } }, async (req) =>
    tenantTx(req, (tx) => listBillRuns({ tx, clientId: caller(req).clientId, query: req.query })));

  r.get(`${BILLS}/runs/:id`, { config: batchAccess, schema: { tags, params: bigIdParams, response: { 200: billRunDetail } } }, async (req) =>
    tenantTx(req, (tx) => getBillRun({ tx, clientId: caller(req).clientId, id: req.params.id })));

  r.post(`${BILLS}/runs/:id/cancel`, { config: batchAccess, schema: { tags, params: bigIdParams, response: { 200: cancelResult } } }, async (req) =>
    tenantTx(req, (tx) => cancelBillRun({ tx, req, id: req.params.id })));

  r.get(BILLS, { config: batchAccess, schema: { tags, querystring: billListQuery, response: { 200: billPage } } }, async (req) =>
    tenantTx(req, (tx) => listBills({ tx, clientId: caller(req).clientId, query: req.query })));

  r.get(`${BILLS}/:id`, { config: batchAccess, schema: { tags, params: bigIdParams, response: { 200: billDetail } } }, async (req) =>
    tenantTx(req, (tx) => getBill({ tx, clientId: caller(req).clientId, id: req.params.id })));
}
