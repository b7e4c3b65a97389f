import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { inSystem } from '../../db/tenant.ts';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { tableSnapshot } from '../../../test/table-snapshot.ts';
import { mainBranchId } from '../metering/billing-test-kit.ts';
import { pdfText } from '../document-print/pdf-inspect-test-kit.ts';
import { auditRows, lastAuditId, staffUser } from '../settings/test-support.ts';
import { purchasesKit } from './purchases-test-kit.ts';

let ctx: TestContext;
let orgA: Awaited<ReturnType<typeof newOrganisation>>;
let orgB: Awaited<ReturnType<typeof newOrganisation>>;
let kit: ReturnType<typeof purchasesKit>;
let branchId: number;

beforeAll(async () => {
  ctx = await startTestApp();
  orgA = await newOrganisation(ctx, { name: 'Hargeisa Power' });
  orgB = await newOrganisation(ctx, { name: 'Burao Water' });
  kit = purchasesKit(ctx, orgA);
  branchId = await mainBranchId(ctx, orgA.clientId);
});
afterAll(() => ctx.close());

const post = (url: string, body: object, lang?: string) => kit.call(orgA.token, 'POST', url, body, lang);
const get = async (url: string, token = orgA.token) => kit.ok(await kit.call(token, 'GET', url), 200);

function bill(vendorId: number, lines: object[], extra: Record<string, unknown> = {}) {
  return post('/api/elc/vendors/bills', {
    vendorId,
    vendorBillNo: `INV-${Math.random().toString(36).slice(2, 8)}`,
    date: '2026-03-02',
    branchId,
    lines,
    ...extra,
  });
}

/** Pays a vendor through the vendors module's pay-bill endpoint (oldest open bill first). */
async function payBill(vendorId: number, amount: string) {
  const cash = await kit.accountId('1010');
  await kit.ok(await post('/api/elc/vendor-payments', { vendorId, amount, date: '2026-03-10', accountId: cash, method: 'cash' }));
}

