// Journey 3: an organisation whose subscription has ended. Prepared with the operator command line
// before the server starts: the organisation with its administrator, a subscription payment whose
// period ended two days ago (which sets the end of the subscription), and a staff member.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, type E2E, loggingOut, route, startE2E, submitSignIn, visible } from './harness.ts';

const run = browserAvailable();

const org = {
  code: 2000,
  name: 'Hargeisa Water',
  shortCode: '*789*2000#',
  phone: '0615222333',
  admin: { username: 'boss', password: 'Boss@20261', code: 2000 },
  clerk: { username: 'clerk', password: 'Clerk@2026', fullname: 'Hodan Clerk', code: 2000 },
};

const somaliNotice = 'Waqtiga rukhsaddaadu wuu dhacay. Fadlan cusboonaysii rukhsadda ururkaaga si aad u sii isticmaasho nidaamka.';

describe.skipIf(!run)('the subscription-expired screen', () => {
  let e2e: E2E;
  let billDate = '';
  let expireDate = '';

  beforeAll(async () => {
    e2e = await startE2E({
      async prepare(p) {
        await p.admin(
          'create-organisation',
          '--code',
          String(org.code),
          '--name',
          org.name,
          '--admin-username',
          org.admin.username,
          '--admin-password',
          org.admin.password,
          '--short-code',
          org.shortCode,
          '--contact-phone',
          org.phone,
        );
        billDate = await p.date(-367);
        expireDate = await p.date(-2);
        // Without an end date before, the payment's expire date becomes the end of the subscription.
        const [line] = await p.admin(
          'record-subscription-payment',
          '--code',
          String(org.code),
          '--amount',
          '450',
          '--bill-date',
          billDate,
          '--expire-date',
          expireDate,
        );
        expect(line).toBe(`Payment of 450.00 recorded for organisation ${org.code}; the subscription ends on ${expireDate}.`);
        await p.addStaff({ ...org.clerk, role: 'Clerk', privileges: ['dashboard', 'list-cities'] });
      },
    });
  });
  afterEach((ctx) => e2e?.afterEachTest(ctx));
  afterAll(async () => {
    await e2e?.close();
  });

  async function signInExpired(page: Page, user: { username: string; password: string; code: number }) {
    await submitSignIn(page, user);
    await page.waitForURL(/#\/auth\/expired$/);
    await visible(page.getByRole('heading', { name: 'Subscription expired' }));
    await visible(page.getByRole('heading', { name: org.name }));
  }

  it('sends the administrator to the expired screen with the notice, how to pay and the payments', async () => {
    const page = await e2e.newPage();
    await signInExpired(page, org.admin);
    await visible(page.getByText(`Organisation ${org.code}`, { exact: true }));
    // The Somali notice always shows; the English one follows it in English.
    const notice = page.getByText(somaliNotice);
    await visible(notice);
    expect(await notice.getAttribute('lang')).toBe('so');
    await visible(page.getByText("Your licence time has expired. Please renew your organisation's subscription to continue using the system."));
    await visible(page.getByText(`To renew, dial ${org.shortCode} on your phone and pay with your organisation code ${org.code} as the reference.`));
    await visible(page.getByText(`For help, call ${org.phone}.`));

    await visible(page.getByRole('heading', { name: 'Subscription payments' }));
    const table = page.getByRole('table');
    const headers = (await table.getByRole('columnheader').allInnerTexts()).map((s) => s.trim());
    expect(headers).toEqual(['Organisation name', 'Payment amount', 'Bill date', 'Expire date']);
    const rows = table.getByRole('row').filter({ hasText: org.name });
    await expect.poll(() => rows.count()).toBe(1);
    const cells = (await rows.first().getByRole('cell').allInnerTexts()).map((s) => s.trim());
    expect(cells[0]).toBe(org.name);
    expect(cells[1]).toMatch(/^\$?450\.00$/);
    // Dates as the browser writes them in English (e.g. 19 Nov 2025).
    const medium = (iso: string) =>
      page.evaluate((d) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`)), iso);
    expect(cells[2]).toBe(await medium(billDate));
    expect(cells[3]).toBe(await medium(expireDate));
    const long = await page.evaluate(
      (d) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`)),
      expireDate,
    );
    await visible(page.getByText(`The subscription ended on ${long}.`));
    await expect.poll(() => page.getByText('Please contact the administration').count()).toBe(0);
    await e2e.shot(page, '03-expired-admin');

    // No other screen opens while the subscription has ended.
    await page.goto('/#/settings/list-cities');
    await page.waitForURL(/#\/auth\/expired$/);
    await visible(page.getByRole('heading', { name: org.name }));

    // Login signs out and returns to the sign-in screen.
    await loggingOut(page, () => page.getByRole('button', { name: 'Login' }).click());
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('shows a staff member "Please contact the administration" and no payments', async () => {
    const page = await e2e.newPage();
    await signInExpired(page, org.clerk);
    await visible(page.getByText(somaliNotice));
    await visible(page.getByText(`To renew, dial ${org.shortCode} on your phone and pay with your organisation code ${org.code} as the reference.`));
    await visible(page.getByText(`For help, call ${org.phone}.`));
    await visible(page.getByText('Please contact the administration'));
    await expect.poll(() => page.getByRole('table').count()).toBe(0);
    await expect.poll(() => page.getByText('Subscription payments').count()).toBe(0);
    await e2e.shot(page, '03-expired-staff');

    await loggingOut(page, () => page.getByRole('button', { name: 'Login' }).click());
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Sign in' }));
    expect(route(page)).toBe('/auth/login');
    expect(e2e.pageErrors).toEqual([]);
  });
});
