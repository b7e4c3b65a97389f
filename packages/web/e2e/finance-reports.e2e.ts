// Journey 7: the finance reports. The administrator posts the owner's capital into the bank, a sale
// into cash and a fuel expense through the general journal, sees them on the dashboard (cash and bank
// position, income and expenses by month, the year's largest expenses), then reads the account summary (a figure
// opens the account statement), the account type summary, the cash flow statement (opening + net
// change = closing) and the revenue report (a month's figure opens that month's statement); enters a
// budget from the keyboard, sees the server refuse a line on its cell, saves and compares it with the
// actual figures; reconciles the bank for the month (Complete only at a difference of 0.00, read-only
// once completed); downloads the trial balance as Excel and finds the screen's totals in the file;
// follows a customer and a vendor in the personal account (opening, running and closing balance, an
// entry opened, Excel, print); and sees the screens in Somali. A member of staff who may read only the
// summaries sees no finance panel on the dashboard and gets the 403 page for the budget.
import { inflateRawSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  browserAvailable,
  clock,
  demo,
  type E2E,
  isWithinWindowWidth,
  mainMenu,
  openMenuSection,
  pageWidth,
  route,
  signInAs,
  startE2E,
  truncatedMenuLabels,
  visible,
} from './harness.ts';

const run = browserAvailable();

const reader = { username: 'reader1', password: 'Reader@2026', fullname: 'Hodan Reader' };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const SOMALI_MONTHS = ['Jan', 'Feb', 'Mar', 'Abr', 'May', 'Jun', 'Lul', 'Ogs', 'Seb', 'Okt', 'Nof', 'Dis'];

/** The browser's today (the journal's default date and the reports' default period). */
function today() {
  const iso = clock.today();
  return { year: clock.year(), month: Number(iso.slice(5, 7)), iso };
}

