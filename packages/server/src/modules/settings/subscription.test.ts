import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inSystem, inTenant } from '../../db/tenant.ts';
import { systemActor } from '../../lib/actor.ts';
import { bearer, newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { subscriptionPayments } from '../organisations/index.ts';
import { staffUser } from './test-support.ts';
import { getSubscription } from './get-subscription.ts';

let ctx: TestContext;
let orgA: Awaited<ReturnType<typeof newOrganisation>>;
let orgB: Awaited<ReturnType<typeof newOrganisation>>;

beforeAll(async () => {
  ctx = await startTestApp();
  orgA = await newOrganisation(ctx, { name: 'Galkayo Power', subscriptionExpiresOn: '2099-01-31' });
  orgB = await newOrganisation(ctx, { name: 'Beledweyne Water' });
  // The installation's operator records payments (as the owner role).
  await inSystem(ctx.database.db, (tx) =>
    tx.insert(subscriptionPayments).values([
      { clientId: orgA.clientId, name: 'Galkayo Power', billAmount: '250.00', billDate: '2025-12-01', expireDate: '2026-12-31' },
      { clientId: orgA.clientId, name: 'Galkayo Power', billAmount: '1250.50', billDate: '2026-12-15', expireDate: '2099-01-31' },
      { clientId: orgB.clientId, name: 'Beledweyne Water', billAmount: '99.00', billDate: '2026-01-01', expireDate: '2026-06-30' },
    ]),
  );
});
afterAll(() => ctx.close());

const URL = '/api/elc/settings/subscription';

describe('GET /api/elc/settings/subscription', () => {
  it('returns the expiry date and the organisation payments, newest first, money as strings', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: URL, headers: bearer(orgA.token) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ clientName: 'Galkayo Power', clientCode: orgA.code, expiresOn: '2099-01-31', isExpired: false });
    expect(body.daysLeft).toBeGreaterThan(0);
    expect(body.payments).toEqual([
      { id: expect.any(Number), name: 'Galkayo Power', bill_amount: '1250.50', bill_date: '2026-12-15', expire_date: '2099-01-31' },
      { id: expect.any(Number), name: 'Galkayo Power', bill_amount: '250.00', bill_date: '2025-12-01', expire_date: '2026-12-31' },
    ]);
  });

  it('shows B only its own payments, and no expiry when none is set', async () => {
    const body = (await ctx.app.inject({ method: 'GET', url: URL, headers: bearer(orgB.token) })).json();
    expect(body).toMatchObject({ expiresOn: null, isExpired: false, daysLeft: null });
    expect(body.payments.map((p: { bill_amount: string }) => p.bill_amount)).toEqual(['99.00']);
  });

  it('counts days in UTC calendar days', async () => {
    const info = await inTenant(ctx.database.db, orgA.clientId, (tx) =>
      getSubscription({
        tx,
        actor: systemActor({ clientId: orgA.clientId, userId: orgA.adminId, username: 'admin' }),
        today: new Date('2099-01-30T23:59:00Z'),
      }),
    );
    expect(info.daysLeft).toBe(1);
    const after = await inTenant(ctx.database.db, orgA.clientId, (tx) =>
      getSubscription({
        tx,
        actor: systemActor({ clientId: orgA.clientId, userId: orgA.adminId, username: 'admin' }),
        today: new Date('2099-02-02T00:00:00Z'),
      }),
    );
    expect(after).toMatchObject({ daysLeft: -2, isExpired: true });
  });

  it('stays readable to an administrator after expiry', async () => {
    const expired = await newOrganisation(ctx, { subscriptionExpiresOn: '2020-01-01' });
    const res = await ctx.app.inject({ method: 'GET', url: URL, headers: bearer(expired.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isExpired: true, expiresOn: '2020-01-01' });
  });

  it('is read-only to the tenant: the application role cannot write payments', async () => {
    await expect(
      inTenant(ctx.database.db, orgA.clientId, (tx) =>
        tx
          .insert(subscriptionPayments)
          .values({ clientId: orgA.clientId, name: 'Free year', billAmount: '0', billDate: '2026-01-01', expireDate: '2100-01-01' }),
      ),
    ).rejects.toThrow();
    await expect(inTenant(ctx.database.db, orgA.clientId, (tx) => tx.delete(subscriptionPayments))).rejects.toThrow();
    const body = (await ctx.app.inject({ method: 'GET', url: URL, headers: bearer(orgA.token) })).json();
    expect(body.payments).toHaveLength(2);
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      expect((await ctx.app.inject({ method, url: URL, headers: bearer(orgA.token), payload: {} })).statusCode).toBe(404);
    }
  });

  it('answers 403 without company-profile', async () => {
    const staff = await staffUser(ctx, orgA, ['list-cities']);
    const res = await ctx.app.inject({ method: 'GET', url: URL, headers: bearer(staff.token) });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });
});
