// POST/GET /api/finance/writecheck and void: the entry a cheque posts, numbers (automatic, by hand,
// unique per bank account), amount in words, the printable data, field errors, voiding, and access.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { queryRows } from '../../db/rows.ts';
import { inTenant } from '../../db/tenant.ts';
import { verifyLedger } from '../../ledger/index.ts';
import { accountsByCode } from '../../ledger/ledger-test-kit.ts';
import { staffToken } from '../finance/finance-test-kit.ts';
import { caller, netByCode, treasurySnapshot } from './treasury-test-kit.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let acc: Record<string, number>;
let api: ReturnType<typeof caller>;
let secondBank: number;

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Cheque Power' });
  acc = await accountsByCode(ctx.database.db, org.clientId);
  api = caller(ctx, () => org.token);
  secondBank = (
    await api('POST', '/api/finance/accounts', { code: '1031', nameEn: 'Salaam Bank', nameSo: 'Bangiga Salaam', type: 'asset', subtype: 'bank' })
  ).json().id;
  const opening = await api('POST', '/api/finance/transaction', {
    date: '2025-01-01',
    lines: [
      { accountId: acc['1030'], debit: '10000.00' },
      { accountId: secondBank, debit: '500.00' },
      { accountId: acc['3010'], credit: '10500.00' },
    ],
  });
  expect(opening.statusCode).toBe(201);
});
afterAll(() => ctx.close());

const snapshot = () => treasurySnapshot(ctx, org.clientId);
const cheque = (over: Record<string, unknown> = {}) => ({
  bankAccountId: acc['1030'],
  date: '2025-02-10',
  payeeType: 'vendor',
  payeeId: 7,
  payeeName: 'Hormuud Telecom',
  amount: '1250.50',
  memo: 'Internet and May invoice',
  lines: [
    { accountId: acc['6140'], amount: '1000.00', memo: 'Internet, June' },
    { accountId: acc['2010'], amount: '250.50' },
  ],
  ...over,
});

