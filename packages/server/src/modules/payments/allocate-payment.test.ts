// Allocation of a receipt by hand, at its edges (the mutation run of `payments-db` found these rules without
// a test): lines naming a bill that does not exist or another payment's credit, a payment with nothing to
// pay, lines naming a bill and an open charge together, and the checks allocatePayment repeats for callers
// that do not come through the request schema (batch receive, seeds): repeated lines, more than received.
// The refusals leave the books as they were; allocate() refuses an item that is not open. On PostgreSQL: a
// bill paid by another cashier between this request's check and its lock is refused on its field too.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { inTenant } from '../../db/tenant.ts';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { expectReceivableMatchesCustomers } from '../../../test/receivable-invariant.ts';
import { allocate } from '../open-items/index.ts';
import { allocatePayment } from './allocate-payment.ts';
import { flatTariff, paymentsKit } from './payments-test-kit.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let k: ReturnType<typeof paymentsKit>;
let cash: number;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Borama Water' });
  await flatTariff(ctx, org);
  k = paymentsKit(ctx, org);
  cash = await k.accountId('1010');
});
afterAll(() => ctx.close());

const pay = (body: Record<string, unknown>) => k.api('POST', '/api/finance/payments', { method: 'cash', accountId: cash, date: '2025-06-10', ...body });
const tenant = <T>(fn: (tx: Db) => Promise<T>) => inTenant(ctx.database.db, org.clientId, fn, org.adminId);

/** The open item of a payment or a bill. */
async function itemOf(sourceType: 'payment' | 'bill', sourceId: number): Promise<number> {
  const [row] = await tenant((tx) =>
    queryRows<{ id: string }>(tx, sql`select id from open_items where client_id = ${org.clientId} and source_type = ${sourceType} and source_id = ${sourceId}`),
  );
  return Number(row.id);
}

/** What a call refused with: its field errors, or what it threw otherwise. */
async function refusal(run: () => Promise<unknown>): Promise<unknown> {
  const err = (await run().then(
    () => null,
    (e: unknown) => e,
  )) as { statusCode?: number; details?: unknown; message?: string } | null;
  if (err === null) return 'not refused';
  return err.statusCode === 400 ? err.details : err.message;
}

