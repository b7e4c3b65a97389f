// An organisation's own rows: the client (the tenant) and its main branch, written in the installation's
// transaction. users/create-organisation.ts adds the first administrator and the default chart around it
// (the users module sits above this one, so the whole act lives there).
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { branches, clients } from './organisations.tables.ts';

export interface OrganisationFields {
  code: number;
  name: string;
  billingCode?: string;
  shortCode?: string;
  address?: string;
  phone?: string;
  email?: string;
  currency?: string;
  contactPhone?: string;
  subscriptionExpiresOn?: string | null;
}

/** Inserts the client and its main branch; refuses a code already taken. tx runs as the installation (inSystem). */
export async function insertOrganisation(tx: Db, input: OrganisationFields): Promise<{ clientId: number; branchId: number }> {
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
  return { clientId: client.id, branchId: branch.id };
}
