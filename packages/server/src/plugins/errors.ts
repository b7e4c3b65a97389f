// One error shape for every failure: { statusCode, code, message, details? } in the caller's language.
// Validation errors name each field; unexpected errors are logged and answered without internals.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { translate } from '@ubo/contracts';

export interface FieldError {
  field: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly messageKey: string,
    readonly details?: FieldError[],
  ) {
    super(messageKey);
  }
}

export const notFound = () => new AppError(404, 'NOT_FOUND', 'common.notFound');
export const forbidden = () => new AppError(403, 'FORBIDDEN', 'auth.forbidden');
/** A field-level validation failure found by a service (duplicate name, unknown reference, ...). */
export const fieldError = (field: string, messageKey: string) => new AppError(400, 'VALIDATION', 'common.validation', [{ field, message: messageKey }]);

function pgCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  if (typeof e?.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  if (typeof e?.cause?.code === 'string') return e.cause.code;
  return undefined;
}

/**
 * A multipart body the parser could not read (no boundary, a wrong one, cut short): it fails inside
 * whichever route reads the upload, so it is answered here, once for every upload route. Size limits keep
 * their 413.
 */
function isBrokenMultipart(req: FastifyRequest, err: FastifyError): boolean {
  if (!req.isMultipart?.()) return false;
  if (err.statusCode === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE') return false;
  if (typeof err.code === 'string' && err.code.startsWith('FST_') && (!err.statusCode || err.statusCode < 500)) return true;
  return /multipart|boundary|part header|unexpected end/i.test(err.message ?? '');
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const lang = req.lang ?? 'en';
    const send = (statusCode: number, code: string, key: string, details?: FieldError[]) =>
      reply.status(statusCode).send({
        statusCode,
        code,
        message: translate(key, lang),
        ...(details ? { details: details.map((d) => ({ field: d.field, message: translate(d.message, lang) })) } : {}),
      });

    if (err instanceof AppError) return send(err.statusCode, err.code, err.messageKey, err.details);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        // An issue on the whole body, query or params (missing, not an object) names that part.
        field:
          String(v.instancePath || '')
            .replace(/^\//, '')
            .replace(/\//g, '.') ||
          String((v.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') ?? '') ||
          String((err as { validationContext?: string }).validationContext ?? 'body'),
        message: v.message ?? 'v.invalid',
      }));
      return send(400, 'VALIDATION', 'common.validation', details);
    }
    const code = pgCode(err);
    if (!code && isBrokenMultipart(req, err)) return send(400, 'VALIDATION', 'common.validation', [{ field: 'file', message: 'v.upload' }]);
    if (code === '23505') return send(409, 'DUPLICATE', 'common.duplicate');
    if (code === '23503') return send(409, 'IN_USE', 'common.inUse');
    if (err.statusCode === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE') return send(413, 'TOO_LARGE', 'common.tooLarge');
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return send(err.statusCode, 'BAD_REQUEST', 'common.badRequest');
    }
    req.log.error({ err }, 'unhandled error');
    if (process.env.DEBUG_500) console.error(err);
    return send(500, 'INTERNAL', 'common.internal');
  });

  app.setNotFoundHandler((req, reply) => {
    const lang = req.lang ?? 'en';
    reply.status(404).send({ statusCode: 404, code: 'NOT_FOUND', message: translate('common.notFound', lang) });
  });
}
