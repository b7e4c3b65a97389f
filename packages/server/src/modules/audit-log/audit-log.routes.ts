// GET /api/log-sheet and /api/log-sheet/:id: the organisation's audit trail, read-only (the table
// refuses UPDATE and DELETE to everyone, see the trigger in 0001_foundation.sql).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { logSheetEntry, logSheetPage, logSheetParams, logSheetQuery } from '@ubo/contracts';
import { tenantTx } from '../../plugins/auth.ts';
import { getLogSheetEntry, listLogSheet } from './list-log-sheet.ts';

export async function auditLogRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: { privilege: 'list-log-sheet' } };
  const tags = ['settings'];

  r.get('/api/log-sheet', {
    config,
    schema: { tags, querystring: logSheetQuery, response: { 200: logSheetPage } },
  }, async (req) => tenantTx(req, (tx, actor) => listLogSheet({ tx, clientId: actor.clientId, lang: actor.lang, query: req.query })));

  r.get('/api/log-sheet/:id', {
    config,
    schema: { tags, params: logSheetParams, response: { 200: logSheetEntry } },
  }, async (req) => tenantTx(req, (tx, actor) => getLogSheetEntry({ tx, clientId: actor.clientId, lang: actor.lang, id: req.params.id })));
}
