// GET /api/files/:id streams a stored file of the caller's organisation; any other id is 404.
// readImageUpload is the request side of image uploads, for the routes of other modules. The path is the
// contracts' filesEndpoints.get, which names the content types a stored file may have.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { filesEndpoints as api } from '@ubo/contracts';
import { tenantTx } from '../../plugins/auth.ts';
import { serve } from '../../plugins/endpoint.ts';
import { fieldError, notFound } from '../../plugins/errors.ts';
import { acceptImage, type ImageUpload } from './image-upload.ts';
import { readFile } from './store-file.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The one file of a multipart request (any field name; `file` by convention), accepted only as an image.
 * The multipart limit (2 MiB) answers larger files with 413.
 */
export async function readImageUpload(req: FastifyRequest): Promise<ImageUpload> {
  if (!req.isMultipart()) throw fieldError('file', 'file.required');
  const part = await req.file();
  if (!part) throw fieldError('file', 'file.required');
  return acceptImage({ filename: part.filename, content: await part.toBuffer() });
}

export async function filesRoutes(app: FastifyInstance) {
  serve(app, api.get, { access: 'authenticated', tags: ['files'] }, async (req, reply) => {
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
