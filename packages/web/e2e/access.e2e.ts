// Journey 2 (the "Done means"): an administrator makes a role and a user with it; the user
// signs in elsewhere, must change the temporary password, then sees only what the role allows (menu
// and direct links), in English and in Somali. The demo cashier sees the dashboard, the customers and
// payments, and the customer reports a cashier needs.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, demo, type E2E, mainMenu, menuEntries, openMenuSection, route, signInAs, startE2E, submitSignIn, visible } from './harness.ts';

const run = browserAvailable();

const reader = { username: 'reader1', fullname: 'Faadumo Reader', newPassword: 'Reader@2026' };
const roleName = 'Meter reader';

describe.skipIf(!run)('roles, users and what a user may see', () => {
  let e2e: E2E;
  let admin: Page;
  let user: Page;
  let temporaryPassword = '';

  beforeAll(async () => {
    e2e = await startE2E();
    admin = await e2e.newPage();
  });
  afterEach((ctx) => e2e?.afterEachTest(ctx));
  afterAll(async () => {
    await e2e?.close();
  });

  it('administrator creates the role Meter reader with the dashboard and cities privileges', async () => {
    await signInAs(admin, demo.admin);
    // Settings > Roles through the sidebar.
    await openMenuSection(admin, 'Settings');
    await mainMenu(admin).getByRole('link', { name: 'Roles' }).click();
    await admin.waitForURL(/#\/settings\/list-roles$/);
    await visible(admin.getByRole('row').filter({ hasText: 'Cashier' }));
    await admin.getByRole('link', { name: 'New role' }).click();
    await admin.waitForURL(/#\/settings\/list-roles\/new$/);

    await admin.getByLabel(/^Name/).fill(roleName);
    await admin.getByLabel('Description').fill('Reads meters; looks up cities');
    await admin.getByRole('button', { name: 'Expand all' }).click();
    await admin.getByRole('checkbox', { name: 'View dashboard', exact: true }).check();
    await admin.getByRole('checkbox', { name: 'Cities', exact: true }).check();
    await visible(admin.getByText('2 of ', { exact: false }));
    await e2e.shot(admin, '02-role-new');
    await admin.getByRole('button', { name: 'Create role' }).click();

    await admin.waitForURL(/#\/settings\/list-roles$/);
    const row = admin.getByRole('row').filter({ hasText: roleName });
    await visible(row);
    expect(await row.innerText()).toContain('2 privileges');
    await e2e.shot(admin, '02-roles-list');
  });

  it('administrator creates a user with that role and notes the temporary password', async () => {
    await openMenuSection(admin, 'Settings');
    await mainMenu(admin).getByRole('link', { name: 'Users' }).click();
    await admin.waitForURL(/#\/settings\/list-users$/);
    await admin.getByRole('link', { name: 'New user' }).click();
    await admin.waitForURL(/#\/settings\/list-users\/new$/);

    await admin.getByLabel(/^Username/).fill(reader.username);
    await admin.getByLabel(/^Full name/).fill(reader.fullname);
    await admin.getByRole('combobox', { name: 'Role' }).click();
    await admin.getByRole('option', { name: roleName }).click();
    // The role's privileges show ticked and locked in the extra privileges.
    await visible(admin.getByText('(+2 from the role)'));
    await e2e.shot(admin, '02-user-new');
    await admin.getByRole('button', { name: 'Create user' }).click();

    const dialog = admin.getByRole('dialog', { name: 'User created' });
    await visible(dialog);
    await visible(dialog.getByText(`The temporary password of ${reader.fullname} (${reader.username}) is:`));
    temporaryPassword = await dialog.getByLabel(/temporary password of/).inputValue();
    expect(temporaryPassword).toMatch(/^\S{6,}$/);
    await visible(dialog.getByText(`They sign in with the username ${reader.username} and the organisation code ${demo.code}.`));
    await e2e.shot(admin, '02-user-temporary-password');
    await dialog.getByRole('button', { name: 'I have noted it' }).click();

    await admin.waitForURL(/#\/settings\/list-users$/);
    const row = admin.getByRole('row').filter({ hasText: reader.username });
    await visible(row);
    expect(await row.innerText()).toContain(roleName);
    // The new user must choose a password at the next sign-in.
    await visible(row.getByLabel('Must choose a new password at the next sign-in'));
  });

  it('the new user, at another computer, must change the temporary password first', async () => {
    expect(temporaryPassword).not.toBe('');
    user = await e2e.newPage(await e2e.newContext());
    await submitSignIn(user, { username: reader.username, password: temporaryPassword });
    await user.waitForURL(/#\/auth\/change-password\?action=required$/);
    await visible(user.getByRole('heading', { name: 'Change password' }));
    await visible(user.getByText('You must set a new password before you continue.'));

    const save = user.getByRole('button', { name: 'Save' });
    const current = user.getByLabel('Temporary password', { exact: true });
    const newPassword = user.getByLabel('New password', { exact: true });
    const confirm = user.getByLabel('Confirm password', { exact: true });
    expect(await save.isDisabled()).toBe(true);

    await current.fill(temporaryPassword);
    await newPassword.fill('short1');
    await confirm.fill('short1');
    await visible(user.getByText('Password must be 8 char or above!.'));
    expect(await save.isDisabled()).toBe(true);
    await e2e.shot(user, '02-change-password-too-short');

    await newPassword.fill(reader.newPassword);
    await confirm.fill(`${reader.newPassword}x`);
    await visible(user.getByText('Password is not match!'));
    await user.getByText('Password must be 8 char or above!.').waitFor({ state: 'hidden' });
    expect(await save.isDisabled()).toBe(true);
    await e2e.shot(user, '02-change-password-mismatch');

    // A signed-in screen cannot be reached before the change.
    await user.goto('/#/settings/list-cities');
    await user.waitForURL(/#\/auth\/change-password\?action=required$/);

    // A wrong temporary password (a stolen token alone) changes nothing: the field says why.
    await current.fill('not-the-temporary-1');
    await user.getByLabel('New password', { exact: true }).fill(reader.newPassword);
    await user.getByLabel('Confirm password', { exact: true }).fill(reader.newPassword);
    await expect.poll(() => save.isEnabled()).toBe(true);
    await save.click();
    await visible(user.getByText('The current password is not correct.'));
    await e2e.shot(user, '02-change-password-wrong-current');

    await current.fill(temporaryPassword);
    await expect.poll(() => save.isEnabled()).toBe(true);
    await save.click();
    await visible(user.getByText('Your password has been changed.'));
    await user.waitForURL(/#\/dashboard$/);
    await visible(user.getByRole('heading', { name: `Welcome, ${reader.fullname}` }));
    await e2e.shot(user, '02-user-dashboard');
  });

  it('the user sees only the menu entries of the role, and the 403 page for the rest', async () => {
    await openMenuSection(user, 'Settings');
    expect(await menuEntries(user)).toEqual(['Dashboard', 'Settings', 'Cities']);

    await mainMenu(user).getByRole('link', { name: 'Cities' }).click();
    await user.waitForURL(/#\/settings\/list-cities$/);
    await visible(user.getByRole('banner').getByRole('heading', { name: 'Cities' }));
    await e2e.shot(user, '02-user-cities');

    await user.goto('/#/settings/list-users');
    await user.waitForURL(/#\/error\/403$/);
    await visible(user.getByRole('heading', { name: 'Forbidden' }));
    await visible(user.getByText('You are not authorized to access this page.'));
    await e2e.shot(user, '02-user-403');

    await user.goto('/#/settings/list-roles/new');
    await user.waitForURL(/#\/error\/403$/);
    await user.getByRole('link', { name: 'Back to Dashboard' }).click();
    await user.waitForURL(/#\/dashboard$/);
  });

  it('the user switches to Somali and back to English', async () => {
    await user.goto('/#/settings/list-cities');
    await visible(user.getByRole('banner').getByRole('heading', { name: 'Cities' }));
    await user.getByRole('banner').getByRole('combobox', { name: 'Language' }).click();
    await Promise.all([user.waitForEvent('load'), user.getByRole('option', { name: 'SO · Soomaali' }).click()]);

    await visible(user.getByRole('banner').getByRole('heading', { name: 'Magaalooyinka' }));
    expect(await user.evaluate(() => document.documentElement.lang)).toBe('so');
    expect(route(user)).toBe('/settings/list-cities');
    await openMenuSection(user, 'Habaynta', 'Liiska ugu weyn');
    expect(await menuEntries(user, 'Liiska ugu weyn')).toEqual(['Muuqaalka Guud', 'Habaynta', 'Magaalooyinka']);
    await e2e.shot(user, '02-user-cities-somali');

    await user.getByRole('banner').getByRole('combobox', { name: 'Luqadda' }).click();
    await Promise.all([user.waitForEvent('load'), user.getByRole('option', { name: 'EN · English' }).click()]);
    await visible(user.getByRole('banner').getByRole('heading', { name: 'Cities' }));
    expect(await user.evaluate(() => document.documentElement.lang)).toBe('en');
    await openMenuSection(user, 'Settings');
    expect(await menuEntries(user)).toEqual(['Dashboard', 'Settings', 'Cities']);
  });

  it('the demo cashier sees the dashboard, customers, payments and the customer reports, not settings', async () => {
    const cashier = await e2e.newPage(await e2e.newContext());
    await signInAs(cashier, demo.cashier);
    await visible(cashier.getByText(`You are signed in to ${demo.name} as ${demo.cashier.username}.`));
    expect(await menuEntries(cashier)).toEqual(['Dashboard', 'Finance', 'Sales reports', 'Customers']);
    await openMenuSection(cashier, 'Customers');
    expect(await menuEntries(cashier)).toEqual(['Dashboard', 'Finance', 'Sales reports', 'Customers', 'Customers list', 'Receive payment', 'Payments']);
    await expect.poll(() => mainMenu(cashier).getByRole('button', { name: 'Settings' }).count()).toBe(0);
    await e2e.shot(cashier, '02-cashier-dashboard');

    await cashier.goto('/#/settings/list-cities');
    await cashier.waitForURL(/#\/error\/403$/);
    await visible(cashier.getByRole('heading', { name: 'Forbidden' }));
    expect(e2e.pageErrors).toEqual([]);
  });
});
