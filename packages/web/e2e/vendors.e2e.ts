// Journey: vendors. The administrator adds a vendor with an opening balance (posted), finds it on the
// vendors list with what is owed, opens its page (the opening balance as its open bill, the statement),
// pays part of it on Pay bill (oldest first), reads the payment voucher and downloads its PDF, sees the
// balance go down on the vendor's page, reads the vendor transactions and the vendor summary with its
// ageing; then the vendor summary in Somali.
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, demo, type E2E, signInAs, startE2E, visible } from './harness.ts';

const run = browserAvailable();
const NAME = 'Somcable Supplies';

async function choose(page: Page, label: RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: option }).first().click();
}

describe.skipIf(!run)('vendors: register with an opening balance, pay bill, vendor page and summary', () => {
  let e2e: E2E;
  let page: Page;
  let vendorUrl = '';

  beforeAll(async () => {
    e2e = await startE2E();
    page = await e2e.newPage();
    await signInAs(page, demo.admin);
  });
  afterEach((ctx) => e2e?.afterEachTest(ctx));
  afterAll(async () => {
    await e2e?.close();
  });

  it('adds a vendor with an opening balance and sees it on the list with what is owed', async () => {
    await page.goto('/#/vendors');
    await visible(page.getByRole('heading', { name: 'Vendors list', level: 2 }));
    await page.getByRole('button', { name: 'New vendor' }).click();
    const dialog = page.getByRole('dialog', { name: 'New vendor' });
    await dialog.getByLabel(/^Name/).fill(NAME);
    await dialog.getByLabel(/^Contact person/).fill('Amina Warsame');
    await dialog.getByLabel(/^Phone/).fill('+252 63 4411223');
    await dialog.getByLabel(/^Payment terms/).fill('45');
    await dialog.getByLabel(/^Opening balance$/).fill('1200');
    await e2e.shot(page, 'vendors-01-form');
    await dialog.getByRole('button', { name: 'Save' }).click();
    // An opening balance needs its date: refused on the field, nothing saved.
    await visible(dialog.getByText('Enter the date of the opening balance.'));
    await dialog.getByLabel(/^Opening balance date/).fill('15/01/2026');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('row').filter({ hasText: NAME });
    await visible(row);
    await expect(row.textContent()).resolves.toMatch(/1.200\.00/);
    await e2e.shot(page, 'vendors-02-list');
  });

  it("opens the vendor's page: the opening balance is its open bill and on its statement", async () => {
    await page.getByRole('row').filter({ hasText: NAME }).getByText(NAME).click();
    await visible(page.getByRole('heading', { name: new RegExp(`${NAME}$`), level: 2 }));
    vendorUrl = page.url();
    await expect(page.getByTestId('vendor-balance').textContent()).resolves.toMatch(/1.200\.00/);
    await visible(page.getByRole('table', { name: 'Open bills' }).getByText('Opening balance'));
    await expect(page.getByTestId('statement-closing').textContent()).resolves.toMatch(/1.200\.00/);
    await e2e.shot(page, 'vendors-03-page');
  });

  it('pays part of it on Pay bill and reads the voucher; the balance goes down', async () => {
    await page.getByRole('button', { name: 'Pay bill' }).click();
    await visible(page.getByRole('heading', { name: 'Pay bill', level: 2 }));
    await visible(page.getByTestId('pay-open-total').filter({ hasText: /1.200\.00/ }));
    await page.getByLabel(/^Amount/).fill('500');
    await choose(page, /^Pay from/, /Cash/);
    await e2e.shot(page, 'vendors-04-pay-bill');
    await page.getByRole('button', { name: 'Pay vendor' }).click();
    const voucher = page.getByTestId('payment-voucher');
    await visible(voucher.getByText('Payment voucher'));
    await expect(page.getByTestId('voucher-number').textContent()).resolves.toMatch(/^PV-\d{6}$/);
    await visible(voucher.getByRole('cell', { name: 'Opening balance' }));
    await e2e.shot(page, 'vendors-05-voucher');
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'PDF' }).click()]);
    expect(pdf.suggestedFilename()).toMatch(/^payment-voucher-PV-\d{6}\.pdf$/);
    expect(
      readFileSync((await pdf.path()) ?? '')
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await page.goto(vendorUrl);
    await visible(page.getByTestId('vendor-balance').filter({ hasText: /^700\.00$/ }));
    // The vendor's payments list has it (a row with the paying account), beside the statement's line.
    await visible(page.getByRole('row').filter({ hasText: /^PV-\d{6}.*Cash on hand/ }));
    await e2e.shot(page, 'vendors-05b-page-after-payment');
  });

  it('refuses more than the open bills without confirmation, on the amount; pays by hand, the rest stays as credit', async () => {
    await page.goto(`/#/vendors/pay-bill?vendorId=${new URL(vendorUrl).hash.split('/').pop()}`);
    await visible(page.getByTestId('pay-open-total').filter({ hasText: /700\.00/ }));
    await page.getByLabel(/^Amount/).fill('900');
    await choose(page, /^Pay from/, /Cash/);
    await page.getByRole('button', { name: 'Pay vendor' }).click();
    await visible(page.getByText(/more than the open bills \(700\.00\)/));
    await e2e.shot(page, 'vendors-06-overpay-refused');
    await page.getByLabel(/^Amount/).fill('150');
    await page.getByRole('button', { name: 'By hand' }).click();
    await page.getByLabel('Pay V-0001').fill('100');
    await visible(page.getByText(/Left as vendor credit: 50\.00/));
    await page.getByRole('button', { name: 'Pay vendor' }).click();
    await visible(page.getByTestId('voucher-unallocated').filter({ hasText: /^50\.00$/ }));
    await page.goto(vendorUrl);
    await visible(page.getByTestId('vendor-balance').filter({ hasText: /^550\.00$/ }));
    await visible(page.getByTestId('vendor-open-total').filter({ hasText: /^600\.00$/ }));
  });

  it('reads the vendor transactions: the opening balance, the payment and the running balance', async () => {
    await page.goto('/#/Sales-reports/vendor-transaction?startDate=2026-01-01&endDate=2026-12-31');
    await visible(page.getByRole('heading', { name: /^Vendor transactions: All vendors/, level: 2 }));
    await visible(
      page
        .getByRole('row')
        .filter({ hasText: /^.*Opening balance.*1,200\.00.*$/ })
        .first(),
    );
    await visible(page.getByTestId('transaction-closing').filter({ hasText: /^550\.00$/ }));
    await e2e.shot(page, 'vendors-07-transactions');
  });

  it('reads the vendor summary with the ageing, then in Somali', async () => {
    await page.goto('/#/Sales-reports/vendor-summary?startDate=2026-01-01&endDate=2026-12-31');
    await visible(page.getByRole('heading', { name: /^Vendor summary/, level: 2 }));
    const row = page.getByRole('row').filter({ hasText: NAME });
    await visible(row);
    const text = (await row.textContent()) ?? '';
    expect(text).toMatch(/1.200\.00/);
    expect(text).toMatch(/650\.00/);
    expect(text).toMatch(/550\.00/);
    await e2e.shot(page, 'vendors-08-summary');

    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'SO · Soomaali' }).click()]);
    await visible(page.getByRole('heading', { name: /^Soo koobidda iibiyeyaasha/, level: 2 }));
    await visible(page.getByRole('columnheader', { name: 'La bixiyay' }));
    await e2e.shot(page, 'vendors-09-summary-somali');
    expect(e2e.pageErrors).toEqual([]);
  });
});
