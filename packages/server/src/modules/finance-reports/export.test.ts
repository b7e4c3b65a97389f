// Exports: every report as CSV (BOM, RFC 4180) and XLSX (opened with a ZIP reader checked against zlib's
// CRC-32, its sheet read back), with the totals in the file equal to the API's; the writers' edge cases.
import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { accountsByCode } from '../../ledger/ledger-test-kit.ts';
import { staffToken } from '../finance/finance-test-kit.ts';
import { writeCsv } from './export/csv.ts';
import type { ReportTable } from './export/report-table.ts';
import { sheetName, writeXlsx, xmlSafe } from './export/xlsx.ts';
import { assertExportable, renderReport } from './export/send-report.ts';
import { createCustomer, parseCsv, postEntries, readSheet, type SheetCell, sheetRow, unzip } from './finance-reports-test-kit.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let acc: Record<string, number>;
let customer: number;

const get = (url: string, token = org.token, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });
const json = async (url: string) => (await get(url)).json();
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function xlsx(url: string) {
  const res = await get(url);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe(XLSX_TYPE);
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[A-Za-z0-9._-]+\.xlsx"$/);
  return readSheet(res.rawPayload);
}
const num = (cell: SheetCell | undefined) => (cell === undefined ? null : (cell.value as number));
/** Numbers of the cells of a row, compared with the API's decimal strings. */
const numbers = (row: Record<string, SheetCell> | undefined, columns: string[]) => columns.map((c) => num(row?.[c]));
const asNumbers = (values: Array<string | null>) => values.map((v) => (v === null ? null : Number(v)));

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Export & Sons "Water"' });
  acc = await accountsByCode(ctx.database.db, org.clientId);
  customer = await createCustomer(ctx, org.token, 'Cawo Xasan');
  await postEntries(ctx, org.clientId, acc, [
    {
      date: '2024-12-31',
      memo: 'Capital',
      lines: [
        ['1030', 'debit', '20000.00'],
        ['3010', 'credit', '20000.00'],
      ],
    },
    {
      date: '2025-01-05',
      memo: 'Bills',
      lines: [
        ['1100', 'debit', '1234567.89', ['customer', customer]],
        ['4010', 'credit', '1234567.89'],
      ],
    },
    {
      date: '2025-01-15',
      memo: 'Fuel, "diesel"',
      lines: [
        ['5020', 'debit', '600.25'],
        ['1030', 'credit', '600.25'],
      ],
    },
    {
      date: '2025-01-20',
      memo: '=HYPERLINK("http://x")',
      lines: [
        ['1030', 'debit', '1000.00'],
        ['1100', 'credit', '1000.00', ['customer', customer]],
      ],
    },
    {
      date: '2025-02-05',
      memo: 'Connection fee',
      lines: [
        ['1010', 'debit', '150.00'],
        ['4030', 'credit', '150.00'],
      ],
    },
    {
      date: '2025-02-20',
      memo: 'Pump',
      lines: [
        ['1430', 'debit', '4000.00'],
        ['1030', 'credit', '4000.00'],
      ],
    },
  ]);
  const budget = await ctx.app.inject({
    method: 'PUT',
    url: '/api/finance/budgets',
    headers: bearer(org.token),
    payload: {
      year: 2025,
      lines: [
        { accountId: acc['4010'], month: 1, amount: '1000000.00' },
        { accountId: acc['5020'], month: 1, amount: '700.00' },
      ],
    },
  });
  expect(budget.statusCode).toBe(200);
  const rec = await ctx.app.inject({
    method: 'PUT',
    url: '/api/finance/reconciliation',
    headers: bearer(org.token),
    payload: { accountId: acc['1030'], period: '2025-01', statementBalance: '20399.75', clearedLineIds: [] },
  });
  expect(rec.statusCode).toBe(200);
});
afterAll(() => ctx.close());

const range = 'startDate=2025-01-01&endDate=2025-02-28';

