// Sign-in: organisation by code, user by name, argon2id check, throttled per user name, per client address
// and per known device (throttle.ts, device.ts). Every failure (unknown code, unknown user, wrong password,
// disabled user) answers the same bytes. A shared office or mobile network sends many users from one
// address: the per-address limit is high, the per-user-name limit low, both with doubling locks, and a
// user signing in from a device where they signed in before passes both (its own failures count alone).
// Behind a reverse proxy, TRUST_PROXY makes req.ip the client's address instead of the proxy's. Nobody is signed
// in yet, so there is no actor: the route hands over a SignInContext instead of the request.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Lang, LoginUser } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { inSystem, inTenant } from '../../db/tenant.ts';
import { AppError } from '../../plugins/errors.ts';
import { signToken } from '../../plugins/auth.ts';
import { clients } from '../organisations/index.ts';
import { privilegesOf, sessions, users } from '../users/index.ts';
import { deviceSubject, issueDeviceToken, verifyDeviceToken } from './device.ts';
import { dummyPasswordHash, verifyPassword } from '../../lib/passwords.ts';
import { clearFailures, lockedFor, recordFailure } from './throttle.ts';
import { writeAudit } from '../../plugins/audit.ts';

/** Failures per user name (and per known device) before the doubling locks start. */
export const USER_LIMIT = 5;
/** Failures per client address in 15 minutes before the doubling locks start (LOGIN_IP_LIMIT). */
const ipLimit = () => Number(process.env.LOGIN_IP_LIMIT ?? 100);

const invalid = () => new AppError(401, 'INVALID_CREDENTIALS', 'auth.invalid');

/** 429 with the wait in minutes in the caller's language; the route sends retryAfter as Retry-After (seconds). */
export class TooManyAttempts extends AppError {
  readonly retryAfter: number;
  constructor(seconds: number) {
    super(429, 'TOO_MANY_ATTEMPTS', `auth.tooMany|${Math.max(1, Math.ceil(seconds / 60))}`);
    this.retryAfter = Math.max(1, seconds);
  }
}

/** What sign-in needs from the place it was asked (built by the route). */
export interface SignInContext {
  db: Db;
  tokenSecret: Uint8Array;
  tokenTtlHours: number;
  /** The client's address: throttled, and kept with the session and the log line. */
  ip: string;
  userAgent: string;
  /** The caller's language, as an actor carries it (sign-in's own refusals are keys the error handler translates). */
  lang: Lang;
}

export async function login(opts: {
  ctx: SignInContext;
  input: { username: string; password: string; code: number; device?: string };
}): Promise<LoginUser & { device: string }> {
  const { ctx, input } = opts;
  const db = ctx.db;
  const subject = deviceSubject(input.code, input.username);
  const deviceId = verifyDeviceToken(ctx.tokenSecret, subject, input.device);
  const userKey = `user:${subject}`;
  const ipKey = `ip:${ctx.ip}`;
  const deviceKey = `device:${deviceId}`;
  // A known device answers only for its own failures; anyone else for the user name's and the address's.
  const keys = deviceId ? [deviceKey] : [userKey, ipKey];

  const wait = await inSystem(db, (tx) => lockedFor(tx, keys));
  if (wait > 0) throw new TooManyAttempts(wait);

  const client = (await inSystem(db, (tx) => tx.select().from(clients).where(eq(clients.code, input.code)).limit(1)))[0];
  const user = client
    ? (await inTenant(db, client.id, (tx) => tx.select().from(users).where(sql`lower(${users.username}) = lower(${input.username})`).limit(1)))[0]
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
  const expiresAt = new Date(Date.now() + ctx.tokenTtlHours * 3600_000);
  const privileges = await inTenant(
    db,
    client.id,
    async (tx) => {
      await tx.insert(sessions).values({
        id: sessionId,
        clientId: client.id,
        userId: user.id,
        tokenVersion: user.tokenVersion,
        expiresAt,
        ip: ctx.ip,
        userAgent: ctx.userAgent.slice(0, 300),
      });
      await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
      await writeAudit(
        tx,
        { clientId: client.id, userId: user.id, username: user.username, ip: ctx.ip },
        { action: 'login', entity: 'session', entityId: sessionId },
      );
      return privilegesOf(tx, user);
    },
    user.id,
  );
  await inSystem(db, (tx) => clearFailures(tx, deviceId ? [deviceKey] : [userKey]));

  const token = await signToken(ctx, { sid: sessionId, uid: user.id, cid: client.id });
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
    device: input.device && deviceId ? input.device : issueDeviceToken(ctx.tokenSecret, subject),
  };
}
