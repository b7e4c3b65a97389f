// Journey: the help centre, the profile and the bell. The administrator of the demo organisation opens a
// ticket to support; the installation's operator (created by `npm run admin -- create-operator`) signs in
// on the operator screen, finds it among every organisation's tickets and replies; the administrator's
// bell counts the answer and opens the ticket with the reply in its conversation. The administrator edits
// the profile and uploads a signature. A department head's bell shows a request to approve and opens it.
// Then a staff member writes a ticket in Somali.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, demo, type E2E, signInAs, startE2E, visible } from './harness.ts';

const run = browserAvailable();
const operator = { username: 'desk', password: 'Desk@2026x', name: 'Amina Support' };
const head = { username: 'cabdi', password: 'Head@2026x', fullname: 'Cabdi Warsame', code: 1000 };
const clerk = { username: 'sahra', password: 'Clerk@2026x', fullname: 'Sahra Cali', code: 1000 };
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

async function choose(page: Page, label: RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).first().click();
  await page.getByRole('listbox').getByRole('option', { name: option }).first().click();
}

describe.skipIf(!run)('help centre, profile and the navbar bell', () => {
  let e2e: E2E;
  let admin: Page;
  let desk: Page;
  let ticketUrl = '';

  beforeAll(async () => {
    e2e = await startE2E({
      prepare: async (p) => {
        await p.admin('create-operator', '--username', operator.username, '--name', operator.name, '--password', operator.password);
        await p.addStaff({ ...head, role: 'Helpdesk approver', privileges: ['list-request', 'first-approve-request'] });
        await p.addStaff({ ...clerk, role: 'Helpdesk clerk', privileges: ['list-tickets', 'view-ticket', 'add-ticket', 'update-ticket'] });
        // Requests in every state, some waiting for a first approval (not by their requester).
        await p.admin('seed-demo-requests');
      },
    });
    admin = await e2e.newPage(await e2e.newContext());
    desk = await e2e.newPage(await e2e.newContext());
    await signInAs(admin, demo.admin);
  });
  afterEach((ctx) => e2e?.afterEachTest(ctx));
  afterAll(async () => {
    await e2e?.close();
  });

  it('staff open a ticket to support', async () => {
    await admin.goto('/#/help_center/list-tickets');
    await visible(admin.getByRole('heading', { name: 'Tickets', level: 2 }));
    await admin.getByRole('button', { name: 'New ticket' }).click();
    await admin.getByLabel(/^Subject/).fill('Receipts print twice');
    await admin.getByLabel(/^Description/).fill('Every receipt comes out of the printer twice since this morning.');
    await choose(admin, /^Category/, 'Bug');
    await choose(admin, /^Priority/, 'High');
    await e2e.shot(admin, 'helpdesk-01-new-ticket');
    await admin.getByRole('button', { name: 'Send to support' }).click();
    await admin.waitForURL(/#\/help_center\/tickets\/\d+$/);
    ticketUrl = new URL(admin.url()).hash;
    await visible(admin.getByText('Support has not answered yet.'));
    await visible(admin.getByText('Open', { exact: true }));
    await admin.getByTestId('ticket-file-input').setInputFiles({ name: 'printer.png', mimeType: 'image/png', buffer: TINY_PNG });
    await visible(admin.getByRole('button', { name: 'printer.png' }));
    await e2e.shot(admin, 'helpdesk-02-ticket-open');
  });

  it('a staff token does not open the operator screen', async () => {
    await admin.goto('/#/operator');
    await admin.waitForURL(/#\/operator\/login$/);
    await visible(admin.getByRole('heading', { name: 'Support sign-in' }));
  });

  it('the operator signs in on the operator screen and replies', async () => {
    await desk.goto('/#/operator/login');
    await desk.getByLabel(/^User name/).fill(operator.username);
    await desk.getByLabel(/^Password/).fill(operator.password);
    await desk.getByRole('button', { name: 'Sign in' }).click();
    await desk.waitForURL(/#\/operator$/);
    await desk
      .getByTestId('operator-tickets')
      .getByText(/Receipts print twice/)
      .click();
    await visible(desk.getByText(/1000 Demo Utility/).first());
    await desk.getByLabel(/^Reply/).fill('Thank you: the printer driver printed two copies. Set copies to 1 under Settings > Printer.');
    await desk.getByRole('button', { name: 'Send' }).click();
    await visible(desk.getByTestId('support-message').getByText(/printer driver printed two copies/));
    await visible(desk.getByText('Answered', { exact: true }).first());
    await e2e.shot(desk, 'helpdesk-03-operator-reply');
  });

  it('the bell counts the answer and opens the ticket with the reply', async () => {
    await admin.goto('/#/dashboard');
    await admin.reload();
    const badge = admin.getByTestId('notification-badge');
    await expect.poll(async () => (await badge.textContent())?.trim(), { timeout: 20_000 }).toMatch(/^[1-9]\d*$/);
    await admin.getByRole('button', { name: 'Notifications' }).click();
    await visible(admin.getByTestId('bell-group-tickets'));
    await e2e.shot(admin, 'helpdesk-04-bell-answer');
    await admin.getByTestId('bell-item').filter({ hasText: 'Receipts print twice' }).click();
    await admin.waitForURL(new RegExp(`${ticketUrl.replace(/[/\\^$*+?.()|[\]{}]/g, '\\$&')}$`));
    await visible(admin.getByTestId('support-message').getByText(/printer driver printed two copies/));
    await visible(admin.getByText(`${operator.name} · Support`));
    await e2e.shot(admin, 'helpdesk-05-reply-seen');
  });

  it('the administrator edits the profile and uploads a signature', async () => {
    await admin.goto('/#/users/profile');
    await visible(admin.getByRole('heading', { name: 'Personal details' }));
    await admin.getByLabel(/^Phone/).fill('0615778899');
    await admin.getByRole('button', { name: 'Save' }).click();
    await visible(admin.getByText('Saved.').first());
    await admin.getByTestId('signature-input').setInputFiles({ name: 'signature.png', mimeType: 'image/png', buffer: TINY_PNG });
    await visible(admin.getByTestId('profile-signature'));
    await e2e.shot(admin, 'helpdesk-06-profile');
  });

  it('a department head’s bell shows a request to approve and opens it', async () => {
    const page = await e2e.newPage(await e2e.newContext());
    await signInAs(page, head);
    const badge = page.getByTestId('notification-badge');
    await expect.poll(async () => (await badge.textContent())?.trim(), { timeout: 20_000 }).toMatch(/^[1-9]\d*$/);
    await page.getByRole('button', { name: 'Notifications' }).click();
    await visible(page.getByTestId('bell-group-requests'));
    await e2e.shot(page, 'helpdesk-07-bell-request');
    const item = page
      .getByTestId('bell-item')
      .filter({ hasText: /waits for your approval/ })
      .first();
    const text = (await item.textContent()) ?? '';
    const ref = /REQ-\d{4}-\d+/.exec(text)?.[0] ?? '';
    expect(ref).not.toBe('');
    await item.click();
    await page.waitForURL(/#\/requests\/\d+$/);
    await visible(page.getByText(ref).first());
    await e2e.shot(page, 'helpdesk-08-request-opened');
  });

  it('a staff member writes a ticket in Somali', async () => {
    const page = await e2e.newPage(await e2e.newContext());
    await signInAs(page, clerk);
    await page.goto('/#/help_center/list-tickets');
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'SO · Soomaali' }).click()]);
    await visible(page.getByRole('heading', { name: 'Tigidhada', level: 2 }));
    await page.getByRole('button', { name: 'Tigidh cusub' }).click();
    await page.getByRole('button', { name: 'U dir taageerada' }).click();
    await visible(page.getByText('Goobtan waa qasab.').first());
    await page.getByLabel(/^Mawduuc/).fill('Sidee loo daabacaa warbixinta?');
    await page.getByLabel(/^Sharaxaad/).fill('Warbixinta bishii hore ma heli karo.');
    await choose(page, /^Nooc/, 'Su’aal');
    await page.getByRole('button', { name: 'U dir taageerada' }).click();
    await page.waitForURL(/#\/help_center\/tickets\/\d+$/);
    await visible(page.getByText('Taageeradu weli ma jawaabin.'));
    await visible(page.getByText('Furan', { exact: true }));
    await e2e.shot(page, 'helpdesk-09-somali');
    expect(e2e.pageErrors).toEqual([]);
  });
});