describe('XLSX exports carry the API figures', () => {
  it('trial balance: title, bold frozen header, numeric cells, totals row equal to the API', async () => {
    const api = await json(`/api/finance/reports/trial-balance?${range}`);
    const sheet = await xlsx(`/api/finance/reports/trial-balance/export?format=xlsx&${range}`);
    expect(sheet.get(1)?.A).toEqual({ value: 'Trial balance', style: 'title' });
    expect(sheet.get(2)?.A.value).toBe('Export & Sons "Water"');
    expect(sheet.get(3)?.A.value).toBe('Period: 2025-01-01 – 2025-02-28');
    const header = sheet.get(5)!;
    expect(Object.values(header).map((c) => c.value)).toEqual([
      'Code',
      'Account',
      'Opening debit',
      'Opening credit',
      'Period debit',
      'Period credit',
      'Closing debit',
      'Closing credit',
    ]);
    expect(Object.values(header).every((c) => c.style === 'bold')).toBe(true);
    const water = sheetRow(sheet, 'A', '4010')!;
    expect(water.H).toEqual({ value: 1234567.89, style: 'money' });
    const total = sheetRow(sheet, 'B', 'Total')!;
    const t = api.totals;
    expect(numbers(total, ['C', 'D', 'E', 'F', 'G', 'H'])).toEqual(
      asNumbers([t.opening.debit, t.opening.credit, t.movement.debit, t.movement.credit, t.debit, t.credit]),
    );
    expect(total.G.style).toBe('moneyBold');
    // Title, organisation, period, (blank), header, the rows, the totals row.
    expect(sheet.size).toBe(4 + api.rows.length + 1);
  });

  it('income statement, balance sheet and account transaction', async () => {
    const is = await json(`/api/finance/incomestatement?${range}`);
    const isSheet = await xlsx(`/api/finance/incomestatement/export?format=xlsx&${range}`);
    expect(num(sheetRow(isSheet, 'B', 'Total income')?.C)).toBe(Number(is.totals.income));
    expect(num(sheetRow(isSheet, 'B', 'Net income')?.C)).toBe(Number(is.netIncome));

    const bs = await json('/api/finance/balancesheet?date=2025-02-28');
    const bsSheet = await xlsx('/api/finance/balancesheet/export?format=xlsx&date=2025-02-28');
    expect(bsSheet.get(3)?.A.value).toBe('As at 2025-02-28');
    expect(num(sheetRow(bsSheet, 'B', 'Total assets')?.C)).toBe(Number(bs.totals.assets));
    expect(num(sheetRow(bsSheet, 'B', 'Total liabilities and equity')?.C)).toBe(Number(bs.totals.liabilitiesAndEquity));

    const url = `accountId=${acc['1030']}&${range}`;
    const st = await json(`/api/finance/reports/account-transaction?${url}`);
    const stSheet = await xlsx(`/api/finance/reports/account-transaction/export?format=xlsx&${url}`);
    expect(num(sheetRow(stSheet, 'D', 'Opening balance')?.G)).toBe(Number(st.openingBalance));
    expect(numbers(sheetRow(stSheet, 'D', 'Total'), ['E', 'F'])).toEqual(asNumbers([st.totals.debit, st.totals.credit]));
    expect(num(sheetRow(stSheet, 'D', 'Closing balance')?.G)).toBe(Number(st.closingBalance));
    // Dates are real dates: 2025-01-15 is Excel day 45672, shown yyyy-mm-dd.
    expect(sheetRow(stSheet, 'D', 'Fuel, "diesel"')?.A).toEqual({ value: 45672, style: 'date' });
  });

  it('account summary, account types, cash flow and revenue', async () => {
    const summary = await json(`/api/finance/reports/account-summary?${range}&type=asset`);
    const summarySheet = await xlsx(`/api/finance/reports/account-summary/export?format=xlsx&${range}&type=asset`);
    const t = summary.totals;
    expect(numbers(sheetRow(summarySheet, 'B', 'Total'), ['D', 'E', 'F', 'G'])).toEqual(asNumbers([t.opening, t.debit, t.credit, t.closing]));

    const types = await json(`/api/finance/reports/account-types?${range}`);
    const typesSheet = await xlsx(`/api/finance/reports/account-types/export?format=xlsx&${range}`);
    expect(numbers(sheetRow(typesSheet, 'A', 'Total'), ['D', 'E'])).toEqual(asNumbers([types.totals.debit, types.totals.credit]));
    expect(num(sheetRow(typesSheet, 'A', '    Bank')?.B)).toBe(1);

    const cf = await json(`/api/finance/reports/cash-flow?${range}`);
    expect(cf.isBalanced).toBe(true);
    const cfSheet = await xlsx(`/api/finance/reports/cash-flow/export?format=xlsx&${range}`);
    expect(num(sheetRow(cfSheet, 'A', 'Cash at the start of the period')?.D)).toBe(Number(cf.openingCash));
    expect(numbers(sheetRow(cfSheet, 'A', 'Net change in cash'), ['B', 'C', 'D'])).toEqual(asNumbers([cf.totals.inflow, cf.totals.outflow, cf.totals.net]));
    expect(num(sheetRow(cfSheet, 'A', 'Cash at the end of the period')?.D)).toBe(Number(cf.closingCash));
    expect(num(sheetRow(cfSheet, 'A', 'Net cash from Investing activities')?.D)).toBe(-4000);

    // The report's own path answers the same file when asked for a format.
    const direct = readSheet((await get(`/api/finance/reports/cash-flow?format=xlsx&${range}`)).rawPayload);
    expect(num(sheetRow(direct, 'A', 'Cash at the end of the period')?.D)).toBe(Number(cf.closingCash));
    const directCsv = await get(`/api/finance/reports/cash-flow?format=csv&${range}`);
    expect([directCsv.headers['content-type'], directCsv.headers['content-disposition']]).toEqual([
      'text/csv; charset=utf-8',
      'attachment; filename="cash-flow-2025-01-01-2025-02-28.csv"',
    ]);

    const revenue = await json(`/api/finance/reports/revenue?${range}`);
    const revenueSheet = await xlsx(`/api/finance/reports/revenue/export?format=xlsx&${range}`);
    expect(Object.values(revenueSheet.get(5)!).map((c) => c.value)).toEqual(['Account', '2025-01', '2025-02', 'Total']);
    expect(numbers(sheetRow(revenueSheet, 'A', 'Total'), ['B', 'C', 'D'])).toEqual(asNumbers([...revenue.totals.amounts, revenue.totals.total]));
  });

  it('budget vs actual, personal account and reconciliation', async () => {
    const bva = await json('/api/finance/reports/budget-vs-actual?year=2025&month=1');
    const bvaSheet = await xlsx('/api/finance/reports/budget-vs-actual/export?format=xlsx&year=2025&month=1');
    const n = bva.totals.net;
    const net = sheetRow(bvaSheet, 'B', 'Net income')!;
    expect(numbers(net, ['C', 'D', 'E', 'F'])).toEqual(asNumbers([n.budget, n.actual, n.variance, n.variancePercent]));
    expect(net.F.style).toBe('percentBold');

    const url = `partyType=customer&partyId=${customer}`;
    const pa = await json(`/api/finance/reports/personalaccount?${url}`);
    const paSheet = await xlsx(`/api/finance/reports/personalaccount/export?format=xlsx&${url}`);
    expect(paSheet.get(3)?.A.value).toBe(`Customer ${customer} – Cawo Xasan`);
    expect(numbers(sheetRow(paSheet, 'D', 'Total'), ['F', 'G'])).toEqual(asNumbers([pa.totals.debit, pa.totals.credit]));
    expect(num(sheetRow(paSheet, 'D', 'Closing balance')?.H)).toBe(Number(pa.closingBalance));

    const rec = await json(`/api/finance/reconciliation?accountId=${acc['1030']}&period=2025-01`);
    const recSheet = await xlsx(`/api/finance/reconciliation/export?format=xlsx&accountId=${acc['1030']}&period=2025-01`);
    expect(num(sheetRow(recSheet, 'D', 'Difference')?.H)).toBe(Number(rec.difference));
    expect(num(sheetRow(recSheet, 'D', 'Ledger balance')?.H)).toBe(Number(rec.ledgerBalance));
    expect(sheetRow(recSheet, 'D', 'Fuel, "diesel"')?.G.value).toBe('No');
  });
});

