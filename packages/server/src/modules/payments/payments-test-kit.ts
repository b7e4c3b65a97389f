// Test helpers of the payments tests (not part of the product): an organisation with a tariff, customers
// with bills made by real bill runs, payments and balances through the API, and snapshots of everything
// a payment request could change, to prove a refused one changed nothing.
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { inSystem } from '../../db/tenant.ts';
import { setLockDate } from '../../ledger/index.ts';
import type { TestContext } from '../../../test/harness.ts';
import { billingFactory } from '../metering/billing-test-kit.ts';

type Org = { clientId: number; token: string };

/** 2.00 service charge and 1.00 per unit, no tax: a bill for n units is n + 2. */
export async function flatTariff(ctx: TestContext, org: Org) {
  const f = billingFactory(ctx, org);
  const res = await f.call(org.token, 'POST', '/api/elc/prices', {
    name: 'Flat 2025',
    customerClass: 'residential',
    effectiveFrom: '2025-01-01',
    serviceCharge: '2',
    taxPercent: '0',
    blocks: [{ from: '0', to: null, rate: '1' }],
  });
  expect(res.statusCode).toBe(201);
}

export function paymentsKit(ctx: TestContext, org: Org) {
  const f = billingFactory(ctx, org);
  const houses = new Map<number, { id: number; reading: number }>();
  let zoneId: number | null = null;
  const kit = {
    ...f,
    /** A POST/GET as the organisation's administrator (or `token`). */
    api: (method: 'GET' | 'POST', url: string, payload?: object | string, opts: { token?: string; lang?: string; headers?: Record<string, string> } = {}) =>
      f.call(opts.token ?? org.token, method, url, payload, opts.lang, opts.headers ?? {}),
    /** A customer with one house (and meter), ready to be billed. */
    async billableCustomer(overrides: Record<string, unknown> = {}) {
      zoneId ??= (await f.zone()).id;
      const customer = await f.customer(overrides);
      const house = await f.house({ customerId: customer.id, zoneId: zoneId as number, installationReading: '0' });
      houses.set(customer.id, { id: house.id, reading: 0 });
      return customer as { id: number; customerNo: string; name: string; phone: string };
    },
    /** Bills the customer's house for a period (YYYY-MM, in 2025) with `units` of use: amount units + 2. Answers the bill. */
    async bill(customerId: number, period: string, units: number) {
      const house = houses.get(customerId);
      if (!house) throw new Error('billableCustomer first');
      house.reading += units;
      await f.reading({ houseId: house.id, period, currentReading: String(house.reading) });
      const run = await f.call(org.token, 'POST', '/api/bills/saveCustomersBill', { period, houseIds: [house.id] });
      expect(run.statusCode, run.body).toBe(201);
      const list = await f.call(org.token, 'GET', `/api/bills?customerId=${customerId}&period=${period}`);
      const bill = list.json().data[0];
      return bill as { id: number; number: string; amount: string; paidAmount: string; previousBalance: string; amountDue: string };
    },
    async billById(id: number) {
      const res = await f.call(org.token, 'GET', `/api/bills/${id}`);
      return res.json() as { id: number; amount: string; paidAmount: string; previousBalance: string; amountDue: string; status: string };
    },
    async account(customerId: number) {
      const res = await f.call(org.token, 'GET', `/api/elc/customers/${customerId}/account`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    async accountId(code: string): Promise<number> {
      const [row] = await inSystem(ctx.database.db, (tx) =>
        queryRows<{ id: number }>(tx, sql`select id from accounts where client_id = ${org.clientId} and code = ${code}`),
      );
      return Number(row.id);
    },
    async lockBooks(date: string | null) {
      await inSystem(ctx.database.db, (tx) => setLockDate(tx, org.clientId, date));
    },
    /** Everything a payment, batch or transfer could write, as the owner. */
    async snapshot() {
      const [row] = await inSystem(ctx.database.db, (tx) =>
        queryRows<Record<string, string>>(
          tx,
          sql`
          select (select count(*) || ':' || coalesce(sum(amount), 0) || ':' || coalesce(sum(allocated), 0) || ':' || coalesce(string_agg(status, ',' order by id), '')
                  from payments where client_id = ${org.clientId}) as payments,
                 (select count(*) || ':' || coalesce(sum(amount), 0) from open_item_allocations where client_id = ${org.clientId}) as allocations,
                 (select count(*) || ':' || coalesce(sum(settled), 0) || ':' || coalesce(string_agg(status, ',' order by id), '')
                  from open_items where client_id = ${org.clientId}) as items,
                 (select count(*)::text from payment_batches where client_id = ${org.clientId}) as batches,
                 (select count(*) || ':' || coalesce(string_agg(status, ',' order by id), '') from customer_transfers where client_id = ${org.clientId}) as transfers,
                 (select coalesce(string_agg(id || '=' || paid_amount, ',' order by id), '') from bills where client_id = ${org.clientId}) as bills,
                 (select count(*)::text from journal_entries where client_id = ${org.clientId}) as entries,
                 (select coalesce(string_agg(series || ':' || next_no, ',' order by series), '') from document_counters where client_id = ${org.clientId}) as counters,
                 (select count(*)::text from audit_log where client_id = ${org.clientId}) as audit`,
        ),
      );
      return row;
    },
  };
  return kit;
}
