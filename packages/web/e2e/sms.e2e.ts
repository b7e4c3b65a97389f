// Journey: SMS. A local HTTP gateway (node:http, started here) stands in for the operator. The demo
// organisation gets three customers with bills for last month (made through the API as a billing officer
// would). The administrator points the SMS settings at the gateway (address, POST, X-Api-Key secret shown
// only masked afterwards, JSON body template), sends a test message, gives one customer Somali as preferred
// language, previews the bill SMS of the run (one in English, one in Somali, the landline skipped), sends
// them and sees them sent in the SMS report while the gateway has received them with the key. A free SMS
// to a typed list (a wrong number is pointed out before sending) fails while the gateway answers 500, is
// retried until failed, and goes out with Send again. The screens once more in Somali; a member of staff
// with send-sms only cannot open bill SMS and sees no gateway tab.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { browserAvailable, clock, demo, type E2E, signInAs, startE2E, visible } from './harness.ts';

const run = browserAvailable();

const sender = { username: 'sender1', password: 'Sender@2026', fullname: 'Hodan Sender' };
const API_KEY = 'demo-gateway-key-7f3a9c';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: { to: string; text: string; from: string };
}

/** The operator's gateway: records every request, answers `status`. */
function startGateway(): Promise<{ server: Server; url: string; received: Received[]; answer: (status: number) => void }> {
  const received: Received[] = [];
  let status = 200;
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => {
      raw += c.toString('utf8');
    });
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: JSON.parse(raw || '{}') });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(status < 300 ? JSON.stringify({ messageId: `op-${received.length}` }) : 'operator busy');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        server,
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        received,
        answer: (s) => {
          status = s;
        },
      }),
    ),
  );
}

/** Last month as YYYY-MM (readings are dated in it, never in the future). */
function lastMonth(): string {
  return clock.monthBefore(1);
}

/** Zone, tariff, three customers with houses and readings, and the bill run of `period`, through the API. */
async function prepareBills(baseUrl: string, period: string) {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: demo.admin.username, password: demo.admin.password, code: demo.code }),
  });
  const { token } = await login.json();
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json();
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const branches = await call('GET', '/elc/branches');
  const branchId = (Array.isArray(branches) ? branches : branches.data)[0].id;
  const zone = await call('POST', '/elc/zones', { name: 'Hodan District', branchId });
  await call('POST', '/elc/prices', {
    name: 'Residential',
    customerClass: 'residential',
    effectiveFrom: '2025-01-01',
    serviceCharge: '2',
    taxPercent: '5',
    blocks: [
      { from: '0', to: '10', rate: '0.5' },
      { from: '10', to: null, rate: '1' },
    ],
  });
  const people: Array<[string, string, string]> = [
    ['Sahra Nur', '0615333001', '125'],
    ['Omar Jaamac', '0615333002', '105'],
    ['Landline Office', '06153330031', '110'],
  ];
  for (const [i, [name, phone, current]] of people.entries()) {
    const customer = await call('POST', '/elc/customers', { name, phone, customerClass: 'residential' });
    const house = await call('POST', '/elc/houses', {
      customerId: customer.id,
      zoneId: zone.id,
      houseNo: `HD-${i + 1}`,
      meterNumber: `SMS-M${i + 1}`,
      meterDigits: 5,
      installationReading: '100',
      installationDate: '2025-01-01',
    });
    await call('POST', '/elc/reads', { houseId: house.id, period, readingDate: `${period}-28`, currentReading: current });
  }
  const saved = await call('POST', '/bills/saveCustomersBill', { period, zoneId: zone.id });
  expect(saved.billCount).toBe(3);
}

/** Picks `option` in the MUI select labelled `label` (inside `scope`, e.g. one form). */
async function choose(page: Page, label: string | RegExp, option: string | RegExp, scope: Page | Locator = page) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: option }).click();
}

