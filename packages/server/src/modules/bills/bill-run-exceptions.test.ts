// What a bill run leaves out, and which tariff it prices with (the mutation run of `bills-db` found these
// rules without a test): a zone's own tariff version wins over the class-wide one; a flagged reading nobody
// confirmed (as one imported from an older system arrives: the app itself asks for the confirmation when
// it is entered) is not billed until it is confirmed; a correction that takes the period below zero waits
// for a credit note; and a run issued today, named explicitly, is not "in the future".
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { inTenant } from '../../db/tenant.ts';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { billingFactory } from '../metering/billing-test-kit.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let f: ReturnType<typeof billingFactory>;

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Las Anod Power' });
  f = billingFactory(ctx, org);
  // Class-wide: 2.00 service charge and 1.00 a unit.
  const wide = await f.call(org.token, 'POST', '/api/elc/prices', {
    name: 'Residential',
    customerClass: 'residential',
    effectiveFrom: '2025-01-01',
    serviceCharge: '2',
    taxPercent: '0',
    blocks: [{ from: '0', to: null, rate: '1' }],
  });
  expect(wide.statusCode, wide.body).toBe(201);
});
afterAll(() => ctx.close());

const preview = async (body: Record<string, unknown>) => {
  const res = await f.call(org.token, 'POST', '/api/bills/generateCustomersBill', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { bills: Array<{ houseId: number; amount: string; consumption: string }>; exceptions: Array<{ houseId: number; reason: string }> };
};

/** A zone with one customer's house read for `period` at `reading` units. */
async function zoneWithHouse(period: string, reading: string) {
  const zone = await f.zone();
  const customer = await f.customer();
  const house = await f.house({ customerId: customer.id, zoneId: zone.id });
  const read = await f.reading({ houseId: house.id, period, currentReading: reading });
  return { zone, customer, house, readingId: Number(read.id) };
}

describe('what a bill run prices and what it leaves out', () => {
  it("prices with the zone's own tariff version where it has one, the class-wide one elsewhere", async () => {
    const own = await zoneWithHouse('2025-03', '10');
    const other = await zoneWithHouse('2025-03', '10');
    const zoned = await f.call(org.token, 'POST', '/api/elc/prices', {
      name: 'Residential, zone rate',
      customerClass: 'residential',
      zoneId: own.zone.id,
      effectiveFrom: '2025-01-01',
      serviceCharge: '5',
      taxPercent: '0',
      blocks: [{ from: '0', to: null, rate: '3' }],
    });
    expect(zoned.statusCode, zoned.body).toBe(201);
    const inOwn = await preview({ period: '2025-03', zoneId: own.zone.id });
    expect(inOwn.bills.map((b) => [b.houseId, b.amount])).toEqual([[own.house.id, '35.00']]); // 5 + 10 x 3
    const inOther = await preview({ period: '2025-03', zoneId: other.zone.id });
    expect(inOther.bills.map((b) => [b.houseId, b.amount])).toEqual([[other.house.id, '12.00']]); // 2 + 10 x 1
  });

  it('leaves out a flagged reading nobody confirmed until it is confirmed', async () => {
    const z = await zoneWithHouse('2025-04', '40');
    // As an import from an older system leaves it: flagged as a spike, confirmed by nobody.
    await inTenant(ctx.database.db, org.clientId, (tx) =>
      queryRows(tx, sql`update meter_readings set flags = array['spike'], confirmed_by = null where client_id = ${org.clientId} and id = ${z.readingId}`),
    );
    const held = await preview({ period: '2025-04', zoneId: z.zone.id });
    expect(held.bills).toEqual([]);
    expect(held.exceptions.map((e) => [e.houseId, e.reason])).toEqual([[z.house.id, 'flagged_unconfirmed']]);

    await inTenant(ctx.database.db, org.clientId, (tx) =>
      queryRows(
        tx,
        sql`update meter_readings set confirmed_by = ${org.adminId}, confirmed_at = now() where client_id = ${org.clientId} and id = ${z.readingId}`,
      ),
    );
    const billed = await preview({ period: '2025-04', zoneId: z.zone.id });
    expect(billed.bills.map((b) => [b.houseId, b.amount])).toEqual([[z.house.id, '42.00']]);
    expect(billed.exceptions).toEqual([]);
  });

  it('leaves a period whose correction takes it below zero for a credit note', async () => {
    const z = await zoneWithHouse('2025-05', '50');
    const saved = await f.call(org.token, 'POST', '/api/bills/saveCustomersBill', { period: '2025-05', houseIds: [z.house.id] });
    expect(saved.statusCode, saved.body).toBe(201);
    // June: the May reading was 20 units too high; the correction brings the register back to 30.
    await f.reading({ houseId: z.house.id, period: '2025-06', type: 'correction', currentReading: '30', confirmed: true });
    const june = await preview({ period: '2025-06', zoneId: z.zone.id });
    expect(june.bills).toEqual([]);
    expect(june.exceptions.map((e) => [e.houseId, e.reason])).toEqual([[z.house.id, 'negative_consumption']]);
  });

  it('takes an issue date of today, named explicitly', async () => {
    const z = await zoneWithHouse('2025-07', '7');
    const [{ today }] = await inTenant(ctx.database.db, org.clientId, (tx) =>
      queryRows<{ today: string }>(tx, sql`select to_char(current_date, 'YYYY-MM-DD') as today`),
    );
    const res = await f.call(org.token, 'POST', '/api/bills/saveCustomersBill', { period: '2025-07', houseIds: [z.house.id], issueDate: today });
    expect(res.statusCode, res.body).toBe(201);
    const list = await f.call(org.token, 'GET', `/api/bills?customerId=${z.customer.id}`);
    expect(list.json().data[0]).toMatchObject({ billDate: today, amount: '9.00' });
  });
});
