// An organisation's data export (issue 20): the administrator starts it on the company profile, the
// background job's state shows in the card, and the finished ZIP downloads.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, demo, type E2E, signInAs, startE2E, visible } from './harness.ts';

const run = browserAvailable();

describe.skipIf(!run)("organisation's data export", () => {
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

  it('starts an export from the company profile, shows it ready and downloads the ZIP', async () => {
    await page.goto('/#/settings/company-profile');
    const card = page.getByRole('region', { name: "Export the organisation's data" });
    await visible(card);
    await visible(card.getByText('No export yet.'));
    await card.getByRole('checkbox', { name: /Include stored files/ }).check();
    await card.getByRole('checkbox', { name: /Include documents as PDFs/ }).check();
    await card.getByRole('button', { name: 'Export data' }).click();
    const row = card.getByTestId('export-row').first();
    await visible(row.getByText('Ready'));
    await expect.poll(async () => (await row.textContent()) ?? '').toMatch(/\d+ tables, \d+ rows, .*\(with files\) \(with documents\)/);
    await card.scrollIntoViewIfNeeded();
    await e2e.shot(page, 'backup-export-01-ready');
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^organisation-1000-export-\d{4}-\d{2}-\d{2}\.zip$/);
  });
});
