// Authentication, tenant and privilege check for every /api route, in one onRequest-stage hook.
// Each route declares config.access: 'public', 'authenticated' or { privilege }. A route that
// declares nothing is refused at registration (see assertRouteAccess), so none can slip through.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { SignJWT } from 'jose';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import { hasPrivilege, pickLang, type Lang } from '@ubo/contracts';
import type { Db } from '../db/client.ts';
import type { Actor } from '../lib/actor.ts';
import { inTenant } from '../db/tenant.ts';
import { AppError } from './errors.ts';
import { recordRoute } from './route-registry.ts';

/**
 * 'operator': the installation's support team only (modules/help-center). Such a route accepts only an
 * operator token (signed with a key derived for operators, carrying kind 'operator'); every other route
 * refuses one, so an operator never acts inside an organisation and no organisation's user (administrator
 * or not) ever reaches an operator route.
 */
export type Access = 'public' | 'authenticated' | 'operator' | { privilege: string | string[] };

/** The signed-in installation operator (operator routes only). */
export interface OperatorContext {
  operatorId: number;
  sessionId: string;
  username: string;
  fullname: string;
}

export interface AuthContext {
  userId: number;
  clientId: number;
  sessionId: string;
  username: string;
  fullname: string;
  isAdmin: boolean;
  privileges: string[];
  branchId: number | null;
  mustChangePassword: boolean;
  subscriptionExpired: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Reachable while the user must change the password (402 elsewhere). */
    allowMustChange?: boolean;
    /** Reachable while the organisation's subscription has expired (403 elsewhere). */
    allowExpired?: boolean;
  }
  interface FastifyRequest {
    lang: Lang;
    auth?: AuthContext;
    operator?: OperatorContext;
  }
  interface FastifyInstance {
    db: Db;
    tokenSecret: Uint8Array;
    tokenTtlHours: number;
  }
}

const ALG = 'HS256';

interface AuthRow {
  id: number;
  username: string;
  fullname: string;
  is_admin: boolean;
  status: string;
  must_change_password: boolean;
  branch_id: number | null;
  extra_privileges: string[];
  user_tv: number;
  session_tv: number;
  session_ok: boolean;
  expired: boolean;
  role_privileges: string[];
}

export async function signToken(keys: { tokenSecret: Uint8Array; tokenTtlHours: number }, claims: { sid: string; uid: number; cid: number }): Promise<string> {
  return new SignJWT({ uid: claims.uid, cid: claims.cid })
    .setProtectedHeader({ alg: ALG })
    .setJti(claims.sid)
    .setIssuedAt()
    .setExpirationTime(`${keys.tokenTtlHours}h`)
    .sign(keys.tokenSecret);
}

/** The key operator tokens are signed with: derived from the installation's secret, never a tenant token's key. */
const operatorKeys = new WeakMap<Uint8Array, Buffer>();
function operatorKey(secret: Uint8Array): Buffer {
  let key = operatorKeys.get(secret);
  if (!key) {
    key = createHmac('sha256', secret).update('ubo operator token v1').digest();
    operatorKeys.set(secret, key);
  }
  return key;
}

export async function signOperatorToken(keys: { tokenSecret: Uint8Array; tokenTtlHours: number }, claims: { sid: string; oid: number }): Promise<string> {
  return new SignJWT({ kind: 'operator', oid: claims.oid })
    .setProtectedHeader({ alg: ALG })
    .setJti(claims.sid)
    .setIssuedAt()
    .setExpirationTime(`${keys.tokenTtlHours}h`)
    .sign(operatorKey(keys.tokenSecret));
}

const unauthorized = () => new AppError(401, 'UNAUTHORIZED', 'auth.unauthorized');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function decodePart(part: string): Record<string, unknown> {
  const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw unauthorized();
  return value as Record<string, unknown>;
}

/**
 * Verifies an HS256 token with a synchronous node:crypto HMAC (jose's WebCrypto verify queues a
 * thread-pool job per call, which cost more than the rest of the check). The algorithm is pinned: the
 * header must name HS256 and carry no critical extensions; the signature is compared in constant time
 * before the payload is read; exp is required and checked as jose does (expired when exp <= now), nbf
 * when present. Tokens are still signed by jose (signToken).
 */
