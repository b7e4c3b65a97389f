// The spec's elc/houses/transaction: one house's history (readings, bills, payments on its bills, meters,
// disconnections) with a running balance over a date range, as JSON, CSV and XLSX; list-house only;
// another organisation's house is 404; bad input is 400 with field messages; nothing is written.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { tableSnapshot } from '../../../test/table-snapshot.ts';
import { queryRows } from '../../db/rows.ts';
import { inSystem } from '../../db/tenant.ts';
import { flatTariff, paymentsKit } from '../payments/payments-test-kit.ts';
import { staffUser } from '../settings/test-support.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let other: Awaited<ReturnType<typeof newOrganisation>>;
let houseId: number;

const URL = '/api/elc/houses/transaction';
const get = (url: string, token = org.token, lang?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...(lang ? { 'x-lang': lang } : {}) } });

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'History Water' });
  other = await newOrganisation(ctx, { name: 'Other History Water' });
  await flatTariff(ctx, org);
  const kit = paymentsKit(ctx, org);
  const customer = await kit.billableCustomer({ name: 'Faisal Nur' });
  const [house] = await inSystem(ctx.database.db, (tx) =>
    queryRows<{ id: number }>(tx, sql`select id from houses where client_id = ${org.clientId} and customer_id = ${customer.id}`),
  );
  houseId = Number(house.id);
  await kit.bill(customer.id, '2025-01', 10); // 12.00
  await kit.bill(customer.id, '2025-02', 20); // 22.00
  // Bill runs date their bills today; put them at the end of their periods, as a month's run would.
  await inSystem(ctx.database.db, (tx) => tx.execute(sql`update bills set bill_date = (period || '-28')::date where client_id = ${org.clientId}`));
  const cash = await kit.accountId('1010');
  const paid = await kit.api('POST', '/api/finance/payments', { customerId: customer.id, amount: '15', method: 'cash', accountId: cash, date: '2025-03-05' });
  expect(paid.statusCode, paid.body).toBe(201);
  const cut = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/elc/houses/${houseId}/status`,
    headers: bearer(org.token),
    payload: { status: 'Disconnected', reason: 'Unpaid bills' },
  });
  expect(cut.statusCode, cut.body).toBe(200);
});
afterAll(() => ctx.close());

describe('GET /api/elc/houses/transaction', () => {
  it('lists the house history in order with a running balance of its bills', async () => {
    const res = await get(`${URL}?houseId=${houseId}`);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r.house).toMatchObject({ id: houseId, customerName: 'Faisal Nur', status: 'Disconnected' });
    const kinds = r.events.map((e: { kind: string }) => e.kind);
    expect(kinds.slice(0, 6)).toEqual(['meterInstalled', 'reading', 'bill', 'reading', 'bill', 'payment']);
    expect(kinds.at(-1)).toBe('disconnected');
    const bills = r.events.filter((e: { kind: string }) => e.kind === 'bill');
    expect(bills.map((b: { charge: string; consumption: string }) => [b.charge, b.consumption])).toEqual([
      ['12.00', '10'],
      ['22.00', '20'],
    ]);
    const payment = r.events.find((e: { kind: string }) => e.kind === 'payment');
    expect(payment).toMatchObject({ date: '2025-03-05', paid: '12.00', document: expect.stringMatching(/^RC-/), balance: '22.00' });
    // 15.00 pays the January bill (12.00) and 3.00 of February's.
    const payments = r.events.filter((e: { kind: string }) => e.kind === 'payment');
    expect(payments.map((e: { paid: string }) => e.paid)).toEqual(['12.00', '3.00']);
    expect(r).toMatchObject({ openingBalance: '0.00', closingBalance: '19.00', totals: { charge: '34.00', paid: '15.00', consumption: '30' } });
    expect(r.events.at(-1).description).toBe('Disconnected: Unpaid bills');
  });

  it('keeps what came before the range as the opening balance, in Somali when asked', async () => {
    const r = (await get(`${URL}?houseId=${houseId}&startDate=2025-02-01&endDate=2025-02-28`, org.token, 'so')).json();
    expect(r.openingBalance).toBe('12.00');
    expect(r.events.map((e: { kind: string }) => e.kind)).toEqual(['reading', 'bill']);
    expect(r.closingBalance).toBe('34.00');
    expect(r.events[1].description).toBe('Biilka 2025-02');
  });

  it('exports CSV and Excel like the other reports', async () => {
    const csv = await get(`${URL}/export?houseId=${houseId}&format=csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain('Bill for 2025-02');
    expect(csv.body).toContain('Unpaid bills');
    const xlsx = await get(`${URL}?houseId=${houseId}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('refuses people without list-house (403), other organisations (404) and bad input (400), writing nothing', async () => {
    const clerk = await staffUser(ctx, org, ['dashboard']);
    const before = await tableSnapshot(ctx.database.db);
    expect((await get(`${URL}?houseId=${houseId}`, clerk.token)).statusCode).toBe(403);
    expect((await get(`${URL}/export?houseId=${houseId}&format=csv`, clerk.token)).statusCode).toBe(403);
    expect((await get(`${URL}?houseId=${houseId}`, other.token)).statusCode).toBe(404);
    const bad = await get(`${URL}?houseId=${houseId}&startDate=2025-05-01&endDate=2025-01-01`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { field: string }) => d.field)).toEqual(['endDate']);
    const missing = await get(URL, org.token, 'so');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([{ field: 'houseId', message: 'Goobtan waa qasab.' }]);
    expect(await tableSnapshot(ctx.database.db)).toEqual(before);
  });
});
