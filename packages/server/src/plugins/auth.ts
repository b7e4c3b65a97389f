// Authentication, tenant and privilege check for every /api route, in one onRequest-stage hook.
// Each route declares config.access: 'public', 'authenticated' or { privilege }. A route that
// declares nothing is refused at registration (see assertRouteAccess), so none can slip through.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import { sql } from 'drizzle-orm';
import { hasPrivilege, pickLang, type Lang } from '@ubo/contracts';
import type { Db } from '../db/client.ts';
import { inTenant } from '../db/tenant.ts';
import { queryRows } from '../db/rows.ts';
import { AppError } from './errors.ts';
import { recordRoute } from './route-registry.ts';

export type Access = 'public' | 'authenticated' | { privilege: string | string[] };

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
  }
  interface FastifyInstance {
    db: Db;
    tokenSecret: Uint8Array;
    tokenTtlHours: number;
  }
}

const ALG = 'HS256';

interface AuthRow {
  id: number; username: string; fullname: string; is_admin: boolean; status: string; must_change_password: boolean;
  branch_id: number | null; extra_privileges: string[]; user_tv: number; session_tv: number; session_ok: boolean;
  expired: boolean; role_privileges: string[];
}

export async function signToken(app: FastifyInstance, claims: { sid: string; uid: number; cid: number }): Promise<string> {
  return new SignJWT({ uid: claims.uid, cid: claims.cid })
    .setProtectedHeader({ alg: ALG })
    .setJti(claims.sid)
    .setIssuedAt()
    .setExpirationTime(`${app.tokenTtlHours}h`)
    .sign(app.tokenSecret);
}

const unauthorized = () => new AppError(401, 'UNAUTHORIZED', 'auth.unauthorized');

async function verifyToken(app: FastifyInstance, header: string | undefined) {
  const match = /^Bearer ([A-Za-z0-9_\-.]+)$/.exec(header ?? '');
  if (!match) throw unauthorized();
  try {
    const { payload } = await jwtVerify(match[1], app.tokenSecret, { algorithms: [ALG] });
    const uid = Number(payload.uid);
    const cid = Number(payload.cid);
    if (!payload.jti || !Number.isInteger(uid) || !Number.isInteger(cid)) throw unauthorized();
    return { sid: payload.jti, uid, cid };
  } catch {
    throw unauthorized();
  }
}

/**
 * Loads and checks the caller's session, user and organisation; throws 401 when any is not valid now.
 * Read fresh on every request (logout, password change and disabling end a token at once, in every
 * process), in ONE statement outside a transaction: this runs before every API call, and a tenant
 * transaction would cost three more round trips. Without tenant context the owner's connection sees
 * every organisation, so each table is filtered by the token's organisation explicitly (a session of
 * another organisation, or a token whose cid does not match its session, finds no row).
 */
export async function loadAuthContext(db: Db, claims: { sid: string; uid: number; cid: number }): Promise<AuthContext> {
  const [row] = await queryRows<AuthRow>(db, sql`
    select u.id, u.username, u.fullname, u.is_admin, u.status, u.must_change_password, u.branch_id,
           u.extra_privileges, u.token_version as user_tv, s.token_version as session_tv,
           (s.revoked_at is null and s.expires_at > now()) as session_ok,
           coalesce(c.subscription_expires_on < current_date, false) as expired,
           coalesce((select array_agg(rp.privilege) from role_privileges rp
                     where rp.client_id = ${claims.cid} and rp.role_id = u.role_id), '{}') as role_privileges
    from sessions s
    join users u on u.client_id = ${claims.cid} and u.id = s.user_id
    join clients c on c.id = ${claims.cid}
    where s.client_id = ${claims.cid} and s.id = ${claims.sid} and s.user_id = ${claims.uid}`);
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

  // onRequest, before body parsing and validation: an unauthorised caller learns nothing about the payload.
  app.addHook('onRequest', async (req) => {
    req.lang = pickLang((req.headers['x-lang'] as string | undefined) ?? req.headers['accept-language']);
    const config = req.routeOptions.config as { access?: Access; allowMustChange?: boolean; allowExpired?: boolean };
    if (!req.url.startsWith('/api') || req.url.startsWith('/api/docs')) return;
    const access = config.access;
    if (!access) throw new AppError(404, 'NOT_FOUND', 'common.notFound');
    if (access === 'public') return;
    const claims = await verifyToken(app, req.headers.authorization);
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

/** The signed-in caller; only for routes whose access is not 'public'. */
export function caller(req: FastifyRequest): AuthContext {
  if (!req.auth) throw unauthorized();
  return req.auth;
}

/** Runs fn in one transaction scoped to the caller's organisation (row-level security applies). */
export function tenantTx<T>(req: FastifyRequest, fn: (tx: Db) => Promise<T>): Promise<T> {
  const auth = caller(req);
  return inTenant(req.server.db, auth.clientId, fn, auth.userId);
}
