// Scans attached to a received payment (the spec's finance/attache-file-offilne-payment and
// finance/remove-attached-file): the journal attachments' rules, kept on the payment's entry, shown on the
// payment, downloadable and removable by cashiers; other organisations get 404; refusals change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { tableSnapshot } from '../../../test/table-snapshot.ts';
import { staffUser } from '../settings/test-support.ts';
import { multipart, TINY_PDF, TINY_PNG } from '../treasury/treasury-test-kit.ts';
import { flatTariff, paymentsKit } from './payments-test-kit.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let other: Awaited<ReturnType<typeof newOrganisation>>;
let kit: ReturnType<typeof paymentsKit>;
let paymentId: number;
let entryId: number;

const ATTACH = '/api/finance/attache-file-offilne-payment';

const attach = (parts: Parameters<typeof multipart>[0], token = org.token, lang?: string) => {
  const body = multipart(parts);
  return ctx.app.inject({
    method: 'POST',
    url: ATTACH,
    payload: body.payload,
    headers: { ...bearer(token), ...body.headers, ...(lang ? { 'x-lang': lang } : {}) },
  });
};
const call = (method: 'GET' | 'DELETE', url: string, token = org.token) => ctx.app.inject({ method, url, headers: bearer(token) });

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Slip Water' });
  other = await newOrganisation(ctx, { name: 'Other Slip Water' });
  await flatTariff(ctx, org);
  kit = paymentsKit(ctx, org);
  const customer = await kit.billableCustomer({ name: 'Hodan Ali' });
  const cash = await kit.accountId('1010');
  const paid = await kit.api('POST', '/api/finance/payments', { customerId: customer.id, amount: '15', method: 'cash', accountId: cash, date: '2025-06-10' });
  expect(paid.statusCode, paid.body).toBe(201);
  paymentId = paid.json().id;
  entryId = paid.json().entryId;
  expect(paid.json().attachments).toEqual([]);
});
afterAll(() => ctx.close());

describe('attaching a scan to a received payment', () => {
  it('stores it on the payment, shows it on the payment and its entry, serves it and removes it', async () => {
    const res = await attach([
      { name: 'paymentId', value: String(paymentId) },
      { name: 'file', filename: 'bank slip.PNG', content: TINY_PNG },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json();
    expect(file).toMatchObject({ entryId, filename: 'bank slip.png', mime: 'image/png', size: TINY_PNG.length, createdBy: 'Administrator' });

    const payment = (await call('GET', `/api/finance/payments/${paymentId}`)).json();
    expect(payment.attachments).toEqual([file]);
    expect((await call('GET', `/api/finance/view/${entryId}`)).json().attachments).toEqual([file]);

    const download = await call('GET', `${ATTACH}/${file.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.rawPayload.equals(TINY_PNG)).toBe(true);

    const removed = await call('DELETE', `/api/finance/remove-attached-file/${file.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call('GET', `/api/finance/payments/${paymentId}`)).json().attachments).toEqual([]);
    expect((await call('GET', `${ATTACH}/${file.id}`)).statusCode).toBe(404);
  });

  it('refuses a missing payment, an unknown type and a missing file field by field in EN and SO, changing nothing', async () => {
    const before = await tableSnapshot(ctx.database.db);
    const noPayment = await attach([{ name: 'file', filename: 'a.pdf', content: TINY_PDF }]);
    expect(noPayment.statusCode).toBe(400);
    expect(noPayment.json().details).toEqual([{ field: 'paymentId', message: expect.any(String) }]);
    const exe = await attach([
      { name: 'paymentId', value: String(paymentId) },
      { name: 'file', filename: 'virus.pdf', content: Buffer.from('MZ\x90\x00 not a pdf') },
    ]);
    expect(exe.statusCode).toBe(400);
    expect(exe.json().details[0].field).toBe('file');
    const exeSo = await attach(
      [
        { name: 'paymentId', value: String(paymentId) },
        { name: 'file', filename: 'virus.pdf', content: Buffer.from('MZ\x90\x00 not a pdf') },
      ],
      org.token,
      'so',
    );
    expect(exeSo.json().details[0].field).toBe('file');
    expect(exeSo.json().details[0].message).not.toBe(exe.json().details[0].message);
    const noFile = await attach([{ name: 'paymentId', value: String(paymentId) }]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().details[0].field).toBe('file');
    const unknown = await attach([
      { name: 'paymentId', value: '999999' },
      { name: 'file', filename: 'a.pdf', content: TINY_PDF },
    ]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details[0].field).toBe('paymentId');
    expect(await tableSnapshot(ctx.database.db)).toEqual(before);
  });

  it('keeps other organisations out (404) and people without receive-payment (403), changing nothing', async () => {
    const file = (
      await attach([
        { name: 'paymentId', value: String(paymentId) },
        { name: 'file', filename: 'receipt.pdf', content: TINY_PDF },
      ])
    ).json();
    const clerk = await staffUser(ctx, org, ['dashboard']);
    const before = await tableSnapshot(ctx.database.db);
    const stranger = await attach(
      [
        { name: 'paymentId', value: String(paymentId) },
        { name: 'file', filename: 'x.pdf', content: TINY_PDF },
      ],
      other.token,
    );
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().details[0].field).toBe('paymentId');
    expect((await call('GET', `${ATTACH}/${file.id}`, other.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/finance/remove-attached-file/${file.id}`, other.token)).statusCode).toBe(404);
    expect((await attach([{ name: 'paymentId', value: String(paymentId) }], clerk.token)).statusCode).toBe(403);
    expect((await call('GET', `${ATTACH}/${file.id}`, clerk.token)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/finance/remove-attached-file/${file.id}`, clerk.token)).statusCode).toBe(403);
    expect(await tableSnapshot(ctx.database.db)).toEqual(before);
  });

  it('removes only attachments of payments: a journal entry attachment is 404 here', async () => {
    const acc = { cash: await kit.accountId('1010'), rent: await kit.accountId('6120') };
    const journal = await ctx.app.inject({
      method: 'POST',
      url: '/api/finance/transaction',
      headers: bearer(org.token),
      payload: {
        date: '2025-06-01',
        lines: [
          { accountId: acc.rent, debit: '5.00' },
          { accountId: acc.cash, credit: '5.00' },
        ],
      },
    });
    const body = multipart([
      { name: 'entryId', value: String(journal.json().id) },
      { name: 'file', filename: 'j.pdf', content: TINY_PDF },
    ]);
    const jf = await ctx.app.inject({
      method: 'POST',
      url: '/api/finance/upload-transaction-files',
      payload: body.payload,
      headers: { ...bearer(org.token), ...body.headers },
    });
    expect(jf.statusCode).toBe(201);
    expect((await call('DELETE', `/api/finance/remove-attached-file/${jf.json().id}`)).statusCode).toBe(404);
    expect((await call('GET', `${ATTACH}/${jf.json().id}`)).statusCode).toBe(404);
  });
});
