// Test helpers of the billing-reports tests (not part of the product): one organisation's billing year
// made through the API the way users make it (tariffs, zones, customers and houses, readings, bill runs,
// payments with automatic allocation, a cancelled payment, balance transfers, an opening balance), and
// the figures the reports must agree with, read straight from the ledger.
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { inSystem } from '../../db/tenant.ts';
import type { TestContext } from '../../../test/harness.ts';
import { periodEnd } from '../bills/index.ts';
import { billingFactory } from '../metering/billing-test-kit.ts';

type Org = { clientId: number; token: string };

export interface Scenario {
  zones: { north: number; market: number };
  /** c1..c4 have a house (c1, c2 in north; c3, c4 in market); c5 has none. */
  customers: Record<'c1' | 'c2' | 'c3' | 'c4' | 'c5', number>;
  accounts: { cash: number; evcPlus: number };
}

/**
 * Residential: 2.00 + 1.00 per unit, no tax (n units bill n + 2). Commercial: 5.00 + 1.00 per unit, 10% tax.
 *   c1 (north, residential): bills 2025-01 10.00, 02 20.00, 03 30.00, 04 10.00; pays 10.00 on 2025-02-10 (the
 *      January bill); pays 20.00 on 2025-04-05 (February) and that payment is cancelled on 2025-04-10.
 *   c2 (north): bill 2025-01 50.00; pays 80.00 on 2025-03-20 (50.00 to the bill, 30.00 credit).
 *   c3 (market, commercial, opening balance 12.50 posted the day it is created): bills 2024-12 22.00,
 *      2025-01 33.00, 02 55.00; pays 12.00 by EVC Plus on 2025-01-20 (to December).
 *   c4 (market): bill 2025-03 10.00; transfers 5.00 of its receivable to c2 on 2025-03-25.
 *   c5 (no house): takes 3.00 of c2's receivable on 2025-03-26.
 */
export async function buildScenario(ctx: TestContext, org: Org): Promise<Scenario> {
  const f = billingFactory(ctx, org);
  const ok = async (res: Awaited<ReturnType<typeof f.call>>, status = 201) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  };
  const api = (method: 'GET' | 'POST', url: string, payload?: object) => f.call(org.token, method, url, payload);
  await ok(
    await api('POST', '/api/elc/prices', {
      name: 'Residential',
      customerClass: 'residential',
      effectiveFrom: '2024-01-01',
      serviceCharge: '2',
      taxPercent: '0',
      blocks: [{ from: '0', to: null, rate: '1' }],
    }),
  );
  await ok(
    await api('POST', '/api/elc/prices', {
      name: 'Commercial',
      customerClass: 'commercial',
      effectiveFrom: '2024-01-01',
      serviceCharge: '5',
      taxPercent: '10',
      blocks: [{ from: '0', to: null, rate: '1' }],
    }),
  );
  const north = (await f.zone({ name: 'North' })).id as number;
  const market = (await f.zone({ name: 'Market' })).id as number;
  const houses = new Map<number, { id: number; reading: number }>();
  const customer = async (name: string, zoneId: number | null, extra: Record<string, unknown> = {}) => {
    const c = await f.customer({ name, ...extra });
    if (zoneId !== null) {
      const h = await f.house({ customerId: c.id, zoneId, installationReading: '0', installationDate: '2024-11-01' });
      houses.set(c.id, { id: h.id, reading: 0 });
    }
    return c.id as number;
  };
  const c1 = await customer('Amina Warsame', north);
  const c2 = await customer('Bashir Cilmi', north);
  const c3 = await customer('Hotel Jazeera', market, { customerClass: 'commercial', openingBalance: '12.50' });
  const c4 = await customer('Cawo Nuur', market);
  const c5 = await customer('Deeqa Faarax', null);

  const bill = async (customerId: number, period: string, units: number) => {
    const house = houses.get(customerId) as { id: number; reading: number };
    house.reading += units;
    await f.reading({ houseId: house.id, period, currentReading: String(house.reading) });
    // Billed on the period's last day, as the figures below assume.
    await ok(await api('POST', '/api/bills/saveCustomersBill', { period, houseIds: [house.id], issueDate: periodEnd(period) }));
  };
  await bill(c3, '2024-12', 15); // 20.00 + 2.00 tax
  await bill(c1, '2025-01', 8);
  await bill(c2, '2025-01', 48);
  await bill(c3, '2025-01', 25); // 30.00 + 3.00
  await bill(c1, '2025-02', 18);
  await bill(c3, '2025-02', 45); // 50.00 + 5.00
  await bill(c1, '2025-03', 28);
  await bill(c4, '2025-03', 8);
  await bill(c1, '2025-04', 8);

  const accounts = await inSystem(ctx.database.db, (tx) =>
    queryRows<{ id: number; code: string }>(tx, sql`select id, code from accounts where client_id = ${org.clientId} and code in ('1010', '1040')`),
  );
  const cash = Number(accounts.find((a) => a.code === '1010')?.id);
  const evcPlus = Number(accounts.find((a) => a.code === '1040')?.id);
  const pay = async (customerId: number, amount: string, date: string, viaEvc = false) =>
    (await ok(
      await api('POST', '/api/finance/payments', {
        customerId,
        amount,
        date,
        accountId: viaEvc ? evcPlus : cash,
        method: viaEvc ? 'mobile_money' : 'cash',
        reference: viaEvc ? `EVC-${date}` : undefined,
      }),
    )) as { id: number };
  await pay(c3, '12.00', '2025-01-20', true);
  await pay(c1, '10.00', '2025-02-10');
  await pay(c2, '80.00', '2025-03-20');
  const cancelled = await pay(c1, '20.00', '2025-04-05');
  await ok(await api('POST', `/api/finance/payments/${cancelled.id}/cancel`, { reason: 'Cheque bounced', date: '2025-04-10' }), 200);
  await ok(await api('POST', '/api/finance/c2c', { fromCustomerId: c4, toCustomerId: c2, amount: '5.00', date: '2025-03-25' }));
  await ok(await api('POST', '/api/finance/c2c', { fromCustomerId: c2, toCustomerId: c5, amount: '3.00', date: '2025-03-26' }));
  return { zones: { north, market }, customers: { c1, c2, c3, c4, c5 }, accounts: { cash, evcPlus } };
}

