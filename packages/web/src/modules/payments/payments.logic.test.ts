import { describe, expect, it } from 'vitest';
import { type BatchMatchedRow, type CustomerOpenBill, paymentBody, type ReceivingAccount } from '@ubo/contracts';
import {
  amountOf,
  batchRows,
  batchTotals,
  chargeRows,
  checkAllocation,
  defaultAccount,
  emptyReceipt,
  filledRows,
  gridReceipt,
  matchRow,
  nextGridRow,
  initialDecisions,
  lookupOfPreview,
  preselectedCustomerId,
  proposed,
  toPaymentBody,
} from './payments.logic.ts';

const bill = (billId: number, open: string): CustomerOpenBill => ({
  billId,
  number: `B-${String(billId).padStart(6, '0')}`,
  period: '2025-01',
  billDate: '2025-01-31',
  dueDate: '2025-02-15',
  amount: open,
  paidAmount: '0.00',
  open,
});
const bills = [bill(1, '12.00'), bill(2, '22.00')];

describe('the allocation table', () => {
  it('proposes the amount over the oldest bills first and leaves the rest as credit', () => {
    expect(proposed(bills, '20')).toEqual({ 1: '12.00', 2: '8.00' });
    expect(proposed(bills, '50')).toEqual({ 1: '12.00', 2: '22.00' });
    expect(proposed(bills, '')).toEqual({ 1: '', 2: '' });
    expect(proposed(bills, 'abc')).toEqual({ 1: '', 2: '' });
    const check = checkAllocation(bills, proposed(bills, '50'), '50');
    expect([check.allocated.toFixed(2), check.creditLeft.toFixed(2), check.isOverAllocated]).toEqual(['34.00', '16.00', false]);
  });

  it('checks amounts typed by hand against each bill and the amount received', () => {
    const check = checkAllocation(bills, { 1: '13', 2: 'x' }, '10');
    expect(check.errors).toEqual({ 1: 'payments.receive.overBill', 2: 'v.money' });
    const over = checkAllocation(bills, { 1: '5', 2: '10' }, '10');
    expect([over.isOverAllocated, over.creditLeft.toFixed(2)]).toEqual([true, '-5.00']);
  });

  it('sends allocations only when the cashier changed the proposal', () => {
    const values = { ...emptyReceipt('2025-06-10'), customerId: 7, accountId: 3, amount: '20.5', reference: ' EVC-1 ', memo: '' };
    expect(toPaymentBody(paymentBody.parse(values), { amounts: proposed(bills, '20.5'), isManual: false }, bills)).toEqual({
      customerId: 7,
      amount: '20.50',
      date: '2025-06-10',
      accountId: 3,
      method: 'cash',
      reference: 'EVC-1',
      memo: undefined,
    });
    expect(toPaymentBody(paymentBody.parse(values), { amounts: { 1: '', 2: '20.5' }, isManual: true }, bills).allocations).toEqual([
      { billId: 2, amount: '20.50' },
    ]);
  });

  it('reads amounts exactly', () => {
    expect(amountOf('1250.50')?.toFixed(2)).toBe('1250.50');
    expect(amountOf('1.234')).toBeNull();
  });

  it('receives into the first cash account unless told otherwise', () => {
    const a = (id: number, subtype: ReceivingAccount['subtype']): ReceivingAccount => ({
      id,
      code: String(id),
      name: String(id),
      subtype,
      currency: 'USD',
      method: subtype,
    });
    expect(defaultAccount([a(1, 'bank'), a(2, 'cash')])?.id).toBe(2);
    expect(defaultAccount([a(1, 'mobile_money')])?.id).toBe(1);
    expect(defaultAccount([])).toBeUndefined();
  });
});

