// Test helpers shared by the settings, organisations, files and audit-log tests: a signed-in staff
// user holding only the given privileges, multipart bodies, and the organisation's rows read as the
// installation (bypassing the tenant, to prove what the API did or did not change).
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, type SQL } from 'drizzle-orm';
import { inSystem } from '../../db/tenant.ts';
import { auditLog } from '../audit-log/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { branches } from '../organisations/index.ts';
import { users } from '../users/index.ts';
import { signIn, type TestContext } from '../../../test/harness.ts';

/** A 1x1 transparent PNG. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let userCounter = 0;

/** Creates an active, non-administrator user of the organisation with exactly these privileges and signs in. */
export async function staffUser(ctx: TestContext, org: { clientId: number; code: number }, privileges: string[]) {
  userCounter += 1;
  const username = `staff${userCounter}_${randomBytes(3).toString('hex')}`;
  const password = 'Staff@2026';
  const passwordHash = await hashPassword(password);
  const id = await inSystem(ctx.database.db, async (tx) => {
    const [branch] = await tx.select({ id: branches.id }).from(branches).where(eq(branches.clientId, org.clientId)).orderBy(asc(branches.id)).limit(1);
    const [u] = await tx
      .insert(users)
      .values({ clientId: org.clientId, username, fullname: 'Staff Member', passwordHash, extraPrivileges: privileges, branchId: branch?.id ?? null })
      .returning({ id: users.id });
    return u.id;
  });
  const token = await signIn(ctx, { username, password, code: org.code });
  return { id, username, token };
}

/** A multipart/form-data body with one file field. */
export function multipartFile(filename: string, content: Buffer, contentType = 'image/png', field = 'file') {
  const boundary = `----ubo${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The organisation's audit lines (optionally only those after a given id), oldest first. */
export async function auditRows(ctx: TestContext, clientId: number, opts: { entity?: string; afterId?: number } = {}) {
  return inSystem(ctx.database.db, async (tx) => {
    const filters: SQL[] = [eq(auditLog.clientId, clientId)];
    if (opts.entity) filters.push(eq(auditLog.entity, opts.entity));
    if (opts.afterId) filters.push(gt(auditLog.id, opts.afterId));
    return tx
      .select()
      .from(auditLog)
      .where(and(...filters))
      .orderBy(asc(auditLog.id));
  });
}

/** The id of the organisation's newest audit line (0 when none), to look only at later lines. */
export async function lastAuditId(ctx: TestContext, clientId: number): Promise<number> {
  const rows = await auditRows(ctx, clientId);
  return rows.length > 0 ? rows[rows.length - 1].id : 0;
}
