// The party subledger with every kind of document it will carry: a bill (a real bill run), an invoice
// made here (an entry on the receivable and its item, as the sales module will), a vendor's bills and
// payments on the payable, an employee's advance and repayment on the advances account. Allocation
// (oldest first and by hand), credit that waits and pays the next charge at commit, cancellation, the
// ageing on a date, and the invariant: every party's open items add up to its ledger balance, and the
// parties to the control account.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { inSystem, inTenant } from '../../db/tenant.ts';
import { type PostingLine, postJournal, reverseJournal } from '../../ledger/index.ts';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { expectOpenItemsMatchLedger, expectReceivableMatchesCustomers } from '../../../test/receivable-invariant.ts';
import { flatTariff, paymentsKit } from '../payments/payments-test-kit.ts';
import { type ItemSide, addOpenItems, allocate, cancelOpenItem, getOpenItem, partyAgeing, subledgerState, unsettledItems } from './index.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let k: ReturnType<typeof paymentsKit>;
const acc: Record<string, number> = {};
let documentNo = 0;

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Berbera Utilities' });
  await flatTariff(ctx, org);
  k = paymentsKit(ctx, org);
  for (const code of ['1010', '1100', '1110', '2010', '4050', '5010']) acc[code] = await k.accountId(code);
}, 120_000);
afterAll(() => ctx?.close());

const tenant = <T>(fn: (tx: Db) => Promise<T>) => inTenant(ctx.database.db, org.clientId, fn, org.adminId);

/**
 * A document made in the test, as a module will make it: its entry (the party's side on the control
 * account against `other`), then its open item. Answers the item id.
 */
async function document(d: {
  partyType: 'customer' | 'vendor' | 'employee';
  partyId: number;
  control: string;
  other: string;
  side: ItemSide;
  kind: string;
  amount: string;
  date: string;
  dueDate?: string;
}): Promise<{ itemId: number; entryId: number }> {
  return tenant(async (tx) => {
    documentNo += 1;
    const onParty = d.side === 'debit' ? { debit: d.amount } : { credit: d.amount };
    const onOther = d.side === 'debit' ? { credit: d.amount } : { debit: d.amount };
    const party: PostingLine = { accountId: acc[d.control], partyType: d.partyType, partyId: d.partyId, ...onParty };
    const counter: PostingLine = { accountId: acc[d.other], ...onOther };
    const entry = await postJournal(tx, {
      clientId: org.clientId,
      date: d.date,
      reference: `${d.kind}-${documentNo}`,
      memo: `${d.kind} made in a test`,
      sourceType: d.kind,
      sourceId: documentNo,
      userId: org.adminId,
      lines: [party, counter],
    });
    const [itemId] = await addOpenItems(tx, org.clientId, [
      {
        partyType: d.partyType,
        partyId: d.partyId,
        accountId: acc[d.control],
        side: d.side,
        kind: d.kind,
        sourceType: d.kind,
        sourceId: documentNo,
        number: `${d.kind.toUpperCase()}-${documentNo}`,
        date: d.date,
        dueDate: d.dueDate,
        amount: d.amount,
        journalEntryId: entry.id,
      },
    ]);
    return { itemId, entryId: entry.id };
  });
}

const item = (id: number) => tenant((tx) => getOpenItem(tx, org.clientId, id));
const settledOf = async (id: number) => (await item(id))?.settled;
const ageing = (partyType: 'customer' | 'vendor' | 'employee', control: string, date: string) =>
  tenant((tx) => partyAgeing({ tx, clientId: org.clientId, partyType, accountId: acc[control], date }));

/** The control account's balance on its natural side, from the lines. */
async function controlBalance(code: string, sign: 1 | -1): Promise<string> {
  const [row] = await inSystem(ctx.database.db, (tx) =>
    queryRows<{ b: string }>(
      tx,
      sql`select (coalesce(sum(debit - credit), 0) * ${sign})::numeric(18,2)::text as b from journal_lines
      where client_id = ${org.clientId} and account_id = ${acc[code]}`,
    ),
  );
  return row.b;
}

