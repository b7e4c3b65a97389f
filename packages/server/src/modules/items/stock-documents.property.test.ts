// Random sequences of stock documents through the API against the database (fast-check): adjustments in
// and out, transfers between two branches, counts (started, counted while other documents move the
// stock, posted or cancelled) and cancellations. After every sequence: no quantity below zero (the
// organisation does not allow it), the books' inventory account equals the stock's value, balances =
// moves = daily balance rows (verifyStock), every entry balanced (verifyLedger), and each document either
// happened whole or changed nothing (a refusal is a 400 on a field, never a 500).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { inSystem } from '../../db/tenant.ts';
import { verifyLedger } from '../../ledger/index.ts';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { caller, mainBranchId } from '../metering/billing-test-kit.ts';
import { verifyStock } from './verify-stock.ts';

let ctx: TestContext;
let call: ReturnType<typeof caller>;
let run = 0;
/** Counts posted over every run: the property must have seen some. */
let postedCounts = 0;

beforeAll(async () => {
  ctx = await startTestApp();
  call = caller(ctx);
});
afterAll(() => ctx.close());

const qty = fc.integer({ min: 1, max: 40 }).map(String);
const cost = fc.integer({ min: 1, max: 5000 }).map((c) => (c / 100).toFixed(2));
const op = fc.oneof(
  fc.record({ t: fc.constant('in' as const), item: fc.nat(2), branch: fc.nat(1), q: qty, cost }),
  fc.record({ t: fc.constant('out' as const), item: fc.nat(2), branch: fc.nat(1), q: qty }),
  fc.record({ t: fc.constant('transfer' as const), item: fc.nat(2), from: fc.nat(1), q: qty }),
  fc.record({
    t: fc.constant('count' as const),
    branch: fc.nat(1),
    counted: fc.array(fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }), { minLength: 3, maxLength: 3 }),
    // A document moving the same stock while the count is open (between freezing and posting).
    meanwhile: fc.option(fc.record({ item: fc.nat(2), q: fc.integer({ min: -20, max: 20 }).filter((n) => n !== 0) }), { nil: null }),
    post: fc.boolean(),
  }),
  fc.record({ t: fc.constant('cancel' as const), pick: fc.nat(10) }),
);

describe('stock documents over random sequences', () => {
  it('keep quantities >= 0, stock value = inventory account, balanced entries', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        run += 1;
        const org = await newOrganisation(ctx, { name: `Property store ${run}` });
        const main = await mainBranchId(ctx, org.clientId);
        const second = (await call(org.token, 'POST', '/api/elc/branches', { name: 'Second store', address: 'Road 2' })).json().id as number;
        const branches = [main, second];
        const items: number[] = [];
        for (let i = 0; i < 3; i++) {
          const res = await call(org.token, 'POST', '/api/elc/items', { code: `P-${i}`, name: `Good ${i}`, kind: 'stock' });
          items.push(res.json().id);
        }
        const adjustments: number[] = [];
        const expectRefusalOrOk = (res: Awaited<ReturnType<typeof call>>, okStatus: number) => {
          expect([okStatus, 400, 409], res.body).toContain(res.statusCode);
          return res.statusCode === okStatus;
        };
        const adjust = async (branch: number, item: number, quantity: string, unitCost?: string) => {
          const res = await call(org.token, 'POST', '/api/elc/stock-adjustments', {
            kind: 'adjustment',
            branchId: branch,
            date: '2026-04-01',
            lines: [{ itemId: item, quantity, unitCost }],
          });
          if (expectRefusalOrOk(res, 201)) adjustments.push(res.json().id);
        };
        for (const o of ops) {
          if (o.t === 'in') await adjust(branches[o.branch], items[o.item], o.q, o.cost);
          else if (o.t === 'out') await adjust(branches[o.branch], items[o.item], `-${o.q}`);
          else if (o.t === 'transfer') {
            const res = await call(org.token, 'POST', '/api/elc/stock-transfers', {
              fromBranchId: branches[o.from],
              toBranchId: branches[1 - o.from],
              date: '2026-04-02',
              lines: [{ itemId: items[o.item], quantity: o.q }],
            });
            expectRefusalOrOk(res, 201);
          } else if (o.t === 'count') {
            const started = await call(org.token, 'POST', '/api/elc/inventory-counts', { branchId: branches[o.branch], date: '2026-04-03' });
            expect(started.statusCode, started.body).toBe(201);
            const count = started.json();
            const lines = items.map((itemId, i) => ({ itemId, countedQuantity: o.counted[i] === null ? null : String(o.counted[i]) }));
            expect((await call(org.token, 'PUT', `/api/elc/inventory-counts/${count.id}/lines`, { lines })).statusCode).toBe(200);
            if (o.meanwhile) await adjust(branches[o.branch], items[o.meanwhile.item], String(o.meanwhile.q), o.meanwhile.q > 0 ? '1.25' : undefined);
            const before = await stockAt(org.clientId, branches[o.branch]);
            const res = o.post
              ? await call(org.token, 'POST', `/api/elc/inventory-counts/${count.id}/post`)
              : await call(org.token, 'POST', `/api/elc/inventory-counts/${count.id}/cancel`, { reason: 'Recount' });
            if (expectRefusalOrOk(res, 200) && o.post) {
              // Posted: each counted good moved by counted - frozen since the freeze.
              const after = await stockAt(org.clientId, branches[o.branch]);
              for (const line of count.lines as Array<{ itemId: number; frozenQuantity: string }>) {
                const i = items.indexOf(line.itemId);
                const counted = o.counted[i];
                const expected = counted === null ? 0 : counted - Number(line.frozenQuantity);
                expect(Number(after.get(line.itemId) ?? 0) - Number(before.get(line.itemId) ?? 0)).toBeCloseTo(expected, 3);
              }
              postedCounts += 1;
              if (res.json().adjustmentId) adjustments.push(res.json().adjustmentId);
            }
          } else if (adjustments.length > 0) {
            const id = adjustments[o.pick % adjustments.length];
            const res = await call(org.token, 'POST', `/api/elc/stock-adjustments/${id}/cancel`, { reason: 'Undo' });
            expectRefusalOrOk(res, 200);
          }
        }
        const [negative] = await inSystem(ctx.database.db, (tx) =>
          queryRows<{ n: number }>(tx, sql`select count(*)::int as n from stock_balances where client_id = ${org.clientId} and (quantity < 0 or value < 0)`),
        );
        expect(negative.n).toBe(0);
        const stock = await inSystem(ctx.database.db, (tx) => verifyStock(tx, { clientId: org.clientId }));
        expect(stock).toEqual({ ok: true, accounts: [], balances: [] });
        const ledger = await inSystem(ctx.database.db, (tx) => verifyLedger(tx, { clientId: org.clientId }));
        expect(ledger.isSound, JSON.stringify(ledger).slice(0, 400)).toBe(true);
      }),
      { numRuns: 15 },
    );
    expect(postedCounts).toBeGreaterThan(0);
  }, 180_000);
});

async function stockAt(clientId: number, branchId: number): Promise<Map<number, string>> {
  const rows = await inSystem(ctx.database.db, (tx) =>
    queryRows<{ item_id: number; quantity: string }>(
      tx,
      sql`select item_id, quantity::text from stock_balances where client_id = ${clientId} and branch_id = ${branchId}`,
    ),
  );
  return new Map(rows.map((r) => [Number(r.item_id), r.quantity]));
}
