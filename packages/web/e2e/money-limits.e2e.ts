// Money limits (issue 12): the company profile shows the maximum per document and the usual amounts
// per kind of document; a money transfer far above the usual amount asks "Unusually large amount"
// (Cancel posts nothing, Save anyway posts it); a transfer above the maximum is refused on its Amount
// field with the limit in the message, in English and in Somali.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, clock, demo, type E2E, signInAs, startE2E, visible } from './harness.ts';

const run = browserAvailable();

/** The signed-in page's own API call (bearer token from its storage). */
function apiCall(page: Page, method: string, path: string, body?: unknown, lang = 'en') {
  return page.evaluate(
    async ({ method, path, body, lang }) => {
      const res = await fetch(`/api${path}`, {
        method,
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Content-Type': 'application/json', 'X-Lang': lang },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
    { method, path, body, lang },
  );
}

/** Types into an account picker (by its accessible name) and takes the highlighted match with Enter. */
async function pick(page: Page, name: string, text: string) {
  await page.getByRole('combobox', { name }).fill(text);
  await page.getByRole('listbox').getByRole('option').first().waitFor();
  await page.keyboard.press('Enter');
}

describe.skipIf(!run)('money limits', () => {
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

  it('shows the maximum per document and the usual amounts on the company profile', async () => {
    await page.goto('/#/settings/company-profile');
    const card = page.getByRole('region', { name: 'Money limits' });
    await visible(card);
    await expect.poll(() => card.getByLabel(/^Maximum per document/).inputValue()).toBe('1000000000.00');
    await visible(card.getByRole('row').filter({ hasText: 'Money transfer' }));
    await card.scrollIntoViewIfNeeded();
    await e2e.shot(page, 'money-limits-01-company-profile');
  });

  it('asks before an unusually large transfer, and refuses one above the maximum on its field', async () => {
    // Money in the bank to move (through the API: the journal form is not what this journey checks).
    const capital = await apiCall(page, 'GET', '/finance/accounts?_limit=1000');
    const id = (code: string) => (capital.body.data as Array<{ id: number; code: string }>).find((a) => a.code === code)?.id;
    const posted = await apiCall(page, 'POST', '/finance/transaction', {
      date: clock.today(),
      reference: 'CAP-LIMITS',
      lines: [
        { accountId: id('1030'), debit: '900000000.00' },
        { accountId: id('3010'), credit: '900000000.00' },
      ],
    });
    expect(posted.status).toBe(201);

    await page.goto('/#/dashboard');
    await page.goto('/#/finance/transfer-balance');
    await pick(page, 'From account', '1030');
    await pick(page, 'To account', '1010');
    await page.getByLabel(/^Amount/).fill('500000000');
    await page.getByLabel('Reference').fill('BIG-01');
    await page.getByRole('button', { name: 'Post transfer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unusually large amount' });
    await visible(dialog.getByText(/You are about to save .*500,000,000\.00/));
    await e2e.shot(page, 'money-limits-02-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await apiCall(page, 'GET', '/finance/transfer')).body.total).toBe(0);

    await page.getByRole('button', { name: 'Post transfer' }).click();
    await dialog.getByRole('button', { name: 'Save anyway' }).click();
    await visible(page.getByText(/Transfer TR-\d+ was posted as journal entry/));
    expect((await apiCall(page, 'GET', '/finance/transfer')).body.total).toBe(1);

    // Above the maximum: confirmed, then refused by the server on the Amount field.
    await pick(page, 'From account', '1030');
    await pick(page, 'To account', '1010');
    await page.getByLabel(/^Amount/).fill('2000000000');
    await page.getByRole('button', { name: 'Post transfer' }).click();
    await dialog.getByRole('button', { name: 'Save anyway' }).click();
    await visible(page.getByText("The amount is above this organisation's limit of 1,000,000,000.00 per document."));
    await e2e.shot(page, 'money-limits-03-over-maximum');
    expect((await apiCall(page, 'GET', '/finance/transfer')).body.total).toBe(1);

    // The same refusal in Somali.
    const so = await apiCall(
      page,
      'POST',
      '/finance/transfer',
      {
        date: clock.today(),
        fromAccountId: id('1030'),
        toAccountId: id('1010'),
        amount: '2000000000.00',
      },
      'so',
    );
    expect(so.status).toBe(400);
    expect(so.body.details).toEqual([{ field: 'amount', message: "Lacagtu waxay ka badan tahay xadka hay'addan ee 1,000,000,000.00 dukumenti kasta." }]);
    expect(e2e.pageErrors).toEqual([]);
  });
});
