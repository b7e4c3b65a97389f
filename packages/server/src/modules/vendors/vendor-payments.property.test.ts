// Random sequences of vendor bills, payments (oldest first, by hand, overpaid with confirmation) and
// cancellations on two vendors: after each sequence every vendor's open items agree with its payable
// lines (expectOpenItemsMatchLedger), its balance is what it was billed less what it was paid by the
// payments still posted, its open bills less its waiting credit equal that balance, no item is settled
// beyond its amount, and the payable account is the sum of the vendors' balances.
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { inSystem } from '../../db/tenant.ts';
import { Decimal } from '../../ledger/index.ts';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { expectOpenItemsMatchLedger } from '../../../test/receivable-invariant.ts';
import { caller } from '../metering/billing-test-kit.ts';
import { accountBalance, accountIdByCode, postTestVendorBill } from './vendors-test-kit.ts';

let ctx: TestContext;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  ctx = await startTestApp();
  call = caller(ctx);
});
afterAll(() => ctx.close());

const cents = fc.integer({ min: 1, max: 50_000 }).map((n) => (n / 100).toFixed(2));
const op = fc.oneof(
  fc.record({ kind: fc.constant('bill' as const), vendor: fc.integer({ min: 0, max: 1 }), amount: cents, day: fc.integer({ min: 1, max: 28 }) }),
  fc.record({ kind: fc.constant('pay' as const), vendor: fc.integer({ min: 0, max: 1 }), amount: cents, confirm: fc.boolean() }),
  fc.record({ kind: fc.constant('payByHand' as const), vendor: fc.integer({ min: 0, max: 1 }), amount: cents }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
);

describe('vendor payments over random sequences', () => {
  it('keep every vendor balance, its open items and the payable account in agreement', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        const org = await newOrganisation(ctx);
        const cash = await accountIdByCode(ctx, org.clientId, '1010');
        const vendors: number[] = [];
        for (const name of ['Alpha', 'Beta']) vendors.push((await call(org.token, 'POST', '/api/elc/vendors', { name })).json().id);
        const expected = [new Decimal(0), new Decimal(0)];
        const posted: Array<{ id: number; vendor: number; amount: string }> = [];
        for (const o of ops) {
          if (o.kind === 'bill') {
            await postTestVendorBill(ctx, org.clientId, vendors[o.vendor], o.amount, `2026-02-${String(o.day).padStart(2, '0')}`);
            expected[o.vendor] = expected[o.vendor].plus(o.amount);
          } else if (o.kind === 'pay' || o.kind === 'payByHand') {
            const open = (await call(org.token, 'GET', `/api/elc/vendors/${vendors[o.vendor]}/open-bills`)).json();
            const first = open.bills[0];
            const allocations =
              o.kind === 'payByHand' && first ? [{ openItemId: first.openItemId, amount: Decimal.min(o.amount, first.open).toFixed(2) }] : undefined;
            const res = await call(org.token, 'POST', '/api/elc/vendor-payments', {
              vendorId: vendors[o.vendor],
              amount: o.amount,
              accountId: cash,
              method: 'cash',
              date: '2026-03-01',
              allocations,
              confirmOverpayment: o.kind === 'payByHand' || (o.kind === 'pay' && o.confirm) ? true : undefined,
            });
            if (new Decimal(o.amount).gt(open.openTotal) && o.kind === 'pay' && !o.confirm) {
              expect(res.statusCode).toBe(400);
              expect(res.json().details[0].field).toBe('amount');
              continue;
            }
            expect(res.statusCode, res.body).toBe(201);
            posted.push({ id: res.json().id, vendor: o.vendor, amount: o.amount });
            expected[o.vendor] = expected[o.vendor].minus(o.amount);
          } else if (posted.length > 0) {
            const [p] = posted.splice(o.pick % posted.length, 1);
            const res = await call(org.token, 'POST', `/api/elc/vendor-payments/${p.id}/cancel`, { reason: 'property' });
            expect(res.statusCode, res.body).toBe(200);
            expected[p.vendor] = expected[p.vendor].plus(p.amount);
          }
        }
        for (const [i, id] of vendors.entries()) {
          const open = (await call(org.token, 'GET', `/api/elc/vendors/${id}/open-bills`)).json();
          expect(open.balance).toBe(expected[i].toFixed(2));
          expect(new Decimal(open.openTotal).minus(open.credit).toFixed(2)).toBe(expected[i].toFixed(2));
        }
        await expectOpenItemsMatchLedger(ctx.database.db, org.clientId, 'vendor', '2010');
        expect(await accountBalance(ctx, org.clientId, '2010')).toBe(
          expected[0]
            .plus(expected[1])
            .negated()
            .toFixed(2)
            .replace(/^-0\.00$/, '0.00'),
        );
        const [over] = await inSystem(ctx.database.db, (tx) =>
          queryRows<{ n: number }>(tx, sql`select count(*)::int as n from open_items where client_id = ${org.clientId} and (settled > amount or settled < 0)`),
        );
        expect(over.n).toBe(0);
      }),
      { numRuns: 12 },
    );
  });
});
