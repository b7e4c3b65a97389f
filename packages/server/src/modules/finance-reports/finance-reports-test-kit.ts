// Test helpers of the finance-reports tests (not part of the product): post entries by account code,
// create customers, read back an exported XLSX (a minimal ZIP reader checked against zlib's CRC-32, and
// the sheet's cells) and CSV.
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
  s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

export interface SheetCell {
  value: string | number;
  style: number;
}

/** Rows of sheet1 by row number, cells by column letter: numbers for <v>, text for inline strings. */
export function readSheet(archive: Buffer): Map<number, Record<string, SheetCell>> {
  const xml = unzip(archive).get('xl/worksheets/sheet1.xml')?.toString('utf8');
  if (!xml) throw new Error('no sheet1.xml');
  const rows = new Map<number, Record<string, SheetCell>>();
  for (const row of xml.matchAll(/<row r="(\d+)">(.*?)<\/row>/g)) {
    const cells: Record<string, SheetCell> = {};
    for (const c of row[2].matchAll(/<c r="([A-Z]+)\d+"([^>]*)>(.*?)<\/c>/g)) {
      const style = Number(/ s="(\d+)"/.exec(c[2])?.[1] ?? 0);
      if (c[2].includes('t="inlineStr"')) cells[c[1]] = { value: unescapeXml(/<t[^>]*>(.*?)<\/t>/.exec(c[3])?.[1] ?? ''), style };
      else cells[c[1]] = { value: Number(/<v>(.*?)<\/v>/.exec(c[3])?.[1]), style };
    }
    rows.set(Number(row[1]), cells);
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
