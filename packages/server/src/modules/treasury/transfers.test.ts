// POST/GET /api/finance/transfer and cancel: the entry it posts, balances, field errors, idempotency,
// cancellation by reversal (also in a locked period), and access.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { queryRows } from '../../db/rows.ts';
import { inTenant } from '../../db/tenant.ts';
import { setLockDate, verifyLedger } from '../../ledger/index.ts';
import { accountsByCode } from '../../ledger/ledger-test-kit.ts';
import { staffToken } from '../finance/finance-test-kit.ts';
import { caller, netByCode, treasurySnapshot } from './treasury-test-kit.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let acc: Record<string, number>;
let api: ReturnType<typeof caller>;

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Transfer Water' });
  acc = await accountsByCode(ctx.database.db, org.clientId);
  api = caller(ctx, () => org.token);
  // Opening money: 2000 cash, 800 on EVC Plus, owner's capital.
  const opening = await api('POST', '/api/finance/transaction', {
    date: '2025-01-01',
    lines: [
      { accountId: acc['1010'], debit: '2000.00' },
      { accountId: acc['1040'], debit: '800.00' },
      { accountId: acc['3010'], credit: '2800.00' },
    ],
  });
  expect(opening.statusCode).toBe(201);
});
afterAll(() => ctx.close());

const snapshot = () => treasurySnapshot(ctx, org.clientId);
const body = (over: Record<string, unknown> = {}) => ({
  date: '2025-02-03',
  fromAccountId: acc['1010'],
  toAccountId: acc['1030'],
  amount: '500.00',
  reference: 'DEP-17',
  memo: 'Cash banked',
  ...over,
});