describe.skipIf(!run)('SMS: gateway, bill SMS, free SMS and the report', () => {
  let e2e: E2E;
  let page: Page;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  const period = lastMonth();

  beforeAll(async () => {
    gateway = await startGateway();
    // The server started below inherits these: failed attempts are retried 200 ms, 400 ms later.
    process.env.SMS_RETRY_BASE_MS = '200';
    process.env.SMS_DISPATCH_INTERVAL_MS = '1000';
    e2e = await startE2E({
      prepare: (p) => p.addStaff({ code: demo.code, ...sender, role: 'SMS sender', privileges: ['dashboard', 'send-sms'] }),
    });
    await prepareBills(e2e.baseUrl, period);
    page = await e2e.newPage();
    await signInAs(page, { ...demo.admin });
  });
  afterEach((ctx) => e2e?.afterEachTest(ctx));
  afterAll(async () => {
    await e2e?.close();
    await new Promise((resolve) => gateway?.server.close(resolve));
  });

  it('points the SMS settings at the HTTP gateway; the secret is shown masked only', async () => {
    await page.goto('/#/sms/sms-report');
    await page.getByRole('link', { name: 'SMS settings' }).click();
    await page.getByRole('tab', { name: 'Gateway' }).click();
    await choose(page, 'Sending', 'HTTP gateway');
    await page.getByLabel(/^Gateway address/).fill(`${gateway.url}/v1/messages`);
    await page.getByLabel('Auth header name').fill('X-Api-Key');
    await page.getByLabel('Auth secret').fill(API_KEY);
    await page.getByLabel('Body template').fill('{"to":"{to}","text":"{message}","from":"{sender}"}');
    await page.getByLabel('Sender id').fill('DemoUtil');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await visible(page.getByText('SMS settings saved.'));
    await visible(page.getByText(`Stored: ••••••${API_KEY.slice(-4)}. Leave empty to keep it.`));
    expect(await page.getByLabel('Auth secret').inputValue()).toBe('');
    expect(await page.content()).not.toContain(API_KEY);
    await e2e.shot(page, 'sms-01-gateway-settings');
  });

  it("sends a test message through the saved settings and shows the gateway's answer", async () => {
    await page.getByLabel(/^Phone for the test message/).fill('0615000999');
    await page.getByRole('button', { name: 'Send a test message' }).click();
    const answer = await visible(page.getByText('The gateway accepted the test message (HTTP 200).'));
    await answer.scrollIntoViewIfNeeded();
    expect(gateway.received).toHaveLength(1);
    expect(gateway.received[0]).toMatchObject({ method: 'POST', url: '/v1/messages', body: { to: '+252615000999', from: 'DemoUtil' } });
    expect(gateway.received[0].headers['x-api-key']).toBe(API_KEY);
    await e2e.shot(page, 'sms-02-test-message');
  });

  it('gives a customer Somali as preferred language', async () => {
    await page.getByRole('tab', { name: "Customers' languages" }).click();
    const form = page.getByRole('form', { name: 'Set the language' });
    await form.getByRole('combobox', { name: /^Customer/ }).fill('Omar');
    await page.getByRole('option', { name: /Omar Jaamac/ }).click();
    await choose(page, 'Language', 'Somali', form);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(page.getByRole('row', { name: /Omar Jaamac.*Somali/ }));
  });

  it('previews the bill SMS of the run, sends them, and the report shows them sent', async () => {
    await page.goto('/#/customers/bill-sms');
    await choose(page, /^Bill run/, new RegExp(`^${period} · Hodan District · bills: 3, messaged: 0`));
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'Preview' });
    await visible(preview.getByText('2 messages for the 3 bills found.'));
    await visible(preview.getByRole('row', { name: /Sahra Nur.*\+252615333001.*English.*Dear Sahra Nur .*25 units, 23\.10 USD.*Pay via \*789\*1000#/ }));
    await visible(preview.getByRole('row', { name: /Omar Jaamac.*Somali.*Macmiil Omar Jaamac .*5 unug, 4\.73 USD/ }));
    await visible(preview.getByText(/Landline Office · 06153330031: phone cannot receive SMS/));
    await e2e.shot(page, 'sms-03-bill-sms-preview');

    await page.getByRole('button', { name: 'Send 2 SMS' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send 2 SMS' }).click();
    await visible(page.getByRole('alert').filter({ hasText: '2 bill messages are queued and being sent.' }));
    await page.getByRole('link', { name: 'Open the SMS report' }).click();
    await page.waitForURL(/#\/sms\/sms-report\?batchId=\d+/);
    await visible(page.getByRole('button', { name: 'Sent (2)' }));
    await visible(page.getByRole('row', { name: /Sahra Nur.*\+252615333001.*Bill.*Sent/ }));
    await visible(page.getByRole('row', { name: /Omar Jaamac.*\+252615333002.*Bill.*Sent/ }));
    await e2e.shot(page, 'sms-04-report-sent');

    const bills = gateway.received.slice(1);
    expect(bills.map((r) => r.body.to).sort()).toEqual(['+252615333001', '+252615333002']);
    expect(bills.every((r) => r.headers['x-api-key'] === API_KEY)).toBe(true);
    const omar = bills.find((r) => r.body.to === '+252615333002');
    expect(omar?.body.text).toMatch(
      /^Macmiil Omar Jaamac \(C-\d+\), biilka .+: 5 unug, 4\.73 USD\. Haraaga 4\.73 USD, bixi ka hor \d{2}\/\d{2}\/\d{4}\. Ku bixi \*789\*1000#\. Demo Utility$/,
    );
  });

  it('points out a wrong number, then a free SMS fails while the gateway is down and goes out with Send again', async () => {
    gateway.answer(500);
    await page.goto('/#/sms/send-sms');
    await page.getByRole('radio', { name: 'Phone numbers' }).check();
    const phones = page.getByRole('textbox', { name: 'Phone numbers' });
    await phones.fill('0615444001\n12345');
    await visible(page.getByText('Not Somali mobile numbers: 12345'));
    await phones.fill('0615444001');
    await page.getByRole('textbox', { name: 'Message' }).fill('Water will be off on Friday from 8 to 12. {company}');
    await visible(page.getByText('53 characters · 1 SMS'));
    await e2e.shot(page, 'sms-05-send-sms');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await visible(page.getByRole('alert').filter({ hasText: '1 message is queued and being sent.' }));

    await page.getByRole('link', { name: 'Open the SMS report' }).click();
    // Three attempts (the server's retry base is 200 ms here), then failed; the counts poll meanwhile.
    await visible(page.getByRole('button', { name: 'Failed (1)' }));
    const row = page.getByRole('row', { name: /\+252615444001.*Free message/ });
    await visible(row.getByText('Failed'));
    await visible(row.getByText('The gateway answered 500: operator busy'));
    expect(gateway.received.filter((r) => r.body.to === '+252615444001')).toHaveLength(3);
    await e2e.shot(page, 'sms-06-report-failed');

    gateway.answer(200);
    await row.getByRole('button', { name: 'Send again' }).click();
    await visible(page.getByText('The message is queued again.'));
    await visible(page.getByRole('button', { name: 'Sent (1)' }));
    expect(gateway.received.filter((r) => r.body.to === '+252615444001')).toHaveLength(4);
    expect(gateway.received.at(-1)?.body.text).toBe('Water will be off on Friday from 8 to 12. Demo Utility');
  });

  it('shows the SMS screens in Somali', async () => {
    await page.goto('/#/sms/sms-report');
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'SO · Soomaali' }).click()]);
    await visible(page.getByRole('heading', { name: 'Warbixinta SMS' }));
    await visible(page.getByRole('button', { name: 'La diray (4)' }));
    await visible(page.getByRole('row', { name: /Omar Jaamac.*Biil.*La diray/ }));
    await e2e.shot(page, 'sms-07-report-somali');
    await page.goto('/#/customers/bill-sms');
    await visible(page.getByRole('heading', { name: 'SMS-ka biilka' }));
    await choose(page, /^Wareegga biilka/, new RegExp(`^${period} · Hodan District · biilal: 3, fariin loo diray: 2`));
    await page.getByRole('button', { name: 'Eeg horta' }).click();
    await visible(page.getByText('0 fariimood oo loogu talagalay 3 biil ee la helay.'));
    await visible(page.getByText(/Sahra Nur · \+252615333001: biilka fariin horay ayaa loogu diray/));
    await e2e.shot(page, 'sms-08-bill-sms-somali');
    await page.getByRole('banner').getByRole('combobox', { name: 'Luqadda' }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: /^EN/ }).click()]);
  });

  it('keeps bill SMS and the gateway from a member of staff who may only send SMS', async () => {
    const staff = await e2e.newPage(await e2e.newContext());
    await signInAs(staff, sender);
    await staff.goto('/#/customers/bill-sms');
    await staff.waitForURL(/#\/error\/403$/);
    await staff.goto('/#/sms/settings');
    await visible(staff.getByRole('tab', { name: 'Templates' }));
    await expect.poll(() => staff.getByRole('tab', { name: 'Gateway' }).count()).toBe(0);
    await e2e.shot(staff, 'sms-09-staff-settings');
    expect(e2e.pageErrors).toEqual([]);
  });
});