describe('vendor bills', () => {
  it('posts stock at cost, services and free lines to expense, tax paid, and the payable naming the vendor; due date from the terms', async () => {
    const vendor = await kit.vendor({ name: 'Somcable Ltd', paymentTermsDays: 20, defaultExpenseCode: '6100' });
    const cable = await kit.item({ code: 'CBL-25', name: 'Cable 25mm' });
    const service = await kit.item({ code: 'SRV-INST', name: 'Installation', kind: 'service' });
    const before = {
      inventory: await kit.balance('1200'),
      tax: await kit.balance('1320'),
      payable: await kit.balance('2010'),
      repairs: await kit.balance('6100'),
    };
    const from = await lastAuditId(ctx, orgA.clientId);
    const created = await kit.ok(
      await bill(
        vendor,
        [
          { itemId: cable.id, quantity: '100', unitPrice: '2.50', discountPercent: '10', taxPercent: '5' },
          { itemId: service.id, quantity: '1', unitPrice: '40.00' },
          { description: 'Generator repair', quantity: '2', unitPrice: '15.00', taxPercent: '10' },
        ],
        { vendorBillNo: 'SC-1001' },
      ),
    );
    // cable: net 250, discount 25, tax 11.25 -> 236.25; service 40; repair 30 + 3 tax = 33.
    expect(created).toMatchObject({
      number: expect.stringMatching(/^VB-\d{6}$/),
      kind: 'bill',
      vendorBillNo: 'SC-1001',
      dueDate: '2026-03-22',
      subtotal: '320.00',
      discount: '25.00',
      tax: '14.25',
      total: '309.25',
      paid: '0.00',
      open: '309.25',
      status: 'Posted',
    });
    expect(created.lines.map((l: Record<string, unknown>) => [l.postedAccountCode, l.stocked, l.total])).toEqual([
      ['1200', true, '236.25'],
      ['5010', false, '40.00'],
      ['6100', false, '33.00'],
    ]);
    expect(Number(await kit.balance('1200')) - Number(before.inventory)).toBe(225);
    expect(Number(await kit.balance('1320')) - Number(before.tax)).toBeCloseTo(14.25);
    expect(Number(await kit.balance('2010')) - Number(before.payable)).toBeCloseTo(-309.25);
    expect(Number(await kit.balance('6100')) - Number(before.repairs)).toBe(30);
    const stock = await get(`/api/elc/items/${cable.id}`);
    expect(stock).toMatchObject({ onHand: '100', stockValue: '225.00' });
    const card = await get(`/api/elc/stock-moves?itemId=${cable.id}`);
    expect(card.data[0]).toMatchObject({ kind: 'purchase', sourceNo: created.number, quantityIn: '100', value: '225.00' });
    const [item] = await inSystem(ctx.database.db, (tx) =>
      queryRows<{ kind: string; side: string; amount: string; due_date: string; party_type: string }>(
        tx,
        sql`select kind, side, amount::text, due_date::text, party_type from open_items where source_type = 'vendor-bill' and source_id = ${created.id}`,
      ),
    );
    expect(item).toMatchObject({ kind: 'vendor-bill', side: 'credit', amount: '309.25', due_date: '2026-03-22', party_type: 'vendor' });
    expect((await auditRows(ctx, orgA.clientId, { entity: 'vendor-bill', afterId: from })).map((a) => a.action)).toEqual(['create']);
    // The list: search by the vendor's number or name, filters by vendor, status and date.
    expect((await get('/api/elc/vendors/bills?q=SC-1001')).data.map((b: { id: number }) => b.id)).toEqual([created.id]);
    expect((await get(`/api/elc/vendors/bills?vendorId=${vendor}&status=Unpaid`)).total).toBe(0); // due 2026-03-22 is past: overdue
    expect((await get(`/api/elc/vendors/bills?vendorId=${vendor}&status=Overdue`)).total).toBe(1);
    expect((await get(`/api/elc/vendors/bills?vendorId=${vendor}&from=2026-03-03`)).total).toBe(0);
    await kit.expectBooksAgree();
  });

  it('refuses a duplicate bill number from the same vendor, a price with three decimals and a free line with no account, on their fields', async () => {
    const vendor = await kit.vendor({ defaultExpenseCode: null });
    const other = await kit.vendor();
    const part = await kit.item();
    await kit.ok(await bill(vendor, [{ itemId: part.id, quantity: '1', unitPrice: '5' }], { vendorBillNo: 'A-77' }));
    const before = await tableSnapshot(ctx.database.db);
    const dup = await bill(vendor, [{ itemId: part.id, quantity: '1', unitPrice: '5' }], { vendorBillNo: 'a-77' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().details).toEqual([{ field: 'vendorBillNo', message: expect.stringContaining('already has a bill with this number (VB-') }]);
    const so = await post(
      '/api/elc/vendors/bills',
      { vendorId: vendor, vendorBillNo: 'A-77', date: '2026-03-02', branchId, lines: [{ itemId: part.id, quantity: '1', unitPrice: '5' }] },
      'so',
    );
    expect(so.json().details[0].message).toContain('Iibiyahan wuxuu horay u lahaa biil lambarkan leh');
    const price = await bill(vendor, [{ itemId: part.id, quantity: '1', unitPrice: '1.005' }]);
    expect(price.statusCode).toBe(400);
    expect(price.json().details).toEqual([{ field: 'lines.0.unitPrice', message: expect.any(String) }]);
    const noAccount = await bill(vendor, [{ description: 'Cleaning', quantity: '1', unitPrice: '5' }]);
    expect(noAccount.json().details).toEqual([{ field: 'lines.0.accountId', message: expect.stringContaining('expense account') }]);
    const noItem = await bill(vendor, [{ quantity: '1', unitPrice: '5' }]);
    expect(noItem.json().details).toEqual([{ field: 'lines.0.description', message: 'Choose an item or describe the line.' }]);
    expect(await tableSnapshot(ctx.database.db)).toEqual(before);
    // A retry with the same Idempotency-Key answers the first bill; the same key with another body is refused.
    const headers = { 'idempotency-key': 'bill-retry-1' };
    const once = { vendorId: other, vendorBillNo: 'K-1', date: '2026-03-02', branchId, lines: [{ itemId: part.id, quantity: '1', unitPrice: '5' }] };
    const first = await kit.ok(await kit.call(orgA.token, 'POST', '/api/elc/vendors/bills', once, undefined, headers));
    const replay = await kit.call(orgA.token, 'POST', '/api/elc/vendors/bills', once, undefined, headers);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().id).toBe(first.id);
    expect((await kit.call(orgA.token, 'POST', '/api/elc/vendors/bills', { ...once, vendorBillNo: 'K-2' }, undefined, headers)).statusCode).toBe(409);
    // The same bill entered by two clerks at once: one is posted, the other refused on its field.
    const twice = { ...once, vendorBillNo: 'RACE-1' };
    const both = await Promise.all([bill(other, twice.lines, { vendorBillNo: 'RACE-1' }), bill(other, twice.lines, { vendorBillNo: 'RACE-1' })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(both.find((r) => r.statusCode === 400)?.json().details[0].field).toBe('vendorBillNo');
    // Another vendor may use the same number.
    await kit.ok(await bill(other, [{ itemId: part.id, quantity: '1', unitPrice: '5' }], { vendorBillNo: 'A-77' }));
  });

  it('cancels by reversal: refused while returns are posted, while payments are allocated, and when the stock has moved on', async () => {
    const vendor = await kit.vendor();
    const part = await kit.item();
    const first = await kit.ok(await bill(vendor, [{ itemId: part.id, quantity: '10', unitPrice: '3.00' }]));
    const ret = await kit.ok(
      await post('/api/elc/vendors/purchase-returns', { purchaseId: first.id, date: '2026-03-03', lines: [{ position: 1, quantity: '2' }] }),
    );
    const refused = await post(`/api/elc/vendors/bills/${first.id}/cancel`, { reason: 'Wrong vendor' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(ret.number);
    await kit.ok(await post(`/api/elc/vendors/purchase-returns/${ret.id}/cancel`, { reason: 'Kept after all' }), 200);
    const cancelled = await kit.ok(await post(`/api/elc/vendors/bills/${first.id}/cancel`, { reason: 'Wrong vendor' }), 200);
    expect(cancelled).toMatchObject({ status: 'Cancelled', shownStatus: 'Cancelled', open: '0.00', cancelReason: 'Wrong vendor' });
    expect(await get(`/api/elc/items/${part.id}`)).toMatchObject({ onHand: '0', stockValue: '0.00' });
    // Its number may be entered again once it is cancelled.
    const again = await kit.ok(await bill(vendor, [{ itemId: part.id, quantity: '4', unitPrice: '3.00' }], { vendorBillNo: cancelled.vendorBillNo }));
    // Paid: refused, saying so.
    await payBill(vendor, '5.00');
    expect((await get(`/api/elc/vendors/bills/${again.id}`)).shownStatus).toMatch(/PartlyPaid|Overdue/);
    const paid = await post(`/api/elc/vendors/bills/${again.id}/cancel`, { reason: 'x' });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe('Payments of 5.00 are allocated to this bill: cancel or re-allocate them first.');
    // Stock moved on: 4 came in, 3 left by an adjustment; the bill cannot take 4 back.
    const third = await kit.ok(await bill(vendor, [{ itemId: part.id, quantity: '2', unitPrice: '3.00' }]));
    await kit.ok(await post('/api/elc/stock-adjustments', { kind: 'adjustment', branchId, date: '2026-03-04', lines: [{ itemId: part.id, quantity: '-5' }] }));
    const moved = await post(`/api/elc/vendors/bills/${third.id}/cancel`, { reason: 'x' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().details[0]).toMatchObject({ field: 'lines.0.quantity' });
    await kit.expectBooksAgree();
  });
});

describe('cash purchases', () => {
  it('credits the account paid from, leaves the payable alone, and refuses an account that holds no money', async () => {
    const vendor = await kit.vendor({ name: 'Fuel Station' });
    const cash = await kit.accountId('1010');
    const fuel = await kit.accountId('6110');
    const payableBefore = await kit.balance('2010');
    const cashBefore = await kit.balance('1010');
    const created = await kit.ok(
      await post('/api/elc/vendors/cash-purchases', {
        vendorId: vendor,
        date: '2026-03-05',
        branchId,
        paymentAccountId: cash,
        lines: [{ accountId: fuel, description: 'Diesel 200 l', quantity: '200', unitPrice: '1.10' }],
      }),
    );
    expect(created).toMatchObject({
      number: expect.stringMatching(/^CP-\d{6}$/),
      kind: 'cash',
      total: '220.00',
      paid: '220.00',
      open: '0.00',
      shownStatus: 'Paid',
      dueDate: null,
    });
    expect(await kit.balance('2010')).toBe(payableBefore);
    expect(Number(await kit.balance('1010')) - Number(cashBefore)).toBeCloseTo(-220);
    const refused = await post('/api/elc/vendors/cash-purchases', {
      vendorId: vendor,
      date: '2026-03-05',
      branchId,
      paymentAccountId: fuel,
      lines: [{ accountId: fuel, description: 'Diesel', quantity: '1', unitPrice: '1' }],
    });
    expect(refused.json().details).toEqual([{ field: 'paymentAccountId', message: 'Choose an active cash, bank or mobile-money account.' }]);
    // A cash purchase's return is refunded into an account.
    const back = await kit.ok(
      await post('/api/elc/vendors/purchase-returns', { purchaseId: created.id, date: '2026-03-06', lines: [{ position: 1, quantity: '20' }] }),
    );
    expect(back).toMatchObject({ purchaseKind: 'cash', total: '22.00', refundAccountId: cash });
    expect(Number(await kit.balance('1010')) - Number(cashBefore)).toBeCloseTo(-198);
    expect((await get(`/api/elc/vendors/cash-purchases?q=${created.number}`)).total).toBe(1);
    expect((await kit.call(orgA.token, 'GET', `/api/elc/vendors/bills/${created.id}`)).statusCode).toBe(404);
    const cancelled = await kit.ok(await post(`/api/elc/vendors/purchase-returns/${back.id}/cancel`, { reason: 'x' }), 200);
    expect(cancelled.status).toBe('Cancelled');
    await kit.ok(await post(`/api/elc/vendors/cash-purchases/${created.id}/cancel`, { reason: 'Duplicate' }), 200);
    expect(await kit.balance('1010')).toBe(cashBefore);
    await kit.expectBooksAgree();
  });
});

describe('purchase returns', () => {
  it('send items back at the cost they came in with, as a debit note allocated to the bill; never more than bought less returned', async () => {
    const vendor = await kit.vendor();
    const meter = await kit.item({ code: 'MTR-3P', name: 'Meter three phase' });
    const first = await kit.ok(await bill(vendor, [{ itemId: meter.id, quantity: '3', unitPrice: '10.00', taxPercent: '5' }]));
    // The average moves: 3 more at 16.
    await kit.ok(await bill(vendor, [{ itemId: meter.id, quantity: '3', unitPrice: '16.00' }]));
    const tooMany = await post('/api/elc/vendors/purchase-returns', { purchaseId: first.id, date: '2026-03-03', lines: [{ position: 1, quantity: '4' }] });
    expect(tooMany.json().details).toEqual([{ field: 'lines.0.quantity', message: 'At most 3 can be returned (bought less already returned).' }]);
    const ret = await kit.ok(
      await post('/api/elc/vendors/purchase-returns', { purchaseId: first.id, date: '2026-03-03', reason: 'Faulty', lines: [{ position: 1, quantity: '2' }] }),
    );
    expect(ret).toMatchObject({ number: expect.stringMatching(/^PR-\d{6}$/), amount: '20.00', tax: '1.00', total: '21.00', purchaseNumber: first.number });
    const card = await get(`/api/elc/stock-moves?itemId=${meter.id}`);
    expect(card.data.at(-1)).toMatchObject({ kind: 'purchase_return', quantityOut: '2', value: '-20.00', quantityAfter: '4', valueAfter: '58.00' });
    expect(await get(`/api/elc/vendors/bills/${first.id}`)).toMatchObject({ open: '10.50', paid: '21.00', returned: '21.00' });
    const again = await post('/api/elc/vendors/purchase-returns', { purchaseId: first.id, date: '2026-03-03', lines: [{ position: 1, quantity: '1.5' }] });
    expect(again.json().details[0]).toMatchObject({ field: 'lines.0.quantity', message: expect.stringContaining('At most 1 ') });
    const noLine = await post('/api/elc/vendors/purchase-returns', { purchaseId: first.id, date: '2026-03-03', lines: [{ position: 9, quantity: '1' }] });
    expect(noLine.json().details).toEqual([{ field: 'lines.0.position', message: 'This purchase has no such line.' }]);
    // The last one takes exactly what is left.
    const last = await kit.ok(
      await post('/api/elc/vendors/purchase-returns', { purchaseId: first.id, date: '2026-03-04', lines: [{ position: 1, quantity: '1' }] }),
    );
    expect(last.total).toBe('10.50');
    expect(await get(`/api/elc/vendors/bills/${first.id}`)).toMatchObject({ open: '0.00', shownStatus: 'Paid' });
    expect((await get(`/api/elc/vendors/purchase-returns?purchaseId=${first.id}`)).total).toBe(2);
    await kit.expectBooksAgree();
    await kit.ok(await post(`/api/elc/vendors/purchase-returns/${last.id}/cancel`, { reason: 'Vendor refused it' }), 200);
    expect(await get(`/api/elc/vendors/bills/${first.id}`)).toMatchObject({ open: '10.50' });
    await kit.expectBooksAgree();
    // The return transactions report, purchase returns: the one still posted, at the cost the stock left with.
    const report = await get(`/api/sales-reports/return-transaction?kind=purchase&startDate=2026-03-01&endDate=2026-03-31&itemId=${meter.id}`);
    expect(report).toMatchObject({ kind: 'purchase', total: 1, totals: { returns: 1, quantity: '2', amount: '21.00', cost: '20.00' } });
    expect(report.rows).toMatchObject([
      { number: ret.number, fromNumber: first.number, partyNo: expect.stringMatching(/^V-/), itemCode: 'MTR-3P', quantity: '2' },
    ]);
    const sales = await get(`/api/sales-reports/return-transaction?startDate=2026-03-01&endDate=2026-03-31&itemId=${meter.id}`);
    expect(sales).toMatchObject({ kind: 'sales', total: 0 });
  });
});

describe('purchase orders', () => {
  it('draft, edit, approve (who and when), receive part into stock and a vendor bill, refuse too much, close short, refuse a receipt then', async () => {
    const vendor = await kit.vendor({ name: 'Transformer House', paymentTermsDays: 45 });
    const tx = await kit.item({ code: 'TRF-100', name: 'Transformer 100kVA' });
    const draft = await kit.ok(
      await post('/api/elc/vendors/orders', { vendorId: vendor, date: '2026-03-01', branchId, lines: [{ itemId: tx.id, quantity: '4', unitPrice: '900.00' }] }),
    );
    expect(draft).toMatchObject({ number: expect.stringMatching(/^PO-\d{6}$/), status: 'Draft', total: '3600.00', approvedAt: null });
    const edited = await kit.ok(
      await kit.call(orgA.token, 'PUT', `/api/elc/vendors/orders/${draft.id}`, {
        vendorId: vendor,
        date: '2026-03-01',
        expectedDate: '2026-03-20',
        branchId,
        notes: 'Deliver to the yard',
        lines: [
          { itemId: tx.id, quantity: '5', unitPrice: '900.00' },
          { description: 'Delivery', quantity: '1', unitPrice: '150.00' },
        ],
      }),
      200,
    );
    expect(edited).toMatchObject({ total: '4650.00', expectedDate: '2026-03-20' });
    const receiveDraft = await post(`/api/elc/vendors/orders/${draft.id}/receive`, {
      vendorBillNo: 'TH-1',
      date: '2026-03-10',
      lines: [{ position: 1, quantity: '1' }],
    });
    expect(receiveDraft.json().details).toEqual([{ field: 'lines', message: expect.stringContaining('only an approved order can be received') }]);
    const approved = await kit.ok(await post(`/api/elc/vendors/orders/${draft.id}/approve`, {}), 200);
    expect(approved).toMatchObject({ status: 'Approved', approvedByName: expect.any(String), approvedAt: expect.any(String) });
    expect(
      (
        await kit.call(orgA.token, 'PUT', `/api/elc/vendors/orders/${draft.id}`, {
          vendorId: vendor,
          date: '2026-03-01',
          branchId,
          lines: [{ itemId: tx.id, quantity: '1', unitPrice: '1' }],
        })
      ).statusCode,
    ).toBe(409);
    const tooMuch = await post(`/api/elc/vendors/orders/${draft.id}/receive`, {
      vendorBillNo: 'TH-1',
      date: '2026-03-10',
      lines: [
        { position: 1, quantity: '6' },
        { position: 2, quantity: '1' },
      ],
    });
    expect(tooMuch.json().details).toEqual([{ field: 'lines.0.quantity', message: 'At most 5 is still expected on this line.' }]);
    const part = await kit.ok(
      await post(`/api/elc/vendors/orders/${draft.id}/receive`, {
        vendorBillNo: 'TH-1',
        date: '2026-03-10',
        lines: [
          { position: 1, quantity: '2' },
          { position: 2, quantity: '0' },
        ],
      }),
      200,
    );
    expect(part.status).toBe('PartlyReceived');
    expect(part.lines.map((l: Record<string, string>) => [l.quantity, l.received, l.billed, l.outstanding])).toEqual([
      ['5', '2', '2', '3'],
      ['1', '0', '0', '1'],
    ]);
    expect(part.bills).toHaveLength(1);
    const theBill = await get(`/api/elc/vendors/bills/${part.bills[0].id}`);
    expect(theBill).toMatchObject({ orderNumber: draft.number, vendorBillNo: 'TH-1', total: '1800.00', dueDate: '2026-04-24' });
    expect(theBill.lines[0]).toMatchObject({ orderLinePosition: 1, quantity: '2' });
    expect(await get(`/api/elc/items/${tx.id}`)).toMatchObject({ onHand: '2', stockValue: '1800.00' });
    // The delivery line has no account: the vendor's default expense account takes it.
    const second = await kit.ok(
      await post(`/api/elc/vendors/orders/${draft.id}/receive`, { vendorBillNo: 'TH-2', date: '2026-03-11', lines: [{ position: 2, quantity: '1' }] }),
      200,
    );
    expect(second.lines[1]).toMatchObject({ received: '1', outstanding: '0' });
    const closed = await kit.ok(await post(`/api/elc/vendors/orders/${draft.id}/close`, { reason: 'Vendor out of stock' }), 200);
    expect(closed).toMatchObject({ status: 'ClosedShort', closeReason: 'Vendor out of stock' });
    expect(closed.lines[0].outstanding).toBe('0');
    const late = await post(`/api/elc/vendors/orders/${draft.id}/receive`, {
      vendorBillNo: 'TH-3',
      date: '2026-03-12',
      lines: [{ position: 1, quantity: '1' }],
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().details).toEqual([{ field: 'lines', message: 'This order is ClosedShort: only an approved order can be received.' }]);
    // Cancelling a receipt's bill gives its quantities back.
    await kit.ok(await post(`/api/elc/vendors/bills/${part.bills[0].id}/cancel`, { reason: 'Wrong invoice' }), 200);
    expect((await get(`/api/elc/vendors/orders/${draft.id}`)).lines[0]).toMatchObject({ received: '0', billed: '0' });
    // A draft can be cancelled; a received one cannot.
    const other = await kit.ok(
      await post('/api/elc/vendors/orders', { vendorId: vendor, date: '2026-03-01', branchId, lines: [{ itemId: tx.id, quantity: '1', unitPrice: '900.00' }] }),
    );
    expect((await kit.ok(await post(`/api/elc/vendors/orders/${other.id}/cancel`, { reason: 'Not needed' }), 200)).status).toBe('Cancelled');
    expect((await post(`/api/elc/vendors/orders/${draft.id}/cancel`, { reason: 'x' })).statusCode).toBe(409);
    expect((await get(`/api/elc/vendors/orders?vendorId=${vendor}&status=ClosedShort`)).total).toBe(1);
    await kit.expectBooksAgree();
  });
});

describe('printable documents', () => {
  it("prints a purchase order, its bill and a return as PDFs in the caller's language", async () => {
    const vendor = await kit.vendor({ name: 'Print Supplies' });
    const part = await kit.item({ code: 'PRN-1', name: 'Breaker 20A' });
    const order = await kit.ok(
      await post('/api/elc/vendors/orders', {
        vendorId: vendor,
        date: '2026-03-01',
        branchId,
        lines: [{ itemId: part.id, quantity: '4', unitPrice: '12.00' }],
      }),
    );
    await kit.ok(await post(`/api/elc/vendors/orders/${order.id}/approve`, {}), 200);
    const received = await kit.ok(
      await post(`/api/elc/vendors/orders/${order.id}/receive`, { vendorBillNo: 'PS-9', date: '2026-03-02', lines: [{ position: 1, quantity: '4' }] }),
      200,
    );
    const ret = await kit.ok(
      await post('/api/elc/vendors/purchase-returns', { purchaseId: received.bills[0].id, date: '2026-03-03', lines: [{ position: 1, quantity: '1' }] }),
    );
    const pdf = async (url: string, lang?: string) => {
      const res = await kit.call(orgA.token, 'GET', url, undefined, lang);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      return pdfText(res.rawPayload);
    };
    const orderText = await pdf(`/api/elc/vendors/orders/${order.id}/pdf`);
    expect(orderText).toContain('Purchase order');
    expect(orderText).toContain(order.number);
    expect(orderText).toContain('Print Supplies');
    const billText = await pdf(`/api/elc/vendors/bills/${received.bills[0].id}/pdf`, 'so');
    expect(billText).toContain('Biilka iibiyaha');
    expect(billText).toContain('PS-9');
    expect(await pdf(`/api/elc/vendors/purchase-returns/${ret.id}/pdf`)).toContain(ret.number);
    expect((await kit.call(orgB.token, 'GET', `/api/elc/vendors/orders/${order.id}/pdf`)).statusCode).toBe(404);
  });
});

describe('expenses report', () => {
  it('adds posted purchases less returns by account, vendor and month, and exports CSV and Excel', async () => {
    const vendor = await kit.vendor({ name: 'Zeta Services' });
    const rent = await kit.accountId('6120');
    const b = await kit.ok(
      await post('/api/elc/vendors/bills', {
        vendorId: vendor,
        vendorBillNo: 'Z-1',
        date: '2025-06-10',
        branchId,
        lines: [{ accountId: rent, description: 'Office rent June', quantity: '1', unitPrice: '500.00', taxPercent: '5' }],
      }),
    );
    await kit.ok(
      await post('/api/elc/vendors/bills', {
        vendorId: vendor,
        vendorBillNo: 'Z-2',
        date: '2025-07-10',
        branchId,
        lines: [{ accountId: rent, description: 'Office rent July', quantity: '1', unitPrice: '500.00' }],
      }),
    );
    await kit.ok(await post('/api/elc/vendors/purchase-returns', { purchaseId: b.id, date: '2025-06-20', lines: [{ position: 1, quantity: '0.2' }] }));
    const q = `startDate=2025-06-01&endDate=2025-07-31&vendorId=${vendor}`;
    const byAccount = await get(`/api/elc/purchases/reports/expenses?${q}&groupBy=account`);
    expect(byAccount.rows).toEqual([{ key: String(rent), label: 'Rent', code: '6120', documents: 3, purchased: '1000.00', returned: '100.00', net: '900.00' }]);
    const byMonth = await get(`/api/elc/purchases/reports/expenses?${q}&groupBy=month`);
    expect(byMonth.rows.map((r: Record<string, string>) => [r.key, r.net])).toEqual([
      ['2025-06', '400.00'],
      ['2025-07', '500.00'],
    ]);
    const byVendor = await get(`/api/elc/purchases/reports/expenses?startDate=2025-06-01&endDate=2025-07-31&groupBy=vendor`);
    expect(byVendor.rows.find((r: Record<string, string>) => r.label === 'Zeta Services')).toMatchObject({ net: '900.00' });
    const csv = await kit.call(orgA.token, 'GET', `/api/elc/purchases/reports/expenses/export?${q}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Rent');
    const xlsx = await kit.call(orgA.token, 'GET', `/api/elc/purchases/reports/expenses?${q}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const so = await kit.call(orgA.token, 'GET', `/api/elc/purchases/reports/expenses/export?${q}&format=csv`, undefined, 'so');
    expect(so.body).toContain('6120 Kirada');
    const bad = await kit.call(orgA.token, 'GET', '/api/elc/purchases/reports/expenses?startDate=2025-07-01&endDate=2025-06-01');
    expect(bad.json().details[0]).toMatchObject({ field: 'endDate' });
  });
});

describe('access and organisations', () => {
  it('403 without the privilege changes nothing; another organisation sees nothing', async () => {
    const vendor = await kit.vendor();
    const part = await kit.item();
    const mine = await kit.ok(await bill(vendor, [{ itemId: part.id, quantity: '1', unitPrice: '5' }]));
    const clerk = await staffUser(ctx, orgA, ['cash-purchase']);
    const nobody = await staffUser(ctx, orgA, ['list-item']);
    const before = await tableSnapshot(ctx.database.db);
    const body = { vendorId: vendor, vendorBillNo: 'NOPE', date: '2026-03-02', branchId, lines: [{ itemId: part.id, quantity: '1', unitPrice: '5' }] };
    expect((await kit.call(clerk.token, 'POST', '/api/elc/vendors/bills', body)).statusCode).toBe(403);
    expect((await kit.call(clerk.token, 'POST', `/api/elc/vendors/bills/${mine.id}/cancel`, { reason: 'x' })).statusCode).toBe(403);
    expect((await kit.call(clerk.token, 'POST', '/api/elc/vendors/orders', { ...body, lines: body.lines })).statusCode).toBe(403);
    expect(
      (
        await kit.call(clerk.token, 'POST', '/api/elc/vendors/purchase-returns', {
          purchaseId: mine.id,
          date: '2026-03-02',
          lines: [{ position: 1, quantity: '1' }],
        })
      ).statusCode,
    ).toBe(403);
    expect((await kit.call(clerk.token, 'GET', '/api/elc/purchases/reports/expenses?startDate=2026-01-01&endDate=2026-12-31')).statusCode).toBe(403);
    expect((await kit.call(nobody.token, 'GET', '/api/elc/purchases/vendor-choices')).statusCode).toBe(403);
    expect(await tableSnapshot(ctx.database.db)).toEqual(before);
    // The clerk's own screens answer, choices included.
    const choices = await get('/api/elc/purchases/vendor-choices', clerk.token);
    expect(choices.vendors.some((v: { id: number }) => v.id === vendor)).toBe(true);
    expect(choices.paymentAccounts.map((a: { code: string }) => a.code)).toContain('1010');
    // Organisation B sees none of it.
    expect((await kit.call(orgB.token, 'GET', `/api/elc/vendors/bills/${mine.id}`)).statusCode).toBe(404);
    expect((await get('/api/elc/vendors/bills', orgB.token)).total).toBe(0);
    expect((await get('/api/elc/purchases/vendor-choices', orgB.token)).vendors).toEqual([]);
    const foreign = await kit.call(orgB.token, 'POST', '/api/elc/vendors/bills', body);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details.map((d: { field: string }) => d.field)).toEqual(['vendorId', 'branchId', 'lines.0.itemId']);
    expect(
      (
        await kit.call(orgB.token, 'POST', '/api/elc/vendors/purchase-returns', {
          purchaseId: mine.id,
          date: '2026-03-02',
          lines: [{ position: 1, quantity: '1' }],
        })
      ).json().details,
    ).toEqual([{ field: 'purchaseId', message: expect.any(String) }]);
  });
});
