// Test helpers of the finance tests (not part of the product): a staff user holding chosen privileges.
import { inTenant } from '../../db/tenant.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { users } from '../users/index.ts';
import { signIn, type TestContext } from '../../../test/harness.ts';

let userCounter = 0;
/** Signs in a non-administrator of the organisation holding exactly these privileges. */
export async function staffToken(ctx: TestContext, org: { clientId: number; code: number }, privileges: string[]): Promise<string> {
  userCounter += 1;
  const username = `staff${userCounter}`;
  const password = 'Staff@2026';
  const passwordHash = await hashPassword(password);
  await inTenant(ctx.database.db, org.clientId, (tx) =>
    tx.insert(users).values({ clientId: org.clientId, username, fullname: `Staff ${userCounter}`, passwordHash, extraPrivileges: privileges }),
  );
  return signIn(ctx, { username, password, code: org.code });
}
