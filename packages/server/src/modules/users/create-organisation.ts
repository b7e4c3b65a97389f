// Creates an organisation with its first administrator (operator command line, demo seed, tests), in one
// transaction as the installation (owner role), since no tenant exists yet: the organisation's rows
// (organisations' insertOrganisation), the administrator, and the default chart of accounts (ledger).
// It lives in users, not organisations: users import organisations (a user's branch), so organisations
// may not import users.
import type { Db } from '../../db/client.ts';
import { inSystem } from '../../db/tenant.ts';
import { seedDefaultChart } from '../../ledger/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { insertOrganisation, type OrganisationFields } from '../organisations/index.ts';
import { users } from './users.tables.ts';

export interface NewOrganisation extends OrganisationFields {
  adminUsername: string;
  adminPassword: string;
  adminFullname?: string;
  /** Administrator must choose a new password at first sign-in (operator-created organisations). */
  mustChangePassword?: boolean;
}

export async function createOrganisation(db: Db, input: NewOrganisation): Promise<{ clientId: number; adminId: number }> {
  const passwordHash = await hashPassword(input.adminPassword);
  return inSystem(db, async (tx) => {
    const { clientId, branchId } = await insertOrganisation(tx, input);
    const [admin] = await tx
      .insert(users)
      .values({
        clientId,
        username: input.adminUsername,
        fullname: input.adminFullname ?? 'Administrator',
        passwordHash,
        isAdmin: true,
        branchId,
        mustChangePassword: input.mustChangePassword ?? false,
      })
      .returning();
    await seedDefaultChart(tx, clientId);
    return { clientId, adminId: admin.id };
  });
}
