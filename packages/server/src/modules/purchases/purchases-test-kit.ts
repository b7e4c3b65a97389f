// Test helpers for purchasing: vendor rows written directly (the vendors module owns the register's API),
// items, an API caller that answers the body or fails, and the books' checks every scenario ends with:
// stock value = inventory accounts, every entry balanced, the vendors' open items = their payable lines.
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { inSystem } from '../../db/tenant.ts';
import { verifyLedger } from '../../ledger/index.ts';
import type { TestContext } from '../../../test/harness.ts';
import { expectOpenItemsMatchLedger } from '../../../test/receivable-invariant.ts';
import { verifyStock } from '../items/index.ts';
import { caller } from '../metering/billing-test-kit.ts';

let serial = 0;

export function purchasesKit(ctx: TestContext, org: { clientId: number; token: string }) {
  const call = caller(ctx);
  const ok = async (res: Awaited<ReturnType<typeof call>>, status = 201) => {
    if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
    return res.json();
  };
  const accountId = async (code: string) => {
    const [a] = await inSystem(ctx.database.db, (tx) =>
      queryRows<{ id: number }>(tx, sql`select id from accounts where client_id = ${org.clientId} and code = ${code}`),
    );
    return Number(a.id);
  };
  return {
    call,
    ok,
    accountId,
    /** A vendor row, as the vendors module would write it. */
    async vendor(overrides: { name?: string; paymentTermsDays?: number; defaultExpenseCode?: string | null; status?: string } = {}) {
      serial += 1;
      const expense = overrides.defaultExpenseCode === null ? null : await accountId(overrides.defaultExpenseCode ?? '6100');
      const [v] = await inSystem(ctx.database.db, (tx) =>
        queryRows<{ id: number }>(
          tx,
          sql`insert into vendors (client_id, number, name, payment_terms_days, default_expense_account_id, status)
              values (${org.clientId}, ${`V-${String(serial).padStart(4, '0')}`}, ${overrides.name ?? `Vendor ${serial}`}, ${overrides.paymentTermsDays ?? 30},
                      ${expense}, ${overrides.status ?? 'Active'})
              returning id`,
        ),
      );
      return Number(v.id);
    },
    async item(overrides: Record<string, unknown> = {}) {
      serial += 1;
      return ok(
        await call(org.token, 'POST', '/api/elc/items', { code: `P-${serial}`, name: `Part ${serial}`, kind: 'stock', salePrice: '10.00', ...overrides }),
      );
    },
    /** The ledger balance (debit - credit) of an account of this organisation. */
    async balance(code: string) {
      const [row] = await inSystem(ctx.database.db, (tx) =>
        queryRows<{ total: string }>(
          tx,
          sql`select coalesce(sum(l.debit - l.credit), 0)::text as total from journal_lines l join accounts a on a.id = l.account_id
              where a.client_id = ${org.clientId} and a.code = ${code}`,
        ),
      );
      return Number(row.total).toFixed(2);
    },
    /** Stock = inventory accounts, every entry balanced, vendors' open items = their payable lines (which add up to the account). */
    async expectBooksAgree() {
      const stock = await inSystem(ctx.database.db, (tx) => verifyStock(tx, { clientId: org.clientId }));
      expect(stock).toEqual({ ok: true, accounts: [], balances: [] });
      const ledger = await inSystem(ctx.database.db, (tx) => verifyLedger(tx, { clientId: org.clientId, limit: 20 }));
      expect(ledger.unbalancedEntries, 'unbalanced entries').toEqual([]);
      expect(ledger.balanceDifferences, 'balance rows vs lines').toEqual([]);
      const vendors = await expectOpenItemsMatchLedger(ctx.database.db, org.clientId, 'vendor', '2010');
      const [payable] = await inSystem(ctx.database.db, (tx) =>
        queryRows<{ total: string }>(
          tx,
          sql`select coalesce(sum(l.credit - l.debit), 0)::text as total from journal_lines l join accounts a on a.id = l.account_id
              where a.client_id = ${org.clientId} and a.code = '2010'`,
        ),
      );
      expect(vendors).toBe(Number(payable.total).toFixed(2));
    },
  };
}
