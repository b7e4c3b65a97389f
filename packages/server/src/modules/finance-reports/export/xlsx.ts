// XLSX export with exceljs's streaming WorkbookWriter: each row is committed as it is written, so a
// statement of tens of thousands of lines is zipped on the way out, never held as one XML string.
// Title and subtitle lines on top, a bold header row (frozen), the rows, bold section and total rows.
// Money and percentages are numeric cells formatted with two decimals, dates real dates.
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { CellValue, ColumnKind, ReportTable } from './report-table.ts';

/** Whether XML 1.0 allows the code point (tab, line breaks and the printable planes; no lone surrogates). */
function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

/**
 * Drops the characters XML 1.0 forbids. exceljs escapes markup and drops C0 controls, but lets lone
 * surrogates and U+FFFE/U+FFFF through, and Excel refuses a file that holds them.
 */
export function xmlSafe(value: string): string {
  let clean = '';
  for (const ch of value) if (isXmlChar(ch.codePointAt(0) ?? 0)) clean += ch;
  return clean;
}

/** Excel's limits on sheet names: 1-31 characters, none of : \ / ? * [ ]. */
export function sheetName(title: string): string {
  const name = xmlSafe(title)
    .replace(/[:\\/?*[\]]/g, ' ')
    .trim()
    .slice(0, 31)
    .trim();
  return name || 'Report';
}

const FONT = { name: 'Calibri', family: 2, size: 11 };
const BOLD = { ...FONT, bold: true };
const TITLE = { ...FONT, size: 14, bold: true };

/** Number formats by column kind: built-in #,##0.00 (4), 0.00 (2), 0 (1) and an ISO date. */
const NUM_FMT: Partial<Record<ColumnKind, string>> = { money: '#,##0.00', percent: '0.00', integer: '0', date: 'yyyy-mm-dd' };

const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The cell's value and number format: numbers and dates typed, anything else as text. */
function typed(value: Exclude<CellValue, null>, kind: ColumnKind): { value: string | number | Date; numFmt?: string } {
  const text = String(value);
  if ((kind === 'money' || kind === 'percent' || kind === 'integer') && NUMBER_TEXT.test(text)) {
    // The API's decimal string, parsed once: Excel keeps a double, so this is the figure it would read.
    return { value: Number(text), numFmt: NUM_FMT[kind] };
  }
  if (kind === 'date' && ISO_DATE.test(text)) {
    const at = new Date(`${text}T00:00:00Z`);
    if (!Number.isNaN(at.getTime())) return { value: at, numFmt: NUM_FMT.date };
  }
  return { value: xmlSafe(text) };
}

function defaultWidth(kind: ColumnKind): number {
  return kind === 'text' ? 30 : kind === 'date' ? 12 : kind === 'integer' ? 10 : 16;
}

/** Streams the table as a one-sheet workbook into `out` and ends it; resolves when the file is written. */
export async function writeXlsx(table: ReportTable, out: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: true });
  const headerRow = 3 + table.subtitle.length; // title, subtitles, a blank line, then the header
  const sheet = workbook.addWorksheet(sheetName(table.title), {
    views: [{ state: 'frozen', xSplit: 0, ySplit: headerRow, topLeftCell: `A${headerRow + 1}` }],
  });
  sheet.columns = table.columns.map((c) => ({ width: c.width ?? defaultWidth(c.kind) }));

  const line = (at: number, text: string, font: Partial<ExcelJS.Font>) => {
    const row = sheet.getRow(at);
    const cell = row.getCell(1);
    cell.value = xmlSafe(text);
    cell.font = font;
    row.commit();
  };
  line(1, table.title, TITLE);
  table.subtitle.forEach((text, i) => {
    line(2 + i, text, FONT);
  });

  const header = sheet.getRow(headerRow);
  table.columns.forEach((c, i) => {
    const cell = header.getCell(i + 1);
    cell.value = xmlSafe(c.header);
    cell.font = BOLD;
  });
  header.commit();

  table.rows.forEach((source, index) => {
    const font = source.style === 'heading' || source.style === 'total' ? BOLD : FONT;
    const row = sheet.getRow(headerRow + 1 + index);
    table.columns.forEach((c, i) => {
      const value = source.cells[c.key] ?? null;
      if (value === null || value === '') return;
      const { value: v, numFmt } = typed(value, c.kind);
      const cell = row.getCell(i + 1);
      cell.value = v;
      cell.font = font;
      if (numFmt) cell.numFmt = numFmt;
    });
    row.commit();
  });
  sheet.commit();
  await workbook.commit();
}
