// CSV export (RFC 4180): UTF-8 with a byte-order mark (so spreadsheet programs read Somali text right),
// CRLF line ends, fields quoted when they hold a comma, quote or line break, quotes doubled. The header
// row and the rows, totals included; money as plain decimals (1250.50). Text that a spreadsheet would run
// as a formula (=, +, -, @ first) is prefixed with an apostrophe; number columns are left as they are.
import type { CellValue, ReportColumn, ReportTable } from './report-table.ts';

const FORMULA_START = /^[=+\-@\t\r]/;

function field(value: CellValue, column: ReportColumn | null): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if ((column === null || column.kind === 'text') && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function writeCsv(table: ReportTable): Buffer {
  const lines = [table.columns.map((c) => field(c.header, null)).join(',')];
  for (const row of table.rows) lines.push(table.columns.map((c) => field(row.cells[c.key] ?? null, c)).join(','));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}
