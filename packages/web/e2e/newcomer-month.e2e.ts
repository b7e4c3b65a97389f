// Journey: a newcomer's month on the demo utility (three billed months, this month's readings entered but
// one market house unread). The administrator reads the last house on the sheet (a spike against its
// average, refused until confirmed), makes the month's bill run in the middle of the month, and receives
// part of one customer's balance at the counter. Right after, the customer's header balance, statement
// and ageing row tell the same figure to the cent, the ageing's total is the dashboard's outstanding,
// and the dashboard's billed is the run: the bills are dated the day they were issued, not the period's
// end. Then the same figures on the same screens in Somali, with Somali month names.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { MONTH_NAMES } from '../../contracts/src/common/calendar.ts';
import { browserAvailable, clock, demo, type E2E, signInAs, startE2E, visible } from './harness.ts';

const run = browserAvailable();
const MARKET = 'Bakaara Market';

/** The signed-in page's own API call (bearer token from its storage); fails on an error answer. */
async function apiCall<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
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
  return res.body as T;
}

/** '1,234.56' or '-30.00' (with or without a currency sign or a word after) -> cents. */
const cents = (screen: string) => Math.round(Number((/-?[\d,]+\.\d{2}/.exec(screen)?.[0] ?? 'NaN').replace(/,/g, '')) * 100);

/** Waits until the locator shows the amount (a screen may first show what it had, then the server's answer). */
async function showsCents(locator: Locator, expected: number) {
  await expect.poll(async () => cents(await locator.innerText()), { timeout: 15_000 }).toBe(expected);
}

