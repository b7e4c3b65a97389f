import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { expectReceivableMatchesCustomers } from '../../../test/receivable-invariant.ts';
import { multipartFile, staffUser } from '../settings/test-support.ts';
import { flatTariff, paymentsKit } from './payments-test-kit.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let k: ReturnType<typeof paymentsKit>;
let evc: number;
let zaad: number;
let hodan: { id: number; customerNo: string };
let farah: { id: number; customerNo: string };
let twinA: { id: number };
let twinB: { id: number };

const MATCH = '/api/finance/payments/batch/match';
const SAVE = '/api/finance/payments/batch';

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Berbera Power' });
  await flatTariff(ctx, org);
  k = paymentsKit(ctx, org);
  evc = await k.accountId('1040');
  zaad = await k.accountId('1050');
  hodan = await k.billableCustomer({ name: 'Hodan Abdi', phone: '+252634411223' });
  farah = await k.billableCustomer({ name: 'Farah Ali', phone: '0615777888' });
  twinA = await k.billableCustomer({ name: 'Twin One', phone: '0907111222' });
  twinB = await k.billableCustomer({ name: 'Twin Two', phone: '+252907111222' });
  await k.bill(hodan.id, '2025-01', 10); // 12.00
  await k.bill(hodan.id, '2025-02', 20); // 22.00
  await k.bill(farah.id, '2025-01', 5); // 7.00
});
afterAll(() => ctx.close());

const invariant = () => expectReceivableMatchesCustomers(ctx.database.db, org.clientId);
type Row = {
  row: number;
  status: string;
  customer: { id: number } | null;
  matchedBy: string | null;
  errors: Array<{ field: string; message: string }>;
  line: number | null;
};

