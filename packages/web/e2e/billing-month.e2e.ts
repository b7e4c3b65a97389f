// Journey: a full month of a utility as its people live it, first in English and then its key steps once
// more in Somali. In the browser the administrator creates a zone and a tariff of three blocks; two
// neighbours already living there (with three billed months behind them, prepared through the API) give
// the reading sheet an average to judge by; a new customer and her house are added on the screens. The
// month's readings are typed on the sheet (a spike is refused until confirmed, one house is left
// unread), the bill run is previewed (the unread house among the exceptions) and saved with its progress,
// a bill is opened and printed, the new customer pays part of her bill from her page, the others pay
// through a mobile money statement (CSV), and the customer's balance, the ageing and the zone summary all
// agree with the receivable account (1100) of the trial balance. The bill SMS go out through a local
// HTTP gateway (started here) and show as sent in the SMS report. In Somali: another customer and house,
// the late readings, a second run for the month, its bill printed, a payment from the customer's page,
// the reports agreeing again and the second run's bill SMS.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { browserAvailable, clock, demo, type E2E, signInAs, startE2E, visible } from './harness.ts';

const run = browserAvailable();

const ZONE = 'Waaberi';
const TARIFF = 'Waaberi residential';
const API_KEY = 'month-gateway-key-51c2';

const monthBefore = clock.monthBefore;
const PERIOD = monthBefore(0);
/** The month's last day: the reports are read on it (this month's bills, dated today, are in them). */
const MONTH_END = clock.monthEnd(PERIOD);

/** The neighbours prepared through the API, each with three months of 30 units billed (14.70 a month). */
const NEIGHBOURS = [
  { name: 'Faadumo Cilmi', phone: '0615700001', houseNo: 'WB-1', meter: 'WB-M1' },
  { name: 'Cumar Xirsi', phone: '0615700002', houseNo: 'WB-2', meter: 'WB-M2' },
] as const;
const NEW_CUSTOMER = { name: 'Xaliimo Axmed Faarax', phone: '061 5700003', houseNo: 'WB-3', meter: 'WB-M3' };
const SOMALI_CUSTOMER = { name: 'Cabdiraxmaan Muuse', phone: '061 5700004', houseNo: 'WB-4', meter: 'WB-M4' };

interface Received {
  url: string;
  headers: IncomingHttpHeaders;
  body: { to: string; text: string; from: string };
}

/** The operator's SMS gateway: records every request and accepts it. */
function startGateway(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => {
      raw += c.toString('utf8');
    });
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers, body: JSON.parse(raw || '{}') });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ messageId: `op-${received.length}` }));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received })),
  );
}

/** The signed-in page's own API call (bearer token from its storage); fails on an error answer. */
async function apiCall<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const res = await page.evaluate(
    async ({ method, path, body }) => {
      const r = await fetch(`/api${path}`, {
        method,
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: r.status, body: await r.json() };
    },
    { method, path, body },
  );
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as T;
}

