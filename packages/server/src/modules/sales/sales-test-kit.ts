// Test helpers of the sales tests (not part of the product): an organisation with stocked items in its
// store, customers, the sales documents' effect on each customer's receivable (for the receivable
// invariant), and the checks every scenario ends with.
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { inSystem } from '../../db/tenant.ts';
import type { TestContext } from '../../../test/harness.ts';
import { expectReceivableMatchesCustomers } from '../../../test/receivable-invariant.ts';
import { expectStockMatchesBooks } from '../../../test/stock-invariant.ts';
import { caller, mainBranchId } from '../metering/billing-test-kit.ts';
import { salesBalanceDifferences } from './sales-balances.ts';

type Org = { clientId: number; token: string };
let serial = 0;

export function salesKit(ctx: TestContext, org: Org) {
  const call = caller(ctx);
  const ok = async (res: Awaited<ReturnType<typeof call>>, status = 201) => {
    if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
    return res.json();
  };
  const kit = {
    call,
    ok,
    api: (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, opts: { token?: string; lang?: string } = {}) =>
      call(opts.token ?? org.token, method, url, payload, opts.lang),
    branchId: () => mainBranchId(ctx, org.clientId),
    async item(overrides: Record<string, unknown> = {}) {
      serial += 1;
      return ok(
        await call(org.token, 'POST', '/api/elc/items', { code: `S-${serial}`, name: `Meter ${serial}`, kind: 'stock', salePrice: '45.00', ...overrides }),
      );
    },
    /** Stock in at a unit cost (an opening stock document). */
    async stockIn(itemId: number, quantity: string, unitCost: string, date = '2026-01-01') {
      const branchId = await kit.branchId();
      return ok(await call(org.token, 'POST', '/api/elc/stock-adjustments', { kind: 'opening', branchId, date, lines: [{ itemId, quantity, unitCost }] }));
    },
    async customer(overrides: Record<string, unknown> = {}) {
      serial += 1;
      return ok(
        await call(org.token, 'POST', '/api/elc/customers', { name: `Buyer ${serial}`, phone: '0615000000', customerClass: 'commercial', ...overrides }),
      );
    },
    async accountId(code: string): Promise<number> {
      const [row] = await inSystem(ctx.database.db, (tx) =>
        queryRows<{ id: number }>(tx, sql`select id from accounts where client_id = ${org.clientId} and code = ${code}`),
      );
      return Number(row.id);
    },
    async balance(code: string): Promise<string> {
      const [row] = await inSystem(ctx.database.db, (tx) =>
        queryRows<{ total: string }>(
          tx,
          sql`select coalesce(sum(l.debit - l.credit), 0)::text as total from journal_lines l join accounts a on a.id = l.account_id
              where a.client_id = ${org.clientId} and a.code = ${code}`,
        ),
      );
      return Number(row.total).toFixed(2);
    },
    async invoice(body: Record<string, unknown>, status = 201) {
      const branchId = await kit.branchId();
      return ok(await call(org.token, 'POST', '/api/elc/sales-invoices', { date: '2026-03-01', dueDate: '2027-12-31', branchId, ...body }), status);
    },
    async cashSale(body: Record<string, unknown>) {
      const branchId = await kit.branchId();
      const accountId = await kit.accountId('1010');
      return ok(await call(org.token, 'POST', '/api/elc/sales-receipts', { date: '2026-03-02', branchId, accountId, ...body }));
    },
    /** Every table a sales request could write: a refused one changes none of them. */
    async snapshot() {
      const [row] = await inSystem(ctx.database.db, (tx) =>
        queryRows<Record<string, string>>(
          tx,
          sql`select (select count(*) from sales_documents where client_id = ${org.clientId})::text as docs,
                     (select count(*) from sales_document_lines where client_id = ${org.clientId})::text as lines,
                     (select count(*) from journal_entries where client_id = ${org.clientId})::text as entries,
                     (select count(*) from stock_moves where client_id = ${org.clientId})::text as moves,
                     (select count(*) from open_items where client_id = ${org.clientId})::text as items,
                     (select count(*) from open_item_allocations where client_id = ${org.clientId})::text as allocations,
                     (select coalesce(sum(settled), 0) from open_items where client_id = ${org.clientId})::text as settled,
                     (select count(*) from customers where client_id = ${org.clientId})::text as customers,
                     (select count(*) from document_counters where client_id = ${org.clientId})::text as counters,
                     (select coalesce(sum(next_no), 0) from document_counters where client_id = ${org.clientId})::text as numbers`,
        ),
      );
      return row;
    },
    /** Stock = inventory accounts, the ledger sound, sales balance rows = documents, and documents, open items and ledger agree per customer. */
    async expectBooksAgree() {
      await expectStockMatchesBooks(ctx.database.db);
      expect(await inSystem(ctx.database.db, (tx) => salesBalanceDifferences(tx))).toEqual([]);
      const effects = await inSystem(ctx.database.db, (tx) =>
        queryRows<{ customer_id: number; amount: string }>(
          tx,
          sql`select d.customer_id, sum(case when d.kind = 'invoice' then d.total else -d.total end)::text as amount
              from sales_documents d left join sales_documents s on s.id = d.sale_id
              where d.client_id = ${org.clientId} and d.status = 'Posted' and (d.kind = 'invoice' or (d.kind = 'return' and s.kind = 'invoice'))
              group by d.customer_id`,
        ),
      );
      await expectReceivableMatchesCustomers(ctx.database.db, org.clientId, Object.fromEntries(effects.map((e) => [Number(e.customer_id), e.amount])));
    },
  };
  return kit;
}

/** Every journal entry of the organisation balances. */
export async function expectEntriesBalanced(ctx: TestContext, clientId: number) {
  const rows = await inSystem(ctx.database.db, (tx) =>
    queryRows<{ id: number }>(
      tx,
      sql`select entry_id as id from journal_lines where client_id = ${clientId} group by entry_id having sum(debit) <> sum(credit)`,
    ),
  );
  expect(rows).toEqual([]);
}
