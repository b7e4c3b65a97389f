// Changing a password asks for the one in use (the temporary one after a reset): a stolen token alone
// cannot take the account over. Wrong answers count per user (throttle.ts), so the token cannot be used
// to guess it either.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { inSystem } from '../../db/tenant.ts';
import { caller, tenantTx } from '../../plugins/auth.ts';
import { fieldError } from '../../plugins/errors.ts';
import { users } from '../users/index.ts';
import { tooMany, USER_LIMIT } from './login.ts';
import { verifyPassword } from './passwords.ts';
import { clearFailures, lockedFor, recordFailure } from './throttle.ts';

export async function checkCurrentPassword(req: FastifyRequest, reply: FastifyReply, password: string): Promise<void> {
  const auth = caller(req);
  const key = `password:${auth.clientId}:${auth.userId}`;
  const db = req.server.db;
  const wait = await inSystem(db, (tx) => lockedFor(tx, [key]));
  if (wait > 0) throw tooMany(reply, wait);
  const [user] = await tenantTx(req, (tx) => tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, auth.userId)));
  if (user && (await verifyPassword(user.passwordHash, password))) {
    await inSystem(db, (tx) => clearFailures(tx, [key]));
    return;
  }
  await inSystem(db, (tx) => recordFailure(tx, key, USER_LIMIT));
  throw fieldError('currentPassword', 'password.currentWrong');
}
