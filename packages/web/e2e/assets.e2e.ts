// Journey: fixed assets. The administrator registers an asset brought in from older books, buys two
// laptops for cash, previews this month's depreciation and posts it (a background job, followed until
// done), reads the runs and the assets report, opens an asset's page with its schedule, edits its
// details and disposes of it by a write-off (the run is then no longer offered for reversal); edits a
// category on the categories page; then in Somali registers an asset (a bad cost refused on its field in
// Somali), previews the next month and reads the runs.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, demo, type E2E, signInAs, startE2E, visible } from './harness.ts';

const run = browserAvailable();
const now = new Date();
const month = now.toISOString().slice(0, 7);
const ddmmyyyy = `01/${month.slice(5, 7)}/${month.slice(0, 4)}`;

async function choose(page: Page, label: RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).first().click();
  await page.getByRole('listbox').getByRole('option', { name: option }).first().click();
}

describe.skipIf(!run)('assets: register, buy, depreciation, report, disposal', () => {
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

  it('registers an asset brought in from older books; a bad cost is refused on its field', async () => {
    await page.goto('/#/assets/add');
    await visible(page.getByRole('heading', { name: 'Add asset', level: 2 }));
    await page.getByLabel(/^Tag number/).fill('TRF-9001');
    await page.getByLabel(/^Asset name/).fill('Transformer 200 kVA');
    await choose(page, /^Category/, 'Transformers');
    await page.getByLabel(/^Acquisition date/).fill(ddmmyyyy);
    await page.getByLabel(/^Cost/).fill('12000');
    await page.getByLabel(/^Depreciation to date/).fill('20000');
    await page.getByLabel(/^Date entered in the books/).fill(ddmmyyyy);
    await page.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('Depreciation to date and salvage value together cannot be more than the cost.'));
    await e2e.shot(page, 'assets-01-add-refused');
    await page.getByLabel(/^Depreciation to date/).fill('2400');
    await page.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByRole('heading', { name: /TRF-9001/, level: 2 }));
    await visible(page.getByTestId('asset-schedule').getByText('Brought in'));
    await e2e.shot(page, 'assets-02-page');
  });

  it('buys two laptops for cash on one purchase and sees them on the list', async () => {
    await page.goto('/#/assets/buy');
    await visible(page.getByRole('heading', { name: 'Buy asset', level: 2 }));
    await choose(page, /^Paid how/, 'For cash');
    await choose(page, /^Paid from/, /Cash on hand/);
    await page.getByLabel(/^Date/).first().fill(ddmmyyyy);
    await page.locator('input[name="assets.0.tag"]').fill('IT-9001');
    await page.locator('input[name="assets.0.name"]').fill('Laptop');
    await choose(page, /^Category/, 'IT equipment');
    await page.locator('input[name="assets.0.cost"]').fill('1800');
    await page.getByRole('button', { name: 'Add an asset' }).click();
    await page.locator('input[name="assets.1.tag"]').fill('IT-9002');
    await page.locator('input[name="assets.1.name"]').fill('Laptop');
    await page
      .getByRole('combobox', { name: /^Category/ })
      .nth(1)
      .click();
    await page.getByRole('listbox').getByRole('option', { name: 'IT equipment' }).click();
    await page.locator('input[name="assets.1.cost"]').fill('1800');
    await visible(page.getByText(/Total: .*3,600\.00/));
    await e2e.shot(page, 'assets-03-buy');
    await page.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByRole('heading', { name: 'Assets list', level: 2 }));
    await visible(page.getByRole('row').filter({ hasText: 'IT-9002' }));
    await e2e.shot(page, 'assets-04-list');
  });

  it("previews this month's depreciation, posts it and reads the runs and the report", async () => {
    await page.goto('/#/assets/generate-depreciation');
    await visible(page.getByRole('heading', { name: 'Generate depreciation', level: 2 }));
    await page.getByRole('button', { name: 'Preview' }).click();
    // 12,000 - 5% salvage - 2,400 over 240 months = 37.50; two laptops 3,600 / 36 = 100.00.
    await visible(page.getByTestId('depreciation-total').filter({ hasText: /137\.50/ }));
    await e2e.shot(page, 'assets-05-preview');
    await page.getByRole('button', { name: 'Post depreciation' }).click();
    await visible(page.getByRole('row').filter({ hasText: month }).filter({ hasText: 'Posted' }));
    await e2e.shot(page, 'assets-06-posted');
    await page.goto('/#/assets/report');
    await visible(page.getByRole('heading', { name: 'Assets report', level: 2 }));
    // The run is dated the month's last day: the register as at that day has it.
    const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0));
    await page.getByLabel(/^As at/).fill(`${String(last.getUTCDate()).padStart(2, '0')}/${month.slice(5, 7)}/${month.slice(0, 4)}`);
    await visible(
      page
        .getByRole('row')
        .filter({ hasText: 'IT-9001' })
        .filter({ hasText: /1,750\.00/ }),
    );
    await e2e.shot(page, 'assets-07-report');
  });

  it('disposes of a laptop by a write-off', async () => {
    await page.goto('/#/assets/list');
    await page.getByRole('row').filter({ hasText: 'IT-9001' }).getByText('IT-9001').click();
    await visible(page.getByRole('heading', { name: /IT-9001/, level: 2 }));
    // Its descriptive fields can be edited; the money fields stay as posted.
    await page.getByRole('button', { name: 'Edit details' }).click();
    const edit = page.getByRole('dialog');
    await edit.getByLabel(/^Custodian/).fill('Hodan Ali');
    await edit.getByLabel(/^Serial number/).fill('SN-4471');
    await e2e.shot(page, 'assets-08a-edit');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden' });
    await visible(page.getByText('SN-4471'));
    await page.getByRole('button', { name: 'Dispose of' }).click();
    const dialog = page.getByRole('dialog');
    await choose(page, /^Paid how/, 'Write-off');
    // This month is depreciated: a date in it is refused on the field.
    await dialog.getByRole('button', { name: 'Dispose of' }).click();
    await visible(dialog.getByText(/Depreciation is posted up to/));
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    await dialog.getByLabel(/^Date/).fill(`01/${String(next.getUTCMonth() + 1).padStart(2, '0')}/${next.getUTCFullYear()}`);
    await e2e.shot(page, 'assets-08-dispose');
    await dialog.getByRole('button', { name: 'Dispose of' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await visible(page.getByText('Disposal', { exact: true }));
    await e2e.shot(page, 'assets-09-disposed');
    // Disposed of after this month: its run can no longer be reversed, and the screen does not offer it.
    await page.goto('/#/assets/generate-depreciation');
    const posted = page.getByRole('row').filter({ hasText: month }).filter({ hasText: 'Posted' });
    await visible(posted);
    await expect.poll(() => posted.getByRole('button', { name: 'Reverse' }).count()).toBe(0);
  });

  it('edits a category on the categories page', async () => {
    await page.goto('/#/assets/categories');
    await visible(page.getByRole('heading', { name: 'Asset categories', level: 2 }));
    await page.getByTestId('asset-categories').getByRole('row').filter({ hasText: 'Furniture' }).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Useful life/).fill('0');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(dialog.locator('.Mui-error').first());
    await dialog.getByLabel(/^Useful life/).fill('96');
    await e2e.shot(page, 'assets-09a-category');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await visible(page.getByTestId('asset-categories').getByRole('row').filter({ hasText: 'Furniture' }).filter({ hasText: '96' }));
    await e2e.shot(page, 'assets-09b-categories');
  });

  it('registers an asset in Somali, previews the next month and reads the runs', async () => {
    await page.goto('/#/assets/add');
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'SO · Soomaali' }).click()]);
    await visible(page.getByRole('heading', { name: 'Ku dar hanti', level: 2 }));
    await page.getByLabel(/^Lambarka calaamadda/).fill('VEH-9001');
    await page.getByLabel(/^Magaca hantida/).fill('Gaari Toyota Hilux');
    await choose(page, /^Qayb/, /Gaadiid|Vehicles/);
    await page.getByLabel(/^Qiimaha iibka/).fill('-5');
    await page.getByRole('button', { name: 'Kaydi' }).click();
    await visible(page.locator('.Mui-error').first());
    await e2e.shot(page, 'assets-10a-somali-refused');
    await page.getByLabel(/^Qiimaha iibka/).fill('24000');
    await page.getByRole('button', { name: 'Kaydi' }).click();
    await visible(page.getByRole('heading', { name: /VEH-9001/, level: 2 }));
    await e2e.shot(page, 'assets-10b-somali-page');
    await page.goto('/#/assets/generate-depreciation');
    await visible(page.getByRole('heading', { name: 'Samee qiimo-dhac', level: 2 }));
    await page.getByRole('button', { name: 'Eeg' }).click();
    await visible(page.getByTestId('depreciation-total'));
    await e2e.shot(page, 'assets-10c-somali-preview');
    await visible(page.getByRole('row').filter({ hasText: month }).filter({ hasText: 'La diiwaangeliyay' }));
    await e2e.shot(page, 'assets-10-somali');
    expect(e2e.pageErrors).toEqual([]);
  });
});