describe('batch receive: matching', () => {
  it('matches by customer number, then phone in any notation; flags unmatched, shared phones, duplicates and invalid rows', async () => {
    const posted = await k.api('POST', '/api/finance/payments', {
      customerId: farah.id,
      amount: '1',
      date: '2025-06-01',
      accountId: evc,
      method: 'mobile_money',
      reference: 'TX-OLD',
    });
    expect(posted.statusCode).toBe(201);
    const rows = [
      { reference: 'TX-1', customer: hodan.customerNo, amount: '5', date: '2025-06-02' },
      { reference: 'TX-2', customer: '0634411223', amount: '5', date: '2025-06-02' },
      { reference: 'TX-3', customer: '+252634411223', amount: '5', date: '2025-06-02' },
      { reference: 'TX-4', customer: '252634411223', amount: '5', date: '2025-06-02' },
      { reference: 'TX-5', customer: '634411223', amount: '5', date: '2025-06-02' },
      { reference: 'TX-6', customer: 'c' + hodan.customerNo.slice(2), amount: '5', date: '2025-06-02' },
      { reference: 'TX-7', customer: '0699999999', amount: '5', date: '2025-06-02' },
      { reference: 'TX-8', customer: '0907111222', amount: '5', date: '2025-06-02' },
      { reference: 'tx-1', customer: '0615777888', amount: '5', date: '2025-06-02' },
      { reference: 'TX-OLD', customer: '0615777888', amount: '5', date: '2025-06-02' },
      { reference: 'TX-9', customer: '0615777888', amount: '-5', date: '2025-13-02' },
    ];
    const res = await k.api('POST', MATCH, { accountId: evc, rows });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.rows.map((r: Row) => [r.status, r.customer?.id ?? null, r.matchedBy])).toEqual([
      ['matched', hodan.id, 'customerNo'],
      ['matched', hodan.id, 'phone'],
      ['matched', hodan.id, 'phone'],
      ['matched', hodan.id, 'phone'],
      ['matched', hodan.id, 'phone'],
      ['matched', hodan.id, 'customerNo'],
      ['unmatched', null, null],
      ['unmatched', null, null],
      ['duplicate', farah.id, 'phone'],
      ['duplicate', farah.id, 'phone'],
      ['invalid', farah.id, 'phone'],
    ]);
    expect(body.rows[7].candidates.map((c: { id: number }) => c.id).sort()).toEqual([twinA.id, twinB.id].sort());
    expect(body.rows[6].errors).toEqual([{ field: 'customer', message: 'No customer has this customer number or phone.' }]);
    expect(body.rows[8].duplicateOf).toEqual({ paymentId: null, number: null, row: 0 });
    expect(body.rows[9].duplicateOf).toMatchObject({ number: posted.json().number });
    expect(body.rows[10].errors.map((e: { field: string }) => e.field)).toEqual(['amount', 'date']);
    expect(body.totals).toEqual({ rows: 11, matched: 6, unmatched: 2, duplicate: 2, invalid: 1, matchedAmount: '30.00' });

    // TX-OLD on another account is no duplicate.
    const elsewhere = await k.api('POST', MATCH, { accountId: zaad, rows: [rows[9]] });
    expect(elsewhere.json().rows[0].status).toBe('matched');
    // In Somali.
    const so = await k.api('POST', MATCH, { accountId: evc, rows: [rows[6], rows[7]] }, { lang: 'so' });
    expect(so.json().rows.map((r: Row) => r.errors[0].message)).toEqual([
      'Ma jiro macmiil leh lambarkan macmiilka ama taleefankan.',
      'Macaamiil dhowr ah ayaa leh taleefankan; dooro kan lacagta bixiyay.',
    ]);
    await invariant();
  });

  it('reads a mobile-money statement as CSV (upload or text/csv), with its own column names and formats', async () => {
    const csv = [
      'Transaction ID;MSISDN;Amount;Transaction Date',
      `EV-100;+252 63 4411223;"1,250.50";2025-06-03 09:14:00`,
      `EV-101;${farah.customerNo};$ 7;03/06/2025`,
      'EV-102;0612000000;4;2025-06-03',
    ].join('\r\n');
    const upload = multipartFile('evc.csv', Buffer.from(csv), 'text/csv');
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${MATCH}?accountId=${evc}`,
      payload: upload.payload,
      headers: { ...upload.headers, authorization: `Bearer ${org.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows.map((r: Row & { amount: string; date: string }) => [r.line, r.status, r.customer?.id ?? null, r.amount, r.date])).toEqual([
      [2, 'matched', hodan.id, '1250.50', '2025-06-03'],
      [3, 'matched', farah.id, '7', '2025-06-03'],
      [4, 'unmatched', null, '4', '2025-06-03'],
    ]);
    const text = await ctx.app.inject({
      method: 'POST',
      url: MATCH,
      payload: csv,
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${org.token}` },
    });
    expect(text.json().totals).toMatchObject({ rows: 3, matched: 2, unmatched: 1 });
    const noColumn = await ctx.app.inject({
      method: 'POST',
      url: MATCH,
      payload: 'ref,amount\nA,1',
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${org.token}` },
    });
    expect(noColumn.json().details).toEqual([{ field: 'file', message: 'The file has no column customer.' }]);
    const noRows = await k.api('POST', MATCH, { rows: [] });
    expect(noRows.statusCode).toBe(400);
    expect(noRows.json().details).toEqual([{ field: 'rows', message: 'The value must be at least 1' }]);
    const nothing = await ctx.app.inject({ method: 'POST', url: MATCH, headers: { authorization: `Bearer ${org.token}` } });
    expect(nothing.json().details).toEqual([{ field: 'file', message: 'Choose a file to upload.' }]);
    await invariant();
  });
});

