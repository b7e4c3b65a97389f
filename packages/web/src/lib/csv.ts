// CSV files of tables and reports (the DataTable's export, every report's CSV button): cells quoted and
// defused against spreadsheet formulas, file names made from the title and the period.

/** A value as a table cell shows it: objects as JSON, null and undefined as nothing. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** One CSV cell: quoted, and a leading = + @ (or - not starting a number) defused against formula injection. */
export function csvCell(value: unknown): string {
  let s = cellText(value);
  if (/^[=+@\t\r]/.test(s) || /^-(?![\d.])/.test(s)) s = `'${s}`;
  return `"${s.replace(/"/g, '""')}"`;
}

export type CsvValue = string | number | null | undefined;

/** CSV text of a table as shown (header row first), cells quoted and defused against formulas. */
export function csvText(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map((r) => r.map((v) => csvCell(v ?? '')).join(',')).join('\r\n');
}

/** A file name part from a title: 'Trial balance' + period -> 'trial-balance_2026-01-01_2026-12-31'. */
export function csvFileName(...parts: string[]): string {
  return parts
    .map((p) =>
      p
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}.-]+/gu, '-')
        .replace(/^-+|-+$/g, ''),
    )
    .filter(Boolean)
    .join('_');
}
