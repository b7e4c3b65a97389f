// Journey: what a user sees agrees (issue 12 §6). Every ready menu entry opens a page headed by the
// entry's own title, in English and in Somali; the bell counts the user's unread messages or shows no
// badge; the general journal picks a customer by name, and the entry, the journal report and the log
// sheet name the customer and the user instead of showing ids.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type MenuItem, menu, menuRoute } from '../../contracts/src/menu.ts';
import { browserAvailable, demo, type E2E, signInAs, startE2E, visible } from './harness.ts';

const run = browserAvailable();

/** Every ready link of the menu with its route (the administrator sees them all). */
function readyLinks(items: readonly MenuItem[], parent?: MenuItem): { route: string; en: string; so: string }[] {
  return items.flatMap((item) =>
    item.type === 'sub' ? readyLinks(item.children ?? [], item) : item.ready ? [{ route: menuRoute(parent, item), en: item.en, so: item.so }] : [],
  );
}

/**
 * Opens a route in the running app (a hash change, no reload) and answers the page's own heading
 * (PageHeader's title) once the navbar names the new route, so a heading of the previous page is
 * never read.
 */
async function pageHeading(page: Page, route: string, navbarTitle: string): Promise<string> {
  await page.evaluate((r) => {
    location.hash = r;
  }, route);
  await page.waitForFunction((title) => document.querySelector('header h1')?.textContent?.trim() === title, navbarTitle);
  const heading = page.locator('main h2').first();
  await heading.waitFor();
  return (await heading.innerText()).trim();
}

/** A POST of the signed-in page's own API (bearer token from its storage). */
function apiPost<T>(page: Page, path: string, body: unknown): Promise<T> {
  return page.evaluate(
    async ({ path, body }) => {
      const res = await fetch(`/api${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = await res.json();
      if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(answer)}`);
      return answer;
    },
    { path, body },
  );
}

async function chooseLanguage(page: Page, option: 'SO · Soomaali' | 'EN · English') {
  await page
    .getByRole('banner')
    .getByRole('combobox', { name: /^(Language|Luqadda)$/ })
    .click();
  await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: option }).click()]);
}

describe.skipIf(!run)('names agree: menu and pages, the bell, parties and the log sheet', () => {
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

  let customer = { name: '', customerNo: '' };
  let entryNumber = '';

  it("picks a journal line's customer by typing part of the name; the entry and the journal report name the customer", async () => {
    customer = await apiPost<{ name: string; customerNo: string }>(page, '/elc/customers', {
      name: 'Hodan Cabdi Nuur',
      phone: '0615123987',
      customerClass: 'residential',
    });
    await page.goto('/#/finance/general-journal');
    await page.getByLabel('Reference').fill('NAMES-1');
    for (const [line, code] of [
      [1, '1100'],
      [2, '4010'],
    ] as const) {
      await page.getByRole('combobox', { name: `Line ${line} account` }).fill(code);
      await page.getByRole('listbox').getByRole('option').first().waitFor();
      await page.keyboard.press('Enter');
    }
    await page.getByLabel('Line 1 debit').fill('12.50');
    await page.getByLabel('Line 2 credit').fill('12.50');
    await page.getByLabel('Line 1 party type').selectOption('customer');
    const party = page.getByRole('combobox', { name: 'Line 1 party', exact: true });
    await party.fill(customer.name.split(' ')[0]);
    const option = page.getByRole('listbox').getByRole('option').filter({ hasText: customer.name });
    await visible(option);
    await option.first().click();
    expect(await party.inputValue()).toBe(`${customer.customerNo} · ${customer.name}`);
    await e2e.shot(page, 'names-01-journal-party-by-name');
    await page.getByRole('button', { name: 'Post entry' }).click();
    const alert = page
      .getByRole('tabpanel')
      .getByRole('alert')
      .filter({ hasText: /Entry JV-\d+ was posted/ });
    await visible(alert);
    entryNumber = (await alert.innerText()).match(/JV-\d+/)?.[0] ?? '';
    await alert.getByRole('link', { name: 'Open it' }).click();
    const row = page.getByRole('row').filter({ hasText: '1100' });
    await visible(row);
    expect(await row.innerText()).toContain(customer.name);
    expect(await row.innerText()).not.toMatch(/#\d/);

    await page.goto('/#/reports/journal-report');
    await visible(page.getByRole('row').filter({ hasText: customer.name }));
    await e2e.shot(page, 'names-02-journal-report-party-name');
  });

  it('the log sheet says who by name and which entry by number, with no truncated ids', async () => {
    await page.goto('/#/settings/list-log-sheet');
    const row = page.getByRole('row').filter({ hasText: entryNumber });
    await visible(row);
    const text = await row.innerText();
    expect(text).toContain(demo.admin.fullname);
    expect(text).toContain('Journal entry');
    expect(text).toContain('Created');
    expect(await page.locator('main table').innerText()).not.toContain('…');
    await e2e.shot(page, 'names-03-log-sheet');
  });

  it('opens every ready menu entry on a page headed by the entry title, in English and in Somali', { timeout: 300_000 }, async () => {
    // The dashboard greets the user by name instead; the navbar names it.
    const links = readyLinks(menu).filter((l) => l.route !== '/dashboard');
    for (const lang of ['en', 'so'] as const) {
      if (lang === 'so') await chooseLanguage(page, 'SO · Soomaali');
      const differ: string[] = [];
      for (const link of links) {
        const title = link[lang];
        const heading = await pageHeading(page, link.route, title);
        // A report may add what it is about after its title ("Account transaction: 1030 · Bank").
        if (heading !== title && !heading.startsWith(`${title}: `)) differ.push(`${link.route}: menu "${title}", page "${heading}"`);
      }
      expect(differ, lang).toEqual([]);
    }
    // The log sheet in Somali: what was done, to which record type, translated.
    await page.goto('/#/settings/list-log-sheet');
    const row = page.getByRole('row').filter({ hasText: entryNumber });
    await visible(row);
    expect(await row.innerText()).toContain('Qoraal joornaal');
    expect(await row.innerText()).toContain('La abuuray');
    await e2e.shot(page, 'names-04-log-sheet-somali');
    await chooseLanguage(page, 'EN · English');
    expect(e2e.pageErrors).toEqual([]);
  });
});
