// /api/elc/zones (privilege list-zone): list, read, create, update, status and delete, and the form's choices;
// /options: the same list for the zone pickers of anyone who works per zone (zonePickerPrivileges).
// Paths and schemas are the contracts' zonesEndpoints.
import type { FastifyInstance } from 'fastify';
import { hasPrivilege, translate, zonePickerPrivileges, zonesEndpoints as api } from '@ubo/contracts';
import { forbidden } from '../../plugins/errors.ts';
import { caller, tenantTx } from '../../plugins/auth.ts';
import { serve } from '../../plugins/endpoint.ts';
import { getZone, listZones } from './list-zones.ts';
import { createZone, deleteZone, setZoneStatus, updateZone } from './save-zone.ts';
import { zoneChoices as readZoneChoices } from './zone-choices.ts';

const tags = ['zones'];
const config = { access: { privilege: 'list-zone' }, tags };

export async function zonesRoutes(app: FastifyInstance) {
  serve(app, api.list, config, async (req) => tenantTx(req, (tx) => listZones({ tx, query: req.query })));

  serve(app, api.options, { access: 'authenticated', tags }, async (req) => {
    const auth = caller(req);
    if (!zonePickerPrivileges.some((key) => hasPrivilege(auth, key))) throw forbidden();
    return tenantTx(req, (tx) => listZones({ tx, query: req.query }));
  });

  serve(app, api.choices, config, async (req) => tenantTx(req, (tx) => readZoneChoices({ tx })));

  serve(app, api.get, config, async (req) => tenantTx(req, (tx) => getZone({ tx, id: req.params.id })));

  serve(app, api.create, config, async (req) => tenantTx(req, (tx, actor) => createZone({ tx, actor, input: req.body })));

  serve(app, api.update, config, async (req) => tenantTx(req, (tx, actor) => updateZone({ tx, actor, id: req.params.id, input: req.body })));

  serve(app, api.setStatus, config, async (req) => tenantTx(req, (tx, actor) => setZoneStatus({ tx, actor, id: req.params.id, status: req.body.status })));

  serve(app, api.remove, config, async (req) => {
    await tenantTx(req, (tx, actor) => deleteZone({ tx, actor, id: req.params.id }));
    return { ok: true as const, message: translate('common.deleted', req.lang) };
  });
}