describe('POST /api/finance/writecheck', () => {
  it('writes cheque 000001: debits the lines with the payee as party, credits the bank, stores the words; audited', async () => {
    const res = await api('POST', '/api/finance/writecheck', cheque());
    expect(res.statusCode).toBe(201);
    const c = res.json();
    expect(c).toMatchObject({
      chequeNo: 1,
      chequeNumber: '000001',
      date: '2025-02-10',
      payeeType: 'vendor',
      payeeId: 7,
      payeeName: 'Hormuud Telecom',
      amount: '1250.50',
      currency: 'USD',
      memo: 'Internet and May invoice',
      status: 'Issued',
      voidEntryId: null,
      bankAccount: { id: acc['1030'], code: '1030', name: 'Bank account' },
      amountInWords: {
        en: 'One thousand two hundred fifty dollars and fifty cents',
        so: 'Kun iyo laba boqol iyo konton doollar iyo konton senti',
      },
      lines: [
        { lineNo: 1, account: { id: acc['6140'], code: '6140', name: 'Telephone and internet' }, amount: '1000.00', memo: 'Internet, June' },
        { lineNo: 2, account: { id: acc['2010'], code: '2010', name: 'Vendor payables' }, amount: '250.50', memo: null },
      ],
      company: { name: 'Cheque Power', address: 'Mogadishu', phone: '+252615000000' },
    });
    const entry = (await api('GET', `/api/finance/transaction/${c.entryId}`)).json();
    expect(entry).toMatchObject({ sourceType: 'cheque', sourceId: c.id, reference: 'CHQ-000001', memo: 'Internet and May invoice', total: '1250.50' });
    expect(
      entry.lines.map((l: { accountCode: string; debit: string; credit: string; partyType: string | null; partyId: number | null; memo: string | null }) => [
        l.accountCode,
        l.debit,
        l.credit,
        l.partyType,
        l.partyId,
        l.memo,
      ]),
    ).toEqual([
      ['6140', '1000.00', '0.00', 'vendor', 7, 'Internet, June'],
      ['2010', '250.50', '0.00', 'vendor', 7, 'Internet and May invoice'],
      ['1030', '0.00', '1250.50', null, null, 'Internet and May invoice'],
    ]);
    expect(await netByCode(ctx, org.clientId)).toMatchObject({ '1030': '8749.50', '6140': '1000.00', '2010': '250.50' });
    const audit = await inTenant(ctx.database.db, org.clientId, (tx) =>
      queryRows<{ action: string; entity_id: string }>(tx, sql`select action, entity_id from audit_log where entity = 'cheque'`),
    );
    expect(audit).toEqual([{ action: 'create', entity_id: String(c.id) }]);
  });

  it('numbers cheques per bank account: next in the series, by hand (moving the series on), never twice', async () => {
    const peek = await api('GET', `/api/finance/writecheck/next-number?bankAccountId=${acc['1030']}`);
    expect(peek.json()).toEqual({ bankAccountId: acc['1030'], chequeNo: 2, chequeNumber: '000002' });
    const second = await api(
      'POST',
      '/api/finance/writecheck',
      cheque({
        amount: '10.00',
        lines: [{ accountId: acc['6160'], amount: '10.00' }],
        payeeType: 'other',
        payeeId: undefined,
        payeeName: 'Stationery shop',
        memo: '',
      }),
    );
    expect(second.json()).toMatchObject({ chequeNo: 2, payeeType: 'other', payeeId: null, amountInWords: { en: 'Ten dollars', so: 'Toban doollar' } });
    const secondEntry = (await api('GET', `/api/finance/transaction/${second.json().entryId}`)).json();
    expect(secondEntry.lines).toHaveLength(2);
    expect(secondEntry.lines.every((l: { partyType: string | null }) => l.partyType === null)).toBe(true);
    expect(secondEntry.memo).toBe('Cheque 000002 to Stationery shop');

    // A new cheque book starting at 1001: the series continues after it.
    const byHand = await api(
      'POST',
      '/api/finance/writecheck',
      cheque({ chequeNo: 1001, amount: '5.00', lines: [{ accountId: acc['6160'], amount: '5.00' }] }),
    );
    expect(byHand.json().chequeNumber).toBe('001001');
    expect((await api('GET', `/api/finance/writecheck/next-number?bankAccountId=${acc['1030']}`)).json().chequeNo).toBe(1002);
    const auto = await api('POST', '/api/finance/writecheck', cheque({ chequeNo: '', amount: '6.00', lines: [{ accountId: acc['6160'], amount: '6.00' }] }));
    expect(auto.json().chequeNo).toBe(1002);
    // An unused leaf of the old book can still be written; the series does not move back.
    const leaf = await api('POST', '/api/finance/writecheck', cheque({ chequeNo: 3, amount: '7.00', lines: [{ accountId: acc['6160'], amount: '7.00' }] }));
    expect(leaf.json().chequeNo).toBe(3);

    const before = await snapshot();
    const twice = await api('POST', '/api/finance/writecheck', cheque({ chequeNo: 1001 }));
    expect(twice.statusCode).toBe(400);
    expect(twice.json().details).toEqual([{ field: 'chequeNo', message: 'Cheque number 001001 has already been written on this bank account.' }]);
    const twiceSo = await api('POST', '/api/finance/writecheck', cheque({ chequeNo: 1 }), org.token, { 'x-lang': 'so' });
    expect(twiceSo.json().details).toEqual([{ field: 'chequeNo', message: 'Jeegga lambarkiisu yahay 000001 horay ayaa looga qoray xisaabta bangigan.' }]);
    expect(await snapshot()).toEqual(before);

    // Another bank account has its own series: number 1 again.
    const other = await api(
      'POST',
      '/api/finance/writecheck',
      cheque({ bankAccountId: secondBank, amount: '20.00', lines: [{ accountId: acc['6160'], amount: '20.00' }] }),
    );
    expect(other.json()).toMatchObject({ chequeNo: 1, bankAccount: { code: '1031' } });
    const numbers = await inTenant(ctx.database.db, org.clientId, (tx) =>
      queryRows<{ bank: string; no: number }>(
        tx,
        sql`
        select a.code as bank, c.cheque_no::int as no from cheques c join accounts a on a.id = c.bank_account_id order by a.code, c.cheque_no`,
      ),
    );
    expect(numbers.map((n) => `${n.bank}:${n.no}`)).toEqual(['1030:1', '1030:2', '1030:3', '1030:1001', '1030:1002', '1031:1']);
  });

  it('gives concurrent automatic cheques distinct consecutive numbers, whatever the order they commit in', async () => {
    const start = (await api('GET', `/api/finance/writecheck/next-number?bankAccountId=${secondBank}`)).json().chequeNo;
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        api(
          'POST',
          '/api/finance/writecheck',
          cheque({ bankAccountId: secondBank, amount: `${i + 1}.00`, lines: [{ accountId: acc['6160'], amount: `${i + 1}.00` }] }),
        ),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    const numbers = results.map((r) => r.json().chequeNo).sort((a: number, b: number) => a - b);
    expect(numbers).toEqual([0, 1, 2, 3, 4, 5].map((k) => start + k));
  });

  it('names each faulty field and changes nothing, not even the cheque series', async () => {
    const before = await snapshot();
    const total = await api('POST', '/api/finance/writecheck', cheque({ amount: '1250.00' }));
    expect(total.statusCode).toBe(400);
    expect(total.json().details).toEqual([{ field: 'amount', message: 'The lines add up to 1250.50; they must equal the cheque amount.' }]);
    const totalSo = await api('POST', '/api/finance/writecheck', cheque({ amount: '1250.00' }), org.token, { 'x-lang': 'so' });
    expect(totalSo.json().details).toEqual([{ field: 'amount', message: 'Sadarradu waxay isku dhan yihiin 1250.50; waa inay la mid noqdaan lacagta jeegga.' }]);

    const accounts = await api(
      'POST',
      '/api/finance/writecheck',
      cheque({
        bankAccountId: acc['1010'],
        lines: [
          { accountId: acc['6140'], amount: '1000.00' },
          { accountId: 2147483000, amount: '250.50' },
        ],
      }),
    );
    expect(accounts.json().details).toEqual([
      { field: 'bankAccountId', message: 'Choose a bank account.' },
      { field: 'lines.1.accountId', message: 'This account does not exist.' },
    ]);
    const selfLine = await api(
      'POST',
      '/api/finance/writecheck',
      cheque({
        lines: [
          { accountId: acc['6140'], amount: '1000.00' },
          { accountId: acc['1030'], amount: '250.50' },
        ],
      }),
    );
    expect(selfLine.json().details).toEqual([
      { field: 'lines.1.accountId', message: 'The bank account the cheque is drawn on cannot also be one of its lines.' },
    ]);
    const other = await api('POST', '/api/finance/writecheck', cheque({ payeeType: 'other' }));
    expect(other.json().details).toEqual([{ field: 'payeeId', message: 'Leave the payee record empty when the payee is "other".' }]);
    const shape = await api('POST', '/api/finance/writecheck', { bankAccountId: acc['1030'], lines: [], payeeType: 'friend', chequeNo: 0, amount: '0' });
    expect(
      shape
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['amount', 'chequeNo', 'date', 'lines', 'payeeName', 'payeeType']);
    const locked = await newOrganisation(ctx);
    const lacc = await accountsByCode(ctx.database.db, locked.clientId);
    expect((await api('POST', '/api/finance/writecheck', cheque({ bankAccountId: lacc['1030'] }))).json().details).toEqual([
      { field: 'bankAccountId', message: 'This account does not exist.' },
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('honours Idempotency-Key: one cheque for a retried request', async () => {
    const body = cheque({ amount: '1.00', lines: [{ accountId: acc['6160'], amount: '1.00' }] });
    const first = await api('POST', '/api/finance/writecheck', body, org.token, { 'idempotency-key': 'cheque-42' });
    const before = await snapshot();
    const retry = await api('POST', '/api/finance/writecheck', body, org.token, { 'idempotency-key': 'cheque-42' });
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await snapshot()).toEqual(before);
  });
});

describe('GET /api/finance/writecheck', () => {
  it('lists with filters, reads one in Somali for the printout; another organisation sees nothing', async () => {
    const all = (await api('GET', '/api/finance/writecheck?_limit=100')).json();
    expect(all.total).toBe(13);
    expect((await api('GET', `/api/finance/writecheck?bankAccountId=${secondBank}`)).json().total).toBe(7);
    expect((await api('GET', '/api/finance/writecheck?q=stationery')).json().total).toBe(1);
    expect((await api('GET', '/api/finance/writecheck?q=1001')).json().data[0].chequeNo).toBe(1001);
    expect((await api('GET', '/api/finance/writecheck?payeeType=other')).json().total).toBe(1);
    const first = all.data.find((c: { chequeNo: number; bankAccount: { code: string } }) => c.chequeNo === 1 && c.bankAccount.code === '1030');
    const so = (await api('GET', `/api/finance/writecheck/${first.id}`, undefined, org.token, { 'x-lang': 'so' })).json();
    expect(so).toMatchObject({
      bankAccount: { name: 'Xisaabta bangiga' },
      lines: [{ account: { name: 'Taleefanka iyo internetka' } }, { account: { name: 'Deymaha iibiyeyaasha' } }],
    });
    const stranger = await newOrganisation(ctx);
    expect((await api('GET', `/api/finance/writecheck/${first.id}`, undefined, stranger.token)).statusCode).toBe(404);
    expect((await api('GET', `/api/finance/writecheck/next-number?bankAccountId=${acc['1030']}`, undefined, stranger.token)).statusCode).toBe(404);
  });
});

describe('POST /api/finance/writecheck/:id/void', () => {
  it('reverses the entry, restores the bank, keeps the number used, and refuses a second void', async () => {
    const c = (await api('POST', '/api/finance/writecheck', cheque({ amount: '400.00', lines: [{ accountId: acc['6120'], amount: '400.00' }] }))).json();
    const bankBefore = (await netByCode(ctx, org.clientId))['1030'];
    const res = await api('POST', `/api/finance/writecheck/${c.id}/void`, { date: '2025-02-11', reason: 'Spoiled leaf' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Void', voidDate: '2025-02-11', chequeNo: c.chequeNo });
    const reversal = (await api('GET', `/api/finance/transaction/${res.json().voidEntryId}`)).json();
    expect(reversal).toMatchObject({ reversesId: c.entryId, date: '2025-02-11', memo: `Void of cheque ${c.chequeNumber}: Spoiled leaf` });
    const net = await netByCode(ctx, org.clientId);
    expect(net['1030']).toBe((Number(bankBefore) + 400).toFixed(2));
    expect(net['6120']).toBe('0.00');
    const state = await snapshot();
    const again = await api('POST', `/api/finance/writecheck/${c.id}/void`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_VOID', message: 'This cheque has already been voided.' });
    expect(await snapshot()).toEqual(state);
    const next = (await api('GET', `/api/finance/writecheck/next-number?bankAccountId=${acc['1030']}`)).json();
    expect(next.chequeNo).toBe(c.chequeNo + 1);
    expect((await api('GET', '/api/finance/writecheck?status=Void')).json().data.map((x: { id: number }) => x.id)).toEqual([c.id]);
  });
});

describe('access', () => {
  it('answers 403 without write-check and changes nothing', async () => {
    const clerk = await staffToken(ctx, org, ['general-journal', 'transfer-balance']);
    const before = await snapshot();
    for (const [method, url, payload] of [
      ['POST', '/api/finance/writecheck', cheque()],
      ['GET', '/api/finance/writecheck', undefined],
      ['GET', '/api/finance/writecheck/1', undefined],
      ['GET', `/api/finance/writecheck/next-number?bankAccountId=${acc['1030']}`, undefined],
      ['POST', '/api/finance/writecheck/1/void', {}],
    ] as const) {
      const res = await api(method, url, payload, clerk);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect(await snapshot()).toEqual(before);
    const writer = await staffToken(ctx, org, ['write-check']);
    expect(
      (await api('POST', '/api/finance/writecheck', cheque({ amount: '2.00', lines: [{ accountId: acc['6160'], amount: '2.00' }] }), writer)).statusCode,
    ).toBe(201);
  });

  it('leaves the ledger sound', async () => {
    const report = await inTenant(ctx.database.db, org.clientId, (tx) => verifyLedger(tx, { clientId: org.clientId }));
    expect(report.isSound).toBe(true);
  });
});
