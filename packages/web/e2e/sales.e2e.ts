// Journey: sales. The administrator quotes two meters and a connection to a customer, converts the
// quotation into an invoice in one click, receives the payment on the existing Receive payment screen
// (the invoice is among the open charges, paid like a bill), returns one meter from the invoice (a credit
// note; more than sold is refused on its line), sells a meter for cash to the walk-in customer, prints the
// invoice and reads the sales activity report. Then the invoices list and a cash sale once in Somali.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, clock, demo, type E2E, signInAs, startE2E, visible } from './harness.ts';

const run = browserAvailable();
const CODE = 'SLS-MTR';

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

async function pickCustomer(page: Page, text: string) {
  const box = page.getByRole('combobox', { name: /^Customer/ });
  await box.fill(text);
  await page
    .getByRole('listbox')
    .getByRole('option', { name: new RegExp(text) })
    .first()
    .waitFor();
  await box.press('Enter');
}

async function pickItem(page: Page, n: number, code: string) {
  const box = page.getByRole('combobox', { name: /^(Item or service|Alaab ama adeeg)/ }).nth(n);
  await box.fill(code);
  await page
    .getByRole('option', { name: new RegExp(`^${code}`) })
    .first()
    .click();
}

describe.skipIf(!run)('sales: quotation, invoice, payment, return, cash sale', () => {
  let e2e: E2E;
  let page: Page;

  beforeAll(async () => {
    e2e = await startE2E();
    page = await e2e.newPage();
    await signInAs(page, demo.admin);
    const branch = (await ok(page, 'GET', '/elc/branches')).data[0];
    const item = await ok(page, 'POST', '/elc/items', { code: CODE, name: 'Smart meter', kind: 'stock', salePrice: '45.00', taxPercent: '5' });
    await ok(page, 'POST', '/elc/items', { code: 'SLS-CON', name: 'Connection service', kind: 'service', salePrice: '30.00' });
    await ok(page, 'POST', '/elc/stock-adjustments', {
      kind: 'opening',
      branchId: branch.id,
      date: '2026-01-02',
      lines: [{ itemId: item.id, quantity: '10', unitCost: '20.00' }],
    });
    await ok(page, 'POST', '/elc/customers', { name: 'Hodan Traders', phone: '0615551234', customerClass: 'commercial' });
  });
  afterEach((ctx) => e2e?.afterEachTest(ctx));
  afterAll(async () => {
    await e2e?.close();
  });

  it('quotes, converts into an invoice in one click, and the invoice shows what is due', async () => {
    await page.goto('/#/customers/quotation/new');
    await visible(page.getByRole('heading', { name: 'New quotation', level: 2 }));
    await pickCustomer(page, 'Hodan Traders');
    await pickItem(page, 0, CODE);
    await page
      .getByLabel(/^Quantity/)
      .nth(0)
      .fill('2');
    await page.getByRole('button', { name: 'Add line' }).click();
    await pickItem(page, 1, 'SLS-CON');
    // 2 x 45 + 5% tax = 94.50, and 30.00: 124.50.
    await visible(page.getByTestId('sales-totals').getByText('124.50'));
    await e2e.shot(page, 'sales-01-quotation-form');
    await page.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByRole('heading', { name: /^Quotation QT-\d{6}$/ }));
    await e2e.shot(page, 'sales-02-quotation');

    await page.getByRole('button', { name: 'Convert to invoice' }).click();
    await visible(page.getByRole('heading', { name: /^Sales invoice SI-\d{6}$/ }));
    await visible(page.getByText('Unpaid'));
    await visible(page.getByTestId('document-totals').getByText('124.50').first());
    await e2e.shot(page, 'sales-03-invoice');
  });

  it('receives the payment on the Receive payment screen: the invoice is an open charge like a bill', async () => {
    await page.getByRole('button', { name: 'Receive payment' }).click();
    await page.waitForURL(/#\/customers\/payment/);
    const charges = page.getByRole('table', { name: 'Open bills' });
    await visible(charges.getByText(/^SI-\d{6}$/));
    await visible(charges.getByText('Sales invoice'));
    await page.getByRole('textbox', { name: /^(Amount)(\s*\*)?$/ }).fill('124.50');
    expect(await charges.getByRole('textbox').first().inputValue()).toBe('124.50');
    await e2e.shot(page, 'sales-04-receive-payment');
    await page.getByRole('button', { name: 'Receive payment' }).click();
    await page.waitForURL(/#\/customers\/payments\/\d+$/);

    await page.goto('/#/customers/sales-invoice');
    await visible(page.getByRole('heading', { name: 'Sales invoice', level: 2 }));
    await visible(page.getByRole('row', { name: /Hodan Traders/ }).getByText('Paid'));
    await e2e.shot(page, 'sales-05-invoices-paid');
  });

  it('returns one meter from the invoice; more than sold is refused on its line', async () => {
    await page.getByRole('row', { name: /Hodan Traders/ }).click();
    await visible(page.getByRole('heading', { name: /^Sales invoice SI-\d{6}$/ }));
    await page.getByRole('button', { name: 'Return goods' }).click();
    await visible(page.getByRole('heading', { name: 'New sales return', level: 2 }));
    const qty = page.getByRole('textbox', { name: 'Return 1' });
    await qty.fill('3');
    await page.getByRole('button', { name: 'Post' }).click();
    await visible(page.getByText('At most 2 can be returned: 2 sold, less what was returned before.'));
    await e2e.shot(page, 'sales-06-return-refused');
    await qty.fill('1');
    await page.getByRole('button', { name: 'Post' }).click();
    await visible(page.getByRole('heading', { name: /^Sales return SRT-\d{6}$/ }));
    // 45 + 2.25 tax.
    await visible(page.getByTestId('document-totals').getByText('47.25'));
    await e2e.shot(page, 'sales-07-return');
  });

  it('sells a meter for cash to the walk-in customer and prints the invoice', async () => {
    await page.goto('/#/customers/sales-receipt/new');
    await visible(page.getByRole('heading', { name: 'New cash sale', level: 2 }));
    await pickItem(page, 0, CODE);
    await page.getByRole('button', { name: 'Post' }).click();
    await visible(page.getByRole('heading', { name: /^Cash sale CS-\d{6}$/ }));
    await visible(page.getByText('Walk-in customer · WALK-IN'));
    await e2e.shot(page, 'sales-08-cash-sale');

    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Print (PDF)' }).click()]);
    expect(popup.url()).toMatch(/^blob:/);
    await popup.close();
  });

  it('reads the sales activity: sold less returned, with cost and margin', async () => {
    const year = clock.year();
    await page.goto(`/#/Sales-reports/sales-activity?startDate=${year}-01-01&endDate=${year}-12-31`);
    await visible(page.getByRole('heading', { name: 'Sales activity', level: 2 }));
    // Meters: 2 sold on the invoice, 1 returned, 1 for cash: 2 at 45.00 revenue, 40.00 cost.
    const row = page.getByRole('row', { name: new RegExp(CODE) });
    await visible(row.getByText('90.00'));
    await visible(row.getByText('40.00'));
    await e2e.shot(page, 'sales-09-activity');
  });

  it('once in Somali: the invoices and a new cash sale', async () => {
    await page
      .getByRole('banner')
      .getByRole('combobox', { name: /^(Language|Luqadda)$/ })
      .click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'SO · Soomaali' }).click()]);
    await page.goto('/#/customers/sales-invoice');
    await visible(page.getByRole('heading', { name: 'Qaansheegta iibka', level: 2 }));
    await visible(page.getByText('La bixiyay').first());
    await e2e.shot(page, 'sales-10-invoices-so');
    await page.goto('/#/customers/sales-receipt/new');
    await visible(page.getByRole('heading', { name: 'Iib kaash ah oo cusub', level: 2 }));
    await pickItem(page, 0, CODE);
    await page
      .getByLabel(/^Tirada/)
      .nth(0)
      .fill('50');
    await page.getByRole('button', { name: 'Diiwaangeli' }).click();
    await visible(page.getByText(/SLS-MTR Smart meter kuma filna bakhaarka: waxaa yaal 8\./));
    await e2e.shot(page, 'sales-11-cash-sale-beyond-stock-so');
    await page
      .getByRole('banner')
      .getByRole('combobox', { name: /^(Language|Luqadda)$/ })
      .click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'EN · English' }).click()]);
  });
});
