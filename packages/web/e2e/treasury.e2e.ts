// Journey 7: treasury. The administrator posts last year's capital, sales and rent through the general
// journal, moves money from the bank to the cash box (a transfer between one account and itself is
// refused on its field; a retry with the form's Idempotency-Key posts nothing new; another transfer is
// cancelled), writes a cheque (Save waits until the lines equal the amount) and prints it with its payment
// voucher, writes a second cheque by number and voids it, attaches a bank slip to an entry (a text file
// is refused before it is sent), downloads and removes it, closes last year (the closing entry moves the
// result to retained earnings) and sees a posting dated before the lock date refused on the journal
// screen. A member of staff may close but not reopen; the administrator reopens. The screens once more
// in Somali.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { browserAvailable, clock, demo, type E2E, mainMenu, openMenuSection, screenshotDir, signInAs, startE2E, visible } from './harness.ts';

const run = browserAvailable();

const closer = { username: 'closer1', password: 'Closer@2026', fullname: 'Faadumo Closer' };
const lastYear = clock.year() - 1;

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

/** Types into an account picker (by its accessible name) and takes the highlighted match with Enter. */
async function pick(page: Page, name: string, text: string) {
  await page.getByRole('combobox', { name }).fill(text);
  await page.getByRole('listbox').getByRole('option').first().waitFor();
  await page.keyboard.press('Enter');
}

/** Fills a general journal entry and presses Post entry (the caller checks the outcome). */
async function fillEntry(page: Page, date: string, reference: string, lines: [string, string, string][]) {
  await page.goto('/#/dashboard');
  await page.goto('/#/finance/general-journal');
  await page.getByLabel(/^Date/).fill(date);
  await page.getByLabel('Reference').fill(reference);
  for (const [i, [account, debit, credit]] of lines.entries()) {
    if (i >= 2) await page.getByRole('button', { name: 'Add line' }).click();
    await pick(page, `Line ${i + 1} account`, account);
    if (debit) await page.getByLabel(`Line ${i + 1} debit`).fill(debit);
    if (credit) await page.getByLabel(`Line ${i + 1} credit`).fill(credit);
  }
  await page.getByRole('button', { name: 'Post entry' }).click();
}

async function postEntry(page: Page, date: string, reference: string, lines: [string, string, string][]) {
  await fillEntry(page, date, reference, lines);
  await visible(
    page
      .getByRole('tabpanel')
      .getByRole('alert')
      .filter({ hasText: /Entry JV-\d+ was posted/ }),
  );
}

