// Journal entry attachments through the API: upload (type by content, 2 MiB, per-entry limit), list,
// download and removal within the organisation only, audited; access by privilege.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TRANSACTION_FILES_PER_ENTRY } from '@ubo/contracts';
import { bearer, newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { queryRows } from '../../db/rows.ts';
import { inSystem, inTenant } from '../../db/tenant.ts';
import { accountsByCode } from '../../ledger/ledger-test-kit.ts';
import { staffToken } from '../finance/finance-test-kit.ts';
import { caller, multipart, TINY_PDF, TINY_PNG, TINY_XLSX, treasurySnapshot } from './treasury-test-kit.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let other: Awaited<ReturnType<typeof newOrganisation>>;
let api: ReturnType<typeof caller>;
let entryId: number;
let otherEntryId: number;

const MiB2 = 2 * 1024 * 1024;

async function journalEntry(token: string, clientId: number): Promise<number> {
  const acc = await accountsByCode(ctx.database.db, clientId);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/finance/transaction',
    headers: bearer(token),
    payload: {
      date: '2025-04-01',
      reference: 'RCPT-1',
      lines: [
        { accountId: acc['6120'], debit: '90.00' },
        { accountId: acc['1010'], credit: '90.00' },
      ],
    },
  });
  return res.json().id;
}

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Attach Water' });
  other = await newOrganisation(ctx, { name: 'Other Water' });
  api = caller(ctx, () => org.token);
  entryId = await journalEntry(org.token, org.clientId);
  otherEntryId = await journalEntry(other.token, other.clientId);
});
afterAll(() => ctx.close());

const upload = (parts: Parameters<typeof multipart>[0], token = org.token, headers: Record<string, string> = {}) => {
  const body = multipart(parts);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/finance/upload-transaction-files',
    payload: body.payload,
    headers: { ...bearer(token), ...body.headers, ...headers },
  });
};
const file = (filename: string, content: Buffer, contentType?: string) => ({ name: 'file', filename, content, contentType });
const snapshot = (clientId = org.clientId) => treasurySnapshot(ctx, clientId);

