// Creates an organisation with its first administrator (operator command line, demo seed, tests).
// Runs as the installation (owner role), since no tenant exists yet.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { inSystem } from '../../db/tenant.ts';
import { seedDefaultChart } from '../../ledger/index.ts';
import { hashPassword } from '../auth/passwords.ts';
import { users } from '../users/users.tables.ts';
import { branches, clients } from './organisations.tables.ts';

export interface NewOrganisation {
  code: number;
  name: string;
  adminUsername: string;
  adminPassword: string;
  adminFullname?: string;
  billingCode?: string;
  shortCode?: string;
  address?: string;
  phone?: string;
  email?: string;
  currency?: string;
  contactPhone?: string;
  subscriptionExpiresOn?: string | null;
  /** Administrator must choose a new password at first sign-in (operator-created organisations). */
  mustChangePassword?: boolean;
}

export async function createOrganisation(db: Db, input: NewOrganisation): Promise<{ clientId: number; adminId: number }> {
  const passwordHash = await hashPassword(input.adminPassword);
  return inSystem(db, async (tx) => {
    const existing = await tx.select({ id: clients.id }).from(clients).where(eq(clients.code, input.code));
    if (existing.length > 0) throw new Error(`An organisation with code ${input.code} already exists`);
    const [client] = await tx
      .insert(clients)
      .values({
        code: input.code,
        name: input.name,
        billingCode: input.billingCode ?? null,
        shortCode: input.shortCode ?? null,
        address: input.address ?? null,
        phone: input.phone ?? null,
        email: input.email ?? null,
        currency: input.currency ?? 'USD',
        contactPhone: input.contactPhone ?? null,
        subscriptionExpiresOn: input.subscriptionExpiresOn ?? null,
      })
      .returning();
    const [branch] = await tx.insert(branches).values({ clientId: client.id, name: 'Main branch' }).returning();
    const [admin] = await tx
      .insert(users)
      .values({
        clientId: client.id,
        username: input.adminUsername,
        fullname: input.adminFullname ?? 'Administrator',
        passwordHash,
        isAdmin: true,
        branchId: branch.id,
        mustChangePassword: input.mustChangePassword ?? false,
      })
      .returning();
    await seedDefaultChart(tx, client.id);
    return { clientId: client.id, adminId: admin.id };
  });
}
