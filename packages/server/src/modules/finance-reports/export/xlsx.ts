// XLSX export: a one-sheet SpreadsheetML workbook (ECMA-376) written by hand and zipped with zip.ts.
// Title and subtitle lines on top, a bold header row (frozen), the rows, bold section and total rows.
// Money and percentages are numeric cells formatted with two decimals, dates real dates, text inline
// strings (no shared-string table needed).
import type { CellValue, ColumnKind, ReportTable } from './report-table.ts';
import { zip } from './zip.ts';

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Whether XML 1.0 allows the code point (tab, line breaks and the printable planes; no lone surrogates). */
function isXmlChar(code: number): boolean {
  return (
    code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff)
  );
}

/** Characters XML 1.0 does not allow are dropped; the five specials escaped. */
export function xmlText(value: string): string {
  let clean = '';
  for (const ch of value) if (isXmlChar(ch.codePointAt(0) ?? 0)) clean += ch;
  return clean.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A, B, ..., Z, AA, AB, ... for a zero-based column index. */
export function columnName(index: number): string {
  let n = index + 1;
  let name = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    name = String.fromCharCode(65 + r) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

/** Days since 1899-12-30, Excel's serial date (1900 date system). */
function excelSerial(isoDate: string): number | null {
  const t = Date.parse(`${isoDate}T00:00:00Z`);
  return Number.isNaN(t) ? null : Math.round((t - Date.UTC(1899, 11, 30)) / 86_400_000);
}

// Style indexes into cellXfs below.
const S = { text: 0, bold: 1, money: 2, moneyBold: 3, date: 4, integer: 5, percent: 6, percentBold: 7, title: 8, integerBold: 9, dateBold: 10 } as const;

const STYLES = `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">
<numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd"/></numFmts>
<fonts count="3"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="14"/><name val="Calibri"/><family val="2"/></font></fonts>
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>
<cellXfs count="11">
<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>
<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>
<xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>
<xf numFmtId="4" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/>
<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>
<xf numFmtId="1" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>
<xf numFmtId="2" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>
<xf numFmtId="2" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/>
<xf numFmtId="0" fontId="2" fillId="0" borderId="0" xfId="0" applyFont="1"/>
<xf numFmtId="1" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/>
<xf numFmtId="164" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/>
</cellXfs>
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>
</styleSheet>`;

function styleOf(kind: ColumnKind, isBold: boolean): number {
  switch (kind) {
    case 'money':
      return isBold ? S.moneyBold : S.money;
    case 'percent':
      return isBold ? S.percentBold : S.percent;
    case 'integer':
      return isBold ? S.integerBold : S.integer;
    case 'date':
      return isBold ? S.dateBold : S.date;
    default:
      return isBold ? S.bold : S.text;
  }
}

const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

function inlineString(ref: string, text: string, style: number): string {
  const space = text !== text.trim() ? ' xml:space="preserve"' : '';
  return `<c r="${ref}" t="inlineStr"${style ? ` s="${style}"` : ''}><is><t${space}>${xmlText(text)}</t></is></c>`;
}

function cell(ref: string, value: CellValue, kind: ColumnKind, isBold: boolean): string {
  if (value === null || value === undefined || value === '') return '';
  const style = styleOf(kind, isBold);
  if (kind === 'money' || kind === 'percent' || kind === 'integer') {
    const text = String(value);
    // The decimal string goes into the file as written: no float rounding on the way.
    if (NUMBER_TEXT.test(text)) return `<c r="${ref}" s="${style}"><v>${text}</v></c>`;
    return inlineString(ref, text, isBold ? S.bold : S.text);
  }
  if (kind === 'date') {
    const serial = typeof value === 'string' ? excelSerial(value) : null;
    if (serial !== null) return `<c r="${ref}" s="${style}"><v>${serial}</v></c>`;
  }
  return inlineString(ref, String(value), style);
}

/** Excel's limits on sheet names: 1-31 characters, none of : \ / ? * [ ]. */
export function sheetName(title: string): string {
  const name = title.replace(/[:\\/?*[\]]/g, ' ').trim().slice(0, 31).trim();
  return name || 'Report';
}

export function writeXlsx(table: ReportTable, at = new Date()): Buffer {
  const rows: string[] = [];
  let r = 0;
  const addRow = (cells: string) => {
    r += 1;
    rows.push(`<row r="${r}">${cells}</row>`);
  };
  addRow(inlineString('A1', table.title, S.title));
  for (const line of table.subtitle) addRow(inlineString(`A${r + 1}`, line, S.text));
  r += 1; // a blank line before the table
  addRow(table.columns.map((c, i) => inlineString(`${columnName(i)}${r + 1}`, c.header, S.bold)).join(''));
  const headerRow = r;
  for (const row of table.rows) {
    const isBold = row.style === 'heading' || row.style === 'total';
    const n = r + 1;
    addRow(table.columns.map((c, i) => cell(`${columnName(i)}${n}`, row.cells[c.key] ?? null, c.kind, isBold)).join(''));
  }
  const widths = table.columns
    .map((c, i) => {
      const width = c.width ?? (c.kind === 'text' ? 30 : c.kind === 'date' ? 12 : c.kind === 'integer' ? 10 : 16);
      return `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`;
    })
    .join('');
  const last = `${columnName(Math.max(0, table.columns.length - 1))}${Math.max(r, 1)}`;
  const sheet =
    `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    `<dimension ref="A1:${last}"/>` +
    `<sheetViews><sheetView workbookViewId="0"><pane ySplit="${headerRow}" topLeftCell="A${headerRow + 1}" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>` +
    `<sheetFormatPr defaultRowHeight="15"/>` +
    `<cols>${widths}</cols>` +
    `<sheetData>${rows.join('')}</sheetData>` +
    `</worksheet>`;
  const workbook =
    `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    `<sheets><sheet name="${xmlText(sheetName(table.title))}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
  const workbookRels =
    `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
    `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
    `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/>` +
    `</Relationships>`;
  const rootRels =
    `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
    `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>` +
    `</Relationships>`;
  const contentTypes =
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
    `<Default Extension="xml" ContentType="application/xml"/>` +
    `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
    `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
    `<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>` +
    `</Types>`;
  const file = (name: string, text: string) => ({ name, data: Buffer.from(text, 'utf8') });
  return zip(
    [
      file('[Content_Types].xml', contentTypes),
      file('_rels/.rels', rootRels),
      file('xl/workbook.xml', workbook),
      file('xl/_rels/workbook.xml.rels', workbookRels),
      file('xl/styles.xml', STYLES),
      file('xl/worksheets/sheet1.xml', sheet),
    ],
    at,
  );
}
