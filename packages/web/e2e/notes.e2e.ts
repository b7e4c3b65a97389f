// Journey 5: popup notes. Three notes for the demo organisation are published with the operator
// command line before the server starts: an optional one shown up to three times, an optional one for
// administrators only, and a required one-time note with a feedback question. The navbar bell counts
// the notes not yet seen and shows no badge once all have been.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { browserAvailable, demo, type E2E, logOut, signInAs, startE2E, visible } from './harness.ts';

const run = browserAvailable();

/** The navbar bell's badge: its number, or null when it shows none. */
async function bellCount(page: Page): Promise<string | null> {
  const badge = page.getByRole('banner').locator('.MuiBadge-badge');
  if ((await badge.count()) === 0 || (await badge.getAttribute('class'))?.includes('MuiBadge-invisible')) return null;
  return (await badge.innerText()).trim();
}

const optional = { title: 'Billing day moves', message: 'From next month the bills go out on the 5th.' };
const adminOnly = { title: 'Tariff review', message: 'Please check the new water tariffs before Friday.' };
const required = {
  title: 'New receipt printers',
  message: 'Every branch gets a new receipt printer this week.',
  question: 'Which branch still needs a printer?',
  answer: 'Hodan branch, front desk',
};

/** The note dialog, whichever note it shows. */
const noteDialog = (page: Page) => page.getByRole('dialog').filter({ has: page.getByText(/^Message \d+ of \d+$/) });

async function expectSlide(dialog: Locator, title: string, n: number, total: number) {
  await visible(dialog.getByRole('heading', { name: title }));
  await visible(dialog.getByText(`Message ${n} of ${total}`, { exact: true }));
}

describe.skipIf(!run)('popup notes after sign-in', () => {
  let e2e: E2E;
  let page: Page;

  beforeAll(async () => {
    e2e = await startE2E({
      async prepare(p) {
        const code = String(demo.code);
        await p.admin(
          'add-note',
          '--code',
          code,
          '--title',
          optional.title,
          '--message',
          optional.message,
          '--type',
          'optional',
          '--target',
          'other',
          '--repetition',
          'three_times',
        );
        await p.admin(
          'add-note',
          '--code',
          code,
          '--title',
          adminOnly.title,
          '--message',
          adminOnly.message,
          '--type',
          'optional',
          '--target',
          'admin',
          '--repetition',
          'one_time',
        );
        await p.admin(
          'add-note',
          '--code',
          code,
          '--title',
          required.title,
          '--message',
          required.message,
          '--type',
          'required',
          '--target',
          'other',
          '--repetition',
          'one_time',
          '--question',
          required.question,
        );
      },
    });
    page = await e2e.newPage();
  });
  afterEach((ctx) => e2e?.afterEachTest(ctx));
  afterAll(async () => {
    await e2e?.close();
  });

  it('shows every due note in one dialog, as slides with next, previous and indicator dots', async () => {
    await signInAs(page, demo.admin);
    const dialog = noteDialog(page);
    await expectSlide(dialog, optional.title, 1, 3);
    // The bell counts the notes not yet seen: three new, the first on screen.
    await expect.poll(() => bellCount(page)).toBe('2');
    await visible(dialog.getByText(optional.message));
    const dots = dialog.getByRole('group', { name: 'Messages from your provider' }).getByRole('button');
    await expect.poll(() => dots.count()).toBe(3);
    expect(await dots.nth(0).getAttribute('aria-current')).toBe('step');
    expect(await dialog.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await expect.poll(() => dialog.getByRole('button', { name: 'Confirm' }).count()).toBe(0);
    // The page behind stays usable: the dialog has no backdrop.
    await visible(page.getByRole('heading', { name: `Welcome, ${demo.admin.fullname}` }));
    await e2e.shot(page, '05-notes-slide-1');

    await dialog.getByRole('button', { name: 'Next' }).click();
    await expectSlide(dialog, adminOnly.title, 2, 3);
    expect(await dots.nth(1).getAttribute('aria-current')).toBe('step');
    expect(await dots.nth(0).getAttribute('aria-current')).toBeNull();
    await dialog.getByRole('button', { name: 'Previous' }).click();
    await expectSlide(dialog, optional.title, 1, 3);

    await expect.poll(() => bellCount(page)).toBe('1');
    await dialog.getByRole('button', { name: 'Show message 3' }).click();
    await expectSlide(dialog, required.title, 3, 3);
    await expect.poll(() => bellCount(page)).toBeNull();
    expect(await dots.nth(2).getAttribute('aria-current')).toBe('step');
    await visible(dialog.getByText('Please read and confirm'));
    // The last slide of a required note ends with Confirm, not Next or Close.
    await expect.poll(() => dialog.getByRole('button', { name: 'Next' }).count()).toBe(0);
    await expect.poll(() => dialog.getByText('Close', { exact: true }).count()).toBe(0);
    await dialog.getByLabel(required.question).fill(required.answer);
    await e2e.shot(page, '05-notes-required-with-question');

    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });

  it('does not show one-time notes again at the next sign-in; the optional note ends with Close', async () => {
    await logOut(page);
    await signInAs(page, demo.admin);

    // Only the note shown up to three times is due again: one slide, no dots, and Close.
    const dialog = noteDialog(page);
    await expectSlide(dialog, optional.title, 1, 1);
    await expect.poll(() => dialog.getByRole('group', { name: 'Messages from your provider' }).count()).toBe(0);
    await expect.poll(() => dialog.getByRole('button', { name: 'Confirm' }).count()).toBe(0);
    await expect.poll(() => dialog.getByRole('button', { name: 'Next' }).count()).toBe(0);
    await e2e.shot(page, '05-notes-optional-close');
    await dialog.getByText('Close', { exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The notification menu still lists every note; the required one keeps the answer given.
    await page.getByRole('button', { name: 'Notifications' }).click();
    const menu = page.getByRole('menu');
    await visible(menu.getByText('Messages', { exact: true }));
    for (const note of [optional, adminOnly, required]) await visible(menu.getByText(note.title));
    await menu.getByText(required.title).click();
    const again = noteDialog(page);
    await expectSlide(again, required.title, 1, 1);
    expect(await again.getByLabel(required.question).inputValue()).toBe(required.answer);
    await e2e.shot(page, '05-notes-reopened-with-answer');
    await again.getByRole('button', { name: 'Close' }).click();
    await again.waitFor({ state: 'hidden' });
  });

  it("shows a staff member the notes for everyone, not the administrators' note", async () => {
    const cashier = await e2e.newPage(await e2e.newContext());
    await signInAs(cashier, demo.cashier);
    const dialog = noteDialog(cashier);
    await expectSlide(dialog, optional.title, 1, 2);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expectSlide(dialog, required.title, 2, 2);
    // Another user's answer is not shown.
    expect(await dialog.getByLabel(required.question).inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => cashier.getByText(adminOnly.title).count()).toBe(0);
    expect(e2e.pageErrors).toEqual([]);
  });
});
