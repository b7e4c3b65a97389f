// Journey: purchasing. A vendor and a stocked item are added through their registers. The administrator
// orders 100 of the item, approves the order (who and when shown), receives 60 of it (120 is refused on the line: only 100 are expected), sees the order partly
// received with the vendor bill its receipt made, opens the bill (stock in at cost, the payable open),
// returns one item against it (a debit note: the bill's open amount goes down), pays the rest on Pay bill
// (the bill reads Paid), and reads the order once more in Somali.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, demo, type E2E, signInAs, startE2E, visible } from './harness.ts';

const run = browserAvailable();
const CODE = 'CBL-16';
const VENDOR = 'Somcable Ltd';

async function choose(page: Page, label: RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).first().click();
  await page.getByRole('listbox').getByRole('option', { name: option }).first().click();
}

describe.skipIf(!run)('purchasing: order, approve, receive part, the bill, a return', () => {
  let e2e: E2E;
  let page: Page;
  let orderUrl = '';
  let billUrl = '';
  let vendorId = 0;

  beforeAll(async () => {
    e2e = await startE2E();
    page = await e2e.newPage();
    await signInAs(page, demo.admin);
    // The vendor through the vendors module's register, the item through the items register.
    const created = await page.evaluate(
      async ({ code, vendor }) => {
        const post = (path: string, body: object) =>
          fetch(path, {
            method: 'POST',
            headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          }).then(async (r) => ({ status: r.status, id: (await r.json()).id as number }));
        return [
          await post('/api/elc/vendors', { number: 'V-E2E1', name: vendor, paymentTermsDays: 30 }),
          await post('/api/elc/items', { code, name: 'Cable 16mm copper', kind: 'stock', purchasePrice: '2.50', salePrice: '4.00' }),
        ];
      },
      { code: CODE, vendor: VENDOR },
    );
    expect(created.map((c) => c.status)).toEqual([201, 201]);
    vendorId = created[0].id;
  });
  afterEach((ctx) => e2e?.afterEachTest(ctx));
  afterAll(async () => {
    await e2e?.close();
  });

  it('orders 100 of an item and approves the order', async () => {
    await page.goto('/#/vendors/orders');
    await visible(page.getByRole('heading', { name: 'Purchase orders', level: 2 }));
    await page.getByRole('button', { name: 'New order' }).click();
    await visible(page.getByRole('heading', { name: 'New purchase order', level: 2 }));
    await choose(page, /^Vendor/, new RegExp(VENDOR));
    await choose(page, /^Branch/, 'Main branch');
    await page.getByRole('combobox', { name: /^Item/ }).fill(CODE);
    await page.getByRole('option', { name: new RegExp(`^${CODE}`) }).click();
    await page.getByLabel(/^Quantity/).fill('100');
    expect(await page.getByLabel(/^Unit price/).inputValue()).toBe('2.50');
    await visible(page.getByText('250.00').first());
    await e2e.shot(page, 'purchases-01-new-order');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(/#\/vendors\/orders\/\d+$/);
    orderUrl = page.url();
    await visible(page.getByRole('heading', { name: /^Purchase order PO-\d{6}$/, level: 2 }));
    await visible(page.getByText('Draft'));
    await page.getByRole('button', { name: 'Approve' }).click();
    await visible(page.getByText(/^Approved by /));
    await visible(page.getByText('Approved', { exact: true }));
    await e2e.shot(page, 'purchases-02-approved');
  });

  it('receives 60 of them (more than is expected is refused on the line): stock in and a vendor bill', async () => {
    await page.getByRole('button', { name: 'Receive' }).click();
    const dialog = page.getByRole('dialog', { name: /^Receive PO-/ });
    await dialog.getByLabel(/^Vendor's bill number/).fill('SC-5501');
    const quantity = dialog.getByLabel('Receive now 1');
    expect(await quantity.inputValue()).toBe('100');
    await quantity.fill('120');
    await dialog.getByRole('button', { name: 'Receive' }).click();
    await visible(dialog.getByText('At most 100 is still expected on this line.'));
    await e2e.shot(page, 'purchases-03-receive-too-much');
    await quantity.fill('60');
    await dialog.getByRole('button', { name: 'Receive' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await visible(page.getByText('Partly received'));
    const line = (await page.getByTestId('order-line-1').innerText()).replace(/\s+/g, ' ').trim();
    expect(line).toBe(`${CODE} · Cable 16mm copper 2.50 100 60 60 40 250.00`);
    await e2e.shot(page, 'purchases-04-partly-received');
  });

  it('opens the bill the receipt made: stock at cost, the payable open', async () => {
    await page.getByRole('link', { name: /^VB-\d{6}$/ }).click();
    await visible(page.getByRole('heading', { name: /^Vendor bill VB-\d{6}$/, level: 2 }));
    billUrl = page.url();
    await visible(page.getByText('SC-5501'));
    await visible(page.getByRole('link', { name: /^PO-\d{6}$/ }));
    const row = (await page.getByRole('row').filter({ hasText: CODE }).innerText()).replace(/\s+/g, ' ').trim();
    expect(row).toContain('1200 Inventory');
    expect(row).toContain('150.00');
    await e2e.shot(page, 'purchases-05-bill');
  });

  it('returns one item against the bill: a debit note takes it off what is owed', async () => {
    await page.getByRole('button', { name: 'Return items' }).click();
    await visible(page.getByRole('heading', { name: 'New purchase return', level: 2 }));
    await page.getByLabel('Reason').fill('Damaged drum');
    await page.getByLabel('Return now 1').fill('61');
    await page.getByRole('button', { name: 'Post return' }).click();
    await visible(page.getByText('At most 60 can be returned (bought less already returned).'));
    await page.getByLabel('Return now 1').fill('1');
    await page.getByRole('button', { name: 'Post return' }).click();
    await page.waitForURL(/#\/vendors\/purchase-return\/\d+$/);
    await visible(page.getByRole('heading', { name: /^Purchase return PR-\d{6}$/, level: 2 }));
    await e2e.shot(page, 'purchases-06-return');
    await page.getByRole('link', { name: /^VB-\d{6}$/ }).click();
    await visible(page.getByRole('heading', { name: /^Vendor bill VB-\d{6}$/, level: 2 }));
    // The page refreshes the bill it had: what is open goes down by the debit note.
    await visible(page.getByText('Open', { exact: true }).locator('..').getByText('147.50'));
    await e2e.shot(page, 'purchases-07-bill-after-return');
  });

  it('pays what is left of the bill on Pay bill: nothing is owed and the bill reads Paid', async () => {
    await page.goto(`/#/vendors/pay-bill?vendorId=${vendorId}`);
    await visible(page.getByTestId('pay-open-total').filter({ hasText: /147\.50/ }));
    await page.getByLabel(/^Amount/).fill('147.50');
    await choose(page, /^Pay from/, /Cash/);
    await page.getByRole('button', { name: 'Pay vendor' }).click();
    await visible(page.getByTestId('payment-voucher'));
    await e2e.shot(page, 'purchases-07b-paid');
    await page.goto(billUrl);
    await visible(page.getByText('Open', { exact: true }).locator('..').getByText('0.00'));
    await visible(page.getByText('Paid', { exact: true }).first());
    await e2e.shot(page, 'purchases-07c-bill-paid');
  });

  it('shows the order in Somali', async () => {
    await page.goto(orderUrl);
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'SO · Soomaali' }).click()]);
    await visible(page.getByRole('heading', { name: /^Dalabka iibsiga PO-\d{6}$/, level: 2 }));
    await visible(page.getByText('Qayb ahaan la helay'));
    await e2e.shot(page, 'purchases-08-order-somali');
    await page.goto('/#/Sales-reports/expenses-report?scope=all');
    await visible(page.getByRole('heading', { name: 'Warbixinta kharashaadka' }).first());
    // Stock bought too: 60 at 2.50 less the one returned.
    await visible(page.getByTestId('expenses-total').getByText('147.50'));
    await e2e.shot(page, 'purchases-09-expenses-somali');
    expect(e2e.pageErrors).toEqual([]);
  });
});
