// Journey: a month's billing of a zone. Through the API the administrator prepares a zone with its own
// tariff, four customers with houses and meters and three months of readings (so each house has an
// average). Then, in the browser: the reading sheet of the zone for this month, typed with the keyboard
// only (Enter goes to the next house); a spike is refused by the server until its row is confirmed; one
// house is left unread. The bill run preview lists that house among the exceptions and explains a bill
// line by line; saving runs as a background job with a progress bar; the bills open with their
// breakdown, print on an A4 sheet, and the zone's PDF downloads with one page per bill. The ungenerated
// bill report names the unread house. A meter reader without the batch-bill privilege may read but not
// bill. The screens once more in Somali.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pdfPageCount, pdfText } from '../../server/src/modules/document-print/pdf-inspect-test-kit.ts';
import { browserAvailable, clock, demo, type E2E, signInAs, startE2E, visible } from './harness.ts';

const run = browserAvailable();
const reader = { username: 'reader1', password: 'Reader@2026', fullname: 'Cabdi Reader' };

const monthBefore = clock.monthBefore;
const PERIOD = monthBefore(0);

/** The signed-in page's own API call (bearer token from its storage). */
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

interface Prepared {
  zoneId: number;
  houses: Record<string, { id: number; houseNo: string; meterNumber: string }>;
}

/** A zone with its tariff, four customers with houses, and three months of readings of about 100 units. */
async function prepareZone(page: Page): Promise<Prepared> {
  const company = await apiCall<Record<string, string | null>>(page, 'GET', '/elc/settings/company');
  await apiCall<unknown>(page, 'PUT', '/elc/settings/company', {
    name: company.name,
    address: company.address ?? 'Mogadishu',
    phone: company.phone ?? '0615000000',
    email: company.email,
    website: company.website,
    currency: company.currency,
    contactPhone: company.contactPhone,
    billingCode: 'DU-BILLS',
    shortCode: '*789#',
  });
  const branches = await apiCall<{ data: Array<{ id: number }> }>(page, 'GET', '/elc/branches?_limit=10');
  const zone = await apiCall<{ id: number }>(page, 'POST', '/elc/zones', { name: 'Wadajir Journey', branchId: branches.data[0].id });
  await apiCall<unknown>(page, 'POST', '/elc/prices', {
    name: 'Wadajir residential',
    customerClass: 'residential',
    zoneId: zone.id,
    effectiveFrom: `${monthBefore(6)}-01`,
    serviceCharge: '3',
    taxPercent: '5',
    blocks: [
      { from: '0', to: '50', rate: '0.4' },
      { from: '50', to: null, rate: '0.6' },
    ],
  });
  const houses: Prepared['houses'] = {};
  for (const [i, name] of ['Ayaan Cali', 'Bashiir Nuur', 'Cawo Xasan', 'Deeqa Maxamed'].entries()) {
    const customer = await apiCall<{ id: number }>(page, 'POST', '/elc/customers', { name, phone: `061500010${i}`, customerClass: 'residential' });
    const house = await apiCall<{ id: number; meterNumber: string }>(page, 'POST', '/elc/houses', {
      customerId: customer.id,
      zoneId: zone.id,
      houseNo: `W-${i + 1}`,
      meterNumber: `WJ-${Date.now().toString(36)}-${i}`,
      meterDigits: 5,
      installationReading: '1000',
      installationDate: `${monthBefore(5)}-01`,
    });
    houses[name] = { id: house.id, houseNo: `W-${i + 1}`, meterNumber: house.meterNumber };
  }
  // Three months of about 100 units a month: each house's average is 100.
  const rows = [3, 2, 1].flatMap((back, k) =>
    Object.values(houses).map((h) => ({
      houseId: h.id,
      period: monthBefore(back),
      readingDate: `${monthBefore(back)}-20`,
      type: 'regular',
      currentReading: String(1100 + k * 100),
    })),
  );
  await apiCall<unknown>(page, 'POST', '/elc/reads/batch', { rows });
  return { zoneId: zone.id, houses };
}

