// /api/elc/zones (privilege list-zone): list, read, create, update, status and delete, and the form's choices;
// /options: the same list for the zone pickers of anyone who works per zone (zonePickerPrivileges).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hasPrivilege, idParams, okResponse, referenceStatusBody, translate, zone, zoneBody, zoneChoices, zoneListQuery, zonePage, zonePickerPrivileges } from '@ubo/contracts';
import { forbidden } from '../../plugins/errors.ts';
import { caller, tenantTx } from '../../plugins/auth.ts';
import { getZone, listZones } from './list-zones.ts';
import { createZone, deleteZone, setZoneStatus, updateZone } from './save-zone.ts';
import { zoneChoices as readZoneChoices } from './zone-choices.ts';

const PATH = '/api/elc/zones';
const config = { access: { privilege: 'list-zone' } } as const;
const tags = ['zones'];

export async function zonesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(PATH, { config, schema: { tags, querystring: zoneListQuery, response: { 200: zonePage } } }, async (req) =>
    tenantTx(req, (tx) => listZones({ tx, query: req.query })));

  r.get(`${PATH}/options`, { config: { access: 'authenticated' }, schema: { tags, querystring: zoneListQuery, response: { 200: zonePage } } }, async (req) => {
    const auth = caller(req);
    if (!zonePickerPrivileges.some((key) => hasPrivilege(auth, key))) throw forbidden();
    return tenantTx(req, (tx) => listZones({ tx, query: req.query }));
  });

  r.get(`${PATH}/choices`, { config, schema: { tags, response: { 200: zoneChoices } } }, async (req) => tenantTx(req, (tx) => readZoneChoices({ tx })));

  r.get(`${PATH}/:id`, { config, schema: { tags, params: idParams, response: { 200: zone } } }, async (req) =>
    tenantTx(req, (tx) => getZone({ tx, id: req.params.id })));

  r.post(PATH, { config, schema: { tags, body: zoneBody, response: { 201: zone } } }, async (req, reply) => {
    const created = await tenantTx(req, (tx, actor) => createZone({ tx, actor, input: req.body }));
    return reply.status(201).send(created);
  });

  r.put(`${PATH}/:id`, { config, schema: { tags, params: idParams, body: zoneBody, response: { 200: zone } } }, async (req) =>
    tenantTx(req, (tx, actor) => updateZone({ tx, actor, id: req.params.id, input: req.body })));

  r.patch(`${PATH}/:id/status`, { config, schema: { tags, params: idParams, body: referenceStatusBody, response: { 200: zone } } }, async (req) =>
    tenantTx(req, (tx, actor) => setZoneStatus({ tx, actor, id: req.params.id, status: req.body.status })));

  r.delete(`${PATH}/:id`, { config, schema: { tags, params: idParams, response: { 200: okResponse } } }, async (req) => {
    await tenantTx(req, (tx, actor) => deleteZone({ tx, actor, id: req.params.id }));
    return { ok: true as const, message: translate('common.deleted', req.lang) };
  });
}
