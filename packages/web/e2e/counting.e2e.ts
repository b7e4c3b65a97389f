// Journey: count the store and post the difference. Two stocked goods in a category with stock (through
// the API), a count started for that category at the main branch, the counted quantities typed in the
// grid with the keyboard after a CSV file with an unknown code was refused naming its row (the difference and its value follow each key), saved and posted as one stock
// adjustment; the posted count is read-only. Then the item transaction report (the stock card as a report)
// and stock on hand and value show the counted stock, and the count sheet once more in Somali.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, demo, type E2E, signInAs, startE2E, visible } from './harness.ts';

const run = browserAvailable();

async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json();
    },
    { method, path, body },
  ) as Promise<T>;
}

describe.skipIf(!run)('inventory counting: count the store, post the difference, read the stock reports', () => {
  let e2e: E2E;
  let page: Page;
  let cable: { id: number };
  let branchId: number;

  beforeAll(async () => {
    e2e = await startE2E();
    page = await e2e.newPage();
    await signInAs(page, demo.admin);
    const choices = await api<{ branches: Array<{ id: number; name: string }> }>(page, 'GET', '/api/elc/items/choices');
    branchId = (choices.branches.find((b) => b.name === 'Main branch') ?? choices.branches[0]).id;
    const category = await api<{ id: number }>(page, 'POST', '/api/categories', { name: 'Counted store' });
    cable = await api(page, 'POST', '/api/elc/items', { code: 'CBL-16', name: 'Cable 16 mm', kind: 'stock', categoryId: category.id });
    const breaker = await api<{ id: number }>(page, 'POST', '/api/elc/items', { code: 'BRK-32', name: 'Breaker 32 A', kind: 'stock', categoryId: category.id });
    await api(page, 'POST', '/api/elc/stock-adjustments', {
      kind: 'opening',
      branchId,
      date: '2026-01-02',
      lines: [
        { itemId: cable.id, quantity: '100', unitCost: '2.50' },
        { itemId: breaker.id, quantity: '10', unitCost: '12.00' },
      ],
    });
  });
  afterEach((ctx) => e2e?.afterEachTest(ctx));
  afterAll(async () => {
    await e2e?.close();
  });

  it('starts a count of the category: the system quantities are frozen on the sheet', async () => {
    await page.goto('/#/reports/inventory-counting');
    await visible(page.getByRole('heading', { name: 'Inventory counting', level: 2 }));
    await page.getByRole('button', { name: 'New count' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start a count' });
    await dialog.getByRole('combobox', { name: /^Branch/ }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'Main branch' }).click();
    await dialog.getByRole('combobox', { name: /^Category/ }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'Counted store' }).click();
    await dialog.getByLabel(/^Count date/).fill('2026-02-01');
    await dialog.getByRole('button', { name: 'Start count' }).click();
    await page.waitForURL(/#\/reports\/inventory-counting\/\d+$/);
    await visible(page.getByRole('heading', { name: /^Count IC-\d{6}$/, level: 2 }));
    const rows = (await page.getByRole('row').allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim());
    expect(rows.some((r) => /BRK-32 Breaker 32 A 10 12\.00/.test(r))).toBe(true);
    expect(rows.some((r) => /CBL-16 Cable 16 mm 100 2\.50/.test(r))).toBe(true);
  });

  it('refuses a CSV file with an unknown code, naming its row, and changes nothing', async () => {
    await page.getByTestId('count-csv').setInputFiles({ name: 'count.csv', mimeType: 'text/csv', buffer: Buffer.from('code,counted\nBRK-32,9\nNOPE-1,4\n') });
    await visible(page.getByText('Row 3: no item with code "NOPE-1" on this sheet.'));
    await visible(page.getByText('0 of 2 counted'));
    await e2e.shot(page, 'counting-00-csv-refused');
  });

  it('takes the counts from the keyboard: Enter goes down, letters are refused, differences and their value follow', async () => {
    const first = page.getByRole('textbox', { name: /^Counted quantity of BRK-32/ });
    await first.focus();
    await page.keyboard.type('9x');
    await page.keyboard.press('Enter');
    await page.keyboard.type('96.5');
    await expect(first.inputValue()).resolves.toBe('9');
    await expect(page.getByRole('textbox', { name: /^Counted quantity of CBL-16/ }).inputValue()).resolves.toBe('96.5');
    // -1 x 12.00 and -3.5 x 2.50.
    await visible(page.getByTestId('count-total').getByText('-20.75'));
    await e2e.shot(page, 'counting-01-grid');
    await page.keyboard.press('Control+Enter');
    await visible(page.getByText('Counts saved.'));
    await visible(page.getByText('2 of 2 counted'));
  });

  it('posts the count as one stock adjustment; the posted count is read-only', async () => {
    await page.getByRole('button', { name: 'Post count' }).click();
    const confirm = page.getByRole('dialog', { name: /^Post count IC-/ });
    await visible(confirm.getByText(/-20\.75/));
    await confirm.getByRole('button', { name: 'Post count' }).click();
    await visible(page.getByTestId('count-status').getByText('Posted'));
    await visible(page.getByTestId('count-adjustment'));
    await expect.poll(() => page.getByRole('textbox', { name: /^Counted quantity/ }).count()).toBe(0);
    await expect(page.getByRole('button', { name: 'Post count' }).count()).resolves.toBe(0);
    await e2e.shot(page, 'counting-02-posted');
    await page.goto('/#/items/adjustments');
    const row = page.getByRole('row').filter({ hasText: 'Stock count' });
    await visible(row.first());
    expect(await row.first().innerText()).toContain('-20.75');
  });

  it('reads the stock card report of the cable and stock on hand and value', async () => {
    await page.goto(`/#/Sales-reports/item-transaction?itemId=${cable.id}`);
    await visible(page.getByRole('heading', { name: 'Item transactions: CBL-16 Cable 16 mm', level: 2 }));
    await visible(page.getByTestId('card-closing').getByText('96.5'));
    await visible(page.getByTestId('card-closing-value').getByText('241.25'));
    const lines = (await page.getByRole('row').allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim());
    expect(lines.some((r) => /Opening stock SA-\d{6} Main branch 100 100 2\.50/.test(r))).toBe(true);
    expect(lines.some((r) => /Adjustment SA-\d{6} Main branch 3\.5 96\.5/.test(r))).toBe(true);
    await e2e.shot(page, 'counting-03-item-transaction');

    await page.goto('/#/items/stock-on-hand');
    await visible(page.getByRole('heading', { name: 'Stock on hand and value', level: 2 }));
    const cableRow = page.getByRole('row').filter({ hasText: 'CBL-16' });
    expect((await cableRow.innerText()).replace(/\s+/g, ' ')).toContain('96.5 2.50 241.25');
    const breakerRow = page.getByRole('row').filter({ hasText: 'BRK-32' });
    expect((await breakerRow.innerText()).replace(/\s+/g, ' ')).toContain('9 12.00 108.00');
    await e2e.shot(page, 'counting-04-stock-on-hand');
    // As at a day before the opening stock: nothing.
    await page.goto('/#/items/stock-on-hand?date=2026-01-01');
    await visible(page.getByText('Nothing on hand at this date.'));
  });

  it('shows the count sheet in Somali', async () => {
    await page.goto('/#/reports/inventory-counting');
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'SO · Soomaali' }).click()]);
    await visible(page.getByRole('heading', { name: 'Tirinta bakhaarka', level: 2 }));
    await page.getByRole('row').filter({ hasText: 'IC-' }).first().click();
    await visible(page.getByTestId('count-status').getByText('La dhigay'));
    await visible(page.getByRole('columnheader', { name: 'Tirada nidaamka' }));
    await e2e.shot(page, 'counting-05-somali');
    expect(e2e.pageErrors).toEqual([]);
  });
});
