// The log sheet: every create, update, delete and status change is written here by the service that
// made it, inside the same transaction, so a rolled-back change leaves no log line and vice versa.
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Actor } from '../lib/actor.ts';
import { actorOf } from './auth.ts';
import { auditLog } from '../modules/audit-log/audit-log.tables.ts';

export type AuditAction = 'create' | 'update' | 'delete' | 'status' | 'login' | 'logout' | 'password' | 'reopen' | string;

export interface AuditEntry {
  action: AuditAction;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** Strips secrets before anything reaches the log. */
function clean(value: unknown): unknown {
  if (value === null || value === undefined || typeof value !== 'object') return value ?? null;
  if (Array.isArray(value)) return value.map(clean);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (/password|token|secret|content/i.test(k)) continue;
    out[k] = v instanceof Date ? v.toISOString() : clean(v);
  }
  return out;
}

/** The log sheet line for a change the actor made, in the caller's transaction. */
export async function writeAudit(tx: Db, who: Actor | FastifyRequest, entry: AuditEntry): Promise<void> {
  // Transitional: services still handed the request are being moved to the actor (issue 13 §2).
  const actor: Actor = 'server' in who ? actorOf(who) : who;
  await tx.insert(auditLog).values({
    clientId: actor.clientId,
    userId: actor.userId,
    username: actor.username,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: clean(entry.before) as object | null,
    after: clean(entry.after) as object | null,
    ip: actor.ip,
  });
}
