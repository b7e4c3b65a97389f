// Journey: purchasing. A vendor exists (written before the server starts: the vendor register is another
// module's) and a stocked item is added. The administrator orders 100 of it, approves the order (who and
// when shown), receives 60 of it (120 is refused on the line: only 100 are expected), sees the order partly
// received with the vendor bill its receipt made, opens the bill (stock in at cost, the payable open),
// returns one item against it (a debit note: the bill's open amount goes down), and reads the order once
// more in Somali.
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

  beforeAll(async () => {
    e2e = await startE2E({
      prepare: async (p) => {
        await p.exec(`
          insert into vendors (client_id, number, name, payment_terms_days, default_expense_account_id)
          select c.id, 'V-0001', '${VENDOR}', 30, a.id from clients c join accounts a on a.client_id = c.id and a.code = '6100' where c.code = 1000`);
      },
    });
    page = await e2e.newPage();
    await signInAs(page, demo.admin);
    const status = await page.evaluate(async (code) => {
      const res = await fetch('/api/elc/items', {
        method: 'POST',
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ code, name: 'Cable 16mm copper', kind: 'stock', purchasePrice: '2.50', salePrice: '4.00' }),
      });
      return res.status;
    }, CODE);
    expect(status).toBe(201);
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
