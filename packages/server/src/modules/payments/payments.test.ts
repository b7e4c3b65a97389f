import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { inSystem } from '../../db/tenant.ts';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { expectReceivableMatchesCustomers } from '../../../test/receivable-invariant.ts';
import { staffUser } from '../settings/test-support.ts';
import { flatTariff, paymentsKit } from './payments-test-kit.ts';

let ctx: TestContext;
let orgA: Awaited<ReturnType<typeof newOrganisation>>;
let orgB: Awaited<ReturnType<typeof newOrganisation>>;
let a: ReturnType<typeof paymentsKit>;
let cash: number;
let evc: number;

beforeAll(async () => {
  ctx = await startTestApp();
  orgA = await newOrganisation(ctx, { name: 'Hargeisa Electric' });
  orgB = await newOrganisation(ctx, { name: 'Burao Water' });
  await flatTariff(ctx, orgA);
  a = paymentsKit(ctx, orgA);
  cash = await a.accountId('1010');
  evc = await a.accountId('1040');
});
afterAll(() => ctx.close());

const PAY = '/api/finance/payments';
const pay = (body: Record<string, unknown>, opts: Parameters<ReturnType<typeof paymentsKit>['api']>[3] = {}) =>
  a.api('POST', PAY, { method: 'cash', accountId: cash, date: '2025-06-10', ...body }, opts);
const invariant = () => expectReceivableMatchesCustomers(ctx.database.db, orgA.clientId);

async function entryLines(entryId: number) {
  return inSystem(ctx.database.db, (tx) =>
    queryRows<{ code: string; debit: string; credit: string; party_type: string | null; party_id: number | null }>(
      tx,
      sql`
      select ac.code, l.debit::text, l.credit::text, l.party_type, l.party_id from journal_lines l join accounts ac on ac.id = l.account_id
      where l.entry_id = ${entryId} order by ac.code, l.id`,
    ),
  );
}

