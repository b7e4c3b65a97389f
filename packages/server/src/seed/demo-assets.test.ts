// The demo's fixed assets, built by the assets module's services after the store: three categories, six
// months of depreciation posted in order, and the register equal to the books.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAssetsMatchBooks } from '../../test/asset-invariant.ts';
import { newOrganisation, startTestApp, type TestContext } from '../../test/harness.ts';
import { expectOpenItemsMatchLedger } from '../../test/receivable-invariant.ts';
import { queryRows } from '../db/rows.ts';
import { inTenant } from '../db/tenant.ts';
import { seedDemoAssets } from './demo-assets.ts';
import { createVendor } from '../modules/vendors/index.ts';
import { demoAdministrator } from './demo-billing.ts';
import { actorTx } from '../plugins/auth.ts';
import { vendorBody } from '@ubo/contracts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
const today = new Date(Date.UTC(2026, 10, 21));

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx);
}, 60_000);
afterAll(async () => ctx?.close());

describe('demo assets', () => {
  it('registers and buys assets in three categories and posts six months of depreciation', async () => {
    const actor = await demoAdministrator(ctx.database.db, org.code, 'admin');
    await actorTx(ctx.database.db, actor, (tx) => createVendor({ tx, actor, input: vendorBody.parse({ name: 'Gulf Motors' }) }));
    const result = await seedDemoAssets(ctx.database.db, { code: org.code, username: 'admin', today });
    expect(result).toEqual({ assets: 7, months: ['2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10'] });
    const rows = await inTenant(ctx.database.db, org.clientId, (tx) =>
      queryRows<{ month: string; status: string }>(tx, sql`select to_char(month, 'YYYY-MM') as month, status from asset_depreciation_runs order by month`),
    );
    expect(rows).toEqual(result.months.map((month) => ({ month, status: 'posted' })));
    const categories = await inTenant(ctx.database.db, org.clientId, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(distinct category_id)::int as n from assets`),
    );
    expect(categories[0].n).toBeGreaterThanOrEqual(3);
    await expectAssetsMatchBooks(ctx.database.db);
    await expectOpenItemsMatchLedger(ctx.database.db, org.clientId, 'vendor', '2010');
  });
});