/** Each customer's receivable balance on a date, summed from the journal lines themselves. */
export async function ledgerBalances(ctx: TestContext, clientId: number, date: string): Promise<Map<number, string>> {
  const rows = await inSystem(ctx.database.db, (tx) =>
    queryRows<{ customer_id: number; balance: string }>(
      tx,
      sql`
      select l.party_id as customer_id, sum(l.debit - l.credit)::text as balance
      from journal_lines l join accounts a on a.id = l.account_id
      where l.client_id = ${clientId} and a.code = '1100' and l.party_type = 'customer' and l.date <= ${date}::date
      group by l.party_id`,
    ),
  );
  return new Map(rows.map((r) => [Number(r.customer_id), Number(r.balance).toFixed(2)]));
}

/** The receivable account's balance on a date from the journal lines (every line). */
export async function receivableFromLines(ctx: TestContext, clientId: number, date: string): Promise<string> {
  const [row] = await inSystem(ctx.database.db, (tx) =>
    queryRows<{ balance: string }>(
      tx,
      sql`
      select coalesce(sum(l.debit - l.credit), 0)::text as balance from journal_lines l join accounts a on a.id = l.account_id
      where l.client_id = ${clientId} and a.code = '1100' and l.date <= ${date}::date`,
    ),
  );
  return Number(row.balance).toFixed(2);
}

/** The trigger-kept sums of migration 0026 against the journal lines: the differences (none expected). */
export async function summaryDifferences(ctx: TestContext): Promise<unknown[]> {
  return inSystem(ctx.database.db, (tx) =>
    queryRows(
      tx,
      sql`
      with lines as (
        select l.client_id, l.account_id, l.party_id as customer_id, e.source_type, sum(l.debit) as debit, sum(l.credit) as credit, count(*)::int as n
        from journal_lines l join journal_entries e on e.id = l.entry_id where l.party_type = 'customer'
        group by 1, 2, 3, 4
      )
      select * from lines full join customer_ledger_balances b using (client_id, account_id, customer_id, source_type)
      where lines.debit is distinct from b.debit or lines.credit is distinct from b.credit or lines.n is distinct from b.line_count`,
    ),
  );
}