describe('receiving a payment', () => {
  it('pays the oldest bills first with one balanced entry and a gapless receipt number', async () => {
    const c = await a.billableCustomer({ name: 'Amina Warsame' });
    const jan = await a.bill(c.id, '2025-01', 10); // 12.00
    const feb = await a.bill(c.id, '2025-02', 20); // 22.00
    expect([jan.amount, feb.amount]).toEqual(['12.00', '22.00']);

    const res = await pay({ customerId: c.id, amount: '20', reference: 'Desk 1' });
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({
      number: 'RC-000001',
      receiptNo: 1,
      status: 'Posted',
      amount: '20.00',
      allocated: '20.00',
      credit: '0.00',
      method: 'cash',
      customer: { id: c.id, name: 'Amina Warsame' },
      account: { code: '1010' },
      reference: 'Desk 1',
      balanceBefore: '34.00',
      balanceAfter: '14.00',
      balanceNow: '14.00',
      currency: 'USD',
      amountInWords: { en: 'Twenty dollars', so: 'Labaatan doollar' },
      company: { name: 'Hargeisa Electric' },
    });
    expect(p.allocations.map((x: { billNumber: string; amount: string; billOpen: string }) => [x.billNumber, x.amount, x.billOpen])).toEqual([
      [jan.number, '12.00', '0.00'],
      [feb.number, '8.00', '14.00'],
    ]);
    expect(await entryLines(p.entryId)).toEqual([
      { code: '1010', debit: '20.00', credit: '0.00', party_type: null, party_id: null },
      { code: '1100', debit: '0.00', credit: '20.00', party_type: 'customer', party_id: c.id },
    ]);
    expect((await a.billById(jan.id)).paidAmount).toBe('12.00');
    const account = await a.account(c.id);
    expect(account).toMatchObject({
      balance: '14.00',
      openTotal: '14.00',
      credit: '0.00',
      otherCharges: '0.00',
      lastPayment: { number: 'RC-000001', amount: '20.00' },
    });
    expect(account.openBills.map((b: { number: string; open: string }) => [b.number, b.open])).toEqual([[feb.number, '14.00']]);

    const second = await pay({ customerId: c.id, amount: '14', reference: 'Desk 2' });
    expect(second.json()).toMatchObject({ number: 'RC-000002', allocated: '14.00', balanceAfter: '0.00' });
    const list = await a.api('GET', `${PAY}?customerId=${c.id}`);
    expect(list.json()).toMatchObject({ total: 2, page: 1, data: [{ number: 'RC-000002' }, { number: 'RC-000001' }] });
    expect((await a.api('GET', `${PAY}?q=rc-000001`)).json().data.map((x: { number: string }) => x.number)).toEqual(['RC-000001']);
    expect((await a.api('GET', `${PAY}?q=amina`)).json().total).toBe(2);
    await invariant();
  });

  it('puts the amount exactly where the cashier says, within each open bill', async () => {
    const c = await a.billableCustomer();
    const older = await a.bill(c.id, '2025-01', 10); // 12.00
    const newer = await a.bill(c.id, '2025-02', 8); // 10.00
    const other = await a.billableCustomer();
    const foreignBill = await a.bill(other.id, '2025-01', 1);
    const before = await a.snapshot();

    const wrongBill = await pay({ customerId: c.id, amount: '10', allocations: [{ billId: foreignBill.id, amount: '5' }] });
    expect(wrongBill.statusCode).toBe(400);
    expect(wrongBill.json().details).toEqual([{ field: 'allocations.0.billId', message: 'This bill is not an open bill of this customer.' }]);
    const tooMuch = await pay({ customerId: c.id, amount: '20', allocations: [{ billId: newer.id, amount: '10.50' }] });
    expect(tooMuch.json().details).toEqual([{ field: 'allocations.0.amount', message: "More than the bill's open amount (10.00)." }]);
    const overAmount = await pay({
      customerId: c.id,
      amount: '5',
      allocations: [
        { billId: newer.id, amount: '3' },
        { billId: older.id, amount: '3' },
      ],
    });
    expect(overAmount.json().details).toEqual([{ field: 'allocations', message: 'The amounts put on bills add up to more than the amount received.' }]);
    const twice = await pay({
      customerId: c.id,
      amount: '9',
      allocations: [
        { billId: newer.id, amount: '3' },
        { billId: newer.id, amount: '3' },
      ],
    });
    expect(twice.json().details).toEqual([{ field: 'allocations.1.billId', message: 'This bill appears twice.' }]);
    expect(await a.snapshot()).toEqual(before);

    const res = await pay({
      customerId: c.id,
      amount: '15',
      allocations: [
        { billId: newer.id, amount: '10' },
        { billId: older.id, amount: '2' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ allocated: '12.00', credit: '3.00', balanceAfter: '7.00' });
    expect(res.json().allocations.map((x: { billId: number; amount: string }) => [x.billId, x.amount])).toEqual([
      [older.id, '2.00'],
      [newer.id, '10.00'],
    ]);
    await invariant();
  });

  it('puts the amount on the open charges the cashier chooses by item, of any kind, and the rest oldest first', async () => {
    const c = await a.billableCustomer({ openingBalance: '20' }); // the oldest charge: its opening debt
    const older = await a.bill(c.id, '2025-01', 10); // 12.00
    const newer = await a.bill(c.id, '2025-02', 8); // 10.00
    const other = await a.billableCustomer();
    await a.bill(other.id, '2025-01', 1);
    const itemOf = async (customerId: number, kind: string, n = 0) =>
      (await a.account(customerId)).openItems.filter((i: { kind: string }) => i.kind === kind)[n].openItemId as number;
    const opening = await itemOf(c.id, 'opening');
    const olderItem = await itemOf(c.id, 'bill', 0);
    const newerItem = await itemOf(c.id, 'bill', 1);
    const foreignItem = await itemOf(other.id, 'bill');
    const before = await a.snapshot();

    const refused = async (body: Record<string, unknown>, lang?: 'so') => {
      const res = await pay({ customerId: c.id, ...body }, lang ? { lang } : {});
      expect(res.statusCode, res.body).toBe(400);
      return res.json().details;
    };
    expect(await refused({ amount: '10', allocations: [{ openItemId: foreignItem, amount: '5' }] })).toEqual([
      { field: 'allocations.0.openItemId', message: 'This is not an open charge of this customer.' },
    ]);
    expect(await refused({ amount: '10', allocations: [{ openItemId: foreignItem, amount: '5' }] }, 'so')).toEqual([
      { field: 'allocations.0.openItemId', message: 'Kani maaha deyn furan oo uu leeyahay macmiilkan.' },
    ]);
    expect(await refused({ amount: '20', allocations: [{ openItemId: newerItem, amount: '10.50' }] })).toEqual([
      { field: 'allocations.0.amount', message: 'More than what is left to pay on this charge (10.00).' },
    ]);
    expect(await refused({ amount: '30', allocations: [{ openItemId: opening, amount: '21' }] }, 'so')).toEqual([
      { field: 'allocations.0.amount', message: 'Waxay ka badan tahay inta ka harsan deyntan (20.00).' },
    ]);
    const twoLines = [
      { openItemId: newerItem, amount: '4' },
      { openItemId: opening, amount: '3' },
    ];
    expect(await refused({ amount: '6', allocations: twoLines })).toEqual([
      { field: 'allocations', message: 'The amounts put on bills add up to more than the amount received.' },
    ]);
    expect(await refused({ amount: '9', allocations: [twoLines[0], twoLines[0]] })).toEqual([
      { field: 'allocations.1.openItemId', message: 'This charge appears twice.' },
    ]);
    // A bill named twice, once by its bill and once by its item.
    expect(await refused({ amount: '9', allocations: [{ billId: newer.id, amount: '1' }, twoLines[0]] })).toEqual([
      { field: 'allocations.1.openItemId', message: 'This charge appears twice.' },
    ]);
    expect(await refused({ amount: '9', allocations: [{ billId: newer.id, openItemId: newerItem, amount: '1' }] }, 'so')).toEqual([
      { field: 'allocations.0.billId', message: 'Safkan u dooro biil ama deyn furan, mid keliya.' },
    ]);
    expect(await refused({ amount: '9', allocations: [{ amount: '1' }] })).toEqual([
      { field: 'allocations.0.openItemId', message: 'Choose either a bill or an open charge for this line.' },
    ]);
    expect(await a.snapshot()).toEqual(before);

    // The newer bill in full, by hand; the rest goes to the oldest charge (the opening debt).
    const first = await pay({ customerId: c.id, amount: '25', allocations: [{ openItemId: newerItem, amount: '10' }] });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ allocated: '25.00', credit: '0.00', balanceAfter: '17.00' });
    expect((await a.billById(newer.id)).paidAmount).toBe('10.00');
    expect((await a.billById(older.id)).paidAmount).toBe('0.00');
    expect((await a.account(c.id)).openItems.map((i: { kind: string; open: string }) => [i.kind, i.open])).toEqual([
      ['opening', '5.00'],
      ['bill', '12.00'],
    ]);
    // A paid charge cannot be chosen again.
    expect(await refused({ amount: '5', allocations: [{ openItemId: newerItem, amount: '1' }] })).toEqual([
      { field: 'allocations.0.openItemId', message: 'This charge is already paid or cancelled.' },
    ]);
    // 2.00 on the older bill by hand, then the opening debt, the rest of the bill, and 13.00 waits as credit.
    const second = await pay({ customerId: c.id, amount: '30', allocations: [{ openItemId: olderItem, amount: '2' }] });
    expect(second.json()).toMatchObject({ allocated: '17.00', credit: '13.00', balanceAfter: '-13.00' });
    expect((await a.billById(older.id)).paidAmount).toBe('12.00');
    expect(await a.account(c.id)).toMatchObject({ balance: '-13.00', openItems: [], credit: '13.00' });
    await invariant();
  });

  it('keeps an overpayment as credit on the receivable, and the next bill takes it', async () => {
    const c = await a.billableCustomer();
    await a.bill(c.id, '2025-03', 10); // 12.00
    const res = await pay({ customerId: c.id, amount: '30', reference: 'Over' });
    expect(res.json()).toMatchObject({ allocated: '12.00', credit: '18.00', balanceAfter: '-18.00' });
    expect(await a.account(c.id)).toMatchObject({ balance: '-18.00', openBills: [], credit: '18.00' });
    await invariant();

    const next = await a.bill(c.id, '2025-04', 20); // 22.00
    expect(next).toMatchObject({ amount: '22.00', paidAmount: '18.00', previousBalance: '-18.00', amountDue: '4.00' });
    expect(await a.account(c.id)).toMatchObject({ balance: '4.00', credit: '0.00', openBills: [{ billId: next.id, open: '4.00' }] });
    const receipt = await a.api('GET', `${PAY}/${res.json().id}`);
    expect(receipt.json()).toMatchObject({ allocated: '30.00', credit: '0.00', balanceAfter: '-18.00', balanceNow: '4.00' });
    await invariant();
  });

  it('cancels by reversal: the bills reopen, the balance comes back, other credit pays what reopened', async () => {
    const c = await a.billableCustomer();
    const bill = await a.bill(c.id, '2025-05', 10); // 12.00
    const first = (await pay({ customerId: c.id, amount: '12', reference: 'First' })).json();
    const second = (await pay({ customerId: c.id, amount: '10', reference: 'Second' })).json();
    expect(second).toMatchObject({ allocated: '0.00', credit: '10.00', balanceAfter: '-10.00' });

    const noReason = await a.api('POST', `${PAY}/${first.id}/cancel`, {});
    expect(noReason.json().details).toEqual([{ field: 'reason', message: 'Field is required.' }]);
    const res = await a.api('POST', `${PAY}/${first.id}/cancel`, { reason: 'Counted twice' });
    expect(res.statusCode, res.body).toBe(200);
    const cancelled = res.json();
    expect(cancelled).toMatchObject({ status: 'Cancelled', cancelReason: 'Counted twice', allocations: [], allocated: '0.00', balanceNow: '2.00' });
    expect(cancelled.cancelEntryNumber).toMatch(/^JV-\d{6}$/);
    expect(await entryLines(cancelled.cancelEntryId)).toEqual([
      { code: '1010', debit: '0.00', credit: '12.00', party_type: null, party_id: null },
      { code: '1100', debit: '12.00', credit: '0.00', party_type: 'customer', party_id: c.id },
    ]);
    // The second payment's credit now pays the reopened bill.
    expect((await a.billById(bill.id)).paidAmount).toBe('10.00');
    expect((await a.api('GET', `${PAY}/${second.id}`)).json()).toMatchObject({ allocated: '10.00', credit: '0.00' });
    expect(await a.account(c.id)).toMatchObject({ balance: '2.00', openBills: [{ open: '2.00' }] });
    const again = await a.api('POST', `${PAY}/${first.id}/cancel`, { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect((await a.api('GET', `${PAY}?customerId=${c.id}&status=Cancelled`)).json().total).toBe(1);

    const audit = await inSystem(ctx.database.db, (tx) =>
      queryRows<{ action: string }>(
        tx,
        sql`select action from audit_log where client_id = ${orgA.clientId} and entity = 'payment' and entity_id = ${String(first.id)} order by id`,
      ),
    );
    expect(audit.map((x) => x.action)).toEqual(['create', 'cancel']);
    await invariant();
  });

  it('applies waiting credit to the oldest of several reopened bills first', async () => {
    const c = await a.billableCustomer();
    const jan = await a.bill(c.id, '2025-07', 10); // 12.00
    const feb = await a.bill(c.id, '2025-08', 20); // 22.00
    const mar = await a.bill(c.id, '2025-09', 30); // 32.00
    const both = (await pay({ customerId: c.id, amount: '66', reference: 'All three' })).json();
    const credit = (await pay({ customerId: c.id, amount: '40', reference: 'Ahead' })).json();
    expect(credit).toMatchObject({ allocated: '0.00', credit: '40.00' });

    // Cancelling the first payment reopens all three bills; the 40.00 waiting pays January, then February, then part of March.
    expect((await a.api('POST', `${PAY}/${both.id}/cancel`, { reason: 'Bounced' })).statusCode).toBe(200);
    expect([(await a.billById(jan.id)).paidAmount, (await a.billById(feb.id)).paidAmount, (await a.billById(mar.id)).paidAmount]).toEqual([
      '12.00',
      '22.00',
      '6.00',
    ]);
    expect(await a.account(c.id)).toMatchObject({ balance: '26.00', credit: '0.00', openBills: [{ billId: mar.id, open: '26.00' }] });
    await invariant();
  });

  it('answers a retry with the same Idempotency-Key with the first answer, and refuses the key for another body', async () => {
    const c = await a.billableCustomer();
    const headers = { 'idempotency-key': `pay-${c.id}` };
    const first = await pay({ customerId: c.id, amount: '5', reference: 'Idem' }, { headers });
    const replay = await pay({ customerId: c.id, amount: '5', reference: 'Idem' }, { headers });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().id).toBe(first.json().id);
    expect((await a.api('GET', `${PAY}?customerId=${c.id}`)).json().total).toBe(1);
    const other = await pay({ customerId: c.id, amount: '6', reference: 'Idem' }, { headers });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('IDEMPOTENCY_CONFLICT');
    await invariant();
  });

  it('refuses a reference already posted on the same account, asks for one unless cash, and frees it on cancel', async () => {
    const c = await a.billableCustomer();
    const first = await pay({ customerId: c.id, amount: '5', method: 'mobile_money', accountId: evc, reference: 'EVC-7781' });
    expect(first.statusCode).toBe(201);
    const before = await a.snapshot();
    const dup = await pay({ customerId: c.id, amount: '5', method: 'mobile_money', accountId: evc, reference: 'evc-7781' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().details).toEqual([
      { field: 'reference', message: 'A payment with this reference is already recorded on this account (RC-' + first.json().number.slice(3) + ').' },
    ]);
    const missing = await pay({ customerId: c.id, amount: '5', method: 'mobile_money', accountId: evc });
    expect(missing.json().details).toEqual([{ field: 'reference', message: 'Enter the reference: the transaction number, bank slip or cheque number.' }]);
    expect(await a.snapshot()).toEqual(before);
    // Another account may carry the same reference; a cancelled payment frees it.
    expect((await pay({ customerId: c.id, amount: '5', reference: 'EVC-7781' })).statusCode).toBe(201);
    await a.api('POST', `${PAY}/${first.json().id}/cancel`, { reason: 'Wrong customer' });
    expect((await pay({ customerId: c.id, amount: '5', method: 'mobile_money', accountId: evc, reference: 'EVC-7781' })).statusCode).toBe(201);
    await invariant();
  });

  it('refuses accounts that do not receive money, dates in a closed period and unknown customers, on their fields', async () => {
    const c = await a.billableCustomer();
    const before = await a.snapshot();
    const sales = await a.accountId('4020');
    const receivable = await a.accountId('1100');
    for (const accountId of [sales, receivable]) {
      const res = await pay({ customerId: c.id, amount: '5', accountId });
      expect(res.json().details).toEqual([{ field: 'accountId', message: 'Choose an active cash, bank or mobile money account.' }]);
    }
    const foreign = await paymentsKit(ctx, orgB).customer();
    const other = await pay({ customerId: foreign.id, amount: '5' });
    expect(other.json().details).toEqual([{ field: 'customerId', message: 'The selected record does not exist.' }]);
    await a.lockBooks('2025-06-30');
    const locked = await pay({ customerId: c.id, amount: '5', date: '2025-06-30' });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().details).toEqual([{ field: 'date', message: 'The books are closed up to 2025-06-30; choose a later date.' }]);
    const lockedSo = await pay({ customerId: c.id, amount: '5', date: '2025-06-01', reference: 'X' }, { lang: 'so' });
    expect(lockedSo.json().details).toEqual([{ field: 'date', message: 'Buugaagta xisaabta waa la xiray ilaa 2025-06-30; dooro taariikh ka dambaysa.' }]);
    expect(await a.snapshot()).toEqual(before);
    await a.lockBooks(null);
    await invariant();
  });

  it('speaks Somali', async () => {
    const c = await a.billableCustomer();
    const res = await pay({ customerId: c.id, amount: '0', method: 'bank', accountId: await a.accountId('1030') }, { lang: 'so' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual(
      expect.arrayContaining([
        { field: 'amount', message: 'Geli lacag ka badan eber.' },
        { field: 'reference', message: 'Geli tixraaca: lambarka dhaqdhaqaaqa, warqadda bangiga ama lambarka jeegga.' },
      ]),
    );
    const sales = await pay({ customerId: c.id, amount: '3', accountId: await a.accountId('4020') }, { lang: 'so' });
    expect(sales.json().details).toEqual([{ field: 'accountId', message: 'Dooro xisaab firfircoon oo lacag caddaan ah, bangi ama lacag mobil ah.' }]);
    const p = (await pay({ customerId: c.id, amount: '3', reference: 'SO-1' })).json();
    await a.api('POST', `${PAY}/${p.id}/cancel`, { reason: 'Khalad' });
    const again = await a.api('POST', `${PAY}/${p.id}/cancel`, { reason: 'Khalad' }, { lang: 'so' });
    expect(again.json().message).toBe('Lacag-bixintan horay ayaa loo joojiyay.');
    await invariant();
  });
});

describe('concurrency', () => {
  it('serialises concurrent payments and a bill run of the same customer: no bill over-paid, no deadlock, gapless receipts', async () => {
    const c = await a.billableCustomer();
    await a.bill(c.id, '2025-08', 10); // 12.00
    const houseRun = a.bill(c.id, '2025-09', 10); // 12.00, while payments arrive
    const results = await Promise.all([houseRun, ...Array.from({ length: 5 }, (_, i) => pay({ customerId: c.id, amount: '5', reference: `Rush ${i}` }))]);
    for (const res of results.slice(1) as Array<{ statusCode: number; body: string }>) expect(res.statusCode, res.body).toBe(201);
    const account = await a.account(c.id);
    expect(account).toMatchObject({ balance: '-1.00', openBills: [], credit: '1.00' });
    const numbers = (await a.api('GET', `${PAY}?_limit=1000`))
      .json()
      .data.map((p: { receiptNo: number }) => p.receiptNo)
      .sort((x: number, y: number) => x - y);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    await invariant();
  });
});

describe('the allocation preview, the pickers and the customer account', () => {
  it('proposes oldest first without writing, and lists customers and receiving accounts', async () => {
    const c = await a.billableCustomer({ name: 'Preview Person', phone: '0634411223' });
    const b1 = await a.bill(c.id, '2025-01', 3); // 5.00
    const b2 = await a.bill(c.id, '2025-02', 5); // 7.00
    const before = await a.snapshot();
    const res = await a.api('GET', `${PAY}/allocation-preview?customerId=${c.id}&amount=9`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      balance: '12.00',
      openTotal: '12.00',
      amount: '9.00',
      allocated: '9.00',
      creditLeft: '0.00',
      balanceAfter: '3.00',
      openBills: [
        { billId: b1.id, open: '5.00', allocate: '5.00' },
        { billId: b2.id, open: '7.00', allocate: '4.00' },
      ],
    });
    expect((await a.api('GET', `${PAY}/allocation-preview?customerId=${c.id}&amount=20`)).json()).toMatchObject({
      allocated: '12.00',
      creditLeft: '8.00',
      balanceAfter: '-8.00',
    });
    expect(await a.snapshot()).toEqual(before);

    const found = await a.api('GET', `${PAY}/customers?q=${encodeURIComponent('+252634411223')}`);
    expect(found.json().data).toEqual([expect.objectContaining({ id: c.id, name: 'Preview Person', balance: '12.00' })]);
    expect((await a.api('GET', `${PAY}/customers?q=preview`)).json().data.map((x: { id: number }) => x.id)).toEqual([c.id]);
    const accounts = (await a.api('GET', `${PAY}/accounts`)).json().data;
    expect(accounts.map((x: { code: string; method: string }) => `${x.code}:${x.method}`)).toEqual(
      expect.arrayContaining(['1010:cash', '1030:bank', '1040:mobile_money', '1050:mobile_money']),
    );
    expect(accounts.some((x: { code: string }) => x.code === '1100')).toBe(false);
    await invariant();
  });
});

describe('opening balances', () => {
  it('posts an opening balance when the customer is taken on, or once when first given; then it is fixed', async () => {
    const owes = await a.billableCustomer({ openingBalance: '50' });
    expect(owes).toMatchObject({ openingBalance: '50.00', openingBalancePosted: true });
    const entry = await inSystem(ctx.database.db, (tx) =>
      queryRows<{ id: string }>(
        tx,
        sql`select id::text from journal_entries where client_id = ${orgA.clientId} and source_type = 'customer-opening' and source_id = ${owes.id}`,
      ),
    );
    expect(await entryLines(Number(entry[0].id))).toEqual([
      { code: '1100', debit: '50.00', credit: '0.00', party_type: 'customer', party_id: owes.id },
      { code: '3030', debit: '0.00', credit: '50.00', party_type: null, party_id: null },
    ]);
    // The opening debt is an open item of its own kind, due on its date (migration 0046), not a balance
    // outside the items: receipts pay it oldest first like a bill.
    const owesAccount = await a.account(owes.id);
    expect(owesAccount).toMatchObject({ balance: '50.00', openTotal: '50.00', otherCharges: '0.00', credit: '0.00' });
    expect(owesAccount.openItems).toEqual([
      expect.objectContaining({ kind: 'opening', number: owes.customerNo, amount: '50.00', settled: '0.00', open: '50.00' }),
    ]);
    expect(owesAccount.openItems[0].dueDate).toBe(owesAccount.openItems[0].date);
    const refused = await a.api('POST', `/api/elc/customers`, {}, {});
    expect(refused.statusCode).toBe(400);

    // A customer without an opening balance gets one later: posted then, and fixed after.
    const later = await a.billableCustomer();
    expect(later).toMatchObject({ openingBalancePosted: false });
    const put = await a.call(orgA.token, 'PUT', `/api/elc/customers/${later.id}`, {
      name: later.name,
      phone: later.phone,
      customerClass: 'residential',
      openingBalance: '-20',
    });
    expect(put.json()).toMatchObject({ openingBalance: '-20.00', openingBalancePosted: true });
    // An opening credit is the customer's credit (a settling item), waiting for their next charge.
    expect(await a.account(later.id)).toMatchObject({ balance: '-20.00', credit: '20.00', openItems: [] });
    const change = await a.call(orgA.token, 'PUT', `/api/elc/customers/${later.id}`, {
      name: later.name,
      phone: later.phone,
      customerClass: 'residential',
      openingBalance: '-25',
    });
    expect(change.json().details).toEqual([{ field: 'openingBalance', message: 'The opening balance is already in the books and cannot be changed here.' }]);

    // A payment against an opening debt is allocated to it (it used to stay unallocated, the debt being
    // outside the open items; since 0046 the debt is the oldest open item and receipts pay it first).
    const p = (await pay({ customerId: owes.id, amount: '30', reference: 'Opening' })).json();
    expect(p).toMatchObject({ allocated: '30.00', credit: '0.00', balanceAfter: '20.00' });
    const bill = await a.bill(owes.id, '2025-07', 8); // 10.00: the payment went to the old debt, not this bill.
    expect((await a.billById(bill.id)).paidAmount).toBe('0.00');
    const after = await a.account(owes.id);
    expect(after).toMatchObject({ balance: '30.00', openTotal: '30.00', otherCharges: '0.00', credit: '0.00' });
    expect(after.openItems.map((i: { kind: string; open: string }) => [i.kind, i.open])).toEqual([
      ['opening', '20.00'],
      ['bill', '10.00'],
    ]);
    // The next receipt pays the rest of the old debt, then the bill; the customer's opening credit pays
    // their first bill when it is written.
    expect((await pay({ customerId: owes.id, amount: '25', reference: 'Opening 2' })).json()).toMatchObject({ allocated: '25.00', credit: '0.00' });
    expect((await a.billById(bill.id)).paidAmount).toBe('5.00');
    const laterBill = await a.bill(later.id, '2025-07', 8); // 10.00, paid from the 20.00 opening credit
    expect((await a.billById(laterBill.id)).paidAmount).toBe('10.00');
    expect(await a.account(later.id)).toMatchObject({ balance: '-10.00', credit: '10.00', openItems: [] });
    await invariant();
  });
});

describe('customer balance transfers', () => {
  it('moves a balance from one customer to another in one entry, and cancels by reversal', async () => {
    const from = await a.billableCustomer({ name: 'Transfer From' });
    const to = await a.billableCustomer({ name: 'Transfer To' });
    const fromBill = await a.bill(from.id, '2025-01', 10); // 12.00
    const receivableBefore = (await expectReceivableMatchesCustomers(ctx.database.db, orgA.clientId)).receivable;
    const same = await a.api('POST', '/api/finance/c2c', { fromCustomerId: from.id, toCustomerId: from.id, amount: '5', date: '2025-06-01' }, { lang: 'so' });
    expect(same.json().details).toEqual([{ field: 'toCustomerId', message: 'Dooro laba macmiil oo kala duwan.' }]);
    const foreign = await paymentsKit(ctx, orgB).customer();
    const other = await a.api('POST', '/api/finance/c2c', { fromCustomerId: from.id, toCustomerId: foreign.id, amount: '5', date: '2025-06-01' });
    expect(other.json().details).toEqual([{ field: 'toCustomerId', message: 'The selected record does not exist.' }]);

    const res = await a.api('POST', '/api/finance/c2c', {
      fromCustomerId: from.id,
      toCustomerId: to.id,
      amount: '12',
      date: '2025-06-01',
      memo: 'Tenant moved out',
    });
    expect(res.statusCode, res.body).toBe(201);
    const t = res.json();
    expect(t).toMatchObject({ number: 'CT-000001', status: 'Posted', amount: '12.00', from: { id: from.id }, to: { id: to.id }, memo: 'Tenant moved out' });
    expect(await entryLines(t.entryId)).toEqual([
      { code: '1100', debit: '0.00', credit: '12.00', party_type: 'customer', party_id: from.id },
      { code: '1100', debit: '12.00', credit: '0.00', party_type: 'customer', party_id: to.id },
    ]);
    // Both sides are open items of the transfer (migration 0046): the giving customer's is credit, which
    // pays their open bill; the receiving customer's is a charge, due on the transfer's date.
    expect(await a.account(from.id)).toMatchObject({ balance: '0.00', openItems: [], credit: '0.00' });
    expect((await a.billById(fromBill.id)).paidAmount).toBe('12.00');
    const toAccount = await a.account(to.id);
    expect(toAccount).toMatchObject({ balance: '12.00', openTotal: '12.00', otherCharges: '0.00' });
    expect(toAccount.openItems).toEqual([
      expect.objectContaining({ kind: 'transfer', number: 'CT-000001', date: '2025-06-01', dueDate: '2025-06-01', amount: '12.00', open: '12.00' }),
    ]);
    expect((await expectReceivableMatchesCustomers(ctx.database.db, orgA.clientId)).receivable).toBe(receivableBefore);
    expect((await a.api('GET', `/api/finance/c2c?customerId=${to.id}`)).json()).toMatchObject({ total: 1, data: [{ number: 'CT-000001' }] });
    const one = await a.api('GET', `/api/finance/c2c/${t.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(t);
    expect((await paymentsKit(ctx, orgB).api('GET', `/api/finance/c2c/${t.id}`)).statusCode).toBe(404);
    // A receipt of the receiving customer pays the transferred debt.
    expect((await pay({ customerId: to.id, amount: '5', reference: 'Transfer 1' })).json()).toMatchObject({ allocated: '5.00' });
    expect((await a.account(to.id)).openItems).toEqual([expect.objectContaining({ kind: 'transfer', settled: '5.00', open: '7.00' })]);
    await invariant();

    const cancel = await a.api('POST', `/api/finance/c2c/${t.id}/cancel`, { reason: 'Wrong house' });
    expect(cancel.json()).toMatchObject({ status: 'Cancelled', cancelReason: 'Wrong house' });
    expect((await a.api('GET', `/api/finance/c2c/${t.id}`)).json()).toEqual(cancel.json());
    // Cancelled with its items: the bill the credit paid reopens, the receipt that paid the transferred
    // debt waits as the receiving customer's credit.
    expect(await a.account(from.id)).toMatchObject({ balance: '12.00', openTotal: '12.00', credit: '0.00' });
    expect((await a.billById(fromBill.id)).paidAmount).toBe('0.00');
    expect(await a.account(to.id)).toMatchObject({ balance: '-5.00', openItems: [], credit: '5.00' });
    expect((await a.api('POST', `/api/finance/c2c/${t.id}/cancel`, { reason: 'Again' })).statusCode).toBe(409);
    await invariant();
  });
});

describe('access', () => {
  it('needs receive-payment, changes nothing without it, and never shows another organisation', async () => {
    const c = await a.billableCustomer();
    await a.bill(c.id, '2025-01', 4);
    const p = (await pay({ customerId: c.id, amount: '3', reference: 'Access' })).json();
    const reader = await staffUser(ctx, orgA, ['list-customer']);
    const cashier = await staffUser(ctx, orgA, ['receive-payment']);
    const before = await a.snapshot();
    const as = { token: reader.token };
    expect((await pay({ customerId: c.id, amount: '3' }, as)).statusCode).toBe(403);
    expect((await a.api('GET', PAY, undefined, as)).statusCode).toBe(403);
    expect((await a.api('GET', `${PAY}/${p.id}`, undefined, as)).statusCode).toBe(403);
    expect((await a.api('POST', `${PAY}/${p.id}/cancel`, { reason: 'x' }, as)).statusCode).toBe(403);
    expect((await a.api('GET', `${PAY}/customers?q=a`, undefined, as)).statusCode).toBe(403);
    expect((await a.api('GET', `${PAY}/accounts`, undefined, as)).statusCode).toBe(403);
    expect((await a.api('POST', '/api/finance/c2c', { fromCustomerId: c.id, toCustomerId: c.id, amount: '1', date: '2025-06-01' }, as)).statusCode).toBe(403);
    expect(await a.snapshot()).toEqual(before);
    // A cashier with receive-payment alone uses the pickers; the customer account needs list-customer.
    expect((await a.api('GET', `${PAY}/customers?q=${encodeURIComponent(c.customerNo)}`, undefined, { token: cashier.token })).json().data).toHaveLength(1);
    expect((await a.api('GET', `${PAY}/accounts`, undefined, { token: cashier.token })).statusCode).toBe(200);
    expect((await a.api('GET', `/api/elc/customers/${c.id}/account`, undefined, { token: cashier.token })).statusCode).toBe(403);
    expect((await a.api('GET', `/api/elc/customers/${c.id}/account`, undefined, as)).statusCode).toBe(200);

    const b = paymentsKit(ctx, orgB);
    const asB = { token: orgB.token };
    expect((await b.api('GET', `/api/elc/customers/${c.id}/account`, undefined, asB)).statusCode).toBe(404);
    expect((await b.api('GET', `${PAY}/allocation-preview?customerId=${c.id}&amount=1`, undefined, asB)).statusCode).toBe(404);
    expect((await b.api('GET', `${PAY}/${p.id}`, undefined, asB)).statusCode).toBe(404);
    expect((await b.api('POST', `${PAY}/${p.id}/cancel`, { reason: 'x' }, asB)).statusCode).toBe(404);
    expect((await b.api('GET', PAY, undefined, asB)).json().total).toBe(0);
    expect((await b.api('GET', `${PAY}/customers?q=${encodeURIComponent(c.customerNo)}`, undefined, asB)).json().data).toEqual([]);
    expect(await a.snapshot()).toEqual(before);
    await invariant();
    await expectReceivableMatchesCustomers(ctx.database.db, orgB.clientId);
  });
});
