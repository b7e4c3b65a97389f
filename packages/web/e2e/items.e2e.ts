// Journey: items and stock. The administrator adds a stocked item (a second one with the same code is
// refused on its field), brings in opening stock and then more at another cost, takes some out (more
// than is on hand is refused, naming the item and the quantity), reads the item's stock per branch and
// its stock card with the running balance at the moving average, cancels an adjustment and moves stock
// to a new branch. Then the item list once more in Somali.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, demo, type E2E, signInAs, startE2E, visible } from './harness.ts';

const run = browserAvailable();
const CODE = 'MTR-1P';
const NAME = 'Prepaid meter single phase';

async function choose(page: Page, label: RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: option }).first().click();
}

/** Fills one line of the adjustment form (its item by code, quantity and, for what comes in, the cost). */
async function fillLine(page: Page, n: number, quantity: string, unitCost?: string) {
  const item = page.getByRole('combobox', { name: /^Item/ }).nth(n);
  await item.fill(CODE);
  await page.getByRole('option', { name: new RegExp(`^${CODE}`) }).click();
  await page
    .getByLabel(/^Quantity/)
    .nth(n)
    .fill(quantity);
  if (unitCost)
    await page
      .getByLabel(/^Unit cost/)
      .nth(n)
      .fill(unitCost);
}

async function newAdjustment(page: Page, kind: 'Opening stock' | 'Adjustment', lines: Array<[string, string?]>, reason?: string) {
  await page.goto('/#/items/adjustments/new');
  await visible(page.getByRole('heading', { name: 'New stock adjustment', level: 2 }));
  await choose(page, /^Kind/, kind);
  await choose(page, /^Branch/, 'Main branch');
  if (reason) await page.getByLabel(/^Reason/).fill(reason);
  for (const [i, [quantity, cost]] of lines.entries()) {
    if (i > 0) await page.getByRole('button', { name: 'Add line' }).click();
    await fillLine(page, i, quantity, cost);
  }
  await page.getByRole('button', { name: 'Post adjustment' }).click();
}

