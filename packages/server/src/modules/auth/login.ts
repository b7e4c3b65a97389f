// Sign-in: organisation by code, user by name, argon2id check, throttled per user name, per client address
// and per known device (throttle.ts, device.ts). Every failure (unknown code, unknown user, wrong password,
// disabled user) answers the same bytes. A shared office or mobile network sends many users from one
// address: the per-address limit is high, the per-user-name limit low, both with doubling locks, and a
// user signing in from a device where they signed in before passes both (its own failures count alone).
// Behind a reverse proxy, TRUST_PROXY makes req.ip the client's address instead of the proxy's.
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { LoginUser } from '@ubo/contracts';
import { inSystem, inTenant } from '../../db/tenant.ts';
import { AppError } from '../../plugins/errors.ts';
import { signToken } from '../../plugins/auth.ts';
import { clients } from '../organisations/organisations.tables.ts';
import { users } from '../users/users.tables.ts';
import { sessions } from './auth.tables.ts';
import { deviceSubject, issueDeviceToken, verifyDeviceToken } from './device.ts';
import { dummyPasswordHash, verifyPassword } from './passwords.ts';
import { clearFailures, lockedFor, recordFailure } from './throttle.ts';
import { privilegesOf } from '../users/index.ts';
import { writeAudit } from '../../plugins/audit.ts';

/** Failures per user name (and per known device) before the doubling locks start. */
export const USER_LIMIT = 5;
/** Failures per client address in 15 minutes before the doubling locks start (LOGIN_IP_LIMIT). */
const ipLimit = () => Number(process.env.LOGIN_IP_LIMIT ?? 100);

const invalid = () => new AppError(401, 'INVALID_CREDENTIALS', 'auth.invalid');

/** 429 with Retry-After (seconds) and the wait in minutes in the caller's language. */
export function tooMany(reply: FastifyReply, seconds: number): AppError {
  reply.header('retry-after', String(Math.max(1, seconds)));
  return new AppError(429, 'TOO_MANY_ATTEMPTS', `auth.tooMany|${Math.max(1, Math.ceil(seconds / 60))}`);
}

export async function login(opts: {
  req: FastifyRequest;
  reply: FastifyReply;
  input: { username: string; password: string; code: number; device?: string };
}): Promise<LoginUser & { device: string }> {
  const { req, reply, input } = opts;
  const db = req.server.db;
  const subject = deviceSubject(input.code, input.username);
  const deviceId = verifyDeviceToken(req.server.tokenSecret, subject, input.device);
  const userKey = `user:${subject}`;
  const ipKey = `ip:${req.ip}`;
  const deviceKey = `device:${deviceId}`;
  // A known device answers only for its own failures; anyone else for the user name's and the address's.
  const keys = deviceId ? [deviceKey] : [userKey, ipKey];

  const wait = await inSystem(db, (tx) => lockedFor(tx, keys));
  if (wait > 0) throw tooMany(reply, wait);

  const client = (await inSystem(db, (tx) => tx.select().from(clients).where(eq(clients.code, input.code)).limit(1)))[0];
  const user = client
    ? (await inTenant(db, client.id, (tx) =>
        tx.select().from(users).where(sql`lower(${users.username}) = lower(${input.username})`).limit(1),
      ))[0]
    : undefined;

  const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!client || !user || !passwordOk || user.status !== 'Active') {
    await inSystem(db, async (tx) => {
      if (deviceId) await recordFailure(tx, deviceKey, USER_LIMIT);
      else {
        await recordFailure(tx, userKey, USER_LIMIT);
        await recordFailure(tx, ipKey, ipLimit());
      }
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
    await writeAudit(tx, { clientId: client.id, userId: user.id, username: user.username, ip: req.ip }, { action: 'login', entity: 'session', entityId: sessionId });
    return privilegesOf(tx, user);
  }, user.id);
  await inSystem(db, (tx) => clearFailures(tx, deviceId ? [deviceKey] : [userKey]));

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
    device: input.device && deviceId ? input.device : issueDeviceToken(req.server.tokenSecret, subject),
  };
}
