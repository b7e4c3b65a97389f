// Journey: payroll. The administrator sets up a department, a job title and a bonus type, hires an employee,
// gives a loan recovered from this month, enters a bonus and generates this month's payroll (a background
// job); approving his own payroll is refused. The payroll officer (a second user) approves and pays it, opens
// the employee's payslip and reads the payroll report; the administrator reads the run and the loans in Somali.
// HR documents: the officer prints every payslip of the run in one PDF, sends the payslips by SMS (sent and
// skipped counted, never twice) and reads the headcount and leave balance reports; the administrator uploads,
// replaces and removes the employee's photo (a file that is not an image is refused in place).
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, clock, demo, type E2E, signInAs, startE2E, visible } from './harness.ts';

const run = browserAvailable();
const month = clock.today().slice(0, 7);
const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
// A 16 x 16 PNG, drawn as the employee's photo.
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGOQyztBEmIY1TCqYfhqAAAXiFQQXpO5+gAAAABJRU5ErkJggg==', 'base64');
const officer = { code: demo.code, username: 'payrollofficer', password: 'Payroll@2026', fullname: 'Ayaan Cali (payroll)' };

async function choose(page: Page, label: RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).first().click();
  await page.getByRole('listbox').getByRole('option', { name: option }).first().click();
}

async function addToList(page: Page, path: string, heading: string, add: string, name: string) {
  await page.goto(`/#/hr-settings/${path}`);
  await visible(page.getByRole('heading', { name: heading, level: 2 }));
  await page.getByRole('button', { name: add }).click();
  await page.getByRole('dialog').getByLabel(/^Name/).fill(name);
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await visible(page.getByRole('row').filter({ hasText: name }));
}

