// Test helpers of the finance-reports tests (not part of the product): post entries by account code,
// create customers, read back an exported XLSX (a minimal ZIP reader checked against zlib's CRC-32, and
// the sheet's cells with their look decoded from styles.xml) and CSV.
import { crc32 as zlibCrc32, inflateRawSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { PartyType } from '@ubo/contracts';
import { bearer, type TestContext } from '../../../test/harness.ts';
import { queryRows } from '../../db/rows.ts';
import { inTenant } from '../../db/tenant.ts';
import { postJournal } from '../../ledger/index.ts';

export type Side = 'debit' | 'credit';
export type TestLine = [code: string, side: Side, amount: string, party?: [PartyType, number]];
export interface TestEntry {
  date: string;
  memo?: string;
  sourceType?: string;
  lines: TestLine[];
}

/** Posts the entries in order, in one tenant transaction; answers the posted entries' line ids by entry. */
export async function postEntries(ctx: TestContext, clientId: number, acc: Record<string, number>, entries: TestEntry[]): Promise<number[][]> {
  return inTenant(ctx.database.db, clientId, async (tx) => {
    const out: number[][] = [];
    for (const e of entries) {
      const posted = await postJournal(tx, {
        clientId,
        date: e.date,
        memo: e.memo ?? null,
        sourceType: e.sourceType ?? 'journal',
        lines: e.lines.map(([code, side, amount, party]) => {
          if (acc[code] === undefined) throw new Error(`no account ${code}`);
          return { accountId: acc[code], [side]: amount, partyType: party?.[0] ?? null, partyId: party?.[1] ?? null };
        }),
      });
      const rows = await queryRows<{ id: string | number }>(tx, sql`select id from journal_lines where entry_id = ${posted.id} order by id`);
      out.push(rows.map((r) => Number(r.id)));
    }
    return out;
  });
}

let customerCounter = 0;
export async function createCustomer(ctx: TestContext, token: string, name: string): Promise<number> {
  customerCounter += 1;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/elc/customers',
    headers: bearer(token),
    payload: { name, phone: `06150${String(10000 + customerCounter).slice(-5)}`, customerClass: 'residential' },
  });
  if (res.statusCode !== 201) throw new Error(`customer: ${res.statusCode} ${res.body}`);
  return res.json().id as number;
}

