// Changing a password asks for the one in use (the temporary one after a reset): a stolen token alone
// cannot take the account over. Wrong answers count per user (throttle.ts), so the token cannot be used
// to guess it either.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { inSystem } from '../../db/tenant.ts';
import type { Actor } from '../../lib/actor.ts';
import { actorTx } from '../../plugins/auth.ts';
import { fieldError } from '../../plugins/errors.ts';
import { users } from '../users/index.ts';
import { TooManyAttempts, USER_LIMIT } from './login.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { clearFailures, lockedFor, recordFailure } from './throttle.ts';

export async function checkCurrentPassword(opts: { db: Db; actor: Actor; password: string }): Promise<void> {
  const { db, actor, password } = opts;
  const key = `password:${actor.clientId}:${actor.userId}`;
  const wait = await inSystem(db, (tx) => lockedFor(tx, [key]));
  if (wait > 0) throw new TooManyAttempts(wait);
  const [user] = await actorTx(db, actor, (tx) => tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, actor.userId)));
  if (user && (await verifyPassword(user.passwordHash, password))) {
    await inSystem(db, (tx) => clearFailures(tx, [key]));
    return;
  }
  await inSystem(db, (tx) => recordFailure(tx, key, USER_LIMIT));
  throw fieldError('currentPassword', 'password.currentWrong');
}
