// Test helper (not part of the product): bills houses' pending readings through the real bill run, so
// tests that need billed readings get real bills (meter_readings.billed_bill_id is a foreign key).
import { bearer, type TestContext } from '../../../test/harness.ts';

/**
 * Runs POST /api/bills/saveCustomersBill for the houses and period, first giving the organisation a flat
 * residential tariff (1.00 a unit) when none is in force. Answers the ids of the bills written.
 */
export async function billHouses(ctx: TestContext, org: { token: string }, opts: { period: string; houseIds: number[] }): Promise<number[]> {
  const call = (method: 'GET' | 'POST', url: string, payload?: object) => ctx.app.inject({ method, url, payload, headers: bearer(org.token) });
  const tariffs = await call('GET', `/api/elc/prices?customerClass=residential&activeOn=${opts.period}-28`);
  if (tariffs.json().total === 0) {
    const created = await call('POST', '/api/elc/prices', {
      name: `Test flat ${opts.period}`,
      customerClass: 'residential',
      effectiveFrom: '2020-01-01',
      blocks: [{ from: '0', to: null, rate: '1' }],
    });
    if (created.statusCode !== 201) throw new Error(`tariff: ${created.statusCode} ${created.body}`);
  }
  const saved = await call('POST', '/api/bills/saveCustomersBill', { period: opts.period, houseIds: opts.houseIds });
  if (saved.statusCode !== 201 || saved.json().billCount === 0) throw new Error(`bill run billed nothing: ${saved.statusCode} ${saved.body}`);
  const run = await call('GET', `/api/bills/runs/${saved.json().runId}`);
  return run.json().bills.map((b: { id: number }) => b.id);
}
