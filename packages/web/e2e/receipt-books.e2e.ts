// Journey: receipt books. The administrator issues a numbered receipt book to a field collector (an
// overlapping second book is refused on its field); the collector signs in, finds the next number of
// their book already in the payment form, takes a customer's payment with it and sees it on the receipt;
// a second use of the same number is refused on the field; the administrator sees the number used on the
// book's page (with the payment), voids a spoilt leaf, and reads the book page and the gaps report in Somali.
// Back in the field, the collector types a batch with a receipt number per row (Enter proposes the next
// leaf); a leaf already used refuses the batch on its row, and the corrected batch is saved.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, demo, type E2E, logOut, signInAs, startE2E, visible } from './harness.ts';

const run = browserAvailable();
const collector = { username: 'fieldcol', password: 'Collect@2026', fullname: 'Faarax Nuur', code: demo.code };

async function choose(page: Page, label: RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: option }).first().click();
}

/** Types into the customer picker and takes the highlighted match with Enter. */
async function pickCustomer(page: Page, text: string, expected: string, name: string | RegExp = /^Customer/) {
  const box = page.getByRole('combobox', { name });
  await box.fill(text);
  await page
    .getByRole('listbox')
    .getByRole('option', { name: new RegExp(expected) })
    .first()
    .waitFor();
  await box.press('Enter');
}

