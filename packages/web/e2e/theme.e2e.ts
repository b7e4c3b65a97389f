// Journey 4: the theme choices (dark mode, sidebar colour, mini sidebar) are remembered on the device
// and applied before the first paint after a reload.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, demo, type E2E, signInAs, startE2E, visible } from './harness.ts';

const run = browserAvailable();

// Colours of the theme (app/theme/theme.ts and index.html).
const darkBackground = 'rgb(26, 32, 53)'; // #1a2035
const lightBackground = 'rgb(238, 241, 245)'; // #eef1f5
const greenMain = 'rgb(46, 125, 50)'; // #2e7d32, the boot spinner in green
const greenBright = 'rgb(102, 187, 106)'; // #66bb6a, start of the active entry's gradient

const htmlState = (page: Page) =>
  page.evaluate(() => ({
    mode: document.documentElement.getAttribute('data-mode'),
    color: document.documentElement.getAttribute('data-sidebar-color'),
    mini: document.documentElement.classList.contains('sidebar-mini'),
    background: getComputedStyle(document.body).backgroundColor,
  }));

const sidebarWidth = (page: Page) => page.locator('aside').evaluate((el) => Math.round(el.getBoundingClientRect().width));

describe.skipIf(!run)('theme settings', () => {
  let e2e: E2E;
  let page: Page;

  beforeAll(async () => {
    e2e = await startE2E({ motion: true }); // the mini sidebar opens on hover with its transition
    page = await e2e.newPage();
  });
  afterEach((ctx) => e2e?.afterEachTest(ctx));
  afterAll(async () => {
    await e2e?.close();
  });

  it('applies dark mode, the green sidebar colour and the mini sidebar at once', async () => {
    await signInAs(page, demo.admin);
    expect(await htmlState(page)).toEqual({ mode: 'light', color: 'azure', mini: false, background: lightBackground });
    expect(await sidebarWidth(page)).toBe(260);

    await page.getByRole('button', { name: 'Theme settings' }).click();
    const drawer = page.getByRole('presentation').filter({ has: page.getByRole('heading', { name: 'Theme settings' }) });
    await visible(drawer);
    await drawer.getByRole('radio', { name: 'Green' }).click();
    await drawer.getByLabel('Dark mode').check();
    await drawer.getByLabel('Mini sidebar').check();
    expect(await drawer.getByRole('radio', { name: 'Green' }).getAttribute('aria-checked')).toBe('true');
    expect(await drawer.getByRole('radio', { name: 'Azure' }).getAttribute('aria-checked')).toBe('false');
    await e2e.shot(page, '04-theme-drawer');

    await expect.poll(() => htmlState(page)).toEqual({ mode: 'dark', color: 'green', mini: true, background: darkBackground });
    await drawer.getByRole('button', { name: 'Close' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await page.mouse.move(900, 600); // away from the sidebar, which widens under the pointer
    await expect.poll(() => sidebarWidth(page)).toBe(80);
    await e2e.shot(page, '04-theme-dark-green-mini');
    // The dashboard's charts take the dark theme's text, gridline and series colours.
    await page.getByTestId('billing-month-columns').scrollIntoViewIfNeeded();
    await e2e.shot(page, '04-theme-dark-dashboard-charts');
  });

  it('sets the stored choices on <html> before the app runs', async () => {
    // With the app's scripts blocked only index.html's inline script runs: what shows is the first paint.
    await page.route('**/assets/*.js', (r) => r.abort());
    await page.reload();
    await visible(page.getByRole('status').getByText('Utility Back Office'));
    expect(await htmlState(page)).toEqual({ mode: 'dark', color: 'green', mini: true, background: darkBackground });
    const spinner = await page.locator('.boot-spinner').evaluate((el) => getComputedStyle(el).borderTopColor);
    expect(spinner).toBe(greenMain);
    await e2e.shot(page, '04-theme-first-paint');
    await page.unroute('**/assets/*.js');
  });

  it('keeps dark mode, the green sidebar and the mini sidebar after a reload', async () => {
    await page.reload();
    await visible(page.getByRole('heading', { name: `Welcome, ${demo.admin.fullname}` }));
    expect(await htmlState(page)).toEqual({ mode: 'dark', color: 'green', mini: true, background: darkBackground });
    await page.mouse.move(900, 600);
    await expect.poll(() => sidebarWidth(page)).toBe(80);
    // The active menu entry wears the green gradient.
    const active = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard' });
    expect(await active.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain(greenBright);
    // Pointing at the mini sidebar shows it whole.
    await page.locator('aside').hover();
    await expect.poll(() => sidebarWidth(page)).toBe(260);
    await e2e.shot(page, '04-theme-after-reload-hover');

    await page.mouse.move(900, 600);
    await page.getByRole('button', { name: 'Theme settings' }).click();
    const drawer = page.getByRole('presentation').filter({ has: page.getByRole('heading', { name: 'Theme settings' }) });
    expect(await drawer.getByLabel('Dark mode').isChecked()).toBe(true);
    expect(await drawer.getByLabel('Mini sidebar').isChecked()).toBe(true);
    expect(await drawer.getByRole('radio', { name: 'Green' }).getAttribute('aria-checked')).toBe('true');

    // Back to light mode and the full sidebar; that is remembered too.
    await drawer.getByLabel('Dark mode').uncheck();
    await drawer.getByLabel('Mini sidebar').uncheck();
    await page.reload();
    await visible(page.getByRole('heading', { name: `Welcome, ${demo.admin.fullname}` }));
    expect(await htmlState(page)).toEqual({ mode: 'light', color: 'green', mini: false, background: lightBackground });
    expect(await sidebarWidth(page)).toBe(260);
    await e2e.shot(page, '04-theme-light-green');
    expect(e2e.pageErrors).toEqual([]);
  });

  it("follows the system's reduced-motion choice: no transitions, animations or ripples then; motion otherwise", async () => {
    // What a button does when pressed: its transition's duration, and whether a ripple is drawn.
    const press = async (p: Page) => {
      const button = p.getByRole('button', { name: 'Theme settings' });
      const duration = await button.evaluate((el) => getComputedStyle(el).transitionDuration);
      await button.hover();
      await p.mouse.down();
      // Two frames: React has drawn whatever the press starts.
      await p.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const ripples = await button.locator('.MuiTouchRipple-child').count();
      await p.mouse.up();
      return { duration, ripples };
    };
    // This file runs with motion (startE2E({ motion: true })).
    const moving = await press(page);
    expect(moving.duration).not.toBe('0.001s');
    expect(moving.ripples).toBe(1);

    const still = await e2e.newPage(await e2e.browser.newContext({ baseURL: e2e.baseUrl, reducedMotion: 'reduce' }));
    await signInAs(still, demo.admin);
    expect(await press(still)).toEqual({ duration: '0.001s', ripples: 0 });
    // Spinners stand still too: the boot spinner's endless turn becomes one round of 1 ms.
    const spinner = (p: Page) =>
      p.evaluate(() => {
        const el = document.createElement('div');
        el.className = 'boot-spinner';
        document.body.append(el);
        const { animationDuration, animationIterationCount } = getComputedStyle(el);
        el.remove();
        return { animationDuration, animationIterationCount };
      });
    expect(await spinner(page)).toEqual({ animationDuration: '0.9s', animationIterationCount: 'infinite' });
    expect(await spinner(still)).toEqual({ animationDuration: '0.001s', animationIterationCount: '1' });
    await still.context().close();
    expect(e2e.pageErrors).toEqual([]);
  });
});
