// GET /api/log-sheet and /api/log-sheet/:id: the organisation's audit trail, read-only (the table
// refuses UPDATE and DELETE to everyone, see the trigger in 0001_foundation.sql). Paths and schemas are
// the contracts' logSheetEndpoints.
import type { FastifyInstance } from 'fastify';
import { logSheetEndpoints as api } from '@ubo/contracts';
import { tenantTx } from '../../plugins/auth.ts';
import { serve } from '../../plugins/endpoint.ts';
import { getLogSheetEntry, listLogSheet } from './list-log-sheet.ts';

const config = { access: { privilege: 'list-log-sheet' }, tags: ['settings'] };

export async function auditLogRoutes(app: FastifyInstance) {
  serve(app, api.list, config, async (req) => tenantTx(req, (tx, actor) => listLogSheet({ tx, clientId: actor.clientId, lang: actor.lang, query: req.query })));

  serve(app, api.get, config, async (req) =>
    tenantTx(req, (tx, actor) => getLogSheetEntry({ tx, clientId: actor.clientId, lang: actor.lang, id: req.params.id })),
  );
}
