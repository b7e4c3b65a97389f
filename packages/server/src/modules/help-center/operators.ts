// The installation's operators (the support team): created by the command line (`create-operator`),
// signed in on their own door with no organisation code, holding a token of their own kind
// (plugins/auth.ts signOperatorToken) that only operator routes accept. Installation tables: every
// query runs as the installation (inSystem). Five wrong passwords lock the operator for 15 minutes.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Lang, OperatorSession } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { inSystem } from '../../db/tenant.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { signOperatorToken } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { operatorSessions, operators } from './help-center.tables.ts';

export const OPERATOR_LOCK_AFTER = 5;
export const OPERATOR_LOCK_MINUTES = 15;

export async function createOperator(db: Db, input: { username: string; fullname: string; password: string }): Promise<{ id: number }> {
  const passwordHash = await hashPassword(input.password);
  return inSystem(db, async (tx) => {
    const [row] = await tx.insert(operators).values({ username: input.username, fullname: input.fullname, passwordHash }).returning({ id: operators.id });
    return row;
  });
}

/** Sets a new password and ends every session of the operator. */
export async function setOperatorPassword(db: Db, username: string, password: string): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  return inSystem(db, async (tx) => {
    const rows = await tx
      .update(operators)
      .set({ passwordHash, tokenVersion: sql`${operators.tokenVersion} + 1`, failedAttempts: 0, lockedUntil: null })
      .where(eq(operators.username, username))
      .returning({ id: operators.id });
    return rows.length > 0;
  });
}

export async function setOperatorStatus(db: Db, username: string, status: 'Active' | 'Disabled'): Promise<boolean> {
  return inSystem(db, async (tx) => {
    const rows = await tx
      .update(operators)
      .set({ status, tokenVersion: sql`${operators.tokenVersion} + 1` })
      .where(eq(operators.username, username))
      .returning({ id: operators.id });
    return rows.length > 0;
  });
}

export async function listOperators(db: Db) {
  return inSystem(db, (tx) =>
    tx
      .select({ id: operators.id, username: operators.username, fullname: operators.fullname, status: operators.status, lastLoginAt: operators.lastLoginAt })
      .from(operators)
      .orderBy(operators.id),
  );
}

const badLogin = () => new AppError(401, 'BAD_LOGIN', 'operator.badLogin');

export async function operatorLogin(opts: {
  db: Db;
  keys: { tokenSecret: Uint8Array; tokenTtlHours: number };
  username: string;
  password: string;
  ip: string;
  lang: Lang;
}): Promise<OperatorSession> {
  const { db, keys, ip } = opts;
  const username = opts.username.trim().toLowerCase();
  const [op] = await inSystem(db, (tx) => tx.select().from(operators).where(eq(operators.username, username)));
  if (!op) {
    await verifyPassword(await dummyPasswordHash(), opts.password);
    throw badLogin();
  }
  if (op.lockedUntil && op.lockedUntil > new Date()) {
    throw new AppError(429, 'LOCKED', `operator.locked|${Math.ceil((op.lockedUntil.getTime() - Date.now()) / 60_000)}`);
  }
  const ok = await verifyPassword(op.passwordHash, opts.password);
  if (!ok || op.status !== 'Active') {
    await inSystem(db, (tx) =>
      tx
        .update(operators)
        .set({
          failedAttempts: sql`${operators.failedAttempts} + 1`,
          lockedUntil: sql`case when ${operators.failedAttempts} + 1 >= ${OPERATOR_LOCK_AFTER} then now() + make_interval(mins => ${OPERATOR_LOCK_MINUTES}) else null end`,
        })
        .where(eq(operators.id, op.id)),
    );
    throw badLogin();
  }
  const sessionId = randomUUID();
  await inSystem(db, async (tx) => {
    await tx.update(operators).set({ failedAttempts: 0, lockedUntil: null, lastLoginAt: sql`now()` }).where(eq(operators.id, op.id));
    await tx.insert(operatorSessions).values({
      id: sessionId,
      operatorId: op.id,
      tokenVersion: op.tokenVersion,
      expiresAt: new Date(Date.now() + keys.tokenTtlHours * 3600_000),
      ip,
    });
  });
  const token = await signOperatorToken(keys, { sid: sessionId, oid: op.id });
  return { token, operator: { id: op.id, username: op.username, fullname: op.fullname } };
}

export async function operatorLogout(db: Db, sessionId: string): Promise<void> {
  await inSystem(db, (tx) => tx.update(operatorSessions).set({ revokedAt: sql`now()` }).where(eq(operatorSessions.id, sessionId)));
}