describe.skipIf(!run)('hr payroll: loan, bonus, generate, approve as another user, pay, payslip, report', () => {
  let e2e: E2E;
  let admin: Page;
  let payroll: Page;
  let runUrl = '';
  let employeeUrl = '';

  beforeAll(async () => {
    e2e = await startE2E({
      prepare: async (p) => {
        await p.addStaff({
          ...officer,
          role: 'Payroll officer',
          privileges: ['payroll', 'approve-payroll', 'pay-payroll', 'payroll-report', 'send-sms', 'headcount-report', 'leave-balance-report'],
        });
      },
    });
    admin = await e2e.newPage(await e2e.newContext());
    payroll = await e2e.newPage(await e2e.newContext());
    await signInAs(admin, demo.admin);
    await signInAs(payroll, officer);
  });
  afterEach((ctx) => e2e?.afterEachTest(ctx));
  afterAll(async () => {
    await e2e?.close();
  });

  it('hires an employee and gives a loan recovered from this month', async () => {
    const page = admin;
    await addToList(page, 'departments', 'Departments', 'Add department', 'Payroll journey');
    await addToList(page, 'Job-titles', 'Job titles', 'Add job title', 'Clerk');
    await addToList(page, 'bonus-types', 'Bonus types', 'Add bonus type', 'Performance');
    await page.goto('/#/hr-settings/employee/new');
    await visible(page.getByRole('heading', { name: 'Hire an employee', level: 2 }));
    await page.getByLabel(/^First name/).fill('Nimco');
    await page.getByLabel(/^Last name/).fill('Faarax');
    await choose(page, /^Sex/, 'Female');
    await page.getByLabel(/^Hire date/).fill(dmy(`${month.slice(0, 4)}-01-01`));
    await page
      .getByLabel(/^Phone/)
      .first()
      .fill('0634111222');
    await choose(page, /^Department/, 'Payroll journey');
    await choose(page, /^Job title/, 'Clerk');
    await page.getByLabel(/^Basic salary/).fill('800');
    await choose(page, /^Paid by/, 'Cash');
    await page.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByRole('heading', { name: /EMP-\d{4} · Nimco Faarax/, level: 2 }));
    employeeUrl = page.url();

    await page.goto('/#/hr-settings/loans');
    await visible(page.getByRole('heading', { name: 'Loans', level: 2 }));
    await page.getByRole('button', { name: 'Give a loan' }).click();
    const dialog = page.getByRole('dialog');
    await choose(page, /^Employee/, /Nimco Faarax/);
    await dialog.getByLabel(/^Amount/).fill('300');
    await dialog.getByLabel(/^Monthly instalment/).fill('400');
    await dialog.getByLabel(/^First instalment/).fill(month);
    await choose(page, /^Paid from/, /Cash on hand/);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(dialog.getByText('The instalment cannot be more than the loan.'));
    await e2e.shot(page, 'payroll-01-loan-refused');
    await dialog.getByLabel(/^Monthly instalment/).fill('100');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0);
    await visible(page.getByRole('row').filter({ hasText: 'Nimco Faarax' }).filter({ hasText: '300.00' }));
    await e2e.shot(page, 'payroll-02-loans');
  });

  it('enters a bonus for this month', async () => {
    const page = admin;
    await page.goto('/#/hr-settings/payroll-adjustment');
    await visible(page.getByRole('heading', { name: 'Payroll adjustment', level: 2 }));
    await page.getByRole('button', { name: 'Add bonus or deduction' }).click();
    const dialog = page.getByRole('dialog');
    await choose(page, /^Employee/, /Nimco Faarax/);
    await choose(page, /^Type/, 'Performance');
    await dialog.getByLabel(/^Amount/).fill('50');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0);
    await visible(page.getByRole('row').filter({ hasText: 'Nimco Faarax' }).filter({ hasText: '50.00' }));
    await e2e.shot(page, 'payroll-03-bonus');
  });

  it('previews and generates the payroll; the one who generated it may not approve it', async () => {
    const page = admin;
    await page.goto('/#/hr-settings/payroll');
    await visible(page.getByRole('heading', { name: 'Payroll', level: 2 }));
    await choose(page, /^Department/, 'Payroll journey');
    await page.getByRole('button', { name: 'Preview' }).click();
    const row = page.locator('tr[data-employee]').filter({ hasText: 'Nimco Faarax' });
    await visible(row.filter({ hasText: '850.00' }).filter({ hasText: '100.00' }));
    await e2e.shot(page, 'payroll-04-preview');
    await page.getByRole('button', { name: 'Generate draft' }).click();
    await page.waitForURL(/#\/hr-settings\/payroll\/\d+$/);
    runUrl = page.url();
    await visible(page.getByText(/· Draft$/));
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await visible(page.getByText('Another user must approve the payroll you generated.'));
    await e2e.shot(page, 'payroll-05-own-approval-refused');
  });

  it('the payroll officer approves and pays it, opens the payslip and reads the report', async () => {
    const page = payroll;
    await page.goto(`/${runUrl.slice(runUrl.indexOf('#'))}`);
    await visible(page.getByText(/· Draft$/));
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await visible(page.getByText(/· Approved$/));
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await choose(page, /^Paid from/, /Cash on hand/);
    await page.getByRole('dialog').getByRole('button', { name: 'Pay', exact: true }).click();
    await visible(page.getByText(/· Paid$/));
    await visible(page.getByTestId('run-people').getByText(/Ayaan Cali/));
    await e2e.shot(page, 'payroll-06-paid');
    const slipRow = page.locator('tr[data-employee]').filter({ hasText: 'Nimco Faarax' });
    const [download] = await Promise.all([page.waitForEvent('download'), slipRow.getByRole('button', { name: 'Payslip' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^payslip-PR-\d{6}-EMP-\d{4}\.pdf$/);
    const pdf = readFileSync((await download.path()) ?? '');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    await page.goto('/#/hr-report/payroll-report');
    await visible(page.getByRole('heading', { name: 'Payroll report', level: 2 }));
    await choose(page, /^Choose a payroll/, /PR-\d{6}/);
    await visible(page.locator('tr[data-employee]').filter({ hasText: 'Nimco Faarax' }).filter({ hasText: '850.00' }));
    await visible(page.getByRole('row').filter({ hasText: 'Payroll journey' }));
    await e2e.shot(page, 'payroll-07-report');
  });

  it('the payroll officer prints every payslip in one PDF and sends the payslips by SMS, once', async () => {
    const page = payroll;
    await page.goto(`/${runUrl.slice(runUrl.indexOf('#'))}`);
    await visible(page.getByText(/· Paid$/));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'All payslips (PDF)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^payslips-PR-\d{6}\.pdf$/);
    const pdf = readFileSync((await download.path()) ?? '');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length).toBe(1);

    await page.getByRole('button', { name: 'Send payslips' }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByRole('combobox', { name: /^Send by/ }).filter({ hasText: 'SMS (net pay)' }));
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await visible(dialog.getByTestId('payslips-sent').getByText('1 payslip sent.'));
    await e2e.shot(page, 'payroll-10-payslips-sent');
    await dialog.getByRole('button', { name: 'Close' }).click();
    // Again: nobody gets it twice.
    await page.getByRole('button', { name: 'Send payslips' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send', exact: true }).click();
    await visible(
      page
        .getByRole('dialog')
        .getByTestId('payslips-sent')
        .getByText(/0 payslips sent\. 1 employee skipped\./),
    );
    await visible(page.getByRole('dialog').getByText(/Nimco Faarax: already sent/));
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  });

  it('the payroll officer reads the headcount and leave balance reports', async () => {
    const page = payroll;
    await page.goto('/#/hr-report/headcount-report');
    await visible(page.getByRole('heading', { name: 'Headcount report', level: 2 }));
    const department = page.getByRole('row').filter({ hasText: 'Payroll journey' }).filter({ hasText: 'Department total' });
    await visible(department);
    await expect.poll(async () => (await department.getByRole('cell').allInnerTexts()).slice(0, 6)).toEqual(['Department total', '1', '0', '0', '0', '1']);
    await visible(page.getByRole('button', { name: 'Print' }));
    await visible(page.getByRole('button', { name: 'Excel' }));
    await e2e.shot(page, 'payroll-11-headcount');
    await page.goto('/#/hr-report/leave-balance-report');
    await visible(page.getByRole('heading', { name: 'Leave balances report', level: 2 }));
    await visible(page.getByRole('combobox', { name: /^Year/ }));
    await visible(page.getByTestId('leave-total-remaining').or(page.getByText('Nothing to show for these filters.')));
    await e2e.shot(page, 'payroll-12-leave-balances');
  });

  it('the administrator uploads, replaces and removes the employee photo; a file that is not an image is refused', async () => {
    const page = admin;
    await page.goto(`/${employeeUrl.slice(employeeUrl.indexOf('#'))}`);
    await visible(page.getByRole('button', { name: 'Upload photo' }));
    await page.getByTestId('employee-photo-input').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 not a photo') });
    await visible(page.getByRole('alert').filter({ hasText: 'Only PNG, JPEG or WEBP images are allowed.' }));
    await page.getByTestId('employee-photo-input').setInputFiles({ name: 'nimco.png', mimeType: 'image/png', buffer: PHOTO });
    await visible(page.getByTestId('employee-photo'));
    await visible(page.getByRole('button', { name: 'Replace photo' }));
    await e2e.shot(page, 'payroll-13-photo');
    await page.getByTestId('employee-photo-input').setInputFiles({ name: 'nimco-2.png', mimeType: 'image/png', buffer: PHOTO });
    await visible(page.getByText('Photo saved.').first());
    await page.getByRole('button', { name: 'Remove photo' }).click();
    await visible(page.getByRole('button', { name: 'Upload photo' }));
    await expect.poll(() => page.getByTestId('employee-photo').count()).toBe(0);
  });

  it('reads the paid payroll and the loans in Somali', async () => {
    const page = admin;
    await page.goto(`/${runUrl.slice(runUrl.indexOf('#'))}`);
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'SO · Soomaali' }).click()]);
    await visible(page.getByText(/· La bixiyay$/));
    await visible(page.getByRole('columnheader', { name: 'Mushaharka saafiga ah' }));
    await e2e.shot(page, 'payroll-08-somali-run');
    await page.goto('/#/hr-settings/loans');
    await visible(page.getByRole('heading', { name: 'Amaahda', level: 2 }));
    await visible(page.getByRole('row').filter({ hasText: 'Nimco Faarax' }).filter({ hasText: '200.00' }));
    await e2e.shot(page, 'payroll-09-somali-loans');
    expect(e2e.pageErrors).toEqual([]);
  });
});