/** The signed-in page's own API call (bearer token from its storage). */
function apiCall(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/api${path}`, {
        method,
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
    { method, path, body },
  );
}

/** The organisation's account ids by code. */
async function accountIds(page: Page): Promise<Record<string, number>> {
  const res = await apiCall(page, 'GET', '/finance/accounts?_limit=1000');
  return Object.fromEntries((res.body.data as { id: number; code: string }[]).map((a) => [a.code, a.id]));
}

/** Posts an entry through the general journal screen (account by code + Enter, amounts typed). */
async function postEntry(page: Page, reference: string, lines: [string, string, string][]) {
  await page.goto('/#/dashboard');
  await page.goto('/#/finance/general-journal');
  await page.getByLabel('Reference').fill(reference);
  for (const [i, [account, debit, credit]] of lines.entries()) {
    if (i >= 2) await page.getByRole('button', { name: 'Add line' }).click();
    await page.getByRole('combobox', { name: `Line ${i + 1} account` }).fill(account);
    await page.getByRole('listbox').getByRole('option').first().waitFor();
    await page.keyboard.press('Enter');
    if (debit) await page.getByLabel(`Line ${i + 1} debit`).fill(debit);
    if (credit) await page.getByLabel(`Line ${i + 1} credit`).fill(credit);
  }
  await page.getByRole('button', { name: 'Post entry' }).click();
  await visible(
    page
      .getByRole('tabpanel')
      .getByRole('alert')
      .filter({ hasText: /Entry JV-\d+ was posted/ }),
  );
}

/** One file of a ZIP archive (stored or deflated), read through the central directory. */
function unzipEntry(archive: Buffer, name: string): Buffer {
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
      return method === 8 ? inflateRawSync(data) : Buffer.from(data);
    }
    p += 46 + nameLength + archive.readUInt16LE(p + 30) + archive.readUInt16LE(p + 32);
  }
  throw new Error(`${name} is not in the archive`);
}

/** sheet1.xml of an .xlsx file with its shared strings written into the cells, as inline text. */
function sheetXml(archive: Buffer): string {
  const sheet = unzipEntry(archive, 'xl/worksheets/sheet1.xml').toString('utf8');
  let strings = '';
  try {
    strings = unzipEntry(archive, 'xl/sharedStrings.xml').toString('utf8');
  } catch {
    // A workbook of numbers only has no shared strings.
  }
  const shared = [...strings.matchAll(/<si>(.*?)<\/si>/gs)].map((si) => [...si[1].matchAll(/<t[^>]*>(.*?)<\/t>/gs)].map((t) => t[1]).join(''));
  return sheet.replace(/<c ([^>]*?)t="s"([^>]*)><v>(\d+)<\/v><\/c>/g, (_all, a, b, n) => `<c ${a}t="inlineStr"${b}><is><t>${shared[Number(n)]}</t></is></c>`);
}

/** The cells of the sheet's row whose column B reads `label`: column letter -> text or number. */
function sheetRowLabelled(sheetXml: string, label: string): Record<string, string> {
  for (const [, row] of sheetXml.matchAll(/<row[^>]*>(.*?)<\/row>/g)) {
    const cells: Record<string, string> = {};
    for (const [, column, body] of row.matchAll(/<c r="([A-Z]+)\d+"[^>]*>(.*?)<\/c>/g)) {
      cells[column] = body.match(/<v>(.*?)<\/v>/)?.[1] ?? body.match(/<t[^>]*>(.*?)<\/t>/)?.[1] ?? '';
    }
    if (cells.B === label) return cells;
  }
  throw new Error(`no row labelled ${label}`);
}

/** '11,650.50' on screen -> '11650.50' as the file holds it. */
const plain = (screen: string) => screen.replace(/,/g, '').trim();

describe.skipIf(!run)('finance reports: summaries, cash flow, revenue, budget, reconciliation and Excel', () => {
  let e2e: E2E;
  let page: Page;
  const now = today();
  const mon = MONTHS[now.month - 1];

  beforeAll(async () => {
    e2e = await startE2E({
      prepare: (p) => p.addStaff({ code: demo.code, ...reader, role: 'Report reader', privileges: ['dashboard', 'account-summary'] }),
    });
    page = await e2e.newPage();
  });
  afterEach((ctx) => e2e?.afterEachTest(ctx));
  afterAll(async () => {
    await e2e?.close();
  });

  it('posts capital into the bank, a sale into cash and an expense through the general journal', async () => {
    await signInAs(page, demo.admin);
    await postEntry(page, 'CAP-001', [
      ['1030', '10000', ''],
      ['3010', '', '10000'],
    ]);
    await postEntry(page, 'SALE-001', [
      ['1010', '1200.50', ''],
      ['4010', '', '1200.50'],
    ]);
    await postEntry(page, 'FUEL-001', [
      ['5020', '300.25', ''],
      ['1030', '', '300.25'],
    ]);
    expect((await apiCall(page, 'GET', '/finance/transaction')).body.total).toBe(3);
  });

  it('shows the cash and bank position, income and expenses by month and the largest expenses on the dashboard', async () => {
    await page.goto('/#/dashboard');
    const cash = page.getByTestId('dashboard-widget-finance-cash');
    await visible(cash.getByRole('heading', { name: 'Cash and bank position' }));
    await expect.poll(() => cash.getByTestId('cash-total').innerText()).toBe('10,900.25');
    expect(await cash.getByTestId('cash-cash').innerText()).toBe('1,200.50');
    expect(await cash.getByTestId('cash-bank').innerText()).toBe('9,699.75');
    expect(await cash.getByTestId('cash-mobile_money').innerText()).toBe('0.00');
    await visible(cash.getByRole('row').filter({ hasText: '1030 · Bank account' }).getByText('9,699.75'));

    const flows = page.getByTestId('dashboard-widget-finance-income-expense');
    await visible(flows.getByTestId('income-expense-chart'));
    // The panel shows its previous answer (read before the postings) until the fresh one arrives.
    await expect.poll(() => flows.getByTestId('year-income').innerText()).toBe('1,200.50');
    expect(await flows.getByTestId('year-expenses').innerText()).toBe('300.25');
    expect(await flows.getByTestId('year-net').innerText()).toBe('900.25');
    // Twelve months along the axis and a legend; this month's tooltip has its amounts; the same figures
    // in the table read aloud.
    const chart = flows.getByTestId('income-expense-chart');
    const ticks = chart.locator('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel');
    await expect.poll(() => ticks.count()).toBe(12);
    expect((await ticks.last().textContent())?.startsWith(mon)).toBe(true);
    await visible(chart.locator('.MuiChartsLegend-root').getByText('Income', { exact: true }));
    await visible(chart.locator('.MuiChartsLegend-root').getByText('Expenses', { exact: true }));
    await flows.scrollIntoViewIfNeeded();
    const tick = await ticks.last().boundingBox();
    const plot = await chart.locator('.MuiChartsAxis-directionY').boundingBox();
    if (!tick || !plot) throw new Error('the chart is not laid out');
    await page.mouse.move(tick.x + tick.width / 2, plot.y + plot.height / 2);
    const tooltip = page.locator('.MuiChartsTooltip-root');
    await expect.poll(() => tooltip.innerText()).toMatch(new RegExp(`${mon} ${now.year}[\\s\\S]*Income\\s+1,200\\.50[\\s\\S]*Expenses\\s+300\\.25`));
    await e2e.shot(page, 'finance-reports-26-dashboard-chart-tooltip');
    await page.mouse.move(0, 0);
    expect(await flows.getByRole('row', { name: `${mon} ${now.year}` }).textContent()).toBe(`${mon} ${now.year}1,200.50300.25900.25`);
    await visible(flows.getByTestId('top-expenses').getByText('100% of the year'));
    await expect.poll(() => cash.getByRole('row').count()).toBe(3);
    await e2e.shot(page, 'finance-reports-19-dashboard');
    // At 1366 px nothing scrolls the page sideways (the chart's table for screen readers once added 300 px).
    const dashboard = await pageWidth(page);
    expect(dashboard.scrollWidth).toBeLessThanOrEqual(dashboard.innerWidth);
    await flows.scrollIntoViewIfNeeded();
    await e2e.shot(page, 'finance-reports-25-dashboard-chart');

    await flows.getByRole('link', { name: '5020 · Generator fuel' }).click();
    await page.waitForURL(/#\/reports\/account-transaction\?accountId=\d+&startDate=\d{4}-01-01&endDate=\d{4}-\d{2}-\d{2}$/);
    expect(await page.getByTestId('closing-balance').innerText()).toBe('300.25');
  });

  it('reads the account summary, filters a type and opens an account statement from a figure', async () => {
    await openMenuSection(page, 'Reports');
    await mainMenu(page).getByRole('link', { name: 'Account summary', exact: true }).click();
    await page.waitForURL(/#\/reports\/account-summery$/);
    await visible(page.getByRole('row').filter({ hasText: 'Water sales' }));
    expect(await page.getByTestId('summary-total-debit').innerText()).toBe('11,500.75');
    expect(await page.getByTestId('summary-total-credit').innerText()).toBe('11,500.75');
    await visible(page.getByRole('button', { name: 'Export Excel' }));
    await e2e.shot(page, 'finance-reports-01-account-summary');

    await page.getByRole('combobox', { name: 'Account type' }).click();
    await page.getByRole('option', { name: 'Assets', exact: true }).click();
    await page.waitForURL(/type=asset/);
    await visible(page.getByRole('heading', { name: 'Account summary: Assets' }));
    await expect.poll(() => page.getByTestId('summary-total-closing').innerText()).toBe('10,900.25');
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Water sales' }).count()).toBe(0);
    await e2e.shot(page, 'finance-reports-02-account-summary-assets');

    await page.getByRole('row').filter({ hasText: 'Bank account' }).getByRole('link', { name: 'Statement of account 1030' }).last().click();
    await page.waitForURL(/#\/reports\/account-transaction\?accountId=\d+&startDate=\d{4}-01-01&endDate=\d{4}-12-31$/);
    expect(await page.getByTestId('closing-balance').innerText()).toBe('9,699.75');
  });

  it('reads the account type summary, which balances, and opens the accounts of a type', async () => {
    await openMenuSection(page, 'Reports');
    await mainMenu(page).getByRole('link', { name: 'Account type summary' }).click();
    await page.waitForURL(/#\/reports\/account-type-summery$/);
    await visible(page.getByTestId('types-check').filter({ hasText: 'Debits equal credits' }));
    expect(await page.getByTestId('type-asset-closing').innerText()).toBe('10,900.25');
    expect(await page.getByTestId('type-income-closing').innerText()).toBe('1,200.50');
    expect(await page.getByTestId('types-total-debit').innerText()).toBe('11,500.75');
    await e2e.shot(page, 'finance-reports-03-account-types');
    await page.getByRole('link', { name: 'Accounts of type Expenses' }).click();
    await page.waitForURL(/#\/reports\/account-summery\?type=expense/);
    await visible(page.getByRole('row').filter({ hasText: 'Generator fuel' }));
  });

  it('reads the cash flow statement: opening cash + net change = closing cash', async () => {
    await openMenuSection(page, 'Reports');
    await mainMenu(page).getByRole('link', { name: 'Cash flow statement' }).click();
    await page.waitForURL(/#\/reports\/cash-flow-statement$/);
    await visible(page.getByTestId('cash-check').filter({ hasText: 'Opening cash plus the net change equals the closing cash.' }));
    expect(await page.getByTestId('opening-cash').innerText()).toBe('0.00');
    expect(await page.getByTestId('net-operating').innerText()).toBe('900.25');
    expect(await page.getByTestId('net-investing').innerText()).toBe('0.00');
    expect(await page.getByTestId('net-financing').innerText()).toBe('10,000.00');
    expect(await page.getByTestId('net-change').innerText()).toBe('10,900.25');
    expect(await page.getByTestId('closing-cash').innerText()).toBe('10,900.25');
    await e2e.shot(page, 'finance-reports-04-cash-flow');

    // Printed: the company header instead of the sidebar and the buttons.
    await page.emulateMedia({ media: 'print' });
    await expect.poll(() => page.locator('aside').isVisible()).toBe(false);
    await expect.poll(() => page.getByRole('button', { name: 'Export Excel' }).isVisible()).toBe(false);
    await visible(page.locator('.finance-print-only').getByText(demo.name, { exact: true }));
    await e2e.shot(page, 'finance-reports-05-cash-flow-print');
    await page.emulateMedia({ media: 'screen' });
  });

  it('reads the revenue report by month and opens the statement of one month', async () => {
    await openMenuSection(page, 'Reports');
    await mainMenu(page).getByRole('link', { name: 'Revenue report' }).click();
    await page.waitForURL(/#\/reports\/revenue-report$/);
    await visible(page.getByRole('columnheader', { name: mon, exact: true }));
    const water = page.getByRole('row').filter({ hasText: '4010 · Water sales' });
    await visible(water);
    expect(await page.getByTestId('revenue-total').innerText()).toBe('1,200.50');
    // Twelve months and the total fit a 1366 px laptop: the total is on screen, the page does not scroll sideways.
    expect(await isWithinWindowWidth(page.getByTestId('revenue-total'))).toBe(true);
    const revenue = await pageWidth(page);
    expect(revenue.scrollWidth).toBeLessThanOrEqual(revenue.innerWidth);
    await e2e.shot(page, 'finance-reports-06-revenue');

    await page.getByRole('button', { name: 'By month' }).click();
    await page.waitForURL(/groupBy=month/);
    await visible(page.getByRole('columnheader', { name: '4010 Water sales' }));
    await e2e.shot(page, 'finance-reports-07-revenue-by-month');
    await page.getByRole('button', { name: 'By account' }).click();
    await page.getByRole('link', { name: `4010 · Water sales, ${mon}` }).click();
    await page.waitForURL(/#\/reports\/account-transaction\?accountId=\d+&startDate=\d{4}-\d{2}-01&endDate=\d{4}-\d{2}-\d{2}$/);
    expect(route(page)).toContain(`startDate=${now.iso.slice(0, 7)}-01`);
    expect(await page.getByTestId('period-credit').innerText()).toBe('1,200.50');
  });

  it('enters a budget from the keyboard, shows a refused line on its cell, saves it and compares it with the actual', async () => {
    // An expense account that will be gone when the budget is saved (another person deletes it).
    const created = await apiCall(page, 'POST', '/finance/accounts', {
      code: '6990',
      nameEn: 'Temporary expense',
      nameSo: 'Kharash ku meel gaar ah',
      type: 'expense',
      subtype: 'operating_expense',
    });
    expect(created.status).toBe(201);

    await openMenuSection(page, 'Reports');
    await mainMenu(page).getByRole('link', { name: 'Budget registration' }).click();
    await page.waitForURL(/#\/reports\/budget-registration$/);
    await visible(page.getByRole('heading', { name: `Budget registration: ${now.year}` }));
    const cell = (code: string) => page.getByRole('textbox', { name: `${code} ${mon}` });
    const save = page.getByRole('button', { name: 'Save budget' });
    expect(await save.isDisabled()).toBe(true);

    await cell('4010').click();
    await page.keyboard.type('1000');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`4020 ${mon}`);
    await page.keyboard.press('ArrowUp');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`4010 ${mon}`);
    await cell('5020').fill('250.5');
    await cell('6990').fill('abc');
    expect(await cell('6990').getAttribute('aria-invalid')).toBe('true');
    expect(await save.isDisabled()).toBe(true);
    await cell('6990').fill('75');
    expect(await page.getByTestId('budget-row-total-4010').innerText()).toBe('1,000.00');
    // The months scroll inside the grid; the year's totals stay in view and the page does not scroll sideways.
    expect(await isWithinWindowWidth(page.getByTestId('budget-row-total-4010'))).toBe(true);
    expect(await isWithinWindowWidth(page.getByTestId('budget-total-net'))).toBe(true);
    const budget = await pageWidth(page);
    expect(budget.scrollWidth).toBeLessThanOrEqual(budget.innerWidth);
    expect(await page.getByTestId('budget-total-expenses').innerText()).toBe('325.50');
    expect(await page.getByTestId('budget-total-net').innerText()).toBe('674.50');
    await visible(page.getByText('3 unsaved changes'));
    await e2e.shot(page, 'finance-reports-08-budget-typed');

    expect((await apiCall(page, 'DELETE', `/finance/accounts/${created.body.id}`)).status).toBe(200);
    await page.keyboard.press('Control+Enter');
    await visible(page.getByTestId('budget-errors').filter({ hasText: '6990 · Temporary expense' }));
    expect(await cell('6990').getAttribute('aria-invalid')).toBe('true');
    expect(await cell('4010').getAttribute('aria-invalid')).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`6990 ${mon}`);
    await e2e.shot(page, 'finance-reports-09-budget-refused');

    await cell('6990').fill('');
    await save.click();
    await visible(page.getByText(`The budget for ${now.year} was saved.`));
    await visible(page.getByText('No unsaved changes'));
    const sheet = await apiCall(page, 'GET', `/finance/budgets?year=${now.year}`);
    expect(sheet.body.totals.income.total).toBe('1000.00');
    expect(sheet.body.totals.expense.total).toBe('250.50');
    await e2e.shot(page, 'finance-reports-10-budget-saved');

    await page.getByRole('tab', { name: 'Budget vs actual' }).click();
    await page.waitForURL(/tab=actual/);
    await visible(page.getByRole('heading', { name: 'Budget vs actual' }));
    expect(await page.getByTestId('vs-4010-variance').innerText()).toBe('200.50');
    await visible(page.getByRole('row').filter({ hasText: 'Water sales' }).getByText('20.05 %'));
    expect(await page.getByTestId('vs-net-budget').innerText()).toBe('749.50');
    expect(await page.getByTestId('vs-net-actual').innerText()).toBe('900.25');
    await e2e.shot(page, 'finance-reports-11-budget-vs-actual');
  });

  it('reconciles the bank for the month: Complete only at a difference of 0.00, then read-only', async () => {
    await openMenuSection(page, 'Reports');
    await mainMenu(page).getByRole('link', { name: 'Monthly reconciliation' }).click();
    await page.waitForURL(/#\/reports\/monthly-reconciliation$/);
    await page.getByRole('combobox', { name: 'Bank or mobile money account' }).fill('1030');
    await page.getByRole('listbox').getByRole('option').first().waitFor();
    await page.keyboard.press('Enter');
    await visible(page.getByRole('heading', { name: 'Monthly reconciliation: 1030 · Bank account' }));
    const capital = page.getByRole('checkbox', { name: 'Cleared: JV-000001' });
    const fuel = page.getByRole('checkbox', { name: 'Cleared: JV-000003' });
    const complete = page.getByRole('button', { name: 'Complete' });
    await visible(capital);
    expect(await page.getByTestId('rec-ledger').innerText()).toBe('9,699.75');

    await page.getByLabel('Statement balance').fill('9699.75');
    await capital.check();
    expect(await page.getByTestId('rec-cleared').innerText()).toBe('10,000.00');
    expect(await page.getByTestId('rec-difference').innerText()).toBe('-300.25');
    expect(await complete.isDisabled()).toBe(true);
    await e2e.shot(page, 'finance-reports-12-reconciliation-difference');

    await fuel.check();
    expect(await page.getByTestId('rec-difference').innerText()).toBe('0.00');
    expect(await complete.isDisabled()).toBe(false);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(page.getByText('The reconciliation was saved.'));
    await complete.click();
    const dialog = page.getByRole('dialog', { name: 'Complete the reconciliation?' });
    await dialog.getByRole('button', { name: 'Complete' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await visible(page.getByTestId('rec-completed').filter({ hasText: 'Completed by Demo Administrator' }));
    expect(await capital.isDisabled()).toBe(true);
    await expect.poll(() => page.getByLabel('Statement balance').count()).toBe(0);
    await expect.poll(() => complete.count()).toBe(0);
    await e2e.shot(page, 'finance-reports-13-reconciliation-completed');
    const accountId = new URLSearchParams(route(page).split('?')[1]).get('accountId');
    const saved = await apiCall(page, 'GET', `/finance/reconciliation?accountId=${accountId}&period=${now.iso.slice(0, 7)}`);
    expect(saved.body.status).toBe('completed');
  });

  it('downloads the trial balance as Excel with the totals the screen shows', async () => {
    await openMenuSection(page, 'Reports');
    await mainMenu(page).getByRole('link', { name: 'Trial balance' }).click();
    await page.waitForURL(/#\/reports\/trail-balance$/);
    await visible(page.getByRole('row').filter({ hasText: 'Water sales' }));
    const screen = {
      movementDebit: await page.getByTestId('tb-total-debit-1').innerText(),
      movementCredit: await page.getByTestId('tb-total-credit-1').innerText(),
      debit: await page.getByTestId('tb-total-debit-2').innerText(),
      credit: await page.getByTestId('tb-total-credit-2').innerText(),
    };
    expect(screen.debit).toBe('11,200.50');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Excel' }).click()]);
    expect(download.suggestedFilename()).toBe(`trial-balance_${now.year}-01-01_${now.year}-12-31.xlsx`);
    const file = readFileSync((await download.path()) ?? '');
    expect(file.subarray(0, 2).toString()).toBe('PK');
    const sheet = sheetXml(file);
    expect(sheet).toContain('Trial balance');
    const total = sheetRowLabelled(sheet, 'Total');
    // Numeric cells (shown with two decimals by their #,##0.00 format): the same numbers as the screen.
    expect([total.E, total.F, total.G, total.H].map(Number)).toEqual(
      [plain(screen.movementDebit), plain(screen.movementCredit), plain(screen.debit), plain(screen.credit)].map(Number),
    );
    await e2e.shot(page, 'finance-reports-14-trial-balance');
  });

  it('follows a customer and a vendor in the personal account: balances, an entry, Excel and print', async () => {
    const acc = await accountIds(page);
    const customer = await apiCall(page, 'POST', '/elc/customers', { name: 'Hodan Cabdi', phone: '0615123456', customerClass: 'residential' });
    expect(customer.status).toBe(201);
    const id = customer.body.id as number;
    const post = async (reference: string, lines: Record<string, unknown>[]) =>
      expect((await apiCall(page, 'POST', '/finance/transaction', { date: now.iso, reference, lines })).status).toBe(201);
    await post('BILL-77', [
      { accountId: acc['1100'], debit: '150.00', partyType: 'customer', partyId: id },
      { accountId: acc['4010'], credit: '150.00' },
    ]);
    await post('RCPT-77', [
      { accountId: acc['1010'], debit: '100.00' },
      { accountId: acc['1100'], credit: '100.00', partyType: 'customer', partyId: id },
    ]);
    await post('INV-V7', [
      { accountId: acc['6120'], debit: '80.00' },
      { accountId: acc['2010'], credit: '80.00', partyType: 'vendor', partyId: 7 },
    ]);

    await page.goto('/#/reports/personal-account');
    await visible(page.getByText('Choose a customer, vendor or employee'));
    await page.getByRole('combobox', { name: 'Customer, vendor or employee' }).fill('hodan');
    await page.getByRole('option', { name: /Hodan Cabdi/ }).click();
    await page.waitForURL(new RegExp(`partyId=${id}`));
    await visible(page.getByRole('heading', { name: /^Personal account: .*Hodan Cabdi$/ }));
    expect(await page.getByTestId('opening-balance').innerText()).toBe('0.00');
    expect(await page.getByTestId('period-debit').innerText()).toBe('150.00');
    expect(await page.getByTestId('period-credit').innerText()).toBe('100.00');
    expect(await page.getByTestId('closing-balance').innerText()).toBe('50.00');
    const bill = page.getByRole('row').filter({ hasText: 'BILL-77' });
    await visible(bill.getByText('1100 · Customer receivables'));
    await visible(bill.getByText('150.00').last());
    await visible(page.getByRole('row').filter({ hasText: 'RCPT-77' }).getByText('50.00'));
    await visible(page.getByText('a positive balance is what the customer owes the organisation'));
    await e2e.shot(page, 'finance-reports-20-personal-account');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Excel' }).click()]);
    expect(download.suggestedFilename()).toBe(`personal-account_customer-${id}_${now.year}-01-01_${now.year}-12-31.xlsx`);
    const sheet = sheetXml(readFileSync((await download.path()) ?? ''));
    expect(sheet).toContain(`Customer ${id} – Hodan Cabdi`);
    expect(sheet).toContain('BILL-77');

    await page.emulateMedia({ media: 'print' });
    await expect.poll(() => page.getByRole('combobox', { name: 'Customer, vendor or employee' }).isVisible()).toBe(false);
    await visible(page.locator('.finance-print-only').getByText(demo.name, { exact: true }));
    await e2e.shot(page, 'finance-reports-21-personal-account-print');
    await page.emulateMedia({ media: 'screen' });

    await bill.getByRole('link', { name: /^JV-\d+$/ }).click();
    await page.waitForURL(/#\/finance\/general-journal\/\d+$/);
    await visible(page.getByText('BILL-77').first());
    await page.goBack();
    await visible(page.getByRole('heading', { name: /^Personal account: .*Hodan Cabdi$/ }));

    await page.getByRole('combobox', { name: 'Party type' }).click();
    await page.getByRole('option', { name: 'Vendor', exact: true }).click();
    await page.getByRole('combobox', { name: 'Customer, vendor or employee' }).fill('7');
    await page.getByRole('option', { name: 'Vendor 7' }).click();
    await visible(page.getByRole('heading', { name: 'Personal account: Vendor 7' }));
    await expect.poll(() => page.getByTestId('closing-balance').innerText()).toBe('80.00');
    await visible(page.getByText('a positive balance is what the organisation owes them'));
    await e2e.shot(page, 'finance-reports-22-personal-account-vendor');
  });

  it('shows the screens in Somali', async () => {
    await page.goto('/#/reports/cash-flow-statement');
    // Every menu label reads whole (two lines rather than an ellipsis), in English and then in Somali.
    const english = await truncatedMenuLabels(page);
    expect(english.labels).toBeGreaterThan(40);
    expect(english.truncated).toEqual([]);
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'SO · Soomaali' }).click()]);
    await visible(page.getByRole('heading', { name: 'Bayaanka socodka lacagta' }));
    const somali = await truncatedMenuLabels(page);
    expect(somali.labels).toBe(english.labels);
    expect(somali.truncated).toEqual([]);
    await visible(page.getByTestId('cash-check').filter({ hasText: 'Lacagta bilowga oo lagu daray isbeddelka saafiga ah' }));
    await visible(page.getByRole('button', { name: 'U dhoofi Excel' }));
    await e2e.shot(page, 'finance-reports-15-cash-flow-somali');
    await page.goto(`/#/reports/budget-registration`);
    await visible(page.getByRole('heading', { name: `Diiwaangelinta miisaaniyadda: ${now.year}` }));
    await visible(page.getByRole('tab', { name: 'Miisaaniyadda iyo xaqiiqada' }));
    await visible(page.getByRole('row').filter({ hasText: 'Wadarta dakhliga' }));
    await e2e.shot(page, 'finance-reports-16-budget-somali');
    await page.goto('/#/reports/personal-account?partyType=vendor&partyId=7');
    await visible(page.getByRole('heading', { name: 'Xisaabta shakhsiga: Iibiye 7' }));
    await visible(page.getByText('haraag togan waa waxa ururku ku leeyahay iyaga'));
    await e2e.shot(page, 'finance-reports-23-personal-account-somali');
    await page.goto('/#/dashboard');
    await visible(page.getByRole('heading', { name: 'Xaaladda lacagta caddaanka iyo bangiga' }));
    await visible(page.getByRole('heading', { name: 'Kharashaadka ugu badan sanadkan' }));
    // The chart's month axis and legend in Somali.
    const chart = page.getByTestId('income-expense-chart');
    const lastTick = chart.locator('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel').last();
    await expect.poll(async () => (await lastTick.textContent())?.startsWith(SOMALI_MONTHS[now.month - 1])).toBe(true);
    await visible(chart.locator('.MuiChartsLegend-root').getByText('Dakhliga', { exact: true }));
    const somaliDashboard = await pageWidth(page);
    expect(somaliDashboard.scrollWidth).toBeLessThanOrEqual(somaliDashboard.innerWidth);
    await e2e.shot(page, 'finance-reports-24-dashboard-somali');
    await page.goto('/#/reports/account-type-summery');
    await visible(page.getByRole('heading', { name: 'Soo koobidda noocyada xisaabaadka' }));
    await e2e.shot(page, 'finance-reports-17-account-types-somali');

    await page.getByRole('banner').getByRole('combobox', { name: 'Luqadda' }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'EN · English' }).click()]);
    await visible(page.getByRole('heading', { name: 'Account type summary' }).first());
  });

  it('a member of staff who may read only the summaries sees them and gets the 403 page for the budget', async () => {
    const staff = await e2e.newPage(await e2e.newContext());
    await signInAs(staff, reader);
    await openMenuSection(staff, 'Reports');
    const entries = (await mainMenu(staff).locator('.MuiListItemButton-root .MuiListItemText-primary').allInnerTexts()).map((s) => s.trim());
    expect(entries).toEqual(['Dashboard', 'Reports', 'Account summary', 'Account type summary']);
    // The finance panels need the balance sheet and income statement privileges.
    await staff.goto('/#/dashboard');
    await visible(staff.getByRole('heading', { name: 'Shortcuts' }));
    await expect.poll(() => staff.getByTestId('dashboard-widget-finance-cash').count()).toBe(0);
    await expect.poll(() => staff.getByTestId('dashboard-widget-finance-income-expense').count()).toBe(0);
    await mainMenu(staff).getByRole('link', { name: 'Account type summary' }).click();
    await visible(staff.getByTestId('types-check'));
    await staff.goto('/#/reports/budget-registration');
    await staff.waitForURL(/#\/error\/403$/);
    await staff.goto('/#/reports/monthly-reconciliation');
    await staff.waitForURL(/#\/error\/403$/);
    await e2e.shot(staff, 'finance-reports-18-staff-403');
    expect(e2e.pageErrors).toEqual([]);
  });
});
