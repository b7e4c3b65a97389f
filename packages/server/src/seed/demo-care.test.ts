// The demo's customer care: topics, complaints in every state (the SMS queued for those whose topic texts
// the customer), a caller who is not a customer, prospects with one converted into a customer with a house,
// and the care officer signing in with the documented password.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/rows.ts';
import { inTenant } from '../db/tenant.ts';
import { newOrganisation, signIn, startTestApp, type TestContext } from '../../test/harness.ts';
import { billingFactory } from '../modules/metering/billing-test-kit.ts';
import { DEMO_CARE_USER, seedDemoCare } from './demo-care.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx);
  const f = billingFactory(ctx, org);
  const zone = await f.zone();
  for (let i = 0; i < 4; i += 1) {
    const c = await f.customer({ phone: `061500000${i}` });
    await f.house({ customerId: c.id, zoneId: zone.id });
  }
}, 60_000);
afterAll(async () => ctx?.close());

describe('demo customer care', () => {
  it('has complaints in every state, prospects with one converted, and the care officer signs in', async () => {
    expect(await seedDemoCare(ctx.database.db, { code: org.code, username: 'admin' })).toEqual({ topics: 4, complaints: 5, prospects: 4 });
    const q = <T>(text: ReturnType<typeof sql>) => inTenant(ctx.database.db, org.clientId, (tx) => queryRows<T>(tx, text));
    const states = await q<{ status: string; n: number }>(sql`select status, count(*)::int as n from complaints group by status order by status`);
    expect(states.map((r) => [r.status, r.n])).toEqual([
      ['Cancelled', 1],
      ['Completed', 1],
      ['InProgress', 1],
      ['Pending', 2],
    ]);
    const [{ callers }] = await q<{ callers: number }>(sql`select count(*)::int as callers from complaints where customer_id is null`);
    expect(callers).toBe(1);
    // Receipt SMS for the four customers' complaints and one on completion; the conduct topic texts nobody.
    const [{ sms }] = await q<{ sms: number }>(sql`select count(*)::int as sms from sms_messages where kind = 'complaint'`);
    expect(sms).toBe(5);
    const prospects = await q<{ outcome: string; houses: number }>(
      sql`select p.outcome, (select count(*) from houses h where h.customer_id = p.customer_id)::int as houses from prospects p order by p.id`,
    );
    expect(prospects.map((p) => [p.outcome, p.houses])).toEqual([
      ['Converted', 1],
      ['Open', 0],
      ['NotInterested', 0],
      ['Open', 0],
    ]);
    expect(await signIn(ctx, { username: DEMO_CARE_USER.username, password: DEMO_CARE_USER.password, code: org.code })).toMatch(/\S/);
  });
});
