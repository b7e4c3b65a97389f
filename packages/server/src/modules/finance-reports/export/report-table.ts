// The one shape every exported report takes before it becomes a file: a title, subtitle lines, typed
// columns and rows (plain, section heading or total). Money travels as the API's decimal strings, so
// the file carries exactly the figures the screen shows.
export type CellValue = string | number | null;

/** money and percent: decimal strings written as numbers with two decimals; date: YYYY-MM-DD. */
export type ColumnKind = 'text' | 'money' | 'percent' | 'integer' | 'date';

export interface ReportColumn {
  key: string;
  header: string;
  kind: ColumnKind;
  /** Width in characters in the spreadsheet. */
  width?: number;
}

export type RowStyle = 'normal' | 'heading' | 'total';

export interface ReportRow {
  cells: Record<string, CellValue>;
  style?: RowStyle;
}

export interface ReportTable {
  title: string;
  /** Organisation, period, account, ... one line each above the table. */
  subtitle: string[];
  columns: ReportColumn[];
  rows: ReportRow[];
  /** Without extension, ASCII (e.g. trial-balance-2025-01-01-2025-12-31). */
  fileName: string;
}