/** The files of a ZIP archive, each checked against its CRC-32 and size (zlib's CRC, not ours). */
export function unzip(archive: Buffer): Map<string, Buffer> {
  let end = archive.length - 22;
  while (end >= 0 && archive.readUInt32LE(end) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error('not a zip archive: no end of central directory');
  const count = archive.readUInt16LE(end + 10);
  let p = archive.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i += 1) {
    if (archive.readUInt32LE(p) !== 0x02014b50) throw new Error('bad central directory entry');
    const method = archive.readUInt16LE(p + 10);
    const crc = archive.readUInt32LE(p + 16);
    const compressedSize = archive.readUInt32LE(p + 20);
    const size = archive.readUInt32LE(p + 24);
    const nameLength = archive.readUInt16LE(p + 28);
    const extraLength = archive.readUInt16LE(p + 30);
    const commentLength = archive.readUInt16LE(p + 32);
    const offset = archive.readUInt32LE(p + 42);
    const name = archive.subarray(p + 46, p + 46 + nameLength).toString('utf8');
    if (archive.readUInt32LE(offset) !== 0x04034b50) throw new Error(`bad local header for ${name}`);
    const start = offset + 30 + archive.readUInt16LE(offset + 26) + archive.readUInt16LE(offset + 28);
    const raw = archive.subarray(start, start + compressedSize);
    const data = method === 8 ? inflateRawSync(raw) : Buffer.from(raw);
    if (data.length !== size || zlibCrc32(data) !== crc) throw new Error(`corrupt entry ${name}`);
    files.set(name, data);
    p += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** A cell's look, read from styles.xml: the number format by kind, bold, and the 14-point bold title. */
export type CellStyle = 'text' | 'bold' | 'title' | 'money' | 'moneyBold' | 'percent' | 'percentBold' | 'integer' | 'integerBold' | 'date' | 'dateBold';

export interface SheetCell {
  value: string | number;
  style: CellStyle;
}

const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];

/** The style of each cellXfs index of a workbook's styles.xml. */
function cellStyles(stylesXml: string): CellStyle[] {
  const formats = new Map<number, string>([
    [1, '0'],
    [2, '0.00'],
    [4, '#,##0.00'],
  ]);
  for (const f of stylesXml.matchAll(/<numFmt\b[^>]*>/g)) formats.set(Number(attr(f[0], 'numFmtId')), unescapeXml(attr(f[0], 'formatCode') ?? ''));
  const fonts = [...(/<fonts\b[^>]*>(.*?)<\/fonts>/s.exec(stylesXml)?.[1] ?? '').matchAll(/<font>(.*?)<\/font>|<font\/>/gs)].map((f) => ({
    bold: /<b\/>/.test(f[1] ?? ''),
    size: Number(/<sz val="([\d.]+)"/.exec(f[1] ?? '')?.[1] ?? 11),
  }));
  const xfs = /<cellXfs\b[^>]*>(.*?)<\/cellXfs>/s.exec(stylesXml)?.[1] ?? '';
  return [...xfs.matchAll(/<xf\b[^>]*>/g)].map((xf) => {
    const font = fonts[Number(attr(xf[0], 'fontId') ?? 0)] ?? { bold: false, size: 11 };
    if (font.bold && font.size === 14) return 'title';
    const code = formats.get(Number(attr(xf[0], 'numFmtId') ?? 0)) ?? '';
    const kind = code === '#,##0.00' ? 'money' : code === '0.00' ? 'percent' : code === '0' ? 'integer' : /yyyy/.test(code) ? 'date' : null;
    if (kind === null) return font.bold ? 'bold' : 'text';
    return (font.bold ? `${kind}Bold` : kind) as CellStyle;
  });
}

/** The text of a <si> or <is> element (its runs joined). */
const runText = (xml: string) => [...xml.matchAll(/<t\b[^>]*>(.*?)<\/t>/gs)].map((t) => unescapeXml(t[1])).join('');

/** Rows of sheet1 by row number, cells by column letter: numbers for <v>, text for shared or inline strings. */
export function readSheet(archive: Buffer): Map<number, Record<string, SheetCell>> {
  const files = unzip(archive);
  const xml = files.get('xl/worksheets/sheet1.xml')?.toString('utf8');
  if (!xml) throw new Error('no sheet1.xml');
  const shared = [...(files.get('xl/sharedStrings.xml')?.toString('utf8') ?? '').matchAll(/<si>(.*?)<\/si>/gs)].map((si) => runText(si[1]));
  const styles = cellStyles(files.get('xl/styles.xml')?.toString('utf8') ?? '');
  const rows = new Map<number, Record<string, SheetCell>>();
  for (const row of xml.matchAll(/<row\b([^>]*?)(?:\/>|>(.*?)<\/row>)/gs)) {
    const cells: Record<string, SheetCell> = {};
    for (const c of (row[2] ?? '').matchAll(/<c r="([A-Z]+)\d+"([^>]*?)(?:\/>|>(.*?)<\/c>)/gs)) {
      const body = c[3] ?? '';
      if (!body) continue; // a styled empty cell
      const style = styles[Number(attr(c[2], 's') ?? 0)] ?? 'text';
      const type = attr(c[2], 't');
      const v = /<v>(.*?)<\/v>/s.exec(body)?.[1] ?? '';
      if (type === 's') cells[c[1]] = { value: shared[Number(v)] ?? '', style };
      else if (type === 'inlineStr') cells[c[1]] = { value: runText(body), style };
      else if (type === 'str') cells[c[1]] = { value: unescapeXml(v), style };
      else cells[c[1]] = { value: Number(v), style };
    }
    rows.set(Number(attr(row[1], 'r')), cells);
  }
  return rows;
}

/** The row whose column-`column` text equals label (first match). */
export function sheetRow(sheet: Map<number, Record<string, SheetCell>>, column: string, label: string): Record<string, SheetCell> | undefined {
  for (const cells of sheet.values()) if (cells[column]?.value === label) return cells;
  return undefined;
}

/** RFC 4180 records of a CSV text (after the BOM). */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += ch;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}