describe('POST /api/finance/upload-transaction-files', () => {
  it('stores each accepted type, named by what it really is, and audits it', async () => {
    const csv = Buffer.from('date,amount\n2025-04-01,90.00\n');
    const cases: Array<[string, Buffer, string, string]> = [
      ['receipt.pdf', TINY_PDF, 'application/pdf', 'receipt.pdf'],
      ['photo.PNG', TINY_PNG, 'image/png', 'photo.png'],
      ['scan.jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), 'image/jpeg', 'scan.jpg'],
      ['slip.webp', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]), 'image/webp', 'slip.webp'],
      ['statement.xlsx', TINY_XLSX, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'statement.xlsx'],
      ['bank.txt', csv, 'text/csv', 'bank.csv'],
    ];
    for (const [name, content, mime, stored] of cases) {
      const res = await upload([{ name: 'entryId', value: String(entryId) }, file(name, content)]);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
      expect(res.json()).toMatchObject({ entryId, filename: stored, mime, size: content.length, createdBy: 'Administrator' });
    }
    // The entryId may also follow the file.
    const after = await upload([file('late.pdf', TINY_PDF), { name: 'entryId', value: String(entryId) }]);
    expect(after.statusCode).toBe(201);
    const audit = await inTenant(ctx.database.db, org.clientId, (tx) =>
      queryRows<{ action: string; after: { entryId: number; mime: string } }>(
        tx,
        sql`select action, after from audit_log where entity = 'transaction-file' order by id`,
      ),
    );
    expect(audit).toHaveLength(7);
    expect(audit[0]).toMatchObject({ action: 'attach', after: { entryId, mime: 'application/pdf' } });
  });

  it('refuses other types, a missing or foreign entry, and files over 2 MiB; changes nothing', async () => {
    const before = await snapshot();
    for (const [name, content] of [
      ['invoice.pdf', Buffer.from('just text pretending to be a PDF')],
      ['page.csv', Buffer.from('<html><body>hi</body></html>')],
      ['anim.gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00')],
      ['tool.xlsx', Buffer.from('MZ\x90\x00\x03\x00\x00\x00')],
    ] as const) {
      const res = await upload([{ name: 'entryId', value: String(entryId) }, file(name, content)], org.token, { 'x-lang': 'so' });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([{ field: 'file', message: 'Faylasha PDF, PNG, JPEG, WEBP, CSV ama XLSX oo keliya ayaa la oggol yahay.' }]);
    }
    expect((await upload([file('a.pdf', TINY_PDF)])).json().details).toEqual([{ field: 'entryId', message: 'Field is required.' }]);
    expect((await upload([{ name: 'entryId', value: 'abc' }, file('a.pdf', TINY_PDF)])).json().details).toEqual([
      { field: 'entryId', message: 'Enter a number.' },
    ]);
    expect((await upload([{ name: 'entryId', value: String(entryId) }])).json().details).toEqual([{ field: 'file', message: 'Choose a file to upload.' }]);
    expect((await upload([{ name: 'entryId', value: String(otherEntryId) }, file('a.pdf', TINY_PDF)])).json().details).toEqual([
      { field: 'entryId', message: 'The selected record does not exist.' },
    ]);
    expect((await upload([{ name: 'entryId', value: '999999' }, file('a.pdf', TINY_PDF)])).statusCode).toBe(400);
    const tooBig = Buffer.concat([TINY_PDF, Buffer.alloc(MiB2 + 1 - TINY_PDF.length - 6, 0x20), Buffer.from('%%EOF\n')]);
    expect(tooBig.length).toBe(MiB2 + 1);
    const big = await upload([{ name: 'entryId', value: String(entryId) }, file('big.pdf', tooBig)]);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'TOO_LARGE', message: 'The file is too large.' });
    const json = await api('POST', '/api/finance/upload-transaction-files', { entryId });
    expect(json.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('accepts exactly 2 MiB and at most the per-entry number of files', async () => {
    const exact = Buffer.concat([TINY_PDF, Buffer.alloc(MiB2 - TINY_PDF.length - 6, 0x20), Buffer.from('%%EOF\n')]);
    const res = await upload([{ name: 'entryId', value: String(entryId) }, file('exact.pdf', exact)]);
    expect(res.statusCode).toBe(201);
    expect(res.json().size).toBe(MiB2);
    const listed = (await api('GET', `/api/finance/get-transaction-files?entryId=${entryId}`)).json().data.length;
    for (let i = listed; i < TRANSACTION_FILES_PER_ENTRY; i += 1) {
      expect((await upload([{ name: 'entryId', value: String(entryId) }, file(`p${i}.png`, TINY_PNG)])).statusCode).toBe(201);
    }
    const before = await snapshot();
    const over = await upload([{ name: 'entryId', value: String(entryId) }, file('one-more.png', TINY_PNG)]);
    expect(over.json().details).toEqual([{ field: 'file', message: `An entry can have at most ${TRANSACTION_FILES_PER_ENTRY} attached files.` }]);
    expect(await snapshot()).toEqual(before);
  });
});

