// Customer opening balances and balance transfers as open items (migration 0046), end to end: an opening
// debt paid by a receipt oldest first, an opening credit paying the first bill, a transfer between two
// customers (the giving side's credit pays its bill, the receiving side is a charge a receipt pays) and
// its cancellation, the receivable invariant after each; and the migration itself: a database whose
// openings and transfers have no items (as before 0046) gets them from their lines, with waiting credit
// applied, and the invariant holds again.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { inSystem } from '../../db/tenant.ts';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { expectReceivableMatchesCustomers } from '../../../test/receivable-invariant.ts';
import { flatTariff, paymentsKit } from '../payments/payments-test-kit.ts';
import { subledgerState } from './index.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let k: ReturnType<typeof paymentsKit>;
let cash: number;

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Kismayo Water' });
  await flatTariff(ctx, org);
  k = paymentsKit(ctx, org);
  cash = await k.accountId('1010');
}, 120_000);
afterAll(() => ctx?.close());

const invariant = () => expectReceivableMatchesCustomers(ctx.database.db, org.clientId);
const pay = async (customerId: number, amount: string, date = '2025-06-10') => {
  const res = await k.api('POST', '/api/finance/payments', { customerId, amount, method: 'cash', accountId: cash, date });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const transfer = async (fromCustomerId: number, toCustomerId: number, amount: string, date = '2025-06-05') => {
  const res = await k.api('POST', '/api/finance/c2c', { fromCustomerId, toCustomerId, amount, date });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const openOf = async (customerId: number) => ((await k.account(customerId)).openItems as Array<{ kind: string; open: string }>).map((i) => [i.kind, i.open]);

/** Every opening and transfer item with what is allocated to it, in a comparable form. */
const customerBalanceItems = () =>
  inSystem(ctx.database.db, (tx) =>
    queryRows<Record<string, string>>(
      tx,
      sql`
      select o.party_id::text as customer, o.kind, o.side, o.source_type, o.source_id::text as source, o.number, o.date::text as date,
             o.due_date::text as due, o.amount::text as amount, o.settled::text as settled, o.status
      from open_items o where o.client_id = ${org.clientId} and o.source_type in ('customer-opening', 'customer-transfer')
      order by o.source_type, o.source_id, o.side`,
    ),
  );

describe('opening balances and transfers as open items', () => {
  it('pays an opening debt with a receipt oldest first, and an opening credit pays the first bill', async () => {
    const owes = await k.billableCustomer({ openingBalance: '40' });
    const bill = await k.bill(owes.id, '2025-05', 10); // 12.00, after the opening debt
    expect(await openOf(owes.id)).toEqual([
      ['opening', '40.00'],
      ['bill', '12.00'],
    ]);
    expect(await pay(owes.id, '45')).toMatchObject({ allocated: '45.00', credit: '0.00', balanceAfter: '7.00' });
    expect(await openOf(owes.id)).toEqual([['bill', '7.00']]);
    expect((await k.billById(bill.id)).paidAmount).toBe('5.00');
    await invariant();

    const credit = await k.billableCustomer({ openingBalance: '-15' });
    expect(await k.account(credit.id)).toMatchObject({ balance: '-15.00', credit: '15.00', openItems: [] });
    const first = await k.bill(credit.id, '2025-05', 8); // 10.00, paid at commit from the opening credit
    expect((await k.billById(first.id)).paidAmount).toBe('10.00');
    expect(await k.account(credit.id)).toMatchObject({ balance: '-5.00', credit: '5.00', openItems: [] });
    await invariant();
  });

  it('moves a balance between two customers as two items, and a cancellation undoes what they paid', async () => {
    const giver = await k.billableCustomer({ name: 'Giver' });
    const taker = await k.billableCustomer({ name: 'Taker' });
    const giverBill = await k.bill(giver.id, '2025-05', 18); // 20.00
    await pay(taker.id, '4'); // waits as the taker's credit
    const t = await transfer(giver.id, taker.id, '15');
    // The giver's side is credit: it pays the giver's bill. The taker's side is a charge, and the taker's
    // waiting 4.00 pays it at once.
    expect((await k.billById(giverBill.id)).paidAmount).toBe('15.00');
    expect(await k.account(giver.id)).toMatchObject({ balance: '5.00', openTotal: '5.00', credit: '0.00' });
    expect(await openOf(taker.id)).toEqual([['transfer', '11.00']]);
    expect(await k.account(taker.id)).toMatchObject({ balance: '11.00', credit: '0.00' });
    await invariant();
    // A receipt of the taker pays the transferred debt.
    expect(await pay(taker.id, '11')).toMatchObject({ allocated: '11.00', credit: '0.00', balanceAfter: '0.00' });
    await invariant();

    const cancel = await k.api('POST', `/api/finance/c2c/${t.id}/cancel`, { reason: 'Wrong customer' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await k.billById(giverBill.id)).paidAmount).toBe('0.00');
    expect(await k.account(giver.id)).toMatchObject({ balance: '20.00', openTotal: '20.00', credit: '0.00' });
    expect(await k.account(taker.id)).toMatchObject({ balance: '-15.00', credit: '15.00', openItems: [] });
    expect(
      (await customerBalanceItems())
        .filter((i) => i.source_type === 'customer-transfer' && i.source === String(t.id))
        .map((i) => [i.side, i.status, i.settled]),
    ).toEqual([
      ['credit', 'Cancelled', '0.00'],
      ['debit', 'Cancelled', '0.00'],
    ]);
    await invariant();
  });

  it('migration 0046 writes the items of openings and transfers made before it, and applies waiting credit', async () => {
    // One more transfer (kept) and the ageing of everyone, as they are with the items written by the app.
    const a = await k.billableCustomer({ openingBalance: '25' });
    const b = await k.billableCustomer({ openingBalance: '-8' });
    await k.bill(b.id, '2025-05', 10); // 12.00: 8.00 paid from the opening credit
    await transfer(a.id, b.id, '6');
    // What was allocated may differ after (the migration applies credit oldest first, as of one moment),
    // so the items are compared without their settled amounts, and the ageing by each customer's total.
    const items = async () => (await customerBalanceItems()).map(({ settled: _, ...rest }) => rest);
    const before = await items();
    expect(before.length).toBeGreaterThanOrEqual(8);
    const totals = async () =>
      (await k.api('GET', '/api/finance/customer/aging?_limit=1000&includeZero=true'))
        .json()
        .rows.map((r: { customerId: number; total: string }) => [r.customerId, r.total]);
    const aged = await totals();

    // Back to a database from before 0046: no items for openings and transfers, nothing allocated to them.
    await ctx.database.execScript(`
      CREATE TEMP TABLE gone AS SELECT id FROM open_items WHERE client_id = ${org.clientId} AND source_type IN ('customer-opening', 'customer-transfer');
      CREATE TEMP TABLE undone AS SELECT debit_item_id, credit_item_id, amount FROM open_item_allocations
        WHERE debit_item_id IN (SELECT id FROM gone) OR credit_item_id IN (SELECT id FROM gone);
      DELETE FROM open_item_allocations WHERE debit_item_id IN (SELECT id FROM gone) OR credit_item_id IN (SELECT id FROM gone);
      UPDATE open_items o SET settled = o.settled - u.amount
      FROM (SELECT id, sum(amount) AS amount FROM (SELECT debit_item_id AS id, amount FROM undone UNION ALL SELECT credit_item_id, amount FROM undone) x
            GROUP BY id) u
      WHERE o.id = u.id AND o.id NOT IN (SELECT id FROM gone);
      DELETE FROM open_items WHERE id IN (SELECT id FROM gone);
      DROP TABLE gone; DROP TABLE undone;`);
    expect(await customerBalanceItems()).toEqual([]);

    const migration = await readFile(fileURLToPath(new URL('../../db/migrations/0046_customer_balances_as_open_items.sql', import.meta.url)), 'utf8');
    await ctx.database.execScript(migration);
    // The same items (ids aside), every customer at the same total; the invariant holds; and no customer
    // has credit waiting beside an open charge (the migration applied it).
    expect(await items()).toEqual(before);
    expect(await totals()).toEqual(aged);
    await invariant();
    const receivable = await k.accountId('1100');
    const state = await inSystem(ctx.database.db, (tx) => subledgerState(tx, org.clientId, 'customer', receivable));
    expect(state.filter((p) => p.openCharges !== '0.00' && p.openCredit !== '0.00')).toEqual([]);
    // a's transfer credit (6.00) paid a's opening debt; b's opening credit (8.00) is used up.
    expect(state.find((p) => p.partyId === a.id)).toMatchObject({ balance: '19.00', openCharges: '19.00', openCredit: '0.00' });
    expect(state.find((p) => p.partyId === b.id)).toMatchObject({ balance: '10.00', openCharges: '10.00', openCredit: '0.00' });
  });
});
