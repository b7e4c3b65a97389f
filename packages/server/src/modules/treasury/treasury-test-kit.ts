// Test helpers of the treasury tests (not part of the product): API calls as a given user, account
// balances read from the ledger, and snapshots of everything a treasury request could change, to prove
// that a refused one changed nothing.
import { sql } from 'drizzle-orm';
import { bearer, type TestContext } from '../../../test/harness.ts';
import { queryRows } from '../../db/rows.ts';
import { inSystem, inTenant } from '../../db/tenant.ts';
import { ledgerCounts } from '../../ledger/ledger-test-kit.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function caller(ctx: TestContext, defaultToken: () => string) {
  return (method: Method, url: string, payload?: object, token = defaultToken(), headers: Record<string, string> = {}) =>
    ctx.app.inject({ method, url, ...(payload === undefined ? {} : { payload }), headers: { ...bearer(token), ...headers } });
}

/** Debit minus credit per account code (all dates, or up to a day), straight from the journal lines. */
export async function netByCode(ctx: TestContext, clientId: number, upTo?: string): Promise<Record<string, string>> {
  const rows = await inTenant(ctx.database.db, clientId, (tx) =>
    queryRows<{ code: string; net: string }>(
      tx,
      sql`
      select a.code, sum(l.debit - l.credit)::numeric(18,2)::text as net
      from journal_lines l join accounts a on a.id = l.account_id
      where l.client_id = ${clientId} ${upTo ? sql`and l.date <= ${upTo}::date` : sql``}
      group by a.code order by a.code`,
    ),
  );
  return Object.fromEntries(rows.map((r) => [r.code, r.net]));
}

interface TreasuryCounts {
  transfers: string;
  cheques: string;
  cheque_lines: string;
  closings: string;
  entry_files: string;
  files: string;
  lock_date: string;
  idempotency: string;
}

/** The ledger counts plus every treasury table, as the owner (past row-level security). */
export async function treasurySnapshot(ctx: TestContext, clientId: number) {
  const ledger = await ledgerCounts(ctx.database.db, clientId);
  const [rows] = await inSystem(ctx.database.db, (tx) =>
    queryRows<TreasuryCounts>(
      tx,
      sql`
      select (select count(*) || ':' || coalesce(max(id), 0) from transfers where client_id = ${clientId}) as transfers,
             (select count(*) || ':' || coalesce(max(id), 0) from cheques where client_id = ${clientId}) as cheques,
             (select count(*) from cheque_lines where client_id = ${clientId})::text as cheque_lines,
             (select count(*) || ':' || coalesce(string_agg(id || ':' || coalesce(reopened_at::text, ''), ',' order by id), '') from period_closings where client_id = ${clientId}) as closings,
             (select count(*) from journal_entry_files where client_id = ${clientId})::text as entry_files,
             (select count(*) from files where client_id = ${clientId})::text as files,
             (select coalesce(lock_date::text, '') from ledger_settings where client_id = ${clientId}) as lock_date,
             (select count(*) from idempotency_keys where client_id = ${clientId})::text as idempotency`,
    ),
  );
  return { ...ledger, ...rows };
}

export type MultipartPart = { name: string; value: string } | { name: string; filename: string; content: Buffer; contentType?: string };

/** A multipart/form-data body with fields and files in the given order. */
export function multipart(parts: MultipartPart[]) {
  const boundary = `----ubo${Math.random().toString(16).slice(2)}${Date.now()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(part.content, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A ZIP archive (stored, no compression) of the given files. */
export function zipOf(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The smallest workbook a spreadsheet program would recognise as XLSX by its parts. */
export const TINY_XLSX = zipOf({
  '[Content_Types].xml': '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
  '_rels/.rels': '<?xml version="1.0"?><Relationships/>',
  'xl/workbook.xml': '<?xml version="1.0"?><workbook><sheets><sheet name="Bank" sheetId="1"/></sheets></workbook>',
});
export const TINY_PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