function verifyHs256(token: string, secret: Uint8Array, now = Math.floor(Date.now() / 1000)): Record<string, unknown> {
  const parts = token.split('.');
  if (parts.length !== 3) throw unauthorized();
  const [header, payload, signature] = parts;
  const head = decodePart(header);
  if (head.alg !== ALG || 'crit' in head) throw unauthorized();
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw unauthorized();
  const claims = decodePart(payload);
  if (typeof claims.exp !== 'number' || claims.exp <= now) throw unauthorized();
  if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf > now)) throw unauthorized();
  if (claims.iat !== undefined && typeof claims.iat !== 'number') throw unauthorized();
  return claims;
}

function verifyToken(app: FastifyInstance, header: string | undefined) {
  const match = /^Bearer ([A-Za-z0-9_\-.]+)$/.exec(header ?? '');
  if (!match) throw unauthorized();
  let claims: Record<string, unknown>;
  try {
    claims = verifyHs256(match[1], app.tokenSecret);
  } catch {
    throw unauthorized();
  }
  // An operator token is no tenant token (its key differs too, so this is belt and braces).
  if (claims.kind !== undefined) throw unauthorized();
  const uid = Number(claims.uid);
  const cid = Number(claims.cid);
  if (typeof claims.jti !== 'string' || !UUID.test(claims.jti) || !Number.isInteger(uid) || !Number.isInteger(cid)) throw unauthorized();
  return { sid: claims.jti, uid, cid };
}

/**
 * Runs one statement as a named prepared statement: node-postgres parses and plans it once per pooled
 * connection (this runs before every API call); PGlite runs it as usual.
 */
async function queryPrepared<T>(db: Db, name: string, query: SQL): Promise<T[]> {
  const { session, dialect } = db as unknown as { session: PgSession; dialect: PgDialect };
  const result = await session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute();
  return (result as unknown as { rows: T[] }).rows;
}

type Claims = { sid: string; uid: number; cid: number };

/** Checks an operator's token and loads the operator's session fresh (logout and disabling end it at once). */
async function loadOperatorContext(app: FastifyInstance, header: string | undefined): Promise<OperatorContext> {
  const match = /^Bearer ([A-Za-z0-9_\-.]+)$/.exec(header ?? '');
  if (!match) throw unauthorized();
  let claims: Record<string, unknown>;
  try {
    claims = verifyHs256(match[1], operatorKey(app.tokenSecret));
  } catch {
    throw unauthorized();
  }
  const oid = Number(claims.oid);
  if (claims.kind !== 'operator' || typeof claims.jti !== 'string' || !UUID.test(claims.jti) || !Number.isInteger(oid)) throw unauthorized();
  const [row] = await queryPrepared<{ id: number; username: string; fullname: string }>(
    app.db,
    'ubo_operator_context_v1',
    sql`select o.id, o.username, o.fullname from operator_sessions s join operators o on o.id = s.operator_id
        where s.id = ${claims.jti}::uuid and s.operator_id = ${oid} and s.revoked_at is null and s.expires_at > now()
          and o.status = 'Active' and o.token_version = s.token_version`,
  );
  if (!row) throw unauthorized();
  return { operatorId: row.id, sessionId: claims.jti, username: row.username, fullname: row.fullname };
}

/** Sessions looked up by one statement at most. */
const MAX_LOOKUPS = 100;

/**
 * Loads and checks callers' sessions, users and organisations, fresh on every request (logout, password
 * change and disabling end a token at once, in every process), in ONE statement outside a transaction
 * (a tenant transaction would cost three more round trips). Requests arriving in the same turn of the
 * event loop share the statement, so a burst of N requests costs one round trip instead of N. Without
 * tenant context the owner's connection sees every organisation, so each table is joined on the token's
 * organisation explicitly (a session of another organisation, or a token whose cid does not match its
 * session, finds no row).
 */
class SessionLookups {
  private waiting: Array<{ claims: Claims; resolve(row: AuthRow | undefined): void; reject(err: unknown): void }> = [];

  constructor(private readonly db: Db) {}

