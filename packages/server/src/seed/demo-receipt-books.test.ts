// The demo's receipt books, built after the living utility: two books in use by two collectors, payments
// carrying their numbers, a voided leaf, and the customers' open items still agreeing with the ledger.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/rows.ts';
import { inTenant } from '../db/tenant.ts';
import { newOrganisation, startTestApp, type TestContext } from '../../test/harness.ts';
import { expectReceivableMatchesCustomers } from '../../test/receivable-invariant.ts';
import { seedDemoBilling } from './demo-billing.ts';
import { seedDemoReceiptBooks } from './demo-receipt-books.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
const today = new Date(Date.UTC(2026, 10, 21));

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx);
}, 60_000);
afterAll(async () => ctx?.close());

describe('demo receipt books', () => {
  it('issues two books to two collectors whose payments carry their numbers', async () => {
    await seedDemoBilling(ctx.database.db, { code: org.code, username: 'admin', today });
    expect(await seedDemoReceiptBooks(ctx.database.db, { code: org.code, username: 'admin', today })).toEqual({ books: 2, payments: 10 });
    const rows = await inTenant(ctx.database.db, org.clientId, (tx) =>
      queryRows<{ series: string; first_no: number; status: string; collector: string; used: number; voided: number; paid_by_collector: number }>(
        tx,
        sql`
        select b.series, b.first_no, b.status, u.username as collector,
               (select count(*) from receipt_book_numbers x where x.book_id = b.id and x.state = 'Used')::int as used,
               (select count(*) from receipt_book_numbers x where x.book_id = b.id and x.state = 'Voided')::int as voided,
               (select count(*) from receipt_book_numbers x join payments p on p.id = x.payment_id
                where x.book_id = b.id and p.created_by = b.collector_id and p.status = 'Posted')::int as paid_by_collector
        from receipt_books b join users u on u.id = b.collector_id order by b.first_no`,
      ),
    );
    expect(rows).toEqual([
      { series: 'HG', first_no: 1001, status: 'Active', collector: 'collector1', used: 6, voided: 1, paid_by_collector: 6 },
      { series: 'HG', first_no: 1051, status: 'Active', collector: 'collector2', used: 4, voided: 0, paid_by_collector: 4 },
    ]);
    await expectReceivableMatchesCustomers(ctx.database.db, org.clientId);
  });
});
