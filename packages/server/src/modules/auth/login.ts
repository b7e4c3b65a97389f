// Sign-in: organisation by code, user by name, argon2id check, throttling per IP and per user name.
// Every failure (unknown code, unknown user, wrong password, disabled user) answers the same bytes.
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { LoginUser } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { inSystem, inTenant } from '../../db/tenant.ts';
import { AppError } from '../../plugins/errors.ts';
import { signToken } from '../../plugins/auth.ts';
import { auditLog } from '../audit-log/audit-log.tables.ts';
import { clients } from '../organisations/organisations.tables.ts';
import { users } from '../users/users.tables.ts';
import { loginThrottle, sessions } from './auth.tables.ts';
import { dummyPasswordHash, verifyPassword } from './passwords.ts';
import { privilegesOf } from '../users/index.ts';

const USER_LIMIT = 5;
const IP_LIMIT = Number(process.env.LOGIN_IP_LIMIT ?? 30);
const WINDOW = sql`interval '15 minutes'`;

const invalid = () => new AppError(401, 'INVALID_CREDENTIALS', 'auth.invalid');
const tooMany = () => new AppError(429, 'TOO_MANY_ATTEMPTS', 'auth.tooMany');

async function isLocked(db: Db, keys: string[]): Promise<boolean> {
  const rows = await db
    .select({ key: loginThrottle.key })
    .from(loginThrottle)
    .where(and(sql`${loginThrottle.key} in ${keys}`, sql`${loginThrottle.lockedUntil} > now()`));
  return rows.length > 0;
}

async function recordFailure(db: Db, key: string, limit: number): Promise<void> {
  // A window older than 15 minutes starts again at one failure; reaching the limit locks for 15 minutes.
  await db.execute(sql`
    insert into login_throttle (key, failures, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      failures = case when login_throttle.window_start < now() - ${WINDOW} then 1 else login_throttle.failures + 1 end,
      window_start = case when login_throttle.window_start < now() - ${WINDOW} then now() else login_throttle.window_start end,
      locked_until = case
        when (case when login_throttle.window_start < now() - ${WINDOW} then 1 else login_throttle.failures + 1 end) >= ${limit}
        then now() + ${WINDOW} else login_throttle.locked_until end`);
}

export async function login(opts: {
  req: FastifyRequest;
  input: { username: string; password: string; code: number };
}): Promise<LoginUser> {
  const { req, input } = opts;
  const db = req.server.db;
  const userKey = `user:${input.code}:${input.username.toLowerCase()}`;
  const ipKey = `ip:${req.ip}`;

  if (await inSystem(db, (tx) => isLocked(tx, [userKey, ipKey]))) throw tooMany();

  const client = (await inSystem(db, (tx) => tx.select().from(clients).where(eq(clients.code, input.code)).limit(1)))[0];
  const user = client
    ? (await inTenant(db, client.id, (tx) =>
        tx.select().from(users).where(sql`lower(${users.username}) = lower(${input.username})`).limit(1),
      ))[0]
    : undefined;

  const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!client || !user || !passwordOk || user.status !== 'Active') {
    await inSystem(db, async (tx) => {
      await recordFailure(tx, userKey, USER_LIMIT);
      await recordFailure(tx, ipKey, IP_LIMIT);
    });
    throw invalid();
  }

  const sessionId = randomUUID();
  const expiresAt = new Date(Date.now() + req.server.tokenTtlHours * 3600_000);
  const privileges = await inTenant(db, client.id, async (tx) => {
    await tx.insert(sessions).values({
      id: sessionId,
      clientId: client.id,
      userId: user.id,
      tokenVersion: user.tokenVersion,
      expiresAt,
      ip: req.ip,
      userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300),
    });
    await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
    await tx.insert(auditLog).values({
      clientId: client.id, userId: user.id, username: user.username, action: 'login', entity: 'session', entityId: sessionId, ip: req.ip,
    });
    return privilegesOf(tx, user);
  }, user.id);
  await inSystem(db, (tx) => tx.delete(loginThrottle).where(eq(loginThrottle.key, userKey)));

  const token = await signToken(req.server, { sid: sessionId, uid: user.id, cid: client.id });
  return {
    fullname: user.fullname,
    billing_code: client.billingCode,
    code: client.code,
    username: user.username,
    signature: user.signature,
    client_name: client.name,
    privileges,
    isAdmin: user.isAdmin,
    token,
  };
}