describe('batch receive: saving', () => {
  it('saves every row in one transaction, oldest bills first, or nothing when any row is refused', async () => {
    const rows = [
      { customerId: hodan.id, amount: '20', date: '2025-06-05', reference: 'B-1' },
      { customerId: farah.id, amount: '10', date: '2025-06-05', reference: 'B-2' },
      { customerId: hodan.id, amount: '3', date: '2025-06-05', reference: 'TX-OLD' },
      { customerId: farah.id, amount: '1', date: '2025-06-05', reference: 'b-1' },
      { customerId: 999999, amount: '1', date: '2025-06-05', reference: 'B-5' },
    ];
    const before = await k.snapshot();
    const refused = await k.api('POST', SAVE, { accountId: evc, method: 'mobile_money', source: 'grid', rows });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Some rows of the batch cannot be saved; nothing was saved. Correct the rows named below.');
    expect(refused.json().details).toEqual([
      { field: 'rows.2.reference', message: expect.stringMatching(/^A payment with this reference is already recorded on this account \(RC-\d{6}\)\.$/) },
      { field: 'rows.3.reference', message: 'This reference appears more than once in the batch.' },
      { field: 'rows.4.customerId', message: 'The selected record does not exist.' },
    ]);
    const badAmount = await k.api(
      'POST',
      SAVE,
      { accountId: evc, method: 'mobile_money', source: 'grid', rows: [rows[0], { ...rows[1], amount: '0' }] },
      { lang: 'so' },
    );
    expect(badAmount.json().details).toEqual([{ field: 'rows.1.amount', message: 'Geli lacag ka badan eber.' }]);
    await k.lockBooks('2025-06-04');
    const locked = await k.api('POST', SAVE, { accountId: evc, method: 'mobile_money', source: 'grid', rows: [rows[0], { ...rows[1], date: '2025-06-04' }] });
    expect(locked.json().details).toEqual([{ field: 'rows.1.date', message: 'The books are closed up to 2025-06-04; choose a later date.' }]);
    await k.lockBooks(null);
    expect(await k.snapshot()).toEqual(before);

    const headers = { 'idempotency-key': 'batch-june-5' };
    const body = { accountId: evc, method: 'mobile_money', source: 'csv', fileName: 'evc-june.csv', rows: rows.slice(0, 2) };
    const saved = await k.api('POST', SAVE, body, { headers });
    expect(saved.statusCode, saved.body).toBe(201);
    const batch = saved.json();
    expect(batch).toMatchObject({
      source: 'csv',
      fileName: 'evc-june.csv',
      method: 'mobile_money',
      paymentCount: 2,
      total: '30.00',
      account: { code: '1040' },
    });
    expect(batch.payments.map((p: { customerId: number; amount: string; allocated: string }) => [p.customerId, p.amount, p.allocated])).toEqual([
      [hodan.id, '20.00', '20.00'],
      [farah.id, '10.00', '6.00'],
    ]);
    const replay = await k.api('POST', SAVE, body, { headers });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().id).toBe(batch.id);
    const list = await k.api('GET', '/api/finance/payments/batches');
    expect(list.json()).toMatchObject({ total: 1, data: [{ id: batch.id, paymentCount: 2, total: '30.00', cancelledCount: 0 }] });
    const payments = await k.api('GET', `/api/finance/payments?batchId=${batch.id}`);
    expect(payments.json().total).toBe(2);
    // Hodan's 20 paid January (12) and 8 of February.
    expect(await k.account(hodan.id)).toMatchObject({ openBills: [{ open: '14.00' }] });
    expect(await k.account(farah.id)).toMatchObject({ balance: '-4.00', credit: '4.00' });
    // The statement rows are now duplicates.
    const again = await k.api('POST', MATCH, { accountId: evc, rows: [{ reference: 'b-2', customer: farah.customerNo, amount: '10', date: '2025-06-05' }] });
    expect(again.json().rows[0].status).toBe('duplicate');
    await invariant();
  });

  it('needs batch-bill; receive-payment alone is not enough (403, nothing changed)', async () => {
    const cashier = await staffUser(ctx, org, ['receive-payment']);
    const before = await k.snapshot();
    const as = { token: cashier.token };
    expect((await k.api('POST', MATCH, { rows: [{ reference: 'x', customer: 'y', amount: '1', date: '2025-01-01' }] }, as)).statusCode).toBe(403);
    expect(
      (
        await k.api(
          'POST',
          SAVE,
          { accountId: evc, method: 'cash', source: 'grid', rows: [{ customerId: hodan.id, amount: '1', date: '2025-06-06', reference: 'Z' }] },
          as,
        )
      ).statusCode,
    ).toBe(403);
    expect((await k.api('GET', '/api/finance/payments/batches', undefined, as)).statusCode).toBe(403);
    expect(await k.snapshot()).toEqual(before);
    const batcher = await staffUser(ctx, org, ['batch-bill']);
    expect((await k.api('GET', '/api/finance/payments/customers?q=hodan', undefined, { token: batcher.token })).json().data).toHaveLength(1);
    expect((await k.api('GET', '/api/finance/payments', undefined, { token: batcher.token })).statusCode).toBe(403);
    await invariant();
  });
});