describe('CSV exports', () => {
  it('writes UTF-8 with a BOM, CRLF, RFC 4180 quoting, the totals row; formulas defused', async () => {
    const url = `accountId=${acc['1030']}&${range}`;
    const res = await get(`/api/finance/reports/account-transaction/export?format=csv&${url}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="account-transaction-1030-2025-01-01-2025-02-28.csv"`);
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFFDate,Number,Reference,Description,Debit,Credit,Balance\r\n')).toBe(true);
    expect(text).toContain('2025-01-15,JV-000003,,"Fuel, ""diesel""",0.00,600.25,19399.75\r\n');
    const records = parseCsv(text.slice(1));
    expect(records.find((r) => r[0] === '2025-01-20')?.[3]).toBe(`'=HYPERLINK("http://x")`);
    const st = await json(`/api/finance/reports/account-transaction?${url}`);
    expect(records.find((r) => r[3] === 'Total')?.slice(4, 6)).toEqual([st.totals.debit, st.totals.credit]);
    expect(records.find((r) => r[3] === 'Closing balance')?.[6]).toBe(st.closingBalance);
    expect(records.every((r) => r.length === 7)).toBe(true);
  });

  it('speaks the caller’s language and keeps negative amounts as numbers', async () => {
    const res = await get(`/api/finance/reports/trial-balance/export?format=csv&${range}`, org.token, { 'x-lang': 'so' });
    const records = parseCsv(res.rawPayload.toString('utf8').slice(1));
    expect(records[0].slice(0, 3)).toEqual(['Koodh', 'Xisaab', 'Debit-ka furitaanka']);
    expect(records.at(-1)?.[1]).toBe('Wadarta');
    expect(records.find((r) => r[0] === '4010')?.[1]).toBe('Iibka biyaha');
    const cf = parseCsv((await get(`/api/finance/reports/cash-flow/export?format=csv&${range}`)).rawPayload.toString('utf8').slice(1));
    expect(cf.find((r) => r[0] === '      1430 Water network, wells and pumps')?.slice(1)).toEqual(['0.00', '4000.00', '-4000.00']);
  });

  it('refuses an unknown format and answers 403 without the report’s privilege', async () => {
    const bad = await get(`/api/finance/reports/trial-balance/export?format=pdf&${range}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ field: 'format', message: 'The value is not valid.' }]);
    const token = await staffToken(ctx, org, ['account-summary']);
    for (const path of ['reports/trial-balance/export', 'incomestatement/export', 'balancesheet/export', 'reports/revenue/export']) {
      const res = await get(`/api/finance/${path}?format=xlsx&${range}`, token);
      expect([path, res.statusCode]).toEqual([path, 403]);
    }
    expect((await get(`/api/finance/reports/account-summary/export?format=csv&${range}`, token)).statusCode).toBe(200);
  });
});

describe('the writers', () => {
  const table: ReportTable = {
    title: 'A: report/with [odd] name that is longer than thirty-one',
    subtitle: ['  leading spaces'],
    columns: [
      { key: 'text', header: 'Text', kind: 'text' },
      { key: 'money', header: 'Money', kind: 'money' },
      { key: 'n', header: 'N', kind: 'integer' },
    ],
    rows: [
      { cells: { text: 'a\u0001b <&> "q"', money: '-0.50', n: 3 } },
      { cells: { text: 'line\nbreak', money: null, n: null } },
      { style: 'total', cells: { text: 'Total', money: '12345678901234.56', n: 3 } },
    ],
    fileName: 'x',
  };

  const xlsxFile = async (t: ReportTable) => {
    const out = new PassThrough();
    const [file] = await Promise.all([buffer(out), writeXlsx(t, out)]);
    return file;
  };

  it('writes a workbook whose parts are all there, with clean text and exact numbers', async () => {
    const file = await xlsxFile(table);
    const files = unzip(file);
    expect([...files.keys()]).toEqual(
      expect.arrayContaining(['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/styles.xml', 'xl/worksheets/sheet1.xml']),
    );
    expect(files.get('xl/workbook.xml')?.toString()).toContain('name="A  report with  odd  name that"');
    const sheet = readSheet(file);
    expect(sheet.get(1)?.A).toEqual({ value: table.title, style: 'title' });
    expect(sheet.get(2)?.A.value).toBe('  leading spaces');
    expect(sheet.get(4)).toEqual({ A: { value: 'Text', style: 'bold' }, B: { value: 'Money', style: 'bold' }, C: { value: 'N', style: 'bold' } });
    expect(sheet.get(5)).toEqual({ A: { value: 'ab <&> "q"', style: 'text' }, B: { value: -0.5, style: 'money' }, C: { value: 3, style: 'integer' } });
    expect(sheet.get(6)).toEqual({ A: { value: 'line\nbreak', style: 'text' } });
    expect(sheet.get(7)).toEqual({
      A: { value: 'Total', style: 'bold' },
      B: { value: 12345678901234.56, style: 'moneyBold' },
      C: { value: 3, style: 'integerBold' },
    });
    const xml = files.get('xl/worksheets/sheet1.xml')?.toString() ?? '';
    expect(xml).toContain('<v>12345678901234.56</v>');
    expect(xml).toMatch(/<pane [^>]*ySplit="4"[^>]*topLeftCell="A5"[^>]*state="frozen"|<pane [^>]*state="frozen"[^>]*ySplit="4"/);
  });

  it('streams a large report as it is written, every row in the file', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => ({ cells: { text: `Line ${i + 1}`, money: `${i}.25`, n: i } }));
    const file = renderReport({ ...table, rows }, 'xlsx');
    expect(file.body).toBeInstanceOf(PassThrough);
    const sheet = readSheet(await buffer(file.body as PassThrough));
    // Title, subtitle, header and the rows (the blank line holds no row).
    expect(sheet.size).toBe(3 + rows.length);
    expect(sheet.get(4 + rows.length)).toEqual({
      A: { value: 'Line 20000', style: 'text' },
      B: { value: 19999.25, style: 'money' },
      C: { value: 19999, style: 'integer' },
    });
  });

  it('names sheets as Excel allows, and drops characters XML forbids', async () => {
    expect(sheetName('a/b:c')).toBe('a b c');
    expect(sheetName('[]')).toBe('Report');
    expect(xmlSafe('x\u0000\u001f\uFFFEy\uD800z 😀 & é')).toBe('xyz 😀 & é');
    const sheet = readSheet(await xlsxFile({ ...table, rows: [{ cells: { text: 'x\u0000\uFFFEy\uD800z 😀' } }] }));
    expect(sheet.get(5)?.A.value).toBe('xyz 😀');
  });

  it('asks for a shorter range beyond the export limit', () => {
    expect(() => assertExportable(50_000)).not.toThrow();
    expect(() => assertExportable(50_001)).toThrow(
      expect.objectContaining({ statusCode: 400, code: 'EXPORT_TOO_LARGE', messageKey: 'financeReports.exportTooLarge|50000' }),
    );
    expect(() => assertExportable(11, 10)).toThrow(expect.objectContaining({ details: [{ field: 'endDate', message: 'financeReports.exportTooLarge|10' }] }));
  });

  it('quotes CSV fields only when needed', () => {
    const text = writeCsv(table).toString('utf8');
    expect(text).toBe('\uFEFFText,Money,N\r\n"a\u0001b <&> ""q""",-0.50,3\r\n"line\nbreak",,\r\nTotal,12345678901234.56,3\r\n');
  });
});
