// Test helpers for fixed assets: the organisation's categories and accounts by name, and calls that add,
// buy, depreciate (through the job, waited for) and dispose of assets as a user would.
import { expect } from 'vitest';
import type { TestContext } from '../../../test/harness.ts';
import { waitForJobs } from '../jobs/index.ts';
import { caller, mainBranchId } from '../metering/billing-test-kit.ts';
import { accountIdByCode } from '../vendors/vendors-test-kit.ts';

export function assetsKit(ctx: TestContext, org: { clientId: number; token: string }) {
  const call = caller(ctx);
  let serial = 0;
  const ok = async (res: Awaited<ReturnType<typeof call>>, status = 201) => {
    if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
    return res.json();
  };
  const kit = {
    call,
    ok,
    async categoryId(name: string): Promise<number> {
      const { data } = await ok(await call(org.token, 'GET', '/api/assets/categories'), 200);
      const c = data.find((x: { nameEn: string }) => x.nameEn === name);
      if (!c) throw new Error(`no category ${name}`);
      return c.id;
    },
    branchId: () => mainBranchId(ctx, org.clientId),
    accountId: (code: string) => accountIdByCode(ctx, org.clientId, code),
    nextTag: () => {
      serial += 1;
      return `T-${org.clientId}-${serial}`;
    },
    async register(overrides: Record<string, unknown> = {}, token = org.token, lang?: string) {
      return call(
        token,
        'POST',
        '/api/assets',
        {
          tag: kit.nextTag(),
          name: 'Toyota Hilux',
          categoryId: await kit.categoryId('IT equipment'),
          branchId: await kit.branchId(),
          acquisitionDate: '2026-01-10',
          cost: '3600.00',
          recordedOn: '2026-01-10',
          ...overrides,
        },
        lang,
      );
    },
    async post(month: string, token = org.token) {
      const res = await call(token, 'POST', '/api/assets/depreciation/jobs', { month });
      if (res.statusCode !== 202) return res;
      await waitForJobs(ctx.database.db);
      const job = await ok(await call(token, 'GET', `/api/assets/depreciation/jobs/${res.json().jobId}`), 200);
      expect(job.status, JSON.stringify(job)).toBe('done');
      return res;
    },
    async runs() {
      return (await ok(await call(org.token, 'GET', '/api/assets/depreciation/runs'), 200)).data as Array<{
        id: number;
        month: string;
        status: string;
        total: string;
        isLatest: boolean;
        reversible: boolean;
      }>;
    },
  };
  return kit;
}
