// Journey: billing master data. The administrator adds a zone (a second one with the same name is refused
// on its field), a tariff of three consumption blocks for it whose live price preview shows the bill line
// by line as a consumption is typed (the same figures the server's calculator gives), a customer (a
// non-Somali phone number is refused on its field) with a house and meter, replaces the meter (the old
// number cannot be reused; the old meter's last consumption shows as the final reading is typed),
// disconnects the house with a reason and reconnects it (both in its history), and sees it all on the
// customer's page: the balance from the ledger (the opening balance), bills, payments and the statement.
// The demo cashier (customers, payments and statements) sees the customers without the actions and tabs
// they may not use. Then the screens once more in Somali.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, clock, demo, type E2E, signInAs, startE2E, visible } from './harness.ts';

const run = browserAvailable();
const year = clock.year();
const ZONE = 'Jigjiga Yar';
const TARIFF = 'Jigjiga Yar residential';
const CUSTOMER = 'Hodan Cabdi Warsame';

/** The signed-in page's own API call (bearer token from its storage). */
function apiCall(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/api${path}`, {
        method,
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
    { method, path, body },
  );
}

/** Opens a MUI select by its label and takes an option. */
async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

/** The text of each row of the price preview's table. */
async function previewLines(page: Page): Promise<string[]> {
  const table = page.getByRole('table', { name: /^Bill for / });
  await table.waitFor();
  return (await table.getByRole('row').allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim());
}

describe.skipIf(!run)('billing master data: zones, tariffs with the live preview, customers, houses and meters', () => {
  let e2e: E2E;
  let page: Page;
  let customerUrl = '';

  beforeAll(async () => {
    e2e = await startE2E();
    page = await e2e.newPage();
  });
  afterEach((ctx) => e2e?.afterEachTest(ctx));
  afterAll(async () => {
    await e2e?.close();
  });

  it('adds a zone with its branch and meter reader; the same name again is refused on its field', async () => {
    await signInAs(page, demo.admin);
    await page.goto('/#/customers/zones');
    await visible(page.getByRole('heading', { name: 'Zones', level: 2 }));
    for (const attempt of [1, 2]) {
      await page.getByRole('button', { name: 'Add zone' }).click();
      const dialog = page.getByRole('dialog', { name: 'New zone' });
      await dialog.getByLabel(/^Zone name/).fill(ZONE);
      await choose(page, /^Branch/, 'Main branch');
      await choose(page, /^Meter reader/, 'Demo Administrator');
      await dialog.getByLabel('Description').fill('East of the stadium');
      await dialog.getByRole('button', { name: 'Save' }).click();
      if (attempt === 1) {
        await dialog.waitFor({ state: 'hidden' });
        continue;
      }
      await visible(dialog.getByText('This value already exists.'));
      await e2e.shot(page, 'billing-01-zone-duplicate');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    }
    const row = page.getByRole('row').filter({ hasText: ZONE });
    expect(await row.innerText()).toContain('Main branch');
    expect(await row.innerText()).toContain('Demo Administrator');
    await visible(row.getByText('Active', { exact: true }));
    await e2e.shot(page, 'billing-02-zones');
  });

  it('builds a three-block tariff whose live preview prices a typed consumption line by line, as the server does', async () => {
    await page.goto('/#/customers/tariffs');
    await page.getByRole('button', { name: 'Add tariff' }).click();
    await page.waitForURL(/#\/customers\/tariffs\/new$/);
    await page.getByLabel(/^Tariff name/).fill(TARIFF);
    await choose(page, /^Customer class/, 'Residential');
    await choose(page, /^Zone/, ZONE);
    await page.getByLabel(/^Valid from/).fill(`${year}-01-01`);
    await page.getByLabel(/^Service charge/).fill('2');
    await page.getByLabel(/^Minimum charge/).fill('5');
    await page.getByLabel(/^Tax %/).fill('5');
    await page.getByLabel(/^Block 1 up to/).fill('10');
    await page.getByLabel(/^Block 1 rate/).fill('0.30');
    await page.getByRole('button', { name: 'Add block' }).click();
    await page.getByLabel(/^Block 2 up to/).fill('30');
    await page.getByLabel(/^Block 2 rate/).fill('0.45');
    await page.getByRole('button', { name: 'Add block' }).click();
    await page.getByLabel(/^Block 3 rate/).fill('0.60');
    expect(await page.getByTestId('block-range-1').innerText()).toBe('Above 0 up to 10 units');
    expect(await page.getByTestId('block-range-2').innerText()).toBe('Above 10 up to 30 units');
    expect(await page.getByTestId('block-range-3').innerText()).toBe('Above 30 units, no limit');

    // The preview follows the typed consumption.
    const consumption = page.getByLabel('Consumption (units)');
    await consumption.fill('42.5');
    await visible(page.getByRole('table', { name: 'Bill for 42.5 units' }));
    expect(await previewLines(page)).toEqual([
      'Line Calculation Amount',
      'Service charge 2.00',
      'Block 1: above 0 up to 10 units 10 × 0.3 3.00',
      'Block 2: above 10 up to 30 units 20 × 0.45 9.00',
      'Block 3: above 30 units 12.5 × 0.6 7.50',
      'Subtotal 21.50',
      'Tax 5% of 21.50 1.08',
      'Total 22.58',
    ]);
    await e2e.shot(page, 'billing-03-tariff-preview');
    await consumption.fill('4');
    await visible(page.getByRole('table', { name: 'Bill for 4 units' }));
    expect(await previewLines(page)).toEqual([
      'Line Calculation Amount',
      'Service charge 2.00',
      'Block 1: above 0 up to 10 units 4 × 0.3 1.20',
      'Top-up to the minimum charge of 5 1.80',
      'Subtotal 5.00',
      'Tax 5% of 5.00 0.25',
      'Total 5.25',
    ]);

    // A limit below its block's start: the field says why and the preview waits.
    await page.getByLabel(/^Block 2 up to/).fill('5');
    await visible(page.getByText('The upper limit must be above the start of the block.'));
    await visible(page.getByText('Complete the charges and the blocks', { exact: false }));
    await e2e.shot(page, 'billing-04-tariff-block-error');
    await page.getByLabel(/^Block 2 up to/).fill('30');
    await consumption.fill('42.5');
    expect(await page.getByTestId('preview-total').innerText()).toBe('22.58');

    await page.getByRole('button', { name: 'Save tariff' }).click();
    await page.waitForURL(/#\/customers\/tariffs$/);
    const row = page.getByRole('row').filter({ hasText: TARIFF });
    await visible(row.getByText('In force', { exact: true }));
    expect(await row.innerText()).toContain(ZONE);
    expect(await row.innerText()).toContain('Residential');
    await e2e.shot(page, 'billing-05-tariffs');

    // The server's calculator prices the saved tariff exactly as the preview did.
    const tariffs = await apiCall(page, 'GET', `/elc/prices?q=${encodeURIComponent(TARIFF)}`);
    const priced = await apiCall(page, 'POST', '/elc/pricing', { tariffId: tariffs.body.data[0].id, consumption: '42.5' });
    expect(priced.body).toMatchObject({ subtotal: '21.50', tax: '1.08', total: '22.58' });
  });

  it('adds a customer (a foreign phone number is refused on its field) and a house with its meter', async () => {
    await page.goto('/#/customers');
    await page.getByRole('button', { name: 'Add customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'New customer' });
    await dialog.getByLabel(/^Name/).fill(CUSTOMER);
    await dialog.getByLabel(/^Phone/).fill('+254 712 345678');
    await dialog.getByLabel(/^Address/).fill('Jigjiga Yar, street 4');
    await dialog.getByLabel(/^Opening balance/).fill('15.50');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(dialog.getByText('Enter a valid phone number', { exact: false }));
    await e2e.shot(page, 'billing-06-customer-phone-error');
    await dialog.getByLabel(/^Phone/).fill('061 5 123456');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/#\/customers\/\d+$/);
    customerUrl = new URL(page.url()).hash.slice(1);
    await visible(page.getByRole('heading', { name: CUSTOMER }));
    expect(await page.getByTestId('customer-number').innerText()).toMatch(/^C-\d{6}$/);
    await visible(page.getByText('0615123456'));
    await visible(page.getByText('This customer has no house yet. Add one with its meter.'));

    await page.getByRole('button', { name: 'Add house' }).click();
    const house = page.getByRole('dialog', { name: 'New house and meter' });
    expect(await house.getByRole('combobox', { name: /^Customer/ }).inputValue()).toContain(CUSTOMER);
    await choose(page, /^Zone/, ZONE);
    await house.getByLabel(/^House no\./).fill('JY-14');
    await house.getByLabel(/^Meter no\./).fill('JY-0001');
    await house.getByLabel(/^Installation reading/).fill('120');
    await e2e.shot(page, 'billing-07-house-form');
    await house.getByRole('button', { name: 'Save' }).click();
    await house.waitFor({ state: 'hidden' });
    const row = page.getByRole('row').filter({ hasText: 'JY-0001' });
    await visible(row.getByText('Connected', { exact: true }));
    expect(await row.innerText()).toContain(ZONE);
    expect(await row.innerText()).toContain(TARIFF);
    expect(await row.innerText()).toContain('None yet (installed at 120)');
    await e2e.shot(page, 'billing-08-customer-houses');
  });

  it("replaces the meter: the old number is refused, the old meter's last consumption shows as the final reading is typed", async () => {
    await page.getByRole('row').filter({ hasText: 'JY-0001' }).getByRole('button', { name: 'Replace meter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Replace meter JY-0001' });
    await dialog.getByLabel(/^Final reading/).fill('150.5');
    expect(await dialog.getByTestId('final-consumption').innerText()).toBe('Bills 30.5 units on the old meter.');
    await dialog.getByLabel(/^New meter no\./).fill('JY-0001');
    await dialog.getByRole('button', { name: 'Replace meter' }).click();
    await visible(dialog.getByText('A meter of the organisation already has this number.'));
    await e2e.shot(page, 'billing-09-replace-meter-taken');
    await dialog.getByLabel(/^New meter no\./).fill('JY-0002');
    await dialog.getByLabel(/^Initial reading/).fill('3');
    await dialog.getByRole('button', { name: 'Replace meter' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await visible(page.getByText('Meter JY-0001 was replaced by JY-0002.'));

    await page.getByRole('row').filter({ hasText: 'JY-0002' }).getByRole('button', { name: 'Open house' }).click();
    await page.waitForURL(/#\/customers\/houses\/\d+$/);
    await visible(page.getByRole('heading', { name: 'House JY-14 · meter JY-0002' }));
    const history = page.getByRole('table', { name: 'Meter history' });
    const rows = await history.getByRole('row').allInnerTexts();
    expect(rows).toHaveLength(3);
    expect(rows[1]).toContain('JY-0002');
    expect(rows[1]).toContain('Installed');
    expect(rows[2]).toContain('JY-0001');
    expect(rows[2]).toContain('150.5');
  });

  it('disconnects the house with a reason and reconnects it; both stay in its history', async () => {
    await page.getByRole('button', { name: 'Disconnect' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disconnect meter JY-0002?' });
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await visible(dialog.getByText('Say why the house is disconnected.'));
    await dialog.getByLabel(/^Reason/).fill('Unpaid for three months');
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const details = page.getByRole('region', { name: 'House details' });
    await visible(details.getByText('Disconnected', { exact: true }));
    await visible(page.getByRole('table', { name: 'Connection history' }).getByText('Unpaid for three months'));
    await e2e.shot(page, 'billing-10-house-disconnected');

    await page.getByRole('button', { name: 'Reconnect' }).click();
    const again = page.getByRole('dialog', { name: 'Reconnect meter JY-0002?' });
    await again.getByLabel(/^Reason/).fill('Paid in full');
    await again.getByRole('button', { name: 'Reconnect' }).click();
    await again.waitFor({ state: 'hidden' });
    await visible(details.getByText('Connected', { exact: true }));
    const history = await page.getByRole('table', { name: 'Connection history' }).getByRole('row').allInnerTexts();
    expect(history).toHaveLength(3);
    expect(history[1]).toContain('Paid in full');
    expect(history[2]).toContain('Unpaid for three months');
    expect(history[2]).toContain('admin');
    await e2e.shot(page, 'billing-11-house-page');
  });

  it("finds the customer by meter number and shows the house on the customer's page", async () => {
    await page.goto('/#/customers');
    await page.getByLabel('Search').fill('JY-0002');
    // The list first shows its cached page (the meter before the replacement) while the search loads.
    const row = page.getByRole('row').filter({ hasText: CUSTOMER }).filter({ hasText: 'JY-0002' });
    await visible(row);
    await expect.poll(() => page.getByRole('row').filter({ hasText: CUSTOMER }).count()).toBe(1);
    await row.click();
    await page.waitForURL(new RegExp(`#${customerUrl}$`));
    const house = page.getByRole('row').filter({ hasText: 'JY-0002' });
    await visible(house.getByText('Connected', { exact: true }));
    expect(await house.innerText()).toContain(TARIFF);
    await visible(page.getByTestId('customer-opening-balance').getByText('15.50'));
    // The opening balance is in the ledger: the customer owes it, and the statement shows it.
    expect(await page.getByTestId('customer-balance').innerText()).toBe('15.50 owed');
    await e2e.shot(page, 'billing-12-customer-page');
    await page.getByRole('tab', { name: 'Bills' }).click();
    await visible(page.getByText('No bills yet.'));
    await page.getByRole('tab', { name: 'Payments' }).click();
    await visible(page.getByText('No payments yet.'));
    await page.getByRole('tab', { name: 'Statement' }).click();
    await visible(page.getByRole('table', { name: 'Statement of account' }));
    expect(await page.getByTestId('statement-opening').innerText()).toBe('0.00');
    expect(await page.getByTestId('statement-closing').innerText()).toBe('15.50');
    await e2e.shot(page, 'billing-13-customer-statement');
    expect(new URL(page.url()).hash).toMatch(/\?tab=statement$/);
    await page.getByRole('tab', { name: 'Houses' }).click();

    await page.goto('/#/customers/houses');
    const listed = page.getByRole('row').filter({ hasText: 'JY-0002' });
    await visible(listed.getByText('Connected', { exact: true }));
    expect(await listed.innerText()).toMatch(/C-\d{6}/);
    expect(await listed.innerText()).toContain(CUSTOMER);
    await e2e.shot(page, 'billing-14-houses');
  });

  it('shows a cashier the customers with payments and statement but without the actions and tabs they may not use', async () => {
    const cashier = await e2e.newPage(await e2e.newContext());
    await signInAs(cashier, demo.cashier);
    await cashier.goto('/#/customers');
    const row = cashier.getByRole('row').filter({ hasText: CUSTOMER });
    await visible(row);
    await expect.poll(() => cashier.getByRole('button', { name: 'Add customer' }).count()).toBe(0);
    await expect.poll(() => row.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await expect.poll(() => row.getByRole('button', { name: 'Deactivate' }).count()).toBe(0);
    // What the customer owes, in the list itself (the opening balance, the only posting so far).
    await visible(cashier.getByRole('columnheader', { name: 'Balance' }));
    await visible(row.getByRole('cell', { name: '15.50', exact: true }));
    await row.click();
    await visible(cashier.getByRole('heading', { name: CUSTOMER }));
    expect(await cashier.getByTestId('customer-balance').innerText()).toBe('15.50 owed');
    await expect.poll(() => cashier.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    // A cashier receives payments and reads statements; houses and bill runs are not theirs.
    expect(await cashier.getByRole('tab').allInnerTexts()).toEqual(['Payments', 'Statement']);
    await visible(cashier.getByRole('link', { name: 'Receive payment' }));
    await e2e.shot(cashier, 'billing-15-cashier-customer');
    await cashier.goto('/#/customers/zones');
    await cashier.waitForURL(/#\/error\/403$/);
    await cashier.close();
  });

  it('shows the screens in Somali', async () => {
    await page.goto(`/#${customerUrl}`);
    await visible(page.getByRole('heading', { name: CUSTOMER }));
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'SO · Soomaali' }).click()]);
    await visible(page.getByRole('tab', { name: 'Guryaha' }));
    await visible(page.getByRole('row').filter({ hasText: 'JY-0002' }).getByText('Ku xiran', { exact: true }));
    expect(await page.getByTestId('customer-balance').innerText()).toBe('15.50 lagu leeyahay');
    await e2e.shot(page, 'billing-16-customer-page-somali');

    await page.goto('/#/customers/tariffs');
    await page.getByRole('row').filter({ hasText: TARIFF }).click();
    await page.waitForURL(/#\/customers\/tariffs\/\d+$/);
    await page.getByLabel('Isticmaalka (unug)').fill('42.5');
    const table = page.getByRole('table', { name: 'Biilka 42.5 unug' });
    await visible(table.getByText('Heerka 2: ka badan 10 ilaa 30 unug'));
    await visible(table.getByText('Canshuur 5% oo 21.50 ah'));
    expect(await page.getByTestId('preview-total').innerText()).toBe('22.58');
    await e2e.shot(page, 'billing-17-tariff-somali');

    await page.goto('/#/customers/houses');
    await visible(page.getByRole('heading', { name: 'Guryaha iyo mitirada', level: 2 }));
    await page.getByRole('row').filter({ hasText: 'JY-0002' }).getByRole('button', { name: 'Beddel mitirka' }).click();
    await visible(page.getByRole('dialog', { name: 'Beddel mitirka JY-0002' }));
    await e2e.shot(page, 'billing-18-replace-meter-somali');
    await page.getByRole('dialog').getByRole('button', { name: 'Jooji' }).click();

    await page.getByRole('banner').getByRole('combobox', { name: 'Luqadda' }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'EN · English' }).click()]);
    await visible(page.getByRole('heading', { name: 'Houses and meters', level: 2 }));
    expect(e2e.pageErrors).toEqual([]);
  });
});
