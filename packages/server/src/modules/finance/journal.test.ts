import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bearer, newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { queryRows } from '../../db/rows.ts';
import { inSystem, inTenant } from '../../db/tenant.ts';
import { purgeIdempotencyKeys, setLockDate, verifyLedger } from '../../ledger/index.ts';
import { accountsByCode, ledgerCounts } from '../../ledger/ledger-test-kit.ts';
import { staffToken } from './finance-test-kit.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let acc: Record<string, number>;

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Journal Power' });
  acc = await accountsByCode(ctx.database.db, org.clientId);
});
afterAll(() => ctx.close());

const api = (method: 'GET' | 'POST', url: string, payload?: object, token = org.token, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, payload, headers: { ...bearer(token), ...headers } });
const counts = () => ledgerCounts(ctx.database.db, org.clientId);

const fuelBill = () => ({
  date: '2025-05-10',
  reference: 'INV-88',
  memo: 'Diesel for generator 2',
  lines: [
    { accountId: acc['5020'], debit: '300.00', memo: '500 litres' },
    { accountId: acc['2200'], debit: '15.00' },
    { accountId: acc['2010'], credit: '315.00', partyType: 'vendor', partyId: 12 },
  ],
});

describe('POST /api/finance/transaction', () => {
  it('posts a balanced entry and answers it with number, lines and account names; audited', async () => {
    const res = await api('POST', '/api/finance/transaction', fuelBill());
    expect(res.statusCode).toBe(201);
    const entry = res.json();
    expect(entry).toMatchObject({
      series: 'JV',
      entryNo: 1,
      number: 'JV-000001',
      date: '2025-05-10',
      reference: 'INV-88',
      memo: 'Diesel for generator 2',
      sourceType: 'journal',
      total: '315.00',
      userId: org.adminId,
      userName: 'Administrator',
      reversesId: null,
      reversedById: null,
    });
    expect(entry.branchId).toBeGreaterThan(0);
    expect(entry.lines).toEqual([
      expect.objectContaining({
        accountId: acc['5020'],
        accountCode: '5020',
        accountName: 'Generator fuel',
        debit: '300.00',
        credit: '0.00',
        memo: '500 litres',
      }),
      expect.objectContaining({ accountCode: '2200', debit: '15.00', credit: '0.00' }),
      expect.objectContaining({ accountCode: '2010', debit: '0.00', credit: '315.00', partyType: 'vendor', partyId: 12 }),
    ]);
    const audit = await inTenant(ctx.database.db, org.clientId, (tx) =>
      queryRows<{ action: string; entity_id: string; user_id: number; username: string; number: string; total: string; lines: number }>(
        tx,
        sql`
        select action, entity_id, user_id, username, after->>'number' as number, after->>'total' as total, jsonb_array_length(after->'lines') as lines
        from audit_log where entity = 'journal-entry'`,
      ),
    );
    // Written by the posting's own statement through the audit door: the entry's number, its merged lines.
    expect(audit).toEqual([
      { action: 'create', entity_id: String(entry.id), user_id: org.adminId, username: 'admin', number: 'JV-000001', total: '315.00', lines: 3 },
    ]);
  });

  it('refuses an unbalanced entry in Somali, naming the difference, and writes nothing', async () => {
    const before = await counts();
    const body = fuelBill();
    body.lines[2].credit = '314.50';
    const res = await api('POST', '/api/finance/transaction', body, org.token, { 'x-lang': 'so' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      code: 'UNBALANCED',
      message: "Wadarta debit-ka iyo wadarta credit-ka waa inay isle'eg yihiin; farqigoodu waa 0.50.",
      details: [{ field: 'lines', message: "Wadarta debit-ka iyo wadarta credit-ka waa inay isle'eg yihiin; farqigoodu waa 0.50." }],
    });
    expect(await counts()).toEqual(before);
  });

  it('names each faulty field: malformed amounts, unknown accounts, an empty entry', async () => {
    const before = await counts();
    const shape = await api('POST', '/api/finance/transaction', {
      lines: [
        { accountId: acc['1010'], debit: '1.005' },
        { accountId: acc['4010'], credit: 'abc' },
      ],
    });
    expect(shape.statusCode).toBe(400);
    expect(shape.json().details).toEqual(
      expect.arrayContaining([
        { field: 'date', message: 'Field is required.' },
        { field: 'lines.0.debit', message: 'Enter an amount such as 1250.50.' },
        { field: 'lines.1.credit', message: 'Enter an amount such as 1250.50.' },
      ]),
    );
    const unknown = await api('POST', '/api/finance/transaction', {
      date: '2025-05-11',
      lines: [
        { accountId: acc['1010'], debit: '-3.00' },
        { accountId: 2147483000, credit: '3.00' },
      ],
    });
    expect(unknown.json()).toMatchObject({
      code: 'VALIDATION',
      details: [
        { field: 'lines.0.debit', message: 'Amounts cannot be negative.' },
        { field: 'lines.1.accountId', message: 'This account does not exist.' },
      ],
    });
    const empty = await api('POST', '/api/finance/transaction', { date: '2025-05-11', lines: [] });
    expect(empty.json()).toMatchObject({ code: 'LEDGER_EMPTY', message: 'Enter at least two lines: one debit and one credit.' });
    expect(await counts()).toEqual(before);
  });

  it('refuses a date on or before the lock date, even for an administrator', async () => {
    const locked = await newOrganisation(ctx);
    const lacc = await accountsByCode(ctx.database.db, locked.clientId);
    await inTenant(ctx.database.db, locked.clientId, (tx) => setLockDate(tx, locked.clientId, '2024-12-31'));
    const body = {
      date: '2024-12-31',
      lines: [
        { accountId: lacc['1010'], debit: '1.00' },
        { accountId: lacc['4900'], credit: '1.00' },
      ],
    };
    const res = await api('POST', '/api/finance/transaction', body, locked.token);
    expect(res.json()).toEqual({
      statusCode: 400,
      code: 'PERIOD_LOCKED',
      message: 'The books are closed up to 2024-12-31; choose a later date.',
      details: [{ field: 'date', message: 'The books are closed up to 2024-12-31; choose a later date.' }],
    });
    expect((await api('POST', '/api/finance/transaction', { ...body, date: '2025-01-01' }, locked.token)).statusCode).toBe(201);
  });
});