  find(claims: Claims): Promise<AuthRow | undefined> {
    return new Promise((resolve, reject) => {
      if (this.waiting.push({ claims, resolve, reject }) === 1) setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = [];
    for (let start = 0; start < batch.length; start += MAX_LOOKUPS) {
      const part = batch.slice(start, start + MAX_LOOKUPS);
      try {
        const rows = await queryPrepared<AuthRow & { req: number }>(
          this.db,
          'ubo_auth_contexts_v1',
          sql`
          select r.req, u.id, u.username, u.fullname, u.is_admin, u.status, u.must_change_password, u.branch_id,
                 u.extra_privileges, u.token_version as user_tv, s.token_version as session_tv,
                 (s.revoked_at is null and s.expires_at > now()) as session_ok,
                 coalesce(c.subscription_expires_on < current_date, false) as expired,
                 coalesce((select array_agg(rp.privilege) from role_privileges rp
                           where rp.client_id = r.cid and rp.role_id = u.role_id), '{}') as role_privileges
          from unnest(${`{${part.map((_, i) => i).join(',')}}`}::int[], ${`{${part.map((w) => w.claims.cid).join(',')}}`}::int[],
                      ${`{${part.map((w) => w.claims.sid).join(',')}}`}::uuid[], ${`{${part.map((w) => w.claims.uid).join(',')}}`}::int[])
               as r(req, cid, sid, uid)
          join sessions s on s.client_id = r.cid and s.id = r.sid and s.user_id = r.uid
          join users u on u.client_id = r.cid and u.id = s.user_id
          join clients c on c.id = r.cid`,
        );
        const byRequest = new Map(rows.map((row) => [Number(row.req), row]));
        for (const [i, w] of part.entries()) w.resolve(byRequest.get(i));
      } catch (err) {
        for (const w of part) w.reject(err);
      }
    }
  }
}

const lookupsOf = new WeakMap<Db, SessionLookups>();

/** The caller's session, user and organisation, checked; throws 401 when any is not valid now. */
export async function loadAuthContext(db: Db, claims: Claims): Promise<AuthContext> {
  let lookups = lookupsOf.get(db);
  if (!lookups) {
    lookups = new SessionLookups(db);
    lookupsOf.set(db, lookups);
  }
  const row = await lookups.find(claims);
  if (!row?.session_ok || row.status !== 'Active' || row.user_tv !== row.session_tv) throw unauthorized();
  return {
    userId: row.id,
    clientId: claims.cid,
    sessionId: claims.sid,
    username: row.username,
    fullname: row.fullname,
    isAdmin: row.is_admin,
    privileges: [...new Set([...(row.role_privileges ?? []), ...(row.extra_privileges ?? [])])].sort(),
    branchId: row.branch_id,
    mustChangePassword: row.must_change_password,
    subscriptionExpired: row.expired,
  };
}

export interface TokenCheck {
  valid: boolean;
  expiresAt: string | null;
  reason?: 'missing' | 'invalid' | 'expired' | 'revoked' | 'disabled';
  mustChangePassword?: boolean;
  subscriptionExpired?: boolean;
}

/**
 * Whether an organisation user's token (an Authorization header) would be accepted now, and until when:
 * the earlier of the token's exp and its session's expires_at. Reads only (one select as the owner, as
 * loadAuthContext does): nothing is extended, stamped or logged, so asking never keeps a session alive.
 */
export async function checkToken(app: FastifyInstance, header: string | undefined): Promise<TokenCheck> {
  const match = /^Bearer ([A-Za-z0-9_\-.]+)$/.exec(header ?? '');
  if (!header) return { valid: false, expiresAt: null, reason: 'missing' };
  if (!match) return { valid: false, expiresAt: null, reason: 'invalid' };
  let claims: Record<string, unknown>;
  let expired = false;
  try {
    claims = verifyHs256(match[1], app.tokenSecret);
  } catch {
    // A genuine token whose time is up says so; anything else is simply not a token of ours.
    try {
      claims = verifyHs256(match[1], app.tokenSecret, 0);
      expired = true;
    } catch {
      return { valid: false, expiresAt: null, reason: 'invalid' };
    }
  }
  const uid = Number(claims.uid);
  const cid = Number(claims.cid);
  if (claims.kind !== undefined || typeof claims.jti !== 'string' || !UUID.test(claims.jti) || !Number.isInteger(uid) || !Number.isInteger(cid)) {
    return { valid: false, expiresAt: null, reason: 'invalid' };
  }
  const tokenExpiry = new Date(Number(claims.exp) * 1000);
  if (expired) return { valid: false, expiresAt: tokenExpiry.toISOString(), reason: 'expired' };
  const [row] = await queryPrepared<{
    expires_at: Date | string;
    revoked: boolean;
    session_expired: boolean;
    active: boolean;
    same_version: boolean;
    must_change_password: boolean;
    subscription_expired: boolean;
  }>(
    app.db,
    'ubo_token_check_v1',
    sql`select s.expires_at, s.revoked_at is not null as revoked, s.expires_at <= now() as session_expired,
               u.status = 'Active' as active, u.token_version = s.token_version as same_version, u.must_change_password,
               coalesce(c.subscription_expires_on < current_date, false) as subscription_expired
        from sessions s join users u on u.client_id = s.client_id and u.id = s.user_id join clients c on c.id = s.client_id
        where s.client_id = ${cid} and s.id = ${claims.jti}::uuid and s.user_id = ${uid}`,
  );
  if (!row) return { valid: false, expiresAt: null, reason: 'invalid' };
  const sessionExpiry = new Date(row.expires_at);
  const expiresAt = (sessionExpiry < tokenExpiry ? sessionExpiry : tokenExpiry).toISOString();
  if (row.revoked || !row.same_version) return { valid: false, expiresAt: null, reason: 'revoked' };
  if (!row.active) return { valid: false, expiresAt: null, reason: 'disabled' };
  if (row.session_expired) return { valid: false, expiresAt, reason: 'expired' };
  return { valid: true, expiresAt, mustChangePassword: row.must_change_password, subscriptionExpired: row.subscription_expired };
}

export function assertRouteAccess(route: RouteOptions): void {
  recordRoute(route);
  if (!route.url.startsWith('/api')) return;
  if (route.url.startsWith('/api/docs')) return;
  const access = (route.config as { access?: Access } | undefined)?.access;
  if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access (public, authenticated or a privilege)`);
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('lang', 'en');
  app.decorateRequest('auth', undefined);
  app.decorateRequest('operator', undefined);

  // onRequest, before body parsing and validation: an unauthorised caller learns nothing about the payload.
  app.addHook('onRequest', async (req) => {
    req.lang = pickLang((req.headers['x-lang'] as string | undefined) ?? req.headers['accept-language']);
    const config = req.routeOptions.config as { access?: Access; allowMustChange?: boolean; allowExpired?: boolean };
    // Access follows the MATCHED route, never the raw URL: the router decodes the path (/%61pi/... matches
    // /api/...), so a check on req.url would let an encoded path skip it. A route that declares access is
    // checked whatever its URL; an /api route without one (none registers, see assertRouteAccess) is refused.
    const access = config.access;
    const pattern = req.routeOptions.url;
    if (!access) {
      if (pattern === undefined || !pattern.startsWith('/api') || pattern.startsWith('/api/docs')) return;
      throw new AppError(404, 'NOT_FOUND', 'common.notFound');
    }
    if (access === 'public') return;
    if (access === 'operator') {
      req.operator = await loadOperatorContext(app, req.headers.authorization);
      return;
    }
    const claims = verifyToken(app, req.headers.authorization);
    const auth = await loadAuthContext(app.db, claims);
    req.auth = auth;
    if (auth.mustChangePassword && !config.allowMustChange) {
      throw new AppError(402, 'PASSWORD_CHANGE_REQUIRED', 'auth.mustChange');
    }
    if (auth.subscriptionExpired && !config.allowExpired) {
      throw new AppError(403, 'SUBSCRIPTION_EXPIRED', 'auth.expired');
    }
    if (access !== 'authenticated' && !hasPrivilege(auth, access.privilege)) {
      throw new AppError(403, 'FORBIDDEN', 'auth.forbidden');
    }
  });
}

/** The signed-in operator; only for routes whose access is 'operator'. */
export function operatorOf(req: FastifyRequest): OperatorContext {
  if (!req.operator) throw unauthorized();
  return req.operator;
}

/** The signed-in caller; only for routes whose access is not 'public'. */
export function caller(req: FastifyRequest): AuthContext {
  if (!req.auth) throw unauthorized();
  return req.auth;
}

/** The signed-in caller as an actor for services (built from the request once; services never see it). */
export function actorOf(req: FastifyRequest): Actor {
  const auth = caller(req);
  return {
    clientId: auth.clientId,
    userId: auth.userId,
    username: auth.username,
    fullname: auth.fullname,
    isAdmin: auth.isAdmin,
    ip: req.ip,
    lang: req.lang,
    branchId: auth.branchId,
  };
}

/** Runs fn in one transaction scoped to the caller's organisation (row-level security applies), with the caller as actor. */
export function tenantTx<T>(req: FastifyRequest, fn: (tx: Db, actor: Actor) => Promise<T>): Promise<T> {
  const actor = actorOf(req);
  return inTenant(req.server.db, actor.clientId, (tx) => fn(tx, actor), actor.userId);
}

/** Runs fn in one transaction scoped to the actor's organisation: the door for jobs, the command line and the seed. */
export function actorTx<T>(db: Db, actor: Actor, fn: (tx: Db) => Promise<T>): Promise<T> {
  return inTenant(db, actor.clientId, fn, actor.userId);
}