/** The receivable account (1100) at the month's end in the ledger's trial balance, through page.request. */
async function receivableInLedger(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get(`/api/finance/reports/trial-balance?startDate=${PERIOD.slice(0, 4)}-01-01&endDate=${MONTH_END}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  const tb = (await res.json()) as { rows: Array<{ code: string; debit: string; credit: string }> };
  const row = tb.rows.find((r) => r.code === '1100');
  if (!row) throw new Error('no receivable account 1100 in the trial balance');
  return (Number(row.debit) - Number(row.credit)).toFixed(2);
}

/** Opens a MUI select by its label and takes an option. */
async function choose(page: Page, label: string | RegExp, option: string | RegExp, scope: Page | Locator = page) {
  await scope.getByRole('combobox', { name: label }).click();
  await page
    .getByRole('listbox')
    .getByRole('option', { name: option, exact: typeof option === 'string' })
    .click();
}

/** Waits until the locator says `text` (a screen may first show what it had, then the server's answer). */
async function shows(locator: Locator, text: string) {
  await expect.poll(() => locator.innerText(), { timeout: 15_000 }).toBe(text);
}

/** The row of the reading sheet of a house. */
const sheetRow = (page: Page, houseNo: string) => page.locator('tr[data-house]').filter({ hasText: houseNo });

/** Switches the interface language from the header (the page reloads). */
async function switchLanguage(page: Page, from: 'Language' | 'Luqadda', to: RegExp) {
  await page.getByRole('banner').getByRole('combobox', { name: from }).click();
  await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: to }).click()]);
}

describe.skipIf(!run)('a full month of billing as the users live it', () => {
  let e2e: E2E;
  let page: Page;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  let zoneId = 0;
  const customerIds: Record<string, number> = {};

  beforeAll(async () => {
    gateway = await startGateway();
    // The server started below inherits this: queued SMS go out within a second.
    process.env.SMS_DISPATCH_INTERVAL_MS = '1000';
    e2e = await startE2E();
    page = await e2e.newPage(await e2e.newContext());
  });
  afterEach((ctx) => e2e?.afterEachTest(ctx));
  afterAll(async () => {
    await e2e?.close();
    await new Promise((resolve) => gateway?.server.close(resolve));
  });

  describe('in English', () => {
    it('creates the zone and a tariff of three blocks on the screens', async () => {
      await signInAs(page, demo.admin);
      await page.goto('/#/customers/zones');
      await page.getByRole('button', { name: 'Add zone' }).click();
      const dialog = page.getByRole('dialog', { name: 'New zone' });
      await dialog.getByLabel(/^Zone name/).fill(ZONE);
      await choose(page, /^Branch/, 'Main branch');
      await choose(page, /^Meter reader/, 'Demo Administrator');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await visible(page.getByRole('row').filter({ hasText: ZONE }).getByText('Active', { exact: true }));
      await e2e.shot(page, 'month-01-zone');

      // 2.00 a month, 0.30 a unit up to 10, 0.45 up to 30, 0.60 above; 5% tax.
      await page.goto('/#/customers/tariffs/new');
      await page.getByLabel(/^Tariff name/).fill(TARIFF);
      await choose(page, /^Customer class/, 'Residential');
      await choose(page, /^Zone/, ZONE);
      await page.getByLabel(/^Valid from/).fill(`${monthBefore(6)}-01`);
      await page.getByLabel(/^Service charge/).fill('2');
      await page.getByLabel(/^Minimum charge/).fill('5');
      await page.getByLabel(/^Tax %/).fill('5');
      await page.getByLabel(/^Block 1 up to/).fill('10');
      await page.getByLabel(/^Block 1 rate/).fill('0.30');
      await page.getByRole('button', { name: 'Add block' }).click();
      await page.getByLabel(/^Block 2 up to/).fill('30');
      await page.getByLabel(/^Block 2 rate/).fill('0.45');
      await page.getByRole('button', { name: 'Add block' }).click();
      await page.getByLabel(/^Block 3 rate/).fill('0.60');
      await page.getByLabel('Consumption (units)').fill('30');
      await visible(page.getByRole('table', { name: 'Bill for 30 units' }));
      expect(await page.getByTestId('preview-total').innerText()).toBe('14.70');
      await e2e.shot(page, 'month-02-tariff');
      await page.getByRole('button', { name: 'Save tariff' }).click();
      await page.waitForURL(/#\/customers\/tariffs$/);
      await visible(page.getByRole('row').filter({ hasText: TARIFF }).getByText('In force', { exact: true }));
    });

    it('has two neighbours in the zone with three billed months behind them (prepared through the API)', async () => {
      const zones = await apiCall<{ data: Array<{ id: number; name: string }> }>(page, 'GET', `/elc/zones?q=${ZONE}`);
      zoneId = zones.data.find((z) => z.name === ZONE)?.id ?? 0;
      const houses: number[] = [];
      for (const n of NEIGHBOURS) {
        const customer = await apiCall<{ id: number }>(page, 'POST', '/elc/customers', { name: n.name, phone: n.phone, customerClass: 'residential' });
        customerIds[n.name] = customer.id;
        const house = await apiCall<{ id: number }>(page, 'POST', '/elc/houses', {
          customerId: customer.id,
          zoneId,
          houseNo: n.houseNo,
          meterNumber: n.meter,
          meterDigits: 5,
          installationReading: '1000',
          installationDate: `${monthBefore(5)}-01`,
        });
        houses.push(house.id);
      }
      // 30 units a month for three months: each bill 2.00 + 3.00 + 9.00 = 14.00, tax 0.70, 14.70.
      for (const [k, back] of [3, 2, 1].entries()) {
        const period = monthBefore(back);
        const rows = houses.map((houseId) => ({ houseId, period, readingDate: `${period}-20`, type: 'regular', currentReading: String(1030 + k * 30) }));
        await apiCall<unknown>(page, 'POST', '/elc/reads/batch', { rows });
        // Each month billed on its last day (a run dates its bills the day it is made).
        const issueDate = clock.monthEnd(period);
        const saved = await apiCall<{ billCount: number; total: string }>(page, 'POST', '/bills/saveCustomersBill', { period, zoneId, issueDate });
        expect(saved).toMatchObject({ billCount: 2, total: '29.40' });
      }
    });

    it('adds the new customer and her house with its meter', async () => {
      await page.goto('/#/customers');
      await page.getByRole('button', { name: 'Add customer' }).click();
      const dialog = page.getByRole('dialog', { name: 'New customer' });
      await dialog.getByLabel(/^Name/).fill(NEW_CUSTOMER.name);
      await dialog.getByLabel(/^Phone/).fill(NEW_CUSTOMER.phone);
      await dialog.getByLabel(/^Address/).fill('Waaberi, near the school');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(/#\/customers\/\d+$/);
      customerIds[NEW_CUSTOMER.name] = Number(/(\d+)$/.exec(page.url())?.[1]);
      await visible(page.getByRole('heading', { name: NEW_CUSTOMER.name }));

      await page.getByRole('button', { name: 'Add house' }).click();
      const house = page.getByRole('dialog', { name: 'New house and meter' });
      await choose(page, /^Zone/, ZONE);
      await house.getByLabel(/^House no\./).fill(NEW_CUSTOMER.houseNo);
      await house.getByLabel(/^Meter no\./).fill(NEW_CUSTOMER.meter);
      await house.getByLabel(/^Installation reading/).fill('500');
      await house.getByRole('button', { name: 'Save' }).click();
      await house.waitFor({ state: 'hidden' });
      const row = page.getByRole('row').filter({ hasText: NEW_CUSTOMER.meter });
      await visible(row.getByText('Connected', { exact: true }));
      expect(await row.innerText()).toContain(TARIFF);
      await shows(page.getByTestId('customer-balance'), '0.00 settled');
      await e2e.shot(page, 'month-03-new-customer');
    });

    it('types the month on the reading sheet: the spike is refused until confirmed, one house stays unread', async () => {
      await page.goto(`/#/customers/readings?period=${PERIOD}&zoneId=${zoneId}`);
      await visible(page.getByRole('heading', { name: new RegExp(`^Reading sheet · ${ZONE}`) }));
      await visible(page.getByTestId('sheet-summary').filter({ hasText: '0 read before, 0 typed, 3 still to read, of 3 houses' }));
      // Faadumo: 150 units against an average of 30. Cumar is not read. Xaliimo: 50 units.
      await page.getByLabel('Current reading of house WB-1').fill('1240');
      await page.getByLabel('Current reading of house WB-3').fill('550');
      await shows(sheetRow(page, 'WB-1').getByTestId(/^consumption-/), '150');
      expect(
        await sheetRow(page, 'WB-3')
          .getByTestId(/^consumption-/)
          .innerText(),
      ).toBe('50');
      await visible(sheetRow(page, 'WB-1').getByText('Spike', { exact: true }));
      await visible(page.getByTestId('needs-confirmation').filter({ hasText: '1 flagged reading needs your confirmation' }));

      await page.getByRole('button', { name: 'Save readings' }).click();
      const refusal = sheetRow(page, 'WB-1').getByTestId(/^row-error-/);
      await visible(refusal);
      expect(await refusal.innerText()).toBe("Consumption is more than three times this house's average of 30. Check the reading, then confirm it.");
      await visible(page.getByTestId('batch-refused'));
      await e2e.shot(page, 'month-04-spike-refused');

      await sheetRow(page, 'WB-1').getByLabel('Confirm the reading of house WB-1').check();
      await page.getByRole('button', { name: 'Save readings' }).click();
      await visible(page.getByText('2 readings saved.'));
      await visible(page.getByTestId('sheet-summary').filter({ hasText: '2 read before, 0 typed, 1 still to read, of 3 houses' }));
      await e2e.shot(page, 'month-05-readings-saved');
    });

    it('previews the run with the unread house among the exceptions, then saves it with its progress', async () => {
      await page.goto(`/#/customers/batch-bill?period=${PERIOD}&zoneId=${zoneId}`);
      await page.getByRole('button', { name: 'Preview' }).click();
      // Faadumo 150 units: 2.00 + 3.00 + 9.00 + 72.00 = 86.00, tax 4.30, 90.30; Xaliimo 50 units: 26.00 + 1.30 = 27.30.
      await visible(page.getByTestId('preview-totals').filter({ hasText: /^2 of 3 houses billed · total .*117\.60/ }));
      const exceptions = page.getByRole('region', { name: 'Not billed (1)' });
      const unread = exceptions.getByRole('listitem').filter({ hasText: NEIGHBOURS[1].name });
      await visible(unread);
      expect(await unread.innerText()).toContain('No reading for the period');
      await page.getByRole('button', { name: `Explain the bill of ${NEIGHBOURS[0].name}` }).click();
      const breakdown = page.getByRole('table', { name: `Hide the breakdown of ${NEIGHBOURS[0].name}` });
      expect(await breakdown.getByTestId('breakdown-total').innerText()).toBe('90.30');
      await e2e.shot(page, 'month-06-run-preview');
      await exceptions.scrollIntoViewIfNeeded();
      await e2e.shot(page, 'month-07-run-exceptions');

      await page.getByRole('button', { name: 'Save the run' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save the bill run?' });
      await visible(dialog.getByText(/This writes 2 bills for/));
      await dialog.getByRole('button', { name: 'Save the run' }).click();
      const job = page.getByTestId('run-job');
      await visible(job.getByRole('progressbar', { name: 'Progress of the bill run' }));
      await visible(job.getByText(/^Done: 2 bills, total .*117\.60\.$/));
      await e2e.shot(page, 'month-08-run-saved');
      await job.getByRole('link', { name: 'Open the bills' }).click();
      await page.waitForURL(/#\/customers\/bills\?period=/);
      // The bills' rows (a bill number each), not the runs' rows the page showed before.
      const bills = page
        .getByRole('row')
        .filter({ hasText: ZONE })
        .filter({ hasText: /B-\d{6}/ });
      await visible(bills.filter({ hasText: NEW_CUSTOMER.name }));
      await expect.poll(() => bills.count()).toBe(2);
    });

    it("opens the new customer's bill and prints it", async () => {
      await page.getByRole('row').filter({ hasText: NEW_CUSTOMER.name }).first().click();
      await page.waitForURL(/#\/customers\/bills\/\d+$/);
      await visible(page.getByRole('heading', { name: /^Bill B-/ }));
      expect(await page.getByTestId('bill-amount-due').innerText()).toBe('27.30');
      await visible(page.getByRole('table', { name: 'Breakdown' }).getByText('Block 3: above 30 units'));
      await e2e.shot(page, 'month-09-bill');
      await page.getByRole('link', { name: 'Print' }).click();
      await page.waitForURL(/#\/customers\/bills\/\d+\/print$/);
      await visible(page.getByTestId('bill-sheet'));
      expect(await page.getByTestId('print-customer').innerText()).toBe(NEW_CUSTOMER.name);
      expect(await page.getByTestId('print-amount-due').innerText()).toContain('27.30');
      await page.emulateMedia({ media: 'print' });
      await e2e.shot(page, 'month-10-bill-print');
      await page.emulateMedia({ media: 'screen' });
    });

    it("receives a partial payment from the customer's page, with the customer already chosen", async () => {
      await page.goto(`/#/customers/${customerIds[NEW_CUSTOMER.name]}`);
      await shows(page.getByTestId('customer-balance'), '27.30 owed');
      await page.getByRole('region', { name: 'Customer details' }).getByRole('link', { name: 'Receive payment' }).click();
      await page.waitForURL(/#\/customers\/payment$/);
      await visible(page.getByTestId('customer-balance').getByText('Owes 27.30'));
      expect(await page.getByRole('combobox', { name: /^Customer/ }).inputValue()).toContain(NEW_CUSTOMER.name);
      // The amount has the focus: the cashier types at once.
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('inputmode')), { timeout: 15_000 }).toBe('decimal');
      await page.keyboard.type('10');
      const inputs = page.getByRole('table', { name: 'Open bills' }).getByRole('textbox', { name: /^Amount put on bill/ });
      await expect.poll(() => inputs.nth(0).inputValue(), { timeout: 15_000 }).toBe('10.00');
      await visible(page.getByTestId('balance-after').getByText('Owes 17.30'));
      await e2e.shot(page, 'month-11-receive-payment');
      await page.getByRole('button', { name: 'Receive payment' }).click();
      await page.waitForURL(/#\/customers\/payments\/\d+$/);
      expect(await page.getByTestId('receipt-customer').innerText()).toBe(NEW_CUSTOMER.name);
      expect(await page.getByTestId('receipt-amount').innerText()).toBe('$10.00');
      expect(await page.getByTestId('receipt-balance-after').innerText()).toBe('Owes 17.30');
      await e2e.shot(page, 'month-12-receipt');
    });

    it('receives the mobile money statement of the neighbours as a CSV batch', async () => {
      const day = clock.today();
      const csv = [
        'Transaction ID,MSISDN,Amount,Transaction Date',
        `EV-7001,252615700001,50.00,${day} 08:15:00`, // Faadumo: her three old bills, then 5.90 of this month's
        `EV-7002,+252615700002,20.00,${day} 09:30:00`, // Cumar: the oldest bill and part of the next
      ].join('\n');
      await page.goto('/#/customers/batch-receive');
      await page.getByRole('tab', { name: 'Upload statement (CSV)' }).click();
      await page.locator('input[type="file"]').setInputFiles({ name: 'evc-month.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByRole('button', { name: 'Match rows' }).click();
      await visible(page.getByText('2 matched, 0 unmatched, 0 duplicates, 0 invalid'));
      const results = page.getByRole('table', { name: 'Rows and their customers' });
      await visible(results.getByTestId('batch-row-0').getByText(NEIGHBOURS[0].name));
      await visible(results.getByTestId('batch-row-1').getByText(NEIGHBOURS[1].name));
      expect(await page.getByTestId('batch-to-save').innerText()).toBe('2 payments, total 70.00, will be saved.');
      await e2e.shot(page, 'month-13-batch-matched');
      await page.getByRole('button', { name: 'Save all' }).click();
      await visible(page.getByRole('alert').filter({ hasText: /^Batch #\d+ saved: 2 payments, total 70\.00\./ }));
      await e2e.shot(page, 'month-14-batch-saved');
    });

    it("shows the customer's balance, the ageing and the zone summary agreeing with the receivable account", async () => {
      // Faadumo 44.10 + 90.30 - 50.00 = 84.40; Cumar 44.10 - 20.00 = 24.10; Xaliimo 27.30 - 10.00 = 17.30.
      expect(await receivableInLedger(page)).toBe('125.80');
      await page.goto(`/#/customers/${customerIds[NEIGHBOURS[0].name]}`);
      await shows(page.getByTestId('customer-balance'), '84.40 owed');
      await e2e.shot(page, 'month-15-customer-balance');

      await page.goto(`/#/reports/trail-balance?startDate=${PERIOD.slice(0, 4)}-01-01&endDate=${MONTH_END}`);
      const receivable = page.getByRole('row').filter({ has: page.getByRole('cell', { name: '1100', exact: true }) });
      await shows(receivable.getByRole('cell').nth(6), '125.80');
      await e2e.shot(page, 'month-16-trial-balance');

      await page.goto(`/#/Sales-reports/customer-aging?date=${MONTH_END}`);
      await shows(page.getByTestId('aging-total-total'), '125.80');
      for (const [name, total] of [
        [NEIGHBOURS[0].name, '84.40'],
        [NEIGHBOURS[1].name, '24.10'],
        [NEW_CUSTOMER.name, '17.30'],
      ]) {
        const row = page.getByTestId(`aging-row-${customerIds[name]}`);
        expect(await row.getByRole('cell').last().innerText()).toBe(total);
      }
      // Cumar's September rest is 31-60 days past due, his October bill 1-30; the rest is this month's.
      expect(await page.getByTestId('aging-total-current').innerText()).toBe('101.70');
      expect(await page.getByTestId('aging-total-d1_30').innerText()).toBe('14.70');
      expect(await page.getByTestId('aging-total-d31_60').innerText()).toBe('9.40');
      await visible(page.getByTestId('aging-receivable').getByText('The customers add up to the receivable account.', { exact: false }));
      expect(await page.getByTestId('aging-receivable').innerText()).toContain('125.80');
      await e2e.shot(page, 'month-17-ageing');

      await page.goto(`/#/Sales-reports/zone-summary?period=${PERIOD}`);
      await shows(page.getByTestId('zones-total-outstanding'), '125.80');
      expect(await page.getByTestId(`zone-row-${zoneId}`).getByRole('cell').last().innerText()).toBe('125.80');
      await visible(page.getByTestId('zones-receivable').getByText('The customers add up to the receivable account.', { exact: false }));
      await e2e.shot(page, 'month-18-zone-summary');
    });

    it('sends the bill SMS through the local gateway and sees them sent in the SMS report', async () => {
      await page.goto('/#/sms/settings');
      await page.getByRole('tab', { name: 'Gateway' }).click();
      await choose(page, 'Sending', 'HTTP gateway');
      await page.getByLabel(/^Gateway address/).fill(`${gateway.url}/v1/messages`);
      await page.getByLabel('Auth header name').fill('X-Api-Key');
      await page.getByLabel('Auth secret').fill(API_KEY);
      await page.getByLabel('Body template').fill('{"to":"{to}","text":"{message}","from":"{sender}"}');
      await page.getByLabel('Sender id').fill('Waaberi');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await visible(page.getByText('SMS settings saved.'));

      await page.goto('/#/customers/bill-sms');
      await choose(page, /^Bill run/, new RegExp(`^${PERIOD} · ${ZONE} · bills: 2, messaged: 0`));
      await page.getByRole('button', { name: 'Preview' }).click();
      const preview = page.getByRole('region', { name: 'Preview' });
      await visible(preview.getByText('2 messages for the 2 bills found.'));
      await visible(preview.getByRole('row', { name: new RegExp(`${NEIGHBOURS[0].name}.*150 units, 90\\.30 USD\\. Balance 84\\.40 USD`) }));
      await e2e.shot(page, 'month-19-bill-sms-preview');
      await page.getByRole('button', { name: 'Send 2 SMS' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Send 2 SMS' }).click();
      await visible(page.getByRole('alert').filter({ hasText: '2 bill messages are queued and being sent.' }));
      await page.getByRole('link', { name: 'Open the SMS report' }).click();
      await page.waitForURL(/#\/sms\/sms-report\?batchId=\d+/);
      await visible(page.getByRole('button', { name: 'Sent (2)' }));
      await visible(page.getByRole('row', { name: new RegExp(`${NEIGHBOURS[0].name}.*\\+252615700001.*Bill.*Sent`) }));
      await visible(page.getByRole('row', { name: new RegExp(`${NEW_CUSTOMER.name}.*\\+252615700003.*Bill.*Sent`) }));
      await e2e.shot(page, 'month-20-sms-report');

      // The gateway has them, with the key, saying what the customers see on their bills and balances.
      const texts = Object.fromEntries(gateway.received.map((r) => [r.body.to, r.body.text]));
      expect(gateway.received.every((r) => r.headers['x-api-key'] === API_KEY && r.url === '/v1/messages')).toBe(true);
      expect(Object.keys(texts).sort()).toEqual(['+252615700001', '+252615700003']);
      expect(texts['+252615700001']).toMatch(
        new RegExp(
          `^Dear ${NEIGHBOURS[0].name} \\(C-\\d+\\), your .+ bill: 150 units, 90\\.30 USD\\. Balance 84\\.40 USD, due .+\\. Pay via .+\\. ${demo.name}$`,
        ),
      );
      expect(texts['+252615700003']).toMatch(
        new RegExp(`^Dear ${NEW_CUSTOMER.name} \\(C-\\d+\\), your .+ bill: 50 units, 27\\.30 USD\\. Balance 17\\.30 USD, `),
      );
    });
  });

  describe('in Somali', () => {
    it('adds another customer and house, and gives him Somali for his SMS', async () => {
      await page.goto('/#/customers');
      await switchLanguage(page, 'Language', /^SO · Soomaali$/);
      await page.getByRole('button', { name: 'Ku dar macmiil' }).click();
      const dialog = page.getByRole('dialog', { name: 'Macmiil cusub' });
      await dialog.getByLabel(/^Magaca/).fill(SOMALI_CUSTOMER.name);
      await dialog.getByLabel(/^Taleefanka/).fill(SOMALI_CUSTOMER.phone);
      await dialog.getByRole('button', { name: 'Kaydi' }).click();
      await page.waitForURL(/#\/customers\/\d+$/);
      customerIds[SOMALI_CUSTOMER.name] = Number(/(\d+)$/.exec(page.url())?.[1]);
      await page.getByRole('button', { name: 'Ku dar guri' }).click();
      const house = page.getByRole('dialog', { name: 'Guri iyo mitir cusub' });
      await choose(page, /^Aagga/, ZONE);
      await house.getByLabel(/^Lambarka guriga/).fill(SOMALI_CUSTOMER.houseNo);
      await house.getByLabel(/^Lambarka mitirka/).fill(SOMALI_CUSTOMER.meter);
      await house.getByLabel(/^Akhriska rakibidda/).fill('200');
      await house.getByRole('button', { name: 'Kaydi' }).click();
      await house.waitFor({ state: 'hidden' });
      await visible(page.getByRole('row').filter({ hasText: SOMALI_CUSTOMER.meter }).getByText('Ku xiran', { exact: true }));
      await e2e.shot(page, 'month-21-customer-somali');

      await page.goto('/#/sms/settings');
      await page.getByRole('tab', { name: 'Luqadaha macaamiisha' }).click();
      const form = page.getByRole('form', { name: 'Dooro luqadda' });
      await form.getByRole('combobox', { name: /^Macmiil/ }).fill('Cabdiraxmaan');
      await page.getByRole('option', { name: new RegExp(SOMALI_CUSTOMER.name) }).click();
      await choose(page, 'Luqadda', 'Soomaali', form);
      await form.getByRole('button', { name: 'Kaydi', exact: true }).click();
      await visible(page.getByRole('row', { name: new RegExp(`${SOMALI_CUSTOMER.name}.*Soomaali`) }));
    });

    it('reads the late houses on the sheet: the spike is refused in Somali until confirmed', async () => {
      await page.goto(`/#/customers/readings?period=${PERIOD}&zoneId=${zoneId}`);
      await visible(page.getByTestId('sheet-summary').filter({ hasText: '2 horay loo akhriyay, 0 la qoray, 2 weli la akhrin, 4 guri dhexdood' }));
      // Cumar: 120 units against his average of 30. Cabdiraxmaan: 30 units.
      await page.getByLabel('Akhriska hadda ee guriga WB-2').fill('1210');
      await page.getByLabel('Akhriska hadda ee guriga WB-4').fill('230');
      await visible(sheetRow(page, 'WB-2').getByText('Kor u kac weyn', { exact: true }));
      await page.getByRole('button', { name: 'Kaydi akhrisyada' }).click();
      const refusal = sheetRow(page, 'WB-2').getByTestId(/^row-error-/);
      await shows(refusal, 'Isticmaalku wuxuu ka badan yahay saddex jeer celceliska gurigan oo ah 30. Hubi akhriska, kadibna xaqiiji.');
      await e2e.shot(page, 'month-22-spike-somali');
      await sheetRow(page, 'WB-2').getByLabel('Xaqiiji akhriska guriga WB-2').check();
      await page.getByRole('button', { name: 'Kaydi akhrisyada' }).click();
      await visible(page.getByText('2 akhris ayaa la kaydiyay.'));
      await visible(page.getByTestId('sheet-summary').filter({ hasText: '4 horay loo akhriyay, 0 la qoray, 0 weli la akhrin, 4 guri dhexdood' }));
    });

    it('runs the month again for the late houses, then opens and prints a bill', async () => {
      await page.goto(`/#/customers/batch-bill?period=${PERIOD}&zoneId=${zoneId}`);
      await page.getByRole('button', { name: 'Eeg horudhac' }).click();
      // Cumar 120 units: 2.00 + 3.00 + 9.00 + 54.00 = 68.00, tax 3.40, 71.40; Cabdiraxmaan 30 units: 14.70.
      await visible(page.getByTestId('preview-totals').filter({ hasText: /^2 ka mid ah 4 guri ayaa la biilay · wadarta .*86\.10/ }));
      const exceptions = page.getByRole('region', { name: 'Aan la biilin (2)' });
      await visible(exceptions.getByText('Horay ayaa loo biilay muddada · 2'));
      await e2e.shot(page, 'month-23-run-preview-somali');
      await page.getByRole('button', { name: 'Kaydi biil-samaynta' }).click();
      const dialog = page.getByRole('dialog', { name: 'Ma kaydinaysaa biil-samaynta?' });
      await dialog.getByRole('button', { name: 'Kaydi biil-samaynta' }).click();
      const job = page.getByTestId('run-job');
      await visible(job.getByText(/^Waa dhammaatay: 2 biil, wadarta .*86\.10\.$/));
      await e2e.shot(page, 'month-24-run-saved-somali');

      await job.getByRole('link', { name: 'Fur biilasha' }).click();
      await page.waitForURL(/#\/customers\/bills\?period=/);
      await page.getByRole('row').filter({ hasText: SOMALI_CUSTOMER.name }).first().click();
      await page.waitForURL(/#\/customers\/bills\/\d+$/);
      expect(await page.getByTestId('bill-amount-due').innerText()).toBe('14.70');
      await page.getByRole('link', { name: 'Daabac' }).click();
      await page.waitForURL(/#\/customers\/bills\/\d+\/print$/);
      await visible(page.getByTestId('bill-sheet').getByText('Biilka korontada'));
      expect(await page.getByTestId('print-customer').innerText()).toBe(SOMALI_CUSTOMER.name);
      await e2e.shot(page, 'month-25-bill-print-somali');
    });

    it("receives a partial payment from the customer's page", async () => {
      await page.goto(`/#/customers/${customerIds[SOMALI_CUSTOMER.name]}`);
      await shows(page.getByTestId('customer-balance'), '14.70 lagu leeyahay');
      await page.getByRole('region', { name: 'Xogta macmiilka' }).getByRole('link', { name: 'Qabo lacag-bixin' }).click();
      await page.waitForURL(/#\/customers\/payment$/);
      await visible(page.getByTestId('customer-balance').getByText('Deyn 14.70'));
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('inputmode')), { timeout: 15_000 }).toBe('decimal');
      await page.keyboard.type('5');
      await visible(page.getByTestId('balance-after').getByText('Deyn 9.70'));
      await e2e.shot(page, 'month-26-receive-payment-somali');
      await page.getByRole('button', { name: 'Qabo lacag-bixinta' }).click();
      await page.waitForURL(/#\/customers\/payments\/\d+$/);
      expect(await page.getByTestId('receipt-balance-after').innerText()).toBe('Deyn 9.70');
      expect(await page.getByTestId('receipt-words').innerText()).toBe('Shan doollar oo keliya');
    });

    it('shows the balance, the ageing and the zone summary agreeing with the receivable account again', async () => {
      // 125.80 + 86.10 billed - 5.00 paid.
      expect(await receivableInLedger(page)).toBe('206.90');
      await page.goto(`/#/customers/${customerIds[SOMALI_CUSTOMER.name]}`);
      await shows(page.getByTestId('customer-balance'), '9.70 lagu leeyahay');

      await page.goto(`/#/reports/trail-balance?startDate=${PERIOD.slice(0, 4)}-01-01&endDate=${MONTH_END}`);
      const receivable = page.getByRole('row').filter({ has: page.getByRole('cell', { name: '1100', exact: true }) });
      await shows(receivable.getByRole('cell').nth(6), '206.90');

      await page.goto(`/#/Sales-reports/customer-aging?date=${MONTH_END}`);
      await visible(page.getByRole('heading', { name: "Da'da deymaha macaamiisha" }).first());
      await shows(page.getByTestId('aging-total-total'), '206.90');
      expect(await page.getByTestId(`aging-row-${customerIds[SOMALI_CUSTOMER.name]}`).getByRole('cell').last().innerText()).toBe('9.70');
      expect(await page.getByTestId(`aging-row-${customerIds[NEIGHBOURS[1].name]}`).getByRole('cell').last().innerText()).toBe('95.50');
      await visible(page.getByTestId('aging-receivable').getByText('Macaamiishu waxay la mid yihiin xisaabta deymaha.', { exact: false }));
      await e2e.shot(page, 'month-27-ageing-somali');

      await page.goto(`/#/Sales-reports/zone-summary?period=${PERIOD}`);
      await shows(page.getByTestId('zones-total-outstanding'), '206.90');
      await visible(page.getByTestId('zones-receivable').getByText('Macaamiishu waxay la mid yihiin xisaabta deymaha.', { exact: false }));
      await e2e.shot(page, 'month-28-zone-summary-somali');
    });

    it("sends the second run's bill SMS, one of them in Somali, and the gateway receives them", async () => {
      await page.goto('/#/customers/bill-sms');
      await visible(page.getByRole('heading', { name: 'SMS-ka biilka' }));
      await choose(page, /^Wareegga biilka/, new RegExp(`^${PERIOD} · ${ZONE} · biilal: 2, fariin loo diray: 0`));
      await page.getByRole('button', { name: 'Eeg horta' }).click();
      await visible(page.getByText('2 fariimood oo loogu talagalay 2 biil ee la helay.'));
      await e2e.shot(page, 'month-29-bill-sms-somali');
      await page.getByRole('button', { name: 'Dir 2 SMS' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Dir 2 SMS' }).click();
      await visible(page.getByRole('alert').filter({ hasText: '2 fariimood oo biil ah ayaa safka la geliyay oo la dirayaa.' }));
      await page.getByRole('link', { name: 'Fur warbixinta SMS-ka' }).click();
      await page.waitForURL(/#\/sms\/sms-report\?batchId=\d+/);
      await visible(page.getByRole('button', { name: 'La diray (2)' }));
      await visible(page.getByRole('row', { name: new RegExp(`${SOMALI_CUSTOMER.name}.*Biil.*La diray`) }));
      await e2e.shot(page, 'month-30-sms-report-somali');

      const texts = Object.fromEntries(gateway.received.map((r) => [r.body.to, r.body.text]));
      expect(Object.keys(texts).sort()).toEqual(['+252615700001', '+252615700002', '+252615700003', '+252615700004']);
      expect(texts['+252615700004']).toMatch(
        new RegExp(`^Macmiil ${SOMALI_CUSTOMER.name} \\(C-\\d+\\), biilka .+: 30 unug, 14\\.70 USD\\. Haraaga 9\\.70 USD, bixi ka hor `),
      );
      expect(texts['+252615700002']).toMatch(
        new RegExp(`^Dear ${NEIGHBOURS[1].name} \\(C-\\d+\\), your .+ bill: 120 units, 71\\.40 USD\\. Balance 95\\.50 USD, `),
      );

      await switchLanguage(page, 'Luqadda', /^EN · English$/);
      await visible(page.getByRole('heading', { name: 'SMS report' }));
      expect(e2e.pageErrors).toEqual([]);
    });
  });
});
