// Journey: customer care. The administrator makes a complaint topic, opens a customer's page and logs a
// complaint from its Complaints tab (the customer and house chosen), assigns it (the assignee's bell lists
// it and links to it), starts work, comments, attaches a photo and completes it (the history shows each
// step), sees the customer's SMS in the SMS report and the complaint in the complaints report; records a
// prospect and makes it a customer with a house and meter in one step and reads the marketing report. Then, in Somali, logs a caller's complaint (a missing phone refused in
// Somali) and completes it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, demo, type E2E, signInAs, startE2E, visible } from './harness.ts';

const run = browserAvailable();
const year = new Date().getUTCFullYear();
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const ref = (n: number) => `CMP-${year}-${String(n).padStart(5, '0')}`;

async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json();
    },
    { method, path, body },
  ) as Promise<T>;
}

async function choose(page: Page, label: RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).first().click();
  await page.getByRole('listbox').getByRole('option', { name: option }).first().click();
}

describe.skipIf(!run)('customer care: complaints and marketing', () => {
  let e2e: E2E;
  let page: Page;
  let customerId = 0;

  beforeAll(async () => {
    e2e = await startE2E();
    page = await e2e.newPage(await e2e.newContext());
    await signInAs(page, demo.admin);
    const choices = await api<{ branches: Array<{ id: number }> }>(page, 'GET', '/api/elc/zones/choices');
    const zone = await api<{ id: number }>(page, 'POST', '/api/elc/zones', { name: 'Hodan', branchId: choices.branches[0].id });
    const customer = await api<{ id: number }>(page, 'POST', '/api/elc/customers', { name: 'Hodan Cali', phone: '0615123456', customerClass: 'residential' });
    customerId = customer.id;
    await api(page, 'POST', '/api/elc/houses', {
      customerId,
      zoneId: zone.id,
      houseNo: 'H-12',
      meterNumber: 'MTR-1201',
      meterDigits: 5,
      installationReading: '0',
      installationDate: '2026-01-05',
    });
  });
  afterEach((ctx) => e2e?.afterEachTest(ctx));
  afterAll(async () => {
    await e2e?.close();
  });

  it('makes a complaint topic', async () => {
    await page.goto('/#/settings/complaints');
    await visible(page.getByRole('heading', { name: 'Complaint topics', level: 2 }));
    await page.getByRole('button', { name: 'New topic' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Name \(English\)/).fill('Meter fault');
    await dialog.getByLabel(/^Name \(Somali\)/).fill('Cillad mitir');
    await dialog.getByLabel(/^Target \(hours\)/).fill('24');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByRole('cell', { name: 'Cillad mitir' }));
    await e2e.shot(page, 'care-01-topics');
  });

  it('logs a complaint from the customer page, assigns, comments and completes it', async () => {
    await page.goto(`/#/customers/${customerId}?tab=complaints`);
    await visible(page.getByRole('tab', { name: 'Complaints', selected: true }));
    await visible(page.getByText('This customer has no complaints.'));
    await page.getByRole('button', { name: 'New complaint' }).click();
    await visible(page.getByRole('heading', { name: 'New complaint', level: 2 }));
    await expect.poll(() => page.getByRole('combobox', { name: /^Customer/ }).inputValue()).toContain('Hodan Cali');
    await choose(page, /^House \/ meter/, /H-12/);
    await choose(page, /^Topic/, 'Meter fault');
    await page.getByLabel(/^Description/).fill('The meter shows a reading although the house was empty.');
    await e2e.shot(page, 'care-02-new-complaint');
    await page.getByRole('button', { name: 'Log complaint' }).click();
    await page.waitForURL(/#\/complaint\/\d+$/);
    await visible(page.getByRole('heading', { name: `Complaint ${ref(1)}`, level: 2 }));
    await visible(page.getByTestId('complaint-status').getByText('Pending'));

    await page.getByRole('button', { name: 'Assign' }).click();
    const assign = page.getByRole('dialog', { name: `Assign ${ref(1)}` });
    await choose(page, /^Assignee/, demo.admin.fullname);
    await assign.getByRole('button', { name: 'Assign' }).click();
    await visible(page.getByTestId('complaint-assignee').getByText(demo.admin.fullname));
    // The assignee's bell counts the open complaint and links to it.
    await page.getByRole('button', { name: 'Notifications' }).click();
    await visible(page.getByTestId('bell-group-complaints'));
    const bellItem = page.getByTestId('bell-item').filter({ hasText: ref(1) });
    await visible(bellItem.getByText(`Complaint ${ref(1)} (Meter fault) is assigned to you`));
    await e2e.shot(page, 'care-02b-bell');
    await bellItem.click();
    await page.waitForURL(/#\/complaint\/\d+$/);
    await page.getByRole('button', { name: 'Start work' }).click();
    await visible(page.getByTestId('complaint-status').getByText('In progress'));
    await page.getByLabel(/^Comment/).fill('Called the customer; a technician visits tomorrow.');
    await page.getByRole('button', { name: 'Add comment' }).click();
    await visible(page.getByTestId('complaint-event-comment').getByText('a technician visits tomorrow'));
    await page.getByTestId('complaint-file').setInputFiles({ name: 'meter.png', mimeType: 'image/png', buffer: TINY_PNG });
    await visible(page.getByTestId('complaint-event-attachment').getByRole('button', { name: 'meter.png' }));
    await page.getByRole('button', { name: 'Complete', exact: true }).click();
    const complete = page.getByRole('dialog', { name: `Complete ${ref(1)}` });
    await complete.getByLabel(/^Resolution/).fill('Meter replaced; the reading was corrected.');
    await complete.getByRole('button', { name: 'Complete' }).click();
    await visible(page.getByTestId('complaint-status').getByText('Completed'));
    await visible(page.getByTestId('complaint-resolution').getByText('Meter replaced'));
    for (const kind of ['created', 'assigned', 'started', 'comment', 'attachment', 'completed']) await visible(page.getByTestId(`complaint-event-${kind}`));
    await e2e.shot(page, 'care-03-completed');

    await page.goto(`/#/customers/${customerId}?tab=complaints`);
    await visible(page.getByRole('cell', { name: ref(1) }));
    await e2e.shot(page, 'care-04-customer-tab');
  });

  it('shows the SMS sent to the customer and the complaints report', async () => {
    await page.goto('/#/sms/sms-report');
    await visible(page.getByText(new RegExp(`received your complaint ${ref(1)}`)).first());
    await visible(page.getByText(new RegExp(`your complaint ${ref(1)} \\(Meter fault\\) has been resolved`)).first());
    await e2e.shot(page, 'care-05-sms-report');
    await page.goto('/#/complaint/report');
    await visible(page.getByRole('rowheader', { name: 'Meter fault' }));
    await visible(page.getByTestId('complaints-total-completed').getByText('1'));
    await e2e.shot(page, 'care-06-report');
  });

  it('records a prospect and makes it a customer with a house in one step', async () => {
    await page.goto('/#/marketing/add');
    await visible(page.getByRole('heading', { name: 'New market information', level: 2 }));
    await page.getByLabel(/^Name/).fill('Maryan Yuusuf');
    await page.getByLabel(/^Phone/).fill('0615881122');
    await choose(page, /^Zone/, 'Hodan');
    await page.getByLabel(/^Location/).fill('New houses behind the market');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/#\/marketing\/\d+$/);
    await visible(page.getByRole('heading', { name: 'Prospect: Maryan Yuusuf', level: 2 }));
    await page.getByRole('button', { name: 'Make customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make Maryan Yuusuf a customer' });
    await dialog.getByLabel(/^House number/).fill('NH-1');
    await dialog.getByLabel(/^Meter number/).fill('MTR-NEW-1');
    await e2e.shot(page, 'care-07-convert');
    await dialog.getByRole('button', { name: 'Make customer' }).click();
    await visible(page.getByTestId('prospect-customer').getByText(/Became customer/));
    await visible(page.getByTestId('prospect-outcome').getByText('Converted'));
    await e2e.shot(page, 'care-08-converted');
    await page.getByTestId('prospect-customer').getByRole('link').click();
    await visible(page.getByRole('heading', { name: 'Maryan Yuusuf' }));
    await visible(page.getByRole('cell', { name: 'MTR-NEW-1' }));
    await page.goto('/#/marketing/report');
    await visible(page.getByTestId('marketing-total-rate').getByText('100%'));
    await e2e.shot(page, 'care-09-marketing-report');
  });

  it('logs and completes a caller’s complaint in Somali', async () => {
    await page.goto('/#/complaint/list');
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'SO · Soomaali' }).click()]);
    await visible(page.getByRole('heading', { name: 'Liiska cabashooyinka', level: 2 }));
    await page.getByRole('button', { name: 'Cabasho cusub' }).click();
    await visible(page.getByRole('heading', { name: 'Cabasho cusub', level: 2 }));
    await page.getByLabel('Qofka soo wacay weli macmiil ma aha').check();
    await page.getByLabel(/^Magaca qofka soo wacay/).fill('Cabdi Xasan');
    await choose(page, /^Mowduuc/, 'Cillad mitir');
    await page.getByLabel(/^Sharaxaad/).fill('Mitirka waa jabay.');
    await page.getByRole('button', { name: 'Diiwaangeli cabashada' }).click();
    await visible(page.getByText('Geli lambarka taleefanka qofka soo wacay.'));
    await page.getByLabel(/^Taleefanka qofka soo wacay/).fill('0617223344');
    await page.getByRole('button', { name: 'Diiwaangeli cabashada' }).click();
    await visible(page.getByRole('heading', { name: `Cabasho ${ref(2)}`, level: 2 }));
    await visible(page.getByTestId('complaint-status').getByText('Sugaya'));
    await page.getByRole('button', { name: 'Dhammaystir', exact: true }).click();
    const complete = page.getByRole('dialog', { name: `Dhammaystir ${ref(2)}` });
    await complete.getByLabel(/^Xallin/).fill('Mitir cusub ayaa la rakibay.');
    await complete.getByRole('button', { name: 'Dhammaystir' }).click();
    await visible(page.getByTestId('complaint-status').getByText('La dhammaystiray'));
    await e2e.shot(page, 'care-10-somali-completed');
    await page.goto('/#/complaint/report');
    await visible(page.getByRole('heading', { name: 'Warbixinta cabashooyinka' }).first());
    await visible(page.getByTestId('complaints-total-completed').getByText('2'));
    await e2e.shot(page, 'care-11-somali-report');
    expect(e2e.pageErrors).toEqual([]);
  });
});