describe.skipIf(!run)('a month of billing: readings, the bill run, bills, print and the zone PDF', () => {
  let e2e: E2E;
  let page: Page;
  let prepared: Prepared;
  const downloads = mkdtempSync(join(tmpdir(), 'ubo-bills-'));

  beforeAll(async () => {
    e2e = await startE2E({
      prepare: (p) => p.addStaff({ code: demo.code, ...reader, role: 'Meter reader', privileges: ['dashboard', 'meter-reading', 'list-zone'] }),
    });
    page = await e2e.newPage(await e2e.newContext());
  });
  afterEach((ctx) => e2e?.afterEachTest(ctx));
  afterAll(async () => {
    await e2e?.close();
    rmSync(downloads, { recursive: true, force: true });
  });

  it('prepares a zone, its tariff, customers, houses and three months of readings', async () => {
    await signInAs(page, demo.admin);
    prepared = await prepareZone(page);
    expect(Object.keys(prepared.houses)).toHaveLength(4);
  });

  it('enters one reading by the form, then the month on the sheet with the keyboard; flags are refused until confirmed', async () => {
    // The menu entries show once the lead marks them ready; the screens are opened by their routes.
    await page.goto('/#/customers/readings');
    await visible(page.getByText('Choose the period and the zone to read.'));
    await page.getByRole('combobox', { name: /^Zone/ }).click();
    await page.getByRole('option', { name: 'Wadajir Journey' }).click();
    await visible(page.getByRole('heading', { name: /^Reading sheet · Wadajir Journey/ }));
    await visible(page.getByTestId('sheet-summary').filter({ hasText: '0 read before, 0 typed, 4 still to read, of 4 houses' }));

    // One reading through the form first: a zero consumption is refused on its field until confirmed.
    await page.getByRole('tab', { name: 'One reading' }).click();
    const form = page.getByRole('form', { name: 'Enter one reading' });
    await form.getByRole('combobox', { name: /^House/ }).fill('Deeqa');
    await page.getByRole('option', { name: /^W-4 · Deeqa Maxamed/ }).click();
    await visible(form.getByText(/^Previous reading 1300 on /));
    await form.getByLabel(/^Current reading/).fill('1300');
    await visible(form.getByTestId('single-check').getByText('Zero consumption'));
    await form.getByRole('button', { name: 'Save reading' }).click();
    await visible(form.getByText('Consumption is zero. Check the meter, then confirm the reading.'));
    await e2e.shot(page, 'billing-run-00-single-refused');
    await form.getByLabel(/^Current reading/).fill('1388');
    await form.getByRole('button', { name: 'Save reading' }).click();
    await visible(page.getByText('Reading saved for house W-4: 88 units.'));

    await page.getByRole('tab', { name: 'Reading sheet' }).click();
    await visible(page.getByTestId('sheet-summary').filter({ hasText: '1 read before, 0 typed, 3 still to read, of 4 houses' }));
    // The cursor starts on the first house; Enter goes to the next one still to read.
    const first = page.getByLabel('Current reading of house W-1');
    await expect.poll(() => first.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('1395');
    await page.keyboard.press('Enter');
    await page.keyboard.type('1900'); // Bashiir: 600 units against an average of 100
    await page.keyboard.press('Enter'); // Cawo is not read this month; Deeqa is read already
    await expect.poll(() => page.getByLabel('Current reading of house W-3').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByLabel('Current reading of house W-3').evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => page.getByTestId(`consumption-${prepared.houses['Ayaan Cali'].id}`).innerText()).toBe('95');
    expect(await page.getByTestId(`consumption-${prepared.houses['Bashiir Nuur'].id}`).innerText()).toBe('600');
    expect(await page.getByTestId(`consumption-${prepared.houses['Deeqa Maxamed'].id}`).innerText()).toBe('88');
    const spikeRow = page.locator(`tr[data-house="${prepared.houses['Bashiir Nuur'].id}"]`);
    await visible(spikeRow.getByText('Spike', { exact: true }));
    await visible(page.getByTestId('needs-confirmation').filter({ hasText: '1 flagged reading needs your confirmation' }));
    await e2e.shot(page, 'billing-run-01-sheet-typed');

    // Saved without the tick: the server refuses the batch and says why on the spike's row.
    await page.getByRole('button', { name: 'Save readings' }).click();
    await visible(page.getByTestId(`row-error-${prepared.houses['Bashiir Nuur'].id}`));
    expect(await page.getByTestId(`row-error-${prepared.houses['Bashiir Nuur'].id}`).innerText()).toBe(
      "Consumption is more than three times this house's average of 100. Check the reading, then confirm it.",
    );
    await visible(page.getByTestId('batch-refused'));
    await e2e.shot(page, 'billing-run-02-spike-refused');

    await spikeRow.getByLabel('Confirm the reading of house W-2').check();
    await page.getByRole('button', { name: 'Save readings' }).click();
    await visible(page.getByText('2 readings saved.'));
    await visible(page.getByTestId('sheet-summary').filter({ hasText: '3 read before, 0 typed, 1 still to read, of 4 houses' }));
    await visible(spikeRow.getByText('Saved', { exact: true }));
    await e2e.shot(page, 'billing-run-03-sheet-saved');
  });

  it('previews the run: three bills explained line by line, the unread house among the exceptions', async () => {
    await page.goto('/#/customers/batch-bill');
    await page.getByRole('combobox', { name: /^Zone/ }).click();
    await page.getByRole('option', { name: 'Wadajir Journey' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Save the run' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Preview' }).click();
    await visible(page.getByTestId('preview-totals').filter({ hasText: /^3 of 4 houses billed · total / }));

    const exceptions = page.getByRole('region', { name: 'Not billed (1)' });
    const cawo = exceptions.getByTestId(`exception-${prepared.houses['Cawo Xasan'].id}`);
    await visible(cawo);
    expect(await cawo.innerText()).toContain('Cawo Xasan');
    expect(await cawo.innerText()).toContain('No reading for the period');

    // Ayaan: 95 units = 3.00 + 50 x 0.40 + 45 x 0.60 = 50.00, tax 5% = 2.50, 52.50.
    await page.getByRole('button', { name: 'Explain the bill of Ayaan Cali' }).click();
    const breakdown = page.getByRole('table', { name: 'Hide the breakdown of Ayaan Cali' });
    await visible(breakdown);
    for (const text of ['Service charge', 'Block 1: 0 – 50 units', 'Block 2: above 50 units', 'Tax (5%)'])
      await visible(breakdown.getByText(text, { exact: true }));
    expect(await breakdown.getByTestId('breakdown-total').innerText()).toBe('52.50');
    await e2e.shot(page, 'billing-run-04-preview');
  });

  it('saves the run as a background job with a progress bar, then opens its bills', async () => {
    await page.getByRole('button', { name: 'Save the run' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save the bill run?' });
    await visible(dialog.getByText(/This writes 3 bills for/));
    await dialog.getByRole('button', { name: 'Save the run' }).click();
    const job = page.getByTestId('run-job');
    await visible(job);
    await visible(job.getByRole('progressbar', { name: 'Progress of the bill run' }));
    await visible(job.getByText(/^Done: 3 bills, total /));
    expect(await job.getAttribute('data-status')).toBe('done');
    await e2e.shot(page, 'billing-run-05-job-done');
    await visible(page.getByRole('row').filter({ hasText: 'Wadajir Journey' }).getByText('Posted'));

    await job.getByRole('link', { name: 'Open the bills' }).click();
    await page.waitForURL(/#\/customers\/bills\?period=/);
    const rows = page.getByRole('row').filter({ hasText: 'Wadajir Journey' });
    await expect.poll(() => rows.count()).toBe(3);
    await e2e.shot(page, 'billing-run-06-bills');
  });

  it('shows a bill in full and prints it on an A4 sheet', async () => {
    await page.getByRole('row').filter({ hasText: 'Ayaan Cali' }).first().click();
    await page.waitForURL(/#\/customers\/bills\/\d+$/);
    await visible(page.getByRole('heading', { name: /^Bill B-/ }));
    expect(await page.getByTestId('bill-amount-due').innerText()).toBe('52.50');
    await visible(page.getByRole('table', { name: 'Breakdown' }).getByText('Block 2: above 50 units'));
    await e2e.shot(page, 'billing-run-07-bill');

    await page.getByRole('link', { name: 'Print' }).click();
    await page.waitForURL(/#\/customers\/bills\/\d+\/print$/);
    const sheet = page.getByTestId('bill-sheet');
    await visible(sheet);
    expect(await page.getByTestId('print-company').innerText()).toBe(demo.name);
    expect(await page.getByTestId('print-customer').innerText()).toBe('Ayaan Cali');
    expect(await page.getByTestId('print-amount-due').innerText()).toContain('52.50');
    expect(await page.getByTestId('print-how-to-pay').innerText()).toMatch(
      /^Dial \*789# on your phone and pay with your customer number \S+ as the reference\.$/,
    );
    await e2e.shot(page, 'billing-run-08-print-screen');
    await page.emulateMedia({ media: 'print' });
    await e2e.shot(page, 'billing-run-09-print-a4');
    await page.emulateMedia({ media: 'screen' });
  });

  it('downloads the zone PDF: one page per bill, the customers on it', async () => {
    await page.goto(`/#/customers/bills?period=${PERIOD}&zoneId=${prepared.zoneId}`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Zone PDF' }).click()]);
    expect(download.suggestedFilename()).toBe(`bills-${PERIOD}-Wadajir Journey.pdf`);
    const file = join(downloads, 'zone.pdf');
    await download.saveAs(file);
    const pdf = readFileSync(file);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfPageCount(pdf)).toBe(3);
    const text = pdfText(pdf);
    for (const name of ['Ayaan Cali', 'Bashiir Nuur', 'Deeqa Maxamed', demo.name, 'Dial *789#']) expect(text).toContain(name);
    expect(text).not.toContain('Cawo Xasan');
  });

  it('lists the unread house in the ungenerated bill report', async () => {
    await page.goto(`/#/Sales-reports/ungenerated-bill-report?period=${PERIOD}&zoneId=${prepared.zoneId}`);
    const row = page.getByRole('row').filter({ hasText: 'Cawo Xasan' });
    await visible(row.getByText('No reading for the period'));
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Ayaan Cali' }).count()).toBe(0);
    await e2e.shot(page, 'billing-run-10-ungenerated');
  });

  it('refuses to cancel a run once a payment is allocated, with the server message', async () => {
    const accounts = await apiCall<{ data: Array<{ id: number; code: string }> }>(page, 'GET', '/finance/accounts?_limit=1000');
    const cash = accounts.data.find((a) => a.code === '1010');
    const bills = await apiCall<{ data: Array<{ customerId: number; customerName: string }> }>(
      page,
      'GET',
      `/bills?period=${PERIOD}&zoneId=${prepared.zoneId}`,
    );
    const ayaan = bills.data.find((b) => b.customerName === 'Ayaan Cali');
    const today = clock.today();
    await apiCall<unknown>(page, 'POST', '/finance/payments', {
      customerId: ayaan?.customerId,
      amount: '20.00',
      date: today,
      accountId: cash?.id,
      method: 'cash',
    });

    await page.goto(`/#/customers/batch-bill?period=${PERIOD}&zoneId=${prepared.zoneId}`);
    const run = page.getByRole('row').filter({ hasText: 'Wadajir Journey' });
    await run.getByRole('button', { name: 'Cancel run' }).click();
    const dialog = page.getByRole('dialog', { name: /^Cancel run \d+\?$/ });
    await dialog.getByRole('button', { name: 'Cancel run' }).click();
    await visible(page.getByText('A payment is already allocated to a bill of this run; it cannot be cancelled.'));
    await e2e.shot(page, 'billing-run-11-cancel-refused');
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await visible(run.getByText('Posted'));
  });

  it('imports a late reading from a CSV file: checked first, errors per row, then only the valid rows saved', async () => {
    await page.goto(`/#/customers/readings?period=${PERIOD}&zoneId=${prepared.zoneId}&tab=import`);
    const date = clock.today(); // a day of PERIOD, this month
    const csv = `meterNumber,period,reading,date\n${prepared.houses['Cawo Xasan'].meterNumber},${PERIOD},1392,${date}\nNO-SUCH-METER,${PERIOD},10,${date}\n`;
    await page.getByLabel('CSV file').setInputFiles({ name: 'late-readings.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await visible(page.getByTestId('import-file-name').filter({ hasText: 'late-readings.csv' }));
    await page.getByRole('button', { name: 'Check file' }).click();
    await visible(page.getByRole('status').filter({ hasText: '2 rows: 1 valid, 1 with errors.' }));
    await visible(page.locator('tr[data-line="3"]').getByText('meter number: No meter has this number.'));
    await e2e.shot(page, 'billing-run-12-import-checked');
    await page.getByRole('button', { name: 'Import 1 valid row' }).click();
    await visible(page.getByText('1 reading imported.'));
    await visible(page.locator('tr[data-line="2"]').getByText('Imported', { exact: true }));

    await page.getByRole('tab', { name: 'Pending readings' }).click();
    await visible(page.getByRole('row').filter({ hasText: 'Cawo Xasan' }).getByText('1392'));
    await e2e.shot(page, 'billing-run-13-pending');
  });

  it('lets a meter reader read but not bill', async () => {
    const other = await e2e.newPage(await e2e.newContext());
    await signInAs(other, reader);
    await other.goto(`/#/customers/readings?period=${PERIOD}&zoneId=${prepared.zoneId}`);
    await visible(other.getByTestId('sheet-summary').filter({ hasText: '4 read before, 0 typed, 0 still to read, of 4 houses' }));
    await other.goto('/#/customers/batch-bill');
    await other.waitForURL(/#\/error\/403$/);
    await e2e.shot(other, 'billing-run-14-reader-403');
    await other.close();
  });

  it('shows the sheet, the run and the printed bill in Somali', async () => {
    await page.goto(`/#/customers/readings?period=${PERIOD}&zoneId=${prepared.zoneId}`);
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'SO · Soomaali' }).click()]);
    await visible(page.getByRole('heading', { name: /^Xaashida akhriska · Wadajir Journey/ }));
    await visible(page.getByTestId('sheet-summary').filter({ hasText: '4 horay loo akhriyay' }));
    await e2e.shot(page, 'billing-run-15-sheet-somali');

    await page.goto(`/#/customers/batch-bill?period=${PERIOD}&zoneId=${prepared.zoneId}`);
    await page.getByRole('button', { name: 'Eeg horudhac' }).click();
    // Three houses are billed already; the late reading makes the fourth billable.
    await visible(page.getByTestId('preview-totals').filter({ hasText: /^1 ka mid ah 4 guri ayaa la biilay/ }));
    await visible(page.getByText('Horay ayaa loo biilay muddada · 3'));
    await e2e.shot(page, 'billing-run-16-preview-somali');

    await page.goto(`/#/customers/bills?period=${PERIOD}&zoneId=${prepared.zoneId}`);
    await page.getByRole('row').filter({ hasText: 'Bashiir Nuur' }).getByRole('button', { name: 'Daabac' }).click();
    await page.waitForURL(/#\/customers\/bills\/\d+\/print$/);
    await visible(page.getByTestId('bill-sheet').getByText('Biilka korontada'));
    expect(await page.getByTestId('print-how-to-pay').innerText()).toMatch(/^Taleefankaaga ka garaac \*789#/);
    await e2e.shot(page, 'billing-run-17-print-somali');

    await page.getByRole('banner').getByRole('combobox', { name: 'Luqadda' }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'EN · English' }).click()]);
    await visible(page.getByTestId('bill-sheet').getByText('Electricity bill'));
    expect(e2e.pageErrors).toEqual([]);
  });

  it('cancels a run as a background job: the progress, then the result, and the run shows Cancelled', async () => {
    // The late reading's house, billed by a run of its own (the first run has a payment and stays).
    const saved = await apiCall<{ runId: number; billCount: number }>(page, 'POST', '/bills/saveCustomersBill', {
      period: PERIOD,
      zoneId: prepared.zoneId,
      service: 'electricity',
    });
    expect(saved.billCount).toBe(1);
    await page.goto(`/#/customers/batch-bill?period=${PERIOD}&zoneId=${prepared.zoneId}`);
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(saved.runId), exact: true }) });
    await visible(row.getByText('Posted'));
    await row.getByRole('button', { name: 'Cancel run' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel run ${saved.runId}?` });
    await dialog.getByRole('button', { name: 'Cancel run' }).click();
    const job = page.locator('[data-testid="run-job"][data-kind="cancel"]');
    await visible(job.getByRole('heading', { name: new RegExp(`^Cancelling run ${saved.runId} · `) }));
    await visible(job.getByRole('progressbar', { name: 'Progress of the cancellation' }));
    await visible(job.getByText(new RegExp(`^Run ${saved.runId} cancelled: 1 bill, total `)));
    expect(await job.getAttribute('data-status')).toBe('done');
    await visible(row.getByText('Cancelled'));
    await e2e.shot(page, 'billing-run-18-cancel-done');
    // Cancelled once: the action is gone from its row.
    await expect.poll(() => row.getByRole('button', { name: 'Cancel run' }).count()).toBe(0);
    expect(e2e.pageErrors).toEqual([]);
  });
});
