// A bill run prices each house with the tariff of its class in its zone: for random block tariffs
// (service charge, blocks, above the last block, minimum charge, tax), random houses of two classes and
// random readings with decimals, every bill's consumption and amount are what priceConsumption (the
// contracts' one pricing function) says for that house, the run's count and total are their sum, and so
// are the run's saved answer and the receivable the run posted. One organisation per file, a new zone
// (with its own tariffs) per run.
import fc from 'fast-check';
import { type PricingTariff, priceConsumption } from '@ubo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../ledger/index.ts';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { expectReceivableMatchesCustomers, receivableState } from '../../../test/receivable-invariant.ts';
import { billingFactory } from '../metering/billing-test-kit.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let f: ReturnType<typeof billingFactory>;

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Tariff Totals Power' });
  f = billingFactory(ctx, org);
});
afterAll(() => ctx.close());

const PERIOD = '2025-06';
const CLASSES = ['residential', 'commercial'] as const;
const fixed = (n: number, places: number) => new Decimal(n).dividedBy(10 ** places).toFixed(places);

/** Contiguous blocks from 0 (bounds with up to 3 decimals), rates with up to 6, the last open or not. */
const tariff: fc.Arbitrary<PricingTariff> = fc
  .record({
    widths: fc.array(fc.integer({ min: 1, max: 400_000 }), { minLength: 1, maxLength: 4 }),
    rates: fc.array(fc.integer({ min: 0, max: 3_000_000 }), { minLength: 4, maxLength: 4 }),
    isLastOpen: fc.boolean(),
    serviceCharge: fc.integer({ min: 0, max: 1500 }),
    minimumCharge: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 8000 })),
    taxPercent: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 250_000 })),
  })
  .map((t) => {
    let from = new Decimal(0);
    const blocks = t.widths.map((w, i) => {
      const to = from.plus(fixed(w, 3));
      const block = { from: from.toFixed(), to: i === t.widths.length - 1 && t.isLastOpen ? null : to.toFixed(), rate: fixed(t.rates[i], 6) };
      from = to;
      return block;
    });
    return { serviceCharge: fixed(t.serviceCharge, 2), minimumCharge: fixed(t.minimumCharge, 2), taxPercent: fixed(t.taxPercent, 4), blocks };
  });
const house = fc.record({
  isCommercial: fc.boolean(),
  installed: fc.integer({ min: 0, max: 5_000_000 }),
  used: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 3_000_000 })),
});

describe('bill run totals', () => {
  it('bill by bill and in total, a run charges what priceConsumption says for each house', { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(tariff, tariff, fc.array(house, { minLength: 1, maxLength: 6 }), async (residential, commercial, houses) => {
        const zone = await f.zone();
        const tariffs = { residential, commercial };
        for (const cls of CLASSES) {
          const t = tariffs[cls];
          const created = await f.call(org.token, 'POST', '/api/elc/prices', {
            name: `${cls} ${zone.id}`,
            customerClass: cls,
            zoneId: zone.id,
            effectiveFrom: '2025-01-01',
            ...t,
          });
          expect(created.statusCode, created.body).toBe(201);
        }
        const expected = new Map<number, { consumption: string; amount: string }>();
        let total = new Decimal(0);
        for (const h of houses) {
          const cls = h.isCommercial ? 'commercial' : 'residential';
          const customer = await f.customer({ customerClass: cls });
          const installed = new Decimal(fixed(h.installed, 3));
          const used = new Decimal(fixed(h.used, 3));
          const made = await f.house({ customerId: customer.id, zoneId: zone.id, installationReading: installed.toFixed(), meterDigits: 5 });
          await f.reading({ houseId: made.id, period: PERIOD, currentReading: installed.plus(used).toFixed(), confirmed: true });
          const price = priceConsumption(tariffs[cls], used);
          expected.set(made.id, { consumption: used.toFixed(3), amount: price.total });
          total = total.plus(price.total);
        }
        const before = (await receivableState(ctx.database.db, org.clientId)).receivable;
        const saved = await f.call(org.token, 'POST', '/api/bills/saveCustomersBill', { period: PERIOD, zoneId: zone.id });
        expect(saved.statusCode, saved.body).toBe(201);
        expect(saved.json()).toMatchObject({ billCount: houses.length, total: total.toFixed(2) });
        const run = (await f.call(org.token, 'GET', `/api/bills/runs/${saved.json().runId}`)).json();
        expect(run).toMatchObject({ billCount: houses.length, total: total.toFixed(2) });
        const billed = new Map<number, { consumption: string; amount: string }>(
          run.bills.map((b: { houseId: number; consumption: string; amount: string }) => [
            b.houseId,
            { consumption: new Decimal(b.consumption).toFixed(3), amount: b.amount },
          ]),
        );
        expect(billed).toEqual(expected);
        // The run posted exactly its total to the receivable.
        const after = await expectReceivableMatchesCustomers(ctx.database.db, org.clientId);
        expect(new Decimal(after.receivable).minus(before).toFixed(2)).toBe(total.toFixed(2));
      }),
      { numRuns: 10 },
    );
  });
});