describe('reading and removing attachments', () => {
  it('lists and downloads within the organisation; another organisation gets nothing', async () => {
    const list = await api('GET', `/api/finance/get-transaction-files?entryId=${entryId}`);
    expect(list.statusCode).toBe(200);
    const files = list.json().data;
    expect(files).toHaveLength(TRANSACTION_FILES_PER_ENTRY);
    const pdf = files[0];
    const download = await api('GET', `/api/finance/transaction-files/${pdf.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^inline; filename="receipt\.pdf"/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(TINY_PDF)).toBe(true);
    const csv = files.find((f: { mime: string }) => f.mime === 'text/csv');
    const csvDownload = await api('GET', `/api/finance/transaction-files/${csv.id}`);
    expect(csvDownload.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csvDownload.headers['content-disposition']).toMatch(/^attachment; filename="bank\.csv"/);

    expect((await api('GET', `/api/finance/transaction-files/${pdf.id}`, undefined, other.token)).statusCode).toBe(404);
    expect((await api('GET', `/api/finance/get-transaction-files?entryId=${entryId}`, undefined, other.token)).json()).toEqual({ data: [] });
    expect((await api('GET', '/api/finance/transaction-files/999999')).statusCode).toBe(404);
  });

  it('removes a file (link and bytes), audited; refuses another organisation and a second removal', async () => {
    const [first] = (await api('GET', `/api/finance/get-transaction-files?entryId=${entryId}`)).json().data;
    expect(first.fileId).toBeUndefined();
    const [{ file_id: fileId }] = await inSystem(ctx.database.db, (tx) =>
      queryRows<{ file_id: string }>(tx, sql`select file_id from journal_entry_files where id = ${first.id}`),
    );
    const otherBefore = await snapshot(other.clientId);
    const before = await snapshot();
    const foreign = await api('DELETE', `/api/finance/remove-transaction-file/${first.id}`, undefined, other.token);
    expect(foreign.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
    expect(await snapshot(other.clientId)).toEqual(otherBefore);

    const res = await api('DELETE', `/api/finance/remove-transaction-file/${first.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: 'Deleted.' });
    const after = await snapshot();
    expect(Number(after.entry_files)).toBe(Number(before.entry_files) - 1);
    expect(Number(after.files)).toBe(Number(before.files) - 1);
    const gone = await inSystem(ctx.database.db, (tx) => queryRows(tx, sql`select 1 from files where id = ${fileId}::uuid`));
    expect(gone).toEqual([]);
    const audit = await inTenant(ctx.database.db, org.clientId, (tx) =>
      queryRows<{ before: { filename: string } }>(tx, sql`select before from audit_log where entity = 'transaction-file' and action = 'delete'`),
    );
    expect(audit).toEqual([{ before: expect.objectContaining({ filename: 'receipt.pdf', entryId }) }]);
    expect((await api('DELETE', `/api/finance/remove-transaction-file/${first.id}`)).statusCode).toBe(404);
  });
});

describe('access', () => {
  it('reads with journal-report or general-journal, writes with general-journal only; 403 changes nothing', async () => {
    const [some] = (await api('GET', `/api/finance/get-transaction-files?entryId=${entryId}`)).json().data;
    const reader = await staffToken(ctx, org, ['journal-report']);
    const keeper = await staffToken(ctx, org, ['general-journal']);
    const nobody = await staffToken(ctx, org, ['transfer-balance', 'write-check']);
    for (const token of [reader, keeper]) {
      expect((await api('GET', `/api/finance/get-transaction-files?entryId=${entryId}`, undefined, token)).statusCode).toBe(200);
      expect((await api('GET', `/api/finance/transaction-files/${some.id}`, undefined, token)).statusCode).toBe(200);
    }
    const before = await snapshot();
    for (const [token, method, url] of [
      [nobody, 'GET', `/api/finance/get-transaction-files?entryId=${entryId}`],
      [nobody, 'GET', `/api/finance/transaction-files/${some.id}`],
      [reader, 'DELETE', `/api/finance/remove-transaction-file/${some.id}`],
      [nobody, 'DELETE', `/api/finance/remove-transaction-file/${some.id}`],
    ] as const) {
      const res = await api(method, url, undefined, token);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    for (const token of [reader, nobody]) {
      const res = await upload([{ name: 'entryId', value: String(entryId) }, file('x.pdf', TINY_PDF)], token);
      expect(res.statusCode).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
    expect((await api('DELETE', `/api/finance/remove-transaction-file/${some.id}`, undefined, keeper)).statusCode).toBe(200);
  });
});
