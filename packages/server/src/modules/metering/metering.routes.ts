// /api/elc/houses (privilege list-house): houses, their meters and meter replacement.
// /api/elc/reads (privilege meter-reading): readings one by one, the entry sheet, batches and CSV import.
// Paths and schemas are the contracts' housesEndpoints and readingsEndpoints.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { housesEndpoints as houses, readingsEndpoints as reads, translate } from '@ubo/contracts';
import { tenantTx } from '../../plugins/auth.ts';
import { serve } from '../../plugins/endpoint.ts';
import { fieldError } from '../../plugins/errors.ts';
import { uploadedText } from '../../plugins/input-guard.ts';
import { importReadings } from './import-readings.ts';
import { countHouses, getHouse, listHouses } from './list-houses.ts';
import { getReading, listReadings } from './list-readings.ts';
import { readingSheet as buildReadingSheet } from './reading-sheet.ts';
import { replaceMeter } from './replace-meter.ts';
import { createHouse, setHouseStatus, updateHouse } from './save-house.ts';
import { createReading, deleteReading, saveReadingBatch, updateReading } from './save-readings.ts';

const houseAccess = { access: { privilege: 'list-house' }, tags: ['houses'] };
const readAccess = { access: { privilege: 'meter-reading' }, tags: ['readings'] };

/** The CSV text of the request: a text/csv body, or the one file of a multipart upload (read here, so the import service gets text). */
async function readCsvBody(req: FastifyRequest): Promise<string> {
  if (req.isMultipart()) {
    const part = await req.file();
    if (!part) throw fieldError('file', 'file.required');
    return uploadedText(await part.toBuffer());
  }
  if (typeof req.body === 'string') return req.body;
  throw fieldError('file', 'file.required');
}

export async function meteringRoutes(app: FastifyInstance) {
  // CSV arrives as text/csv (or as a multipart upload, which @fastify/multipart handles).
  app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  // Houses and meters --------------------------------------------------------------------------------

  serve(app, houses.list, houseAccess, async (req) => tenantTx(req, (tx, actor) => listHouses({ tx, clientId: actor.clientId, query: req.query })));

  serve(app, houses.count, houseAccess, async (req) => ({
    total: await tenantTx(req, (tx, actor) => countHouses({ tx, clientId: actor.clientId, query: req.query })),
  }));

  serve(app, houses.get, houseAccess, async (req) => tenantTx(req, (tx) => getHouse({ tx, id: req.params.id })));

  serve(app, houses.create, houseAccess, async (req) => tenantTx(req, (tx, actor) => createHouse({ tx, actor, input: req.body })));

  serve(app, houses.update, houseAccess, async (req) => tenantTx(req, (tx, actor) => updateHouse({ tx, actor, id: req.params.id, input: req.body })));

  serve(app, houses.setStatus, houseAccess, async (req) =>
    tenantTx(req, (tx, actor) => setHouseStatus({ tx, actor, id: req.params.id, status: req.body.status, reason: req.body.reason })),
  );

  serve(app, houses.replaceMeter, houseAccess, async (req) =>
    tenantTx(req, (tx, actor) => replaceMeter({ tx, actor, houseId: req.params.id, input: req.body })),
  );

  // Readings ----------------------------------------------------------------------------------------

  serve(app, reads.list, readAccess, async (req) => tenantTx(req, (tx) => listReadings({ tx, query: req.query })));

  serve(app, reads.pending, readAccess, async (req) =>
    tenantTx(req, (tx) =>
      listReadings({ tx, query: { ...req.query, pending: true, flagged: undefined, houseId: undefined, customerId: undefined, type: undefined } }),
    ),
  );

  serve(app, reads.sheet, readAccess, async (req) => tenantTx(req, (tx) => buildReadingSheet({ tx, period: req.query.period, zoneId: req.query.zoneId })));

  serve(app, reads.get, readAccess, async (req) => tenantTx(req, (tx) => getReading({ tx, id: req.params.id })));

  serve(app, reads.create, readAccess, async (req) => tenantTx(req, (tx, actor) => createReading({ tx, actor, input: req.body })));

  serve(app, reads.batch, readAccess, async (req) => tenantTx(req, (tx, actor) => saveReadingBatch({ tx, actor, rows: req.body.rows })));

  serve(app, reads.import, readAccess, async (req) => {
    const csv = await readCsvBody(req);
    const result = await tenantTx(req, (tx, actor) => importReadings({ tx, actor, csv, commit: req.query.commit === true }));
    return {
      ...result,
      rows: result.rows.map((row) => ({ ...row, errors: row.errors.map((e) => ({ field: e.field, message: translate(e.message, req.lang) })) })),
    };
  });

  serve(app, reads.update, readAccess, async (req) => tenantTx(req, (tx, actor) => updateReading({ tx, actor, id: req.params.id, input: req.body })));

  serve(app, reads.remove, readAccess, async (req) => {
    await tenantTx(req, (tx, actor) => deleteReading({ tx, actor, id: req.params.id }));
    return { ok: true as const, message: translate('common.deleted', req.lang) };
  });
}
