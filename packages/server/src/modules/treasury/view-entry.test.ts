// The spec's finance/view (GET /api/finance/view/:id): one journal entry with its lines, parties by name,
// attachments and reversal links; journal keepers and journal-report readers only; another organisation's
// entry is 404; a bad id is 400 with a field message; nothing is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { tableSnapshot } from '../../../test/table-snapshot.ts';
import { accountsByCode } from '../../ledger/ledger-test-kit.ts';
import { staffToken } from '../finance/finance-test-kit.ts';
import { multipart, TINY_PDF } from './treasury-test-kit.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let other: Awaited<ReturnType<typeof newOrganisation>>;
let entryId: number;

const get = (token: string, url: string, lang?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...(lang ? { 'x-lang': lang } : {}) } });

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'View Water' });
  other = await newOrganisation(ctx, { name: 'Other View Water' });
  const acc = await accountsByCode(ctx.database.db, org.clientId);
  const posted = await ctx.app.inject({
    method: 'POST',
    url: '/api/finance/transaction',
    headers: bearer(org.token),
    payload: {
      date: '2025-04-01',
      reference: 'SLIP-9',
      memo: 'Fuel',
      lines: [
        { accountId: acc['6120'], debit: '90.00', memo: 'generator' },
        { accountId: acc['1010'], credit: '90.00' },
      ],
    },
  });
  expect(posted.statusCode, posted.body).toBe(201);
  entryId = posted.json().id;
  const body = multipart([
    { name: 'entryId', value: String(entryId) },
    { name: 'file', filename: 'slip.pdf', content: TINY_PDF },
  ]);
  const attached = await ctx.app.inject({
    method: 'POST',
    url: '/api/finance/upload-transaction-files',
    payload: body.payload,
    headers: { ...bearer(org.token), ...body.headers },
  });
  expect(attached.statusCode, attached.body).toBe(201);
});
afterAll(() => ctx.close());

describe('GET /api/finance/view/:id', () => {
  it('answers the entry with its lines, attachments and no reversal yet', async () => {
    const res = await get(org.token, `/api/finance/view/${entryId}`);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json();
    expect(view).toMatchObject({ id: entryId, reference: 'SLIP-9', memo: 'Fuel', total: '90.00', reverses: null, reversedBy: null });
    expect(view.lines.map((l: { debit: string; credit: string; memo: string | null }) => [l.debit, l.credit, l.memo])).toEqual([
      ['90.00', '0.00', 'generator'],
      ['0.00', '90.00', null],
    ]);
    expect(view.lines[0].accountName).toEqual(expect.any(String));
    expect(view.attachments).toEqual([expect.objectContaining({ entryId, filename: 'slip.pdf', mime: 'application/pdf' })]);
    // The same entry as the journal's own read, plus the three additions.
    const { attachments, reverses, reversedBy, ...entry } = view;
    expect(entry).toEqual((await get(org.token, `/api/finance/transaction/${entryId}`)).json());
    expect([attachments.length, reverses, reversedBy]).toEqual([1, null, null]);
  });

  it('links an entry and its reversal both ways', async () => {
    const reversed = await ctx.app.inject({
      method: 'POST',
      url: `/api/finance/transaction/${entryId}/reverse`,
      headers: bearer(org.token),
      payload: { memo: 'posted twice' },
    });
    expect(reversed.statusCode, reversed.body).toBe(201);
    const reversal = reversed.json();
    const original = (await get(org.token, `/api/finance/view/${entryId}`)).json();
    expect(original.reversedBy).toEqual({ id: reversal.id, number: reversal.number, date: reversal.date });
    const back = (await get(org.token, `/api/finance/view/${reversal.id}`)).json();
    expect(back.reverses).toMatchObject({ id: entryId, number: original.number });
    expect(back.reversedBy).toBeNull();
    expect(back.attachments).toEqual([]);
  });

  it('lets journal-report readers in, refuses others (403), hides other organisations (404), checks the id (400); writes nothing', async () => {
    const reader = await staffToken(ctx, org, ['journal-report']);
    const clerk = await staffToken(ctx, org, ['dashboard']);
    const before = await tableSnapshot(ctx.database.db);
    expect((await get(reader, `/api/finance/view/${entryId}`)).statusCode).toBe(200);
    const refused = await get(clerk, `/api/finance/view/${entryId}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    expect((await get(other.token, `/api/finance/view/${entryId}`)).statusCode).toBe(404);
    const bad = await get(org.token, '/api/finance/view/abc', 'so');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ field: 'id', message: expect.any(String) }]);
    const badEn = await get(org.token, '/api/finance/view/abc');
    expect(badEn.json().details[0].message).not.toBe(bad.json().details[0].message);
    expect(await tableSnapshot(ctx.database.db)).toEqual(before);
  });
});
