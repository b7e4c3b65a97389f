// Journey: customer payments. The administrator bills three customers for two months (tariff, zone,
// houses, readings and two bill runs through the API), then a cashier's day: receives a partial payment
// at the counter (the customer found by phone, the oldest bill paid first, the rest on the next one),
// sees the receipt with the amount in words and prints it on A5; receives the day's mobile money
// statement as a CSV file (a phone nobody has is resolved by picking the customer, a repeated reference
// is flagged and left out); cancels the counter payment and sees the customer's balance restored;
// moves a balance between two customers; and looks at the screens once in Somali.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, clock, demo, type E2E, screenshotDir, signInAs, startE2E, visible } from './harness.ts';

const run = browserAvailable();

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

async function ok(page: Page, method: string, path: string, body?: unknown) {
  const res = await apiCall(page, method, path, body);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Two months before and one month before the current one, as YYYY-MM. */
function periods(): [string, string] {
  return [clock.monthBefore(2), clock.monthBefore(1)];
}

/** Types into a customer picker and takes the highlighted match with Enter. */
async function pickCustomer(page: Page, name: string | RegExp, text: string, expect?: string) {
  const box = page.getByRole('combobox', { name });
  await box.fill(text);
  await page
    .getByRole('listbox')
    .getByRole('option', { name: new RegExp(expect ?? text) })
    .first()
    .waitFor();
  await box.press('Enter');
}

const amountBox = (page: Page) => page.getByRole('textbox', { name: /^(Amount|Lacag)(\s*\*)?$/ });

describe.skipIf(!run)('customer payments: receive, receipt, batch from a statement, cancel, balance transfer', () => {
  let e2e: E2E;
  let page: Page;
  const [first, second] = periods();

  beforeAll(async () => {
    e2e = await startE2E();
    page = await e2e.newPage();
    await signInAs(page, demo.admin);
    // Bills for three customers: 2.00 service charge and 1.00 a unit.
    await ok(page, 'POST', '/elc/prices', {
      name: 'Flat',
      customerClass: 'residential',
      effectiveFrom: '2020-01-01',
      serviceCharge: '2',
      taxPercent: '0',
      blocks: [{ from: '0', to: null, rate: '1' }],
    });
    const branch = (await ok(page, 'GET', '/elc/branches')).data[0];
    const zone = await ok(page, 'POST', '/elc/zones', { name: 'Hodan', branchId: branch.id });
    const people = [
      { name: 'Amina Warsame', phone: '0634411223', units: [10, 20] }, // bills 12.00 and 22.00
      { name: 'Bashir Ali', phone: '0615777888', units: [5, 5] }, // 7.00 and 7.00
      { name: 'Casho Nur', phone: '0907111222', units: [3, 3] }, // 5.00 and 5.00
    ];
    for (const [i, p] of people.entries()) {
      const c = await ok(page, 'POST', '/elc/customers', { name: p.name, phone: p.phone, customerClass: 'residential' });
      const house = await ok(page, 'POST', '/elc/houses', {
        customerId: c.id,
        zoneId: zone.id,
        houseNo: `H-${i + 1}`,
        meterNumber: `MTR-${i + 1}`,
        meterDigits: 5,
        installationReading: '0',
        installationDate: '2020-01-01',
      });
      await ok(page, 'POST', '/elc/reads', { houseId: house.id, period: first, readingDate: `${first}-28`, currentReading: String(p.units[0]) });
      await ok(page, 'POST', '/elc/reads', { houseId: house.id, period: second, readingDate: `${second}-28`, currentReading: String(p.units[0] + p.units[1]) });
    }
    await ok(page, 'POST', '/bills/saveCustomersBill', { period: first });
    await ok(page, 'POST', '/bills/saveCustomersBill', { period: second });
  });
  afterEach((ctx) => e2e?.afterEachTest(ctx));
  afterAll(async () => {
    await e2e?.close();
  });

  it('receives a partial payment: the oldest bill first, the rest on the next, then the receipt and its print', async () => {
    await page.goto('/#/customers/payment');
    await visible(page.getByRole('heading', { name: 'Receive payment' }).first());
    // Found by phone in another notation; Enter picks and moves to the amount.
    await pickCustomer(page, /^Customer/, '+252634411223', 'Amina Warsame');
    await visible(page.getByTestId('customer-balance').getByText('Owes 34.00'));
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('inputmode'))).toBe('decimal');
    await page.keyboard.type('20');
    const bills = page.getByRole('table', { name: 'Open bills' });
    await visible(bills.getByRole('row'));
    const inputs = bills.getByRole('textbox', { name: /^Amount put on bill/ });
    await expect.poll(() => inputs.count()).toBe(2);
    expect(await inputs.nth(0).inputValue()).toBe('12.00');
    expect(await inputs.nth(1).inputValue()).toBe('8.00');
    expect(await page.getByTestId('credit-left').innerText()).toBe('0.00');
    await visible(page.getByTestId('balance-after').getByText('Owes 14.00'));

    // A bill takes no more than it owes; Oldest first puts the proposal back.
    await inputs.nth(0).fill('13');
    await visible(bills.getByText("More than the bill's open amount."));
    await page.getByRole('button', { name: 'Oldest first' }).click();
    expect(await inputs.nth(0).inputValue()).toBe('12.00');
    await page.getByRole('textbox', { name: 'Reference' }).fill('DESK-1');
    await e2e.shot(page, 'payments-01-receive-allocation');

    await page.getByRole('button', { name: 'Receive payment' }).click();
    await page.waitForURL(/#\/customers\/payments\/\d+$/);
    await visible(page.getByRole('heading', { name: 'Receipt RC-000001' }));
    expect(await page.getByTestId('receipt-number').innerText()).toBe('RC-000001');
    expect(await page.getByTestId('receipt-customer').innerText()).toBe('Amina Warsame');
    expect(await page.getByTestId('receipt-amount').innerText()).toBe('$20.00');
    expect(await page.getByTestId('receipt-words').innerText()).toBe('Twenty dollars only');
    expect(await page.getByTestId('receipt-balance-after').innerText()).toBe('Owes 14.00');
    const paid = page.getByRole('table', { name: 'Bills paid' });
    await expect.poll(() => paid.getByRole('row').count()).toBe(4); // header, two bills, credit
    await visible(paid.getByRole('cell', { name: first }));
    await visible(paid.getByRole('cell', { name: '8.00' }));
    await e2e.shot(page, 'payments-02-receipt');

    // On paper: only the receipt, on one A5 page.
    await page.emulateMedia({ media: 'print' });
    await page.setViewportSize({ width: 499, height: 733 }); // A5 at 96 dpi less the 8 mm margins
    await expect.poll(() => page.locator('aside').isVisible()).toBe(false);
    await expect.poll(() => page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await page.getByTestId('receipt-company').innerText()).toBe(demo.name);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(733);
    await page.screenshot({ path: join(screenshotDir, 'payments-03-receipt-print-a5.png'), fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize({ width: 1366, height: 850 });
  });

  it('receives a mobile money statement: one unknown phone resolved by hand, a repeated reference left out', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ubo-e2e-statement-'));
    const file = join(dir, 'evc-statement.csv');
    writeFileSync(
      file,
      [
        'Transaction ID,MSISDN,Amount,Transaction Date',
        'EV-9001,252634411223,14.00,' + clock.today() + ' 09:12:00',
        'EV-9002,+252615777888,7.00,' + clock.today() + ' 10:40:00',
        'EV-9003,0612000000,10.00,' + clock.today() + ' 11:05:00',
        'EV-9002,+252615777888,7.00,' + clock.today() + ' 10:40:00',
      ].join('\n'),
    );
    try {
      await page.goto('/#/customers/batch-receive');
      await visible(page.getByRole('heading', { name: 'Batch receive' }).first());
      await visible(page.getByText('No batches yet.'));
      await page.getByRole('tab', { name: 'Upload statement (CSV)' }).click();
      await page.locator('input[type="file"]').setInputFiles(file);
      expect(await page.getByTestId('batch-file-name').innerText()).toBe('evc-statement.csv');
      await page.getByRole('button', { name: 'Match rows' }).click();
      const results = page.getByRole('table', { name: 'Rows and their customers' });
      await visible(results);
      await visible(page.getByText('2 matched, 1 unmatched, 1 duplicates, 0 invalid'));
      const row = (n: number) => results.getByTestId(`batch-row-${n}`);
      await visible(row(0).getByText('Amina Warsame'));
      await visible(row(1).getByText('Bashir Ali'));
      await visible(row(2).getByText('No customer has this customer number or phone.'));
      await visible(row(3).getByText('This reference appears more than once in the batch.'));
      expect(await page.getByTestId('batch-to-save').innerText()).toBe('2 payments, total 21.00, will be saved.');
      await visible(page.getByText('1 unmatched row waits for a customer; it is left out until one is chosen.'));
      await e2e.shot(page, 'payments-04-batch-matched');

      // The unknown phone was Casho's brother: the cashier picks Casho.
      await pickCustomer(page, 'Customer of row 4', 'Casho', 'Casho Nur');
      expect(await page.getByTestId('batch-to-save').innerText()).toBe('3 payments, total 31.00, will be saved.');
      await page.getByRole('button', { name: 'Save all' }).click();
      await visible(page.getByRole('alert').filter({ hasText: 'Batch #1 saved: 3 payments, total 31.00.' }));
      await visible(page.getByRole('row').filter({ hasText: 'evc-statement.csv' }));
      await e2e.shot(page, 'payments-05-batch-saved');

      await page.getByRole('alert').getByRole('link', { name: 'Open its payments' }).click();
      await page.waitForURL(/#\/customers\/payments\?batchId=1$/);
      for (const ref of ['EV-9001', 'EV-9002', 'EV-9003']) await visible(page.getByRole('row').filter({ hasText: ref }));
      await expect.poll(() => page.getByRole('row').filter({ hasText: 'DESK-1' }).count()).toBe(0);
      await e2e.shot(page, 'payments-06-batch-payments');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('cancels the counter payment: its bills open again and the balance is restored', async () => {
    await page.goto('/#/customers/payments');
    const row = page.getByRole('row').filter({ hasText: 'RC-000001' });
    await visible(row.getByText('Posted', { exact: true }));
    await row.getByRole('button', { name: 'Cancel payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel RC-000001?' });
    await visible(dialog.getByText('A reversing entry takes 20.00 back out of 1010 Cash on hand', { exact: false }));
    await dialog.getByRole('button', { name: 'Cancel it' }).click();
    await visible(dialog.getByText('Say why it is cancelled.'));
    await dialog.getByRole('textbox', { name: /^Reason/ }).fill('Paid twice: the customer paid by EVC the same day');
    await e2e.shot(page, 'payments-07-cancel-dialog');
    await dialog.getByRole('button', { name: 'Cancel it' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await visible(row.getByText('Cancelled', { exact: true }));
    expect(await row.getByRole('button', { name: 'Cancel payment' }).isDisabled()).toBe(true);

    // Amina owed 34.00 and paid 14.00 by EVC: with the counter payment cancelled she owes 20.00 again.
    await row.click();
    await page.waitForURL(/#\/customers\/payments\/\d+$/);
    await visible(page.getByText(/This payment was cancelled by entry JV-\d+: Paid twice/));
    await visible(page.getByText('CANCELLED'));
    await e2e.shot(page, 'payments-08-receipt-cancelled');
    await page.goto('/#/customers/payment');
    await pickCustomer(page, /^Customer/, 'Amina');
    await visible(page.getByTestId('customer-balance').getByText('Owes 20.00'));
    const inputs = page.getByRole('table', { name: 'Open bills' }).getByRole('textbox', { name: /^Amount put on bill/ });
    await expect.poll(() => inputs.count()).toBe(2);
    await e2e.shot(page, 'payments-09-balance-restored');
  });

  it('moves a balance from one customer to another', async () => {
    await page.goto('/#/finance/c2c');
    await visible(page.getByRole('heading', { name: 'Customer balance transfer' }).first());
    await pickCustomer(page, /^From customer/, 'Bashir');
    await pickCustomer(page, /^To customer/, 'Casho');
    await amountBox(page).fill('7');
    await page.getByRole('textbox', { name: 'Memo' }).fill('Bashir moved out; Casho took the house over');
    await visible(page.getByTestId('c2c-after').getByText('After the transfer: Bashir Ali: Nothing owed; Casho Nur: Owes 7.00.'));
    await e2e.shot(page, 'payments-10-balance-transfer-form');
    await page.getByRole('button', { name: 'Post transfer' }).click();
    await visible(page.getByText('Balance transfer CT-000001 was posted.'));
    const row = page.getByRole('row').filter({ hasText: 'CT-000001' });
    await visible(row.getByText('Posted', { exact: true }));
    expect(await row.innerText()).toContain('Bashir Ali');
    await e2e.shot(page, 'payments-11-balance-transfer-posted');
  });

  it('shows the payment screens in Somali, with the amount in Somali words on the receipt', async () => {
    await page.goto('/#/customers/payments');
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'SO · Soomaali' }).click()]);
    await visible(page.getByRole('heading', { name: 'Lacag-bixinnada' }).first());
    await visible(page.getByRole('row').filter({ hasText: 'RC-000001' }).getByText('La joojiyay', { exact: true }));
    await page.getByRole('row').filter({ hasText: 'EV-9001' }).click();
    await page.waitForURL(/#\/customers\/payments\/\d+$/);
    expect(await page.getByTestId('receipt-words').innerText()).toBe('Afar iyo toban doollar oo keliya');
    await visible(page.getByRole('region', { name: 'Rasiidka lacag-bixinta' }));
    await e2e.shot(page, 'payments-12-receipt-somali');

    await page.goto('/#/customers/payment');
    await visible(page.getByRole('heading', { name: 'Qabo lacag-bixin' }).first());
    await page.getByRole('button', { name: 'Qabo lacag-bixinta' }).click();
    await visible(page.getByText('Dooro macmiilka lacagta bixinaya.'));
    await e2e.shot(page, 'payments-13-receive-somali');

    await page.getByRole('banner').getByRole('combobox', { name: 'Luqadda' }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'EN · English' }).click()]);
    await visible(page.getByRole('heading', { name: 'Receive payment' }).first());
    expect(e2e.pageErrors).toEqual([]);
  });
});
