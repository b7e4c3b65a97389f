// Random sequences of stock in (opening and adjustments), sales on invoices and for cash, returns of
// part of a sale and cancellations, through the API: stock never goes below zero (a sale beyond it is
// refused and changes nothing), the stock's value equals the inventory accounts, every entry balances, and
// documents, open items and the ledger agree per customer after every sequence.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { inSystem } from '../../db/tenant.ts';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { expectEntriesBalanced, salesKit } from './sales-test-kit.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let kit: ReturnType<typeof salesKit>;

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Property Store' });
  kit = salesKit(ctx, org);
});
afterAll(() => ctx.close());

const qty = fc.integer({ min: 1, max: 9000 }).map((n) => (n / 1000).toFixed(3));
const op = fc.oneof(
  fc.record({ t: fc.constant('in' as const), quantity: qty, unitCost: fc.integer({ min: 1, max: 5000 }).map((n) => (n / 100).toFixed(2)) }),
  fc.record({ t: fc.constant('out' as const), quantity: qty }),
  fc.record({
    t: fc.constant('sale' as const),
    cash: fc.boolean(),
    quantity: qty,
    price: fc.integer({ min: 0, max: 9000 }).map((n) => (n / 100).toFixed(2)),
    tax: fc.constantFrom('0', '5', '15'),
  }),
  fc.record({ t: fc.constant('return' as const), pick: fc.nat(), part: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ t: fc.constant('cancel' as const), pick: fc.nat() }),
);

async function onHand(itemId: number): Promise<string> {
  const [row] = await inSystem(ctx.database.db, (tx) =>
    queryRows<{ q: string }>(tx, sql`select coalesce(sum(quantity), 0)::text as q from stock_balances where item_id = ${itemId}`),
  );
  return row.q;
}

describe('sales over random sequences', () => {
  it('never below zero, stock = books, entries balanced, receivable agrees', async () => {
    const branchId = await kit.branchId();
    const cash = await kit.accountId('1010');
    const customer = await kit.customer();
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        const item = await kit.item({ taxPercent: '0' });
        const sales: Array<{ id: number; kind: 'invoice' | 'receipt'; quantity: string }> = [];
        const docs: Array<{ id: number; path: string }> = [];
        for (const o of ops) {
          if (o.t === 'in') {
            await kit.stockIn(item.id, o.quantity, o.unitCost, '2026-02-01');
          } else if (o.t === 'out') {
            const res = await kit.api('POST', '/api/elc/stock-adjustments', {
              kind: 'adjustment',
              branchId,
              date: '2026-02-01',
              lines: [{ itemId: item.id, quantity: `-${o.quantity}` }],
            });
            expect([201, 400]).toContain(res.statusCode);
          } else if (o.t === 'sale') {
            const before = await kit.snapshot();
            const lines = [{ itemId: item.id, quantity: o.quantity, unitPrice: o.price, taxPercent: o.tax }];
            const path = o.cash ? '/api/elc/sales-receipts' : '/api/elc/sales-invoices';
            const body = o.cash
              ? { customerId: customer.id, date: '2026-03-01', branchId, accountId: cash, lines }
              : { customerId: customer.id, date: '2026-03-01', dueDate: '2026-04-01', branchId, lines };
            const res = await kit.api('POST', path, body);
            if (res.statusCode === 400) {
              expect(Number(o.quantity)).toBeGreaterThan(Number(await onHand(item.id)));
              expect(res.json().details[0].field).toBe('lines.0.quantity');
              expect(await kit.snapshot()).toEqual(before);
            } else {
              expect(res.statusCode, res.body).toBe(201);
              sales.push({ id: res.json().id, kind: o.cash ? 'receipt' : 'invoice', quantity: o.quantity });
              docs.push({ id: res.json().id, path });
            }
          } else if (o.t === 'return' && sales.length > 0) {
            const sale = sales[o.pick % sales.length];
            const got = await kit.ok(await kit.api('GET', `/api/elc/${sale.kind === 'invoice' ? 'sales-invoices' : 'sales-receipts'}/${sale.id}`), 200);
            const left = Number(got.lines[0].quantity) - Number(got.lines[0].returnedQuantity);
            const want = Math.max(1, Math.floor((left * 1000 * o.part) / 100)) / 1000;
            const res = await kit.api('POST', '/api/elc/sales-returns', {
              saleId: sale.id,
              date: '2026-03-02',
              refundAccountId: sale.kind === 'receipt' ? cash : undefined,
              lines: [{ position: 1, quantity: want.toFixed(3) }],
            });
            if (got.status === 'Cancelled' || left <= 0) expect(res.statusCode).toBe(400);
            else {
              expect(res.statusCode, res.body).toBe(201);
              docs.push({ id: res.json().id, path: '/api/elc/sales-returns' });
            }
          } else if (o.t === 'cancel' && docs.length > 0) {
            const doc = docs[o.pick % docs.length];
            const res = await kit.api('POST', `${doc.path}/${doc.id}/cancel`, { reason: 'property' });
            // Refused while returns or payments stand, when already cancelled, or when the stock moved on.
            expect([200, 400, 409]).toContain(res.statusCode);
          }
          expect(Number(await onHand(item.id))).toBeGreaterThanOrEqual(0);
        }
        await kit.expectBooksAgree();
        await expectEntriesBalanced(ctx, org.clientId);
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});