describe('POST /api/finance/transfer', () => {
  it('moves money: one entry (debit to, credit from) in the same transaction as the transfer, audited', async () => {
    const res = await api('POST', '/api/finance/transfer', body());
    expect(res.statusCode).toBe(201);
    const t = res.json();
    expect(t).toMatchObject({
      number: 'TR-000001',
      date: '2025-02-03',
      amount: '500.00',
      reference: 'DEP-17',
      memo: 'Cash banked',
      status: 'Posted',
      fromAccount: { id: acc['1010'], code: '1010', name: 'Cash on hand' },
      toAccount: { id: acc['1030'], code: '1030', name: 'Bank account' },
      cancelEntryId: null,
      createdBy: 'Administrator',
    });
    const entry = (await api('GET', `/api/finance/transaction/${t.entryId}`)).json();
    expect(entry).toMatchObject({ sourceType: 'transfer', sourceId: t.id, date: '2025-02-03', reference: 'DEP-17', total: '500.00', number: t.entryNumber });
    expect(entry.lines.map((l: { accountCode: string; debit: string; credit: string }) => [l.accountCode, l.debit, l.credit])).toEqual([
      ['1030', '500.00', '0.00'],
      ['1010', '0.00', '500.00'],
    ]);
    expect(await netByCode(ctx, org.clientId)).toMatchObject({ '1010': '1500.00', '1030': '500.00', '1040': '800.00' });
    const audit = await inTenant(ctx.database.db, org.clientId, (tx) =>
      queryRows<{ action: string; entity_id: string; after: { number: string } }>(
        tx,
        sql`select action, entity_id, after from audit_log where entity = 'transfer'`,
      ),
    );
    expect(audit).toEqual([
      expect.objectContaining({ action: 'create', entity_id: String(t.id), after: expect.objectContaining({ number: 'TR-000001', amount: '500.00' }) }),
    ]);
  });

  it('moves mobile money to cash, with the default memo in the caller language', async () => {
    const res = await api(
      'POST',
      '/api/finance/transfer',
      body({ fromAccountId: acc['1040'], toAccountId: acc['1010'], amount: '120.75', reference: '', memo: '' }),
      org.token,
      { 'x-lang': 'so' },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      number: 'TR-000002',
      reference: null,
      memo: null,
      fromAccount: { name: 'EVC Plus' },
      toAccount: { name: 'Lacagta caddaanka ah' },
    });
    const entry = (await api('GET', `/api/finance/transaction/${res.json().entryId}`)).json();
    expect(entry).toMatchObject({ reference: 'TR-000002', memo: 'Wareejin laga bilaabo 1040 EVC Plus loona diray 1010 Lacagta caddaanka ah' });
    expect(await netByCode(ctx, org.clientId)).toMatchObject({ '1010': '1620.75', '1040': '679.25' });
  });

  it('names each faulty field and changes nothing', async () => {
    const before = await snapshot();
    const same = await api('POST', '/api/finance/transfer', body({ toAccountId: acc['1010'] }));
    expect(same.statusCode).toBe(400);
    expect(same.json().details).toEqual([{ field: 'toAccountId', message: 'Choose two different accounts.' }]);

    const amounts = await api('POST', '/api/finance/transfer', body({ amount: '0.00' }));
    expect(amounts.json().details).toEqual([{ field: 'amount', message: 'Enter an amount greater than zero.' }]);
    expect((await api('POST', '/api/finance/transfer', body({ amount: '-5.00' }))).json().details).toEqual([
      { field: 'amount', message: 'Enter an amount greater than zero.' },
    ]);
    expect((await api('POST', '/api/finance/transfer', body({ amount: '1.005' }))).json().details).toEqual([
      { field: 'amount', message: 'Enter an amount such as 1250.50.' },
    ]);
    expect((await api('POST', '/api/finance/transfer', body({ date: '2025-02-30' }))).json().details).toEqual([
      { field: 'date', message: 'Enter a date as YYYY-MM-DD.' },
    ]);

    const notCash = await api('POST', '/api/finance/transfer', body({ fromAccountId: acc['4010'], toAccountId: 2147483000 }), org.token, { 'x-lang': 'so' });
    expect(notCash.json()).toMatchObject({
      code: 'VALIDATION',
      details: [
        { field: 'fromAccountId', message: 'Dooro xisaab lacag caddaan ah, bangi ama lacagta mobilka.' },
        { field: 'toAccountId', message: 'Xisaabtani ma jirto.' },
      ],
    });
    const missing = await api('POST', '/api/finance/transfer', {});
    expect(
      missing
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['amount', 'date', 'fromAccountId', 'toAccountId']);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an inactive account, an account of another currency and another organisation account', async () => {
    const other = await newOrganisation(ctx);
    const otherAcc = await accountsByCode(ctx.database.db, other.clientId);
    const till = await api('POST', '/api/finance/accounts', { code: '1015', nameEn: 'Old till', nameSo: 'Sanduuq hore', type: 'asset', subtype: 'cash' });
    expect((await api('PATCH', `/api/finance/accounts/${till.json().id}/status`, { status: 'Inactive' })).statusCode).toBe(200);
    const shillings = await api('POST', '/api/finance/accounts', {
      code: '1035',
      nameEn: 'Bank (SOS)',
      nameSo: 'Bangiga (SOS)',
      type: 'asset',
      subtype: 'bank',
      currency: 'SOS',
    });
    const before = await snapshot();
    expect((await api('POST', '/api/finance/transfer', body({ toAccountId: till.json().id }))).json().details).toEqual([
      { field: 'toAccountId', message: 'This account is inactive; nothing can be posted to it.' },
    ]);
    expect((await api('POST', '/api/finance/transfer', body({ toAccountId: shillings.json().id }))).json().details).toEqual([
      { field: 'toAccountId', message: 'Both accounts must be in the same currency (USD).' },
    ]);
    expect((await api('POST', '/api/finance/transfer', body({ toAccountId: otherAcc['1030'] }))).json().details).toEqual([
      { field: 'toAccountId', message: 'This account does not exist.' },
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('honours Idempotency-Key: a retry answers the first transfer and posts nothing more; another body is refused', async () => {
    const first = await api('POST', '/api/finance/transfer', body({ reference: 'IDEM-T' }), org.token, { 'idempotency-key': 'transfer-0001' });
    expect(first.statusCode).toBe(201);
    const before = await snapshot();
    const retry = await api('POST', '/api/finance/transfer', body({ reference: 'IDEM-T' }), org.token, { 'idempotency-key': 'transfer-0001' });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    const other = await api('POST', '/api/finance/transfer', body({ reference: 'IDEM-T', amount: '9.00' }), org.token, { 'idempotency-key': 'transfer-0001' });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('IDEMPOTENCY_CONFLICT');
    expect(await snapshot()).toEqual(before);
  });
});

describe('GET /api/finance/transfer', () => {
  it('lists newest first with filters, and reads one; another organisation sees nothing', async () => {
    const all = (await api('GET', '/api/finance/transfer')).json();
    expect(all.total).toBe(3);
    expect(all.data.map((t: { number: string }) => t.number)).toEqual(['TR-000003', 'TR-000002', 'TR-000001']);
    const evc = (await api('GET', `/api/finance/transfer?accountId=${acc['1040']}`)).json();
    expect(evc.data.map((t: { number: string }) => t.number)).toEqual(['TR-000002']);
    expect((await api('GET', '/api/finance/transfer?q=dep-17')).json().total).toBe(1);
    expect((await api('GET', '/api/finance/transfer?q=TR-000002')).json().data[0].number).toBe('TR-000002');
    expect((await api('GET', '/api/finance/transfer?startDate=2025-03-01')).json().total).toBe(0);
    const one = await api('GET', `/api/finance/transfer/${all.data[2].id}`);
    expect(one.json()).toEqual(all.data[2]);
    const stranger = await newOrganisation(ctx);
    expect((await api('GET', `/api/finance/transfer/${all.data[2].id}`, undefined, stranger.token)).statusCode).toBe(404);
    expect((await api('GET', '/api/finance/transfer', undefined, stranger.token)).json().total).toBe(0);
  });
});

describe('POST /api/finance/transfer/:id/cancel', () => {
  it('reverses the entry, restores the balances, and refuses a second cancellation', async () => {
    const created = (await api('POST', '/api/finance/transfer', body({ amount: '300.00', reference: 'CANCEL-ME' }))).json();
    const before = await netByCode(ctx, org.clientId);
    const res = await api('POST', `/api/finance/transfer/${created.id}/cancel`, { reason: 'Wrong account' });
    expect(res.statusCode).toBe(200);
    const t = res.json();
    expect(t).toMatchObject({ status: 'Cancelled', cancelDate: '2025-02-03' });
    const reversal = (await api('GET', `/api/finance/transaction/${t.cancelEntryId}`)).json();
    expect(reversal).toMatchObject({
      reversesId: created.entryId,
      sourceType: 'transfer',
      sourceId: created.id,
      memo: 'Cancellation of transfer TR-000004: Wrong account',
    });
    const after = await netByCode(ctx, org.clientId);
    expect(after['1010']).toBe((Number(before['1010']) + 300).toFixed(2));
    expect(after['1030']).toBe((Number(before['1030']) - 300).toFixed(2));
    const state = await snapshot();
    const again = await api('POST', `/api/finance/transfer/${created.id}/cancel`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_CANCELLED', message: 'This transfer has already been cancelled.' });
    expect((await api('GET', '/api/finance/transfer?status=Cancelled')).json().data.map((x: { id: number }) => x.id)).toEqual([created.id]);
    expect((await api('POST', '/api/finance/transfer/999999/cancel', {})).statusCode).toBe(404);
    expect(await snapshot()).toEqual(state);
  });

  it('in a closed period, refuses to post the transfer and asks for a later date to cancel one', async () => {
    const locked = await newOrganisation(ctx);
    const lacc = await accountsByCode(ctx.database.db, locked.clientId);
    const lapi = caller(ctx, () => locked.token);
    const t = (
      await lapi('POST', '/api/finance/transfer', { date: '2025-03-10', fromAccountId: lacc['1030'], toAccountId: lacc['1010'], amount: '50.00' })
    ).json();
    await inTenant(ctx.database.db, locked.clientId, (tx) => setLockDate(tx, locked.clientId, '2025-03-31'));
    const before = await treasurySnapshot(ctx, locked.clientId);
    const refused = await lapi('POST', '/api/finance/transfer', { date: '2025-03-31', fromAccountId: lacc['1030'], toAccountId: lacc['1010'], amount: '5.00' });
    expect(refused.json()).toMatchObject({
      code: 'PERIOD_LOCKED',
      details: [{ field: 'date', message: 'The books are closed up to 2025-03-31; choose a later date.' }],
    });
    const cancelInPeriod = await lapi('POST', `/api/finance/transfer/${t.id}/cancel`, {});
    expect(cancelInPeriod.json().code).toBe('PERIOD_LOCKED');
    expect(await treasurySnapshot(ctx, locked.clientId)).toEqual(before);
    const cancelled = await lapi('POST', `/api/finance/transfer/${t.id}/cancel`, { date: '2025-04-01' });
    expect(cancelled.json()).toMatchObject({ status: 'Cancelled', cancelDate: '2025-04-01' });
    expect(await netByCode(ctx, locked.clientId)).toMatchObject({ '1010': '0.00', '1030': '0.00' });
    // The next transfer number follows: the refused posting took none.
    const next = await lapi('POST', '/api/finance/transfer', { date: '2025-04-02', fromAccountId: lacc['1030'], toAccountId: lacc['1010'], amount: '1.00' });
    expect(next.json().number).toBe('TR-000002');
  });
});

describe('access', () => {
  it('answers 403 without transfer-balance and changes nothing; the privilege alone is enough', async () => {
    const clerk = await staffToken(ctx, org, ['general-journal', 'write-check']);
    const before = await snapshot();
    for (const [method, url, payload] of [
      ['POST', '/api/finance/transfer', body()],
      ['GET', '/api/finance/transfer', undefined],
      ['GET', '/api/finance/transfer/1', undefined],
      ['POST', '/api/finance/transfer/1/cancel', {}],
    ] as const) {
      const res = await api(method, url, payload, clerk);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect(await snapshot()).toEqual(before);
    const cashier = await staffToken(ctx, org, ['transfer-balance']);
    const res = await api('POST', '/api/finance/transfer', body({ amount: '1.00' }), cashier);
    expect(res.statusCode).toBe(201);
    expect(res.json().createdBy).toMatch(/^Staff/);
  });

  it('leaves the ledger sound', async () => {
    const report = await inTenant(ctx.database.db, org.clientId, (tx) => verifyLedger(tx, { clientId: org.clientId }));
    expect(report).toMatchObject({ isSound: true, balanceDifferences: [], unbalancedEntries: [], numberingGaps: [] });
  });
});
