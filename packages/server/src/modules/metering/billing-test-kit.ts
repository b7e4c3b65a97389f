// Test helpers for the billing master data (zones, tariffs, customers, houses, readings): one call()
// through the API with an optional language, and factories that create records the way a user would.
import { asc, eq } from 'drizzle-orm';
import { inSystem } from '../../db/tenant.ts';
import { branches } from '../organisations/index.ts';
import { bearer, type TestContext } from '../../../test/harness.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function caller(ctx: TestContext) {
  return (token: string, method: Method, url: string, payload?: object | string, lang?: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method, url, payload, headers: { ...bearer(token), ...(lang ? { 'accept-language': lang } : {}), ...headers } });
}

export async function mainBranchId(ctx: TestContext, clientId: number): Promise<number> {
  const [b] = await inSystem(ctx.database.db, (tx) =>
    tx.select({ id: branches.id }).from(branches).where(eq(branches.clientId, clientId)).orderBy(asc(branches.id)).limit(1),
  );
  return b.id;
}

let serial = 0;
const next = () => {
  serial += 1;
  return serial;
};

export function billingFactory(ctx: TestContext, org: { clientId: number; token: string }) {
  const call = caller(ctx);
  const ok = async (res: Awaited<ReturnType<typeof call>>, status = 201) => {
    if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
    return res.json();
  };
  return {
    call,
    async zone(overrides: Record<string, unknown> = {}) {
      const branchId = await mainBranchId(ctx, org.clientId);
      return ok(await call(org.token, 'POST', '/api/elc/zones', { name: `Zone ${next()}`, branchId, ...overrides }));
    },
    async customer(overrides: Record<string, unknown> = {}) {
      return ok(
        await call(org.token, 'POST', '/api/elc/customers', { name: `Customer ${next()}`, phone: '0615000000', customerClass: 'residential', ...overrides }),
      );
    },
    async house(input: { customerId: number; zoneId: number } & Record<string, unknown>) {
      return ok(
        await call(org.token, 'POST', '/api/elc/houses', {
          houseNo: `H-${next()}`,
          meterNumber: `M${Date.now().toString(36)}${next()}`,
          meterDigits: 5,
          installationReading: '0',
          installationDate: '2025-01-01',
          ...input,
        }),
      );
    },
    async reading(input: { houseId: number; period: string; currentReading?: string } & Record<string, unknown>) {
      const day = `${input.period}-28`;
      return ok(await call(org.token, 'POST', '/api/elc/reads', { readingDate: day, ...input }));
    },
  };
}
