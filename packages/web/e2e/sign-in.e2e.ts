// Journey 1: signing in and out, and the error screens.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, demo, type E2E, logOut, route, startE2E, submitSignIn, visible } from './harness.ts';

const run = browserAvailable();

describe.skipIf(!run)('sign-in, sign-out and the error screens', () => {
  let e2e: E2E;
  let page: Page;

  beforeAll(async () => {
    e2e = await startE2E();
    page = await e2e.newPage();
  });
  afterEach((ctx) => e2e?.afterEachTest(ctx));
  afterAll(async () => {
    await e2e?.close();
  });

  it('keeps Sign in disabled until username, password and code are filled', async () => {
    await page.goto('/');
    // The empty path of a signed-out visitor ends on the sign-in screen.
    await page.waitForURL(/#\/auth\/login$/);
    await visible(page.getByRole('heading', { name: 'Sign in' }));
    const signIn = page.getByRole('button', { name: 'Sign in' });
    expect(await signIn.isDisabled()).toBe(true);

    await page.getByLabel('Username', { exact: true }).fill(demo.admin.username);
    await page.getByLabel('Password', { exact: true }).fill(demo.admin.password);
    await expect.poll(() => signIn.isDisabled()).toBe(true);
    await e2e.shot(page, '01-login-incomplete');

    await page.getByLabel('Organisation code', { exact: true }).fill('1000');
    await expect.poll(() => signIn.isEnabled()).toBe(true);

    // Emptying any field disables it again.
    await page.getByLabel('Username', { exact: true }).fill('');
    await expect.poll(() => signIn.isDisabled()).toBe(true);
  });

  it("shows the server's message for a wrong password and stays on the sign-in screen", async () => {
    await submitSignIn(page, { ...demo.admin, password: 'Wrong@2026' });
    await visible(page.getByText('Invalid username, password or code.'));
    expect(route(page)).toBe('/auth/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await e2e.shot(page, '01-login-wrong-password');
  });

  it("lands on the dashboard with the organisation's and the user's names", async () => {
    await submitSignIn(page, demo.admin);
    await page.waitForURL(/#\/dashboard$/);
    await visible(page.getByRole('heading', { name: `Welcome, ${demo.admin.fullname}` }));
    await visible(page.getByText(`You are signed in to ${demo.name} as ${demo.admin.username}.`));
    // The failed attempt's error does not linger over the dashboard.
    await page.getByText('Invalid username, password or code.').waitFor({ state: 'hidden' });
    // The sidebar shows the organisation and the user too.
    const sidebar = page.locator('aside');
    await visible(sidebar.getByText(demo.name, { exact: true }));
    await visible(sidebar.getByText(demo.admin.fullname, { exact: true }));
    // The navbar's title is the page's.
    await visible(page.getByRole('banner').getByRole('heading', { name: 'Dashboard' }));
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await e2e.shot(page, '01-dashboard-admin');
  });

  it('shows the 404 page with Back to Dashboard for an unknown route', async () => {
    await page.goto('/#/no-such-page');
    await page.waitForURL(/#\/error$/);
    await visible(page.getByRole('heading', { name: 'Page not found' }));
    const back = page.getByRole('link', { name: 'Back to Dashboard' });
    await visible(back);
    await e2e.shot(page, '01-error-404');
    await back.click();
    await page.waitForURL(/#\/dashboard$/);
    await visible(page.getByRole('heading', { name: `Welcome, ${demo.admin.fullname}` }));

    // Any other path under error is the 404 page as well.
    await page.goto('/#/error/418');
    await visible(page.getByRole('heading', { name: 'Page not found' }));
  });

  it('shows the 500 page', async () => {
    await page.goto('/#/error/500');
    await visible(page.getByRole('heading', { name: 'Internal Server Error' }));
    await visible(page.getByRole('button', { name: 'Try again' }));
    await visible(page.getByRole('link', { name: 'Back to Dashboard' }));
    await e2e.shot(page, '01-error-500');
  });

  it('logs out to the sign-in screen and forgets the token, also after a reload', async () => {
    await page.goto('/#/dashboard');
    await visible(page.getByRole('heading', { name: `Welcome, ${demo.admin.fullname}` }));
    await logOut(page);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await page.reload();
    await visible(page.getByRole('heading', { name: 'Sign in' }));
    expect(route(page)).toBe('/auth/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // A signed-out visitor cannot open a signed-in screen.
    await page.goto('/#/dashboard');
    await page.waitForURL(/#\/auth\/login$/);
    await visible(page.getByRole('heading', { name: 'Sign in' }));
    await e2e.shot(page, '01-logged-out');
    expect(e2e.pageErrors).toEqual([]);
  });
});