describe('batch receive', () => {
  const row = (i: number, status: BatchMatchedRow['status'], customerId: number | null, amount = '5'): BatchMatchedRow => ({
    row: i,
    line: null,
    reference: `R${i}`,
    customerText: 'x',
    amount,
    date: '2025-06-01',
    status,
    matchedBy: customerId ? 'phone' : null,
    customer: customerId ? { id: customerId, customerNo: 'C-1', name: 'n', phone: 'p' } : null,
    candidates: [],
    duplicateOf: null,
    errors: [],
  });

  it('saves matched rows and unmatched rows once a customer is chosen; never duplicates or invalid rows', () => {
    const rows = [row(0, 'matched', 1, '10'), row(1, 'unmatched', null, '7'), row(2, 'duplicate', 1), row(3, 'invalid', null)];
    const decisions = initialDecisions(rows);
    expect(decisions.map((d) => d.include)).toEqual([true, false, false, false]);
    expect(batchTotals(rows, decisions)).toMatchObject({ count: 1, waiting: 1 });
    decisions[1] = { customerId: 9, include: true };
    decisions[2] = { customerId: 1, include: true };
    const totals = batchTotals(rows, decisions);
    expect([totals.count, totals.total.toFixed(2), totals.waiting]).toEqual([2, '17.00', 0]);
    expect(batchRows(rows, decisions)).toEqual({
      rows: [
        { customerId: 1, amount: '10', date: '2025-06-01', reference: 'R0' },
        { customerId: 9, amount: '7', date: '2025-06-01', reference: 'R1' },
      ],
      rowOf: [0, 1],
    });
  });

  it('leaves out grid rows where nothing was typed', () => {
    expect(
      filledRows([
        { reference: '', customer: '', amount: '', series: '', receiptNo: '', date: '2025-06-01' },
        { reference: 'A', customer: '', amount: '', series: '', receiptNo: '', date: '' },
      ]),
    ).toHaveLength(1);
  });

  it("proposes the book's next leaf on a new row, and sends a row's receipt number with the save", () => {
    const last = { reference: 'A', customer: '1', amount: '5', series: 'KB ', receiptNo: '41', date: '2025-06-02' };
    expect(nextGridRow(last, '2025-06-09')).toEqual({ reference: '', customer: '', amount: '', series: 'KB', receiptNo: '42', date: '2025-06-02' });
    expect(nextGridRow({ ...last, receiptNo: '' }, '2025-06-09').receiptNo).toBe('');
    expect(gridReceipt(last)).toEqual({ series: 'KB', number: 41 });
    expect(gridReceipt({ ...last, series: '', receiptNo: '' })).toBeUndefined();
    expect(matchRow(last)).toEqual({ reference: 'A', customer: '1', amount: '5', date: '2025-06-02' });
  });
});

describe('a customer chosen before the Receive payment screen opens', () => {
  it('reads ?customerId as a positive whole id and nothing else', () => {
    expect(preselectedCustomerId(new URLSearchParams('customerId=42'))).toBe(42);
    for (const bad of ['', 'customerId=', 'customerId=0', 'customerId=-3', 'customerId=4.5', 'customerId=abc', 'customerId=99999999999']) {
      expect(preselectedCustomerId(new URLSearchParams(bad))).toBeNull();
    }
  });

  it("makes the picker's value from the customer's allocation preview", () => {
    const customer = { id: 7, customerNo: 'C-000007', name: 'Xaliimo Axmed', phone: '0615000111', status: 'Active' };
    expect(lookupOfPreview({ customer, balance: '27.30' })).toEqual({ ...customer, meterNumbers: [], balance: '27.30' });
  });
});

describe('the allocation table over every open charge (bills and invoices alike)', () => {
  const preview = {
    openBills: [bill(7, '12.00')],
    openItems: [
      { openItemId: 40, kind: 'invoice', number: 'SI-000001', date: '2025-01-10', dueDate: '2025-02-10', amount: '50.00', settled: '10.00', open: '40.00' },
      { openItemId: 41, kind: 'bill', number: 'B-000007', date: '2025-01-31', dueDate: '2025-02-15', amount: '12.00', settled: '0.00', open: '12.00' },
    ],
  };
  it('lists them oldest first, a bill with its period, and sends a bill by bill id, an invoice by open item', () => {
    const rows = chargeRows(preview);
    expect(rows.map((r) => [r.billId, r.number, r.period, r.kind, r.realBillId, r.open])).toEqual([
      [40, 'SI-000001', '', 'invoice', null, '40.00'],
      [41, 'B-000007', '2025-01', 'bill', 7, '12.00'],
    ]);
    expect(proposed(rows, '45')).toEqual({ 40: '40.00', 41: '5.00' });
    const values = paymentBody.parse({ customerId: 3, amount: '45', date: '2025-03-01', accountId: 9, method: 'cash' });
    expect(toPaymentBody(values, { amounts: { 40: '30', 41: '12' }, isManual: true }, rows).allocations).toEqual([
      { openItemId: 40, amount: '30.00' },
      { billId: 7, amount: '12.00' },
    ]);
    expect(chargeRows(undefined)).toEqual([]);
  });
});
