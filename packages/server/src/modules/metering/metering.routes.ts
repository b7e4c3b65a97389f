// /api/elc/houses (privilege list-house): houses, their meters and meter replacement.
// /api/elc/reads (privilege meter-reading): readings one by one, the entry sheet, batches and CSV import.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  houseBody,
  houseCount,
  houseDetail,
  houseListQuery,
  housePage,
  houseStatusBody,
  idParams,
  okResponse,
  pendingReadingsQuery,
  reading,
  readingBatchBody,
  readingBatchResult,
  readingBody,
  readingImportQuery,
  readingImportResult,
  readingPage,
  readingListQuery,
  readingSheet,
  readingSheetQuery,
  readingUpdateBody,
  replaceMeterBody,
  translate,
  z,
} from '@ubo/contracts';
import { tenantTx } from '../../plugins/auth.ts';
import { fieldError } from '../../plugins/errors.ts';
import { uploadedText } from '../../plugins/input-guard.ts';
import { importReadings } from './import-readings.ts';
import { countHouses, getHouse, listHouses } from './list-houses.ts';
import { getReading, listReadings } from './list-readings.ts';
import { readingSheet as buildReadingSheet } from './reading-sheet.ts';
import { replaceMeter } from './replace-meter.ts';
import { createHouse, setHouseStatus, updateHouse } from './save-house.ts';
import { createReading, deleteReading, saveReadingBatch, updateReading } from './save-readings.ts';

const HOUSES = '/api/elc/houses';
const READS = '/api/elc/reads';
const houseAccess = { access: { privilege: 'list-house' } } as const;
const readAccess = { access: { privilege: 'meter-reading' } } as const;
const readingIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

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
  const r = app.withTypeProvider<ZodTypeProvider>();
  // CSV arrives as text/csv (or as a multipart upload, which @fastify/multipart handles).
  app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  // Houses and meters --------------------------------------------------------------------------------
  const tags = ['houses'];

  r.get(HOUSES, { config: houseAccess, schema: { tags, querystring: houseListQuery, response: { 200: housePage } } }, async (req) =>
    tenantTx(req, (tx, actor) => listHouses({ tx, clientId: actor.clientId, query: req.query })));

  r.get(`${HOUSES}/maxrecords`, { config: houseAccess, schema: { tags, querystring: houseListQuery, response: { 200: houseCount } } }, async (req) => ({
    total: await tenantTx(req, (tx, actor) => countHouses({ tx, clientId: actor.clientId, query: req.query })),
  }));

  r.get(`${HOUSES}/:id`, { config: houseAccess, schema: { tags, params: idParams, response: { 200: houseDetail } } }, async (req) =>
    tenantTx(req, (tx) => getHouse({ tx, id: req.params.id })));

  r.post(HOUSES, { config: houseAccess, schema: { tags, body: houseBody, response: { 201: houseDetail } } }, async (req, reply) => {
    const created = await tenantTx(req, (tx, actor) => createHouse({ tx, actor, input: req.body }));
    return reply.status(201).send(created);
  });

  r.put(`${HOUSES}/:id`, { config: houseAccess, schema: { tags, params: idParams, body: houseBody, response: { 200: houseDetail } } }, async (req) =>
    tenantTx(req, (tx, actor) => updateHouse({ tx, actor, id: req.params.id, input: req.body })));

  r.patch(`${HOUSES}/:id/status`, { config: houseAccess, schema: { tags, params: idParams, body: houseStatusBody, response: { 200: houseDetail } } }, async (req) =>
    tenantTx(req, (tx, actor) => setHouseStatus({ tx, actor, id: req.params.id, status: req.body.status, reason: req.body.reason })));

  r.post(`${HOUSES}/:id/replace-meter`, { config: houseAccess, schema: { tags, params: idParams, body: replaceMeterBody, response: { 200: houseDetail } } }, async (req) =>
    tenantTx(req, (tx, actor) => replaceMeter({ tx, actor, houseId: req.params.id, input: req.body })));

  // Readings ----------------------------------------------------------------------------------------
  const readTags = ['readings'];

  r.get(READS, { config: readAccess, schema: { tags: readTags, querystring: readingListQuery, response: { 200: readingPage } } }, async (req) =>
    tenantTx(req, (tx) => listReadings({ tx, query: req.query })));

  r.get(`${READS}/pending`, { config: readAccess, schema: { tags: readTags, querystring: pendingReadingsQuery, response: { 200: readingPage } } }, async (req) =>
    tenantTx(req, (tx) => listReadings({ tx, query: { ...req.query, pending: true, flagged: undefined, houseId: undefined, customerId: undefined, type: undefined } })));

  r.get(`${READS}/sheet`, { config: readAccess, schema: { tags: readTags, querystring: readingSheetQuery, response: { 200: readingSheet } } }, async (req) =>
    tenantTx(req, (tx) => buildReadingSheet({ tx, period: req.query.period, zoneId: req.query.zoneId })));

  r.get(`${READS}/:id`, { config: readAccess, schema: { tags: readTags, params: readingIdParams, response: { 200: reading } } }, async (req) =>
    tenantTx(req, (tx) => getReading({ tx, id: req.params.id })));

  r.post(READS, { config: readAccess, schema: { tags: readTags, body: readingBody, response: { 201: reading } } }, async (req, reply) => {
    const created = await tenantTx(req, (tx, actor) => createReading({ tx, actor, input: req.body }));
    return reply.status(201).send(created);
  });

  r.post(`${READS}/batch`, { config: readAccess, schema: { tags: readTags, body: readingBatchBody, response: { 200: readingBatchResult } } }, async (req) =>
    tenantTx(req, (tx, actor) => saveReadingBatch({ tx, actor, rows: req.body.rows })));

  r.post(`${READS}/import`, { config: readAccess, schema: { tags: readTags, consumes: ['text/csv', 'multipart/form-data'], querystring: readingImportQuery, response: { 200: readingImportResult } } }, async (req) => {
    const csv = await readCsvBody(req);
    const result = await tenantTx(req, (tx, actor) => importReadings({ tx, actor, csv, commit: req.query.commit === true }));
    return {
      ...result,
      rows: result.rows.map((row) => ({ ...row, errors: row.errors.map((e) => ({ field: e.field, message: translate(e.message, req.lang) })) })),
    };
  });

  r.put(`${READS}/:id`, { config: readAccess, schema: { tags: readTags, params: readingIdParams, body: readingUpdateBody, response: { 200: reading } } }, async (req) =>
    tenantTx(req, (tx, actor) => updateReading({ tx, actor, id: req.params.id, input: req.body })));

  r.delete(`${READS}/:id`, { config: readAccess, schema: { tags: readTags, params: readingIdParams, response: { 200: okResponse } } }, async (req) => {
    await tenantTx(req, (tx, actor) => deleteReading({ tx, actor, id: req.params.id }));
    return { ok: true as const, message: translate('common.deleted', req.lang) };
  });
}
