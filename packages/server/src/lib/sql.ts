// Small SQL helpers every module may use: a literal "contains" pattern and the foreign-key refusal as 409.
import { AppError } from '../plugins/errors.ts';

/** ILIKE pattern for "contains q", with the pattern characters of q taken literally. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The SQLSTATE of a database error, looked for through drizzle's wrapping causes. */
export function pgCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** The foreign keys of other tables protect a referenced row; their refusal is "in use", not a crash. */
export function inUseOnForeignKey(err: unknown): never {
  if (pgCode(err) === '23503') throw new AppError(409, 'IN_USE', 'common.inUse');
  throw err;
}