describe.skipIf(!run)('receipt books: issue a book, take a payment with its number, see it used', () => {
  let e2e: E2E;
  let page: Page;
  let bookUrl = '';
  let receiptNumber = '';

  beforeAll(async () => {
    e2e = await startE2E({
      prepare: async (p) => {
        await p.admin('seed-demo-utility');
        await p.addStaff({ ...collector, role: 'Field collector', privileges: ['dashboard', 'list-customer', 'receive-payment', 'batch-bill'] });
      },
    });
    page = await e2e.newPage();
    await signInAs(page, demo.admin);
  });
  afterEach((ctx) => e2e?.afterEachTest(ctx));
  afterAll(async () => {
    await e2e?.close();
  });

  it('issues a receipt book to the collector; an overlapping book is refused on its field', async () => {
    await page.goto('/#/books/add');
    await visible(page.getByRole('heading', { name: 'Issue receipt book', level: 2 }));
    await page.getByLabel(/^Series/).fill('zx');
    await page.getByLabel(/^First number/).fill('501');
    await page.getByLabel(/^Last number/).fill('550');
    await choose(page, /^Collector/, /Faarax Nuur/);
    await e2e.shot(page, 'receipt-books-01-issue');
    await page.getByRole('button', { name: 'Issue the book' }).click();
    await page.waitForURL(/#\/books\/\d+$/);
    bookUrl = page.url();
    await visible(page.getByRole('heading', { name: 'Receipt book: ZX 501–550', level: 2 }));
    await visible(page.getByTestId('unused-ranges').filter({ hasText: '501–550' }));
    await visible(page.getByText('No number of this book is written yet.'));
    await e2e.shot(page, 'receipt-books-02-book');

    await page.goto('/#/books/add');
    await page.getByLabel(/^Series/).fill('ZX');
    await page.getByLabel(/^First number/).fill('540');
    await page.getByLabel(/^Last number/).fill('560');
    await choose(page, /^Collector/, /Faarax Nuur/);
    await page.getByRole('button', { name: 'Issue the book' }).click();
    await visible(page.getByText('These numbers overlap book ZX 501-550, issued to Faarax Nuur.'));
    await e2e.shot(page, 'receipt-books-03-overlap');

    await page.goto('/#/books/list');
    await visible(page.getByRole('heading', { name: 'Receipt books', level: 2 }));
    await visible(page.getByRole('row').filter({ hasText: 'Faarax Nuur' }).filter({ hasText: '501–550' }));
    await e2e.shot(page, 'receipt-books-04-list');
    await logOut(page);
  });

  it('the collector takes a payment with the next number of their book, already filled in', async () => {
    await signInAs(page, collector);
    await page.goto('/#/customers/payment');
    await visible(page.getByRole('heading', { name: 'Receive payment' }).first());
    await visible(page.getByText('Next number of your book ZX 501–550.'));
    await expect.poll(() => page.getByLabel('Receipt no.').inputValue()).toBe('501');
    expect(await page.getByLabel('Book series').inputValue()).toBe('ZX');
    await pickCustomer(page, 'Hotel', 'Hotel Jazeera');
    await page.getByRole('textbox', { name: /^Amount(\s*\*)?$/ }).fill('7.50');
    await e2e.shot(page, 'receipt-books-05-payment-form');
    await page.getByRole('button', { name: 'Receive payment' }).click();
    await page.waitForURL(/#\/customers\/payments\/\d+$/);
    receiptNumber = (await page.getByTestId('receipt-number').innerText()).trim();
    expect(receiptNumber).toMatch(/^RC-\d{6}$/);
    expect(await page.getByTestId('receipt-book-number').innerText()).toBe('Receipt book no.: ZX 501');
    await e2e.shot(page, 'receipt-books-06-receipt');

    // The same leaf twice: refused on the field, nothing posted.
    await page.goto('/#/customers/payment');
    await expect.poll(() => page.getByLabel('Receipt no.').inputValue()).toBe('502');
    await page.getByLabel('Receipt no.').fill('501');
    await pickCustomer(page, 'Hotel', 'Hotel Jazeera');
    await page.getByRole('textbox', { name: /^Amount(\s*\*)?$/ }).fill('2');
    await page.getByRole('button', { name: 'Receive payment' }).click();
    await visible(page.getByText('Receipt ZX 501 is already used or voided.'));
    await e2e.shot(page, 'receipt-books-07-number-taken');
    await logOut(page);
  });

  it("shows the number used on the book's page with its payment; a spoilt leaf is voided", async () => {
    await signInAs(page, demo.admin);
    await page.goto(bookUrl);
    const used = page.getByTestId('number-501');
    await visible(used.getByText(receiptNumber));
    expect(await used.innerText()).toMatch(/Used[\s\S]*Hotel Jazeera[\s\S]*7\.50/);
    await visible(page.getByTestId('unused-ranges').filter({ hasText: '502–550' }));
    await page.getByRole('button', { name: 'Void a number' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByLabel(/^Number/).inputValue()).toBe('502');
    await dialog.getByLabel(/^Reason/).fill('Leaf torn');
    await dialog.getByRole('button', { name: 'Void a number' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await visible(page.getByTestId('number-502').getByText('Leaf torn'));
    await visible(page.getByTestId('unused-ranges').filter({ hasText: '503–550' }));
    await e2e.shot(page, 'receipt-books-08-book-used');
  });

  it('reads the book page and the gaps report in Somali', async () => {
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'SO · Soomaali' }).click()]);
    await visible(page.getByRole('heading', { name: 'Buugga rasiidka: ZX 501–550', level: 2 }));
    await visible(page.getByRole('heading', { name: 'Lambarrada la qoray' }));
    await visible(page.getByTestId('number-501').getByText('La isticmaalay'));
    await visible(page.getByTestId('number-502').getByText('La buriyay'));
    await e2e.shot(page, 'receipt-books-09-book-somali');
    await page.goto('/#/books/report');
    await visible(page.getByRole('heading', { name: 'Bannaanada buugaagta rasiidka', level: 2 }));
    await visible(page.getByRole('row').filter({ hasText: 'Faarax Nuur' }).filter({ hasText: 'Bannaan ma jiro.' }));
    await e2e.shot(page, 'receipt-books-10-gaps-somali');
    await page.getByRole('banner').getByRole('combobox', { name: 'Luqadda' }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'EN · English' }).click()]);
    await visible(page.getByRole('heading', { name: 'Receipt book gaps', level: 2 }));
    expect(e2e.pageErrors).toEqual([]);
  });

  it('the collector receives a batch with a receipt number on each row; a used leaf refuses the batch on its row', async () => {
    await logOut(page);
    await signInAs(page, collector);
    await page.goto('/#/customers/batch-receive');
    await visible(page.getByRole('heading', { name: 'Batch receive' }).first());
    const cell = (name: string, row: number) => page.getByLabel(`${name} · Row ${row}`);
    await cell('Reference', 1).fill('FLD-1');
    await cell('Phone or customer number', 1).fill('0600000001');
    await cell('Amount', 1).fill('5.00');
    await cell('Book series', 1).fill('ZX');
    await cell('Receipt no.', 1).fill('503');
    await cell('Date', 1).press('Enter');
    // The new row keeps the book and proposes its next leaf.
    await expect.poll(() => cell('Receipt no.', 2).inputValue()).toBe('504');
    expect(await cell('Book series', 2).inputValue()).toBe('ZX');
    await cell('Reference', 2).fill('FLD-2');
    await cell('Phone or customer number', 2).fill('0600000001');
    await cell('Amount', 2).fill('3.00');
    await cell('Receipt no.', 2).fill('501');
    await e2e.shot(page, 'receipt-books-11-batch-grid');
    // The phone is the hotel's new number: the collector picks the customer for both rows.
    const matchAndPick = async () => {
      await page.getByRole('button', { name: 'Match rows' }).click();
      await visible(page.getByText('0 matched, 2 unmatched'));
      await pickCustomer(page, 'Hotel', 'Hotel Jazeera', 'Customer of row 1');
      await pickCustomer(page, 'Hotel', 'Hotel Jazeera', 'Customer of row 2');
      await visible(page.getByTestId('batch-to-save').getByText('2 payments'));
    };
    await matchAndPick();
    await page.getByRole('button', { name: 'Save all' }).click();
    await visible(page.getByText('Receipt ZX 501 is already used or voided.'));
    await e2e.shot(page, 'receipt-books-12-batch-refused');

    await cell('Receipt no.', 2).fill('504');
    await matchAndPick();
    await page.getByRole('button', { name: 'Save all' }).click();
    await visible(page.getByRole('alert').filter({ hasText: /saved: 2 payments, total 8\.00/ }));
    await e2e.shot(page, 'receipt-books-13-batch-saved');
    expect(e2e.pageErrors).toEqual([]);
  });
});
