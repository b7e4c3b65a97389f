// Refuses a NUL byte anywhere in a request's params, query or parsed body (values and keys, JSON or text)
// before any route's schema or handler runs, with the field it was found in: PostgreSQL cannot store NUL
// in text or jsonb, so without this one forgotten schema was enough for a 500. Runs for every route,
// including those declared later, as a preValidation hook (after the auth hook, before validation).
// Uploaded text files are read by their routes, which pass them through uploadedText.
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/** The path of the first string (or object key) holding NUL, or null. */
export function findNul(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  if (Buffer.isBuffer(value)) return null;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = findNul(child, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** The text of an uploaded file (CSV), which the hook cannot see: NUL in it is a field error on `file`. */
export function uploadedText(content: Buffer): string {
  const text = content.toString('utf8');
  if (text.includes('\u0000')) throw new AppError(400, 'VALIDATION', 'common.validation', [{ field: 'file', message: 'v.nul' }]);
  return text;
}

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    const parts: [string, unknown][] = [
      ['params', req.params],
      ['querystring', req.query],
      ['body', req.body],
    ];
    for (const [part, value] of parts) {
      const found = findNul(value);
      if (found) throw new AppError(400, 'VALIDATION', 'common.validation', [{ field: found.join('.') || part, message: 'v.nul' }]);
    }
  });
}
