import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { inSystem } from '../../db/tenant.ts';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { auditRows, lastAuditId, multipartFile } from '../settings/test-support.ts';
import { billingFactory } from './billing-test-kit.ts';
import { meterReadings } from './metering.tables.ts';
import { parseCsv } from './parse-csv.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let other: Awaited<ReturnType<typeof newOrganisation>>;
let f: ReturnType<typeof billingFactory>;

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Hargeisa Electric' });
  other = await newOrganisation(ctx, { name: 'Burao Water' });
  f = billingFactory(ctx, org);
  const zone = await f.zone();
  const customer = await f.customer();
  await f.house({ customerId: customer.id, zoneId: zone.id, meterNumber: 'CSV-1', installationReading: '100' });
  await f.house({ customerId: customer.id, zoneId: zone.id, meterNumber: 'CSV-2', installationReading: '500' });
  const replaced = await f.house({ customerId: customer.id, zoneId: zone.id, meterNumber: 'CSV-OLD', installationReading: '0' });
  await f.call(org.token, 'POST', `/api/elc/houses/${replaced.id}/replace-meter`, {
    date: '2025-01-10',
    oldFinalReading: '10',
    newMeterNumber: 'CSV-NEW',
    digits: 5,
  });
  // The other organisation's meter with the same number is not this one's.
  const b = billingFactory(ctx, other);
  await b.house({ customerId: (await b.customer()).id, zoneId: (await b.zone()).id, meterNumber: 'CSV-B' });
});
afterAll(() => ctx.close());

const URL = '/api/elc/reads/import';
const readingRows = () =>
  inSystem(ctx.database.db, (tx) => tx.select().from(meterReadings).where(eq(meterReadings.clientId, org.clientId)).orderBy(meterReadings.id));
const csv = [
  'Meter Number;Period;Reading;Date;Type',
  'CSV-1;2025-01;150;2025-01-31;regular',
  'csv-1;2025-02;"190";2025-02-28;',
  'CSV-2;2025-01;400;2025-01-31;regular',
  'CSV-9;2025-01;1;2025-01-31;regular',
  'CSV-OLD;2025-01;20;2025-01-31;regular',
  'CSV-B;2025-01;20;2025-01-31;regular',
  'CSV-NEW;2025-01;;2025-01-31;guess',
  '',
].join('\r\n');
const post = (body: string | Buffer, query = '', headers: Record<string, string> = { 'content-type': 'text/csv' }, lang?: string) =>
  f.call(org.token, 'POST', `${URL}${query}`, body as unknown as string, lang, headers);

describe('CSV import of readings', () => {
  it('previews every row (baselines chained within the file) and writes nothing', async () => {
    const before = await readingRows();
    const auditBefore = await lastAuditId(ctx, org.clientId);
    const res = await post(csv);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ committed: false, total: 7, valid: 2, invalid: 5, saved: 0 });
    expect(body.rows.map((r: { line: number; ok: boolean; consumption: string | null; errors: unknown[] }) => [r.line, r.ok, r.consumption, r.errors])).toEqual(
      [
        [2, true, '50', []],
        [3, true, '40', []],
        [
          4,
          false,
          null,
          [
            {
              field: 'reading',
              message: 'The reading is below the previous reading (500). Check it: a meter that rolled over past zero is accepted, this one did not.',
            },
          ],
        ],
        [5, false, null, [{ field: 'meterNumber', message: 'No meter has this number.' }]],
        [6, false, null, [{ field: 'meterNumber', message: 'This meter has been replaced; enter the reading of the new meter.' }]],
        [7, false, null, [{ field: 'meterNumber', message: 'No meter has this number.' }]],
        [8, false, null, [{ field: 'type', message: 'The value is not valid.' }]],
      ],
    );
    expect(body.rows[0]).toMatchObject({ saved: false, readingId: null, previousReading: '100', currentReading: '150' });
    expect(await readingRows()).toEqual(before);
    expect(await lastAuditId(ctx, org.clientId)).toBe(auditBefore);
  });

  it('answers row errors in Somali', async () => {
    const res = await post('meterNumber,period,reading,date\nCSV-9,2025-01,1,2025-01-31\n', '', { 'content-type': 'text/csv' }, 'so');
    expect(res.json().rows[0].errors).toEqual([{ field: 'meterNumber', message: 'Ma jiro mitir leh lambarkan.' }]);
  });

  it('with commit=true saves the valid rows only, with one audit line', async () => {
    const auditBefore = await lastAuditId(ctx, org.clientId);
    const res = await post(csv, '?commit=true');
    expect(res.json()).toMatchObject({ committed: true, valid: 2, saved: 2 });
    const saved = res.json().rows.filter((r: { saved: boolean }) => r.saved);
    expect(saved.map((r: { line: number; readingId: number | null }) => [r.line, typeof r.readingId])).toEqual([
      [2, 'number'],
      [3, 'number'],
    ]);
    const rows = await readingRows();
    expect(rows.filter((r) => r.type !== 'final').map((r) => [r.period, r.currentReading, r.consumption])).toEqual([
      ['2025-01', '150.000', '50.000'],
      ['2025-02', '190.000', '40.000'],
    ]);
    const audit = await auditRows(ctx, org.clientId, { afterId: auditBefore });
    expect(audit).toMatchObject([{ entity: 'reading', action: 'import', after: { count: 2 } }]);
    // Importing the same file again finds both periods already read.
    const again = (await post(csv, '?commit=true')).json();
    expect(again).toMatchObject({ saved: 0 });
    expect(again.rows[0].errors).toEqual([{ field: 'period', message: 'The house already has a reading for a later period (2025-02).' }]);
    expect(again.rows[1].errors).toEqual([{ field: 'period', message: 'This house already has a reading for this period.' }]);
  });

  it('accepts a multipart upload and confirmed/estimated columns', async () => {
    const file = 'meterNumber,period,reading,date,type,confirmed\nCSV-1,2025-03,190,2025-03-31,regular,yes\nCSV-1,2025-04,,2025-04-30,estimated,\n';
    const upload = multipartFile('readings.csv', Buffer.from(file), 'text/csv');
    const res = await post(upload.payload, '?commit=true', upload.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().rows.map((r: { consumption: string; flags: string[] }) => [r.consumption, r.flags])).toEqual([
      ['0', ['zero']],
      ['30', []],
    ]);
  });

  it('refuses a file without the needed columns, an empty one, or broken quoting, on the file field', async () => {
    const missing = await post('meter,reading\nCSV-1,5\n');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([{ field: 'file', message: 'The file has no column period.' }]);
    expect((await post('meterNumber,period,date\n')).json().details).toEqual([{ field: 'file', message: 'The file has no rows to import.' }]);
    expect((await post('meterNumber,period,date\n"CSV-1,2025-01,2025-01-01\n')).json().details).toEqual([
      { field: 'file', message: 'The file is not valid CSV (check the quotation marks).' },
    ]);
    expect((await f.call(org.token, 'POST', URL, { rows: [] })).json().details).toEqual([{ field: 'file', message: 'Choose a file to upload.' }]);
  });
});

describe('parseCsv', () => {
  it('reads quotes, escaped quotes, embedded separators and line breaks, CRLF and a BOM', () => {
    expect(parseCsv('\ufeffa,b\r\n"x, ""y""","line\nbreak"\n\n3,4')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x, "y"', 'line\nbreak'] },
      { line: 5, cells: ['3', '4'] },
    ]);
    expect(parseCsv('a;b\n1;2')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', '2'] },
    ]);
    expect(parseCsv('"open')).toBeNull();
  });
});
