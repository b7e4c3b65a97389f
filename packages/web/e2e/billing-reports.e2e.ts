// Journey: the billing reports on the demo utility (three billed months with payments, built by the
// seed-demo-utility command before the server starts). The administrator sees the billing panel of the
// dashboard, reads the customer ageing (its total is the receivable account's balance in the trial
// balance), compares a zone's ageing with the zone summary, opens a customer's statement from the ageing
// (closing balance = the customer's ageing total), downloads the ageing as Excel (the file's totals are
// the screen's) and sees its print layout, glances at the other reports, and sees the ageing and the dashboard in Somali. A member
// of staff who may read only the ageing gets the 403 page for the zone summary.
import { inflateRawSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, demo, type E2E, pageWidth, signInAs, startE2E, visible } from './harness.ts';

const run = browserAvailable();
const reader = { username: 'ageing1', password: 'Ageing@2026', fullname: 'Cawo Ageing' };

/** The signed-in page's own API call (bearer token from its storage). */
function apiGet(page: Page, path: string) {
  return page.evaluate(async (path) => {
    const res = await fetch(`/api${path}`, { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
    return { status: res.status, body: await res.json() };
  }, path);
}

const SOMALI_MONTHS = ['Jan', 'Feb', 'Mar', 'Abr', 'May', 'Jun', 'Lul', 'Ogs', 'Seb', 'Okt', 'Nof', 'Dis'];
const SOMALI_MONTH_NAMES = [
  'Jannaayo',
  'Febraayo',
  'Maarso',
  'Abriil',
  'Maayo',
  'Juun',
  'Luulyo',
  'Ogosto',
  'Sebteembar',
  'Oktoobar',
  'Noofeembar',
  'Diseembar',
];

/** The bills list at the window's width: the page's overflow and whether a column hides under the sticky actions. */
async function billsLayout(page: Page) {
  await page.goto('/#/customers/bills');
  await visible(page.locator('tbody tr td').nth(3));
  const table = await page
    .locator('thead tr')
    .first()
    .evaluate((row) => {
      const cells = [...row.children].map((c) => c.getBoundingClientRect());
      return { lastColumnRight: cells[cells.length - 2].right, actionsLeft: cells[cells.length - 1].left };
    });
  return { ...table, ...(await pageWidth(page)) };
}

/** '11,650.50' (or '-30.00') on screen -> the number of cents. */
const cents = (screen: string) => Math.round(Number(screen.replace(/,/g, '').trim()) * 100);

/** One file of a ZIP archive (stored or deflated), read through the central directory; null when absent. */
function zipEntry(archive: Buffer, name: string): string | null {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = archive.readUInt16LE(end + 10);
  let p = archive.readUInt32LE(end + 16);
  for (let i = 0; i < count; i++) {
    const method = archive.readUInt16LE(p + 10);
    const size = archive.readUInt32LE(p + 20);
    const nameLength = archive.readUInt16LE(p + 28);
    const local = archive.readUInt32LE(p + 42);
    if (archive.toString('utf8', p + 46, p + 46 + nameLength) === name) {
      const start = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
      const data = archive.subarray(start, start + size);
      return (method === 8 ? inflateRawSync(data) : Buffer.from(data)).toString('utf8');
    }
    p += 46 + nameLength + archive.readUInt16LE(p + 30) + archive.readUInt16LE(p + 32);
  }
  return null;
}

/** sheet1.xml of an .xlsx file with its shared strings written into the cells, as inline text. */
function sheetXml(archive: Buffer): string {
  const sheet = zipEntry(archive, 'xl/worksheets/sheet1.xml');
  if (sheet === null) throw new Error('no sheet1.xml');
  const shared = [...(zipEntry(archive, 'xl/sharedStrings.xml') ?? '').matchAll(/<si>(.*?)<\/si>/gs)].map((si) =>
    [...si[1].matchAll(/<t[^>]*>(.*?)<\/t>/gs)].map((t) => t[1]).join(''),
  );
  return sheet.replace(/<c ([^>]*?)t="s"([^>]*)><v>(\d+)<\/v><\/c>/g, (_all, a, b, n) => `<c ${a}t="inlineStr"${b}><is><t>${shared[Number(n)]}</t></is></c>`);
}

/** The cells (column letter -> text or number) of the sheet row whose column B starts with `label`. */
function sheetRow(xml: string, label: string): Record<string, string> {
  for (const [, row] of xml.matchAll(/<row[^>]*>(.*?)<\/row>/g)) {
    const cells: Record<string, string> = {};
    for (const [, column, body] of row.matchAll(/<c r="([A-Z]+)\d+"[^>]*>(.*?)<\/c>/g)) {
      cells[column] = body.match(/<v>(.*?)<\/v>/)?.[1] ?? body.match(/<t[^>]*>(.*?)<\/t>/)?.[1] ?? '';
    }
    if (cells.B?.startsWith(label)) return cells;
  }
  throw new Error(`no row labelled ${label}`);
}

describe.skipIf(!run)('billing reports: ageing, zone summary, statement, Excel, dashboard, Somali', () => {
  let e2e: E2E;
  let page: Page;
  let agingTotal = 0;

  beforeAll(async () => {
    e2e = await startE2E({
      prepare: async (p) => {
        await p.admin('seed-demo-utility');
        await p.addStaff({ code: demo.code, ...reader, role: 'Ageing reader', privileges: ['dashboard', 'customer-aging'] });
      },
    });
    page = await e2e.newPage();
  });
  afterEach((ctx) => e2e?.afterEachTest(ctx));
  afterAll(async () => {
    await e2e?.close();
  });

  it('shows the billing panel on the dashboard', async () => {
    await signInAs(page, demo.admin);
    const widget = page.getByTestId('dashboard-widget-billing');
    await visible(widget.getByTestId('billing-card-billed'));
    await visible(widget.getByTestId('billing-month-columns'));
    const api = (await apiGet(page, '/billing-reports/dashboard')).body;
    expect(cents(await widget.getByTestId('billing-card-outstanding-value').innerText())).toBe(cents(api.outstanding));
    // Three billed months among the twelve on the axis, a legend, and a text alternative naming each
    // month's figures; the last billed month's tooltip has its exact amounts.
    const billedMonths = api.months.filter((m: { billed: string }) => m.billed !== '0.00');
    expect(billedMonths).toHaveLength(3);
    const columns = widget.getByTestId('billing-month-columns');
    const ticks = columns.locator('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel');
    await expect.poll(() => ticks.count()).toBe(12);
    expect((await columns.getAttribute('aria-label'))?.split('; ')).toHaveLength(12);
    await visible(columns.locator('.MuiChartsLegend-root').getByText('Billed', { exact: true }));
    await visible(columns.locator('.MuiChartsLegend-root').getByText('Collected', { exact: true }));
    await visible(widget.getByTestId('billing-zone-bars').locator('.MuiChartsLegend-root').getByText('Consumption (units)'));
    await widget.scrollIntoViewIfNeeded();
    await e2e.shot(page, 'billing-reports-01-dashboard');
    const shown = billedMonths.at(-1) as { month: string; billed: string; collected: string };
    const tick = await ticks.nth(api.months.findIndex((m: { month: string }) => m.month === shown.month)).boundingBox();
    const plot = await columns.locator('.MuiChartsAxis-directionY').boundingBox();
    if (!tick || !plot) throw new Error('the chart is not laid out');
    await page.mouse.move(tick.x + tick.width / 2, plot.y + plot.height / 2);
    const money = (v: string) => Number(v).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    await expect
      .poll(() => page.locator('.MuiChartsTooltip-root').innerText())
      .toMatch(new RegExp(`Billed\\s+${money(shown.billed).replace('.', '\\.')}[\\s\\S]*Collected\\s+${money(shown.collected).replace('.', '\\.')}`));
    await e2e.shot(page, 'billing-reports-01b-dashboard-tooltip');
    await page.mouse.move(0, 0);
    const dashboard = await pageWidth(page);
    expect(dashboard.scrollWidth).toBeLessThanOrEqual(dashboard.innerWidth);
  });

  it('fits the bills list on a 1366 px laptop: no column hides under the sticky actions', async () => {
    const layout = await billsLayout(page);
    expect(layout.scrollWidth).toBeLessThanOrEqual(layout.innerWidth);
    expect(layout.lastColumnRight).toBeLessThanOrEqual(layout.actionsLeft + 1);
    await e2e.shot(page, 'billing-reports-15-bills-1366');
  });

  it('reads the customer ageing, whose total is the receivable account of the trial balance', async () => {
    await page.goto('/#/Sales-reports/customer-aging');
    await visible(page.getByRole('heading', { name: 'Customer ageing' }));
    await visible(page.getByTestId('aging-receivable').filter({ hasText: 'The customers add up to the receivable account.' }));
    agingTotal = cents(await page.getByTestId('aging-total-total').innerText());
    const tb = (await apiGet(page, '/finance/reports/trial-balance')).body;
    const receivable = tb.rows.find((r: { code: string }) => r.code === '1100');
    expect(agingTotal).toBe(cents(receivable.debit) - cents(receivable.credit));
    expect(agingTotal).toBeGreaterThan(0);
    // The buckets and the unallocated rest add up to the total.
    const parts = await Promise.all(
      ['current', 'd1_30', 'd31_60', 'd61_90', 'over90', 'unallocated'].map(async (b) => cents(await page.getByTestId(`aging-total-${b}`).innerText())),
    );
    expect(parts.reduce((a, b) => a + b, 0)).toBe(agingTotal);
    await e2e.shot(page, 'billing-reports-02-ageing');
    await page.getByLabel('Totals by zone').click();
    await page.waitForURL(/zones=1/);
    await page.getByRole('heading', { name: 'Totals by zone' }).scrollIntoViewIfNeeded();
    await e2e.shot(page, 'billing-reports-03-ageing-zones');
  });

  it('agrees with the zone summary zone by zone, and a zone opens its own ageing', async () => {
    const zones = (await apiGet(page, '/elc/zones?_limit=100')).body.data as { id: number; name: string }[];
    const north = zones.find((z) => z.name === 'Hodan North');
    expect(north).toBeDefined();
    const northAgeing = cents(await page.getByTestId(`aging-zone-${north?.id}`).locator('td').last().innerText());

    await page.goto('/#/Sales-reports/zone-summary');
    await visible(page.getByRole('heading', { name: 'Zone summary' }));
    await visible(page.getByTestId('zones-receivable').filter({ hasText: 'The customers add up to the receivable account.' }));
    expect(cents(await page.getByTestId('zones-total-outstanding').innerText())).toBe(agingTotal);
    const northRow = page.getByTestId(`zone-row-${north?.id}`);
    expect(cents(await northRow.locator('td').last().innerText())).toBe(northAgeing);
    await e2e.shot(page, 'billing-reports-04-zone-summary');

    // Last month: billed is the sum of that month's bills.
    const last = (await apiGet(page, '/billing-reports/dashboard')).body.months.at(-2) as { month: string; billed: string };
    await page.goto(`/#/Sales-reports/zone-summary?period=${last.month}`);
    await expect.poll(async () => cents(await page.getByTestId('zones-total-billed').innerText())).toBe(cents(last.billed));
    const bills = (await apiGet(page, `/bills?period=${last.month}&_limit=1000`)).body.data as { amount: string; status: string }[];
    expect(bills.filter((b) => b.status !== 'Cancelled').reduce((a, b) => a + cents(b.amount), 0)).toBe(cents(last.billed));
    await e2e.shot(page, 'billing-reports-05-zone-summary-last-month');

    await page.getByRole('link', { name: 'Ageing of zone Hodan North' }).click();
    await page.waitForURL(/#\/Sales-reports\/customer-aging\?zoneId=\d+&date=\d{4}-\d{2}-\d{2}$/);
    await visible(page.getByRole('heading', { name: 'Customer ageing: Hodan North' }));
  });

  it("opens a customer's statement from the ageing; its closing balance is the customer's ageing total", async () => {
    // The screen keeps the previous answer while the next one loads: wait for this sort's answer, then
    // read a row and follow its customer by name, not by position.
    const answered = page.waitForResponse((r) => r.url().includes('/api/finance/customer/aging') && r.url().includes('_sort=total'));
    await page.goto('/#/Sales-reports/customer-aging?_sort=total');
    await answered;
    const first = page.locator('[data-testid^="aging-row-"]').first();
    await visible(first);
    const [total, name] = await first.evaluate((row) => {
      const cells = [...row.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText);
      return [cells[cells.length - 1], cells[1]];
    });
    await page
      .getByRole('link', { name: `Statement of ${name}` })
      .first()
      .click();
    await page.waitForURL(/#\/Sales-reports\/customer-transaction\?customerId=\d+&endDate=\d{4}-\d{2}-\d{2}$/);
    await visible(page.getByRole('heading', { name: `Customer statement: ${name}` }));
    await expect.poll(async () => cents(await page.getByTestId('statement-closing').innerText())).toBe(cents(total));
    await visible(page.getByRole('cell', { name: /^Bill B-\d{6} for \d{4}-\d{2}: [\d.]+ units$/ }).first());
    await e2e.shot(page, 'billing-reports-06-statement');
  });

  it('downloads the ageing as Excel with the totals the screen shows', async () => {
    await page.goto('/#/Sales-reports/customer-aging');
    await visible(page.getByTestId('aging-receivable'));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Excel' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^customer-ageing_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const xml = sheetXml(readFileSync((await download.path()) ?? ''));
    const total = sheetRow(xml, 'Total (');
    expect(Math.round(Number(total.J) * 100)).toBe(agingTotal);
    expect(Math.round(Number(total.D) * 100)).toBe(cents(await page.getByTestId('aging-total-current').innerText()));
    expect(Math.round(Number(total.H) * 100)).toBe(cents(await page.getByTestId('aging-total-over90').innerText()));

    // On paper: the company header instead of the menus and buttons.
    await page.emulateMedia({ media: 'print' });
    await visible(page.getByText('Demo Utility', { exact: true }).last());
    await expect.poll(() => page.getByRole('button', { name: 'Export Excel' }).isVisible()).toBe(false);
    await e2e.shot(page, 'billing-reports-14-ageing-print');
    await page.emulateMedia({ media: 'screen' });
  });

  it('shows the other billing reports with their totals', async () => {
    await page.goto('/#/Sales-reports/unpaid-report');
    await visible(page.getByRole('heading', { name: 'Unpaid bills' }));
    const unpaid = (await apiGet(page, '/billing-reports/unpaid')).body;
    await expect.poll(async () => cents(await page.getByTestId('unpaid-total-balance').innerText())).toBe(cents(unpaid.totals.balance));
    await e2e.shot(page, 'billing-reports-07-unpaid');

    await page.goto('/#/Sales-reports/received-payments');
    await visible(page.getByRole('heading', { name: 'By account' }));
    await e2e.shot(page, 'billing-reports-08-received-payments');

    await page.goto('/#/Sales-reports/customer-summary');
    await visible(page.getByRole('heading', { name: 'Customer summary' }));
    await expect.poll(async () => cents(await page.getByTestId('summary-total-closing').innerText())).toBe(agingTotal);
    await e2e.shot(page, 'billing-reports-09-customer-summary');

    await page.goto('/#/Sales-reports/revenue-by-class');
    await visible(page.getByTestId('revenue-class-residential'));
    await visible(page.getByTestId('revenue-class-commercial'));
    await e2e.shot(page, 'billing-reports-10-revenue-by-class');
  });

  it('shows the ageing and the dashboard in Somali', async () => {
    await page.goto('/#/Sales-reports/customer-aging');
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'SO · Soomaali' }).click()]);
    await visible(page.getByRole('heading', { name: "Da'da deymaha macaamiisha" }));
    await visible(page.getByRole('columnheader', { name: 'Ka badan 90 maalmood' }));
    await visible(page.getByTestId('aging-receivable').filter({ hasText: 'Macaamiishu waxay la mid yihiin xisaabta deymaha.' }));
    await visible(page.getByRole('button', { name: 'U dhoofi Excel' }));
    await e2e.shot(page, 'billing-reports-11-ageing-somali');
    await page.goto('/#/dashboard');
    const widget = page.getByTestId('dashboard-widget-billing');
    await visible(widget.getByText('Macaamiisha lagu leeyahay'));
    // Month names in Somali on the panel's title and the chart's axis (the browser knows no Somali months).
    const api = (await apiGet(page, '/billing-reports/dashboard')).body as { month: string; months: { month: string }[] };
    const [year, month] = api.month.split('-').map(Number);
    await visible(page.getByRole('heading', { name: `Biilasha — ${SOMALI_MONTH_NAMES[month - 1]} ${year}` }));
    const axis = api.months.map((m) => `${SOMALI_MONTHS[Number(m.month.slice(5)) - 1]} ${m.month.slice(2, 4)}`);
    const ticks = widget.getByTestId('billing-month-columns').locator('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel');
    await expect.poll(() => ticks.allTextContents()).toEqual(axis);
    await visible(widget.getByTestId('billing-month-columns').locator('.MuiChartsLegend-root').getByText('La biileeyay', { exact: true }));
    await widget.scrollIntoViewIfNeeded();
    await e2e.shot(page, 'billing-reports-12-dashboard-somali');

    // The bills list fits in Somali too (longer headings and statuses).
    const bills = await billsLayout(page);
    expect(bills.scrollWidth).toBeLessThanOrEqual(bills.innerWidth);
    expect(bills.lastColumnRight).toBeLessThanOrEqual(bills.actionsLeft + 1);
    await e2e.shot(page, 'billing-reports-16-bills-somali');

    // A list's pager and its date filters in Somali: dd/mm/yyyy typed and shown, the pager's words and buttons.
    await page.goto('/#/customers/payments');
    await visible(page.getByText('Walxaha boggiiba:'));
    await visible(page.getByText(/^1–\d+ ee \d+$/));
    await visible(page.getByRole('button', { name: 'Tag bogga xiga' }));
    const from = page.getByLabel('Laga bilaabo');
    expect(await from.getAttribute('placeholder')).toBe('dd/mm/yyyy');
    const filtered = page.waitForResponse((r) => r.url().includes(`startDate=${api.month}-01`));
    await from.click();
    await page.keyboard.type(`01${String(month).padStart(2, '0')}${year}`);
    await page.keyboard.press('Tab');
    expect(await from.inputValue()).toBe(`01/${String(month).padStart(2, '0')}/${year}`);
    await filtered; // the API gets YYYY-MM-DD
    await from.fill('31/02/2026');
    await page.keyboard.press('Tab');
    await visible(page.getByText('Geli taariikh dhab ah (dd/mm/yyyy).'));
    await e2e.shot(page, 'billing-reports-17-payments-somali');
    await page.getByRole('banner').getByRole('combobox', { name: 'Luqadda' }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'EN · English' }).click()]);
  });

  it('a member of staff who may read only the ageing reads it and gets the 403 page for the zone summary', async () => {
    const staff = await e2e.newPage(await e2e.newContext());
    await signInAs(staff, reader);
    await visible(staff.getByTestId('dashboard-widget-billing').getByTestId('billing-card-outstanding'));
    await staff.goto('/#/Sales-reports/customer-aging');
    await visible(staff.getByRole('heading', { name: 'Customer ageing' }));
    expect(cents(await staff.getByTestId('aging-total-total').innerText())).toBe(agingTotal);
    // No statement privilege: customers are plain text, not links.
    await expect.poll(() => staff.getByRole('link', { name: /^Statement of / }).count()).toBe(0);
    await staff.goto('/#/Sales-reports/zone-summary');
    await staff.waitForURL(/#\/error\/403$/);
    await e2e.shot(staff, 'billing-reports-13-staff-403');
    expect(e2e.pageErrors).toEqual([]);
  });
});
