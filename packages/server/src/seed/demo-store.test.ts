// The demo's store, built by the modules' services after the living utility: its documents are there, the
// books balance, stock value equals the inventory accounts, and vendors' and customers' open items agree
// with the ledger.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/rows.ts';
import { inTenant } from '../db/tenant.ts';
import { newOrganisation, startTestApp, type TestContext } from '../../test/harness.ts';
import { expectOpenItemsMatchLedger } from '../../test/receivable-invariant.ts';
import { expectStockMatchesBooks } from '../../test/stock-invariant.ts';
import { seedDemoBilling } from './demo-billing.ts';
import { seedDemoStore } from './demo-store.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
const today = new Date(Date.UTC(2026, 10, 21));

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx);
}, 60_000);
afterAll(async () => ctx?.close());

describe('demo store', () => {
  it('stocks a store, buys from three vendors, sells and takes a return, and the books agree', async () => {
    await seedDemoBilling(ctx.database.db, { code: org.code, username: 'admin', today });
    const result = await seedDemoStore(ctx.database.db, { code: org.code, username: 'admin', today });
    expect(result).toEqual({ items: 12, vendors: 3, purchaseOrders: 2, vendorBills: 3, sales: 4, returns: 1 });

    const rows = await inTenant(ctx.database.db, org.clientId, (tx) =>
      queryRows<{ what: string; n: number }>(
        tx,
        sql`
        select 'orders ' || status as what, count(*)::int as n from purchase_orders group by status
        union all select 'purchases ' || kind, count(*)::int from purchases group by kind
        union all select 'sales ' || kind, count(*)::int from sales_documents group by kind
        order by what`,
      ),
    );
    expect(rows).toEqual([
      { what: 'orders Approved', n: 1 },
      { what: 'orders Received', n: 1 },
      { what: 'purchases bill', n: 3 },
      { what: 'purchases cash', n: 1 },
      { what: 'sales invoice', n: 1 },
      { what: 'sales quotation', n: 1 },
      { what: 'sales receipt', n: 3 },
      { what: 'sales return', n: 1 },
    ]);

    // Owed to vendors: Berbera's bill less its part payment (1,034.50) and Gulf Meter's second bill (412.50).
    const [payable] = await inTenant(ctx.database.db, org.clientId, (tx) =>
      queryRows<{ owed: string }>(
        tx,
        sql`select sum(l.credit - l.debit)::text as owed from journal_lines l join accounts a on a.id = l.account_id where a.code = '2010'`,
      ),
    );
    expect(payable.owed).toBe('1447.00');

    await expectStockMatchesBooks(ctx.database.db);
    await expectOpenItemsMatchLedger(ctx.database.db, org.clientId, 'vendor', '2010');
    await expectOpenItemsMatchLedger(ctx.database.db, org.clientId, 'customer', '1100');
  }, 180_000);
});
