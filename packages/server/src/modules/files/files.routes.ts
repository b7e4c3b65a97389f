// GET /api/files/:id streams a stored file of the caller's organisation; any other id is 404.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '@ubo/contracts';
import { tenantTx } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import { readFile } from './store-file.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function filesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/files/:id', {
    config: { access: 'authenticated' },
    schema: { tags: ['files'], params: z.object({ id: z.string().max(64) }) },
  }, async (req, reply) => {
    // A malformed id is answered like an unknown one: nothing to learn from the difference.
    if (!UUID.test(req.params.id)) throw notFound();
    const file = await tenantTx(req, (tx) => readFile({ tx, id: req.params.id.toLowerCase() }));
    if (!file) throw notFound();
    const ascii = file.filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    return reply
      .header('content-type', file.mime)
      .header('content-disposition', `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, max-age=3600')
      .send(file.content);
  });
}
