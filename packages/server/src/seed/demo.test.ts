// The demo organisation's cashier does a cashier's work: finds a customer and their open bills, receives a
// payment, prints its receipt, reads the statement; and still cannot run bills or touch the settings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn, startTestApp, type TestContext } from '../../test/harness.ts';
import { DEMO, seedDemoIfEmpty } from './demo.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await startTestApp();
  expect(await seedDemoIfEmpty(ctx.database.db)).toBe(true);
}, 60_000);
afterAll(() => ctx?.close());

describe('demo cashier', () => {
  it('receives a payment, prints its receipt and reads the statement, but runs no bills and changes no settings', async () => {
    const admin = await signIn(ctx, { code: DEMO.code, ...DEMO.admin });
    const cashier = await signIn(ctx, { code: DEMO.code, ...DEMO.cashier });
    const as = (token: string, method: 'GET' | 'POST', url: string, payload?: object) => ctx.app.inject({ method, url, payload, headers: bearer(token) });
    const customer = await as(admin, 'POST', '/api/elc/customers', {
      name: 'Faadumo Cali',
      phone: '0615123456',
      customerClass: 'residential',
      openingBalance: '30.00',
    });
    expect(customer.statusCode, customer.body).toBe(201);
    const customerId = customer.json().id;

    const found = await as(cashier, 'GET', '/api/finance/payments/customers?q=Faadumo');
    expect(found.statusCode, found.body).toBe(200);
    expect((await as(cashier, 'GET', `/api/elc/customers/${customerId}/account`)).json()).toMatchObject({ balance: '30.00' });
    const accounts = (await as(cashier, 'GET', '/api/finance/payments/accounts')).json();
    const cash = (accounts.data ?? accounts).find((a: { code: string }) => a.code === '1010');
    const paid = await as(cashier, 'POST', '/api/finance/payments', {
      customerId,
      amount: '12.50',
      date: new Date().toISOString().slice(0, 10),
      accountId: cash.id,
      method: 'cash',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const receipt = await as(cashier, 'GET', `/api/finance/payments/${paid.json().id}`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.json()).toMatchObject({ amount: '12.50', customer: { id: customerId }, balanceAfter: '17.50' });
    const statement = await as(cashier, 'GET', `/api/billing-reports/customer-transaction?customerId=${customerId}`);
    expect(statement.json().closingBalance).toBe('17.50');
    expect((await as(cashier, 'GET', '/api/billing-reports/unpaid')).statusCode).toBe(200);

    expect((await as(cashier, 'POST', '/api/bills/generateCustomersBill', { period: '2026-01' })).statusCode).toBe(403);
    expect((await as(cashier, 'GET', '/api/elc/settings/company')).statusCode).toBe(403);
  });
});

describe('demo user classes', () => {
  it('has cashier, meter reader and accountant classes, the cashier in the cashier class with its role', async () => {
    const admin = await signIn(ctx, { code: DEMO.code, ...DEMO.admin });
    const classes = (await ctx.app.inject({ method: 'GET', url: '/api/user-classes?_sort=name', headers: bearer(admin) })).json();
    expect(classes.data.map((c: { name: string; dashboard: string }) => [c.name, c.dashboard])).toEqual([
      ['Accountant', 'accounts'],
      ['Cashier', 'cashier'],
      ['Meter reader', 'meter-reader'],
    ]);
    const cashierClass = classes.data.find((c: { name: string }) => c.name === 'Cashier');
    const users = (await ctx.app.inject({ method: 'GET', url: `/api/admin?userClassId=${cashierClass.id}`, headers: bearer(admin) })).json();
    expect(users.data).toEqual([expect.objectContaining({ username: DEMO.cashier.username, roleId: cashierClass.roleId, userClassName: 'Cashier' })]);
  });
});