describe('customers: a bill and an invoice on one receivable', () => {
  it("pays the oldest charge first whatever its kind, keeps the bill's own figures in step, and credit pays the next invoice at commit", async () => {
    const c = await k.billableCustomer({ name: 'Open Items Customer' });
    const bill = await k.bill(c.id, '2025-05', 10); // 12.00, dated today
    const billItem = await tenant(
      async (tx) => (await unsettledItems(tx, org.clientId, { partyType: 'customer', partyId: c.id, accountId: acc['1100'] }, 'debit'))[0],
    );
    expect(billItem).toMatchObject({
      kind: 'bill',
      sourceType: 'bill',
      sourceId: bill.id,
      number: bill.number,
      amount: '12.00',
      settled: '0.00',
      open: '12.00',
    });

    // An invoice dated before the bill: the oldest charge, paid first.
    const invoice = await document({
      partyType: 'customer',
      partyId: c.id,
      control: '1100',
      other: '4050',
      side: 'debit',
      kind: 'invoice',
      amount: '30.00',
      date: '2025-02-01',
      dueDate: '2025-03-03',
    });
    const account = await k.account(c.id);
    expect(account).toMatchObject({ balance: '42.00', openTotal: '42.00', credit: '0.00', otherCharges: '0.00' });
    expect(account.openItems.map((i: { kind: string; open: string }) => [i.kind, i.open])).toEqual([
      ['invoice', '30.00'],
      ['bill', '12.00'],
    ]);
    expect(account.openBills).toHaveLength(1);
    const preview = (await k.api('GET', `/api/finance/payments/allocation-preview?customerId=${c.id}&amount=35`)).json();
    expect(preview.openItems.map((i: { allocate: string }) => i.allocate)).toEqual(['30.00', '5.00']);
    expect(preview.openBills[0].allocate).toBe('5.00');

    const cash = acc['1010'];
    const paid = await k.api('POST', '/api/finance/payments', { customerId: c.id, amount: '35', method: 'cash', accountId: cash, date: '2025-06-10' });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({ allocated: '35.00', credit: '0.00' });
    expect(paid.json().allocations).toEqual([expect.objectContaining({ billId: bill.id, amount: '5.00', billPaid: '5.00', billOpen: '7.00' })]);
    expect(await settledOf(invoice.itemId)).toBe('30.00');
    expect((await k.billById(bill.id)).paidAmount).toBe('5.00');

    // By hand: the bill chosen, 7.00 on it, the rest waits as credit ...
    const second = await k.api('POST', '/api/finance/payments', {
      customerId: c.id,
      amount: '20',
      method: 'cash',
      accountId: cash,
      date: '2025-06-11',
      allocations: [{ billId: bill.id, amount: '7' }],
    });
    expect(second.json()).toMatchObject({ allocated: '7.00', credit: '13.00' });
    expect(await k.account(c.id)).toMatchObject({ balance: '-13.00', credit: '13.00', openItems: [] });
    // ... and pays the next invoice when it is written (at commit, as for a bill).
    const next = await document({
      partyType: 'customer',
      partyId: c.id,
      control: '1100',
      other: '4050',
      side: 'debit',
      kind: 'invoice',
      amount: '10.00',
      date: '2025-06-20',
    });
    expect(await settledOf(next.itemId)).toBe('10.00');
    expect(await k.account(c.id)).toMatchObject({ balance: '-3.00', credit: '3.00' });
    expect((await k.api('GET', `/api/finance/payments/${second.json().id}`)).json()).toMatchObject({ allocated: '17.00', credit: '3.00' });

    // Cancelling the first payment reopens what it paid; the waiting 3.00 pays the oldest of it.
    const cancel = await k.api('POST', `/api/finance/payments/${paid.json().id}/cancel`, { reason: 'Bounced' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await settledOf(invoice.itemId)).toBe('3.00');
    expect((await k.billById(bill.id)).paidAmount).toBe('7.00');
    expect(await k.account(c.id)).toMatchObject({ balance: '32.00', openTotal: '32.00', credit: '0.00' });

    // The customer ageing report reads the invoice with the bill: on 2025-06-30 the invoice is 119 days late.
    const aged = (await k.api('GET', '/api/finance/customer/aging?date=2025-06-30&_limit=1000')).json();
    const row = aged.rows.find((r: { customerId: number }) => r.customerId === c.id);
    // On 2025-06-30 the bill (dated today) is not issued yet: the ledger balance then is without it.
    expect(row).toMatchObject({ over90: '27.00', current: '0.00', total: '20.00', unallocated: '-7.00' });
    const generic = (await ageing('customer', '1100', '2025-06-30')).find((r) => r.partyId === c.id);
    expect(generic).toMatchObject({ over90: row.over90, unallocated: row.unallocated, total: row.total });

    await expectReceivableMatchesCustomers(ctx.database.db, org.clientId, { [c.id]: '40.00' });
    expect(await expectOpenItemsMatchLedger(ctx.database.db, org.clientId, 'customer', '1100')).toBe(await controlBalance('1100', 1));
  });
});

describe('vendors: bills and payments on the payable', () => {
  const vendor = 7001;
  it('allocates a payment to the oldest vendor bills, keeps a prepayment as credit for the next bill, and ages what is owed', async () => {
    const first = await document({
      partyType: 'vendor',
      partyId: vendor,
      control: '2010',
      other: '5010',
      side: 'credit',
      kind: 'vendor-bill',
      amount: '100.00',
      date: '2025-01-10',
      dueDate: '2025-02-09',
    });
    const second = await document({
      partyType: 'vendor',
      partyId: vendor,
      control: '2010',
      other: '5010',
      side: 'credit',
      kind: 'vendor-bill',
      amount: '50.00',
      date: '2025-03-01',
      dueDate: '2025-03-31',
    });
    const payment = await document({
      partyType: 'vendor',
      partyId: vendor,
      control: '2010',
      other: '1010',
      side: 'debit',
      kind: 'vendor-payment',
      amount: '120.00',
      date: '2025-04-01',
    });
    const result = await tenant((tx) => allocate(tx, org.clientId, payment.itemId));
    expect(result).toEqual({ settled: '120.00', refusals: [] });
    expect(await settledOf(first.itemId)).toBe('100.00');
    expect(await settledOf(second.itemId)).toBe('20.00');

    // On 2025-04-15 the second bill's 30.00 is 15 days late; before the payment (03-31) both were open.
    expect(await ageing('vendor', '2010', '2025-04-15')).toEqual([
      { partyId: vendor, current: '0.00', d1_30: '30.00', d31_60: '0.00', d61_90: '0.00', over90: '0.00', unallocated: '0.00', total: '30.00' },
    ]);
    expect((await ageing('vendor', '2010', '2025-03-31'))[0]).toMatchObject({ current: '50.00', d31_60: '100.00', total: '150.00' });

    // A payment by hand may not exceed what is open, nor name another party's item.
    const prepay = await document({
      partyType: 'vendor',
      partyId: vendor,
      control: '2010',
      other: '1010',
      side: 'debit',
      kind: 'vendor-payment',
      amount: '40.00',
      date: '2025-04-20',
    });
    const refused = await tenant((tx) =>
      allocate(tx, org.clientId, prepay.itemId, [
        { itemId: second.itemId, amount: '31' },
        { itemId: first.itemId, amount: '1' },
      ]),
    );
    expect(refused.refusals).toEqual([
      { index: 0, reason: 'tooLarge', open: '30.00' },
      { index: 1, reason: 'notOpen' },
    ]);
    expect(await tenant((tx) => allocate(tx, org.clientId, prepay.itemId, [{ itemId: second.itemId, amount: '30' }]))).toEqual({
      settled: '30.00',
      refusals: [],
    });
    // 10.00 paid ahead waits as the vendor's credit (on the payable: owed to us) and pays the next bill at commit.
    expect((await ageing('vendor', '2010', '2025-04-30'))[0]).toMatchObject({ unallocated: '-10.00', total: '-10.00' });
    const third = await document({
      partyType: 'vendor',
      partyId: vendor,
      control: '2010',
      other: '5010',
      side: 'credit',
      kind: 'vendor-bill',
      amount: '25.00',
      date: '2025-05-02',
      dueDate: '2025-06-01',
    });
    expect(await settledOf(third.itemId)).toBe('10.00');
    expect(await settledOf(prepay.itemId)).toBe('40.00');
    expect((await ageing('vendor', '2010', '2025-05-10'))[0]).toMatchObject({ current: '15.00', unallocated: '0.00', total: '15.00' });
    // As things stood before the prepayment's date, the second bill was still 30.00 open.
    expect((await ageing('vendor', '2010', '2025-04-19'))[0]).toMatchObject({ d1_30: '30.00', total: '30.00' });

    const state = await tenant((tx) => subledgerState(tx, org.clientId, 'vendor', acc['2010']));
    expect(state).toEqual([{ partyId: vendor, balance: '15.00', openCharges: '15.00', openCredit: '0.00', itemBalance: '15.00' }]);
    expect(await expectOpenItemsMatchLedger(ctx.database.db, org.clientId, 'vendor', '2010')).toBe(await controlBalance('2010', -1));
  });
});

describe('employees: an advance and its repayments', () => {
  const employee = 9001;
  it('repays an advance, reopens it when a repayment is cancelled, and ages it', async () => {
    const advance = await document({
      partyType: 'employee',
      partyId: employee,
      control: '1110',
      other: '1010',
      side: 'debit',
      kind: 'advance',
      amount: '200.00',
      date: '2025-01-15',
      dueDate: '2025-04-15',
    });
    const repay = await document({
      partyType: 'employee',
      partyId: employee,
      control: '1110',
      other: '1010',
      side: 'credit',
      kind: 'repayment',
      amount: '50.00',
      date: '2025-02-28',
    });
    await tenant((tx) => allocate(tx, org.clientId, repay.itemId));
    expect(await settledOf(advance.itemId)).toBe('50.00');
    expect((await ageing('employee', '1110', '2025-05-01'))[0]).toMatchObject({ d1_30: '150.00', total: '150.00' });
    expect((await ageing('employee', '1110', '2025-02-01'))[0]).toMatchObject({ current: '200.00', total: '200.00' });

    // The repayment is cancelled with its document: entry reversed, item cancelled, the advance open again.
    await tenant(async (tx) => {
      await reverseJournal(tx, { clientId: org.clientId, entryId: repay.entryId, date: '2025-03-05', userId: org.adminId, memo: 'Repayment cancelled' });
      expect(await cancelOpenItem(tx, org.clientId, repay.itemId)).toEqual([{ itemId: advance.itemId, amount: '50.00' }]);
    });
    expect(await item(repay.itemId)).toMatchObject({ status: 'Cancelled', settled: '0.00' });
    expect(await settledOf(advance.itemId)).toBe('0.00');
    expect((await ageing('employee', '1110', '2025-05-01'))[0]).toMatchObject({ d1_30: '200.00', total: '200.00' });
    expect(await expectOpenItemsMatchLedger(ctx.database.db, org.clientId, 'employee', '1110')).toBe(await controlBalance('1110', 1));
  });

  it('keeps items to their organisation: another organisation sees none of them', async () => {
    const other = await newOrganisation(ctx, { name: 'Elsewhere Water' });
    const seen = await inTenant(ctx.database.db, other.clientId, (tx) =>
      queryRows<{ n: number }>(tx, sql`select (select count(*) from open_items)::int + (select count(*) from open_item_allocations)::int as n`),
    );
    expect(seen[0].n).toBe(0);
  });
});
