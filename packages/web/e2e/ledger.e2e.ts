// Journey 6: the books. The administrator adds an account to the chart, posts the owner's capital into
// the bank from the keyboard (an unbalanced entry cannot be saved; a retry with the form's
// Idempotency-Key posts nothing new), finds it in the trial balance and the bank's statement, reverses
// it and sees both entries, sees a refusal of the server on the line it concerns, reads the income
// statement and the balance sheet (in English and Somali), and prints a report. A member of staff who
// may only read the trial balance is shown the 403 page for the journal.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { browserAvailable, clock, demo, type E2E, mainMenu, openMenuSection, route, signInAs, startE2E, visible } from './harness.ts';

const run = browserAvailable();

const auditor = { username: 'auditor1', password: 'Auditor@2026', fullname: 'Cali Auditor' };

/** Types into a line's account cell and picks the highlighted match with Enter (focus moves on). */
async function pickAccount(page: Page, line: number, text: string) {
  const cell = page.getByRole('combobox', { name: `Line ${line} account` });
  await cell.fill(text);
  await page.getByRole('listbox').getByRole('option').first().waitFor();
  await page.keyboard.press('Enter');
}

const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');

/** The signed-in page's own API call (bearer token from its storage). */
function apiCall(page: Page, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return page.evaluate(
    async ({ method, path, body, headers }) => {
      const res = await fetch(`/api${path}`, {
        method,
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Content-Type': 'application/json', ...headers },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      return { status: res.status, replayed: res.headers.get('idempotent-replayed'), body: await res.json() };
    },
    { method, path, body, headers },
  );
}

async function postEntry(page: Page, reference: string, lines: [string, string, string][]) {
  // Through another screen, so the form starts afresh.
  await page.goto('/#/dashboard');
  await page.goto('/#/finance/general-journal');
  await page.getByLabel('Reference').fill(reference);
  for (const [i, [account, debit, credit]] of lines.entries()) {
    if (i >= 2) await page.getByRole('button', { name: 'Add line' }).click();
    await pickAccount(page, i + 1, account);
    if (debit) await page.getByLabel(`Line ${i + 1} debit`).fill(debit);
    if (credit) await page.getByLabel(`Line ${i + 1} credit`).fill(credit);
  }
  await page.getByRole('button', { name: 'Post entry' }).click();
  const alert = page
    .getByRole('tabpanel')
    .getByRole('alert')
    .filter({ hasText: /Entry JV-\d+ was posted/ });
  await visible(alert);
  return (await alert.innerText()).match(/JV-\d+/)?.[0] ?? '';
}

describe.skipIf(!run)('chart of accounts, general journal and the ledger reports', () => {
  let e2e: E2E;
  let page: Page;
  let capitalNumber = '';

  beforeAll(async () => {
    e2e = await startE2E({
      prepare: (p) => p.addStaff({ code: demo.code, ...auditor, role: 'Auditor', privileges: ['dashboard', 'trail-balance', 'account-transaction'] }),
    });
    page = await e2e.newPage();
  });
  afterEach((ctx) => e2e?.afterEachTest(ctx));
  afterAll(async () => {
    await e2e?.close();
  });

  it('shows the chart of accounts as a tree and adds a sub-account (a taken code answered on its field)', async () => {
    await signInAs(page, demo.admin);
    await openMenuSection(page, 'Finance');
    await mainMenu(page).getByRole('link', { name: 'Chart of accounts' }).click();
    await page.waitForURL(/#\/finance\/list-account$/);
    await visible(page.getByRole('row').filter({ hasText: 'Bank account' }));
    // 1400 Fixed assets is a parent: its sub-accounts fold away and back.
    const fixed = page.getByRole('button', { name: 'Hide the sub-accounts of 1400' });
    await fixed.click();
    await page.getByRole('row').filter({ hasText: 'Vehicles' }).waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Show the sub-accounts of 1400' }).click();
    await visible(page.getByRole('row').filter({ hasText: 'Vehicles' }));
    await e2e.shot(page, 'ledger-01-chart');

    await page.getByRole('button', { name: 'New account' }).click();
    const dialog = page.getByRole('dialog', { name: 'New account' });
    await dialog.getByLabel(/^Code/).fill('1030');
    await dialog.getByRole('combobox', { name: /^Type/ }).click();
    await page.getByRole('option', { name: 'Asset', exact: true }).click();
    await dialog.getByRole('combobox', { name: /^Subtype/ }).click();
    await page.getByRole('option', { name: 'Cash', exact: true }).click();
    await dialog.getByLabel(/^Name in English/).fill('Cashier float');
    await dialog.getByLabel(/^Name in Somali/).fill('Lacagta qasnadda');
    await dialog.getByRole('combobox', { name: 'Parent account' }).click();
    await page.getByRole('option', { name: '1010 · Cash on hand' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(dialog.getByText('Another account already uses this code.'));
    await e2e.shot(page, 'ledger-02-code-taken');

    await dialog.getByLabel(/^Code/).fill('1015');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await visible(page.getByText('Account 1015 · Cashier float was saved.'));
    // Under its parent: the row after 1010.
    const codes = await page.locator('tbody tr td:first-child').allInnerTexts();
    expect(
      codes
        .map((c) => c.trim())
        .slice(
          codes.findIndex((c) => c.trim() === '1010'),
          codes.findIndex((c) => c.trim() === '1010') + 2,
        ),
    ).toEqual(['1010', '1015']);
    // Searching keeps the match's parent around it.
    await page.getByLabel('Search code or name').fill('qasnadda');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(3); // type heading, 1010, 1015
    await page.getByLabel('Search code or name').fill('');
  });

  it('posts the owner capital into the bank from the keyboard; unbalanced cannot be saved', async () => {
    const posts: Request[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/finance/transaction')) posts.push(r);
    });
    await openMenuSection(page, 'Finance');
    await mainMenu(page).getByRole('link', { name: 'General journal' }).click();
    await page.waitForURL(/#\/finance\/general-journal$/);
    const save = page.getByRole('button', { name: 'Post entry' });
    expect(await save.isDisabled()).toBe(true);

    await page.getByLabel('Reference').fill('CAP-001');
    await page.getByLabel('Memo', { exact: true }).fill('Owner capital paid into the bank');
    await pickAccount(page, 1, '1030');
    expect(await focused(page)).toBe('Line 1 debit');
    await page.keyboard.type('5000');
    await page.keyboard.press('Enter');
    expect(await focused(page)).toBe('Line 1 credit');
    await pickAccount(page, 2, 'capital');
    await page.keyboard.press('Enter'); // past the empty debit to the credit
    await page.keyboard.type('4999.99');
    await visible(page.getByRole('status').filter({ hasText: 'Difference: 0.01 (credits are short)' }));
    expect(await save.isDisabled()).toBe(true);
    await e2e.shot(page, 'ledger-03-unbalanced');

    await page.getByLabel('Line 2 credit').fill('5000');
    await visible(page.getByRole('status').filter({ hasText: 'Balanced' }));
    expect(await page.getByTestId('total-debit').innerText()).toBe('5,000.00');
    expect(await page.getByTestId('total-credit').innerText()).toBe('5,000.00');
    await e2e.shot(page, 'ledger-04-balanced');
    await save.click();
    const posted = page
      .getByRole('tabpanel')
      .getByRole('alert')
      .filter({ hasText: /Entry JV-\d+ was posted/ });
    await visible(posted);
    capitalNumber = (await posted.innerText()).match(/JV-\d+/)?.[0] ?? '';
    expect(capitalNumber).toBe('JV-000001');
    await e2e.shot(page, 'ledger-05-posted');

    // The posting carried a UUID Idempotency-Key; sending it again (a lost answer, a double submit)
    // answers the first entry again and posts nothing new.
    expect(posts).toHaveLength(1);
    const key = posts[0].headers()['idempotency-key'];
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const again = await apiCall(page, 'POST', '/finance/transaction', posts[0].postData() ?? '', { 'Idempotency-Key': key });
    expect(again.status).toBe(201);
    expect(again.replayed).toBe('true');
    expect(again.body.number).toBe(capitalNumber);

    await page.getByRole('tab', { name: 'Journal' }).click();
    const rows = page.getByRole('row').filter({ hasText: 'CAP-001' });
    await visible(rows);
    await expect.poll(() => rows.count()).toBe(1);
    await e2e.shot(page, 'ledger-06-journal-list');
  });

  it('finds the entry in the trial balance and in the bank statement', async () => {
    await openMenuSection(page, 'Reports');
    await mainMenu(page).getByRole('link', { name: 'Trial balance' }).click();
    await page.waitForURL(/#\/reports\/trail-balance$/);
    const year = clock.year();
    await visible(page.locator('.finance-no-print').getByText(`1 Jan ${year} – 31 Dec ${year}`));
    await visible(page.getByRole('row').filter({ hasText: "Owner's capital" }));
    expect(await page.getByTestId('tb-total-debit-2').innerText()).toBe('5,000.00');
    expect(await page.getByTestId('tb-total-credit-2').innerText()).toBe('5,000.00');
    await visible(page.getByText('Debits equal credits'));
    await e2e.shot(page, 'ledger-07-trial-balance');

    await page.getByRole('link', { name: 'Statement of account 1030' }).first().click();
    await page.waitForURL(/#\/reports\/account-transaction\?accountId=\d+&startDate=\d{4}-01-01&endDate=\d{4}-12-31$/);
    await visible(page.getByRole('heading', { name: 'Account statement: 1030 · Bank account' }));
    expect(await page.getByTestId('opening-balance').innerText()).toBe('0.00');
    expect(await page.getByTestId('closing-balance').innerText()).toBe('5,000.00');
    await visible(page.getByRole('row').filter({ hasText: capitalNumber }).filter({ hasText: 'CAP-001' }));
    await e2e.shot(page, 'ledger-08-statement');
  });

  it('reverses the entry and sees both entries, each linked to the other', async () => {
    await page.getByRole('link', { name: capitalNumber }).click();
    await page.waitForURL(/#\/finance\/general-journal\/\d+$/);
    await visible(page.getByRole('heading', { name: `Journal entry ${capitalNumber}` }));
    await page.getByRole('button', { name: 'Reverse' }).click();
    const dialog = page.getByRole('dialog', { name: `Reverse ${capitalNumber}?` });
    await visible(dialog.getByLabel(/^Date of the reversal/));
    await e2e.shot(page, 'ledger-09-reverse-dialog');
    await dialog.getByRole('button', { name: 'Reverse' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await visible(page.getByText(`${capitalNumber} was reversed by JV-000002.`));
    await visible(page.getByText('Reversed by JV-000002'));
    expect(await page.getByRole('button', { name: 'Reverse' }).isDisabled()).toBe(true);
    await e2e.shot(page, 'ledger-10-reversed');

    await page.getByRole('link', { name: 'JV-000002' }).click();
    await visible(page.getByRole('heading', { name: 'Journal entry JV-000002' }));
    await visible(page.getByText(`Reverses ${capitalNumber}`));

    await page.getByRole('link', { name: '1030 · Bank account' }).click();
    await page.waitForURL(/#\/reports\/account-transaction\?/);
    await visible(page.getByRole('row').filter({ hasText: 'JV-000002' }));
    await visible(page.getByRole('row').filter({ hasText: capitalNumber }).getByText('Reversed'));
    expect(await page.getByTestId('closing-balance').innerText()).toBe('0.00');
    await e2e.shot(page, 'ledger-11-statement-both');

    await page.goto('/#/reports/journal-report');
    await visible(page.getByRole('rowgroup', { name: 'JV-000002' }).getByText('Reversal', { exact: true }));
    await visible(page.getByRole('rowgroup', { name: capitalNumber }).getByText('Reversed', { exact: true }));
    await e2e.shot(page, 'ledger-12-journal-report');
  });

  it('shows a refusal of the server on the line it concerns', async () => {
    await page.goto('/#/dashboard');
    await page.goto('/#/finance/general-journal');
    await pickAccount(page, 1, '1060');
    await page.getByLabel('Line 1 debit').fill('10');
    await pickAccount(page, 2, '1030');
    await page.getByLabel('Line 2 credit').fill('10');
    // Meanwhile eDahab is made inactive (another person, another screen).
    const list = await apiCall(page, 'GET', '/finance/accounts?q=eDahab');
    const edahab = list.body.data[0];
    expect((await apiCall(page, 'PATCH', `/finance/accounts/${edahab.id}/status`, { status: 'Inactive' })).status).toBe(200);

    await page.getByRole('button', { name: 'Post entry' }).click();
    const cell = page.getByRole('combobox', { name: 'Line 1 account' });
    await visible(page.getByText('This account is inactive; nothing can be posted to it.'));
    expect(await cell.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('combobox', { name: 'Line 2 account' }).getAttribute('aria-invalid')).toBe('false');
    await e2e.shot(page, 'ledger-13-server-error-on-line');
    expect((await apiCall(page, 'GET', '/finance/transaction')).body.total).toBe(2);
  });

  it('reads the income statement and the balance sheet, which balances', async () => {
    await postEntry(page, 'CAP-002', [
      ['1030', '10000', ''],
      ['3010', '', '10000'],
    ]);
    await postEntry(page, 'SALES-01', [
      ['1015', '1200.50', ''],
      ['4010', '', '1200.50'],
    ]);
    await postEntry(page, 'FUEL-01', [
      ['5020', '300.25', ''],
      ['1030', '', '300.25'],
    ]);

    await page.goto('/#/reports/income-statement');
    await visible(page.getByRole('row').filter({ hasText: 'Water sales' }));
    expect(await page.getByTestId('total-income').innerText()).toBe('1,200.50');
    expect(await page.getByTestId('total-expenses').innerText()).toBe('300.25');
    expect(await page.getByRole('row').filter({ hasText: 'Net income' }).innerText()).toContain('900.25');
    await e2e.shot(page, 'ledger-14-income-statement');

    await page.goto('/#/reports/balance-sheet');
    await visible(page.getByRole('row').filter({ hasText: 'Current year earnings' }));
    expect(await page.getByTestId('total-assets').innerText()).toBe('10,900.25');
    expect(await page.getByTestId('total-liabilitiesAndEquity').innerText()).toBe('10,900.25');
    expect(await page.getByTestId('balance-check').innerText()).toContain('Balanced: assets equal liabilities plus equity.');
    await e2e.shot(page, 'ledger-15-balance-sheet');

    // Printed: no sidebar, navbar or buttons; the company header instead.
    await page.emulateMedia({ media: 'print' });
    await expect.poll(() => page.locator('aside').isVisible()).toBe(false);
    await expect.poll(() => page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    await visible(page.locator('.finance-print-only').getByText(demo.name, { exact: true }));
    await e2e.shot(page, 'ledger-16-balance-sheet-print');
    await page.emulateMedia({ media: 'screen' });

    // The chart refuses to deactivate an account that still holds money, and says why.
    await page.goto('/#/finance/list-account');
    await page.getByRole('button', { name: 'Deactivate: 1015' }).click();
    await visible(page.getByText('The account still has a balance of 1200.50; move it to another account before making it inactive.'));
    await page.getByRole('button', { name: 'Balance of 1015' }).click();
    await page.waitForURL(/#\/reports\/account-transaction\?accountId=\d+/);
    expect(await page.getByTestId('closing-balance').innerText()).toBe('1,200.50');
  });

  it('shows the reports in Somali', async () => {
    await page.goto('/#/reports/trail-balance');
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'SO · Soomaali' }).click()]);
    await visible(page.getByRole('heading', { name: 'Isu-dheellitirka tijaabada' }).first());
    await visible(page.getByText("Debit-ka iyo credit-ku waa isle'eg yihiin"));
    await e2e.shot(page, 'ledger-17-trial-balance-somali');
    await page.goto('/#/reports/balance-sheet');
    expect(await page.getByTestId('balance-check').innerText()).toContain("Waa isle'eg yihiin");
    await visible(page.getByRole('row').filter({ hasText: "Faa'iidada sannadka socda" }));
    await e2e.shot(page, 'ledger-18-balance-sheet-somali');
    await page.goto('/#/finance/general-journal');
    await pickAccountSomali(page, 1, '1030');
    await page.getByLabel('Debit-ka sadarka 1').fill('75');
    await visible(page.getByRole('status').filter({ hasText: 'Farqiga: 75.00' }));
    expect(await page.getByRole('button', { name: 'Geli diiwaanka' }).isDisabled()).toBe(true);
    await e2e.shot(page, 'ledger-19-journal-somali');

    await page.getByRole('banner').getByRole('combobox', { name: 'Luqadda' }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'EN · English' }).click()]);
    await visible(page.getByRole('heading', { name: 'General journal' }).first());
  });

  it('a member of staff who may read only the trial balance gets the 403 page for the journal', async () => {
    const staff = await e2e.newPage(await e2e.newContext());
    await signInAs(staff, auditor);
    await openMenuSection(staff, 'Reports');
    const entries = (await mainMenu(staff).locator('.MuiListItemButton-root .MuiListItemText-primary').allInnerTexts()).map((s) => s.trim());
    expect(entries).toEqual(['Dashboard', 'Reports', 'Trial balance', 'Account statement', 'Personal account']);
    await mainMenu(staff).getByRole('link', { name: 'Trial balance' }).click();
    await visible(staff.getByRole('row').filter({ hasText: 'Water sales' }));
    await staff.goto('/#/finance/general-journal');
    await staff.waitForURL(/#\/error\/403$/);
    expect(route(staff)).toBe('/error/403');
    await staff.goto('/#/finance/list-account');
    await staff.waitForURL(/#\/error\/403$/);
    await e2e.shot(staff, 'ledger-20-staff-403');
    expect(e2e.pageErrors).toEqual([]);
  });
});

async function pickAccountSomali(page: Page, line: number, text: string) {
  await page.getByRole('combobox', { name: `Xisaabta sadarka ${line}` }).fill(text);
  await page.getByRole('listbox').getByRole('option').first().waitFor();
  await page.keyboard.press('Enter');
}
