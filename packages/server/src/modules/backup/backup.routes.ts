// /api/settings/organisation-export: an administrator's export of the organisation's data (privilege
// export-organisation-data): start (202, a background job), the latest exports with their state, and the
// finished ZIP. Paths and schemas are the contracts' organisationExportEndpoints.
import type { FastifyInstance } from 'fastify';
import { organisationExportEndpoints as api } from '@ubo/contracts';
import { tenantTx } from '../../plugins/auth.ts';
import { serve } from '../../plugins/endpoint.ts';
import { exportJob, listExports, queueExport, readExport } from './export-job.ts';

const access = { access: { privilege: 'export-organisation-data' }, tags: ['settings'] } as const;

export async function backupRoutes(app: FastifyInstance) {
  app.jobs.define(exportJob);
  serve(app, api.start, access, async (req) => {
    const accepted = await tenantTx(req, (tx, actor) =>
      queueExport({ tx, actor, includeFiles: req.body.includeFiles, includeDocuments: req.body.includeDocuments }),
    );
    app.jobs.kick();
    return accepted;
  });
  serve(app, api.list, access, async (req) => tenantTx(req, (tx, actor) => listExports({ tx, db: app.db, actor })));
  serve(app, api.download, access, async (req, reply) => {
    const file = await tenantTx(req, (tx, actor) => readExport({ tx, actor, jobId: req.params.id }));
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
      .header('cache-control', 'private, no-store')
      .send(file.bytes);
  });
}
