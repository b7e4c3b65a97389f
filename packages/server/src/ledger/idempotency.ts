// Idempotency for requests that move money: the first request with a key does the work and stores its
// answer in the same transaction; a retry with the same key and the same request gets that answer and
// posts nothing; the same key with another request is refused (409). The key row is inserted first, so
// a concurrent retry waits on it and then reads the committed answer (or, if the first one failed and
// rolled back, does the work itself). Keys are kept per organisation for at least 24 hours.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { AppError } from '../plugins/errors.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const KEEP_KEYS_HOURS = 24;

export interface IdempotentResult<T> {
  statusCode: number;
  body: T;
  isReplay: boolean;
}

/** The header's value, or undefined when absent; 400 when present but not 1-200 visible characters. */
export function readIdempotencyKey(headers: Record<string, string | string[] | undefined>): string | undefined {
  const raw = headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (typeof value !== 'string' || !/^[\x21-\x7e]{1,200}$/.test(value)) {
    throw new AppError(400, 'VALIDATION', 'common.validation', [{ field: 'Idempotency-Key', message: 'idempotency.invalidKey' }]);
  }
  return value;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** Hash of what the request asks for: the operation and its validated body, key order ignored. */
export function requestHash(operation: string, body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([operation, canonical(body)]))
    .digest('hex');
}

/**
 * Runs work() once per (organisation, key) inside the caller's transaction. Without a key it simply
 * runs work(). work() must do all its writes in `tx`, so the stored answer commits with them.
 */
export async function withIdempotency<T>(
  tx: Db,
  opts: { clientId: number; key: string | undefined; operation: string; body: unknown },
  work: () => Promise<{ statusCode: number; body: T }>,
): Promise<IdempotentResult<T>> {
  if (opts.key === undefined) return { ...(await work()), isReplay: false };
  const hash = requestHash(opts.operation, opts.body);
  // A key older than the keeping period is free again: the old row is taken over.
  const claimed = await queryRows<{ key: string }>(
    tx,
    sql`
    insert into idempotency_keys (client_id, key, request_hash) values (${opts.clientId}, ${opts.key}, ${hash})
    on conflict (client_id, key) do update
      set request_hash = excluded.request_hash, status_code = null, response = null, created_at = now()
      where idempotency_keys.created_at < now() - make_interval(hours => ${KEEP_KEYS_HOURS})
    returning key`,
  );
  if (claimed.length === 0) {
    const [first] = await queryRows<{ request_hash: string; status_code: number | null; response: T }>(
      tx,
      sql`
      select request_hash, status_code, response from idempotency_keys where client_id = ${opts.clientId} and key = ${opts.key}`,
    );
    if (!first || first.request_hash !== hash || first.status_code === null) {
      throw new AppError(409, 'IDEMPOTENCY_CONFLICT', 'idempotency.conflict');
    }
    return { statusCode: first.status_code, body: first.response, isReplay: true };
  }
  const result = await work();
  await tx.execute(sql`
    update idempotency_keys set status_code = ${result.statusCode}, response = ${JSON.stringify(result.body)}::jsonb
    where client_id = ${opts.clientId} and key = ${opts.key}`);
  return { ...result, isReplay: false };
}

/** Removes keys past the keeping period (operator housekeeping); answers how many were removed. */
export async function purgeIdempotencyKeys(db: Db, olderThanHours = KEEP_KEYS_HOURS): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`
    with gone as (delete from idempotency_keys where created_at < now() - make_interval(hours => ${Math.max(olderThanHours, KEEP_KEYS_HOURS)}) returning 1)
    select count(*)::int as n from gone`,
  );
  return rows[0]?.n ?? 0;
}