describe.skipIf(!run)('items and stock: the register, adjustments at moving average, the stock card', () => {
  let e2e: E2E;
  let page: Page;

  beforeAll(async () => {
    e2e = await startE2E();
    page = await e2e.newPage();
    await signInAs(page, demo.admin);
  });
  afterEach((ctx) => e2e?.afterEachTest(ctx));
  afterAll(async () => {
    await e2e?.close();
  });

  it('adds a stocked item with the default accounts; the same code again is refused on its field', async () => {
    await page.goto('/#/items/list');
    await visible(page.getByRole('heading', { name: 'Items list', level: 2 }));
    for (const attempt of [1, 2]) {
      await page.getByRole('button', { name: 'New item' }).click();
      const dialog = page.getByRole('dialog', { name: 'New item' });
      await dialog.getByLabel(/^Code/).fill(attempt === 1 ? CODE : CODE.toLowerCase());
      await dialog.getByLabel(/^Name/).fill(NAME);
      await dialog.getByLabel(/^Sale price/).fill('45');
      await dialog.getByLabel(/^Reorder level/).fill('5');
      await visible(dialog.getByText(/^Default: 1200 · Inventory/));
      await dialog.getByRole('button', { name: 'Save' }).click();
      if (attempt === 1) {
        await dialog.waitFor({ state: 'hidden' });
        continue;
      }
      await visible(dialog.getByText('This value already exists.'));
      await e2e.shot(page, 'items-01-duplicate-code');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    }
    const row = page.getByRole('row').filter({ hasText: CODE });
    expect(await row.innerText()).toContain('Stocked good');
    await visible(row.getByText('Reorder'));
  });

  it('brings in opening stock and more at another cost, and refuses taking out more than is on hand', async () => {
    await newAdjustment(page, 'Opening stock', [['10', '20']]);
    await page.waitForURL(/#\/items\/adjustments$/);
    await newAdjustment(page, 'Adjustment', [['5', '26']], 'Found in the yard');
    await page.waitForURL(/#\/items\/adjustments$/);
    await newAdjustment(page, 'Adjustment', [['-20']], 'Storm damage');
    await visible(page.getByText(`Not enough ${CODE} ${NAME} in stock: 15 on hand.`));
    await e2e.shot(page, 'items-02-not-enough-stock');
    await page
      .getByLabel(/^Quantity/)
      .first()
      .fill('-3');
    await page.getByRole('button', { name: 'Post adjustment' }).click();
    await page.waitForURL(/#\/items\/adjustments$/);
    const rows = page.getByRole('row').filter({ hasText: 'Main branch' });
    await visible(rows.filter({ hasText: 'Storm damage' }));
    expect(await rows.filter({ hasText: 'Storm damage' }).innerText()).toContain('-66.00');
    await e2e.shot(page, 'items-03-adjustments');
  });

  it("shows the item's stock per branch and its stock card with the running balance", async () => {
    await page.goto('/#/items/list');
    await page.getByRole('row').filter({ hasText: CODE }).click();
    await visible(page.getByRole('heading', { name: `${CODE} · ${NAME}`, level: 2 }));
    const stock = page.getByRole('region', { name: 'Stock per branch' });
    await visible(stock.getByText('264.00'));
    const card = page.getByRole('row');
    await visible(card.filter({ hasText: 'Opening stock' }));
    const lines = (await card.allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim()).filter((r) => /Opening stock|Adjustment/.test(r));
    expect(lines.length).toBe(3);
    expect(lines[0]).toMatch(/Opening stock SA-\d{6} Main branch 10 20\.00 200\.00 10 200\.00$/);
    expect(lines[1]).toMatch(/Adjustment SA-\d{6} Main branch 5 26\.00 130\.00 15 330\.00$/);
    expect(lines[2]).toMatch(/Adjustment SA-\d{6} Main branch 3 22\.00 -66\.00 12 264\.00$/);
    await e2e.shot(page, 'items-04-stock-card');
  });

  it('cancels an adjustment: the stock goes back at the values it moved with', async () => {
    await page.goto('/#/items/adjustments');
    const row = page.getByRole('row').filter({ hasText: 'Found in the yard' });
    await row.getByRole('button', { name: 'Cancel adjustment' }).click();
    const dialog = page.getByRole('dialog', { name: /^Cancel SA-/ });
    await dialog.getByLabel(/^Why is it cancelled/).fill('Counted twice');
    await dialog.getByRole('button', { name: 'Cancel adjustment' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await visible(row.getByText('Cancelled'));
    await page.goto('/#/items/list');
    const item = page.getByRole('row').filter({ hasText: CODE });
    await visible(item.getByText('134.00'));
  });

  it('moves stock to another branch at its average cost; the item shows both branches', async () => {
    const branch = await page.evaluate(async () => {
      const res = await fetch('/api/elc/branches', {
        method: 'POST',
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Berbera store', address: 'Port road' }),
      });
      return res.status;
    });
    expect(branch).toBe(201);
    await page.goto('/#/items/transfers/new');
    await visible(page.getByRole('heading', { name: 'New stock transfer', level: 2 }));
    await choose(page, /^From branch/, 'Main branch');
    await choose(page, /^To branch/, 'Berbera store');
    await fillLine(page, 0, '2');
    await page.getByRole('button', { name: 'Post transfer' }).click();
    await page.waitForURL(/#\/items\/transfers$/);
    const row = page.getByRole('row').filter({ hasText: 'Berbera store' });
    // 7 on hand worth 134.00: two leave at 134.00 x 2 / 7.
    expect(await row.innerText()).toContain('38.29');
    await page.goto('/#/items/list');
    await page.getByRole('row').filter({ hasText: CODE }).click();
    const stock = page.getByRole('region', { name: 'Stock per branch' });
    await visible(stock.getByText('Berbera store'));
    expect((await stock.getByRole('row').allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim())).toEqual([
      'Branch On hand Average cost Stock value',
      'Berbera store 2 19.15 38.29',
      'Main branch 5 19.14 95.71',
      'Total 7 134.00',
    ]);
    await e2e.shot(page, 'items-05-transfer');
  });

  it('shows the item list in Somali', async () => {
    await page.goto('/#/items/list');
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'SO · Soomaali' }).click()]);
    await visible(page.getByRole('heading', { name: 'Liiska alaabta', level: 2 }));
    await visible(page.getByRole('row').filter({ hasText: CODE }).getByText('Alaab bakhaar lagu hayo'));
    await e2e.shot(page, 'items-06-list-somali');
  });
});
