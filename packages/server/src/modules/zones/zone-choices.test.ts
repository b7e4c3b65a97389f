import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { inSystem } from '../../db/tenant.ts';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { billingFactory, mainBranchId } from '../metering/billing-test-kit.ts';
import { branches } from '../organisations/index.ts';
import { staffUser } from '../settings/test-support.ts';
import { users } from '../users/index.ts';

let ctx: TestContext;
let orgA: Awaited<ReturnType<typeof newOrganisation>>;
let orgB: Awaited<ReturnType<typeof newOrganisation>>;
let a: ReturnType<typeof billingFactory>;

beforeAll(async () => {
  ctx = await startTestApp();
  orgA = await newOrganisation(ctx, { name: 'Hargeisa Electric' });
  orgB = await newOrganisation(ctx, { name: 'Burao Water' });
  a = billingFactory(ctx, orgA);
});
afterAll(() => ctx.close());

describe('zone form choices', () => {
  it('offers the active branches and the users who are not deleted, to a holder of list-zone alone', async () => {
    const main = await mainBranchId(ctx, orgA.clientId);
    const reader = await staffUser(ctx, orgA, ['list-zone']);
    const gone = await staffUser(ctx, orgA, []);
    await inSystem(ctx.database.db, async (tx) => {
      await tx.insert(branches).values([
        { clientId: orgA.clientId, name: 'Berbera branch', status: 'Active' },
        { clientId: orgA.clientId, name: 'Closed branch', status: 'Inactive' },
      ]);
      await tx.update(users).set({ status: 'Deleted' }).where(eq(users.id, gone.id));
      await tx.update(users).set({ fullname: 'Cali Reader' }).where(eq(users.id, reader.id));
    });
    const staff = await staffUser(ctx, orgA, ['list-zone']);
    const res = await a.call(staff.token, 'GET', '/api/elc/zones/choices');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.branches.map((b: { name: string }) => b.name)).toEqual(['Berbera branch', 'Main branch']);
    expect(body.branches.find((b: { name: string }) => b.name === 'Main branch').id).toBe(main);
    const ids = body.meterReaders.map((u: { id: number }) => u.id);
    expect(ids).toContain(orgA.adminId);
    expect(ids).toContain(reader.id);
    expect(ids).not.toContain(gone.id);
    expect(body.meterReaders.find((u: { id: number }) => u.id === reader.id)).toEqual({ id: reader.id, fullname: 'Cali Reader', status: 'Active' });

    // Another organisation's branches and users never show.
    const other = await a.call(orgB.token, 'GET', '/api/elc/zones/choices');
    expect(other.json().branches.map((b: { name: string }) => b.name)).toEqual(['Main branch']);
    expect(other.json().meterReaders.map((u: { id: number }) => u.id)).not.toContain(reader.id);

    const without = await staffUser(ctx, orgA, ['list-customer']);
    expect((await a.call(without.token, 'GET', '/api/elc/zones/choices')).statusCode).toBe(403);
  });
});