describe('Idempotency-Key', () => {
  it('answers a retry with the first entry and posts nothing more', async () => {
    const body = { ...fuelBill(), reference: 'IDEM-1' };
    const first = await api('POST', '/api/finance/transaction', body, org.token, { 'idempotency-key': 'retry-0001' });
    expect(first.statusCode).toBe(201);
    const before = await counts();
    // Same request with the keys of the body in another order.
    const reordered = { lines: body.lines, memo: body.memo, reference: body.reference, date: body.date };
    const retry = await api('POST', '/api/finance/transaction', reordered, org.token, { 'idempotency-key': 'retry-0001' });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await counts()).toEqual(before);
  });

  it('refuses the same key with a different request, and a malformed key', async () => {
    const before = await counts();
    const other = await api('POST', '/api/finance/transaction', { ...fuelBill(), reference: 'IDEM-2' }, org.token, { 'idempotency-key': 'retry-0001' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({
      code: 'IDEMPOTENCY_CONFLICT',
      message: 'This Idempotency-Key was already used for a different request; use a new key for a new entry.',
    });
    const bad = await api('POST', '/api/finance/transaction', fuelBill(), org.token, { 'idempotency-key': 'x'.repeat(201) });
    expect(bad.json().details).toEqual([{ field: 'Idempotency-Key', message: 'The Idempotency-Key header must be 1 to 200 visible characters.' }]);
    expect(await counts()).toEqual(before);
  });

  it('posts once when the same key arrives twice at the same time', async () => {
    const before = await counts();
    const body = { ...fuelBill(), reference: 'IDEM-3' };
    const [a, b] = await Promise.all([
      api('POST', '/api/finance/transaction', body, org.token, { 'idempotency-key': 'race-0001' }),
      api('POST', '/api/finance/transaction', body, org.token, { 'idempotency-key': 'race-0001' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).toBe(b.json().id);
    expect((await counts()).entries).toBe(before.entries + 1);
  });

  it('frees a key after the keeping period (24 hours), and purges old keys', async () => {
    const body = { ...fuelBill(), reference: 'IDEM-OLD' };
    const first = (await api('POST', '/api/finance/transaction', body, org.token, { 'idempotency-key': 'old-0001' })).json();
    await inSystem(ctx.database.db, (tx) =>
      tx.execute(sql`update idempotency_keys set created_at = now() - interval '25 hours' where client_id = ${org.clientId} and key = 'old-0001'`),
    );
    const later = await api('POST', '/api/finance/transaction', { ...body, reference: 'IDEM-NEW' }, org.token, { 'idempotency-key': 'old-0001' });
    expect(later.statusCode).toBe(201);
    expect(later.json().id).not.toBe(first.id);
    await inSystem(ctx.database.db, (tx) =>
      tx.execute(sql`update idempotency_keys set created_at = now() - interval '30 hours' where client_id = ${org.clientId} and key = 'retry-0001'`),
    );
    expect(await purgeIdempotencyKeys(ctx.database.db)).toBe(1);
    const left = await inTenant(ctx.database.db, org.clientId, (tx) => queryRows<{ key: string }>(tx, sql`select key from idempotency_keys order by key`));
    expect(left.map((k) => k.key)).toEqual(['old-0001', 'race-0001']);
  });

  it('keeps keys per organisation', async () => {
    const other = await newOrganisation(ctx);
    const oacc = await accountsByCode(ctx.database.db, other.clientId);
    const res = await api(
      'POST',
      '/api/finance/transaction',
      {
        date: '2025-05-10',
        lines: [
          { accountId: oacc['1010'], debit: '2.00' },
          { accountId: oacc['4900'], credit: '2.00' },
        ],
      },
      other.token,
      { 'idempotency-key': 'retry-0001' },
    );
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('journal list, entry and reversal', () => {
  it('lists entries newest first with filters on dates, account and text', async () => {
    const post = (date: string, reference: string, memo: string, debitAccount: number) =>
      api('POST', '/api/finance/transaction', {
        date,
        reference,
        memo,
        lines: [
          { accountId: debitAccount, debit: '10.00' },
          { accountId: acc['4900'], credit: '10.00' },
        ],
      });
    await post('2025-06-01', 'LST-1', 'June rent refund', acc['1010']);
    await post('2025-06-15', 'LST-2', 'Scrap sale', acc['1030']);
    await post('2025-07-01', 'LST-3', 'Scrap sale again', acc['1010']);
    const june = (await api('GET', '/api/finance/transaction?startDate=2025-06-01&endDate=2025-06-30')).json();
    expect(june.data.map((e: { reference: string }) => e.reference)).toEqual(['LST-2', 'LST-1']);
    expect(june.total).toBe(2);
    const bank = (await api('GET', `/api/finance/transaction?accountId=${acc['1030']}&startDate=2025-06-01`)).json();
    expect(bank.data.map((e: { reference: string }) => e.reference)).toEqual(['LST-2']);
    const text = (await api('GET', '/api/finance/transaction?q=SCRAP')).json();
    expect(text.data.map((e: { reference: string }) => e.reference)).toEqual(['LST-3', 'LST-2']);
    const paged = (await api('GET', '/api/finance/transaction?_limit=1&_page=2&_order=asc&startDate=2025-06-01')).json();
    expect(paged).toMatchObject({ total: 3, page: 2, limit: 1 });
    expect(paged.data[0].reference).toBe('LST-2');
    const range = await api('GET', '/api/finance/transaction?startDate=2025-07-01&endDate=2025-06-01');
    expect(range.json().details).toEqual([{ field: 'endDate', message: 'The end date cannot be before the start date.' }]);
  });

  it('reverses an entry once, links both, and the journal report shows each entry with its lines', async () => {
    const original = (await api('POST', '/api/finance/transaction', { ...fuelBill(), reference: 'REV-1' })).json();
    const res = await api('POST', `/api/finance/transaction/${original.id}/reverse`, { date: '2025-05-20' }, org.token, { 'x-lang': 'so' });
    expect(res.statusCode).toBe(201);
    const reversal = res.json();
    expect(reversal).toMatchObject({ reversesId: original.id, date: '2025-05-20', reference: 'REV-1', memo: `Celinta ${original.number}`, total: '315.00' });
    expect(reversal.lines.map((l: { accountCode: string; debit: string; credit: string }) => [l.accountCode, l.debit, l.credit])).toEqual([
      ['5020', '0.00', '300.00'],
      ['2200', '0.00', '15.00'],
      ['2010', '315.00', '0.00'],
    ]);
    expect((await api('GET', `/api/finance/transaction/${original.id}`)).json().reversedById).toBe(reversal.id);
    const again = await api('POST', `/api/finance/transaction/${original.id}/reverse`, {});
    expect([again.statusCode, again.json().message]).toEqual([409, 'This entry has already been reversed.']);
    const report = (await api('GET', '/api/finance/reports/journal?q=REV-1')).json();
    expect(report.data.map((e: { id: number; lines: unknown[] }) => [e.id, e.lines.length])).toEqual([
      [original.id, 3],
      [reversal.id, 3],
    ]);
    expect((await verifyLedger(ctx.database.db, { clientId: org.clientId })).isSound).toBe(true);
  });

  it('hides the entries of other organisations', async () => {
    const mine = (await api('GET', '/api/finance/transaction?_limit=1')).json().data[0];
    const other = await newOrganisation(ctx);
    expect((await api('GET', '/api/finance/transaction', undefined, other.token)).json().total).toBe(0);
    expect((await api('GET', `/api/finance/transaction/${mine.id}`, undefined, other.token)).statusCode).toBe(404);
    const before = await counts();
    expect((await api('POST', `/api/finance/transaction/${mine.id}/reverse`, {}, other.token)).statusCode).toBe(404);
    const foreign = await api(
      'POST',
      '/api/finance/transaction',
      {
        date: '2025-05-10',
        lines: [
          { accountId: acc['1010'], debit: '1.00' },
          { accountId: acc['4900'], credit: '1.00' },
        ],
      },
      other.token,
    );
    expect(foreign.json().details).toEqual([
      { field: 'lines.0.accountId', message: 'This account does not exist.' },
      { field: 'lines.1.accountId', message: 'This account does not exist.' },
    ]);
    expect(await counts()).toEqual(before);
  });

  it('answers 403 without general-journal and changes nothing', async () => {
    const clerk = await staffToken(ctx, org, ['list-account', 'journal-report']);
    const before = await counts();
    const post = await api('POST', '/api/finance/transaction', fuelBill(), clerk);
    expect([post.statusCode, post.json().code]).toEqual([403, 'FORBIDDEN']);
    const first = (await api('GET', '/api/finance/transaction?_order=asc&_limit=1')).json().data[0];
    expect((await api('POST', `/api/finance/transaction/${first.id}/reverse`, {}, clerk)).statusCode).toBe(403);
    expect((await api('GET', '/api/finance/transaction', undefined, clerk)).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
    expect((await api('GET', '/api/finance/reports/journal', undefined, clerk)).statusCode).toBe(200);
    const journalist = await staffToken(ctx, org, ['general-journal']);
    expect((await api('POST', '/api/finance/transaction', { ...fuelBill(), reference: 'STAFF-1' }, journalist)).statusCode).toBe(201);
  });
});
