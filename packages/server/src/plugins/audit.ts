// The log sheet: every create, update, delete and status change is written here by the service that
// made it, inside the same transaction, so a rolled-back change leaves no log line and vice versa.
// This file is the only writer of audit_log (test/ledger-door.test.ts): writeAudit for a line of its
// own, auditLinesSql for lines a posting writes in its own statement (the ledger's `audit` option).
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Actor } from '../lib/actor.ts';
import { auditLog } from '../modules/audit-log/audit-log.tables.ts';

export type AuditAction = 'create' | 'update' | 'delete' | 'status' | 'login' | 'logout' | 'password' | 'reopen' | string;

export interface AuditEntry {
  action: AuditAction;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Whom a line names. An Actor is one; the operator's command line is the other (no user of the
 * organisation, no address: user and ip stay null on its lines).
 */
export interface AuditAuthor {
  clientId: number;
  userId: number | null;
  username: string;
  ip: string | null;
}

/** Strips secrets before anything reaches the log; a flag about one (mustChangePassword: true) is no secret. */
function clean(value: unknown): unknown {
  if (value === null || value === undefined || typeof value !== 'object') return value ?? null;
  if (Array.isArray(value)) return value.map(clean);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (typeof v !== 'boolean' && /password|token|secret|content/i.test(k)) continue;
    out[k] = v instanceof Date ? v.toISOString() : clean(v);
  }
  return out;
}

/** The log sheet line for a change the actor made, in the caller's transaction. */
export async function writeAudit(tx: Db, author: Actor | AuditAuthor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    clientId: author.clientId,
    userId: author.userId,
    username: author.username,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: clean(entry.before) as object | null,
    after: clean(entry.after) as object | null,
    ip: author.ip,
  });
}

/** An audit line a statement writes for a row it has just made (a journal entry): the row's id and number come from SQL. */
export interface AuditLine {
  author: AuditAuthor;
  action: AuditAction;
  entity: string;
  /** Recorded with the row's number added (`{ number: 'JV-000042', ...after }`). */
  after?: Record<string, unknown>;
}

/**
 * The data-modifying SQL that writes `lines[k]` for each row of `rows` (a relation with columns k int,
 * id bigint, number text): entity id = the row's id, `after` = its number and the line's own `after`.
 * For a posting that writes its audit line in its own statement, so the line costs no round trip while
 * the organisation's document counter is held (ledger/post-journal.ts).
 */
export function auditLinesSql(rows: SQL, lines: AuditLine[]): SQL {
  const payload = JSON.stringify(
    lines.map((l, k) => ({
      k,
      c: l.author.clientId,
      u: l.author.userId,
      n: l.author.username,
      i: l.author.ip,
      a: l.action,
      e: l.entity,
      f: clean(l.after ?? {}),
    })),
  );
  return sql`
    insert into audit_log (client_id, user_id, username, action, entity, entity_id, after, ip)
    select l.c, l.u, l.n, l.a, l.e, r.id::text, jsonb_build_object('number', r.number) || l.f, l.i
    from ${rows} r join jsonb_to_recordset(${payload}::jsonb) as l(k int, c int, u int, n text, i text, a text, e text, f jsonb) on l.k = r.k`;
}