describe.skipIf(!run)('money transfers, cheques, attachments and the year-end closing', () => {
  let e2e: E2E;
  let page: Page;

  beforeAll(async () => {
    e2e = await startE2E({
      prepare: (p) => p.addStaff({ code: demo.code, ...closer, role: 'Closer', privileges: ['dashboard', 'list-closing-accounts', 'list-account'] }),
    });
    page = await e2e.newPage();
  });
  afterEach((ctx) => e2e?.afterEachTest(ctx));
  afterAll(async () => {
    await e2e?.close();
  });

  it("posts last year's capital into the bank, a sale and the rent through the general journal", async () => {
    await signInAs(page, demo.admin);
    await postEntry(page, `${lastYear}-03-01`, 'CAP-001', [
      ['1030', '20000', ''],
      ['3010', '', '20000'],
    ]);
    await postEntry(page, `${lastYear}-06-30`, 'SALES-01', [
      ['1010', '3200.75', ''],
      ['4010', '', '3200.75'],
    ]);
    await postEntry(page, `${lastYear}-09-15`, 'RENT-01', [
      ['6120', '800', ''],
      ['1030', '', '800'],
    ]);
  });

  it('transfers money from the bank to the cash box, once per Idempotency-Key, and cancels another transfer', async () => {
    const posts: Request[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/finance/transfer')) posts.push(r);
    });
    await openMenuSection(page, 'Finance');
    await mainMenu(page).getByRole('link', { name: 'Money transfer' }).click();
    await page.waitForURL(/#\/finance\/transfer-balance$/);
    await visible(page.getByText('No transfers yet.'));

    // Only cash, bank and mobile money accounts are offered.
    await page.getByRole('combobox', { name: /^From account/ }).fill('Rent');
    await visible(page.getByText('No account matches.'));
    await pick(page, 'From account', '1030');
    await visible(page.getByText('Balance: $19,200.00'));
    await pick(page, 'To account', '1030');
    await page.getByLabel(/^Amount/).fill('25000');
    await visible(page.getByText('Choose two different accounts.'));
    await visible(page.getByText('The amount is more than the balance of 1030 · Bank account ($19,200.00): the account would be overdrawn by $5,800.00.'));
    await e2e.shot(page, 'treasury-01-transfer-checks');

    await pick(page, 'To account', '1010');
    await page.getByLabel(/^Amount/).fill('2500');
    await page.getByLabel('Reference').fill('FLOAT-01');
    await page.getByRole('button', { name: 'Post transfer' }).click();
    await visible(page.getByText(/Transfer TR-000001 was posted as journal entry/));
    const row = page.getByRole('row').filter({ hasText: 'FLOAT-01' });
    await visible(row.getByText('Posted', { exact: true }));
    expect(await row.innerText()).toContain('1030 · Bank account');
    expect(await row.innerText()).toContain('1010 · Cash on hand');
    expect(await row.innerText()).toContain('2,500.00');
    await e2e.shot(page, 'treasury-02-transfer-posted');

    // The posting carried a UUID Idempotency-Key; the same request again posts nothing new.
    expect(posts).toHaveLength(1);
    const key = posts[0].headers()['idempotency-key'];
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const again = await apiCall(page, 'POST', '/finance/transfer', posts[0].postData() ?? '', { 'Idempotency-Key': key });
    expect(again.replayed).toBe('true');
    expect(again.body.number).toBe('TR-000001');
    expect((await apiCall(page, 'GET', '/finance/transfer')).body.total).toBe(1);

    // The entry: cash debited, bank credited.
    await row.getByRole('link', { name: /^Open journal entry JV-/ }).click();
    await page.waitForURL(/#\/finance\/general-journal\/\d+$/);
    expect(await page.getByRole('row').filter({ hasText: '1010 · Cash on hand' }).innerText()).toContain('2,500.00');
    expect(await page.getByRole('row').filter({ hasText: '1030 · Bank account' }).innerText()).toContain('2,500.00');

    // A second transfer, cancelled: its entry is reversed.
    await page.goto('/#/finance/transfer-balance');
    await pick(page, 'From account', '1010');
    await pick(page, 'To account', '1040');
    await page.getByLabel(/^Amount/).fill('100');
    await page.getByLabel('Reference').fill('EVC-01');
    await page.getByRole('button', { name: 'Post transfer' }).click();
    await visible(page.getByText(/Transfer TR-000002 was posted/));
    await page.getByRole('row').filter({ hasText: 'EVC-01' }).getByRole('button', { name: 'Cancel transfer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel transfer TR-000002?' });
    await visible(dialog.getByText('A reversing journal entry moves 100.00 back from 1040 · EVC Plus to 1010 · Cash on hand.', { exact: false }));
    await dialog.getByLabel('Reason').fill('Sent to the wrong wallet');
    await e2e.shot(page, 'treasury-03-cancel-dialog');
    await dialog.getByRole('button', { name: 'Cancel transfer' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await visible(page.getByText(/Transfer TR-000002 was cancelled by entry JV-\d+\./));
    const cancelled = page.getByRole('row').filter({ hasText: 'EVC-01' });
    await visible(cancelled.getByText('Cancelled', { exact: true }));
    expect(await cancelled.getByRole('button', { name: 'Cancel transfer' }).isDisabled()).toBe(true);
    await e2e.shot(page, 'treasury-04-transfer-cancelled');
  });

  it('writes a cheque whose lines must equal its amount, and prints the cheque with its voucher', async () => {
    await openMenuSection(page, 'Finance');
    await mainMenu(page).getByRole('link', { name: 'Write cheque' }).click();
    await page.waitForURL(/#\/finance\/write-check$/);
    const save = page.getByRole('button', { name: 'Write cheque' });
    await pick(page, 'Bank account', '1030');
    await visible(page.getByText('Blank: the next number, 000001.'));
    await page.getByLabel(/^Pay to/).fill('Hodan Supplies Ltd');
    await page.getByLabel('Vendor no.').fill('12');
    await page.getByLabel(/^Amount/).fill('1250.50');
    await page.getByLabel('Memo', { exact: true }).fill('Fuel and generator repair, November');
    expect(await page.getByTestId('amount-in-words').innerText()).toBe('In words: One thousand two hundred fifty dollars and fifty cents');
    await pick(page, 'Line 1 account', '5020');
    await page.getByLabel('Line 1 amount').fill('1000');
    await page.getByLabel('Line 1 description').fill('Diesel 800 litres');
    await visible(page.getByRole('status').filter({ hasText: 'Remaining to allocate: $250.50' }));
    expect(await save.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Add line' }).click();
    await pick(page, 'Line 2 account', '6100');
    await page.getByLabel('Line 2 amount').fill('250.60');
    await visible(page.getByRole('status').filter({ hasText: 'Allocated $0.10 more than the cheque amount' }));
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel('Line 2 amount').fill('250.50');
    await visible(page.getByRole('status').filter({ hasText: 'Fully allocated' }));
    expect(await page.getByTestId('cheque-allocated').innerText()).toBe('1,250.50');
    await e2e.shot(page, 'treasury-05-cheque-allocated');
    await save.click();
    await visible(page.getByText(/Cheque 000001 to Hodan Supplies Ltd was written and posted as journal entry JV-\d+/));
    const row = page.getByRole('row').filter({ hasText: 'Hodan Supplies Ltd' });
    await visible(row.getByText('Issued', { exact: true }));
    expect(await row.innerText()).toContain('$1,250.50');
    await e2e.shot(page, 'treasury-06-cheque-written');

    await page.getByRole('alert').getByRole('link', { name: 'Print cheque' }).click();
    await page.waitForURL(/#\/finance\/write-check\/\d+\/print$/);
    expect(await page.getByTestId('print-cheque-number').innerText()).toBe('000001');
    expect(await page.getByTestId('print-payee').innerText()).toBe('Hodan Supplies Ltd');
    expect(await page.getByTestId('print-amount').innerText()).toBe('$1,250.50');
    expect(await page.getByTestId('print-words').innerText()).toBe('One thousand two hundred fifty dollars and fifty cents only');
    expect(await page.getByTestId('print-total').innerText()).toBe('1,250.50');
    await visible(page.getByRole('region', { name: 'Payment voucher' }).getByRole('cell', { name: '5020 · Generator fuel' }));
    await e2e.shot(page, 'treasury-07-cheque-print-screen');

    // On paper: only the sheet, A4 wide, without the application around it.
    await page.emulateMedia({ media: 'print' });
    await page.setViewportSize({ width: 718, height: 1047 }); // A4 at 96 dpi less the 10 mm margins
    await expect.poll(() => page.locator('aside').isVisible()).toBe(false);
    await expect.poll(() => page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await page.getByTestId('print-company').innerText()).toBe(demo.name);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(1047); // one A4 page
    await page.screenshot({ path: join(screenshotDir, 'treasury-08-cheque-print-a4.png'), fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize({ width: 1366, height: 850 });

    // A cheque written by number, then voided: the print shows VOID.
    await page.goto('/#/finance/write-check');
    await pick(page, 'Bank account', '1030');
    await page.getByLabel('Cheque no.').fill('1001');
    await page.getByLabel(/^Payee type/).selectOption('other');
    expect(await page.getByLabel('Vendor no.').isDisabled()).toBe(true);
    await page.getByLabel(/^Pay to/).fill('Mogadishu Water Authority');
    await page.getByLabel(/^Amount/).fill('75');
    await pick(page, 'Line 1 account', '6180');
    await page.getByLabel('Line 1 amount').fill('75');
    await page.getByRole('button', { name: 'Write cheque' }).click();
    await visible(page.getByText(/Cheque 001001 to Mogadishu Water Authority was written/));
    await visible(page.getByText('Blank: the next number, 001002.'));
    await page.getByRole('row').filter({ hasText: 'Mogadishu Water Authority' }).getByRole('button', { name: 'Void cheque' }).click();
    const dialog = page.getByRole('dialog', { name: 'Void cheque 001001?' });
    await dialog.getByLabel('Reason').fill('Licence fee paid in cash instead');
    await dialog.getByRole('button', { name: 'Void cheque' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await visible(page.getByText(/Cheque 001001 was voided by entry JV-\d+\./));
    const voided = page.getByRole('row').filter({ hasText: 'Mogadishu Water Authority' });
    await visible(voided.getByText('Void', { exact: true }));
    await voided.getByRole('button', { name: 'Print cheque' }).click();
    await visible(page.getByText(/This cheque is void \(reversed by entry JV-\d+\); it prints marked VOID\./));
    expect(await page.getByTestId('print-words').innerText()).toBe('Seventy-five dollars only');
    await e2e.shot(page, 'treasury-09-cheque-void-print');
  });

  it('attaches a bank slip to the capital entry, downloads it and removes it', async () => {
    await page.goto('/#/finance/general-journal?tab=list');
    await page.getByRole('row').filter({ hasText: 'CAP-001' }).click();
    await visible(page.getByRole('heading', { name: /^Journal entry JV-/ }));
    await visible(page.getByText('No files are attached to this entry.'));

    const dir = mkdtempSync(join(tmpdir(), 'ubo-e2e-files-'));
    const text = join(dir, 'notes.txt');
    const pdf = join(dir, 'bank-slip.pdf');
    writeFileSync(text, 'not a receipt');
    writeFileSync(pdf, '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
    const uploads: Request[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/finance/upload-transaction-files')) uploads.push(r);
    });
    await page.getByLabel('File to attach').setInputFiles(text);
    await visible(page.getByText('notes.txt cannot be attached: only PDF, PNG, JPEG, WEBP, CSV or XLSX files are allowed.'));
    expect(uploads).toHaveLength(0); // refused before anything was sent
    await e2e.shot(page, 'treasury-10-attachment-refused');

    await page.getByLabel('File to attach').setInputFiles(pdf);
    await visible(page.getByText('bank-slip.pdf was attached.'));
    const item = page.getByRole('listitem').filter({ hasText: 'bank-slip.pdf' });
    await visible(item.getByText(/added by Demo Administrator/));
    await e2e.shot(page, 'treasury-11-attachment-listed');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download bank-slip.pdf' }).click()]);
    expect(download.suggestedFilename()).toBe('bank-slip.pdf');
    expect(readFileSync((await download.path()) ?? '', 'latin1').startsWith('%PDF-1.4')).toBe(true);

    await page.getByRole('button', { name: 'Remove bank-slip.pdf' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove the file?' });
    await visible(confirm.getByText('bank-slip.pdf will be removed from this entry and deleted.'));
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await visible(page.getByText('bank-slip.pdf was removed.'));
    await visible(page.getByText('No files are attached to this entry.'));

    // Attached again, to stay with the entry.
    await page.getByLabel('File to attach').setInputFiles(pdf);
    await visible(page.getByRole('listitem').filter({ hasText: 'bank-slip.pdf' }));
    rmSync(dir, { recursive: true, force: true });
  });

  it('closes last year into retained earnings; a posting dated before the lock date is refused', async () => {
    await openMenuSection(page, 'Settings');
    await mainMenu(page).getByRole('link', { name: 'Closing accounts' }).click();
    await page.waitForURL(/#\/settings\/list-closing-accounts$/);
    expect(await page.getByTestId('lock-date').innerText()).toBe('No period is closed');
    expect(await page.getByLabel(/^Period end/).inputValue()).toBe(`31/12/${lastYear}`); // dd/mm/yyyy on screen
    await visible(page.getByText('What the closing entry will move'));
    expect(await page.getByTestId('preview-income').innerText()).toBe('3,200.75');
    expect(await page.getByTestId('preview-expenses').innerText()).toBe('800.00');
    expect(await page.getByTestId('preview-net').innerText()).toBe('2,400.75');
    await visible(page.getByText('Net profit to 3100 · Retained earnings'));
    await e2e.shot(page, 'treasury-12-closing-preview');

    await page.getByRole('button', { name: 'Close the period' }).click();
    const dialog = page.getByRole('dialog', { name: `Close the books up to 31 December ${lastYear}?` });
    await visible(
      dialog.getByText(
        `post one entry dated 31 December ${lastYear} that empties the income (3,200.75) and expense (800.00) accounts into 3100 · Retained earnings: a net profit of 2,400.75;`,
      ),
    );
    await visible(dialog.getByText(`refuse every posting dated on or before 31 December ${lastYear}, including reversals, transfers and cheques;`));
    await e2e.shot(page, 'treasury-13-closing-confirm');
    await dialog.getByRole('button', { name: 'Close the period' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await visible(page.getByText(`The books are closed up to 31 Dec ${lastYear}.`));
    expect(await page.getByTestId('lock-date').innerText()).toBe(`The books are closed up to 31 December ${lastYear}`);
    const closing = page
      .getByRole('table', { name: 'Closings' })
      .getByRole('row')
      .filter({ hasText: `Up to 31 Dec ${lastYear}` });
    expect(await closing.innerText()).toContain('2,400.75');
    await e2e.shot(page, 'treasury-14-closed');

    // The income statement of last year still shows its result; retained earnings hold it now.
    const balances = await apiCall(page, 'GET', '/finance/accounts?q=3100');
    expect(balances.body.data[0].balance).toBe('2400.75');

    // A posting dated before the lock date is refused on the journal screen, on the date field.
    await fillEntry(page, `${lastYear}-12-20`, 'LATE-01', [
      ['6140', '45', ''],
      ['1010', '', '45'],
    ]);
    const date = page.getByLabel(/^Date/);
    await visible(page.getByText(`The books are closed up to ${lastYear}-12-31; choose a later date.`));
    expect(await date.getAttribute('aria-invalid')).toBe('true');
    await e2e.shot(page, 'treasury-15-journal-refused');

    // A member of staff may close periods but not reopen them.
    const staff = await e2e.newPage(await e2e.newContext());
    await signInAs(staff, closer);
    await staff.goto('/#/settings/list-closing-accounts');
    await visible(staff.getByTestId('lock-date').getByText(`The books are closed up to 31 December ${lastYear}`));
    await expect.poll(() => staff.getByRole('button', { name: 'Reopen' }).count()).toBe(0);
    expect((await apiCall(staff, 'POST', '/finance/closing/reopen', { lockDate: null, reason: 'Trying anyway' })).status).toBe(403);
    await staff.close();

    // The administrator reopens (reason required) and the late posting goes through.
    await page.goto('/#/settings/list-closing-accounts');
    await page.getByRole('button', { name: 'Reopen' }).click();
    const reopen = page.getByRole('dialog', { name: 'Reopen closed periods' });
    await reopen.getByRole('button', { name: 'Reopen' }).click();
    await visible(reopen.getByText('The min number of characters is 3'));
    await reopen.getByLabel(/^Reason/).fill('Telephone bill of December found late');
    await e2e.shot(page, 'treasury-16-reopen-dialog');
    await reopen.getByRole('button', { name: 'Reopen' }).click();
    await reopen.waitFor({ state: 'hidden' });
    await visible(page.getByText('Reopened: every period is open.'));
    expect(await page.getByTestId('lock-date').innerText()).toBe('No period is closed');
    await visible(page.getByRole('table', { name: 'Closings' }).getByText('Reopened', { exact: true }));
    await postEntry(page, `${lastYear}-12-20`, 'LATE-01', [
      ['6140', '45', ''],
      ['1010', '', '45'],
    ]);
  });

  it('shows the treasury screens in Somali, with the amount in Somali words on the cheque', async () => {
    await page.goto('/#/finance/transfer-balance');
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'SO · Soomaali' }).click()]);
    await visible(page.getByRole('heading', { name: 'Wareejinta lacagta' }).first());
    await visible(page.getByRole('row').filter({ hasText: 'FLOAT-01' }).getByText('La geliyay', { exact: true }));
    await e2e.shot(page, 'treasury-17-transfer-somali');

    await page.goto('/#/finance/write-check');
    await visible(page.getByRole('heading', { name: 'Qor jeeg' }).first());
    await page.getByRole('row').filter({ hasText: 'Hodan Supplies Ltd' }).getByRole('button', { name: 'Daabac jeegga' }).click();
    await page.waitForURL(/#\/finance\/write-check\/\d+\/print$/);
    expect(await page.getByTestId('print-words').innerText()).toBe('Kun iyo laba boqol iyo konton doollar iyo konton senti keliya');
    await visible(page.getByRole('region', { name: 'Warqadda lacag-bixinta' }));
    await e2e.shot(page, 'treasury-18-cheque-print-somali');

    await page.goto('/#/settings/list-closing-accounts');
    await visible(page.getByRole('heading', { name: 'Xiridda xisaabaadka' }).first());
    expect(await page.getByTestId('lock-date').innerText()).toBe('Muddo la xiray ma jirto');
    await e2e.shot(page, 'treasury-19-closing-somali');

    await page.getByRole('banner').getByRole('combobox', { name: 'Luqadda' }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'EN · English' }).click()]);
    await visible(page.getByRole('heading', { name: 'Closing accounts' }).first());
    expect(e2e.pageErrors).toEqual([]);
  });
});
