// Every tenant query runs inside inTenant(): one transaction where app.client_id is set and the role is
// switched to ubo_app, so row-level security filters every statement.
import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client.ts';
import { queryRows } from './rows.ts';

export const APP_ROLE = 'ubo_app';

/** The pool behind a node-postgres database (not a transaction), or null (PGlite, or already in a transaction). */
function poolOf(db: Db): pg.Pool | null {
  const client = (db as unknown as { session: { client?: unknown } }).session.client;
  return client instanceof pg.Pool ? client : null;
}

/** BEGIN and the tenant settings as one simple-protocol message; the ids are checked integers written as literals. */
const tenantSetup = (clientId: number, userId?: number) =>
  `begin; select set_config('app.client_id', '${clientId}', true), set_config('app.user_id', '${userId ?? ''}', true), set_config('role', '${APP_ROLE}', true)`;

/**
 * On PostgreSQL the transaction is opened and the tenant set in ONE round trip: BEGIN and the settings go
 * as one simple-protocol message (drizzle's transaction sends BEGIN alone and the settings would be a
 * second round trip, on every API request). The ids are checked integers written as literals, never
 * input text.
 */
async function inPooledTenant<T>(db: Db, pool: pg.Pool, ids: { clientId: number; userId?: number }, fn: (tx: Db) => Promise<T>): Promise<T> {
  const { clientId, userId } = ids;
  if (!Number.isSafeInteger(clientId) || (userId !== undefined && !Number.isSafeInteger(userId))) throw new Error('inTenant: ids must be integers');
  const { dialect, session } = db as unknown as { dialect: PgDialect; session: { options?: object } };
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query(tenantSetup(clientId, userId));
    const result = await fn(new NodePgTransaction(dialect, new NodePgSession(client, dialect, undefined, session.options), undefined) as unknown as Db);
    await client.query('commit');
    return result;
  } catch (err) {
    await client.query('rollback').catch((lost: Error) => {
      broken = lost; // the connection is gone: the pool must not hand it out again
    });
    throw err;
  } finally {
    client.release(broken);
  }
}

export async function inTenant<T>(db: Db, clientId: number, fn: (tx: Db) => Promise<T>, userId?: number): Promise<T> {
  const pool = poolOf(db);
  if (pool) return inPooledTenant(db, pool, { clientId, userId }, fn);
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('app.client_id', ${String(clientId)}, true), set_config('app.user_id', ${String(userId ?? '')}, true), set_config('role', ${APP_ROLE}, true)`,
    );
    return fn(tx as unknown as Db);
  }) as Promise<T>;
}

/** Installation-level work (sign-in lookup of the organisation, operator commands, migrations). */
export async function inSystem<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => fn(tx as unknown as Db)) as Promise<T>;
}

/**
 * Refuses to start when isolation is off: every table with a client_id column must ENABLE and FORCE
 * row-level security, and the application role must be neither superuser nor BYPASSRLS nor owner.
 */
export async function assertTenantIsolation(db: Db): Promise<void> {
  const weak = await queryRows<{ name: string }>(
    db,
    sql`
    select c.relname as name from pg_class c
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    where c.relkind = 'r'
      and (exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'client_id' and not a.attisdropped) or c.relname = 'clients')
      and not (c.relrowsecurity and c.relforcerowsecurity)`,
  );
  if (weak.length > 0) {
    throw new Error(`Tenant isolation is off for: ${weak.map((r) => r.name).join(', ')}`);
  }
  const [row] = await queryRows<{ rolsuper: boolean; rolbypassrls: boolean; owned: number }>(
    db,
    sql`
    select r.rolsuper, r.rolbypassrls,
      (select count(*) from pg_class c where c.relowner = r.oid)::int as owned
    from pg_roles r where r.rolname = ${APP_ROLE}`,
  );
  if (!row) throw new Error(`Role ${APP_ROLE} is missing`);
  if (row.rolsuper || row.rolbypassrls || row.owned > 0) {
    throw new Error(`Role ${APP_ROLE} must not be superuser, bypass RLS or own tables`);
  }
}
