// Journey: the screens behind issue 19's calls. A cashier's payment gets a photo of the bank slip
// attached on its page (the receipt notes it), then removed; the house page shows the house's history
// (readings, bills, the payment on its bills) with CSV and Excel; the administrator makes a user class
// that presets a role, gives a new user that class, and filters the users list by it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, clock, demo, type E2E, signInAs, startE2E, visible } from './harness.ts';

const run = browserAvailable();
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

async function ok(page: Page, method: string, path: string, body?: unknown) {
  const res = await page.evaluate(
    async ({ method, path, body }) => {
      const r = await fetch(`/api${path}`, {
        method,
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: r.status, body: await r.json() };
    },
    { method, path, body },
  );
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

describe.skipIf(!run)('issue 19 screens: payment scans, house history, user classes', () => {
  let e2e: E2E;
  let page: Page;
  let houseId: number;
  let paymentId: number;
  const period = clock.monthBefore(1);

  beforeAll(async () => {
    e2e = await startE2E();
    page = await e2e.newPage();
    await signInAs(page, demo.admin);
    await ok(page, 'POST', '/elc/prices', {
      name: 'Flat',
      customerClass: 'residential',
      effectiveFrom: '2020-01-01',
      serviceCharge: '2',
      taxPercent: '0',
      blocks: [{ from: '0', to: null, rate: '1' }],
    });
    const branch = (await ok(page, 'GET', '/elc/branches')).data[0];
    const zone = await ok(page, 'POST', '/elc/zones', { name: 'Waberi', branchId: branch.id });
    const c = await ok(page, 'POST', '/elc/customers', { name: 'Hodan Jama', phone: '0615000111', customerClass: 'residential' });
    const house = await ok(page, 'POST', '/elc/houses', {
      customerId: c.id,
      zoneId: zone.id,
      houseNo: 'W-1',
      meterNumber: 'MTR-W1',
      meterDigits: 5,
      installationReading: '0',
      installationDate: `${clock.year() - 1}-01-01`,
    });
    houseId = house.id;
    await ok(page, 'POST', '/elc/reads', { houseId, period, readingDate: `${period}-28`, currentReading: '10' });
    await ok(page, 'POST', '/bills/saveCustomersBill', { period });
    const accounts = await ok(page, 'GET', '/finance/payments/accounts');
    const cash = (accounts.data ?? accounts).find((a: { code: string }) => a.code === '1010');
    const paid = await ok(page, 'POST', '/finance/payments', { customerId: c.id, amount: '5', method: 'cash', accountId: cash.id, date: clock.today() });
    paymentId = paid.id;
  });
  afterEach((ctx) => e2e?.afterEachTest(ctx));
  afterAll(async () => {
    await e2e?.close();
  });

  it('attaches a photo of the bank slip to a payment, shows it, and removes it', async () => {
    await page.goto(`/#/customers/payments/${paymentId}`);
    const region = await visible(page.getByRole('region', { name: 'Scans of the receipt or bank slip' }));
    await visible(region.getByText('No scan is attached to this payment.'));
    await page.getByLabel('Scan or photo to attach').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: TINY_PNG });
    await visible(region.getByText('slip.png'));
    await visible(page.getByTestId('receipt-attachments').getByText('Attached scans: 1'));
    await e2e.shot(page, 'named-calls-payment-scan');
    await region.getByRole('button', { name: 'Remove slip.png' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await visible(region.getByText('No scan is attached to this payment.'));
    await expect.poll(() => page.getByTestId('receipt-attachments').count()).toBe(0);
  });

  it('shows the house history with its reading, bill and payment', async () => {
    await page.goto(`/#/customers/houses/${houseId}`);
    const history = await visible(page.getByRole('region', { name: 'House history' }));
    await history.getByLabel('From').fill(`${clock.year() - 1}-01-01`);
    await visible(history.getByText(`Reading for ${period}: 0 to 10`));
    await visible(history.getByText(`Bill for ${period}`));
    await visible(history.getByText(/^Payment RC-\d+ paid bill B-\d+$/));
    await visible(history.getByRole('button', { name: 'Excel' }));
    await e2e.shot(page, 'named-calls-house-history');
  });

  it('makes a user class presetting a role, gives it to a new user, and filters the users by it', async () => {
    await ok(page, 'POST', '/roles', { name: 'Readers', privileges: ['dashboard', 'meter-reading'] });
    await page.goto('/#/settings/user-classes');
    await visible(page.getByRole('heading', { name: 'User classes' }).first());
    await page.getByRole('button', { name: 'Add user class' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Field reader');
    await dialog.getByRole('combobox', { name: /^Preset role/ }).click();
    await page.getByRole('option', { name: 'Readers' }).click();
    await dialog.getByRole('combobox', { name: /^Dashboard/ }).click();
    await page.getByRole('option', { name: 'Meter reader' }).click();
    await dialog.getByRole('button', { name: /^(Save|Create)/ }).click();
    await visible(page.getByRole('cell', { name: 'Field reader' }).first());
    await e2e.shot(page, 'named-calls-user-classes');

    await page.goto('/#/settings/list-users/new');
    await page.getByRole('textbox', { name: /^Username/ }).fill('reader1');
    await page.getByRole('textbox', { name: /^Full name/ }).fill('Reader One');
    await page.getByRole('combobox', { name: /^User class/ }).click();
    await page.getByRole('option', { name: 'Field reader' }).click();
    await expect.poll(() => page.getByRole('combobox', { name: /^Role/ }).textContent()).toContain('Readers');
    await e2e.shot(page, 'named-calls-user-form');
    await page.getByRole('button', { name: /^(Save|Create)/ }).click();
    await page.goto('/#/settings/list-users');
    await page.getByRole('combobox', { name: /^User class/ }).click();
    await page.getByRole('option', { name: 'Field reader' }).click();
    await visible(page.getByRole('cell', { name: 'reader1' }));
    await expect.poll(() => page.getByRole('cell', { name: 'admin', exact: true }).count()).toBe(0);
    expect(e2e.pageErrors).toEqual([]);
  });

  it("starts a user of a cashier class on the cashier's desk: the desk's screens first, the general dashboard once the class is taken away", async () => {
    const cls = await ok(page, 'POST', '/user-classes', { name: 'Front desk', dashboard: 'cashier' });
    const users = await ok(page, 'GET', '/admin?q=cashier');
    const cashier = users.data.find((u: { username: string }) => u.username === demo.cashier.username);
    await ok(page, 'PUT', `/admin/${cashier.id}`, {
      username: cashier.username,
      fullname: cashier.fullname,
      roleId: cashier.roleId,
      branchId: cashier.branchId,
      userClassId: cls.id,
    });
    const desk = await e2e.newPage();
    await signInAs(desk, demo.cashier);
    const section = desk.getByTestId('dashboard-desk');
    await visible(section.getByRole('heading', { name: 'Your cashier desk' }));
    await visible(section.getByRole('link', { name: 'Receive payment' }));
    await e2e.shot(desk, 'named-calls-cashier-desk');
    await section.getByRole('link', { name: 'Receive payment' }).click();
    await expect.poll(() => desk.url()).toContain('/customers/payment');
    await ok(page, 'PUT', `/admin/${cashier.id}`, {
      username: cashier.username,
      fullname: cashier.fullname,
      roleId: cashier.roleId,
      branchId: cashier.branchId,
      userClassId: null,
    });
    await desk.goto('/#/dashboard');
    await desk.reload();
    await visible(desk.getByRole('heading', { name: 'Shortcuts' }));
    await expect.poll(() => desk.getByTestId('dashboard-desk').count()).toBe(0);
    expect(e2e.pageErrors).toEqual([]);
  });
});