describe('allocating a receipt by hand, at the edges', () => {
  it('refuses a bill that does not exist, field by field, and changes nothing', async () => {
    const c = await k.billableCustomer();
    const bill = await k.bill(c.id, '2025-01', 10); // 12.00
    const before = await k.snapshot();
    const res = await pay({
      customerId: c.id,
      amount: '20',
      allocations: [
        { billId: 99_999_999, amount: '5' },
        { billId: bill.id, amount: '5' },
      ],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details).toEqual([{ field: 'allocations.0.billId', message: 'This bill is not an open bill of this customer.' }]);
    expect(await k.snapshot()).toEqual(before);
  });

  it("refuses another payment's waiting credit as a charge to pay", async () => {
    const c = await k.billableCustomer();
    const earlier = await pay({ customerId: c.id, amount: '7' }); // nothing to pay: waits as credit
    expect(earlier.statusCode, earlier.body).toBe(201);
    const creditItem = await itemOf('payment', earlier.json().id);
    const before = await k.snapshot();
    const res = await pay({ customerId: c.id, amount: '3', allocations: [{ openItemId: creditItem, amount: '3' }] });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details).toEqual([{ field: 'allocations.0.openItemId', message: 'This is not an open charge of this customer.' }]);
    expect(await k.snapshot()).toEqual(before);
  });

  it('keeps a payment with nothing to pay whole as credit', async () => {
    const c = await k.billableCustomer();
    const res = await pay({ customerId: c.id, amount: '15.50' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ amount: '15.50', allocated: '0.00', credit: '15.50' });
    // The audit trail records what was allocated too.
    const [audit] = await tenant((tx) =>
      queryRows<{ allocated: string | null }>(
        tx,
        sql`select after->>'allocated' as allocated from audit_log where client_id = ${org.clientId} and entity = 'payment' and entity_id = ${res.json().id}`,
      ),
    );
    expect(audit).toEqual({ allocated: '0.00' });
    await expectReceivableMatchesCustomers(ctx.database.db, org.clientId);
  });

  it('with a bill line and an open-charge line, puts the rest on the oldest open charges', async () => {
    const c = await k.billableCustomer();
    const jan = await k.bill(c.id, '2025-01', 10); // 12.00
    const feb = await k.bill(c.id, '2025-02', 8); // 10.00
    const mar = await k.bill(c.id, '2025-03', 4); // 6.00
    const res = await pay({
      customerId: c.id,
      amount: '20',
      allocations: [
        { billId: mar.id, amount: '6' },
        { openItemId: await itemOf('bill', feb.id), amount: '4' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    // 6 on March and 4 on February as told; the other 10 to the oldest open charge, January.
    expect(res.json()).toMatchObject({ allocated: '20.00', credit: '0.00' });
    expect((await k.billById(jan.id)).paidAmount).toBe('10.00');
    expect((await k.billById(feb.id)).paidAmount).toBe('4.00');
    expect((await k.billById(mar.id)).paidAmount).toBe('6.00');
    await expectReceivableMatchesCustomers(ctx.database.db, org.clientId);
  });

  it('repeats the schema checks for callers that do not come through it: lines twice, more than received', async () => {
    const c = await k.billableCustomer();
    const jan = await k.bill(c.id, '2025-01', 10); // 12.00
    const feb = await k.bill(c.id, '2025-02', 8); // 10.00
    const janItem = await itemOf('bill', jan.id);
    const received = await pay({ customerId: c.id, amount: '5', allocations: [{ billId: feb.id, amount: '1' }] });
    expect(received.statusCode, received.body).toBe(201);
    const paymentItem = await itemOf('payment', received.json().id); // 4.00 of it waits
    const before = await k.snapshot();

    const put = (allocations: Parameters<typeof allocatePayment>[0]['allocations']) =>
      refusal(() => tenant((tx) => allocatePayment({ tx, clientId: org.clientId, itemId: paymentItem, allocations })));
    const twice = (line: { billId: number } | { openItemId: number }) =>
      put([
        { ...line, amount: '1' },
        { ...line, amount: '1' },
      ]);
    expect(await twice({ billId: jan.id })).toEqual([{ field: 'allocations.1.billId', message: 'payments.allocationRepeated' }]);
    expect(await twice({ openItemId: janItem })).toEqual([{ field: 'allocations.1.openItemId', message: 'payments.itemRepeated' }]);
    const beyond = await put([{ billId: jan.id, amount: '4.01' }]);
    expect(beyond).toEqual([{ field: 'allocations', message: 'payments.allocationExceeds' }]);
    expect(await k.snapshot()).toEqual(before);

    // Within what is left, the same call allocates.
    const settled = await tenant((tx) => allocatePayment({ tx, clientId: org.clientId, itemId: paymentItem, allocations: [{ billId: jan.id, amount: '4' }] }));
    expect(settled).toBe('5.00');
    expect((await k.billById(jan.id)).paidAmount).toBe('4.00');
  });

  it.skipIf(!onPostgres)('refuses a bill another cashier paid between the check and the lock, on its field (PostgreSQL)', async () => {
    const c = await k.billableCustomer();
    const older = await k.bill(c.id, '2025-01', 5); // 7.00
    const bill = await k.bill(c.id, '2025-02', 6); // 8.00
    // Two receipts whose rest waits as credit (lines naming bills: exactly those, the rest waits).
    const credit = async () => {
      const res = await pay({ customerId: c.id, amount: '20', allocations: [{ billId: older.id, amount: '0.01' }] });
      expect(res.statusCode, res.body).toBe(201);
      return itemOf('payment', res.json().id);
    };
    const first = await credit();
    const second = await credit();
    const waitingOnLock = async () => {
      const [row] = await queryRows<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      return row.n;
    };
    /** The first cashier puts `amount` on the bill and holds the commit until the second request waits on the lock. */
    const race = async (amount: string, asked: string) => {
      let release = () => {};
      const held = new Promise<void>((r) => {
        release = r;
      });
      let locked = () => {};
      const firstDone = new Promise<void>((r) => {
        locked = r;
      });
      const firstTx = tenant(async (tx) => {
        await allocatePayment({ tx, clientId: org.clientId, itemId: first, allocations: [{ billId: bill.id, amount }] });
        locked();
        await held;
      });
      await firstDone;
      const secondTx = refusal(() =>
        tenant((tx) => allocatePayment({ tx, clientId: org.clientId, itemId: second, allocations: [{ billId: bill.id, amount: asked }] })),
      );
      await expect.poll(waitingOnLock, { timeout: 15_000 }).toBeGreaterThan(0);
      release();
      await firstTx;
      return secondTx;
    };
    // 6.00 of 8.00 taken first: 5.00 no longer fits, and the answer says what is left.
    expect(await race('6', '5')).toEqual([{ field: 'allocations.0.amount', message: 'payments.allocationTooLarge|2.00' }]);
    // The rest taken first: the bill is no longer open.
    expect(await race('2', '1')).toEqual([{ field: 'allocations.0.billId', message: 'payments.billNotOpen' }]);
    expect((await k.billById(bill.id)).paidAmount).toBe('8.00');
    await expectReceivableMatchesCustomers(ctx.database.db, org.clientId);
  });

  it('allocate() refuses an item that is not open, or that does not exist', async () => {
    const c = await k.billableCustomer();
    const res = await pay({ customerId: c.id, amount: '2' });
    expect(res.statusCode, res.body).toBe(201);
    const cancelled = await k.api('POST', `/api/finance/payments/${res.json().id}/cancel`, { reason: 'test' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const item = await itemOf('payment', res.json().id);
    expect(await refusal(() => tenant((tx) => allocate(tx, org.clientId, item)))).toBe(`Open item ${item} is not open`);
    expect(await refusal(() => tenant((tx) => allocate(tx, org.clientId, 99_999_999)))).toBe('Open item 99999999 is not open');
  });
});
