// The demo's living utility: built by the modules' services, it leaves books that balance, every customer's
// balance agreeing with the receivable account, three billed months and this month's readings pending.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/rows.ts';
import { inTenant } from '../db/tenant.ts';
import { verifyLedger } from '../ledger/index.ts';
import { bearer, newOrganisation, startTestApp, type TestContext } from '../../test/harness.ts';
import { expectReceivableMatchesCustomers } from '../../test/receivable-invariant.ts';
import { seedDemoBilling } from './demo-billing.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
const today = new Date(Date.UTC(2026, 10, 21));

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx);
}, 60_000);
afterAll(async () => ctx?.close());

describe('demo billing', () => {
  it('builds three billed months with payments and one pending month, and the books agree', async () => {
    const result = await seedDemoBilling(ctx.database.db, { code: org.code, username: 'admin', today });
    expect(result).toMatchObject({ customers: 30, billedPeriods: ['2026-08', '2026-09', '2026-10'], pendingPeriod: '2026-11', bills: 90 });
    expect(result.payments).toBeGreaterThan(60);

    const pending = await ctx.app.inject({ method: 'GET', url: '/api/elc/reads/pending?period=2026-11', headers: bearer(org.token) });
    expect(pending.json().total).toBe(29);

    const preview = await ctx.app.inject({
      method: 'POST',
      url: '/api/bills/generateCustomersBill',
      headers: bearer(org.token),
      payload: { period: '2026-11' },
    });
    expect(preview.json().bills).toHaveLength(29);
    expect(preview.json().exceptions).toEqual([expect.objectContaining({ reason: 'no_reading' })]);

    const report = await verifyLedger(ctx.database.db, { clientId: org.clientId });
    expect(report.isSound).toBe(true);

    const [books] = await inTenant(ctx.database.db, org.clientId, (tx) =>
      queryRows<{ receivable: string; parties: string; debit: string; credit: string }>(
        tx,
        sql`
        select
          coalesce(sum(l.debit - l.credit) filter (where a.code = '1100'), 0)::text as receivable,
          coalesce(sum(l.debit - l.credit) filter (where a.code = '1100' and l.party_type = 'customer'), 0)::text as parties,
          sum(l.debit)::text as debit, sum(l.credit)::text as credit
        from journal_lines l join accounts a on a.id = l.account_id`,
      ),
    );
    expect(books.debit).toBe(books.credit);
    expect(books.parties).toBe(books.receivable);
    expect(Number(books.receivable)).toBeGreaterThan(0);
    await expectReceivableMatchesCustomers(ctx.database.db, org.clientId);

    // The browser journeys rely on these figures: the seed built through the HTTP API gave exactly these, and
    // built from the services it must too. A change to pricing or to the seed that moves them moves the journeys.
    const bills = await inTenant(ctx.database.db, org.clientId, (tx) =>
      queryRows<{ period: string; n: number; amount: string; paid: string }>(
        tx,
        sql`select period, count(*)::int as n, sum(amount)::text as amount, sum(paid_amount)::text as paid from bills group by period order by period`,
      ),
    );
    expect(bills).toEqual([
      { period: '2026-08', n: 30, amount: '2348.22', paid: '2348.22' },
      { period: '2026-09', n: 30, amount: '2325.24', paid: '2188.09' },
      { period: '2026-10', n: 30, amount: '2111.91', paid: '1502.21' },
    ]);
    const [paid] = await inTenant(ctx.database.db, org.clientId, (tx) =>
      queryRows<{ n: number; amount: string }>(tx, sql`select count(*)::int as n, sum(amount)::text as amount from payments`),
    );
    expect(paid).toEqual({ n: 78, amount: '6038.52' });
    expect(books.receivable).toBe('784.35');
  }, 120_000);
});