describe.skipIf(!run)("a newcomer's month: readings, run, partial payment, and every screen agreeing", () => {
  let e2e: E2E;
  let page: Page;
  let period = '';
  let customerId = 0;
  let customerName = '';
  /** What the customer owes after the payment, and what all customers owe, in cents. */
  let owed = 0;
  let receivable = 0;
  let runTotal = 0;

  beforeAll(async () => {
    e2e = await startE2E({ prepare: async (p) => void (await p.admin('seed-demo-utility')) });
    page = await e2e.newPage();
  });
  afterEach((ctx) => e2e?.afterEachTest(ctx));
  afterAll(async () => {
    await e2e?.close();
  });

  it('reads the last house of the month: a spike is refused until confirmed', async () => {
    await signInAs(page, demo.admin);
    period = (await apiCall<{ month: string }>(page, 'GET', '/billing-reports/dashboard')).month;
    const zones = await apiCall<{ data: Array<{ id: number; name: string }> }>(page, 'GET', `/elc/zones?q=${encodeURIComponent(MARKET)}`);
    const zoneId = zones.data.find((z) => z.name === MARKET)?.id as number;
    const sheet = await apiCall<{
      rows: Array<{ houseNo: string; customerId: number; customerName: string; previousReading: string; averageConsumption: string; reading: unknown }>;
    }>(page, 'GET', `/elc/reads/sheet?period=${period}&zoneId=${zoneId}`);
    const unread = sheet.rows.filter((r) => r.reading === null);
    expect(unread).toHaveLength(1);
    const house = unread[0];
    customerId = house.customerId;
    customerName = house.customerName;
    // Four times the house's average: a spike.
    const current = String(Number(house.previousReading) + Math.round(Number(house.averageConsumption) * 4));

    await page.goto(`/#/customers/readings?period=${period}&zoneId=${zoneId}`);
    await page.getByLabel(`Current reading of house ${house.houseNo}`).fill(current);
    const row = page.locator('tr[data-house]').filter({ hasText: house.houseNo });
    await visible(row.getByText('Spike', { exact: true }));
    await page.getByRole('button', { name: 'Save readings' }).click();
    await visible(row.getByTestId(/^row-error-/));
    await row.getByLabel(`Confirm the reading of house ${house.houseNo}`).check();
    await page.getByRole('button', { name: 'Save readings' }).click();
    await visible(page.getByText('1 reading saved.'));
    await e2e.shot(page, 'newcomer-01-readings');
  });

  it('makes the bill run of the month in the middle of it', async () => {
    await page.goto(`/#/customers/batch-bill?period=${period}`);
    await page.getByRole('button', { name: 'Preview' }).click();
    await visible(page.getByTestId('preview-totals').filter({ hasText: /^30 of 30 houses billed/ }));
    await page.getByRole('button', { name: 'Save the run' }).click();
    await page.getByRole('dialog', { name: 'Save the bill run?' }).getByRole('button', { name: 'Save the run' }).click();
    await visible(page.getByTestId('run-job').getByText(/^Done: 30 bills, total /));
    await e2e.shot(page, 'newcomer-02-run');
    const runs = await apiCall<{ data: Array<{ period: string; status: string; total: string }> }>(page, 'GET', `/bills/runs?period=${period}`);
    runTotal = runs.data.filter((r) => r.status === 'Posted').reduce((sum, r) => sum + cents(r.total), 0);
    const [bill] = (await apiCall<{ data: Array<{ billDate: string; status: string }> }>(page, 'GET', `/bills?customerId=${customerId}&period=${period}`)).data;
    // Dated the day it was issued, so every report "as of today" has it.
    expect(bill.billDate).toBe(clock.today());
  });

  it("receives part of the customer's balance at the counter", async () => {
    await page.goto(`/#/customers/${customerId}`);
    const before = cents(await page.getByTestId('customer-balance').innerText());
    expect(before).toBeGreaterThan(1000);
    await page.getByRole('region', { name: 'Customer details' }).getByRole('link', { name: 'Receive payment' }).click();
    await page.waitForURL(/#\/customers\/payment$/);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('inputmode')), { timeout: 15_000 }).toBe('decimal');
    await page.keyboard.type('10');
    await page.getByRole('button', { name: 'Receive payment' }).click();
    await page.waitForURL(/#\/customers\/payments\/\d+$/);
    expect(await page.getByTestId('receipt-amount').innerText()).toBe('$10.00');
    owed = before - 1000;
    expect(cents(await page.getByTestId('receipt-balance-after').innerText())).toBe(owed);
    await e2e.shot(page, 'newcomer-03-receipt');
  });

  /** Header balance, statement and ageing row of the customer; ageing total and dashboard of all. */
  async function agreeEverywhere(lang: 'en' | 'so') {
    await page.goto(`/#/customers/${customerId}`);
    await showsCents(page.getByTestId('customer-balance'), owed);
    await e2e.shot(page, `newcomer-04-${lang}-header`);

    await page.goto(`/#/Sales-reports/customer-transaction?customerId=${customerId}`);
    await showsCents(page.getByTestId('statement-closing'), owed);
    await e2e.shot(page, `newcomer-05-${lang}-statement`);

    await page.goto('/#/Sales-reports/customer-aging');
    const row = page.getByTestId(`aging-row-${customerId}`);
    await visible(row);
    await showsCents(row.getByRole('cell').last(), owed);
    receivable = cents(await page.getByTestId('aging-total-total').innerText());
    await e2e.shot(page, `newcomer-06-${lang}-ageing`);

    await page.goto('/#/dashboard');
    const widget = page.getByTestId('dashboard-widget-billing');
    await showsCents(widget.getByTestId('billing-card-outstanding-value'), receivable);
    await showsCents(widget.getByTestId('billing-card-billed-value'), runTotal);
    const month = MONTH_NAMES[lang][Number(period.slice(5, 7)) - 1];
    await visible(widget.getByRole('heading', { name: new RegExp(`${month} ${period.slice(0, 4)}`) }));
    await widget.scrollIntoViewIfNeeded();
    await e2e.shot(page, `newcomer-07-${lang}-dashboard`);
  }

  it('shows the same figures in the header, statement, ageing and dashboard', async () => {
    await agreeEverywhere('en');
    expect(receivable).toBeGreaterThan(owed);
  });

  it('shows them again in Somali', async () => {
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'SO · Soomaali' }).click()]);
    await visible(page.getByRole('banner').getByRole('combobox', { name: 'Luqadda' }));
    const english = receivable;
    await agreeEverywhere('so');
    expect(receivable).toBe(english);
    expect(customerName).not.toBe('');
    expect(e2e.pageErrors).toEqual([]);
  });
});
