// Journey: e-mail. A real local SMTP server (smtp-server, started here; mailparser reads what it
// receives) stands in for the organisation's mail server. A customer with an e-mail address gets a bill
// for last month (made through the API as a billing officer would). The administrator enters the SMTP
// settings (server, port, no security, from address), presses the test button and sees the server's
// answer while the test e-mail arrives; e-mails the bill from its page (the address prefilled from the
// customer) and sees it arrive with the bill's PDF attached, then sees it sent in the e-mail report; e-mails
// the customer's statement from the customer page and a payment receipt from its page, each arriving with
// its PDF; e-mails every customer of a zone with {placeholders} filled per customer. Once
// more in Somali: the bill e-mailed with the Somali template and the report read in Somali.
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, clock, demo, type E2E, signInAs, startE2E, visible } from './harness.ts';

const run = browserAvailable();
const CUSTOMER_EMAIL = 'sahra.nur@example.so';

interface Received {
  to: string[];
  mail: ParsedMail;
}

/** The organisation's mail server: keeps every e-mail it receives, parsed. */
async function startSmtp(): Promise<{ server: SMTPServer; port: number; inbox: Received[] }> {
  const inbox: Received[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), mail });
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.server.address() as AddressInfo).port, inbox };
}

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

describe.skipIf(!run)('e-mail: SMTP settings, test e-mail, a bill e-mailed as PDF, the report', () => {
  let e2e: E2E;
  let page: Page;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let billId = 0;
  let customerId = 0;
  let billNo = '';
  const period = clock.monthBefore(1);

  beforeAll(async () => {
    smtp = await startSmtp();
    // The server started below inherits it: the dispatcher also looks for due e-mails every second.
    process.env.EMAIL_DISPATCH_INTERVAL_MS = '1000';
    e2e = await startE2E();
    page = await e2e.newPage(await e2e.newContext());
    await signInAs(page, demo.admin);
    const choices = await api<{ branches: Array<{ id: number }> }>(page, 'GET', '/api/elc/zones/choices');
    const zone = await api<{ id: number }>(page, 'POST', '/api/elc/zones', { name: 'Hodan Mail', branchId: choices.branches[0].id });
    await api(page, 'POST', '/api/elc/prices', {
      name: 'Residential',
      customerClass: 'residential',
      effectiveFrom: '2025-01-01',
      serviceCharge: '2',
      taxPercent: '0',
      blocks: [{ from: '0', to: null, rate: '1' }],
    });
    const customer = await api<{ id: number }>(page, 'POST', '/api/elc/customers', {
      name: 'Sahra Nur',
      phone: '0615333001',
      email: CUSTOMER_EMAIL,
      customerClass: 'residential',
    });
    customerId = customer.id;
    const house = await api<{ id: number }>(page, 'POST', '/api/elc/houses', {
      customerId: customer.id,
      zoneId: zone.id,
      houseNo: 'HM-1',
      meterNumber: 'MAIL-M1',
      meterDigits: 5,
      installationReading: '100',
      installationDate: '2025-01-01',
    });
    await api(page, 'POST', '/api/elc/reads', { houseId: house.id, period, readingDate: `${period}-28`, currentReading: '125' });
    const saved = await api<{ billCount: number }>(page, 'POST', '/api/bills/saveCustomersBill', { period, zoneId: zone.id });
    expect(saved.billCount).toBe(1);
    const bills = await api<{ data: Array<{ id: number; number: string; customerId: number }> }>(page, 'GET', `/api/bills?customerId=${customer.id}`);
    const bill = bills.data.find((b) => b.customerId === customer.id);
    if (!bill) throw new Error('the bill was not made');
    billId = bill.id;
    billNo = bill.number;
  });
  afterEach((ctx) => e2e?.afterEachTest(ctx));
  afterAll(async () => {
    await e2e?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.server.close(() => resolve()) : resolve()));
  });

  it('enters the SMTP settings and sends a test e-mail that arrives at the mail server', async () => {
    await page.goto('/#/email/settings');
    await visible(page.getByRole('heading', { name: 'E-mail settings' }));
    await visible(page.getByRole('tab', { name: 'Mail server (SMTP)', selected: true }));
    const form = page.getByRole('form', { name: 'Mail server (SMTP)' });
    await form.getByLabel(/^SMTP server/).fill('127.0.0.1');
    await form.getByLabel(/^Port/).fill(String(smtp.port));
    await form.getByRole('combobox', { name: 'Security' }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'None' }).click();
    await form.getByLabel(/^From address/).fill('billing@demo-utility.so');
    await form.getByLabel(/^From name/).fill('Demo Utility');
    await form.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('E-mail settings saved.'));
    await e2e.shot(page, 'email-01-smtp-settings');

    const test = page.getByRole('form', { name: 'Send a test e-mail' });
    await test.getByLabel(/^Send the test to/).fill('it@demo-utility.so');
    await test.getByRole('button', { name: 'Send test e-mail' }).click();
    await visible(page.getByText('The test e-mail was accepted by the mail server.'));
    expect(smtp.inbox).toHaveLength(1);
    expect(smtp.inbox[0].to).toEqual(['it@demo-utility.so']);
    expect(smtp.inbox[0].mail.from?.value[0]).toMatchObject({ address: 'billing@demo-utility.so', name: 'Demo Utility' });
    await e2e.shot(page, 'email-02-test-sent');
  });

  it('e-mails the bill from its page; it arrives with the PDF attached and shows sent in the report', async () => {
    await page.goto(`/#/customers/bills/${billId}`);
    await visible(page.getByRole('heading', { name: `Bill ${billNo}` }));
    await page.getByRole('main').getByRole('button', { name: 'E-mail', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await e2e.shot(page, 'email-03-bill-dialog');
    await visible(dialog.getByRole('heading', { name: `E-mail Bill ${billNo}` }));
    await expect.poll(() => dialog.getByLabel(/^E-mail address/).inputValue()).toBe(CUSTOMER_EMAIL);
    await visible(dialog.getByText('Sahra Nur'));
    await dialog.getByRole('button', { name: 'Send' }).click();
    await visible(page.getByText('The e-mail is on its way. See it in the e-mail report.'));

    await expect.poll(() => smtp.inbox.length, { timeout: 20_000 }).toBe(2);
    const received = smtp.inbox[1];
    expect(received.to).toEqual([CUSTOMER_EMAIL]);
    expect(received.mail.subject).toContain(billNo);
    expect(received.mail.text).toContain('Sahra Nur');
    expect(received.mail.attachments).toHaveLength(1);
    const [pdf] = received.mail.attachments;
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.filename).toMatch(/\.pdf$/);
    expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-');

    await page.goto('/#/email/email-report');
    await visible(page.getByRole('heading', { name: 'E-mail report' }));
    const row = page.getByRole('row', { name: new RegExp(`${CUSTOMER_EMAIL.replace('.', '\\.')}.*Bill.*Sent`) });
    await visible(row);
    await visible(page.getByRole('row', { name: /it@demo-utility\.so.*Test.*Sent/ }));
    await e2e.shot(page, 'email-04-report');
  });

  it("e-mails the customer's statement from the customer page; it arrives with the statement PDF", async () => {
    await page.goto(`/#/customers/${customerId}`);
    await visible(page.getByRole('heading', { name: 'Sahra Nur' }));
    await page.getByRole('main').getByRole('button', { name: 'E-mail', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByRole('heading', { name: /^E-mail Statement C-\d+$/ }));
    await expect.poll(() => dialog.getByLabel(/^E-mail address/).inputValue()).toBe(CUSTOMER_EMAIL);
    await e2e.shot(page, 'email-05-statement-dialog');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await visible(page.getByText('The e-mail is on its way. See it in the e-mail report.'));
    await expect.poll(() => smtp.inbox.length, { timeout: 20_000 }).toBe(3);
    const received = smtp.inbox[2];
    expect(received.to).toEqual([CUSTOMER_EMAIL]);
    expect(received.mail.subject).toMatch(/^Your statement C-\d+ from Demo Utility$/);
    expect(received.mail.text).toContain('You owe 27.00');
    expect(received.mail.attachments.map((a) => [a.contentType, a.filename?.startsWith('statement-')])).toEqual([['application/pdf', true]]);
  });

  it('e-mails a payment receipt from its page; it arrives with the receipt PDF', async () => {
    const accounts = await api<{ data: Array<{ id: number; code: string }> }>(page, 'GET', '/api/finance/payments/accounts');
    const cash = accounts.data.find((a) => a.code === '1010') ?? accounts.data[0];
    const payment = await api<{ id: number; number: string }>(page, 'POST', '/api/finance/payments', {
      customerId,
      amount: '10.00',
      date: clock.today(),
      accountId: cash.id,
      method: 'cash',
    });
    await page.goto(`/#/customers/payments/${payment.id}`);
    await visible(page.getByRole('heading', { name: `Receipt ${payment.number}` }));
    await page.getByRole('main').getByRole('button', { name: 'E-mail', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByRole('heading', { name: `E-mail Payment receipt ${payment.number}` }));
    await expect.poll(() => dialog.getByLabel(/^E-mail address/).inputValue()).toBe(CUSTOMER_EMAIL);
    await e2e.shot(page, 'email-06-receipt-dialog');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => smtp.inbox.length, { timeout: 20_000 }).toBe(4);
    const received = smtp.inbox[3];
    expect(received.mail.subject).toBe(`Payment receipt ${payment.number} from Demo Utility`);
    expect(received.mail.text).toContain('Your balance is now 17.00');
    expect(received.mail.attachments.map((a) => [a.contentType, a.filename])).toEqual([['application/pdf', `receipt-${payment.number}.pdf`]]);
  });

  it("e-mails a zone's customers with the message template, each with their own name and balance", async () => {
    await page.goto('/#/email/send-email');
    await visible(page.getByRole('heading', { name: 'Send e-mail' }));
    await page.getByRole('radio', { name: 'A zone' }).check();
    await page.getByRole('combobox', { name: 'Zone' }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'Hodan Mail (1 of 1 customers have an e-mail address)' }).click();
    await page.getByRole('textbox', { name: 'Subject' }).fill('Water off on Friday, {name}');
    await page
      .getByRole('textbox', { name: 'Message' })
      .fill('Dear {name} ({customerNo}), supply stops on Friday 8-12. Your balance is {balance} {currency}. {company}');
    await e2e.shot(page, 'email-07-send-zone');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await visible(page.getByRole('status').filter({ hasText: '1 e-mail queued.' }));
    await expect.poll(() => smtp.inbox.length, { timeout: 20_000 }).toBe(5);
    const received = smtp.inbox[4];
    expect(received.to).toEqual([CUSTOMER_EMAIL]);
    expect(received.mail.subject).toBe('Water off on Friday, Sahra Nur');
    expect(received.mail.text).toMatch(/^Dear Sahra Nur \(C-\d+\), supply stops on Friday 8-12\. Your balance is 17\.00 \S+\. Demo Utility/);
  });

  it('in Somali: e-mails the bill with the Somali template and reads the report', async () => {
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'SO · Soomaali' }).click()]);
    await page.goto(`/#/customers/bills/${billId}`);
    await page.getByRole('main').getByRole('button', { name: 'Iimayl', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByLabel(/^Cinwaanka iimaylka/).inputValue()).toBe(CUSTOMER_EMAIL);
    expect(await dialog.getByRole('combobox', { name: 'Luqadda' }).textContent()).toContain('Soomaali');
    await e2e.shot(page, 'email-08-bill-dialog-somali');
    await dialog.getByRole('button', { name: 'Dir' }).click();
    await expect.poll(() => smtp.inbox.length, { timeout: 20_000 }).toBe(6);
    const received = smtp.inbox[5];
    expect(received.to).toEqual([CUSTOMER_EMAIL]);
    expect(received.mail.subject).toContain(billNo);
    expect(received.mail.subject).toBe(`Biilkaaga ${billNo} ee Demo Utility`); // the Somali template
    expect(received.mail.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);

    await page.goto('/#/email/email-report');
    await visible(page.getByRole('heading', { name: 'Warbixinta iimaylka' }));
    await expect.poll(() => page.getByRole('row', { name: /Biil.*La diray/ }).count()).toBe(2);
    await e2e.shot(page, 'email-09-report-somali');
    await page.getByRole('banner').getByRole('combobox', { name: 'Luqadda' }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: /^EN/ }).click()]);
    expect(e2e.pageErrors).toEqual([]);
  });
});
