// Journey: HR. The administrator sets up a department, a job title and a leave type on their list screens,
// hires an employee, gives a raise (a back-dated one is refused on its field: the past is never rewritten),
// records a leave request and approves it, and reads the balance; then the leave requests in Somali.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, clock, demo, type E2E, signInAs, startE2E, visible } from './harness.ts';

const run = browserAvailable();
const year = clock.year();
const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
/** A date as the English screens show it (31 Jan 2026). */
const shown = (iso: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
/** The first Monday of March this year and the Thursday after it: four working days. */
const leaveStart = (() => {
  const d = new Date(Date.UTC(year, 2, 1));
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
})();
const leaveEnd = new Date(Date.parse(`${leaveStart}T00:00:00Z`) + 3 * 86400000).toISOString().slice(0, 10);

async function choose(page: Page, label: RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).first().click();
  await page.getByRole('listbox').getByRole('option', { name: option }).first().click();
}

async function addToList(page: Page, path: string, heading: string, add: string, name: string, extra?: () => Promise<void>) {
  await page.goto(`/#/hr-settings/${path}`);
  await visible(page.getByRole('heading', { name: heading, level: 2 }));
  await page.getByRole('button', { name: add }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Name/).fill(name);
  await extra?.();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await visible(page.getByRole('row').filter({ hasText: name }));
}

describe.skipIf(!run)('hr: lists, hire, raise, leave', () => {
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

  it('sets up a department, a job title and a leave type on their list screens', async () => {
    await addToList(page, 'departments', 'Departments', 'Add department', 'Customer care');
    await e2e.shot(page, 'hr-01-departments');
    await addToList(page, 'Job-titles', 'Job titles', 'Add job title', 'Cashier');
    await addToList(page, 'leave-types', 'Leave types', 'Add leave type', 'Annual leave', async () => {
      await page
        .getByRole('dialog')
        .getByLabel(/^Days a year/)
        .fill('24');
    });
    await visible(page.getByRole('row').filter({ hasText: 'Annual leave' }).filter({ hasText: 'Yes' }));
    await e2e.shot(page, 'hr-02-leave-types');
  });

  it('hires an employee: a bad phone is refused on its field, then the employee page opens', async () => {
    await page.goto('/#/hr-settings/employee');
    await visible(page.getByRole('heading', { name: 'Employees', level: 2 }));
    await page.getByRole('button', { name: 'Hire employee' }).click();
    await visible(page.getByRole('heading', { name: 'Hire an employee', level: 2 }));
    await page.getByLabel(/^First name/).fill('Hodan');
    await page.getByLabel(/^Last name/).fill('Warsame');
    await choose(page, /^Sex/, 'Female');
    await page.getByLabel(/^Phone/).fill('12');
    await page.getByLabel(/^Hire date/).fill(dmy(`${year}-01-01`));
    await choose(page, /^Department/, 'Customer care');
    await choose(page, /^Job title/, 'Cashier');
    await page.getByLabel(/^Basic salary/).fill('500');
    await choose(page, /^Paid by/, 'Mobile money');
    await page.getByLabel(/^Mobile money number/).fill('0615123456');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByLabel(/^Phone/).getAttribute('aria-invalid')).toBe('true');
    await e2e.shot(page, 'hr-03-hire-refused');
    await page.getByLabel(/^Phone/).fill('0615000111');
    await page.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByRole('heading', { name: /EMP-\d{4} · Hodan Warsame/, level: 2 }));
    await e2e.shot(page, 'hr-04-employee');
  });

  it('gives a raise from a later date; a back-dated change is refused on its field and the history keeps both salaries', async () => {
    await page.getByRole('tab', { name: 'Salary history' }).click();
    await page.getByRole('button', { name: 'Change salary' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^From/).fill(dmy(`${year}-01-01`));
    await dialog.getByLabel(/^Basic salary/).fill('650');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(dialog.getByText(/takes effect after the latest one/));
    await e2e.shot(page, 'hr-05-raise-refused');
    await dialog.getByLabel(/^From/).fill(dmy(`${year}-02-01`));
    await dialog.getByLabel(/^Reason/).fill('Annual review');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await visible(page.getByRole('row').filter({ hasText: '650.00' }).filter({ hasText: 'in force' }));
    await visible(
      page
        .getByRole('row')
        .filter({ hasText: '500.00' })
        .filter({ hasText: shown(`${year}-01-31`) }),
    );
    await e2e.shot(page, 'hr-06-salary-history');
  });

  it('requests leave and approves it; the balance shows what remains', async () => {
    await page.getByRole('tab', { name: 'Leave' }).click();
    await page.getByRole('button', { name: 'Request leave' }).click();
    const dialog = page.getByRole('dialog');
    await choose(page, /^Leave type/, 'Annual leave');
    await dialog.getByLabel(/^From/).fill(dmy(leaveStart));
    await dialog.getByLabel(/^To/).fill(dmy(leaveEnd));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('The leave request was recorded (4.0 working days).'));
    const row = page.getByRole('row').filter({ hasText: shown(leaveStart) });
    await visible(row.filter({ hasText: 'Pending' }));
    await e2e.shot(page, 'hr-07-leave-pending');
    await row.getByRole('button', { name: 'Approve' }).click();
    await visible(
      page
        .getByRole('row')
        .filter({ hasText: shown(leaveStart) })
        .filter({ hasText: 'Approved' }),
    );
    await visible(page.getByRole('row').filter({ hasText: 'Annual leave' }).filter({ hasText: '20.0' }));
    await e2e.shot(page, 'hr-08-leave-approved');
  });

  it('reads the leave requests in Somali', async () => {
    await page.goto('/#/hr-settings/leaves');
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'SO · Soomaali' }).click()]);
    await visible(page.getByRole('heading', { name: 'Codsiyada fasaxa', level: 2 }));
    await visible(page.getByRole('row').filter({ hasText: 'Hodan Warsame' }).filter({ hasText: 'La ansixiyay' }));
    await e2e.shot(page, 'hr-09-somali');
    expect(e2e.pageErrors).toEqual([]);
  });
});
