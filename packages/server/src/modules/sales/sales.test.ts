import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { inSystem } from '../../db/tenant.ts';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { flatTariff, paymentsKit } from '../payments/payments-test-kit.ts';
import { auditRows, staffUser } from '../settings/test-support.ts';
import { pdfText } from '../document-print/pdf-inspect-test-kit.ts';
import { expectEntriesBalanced, salesKit } from './sales-test-kit.ts';

let ctx: TestContext;
let orgA: Awaited<ReturnType<typeof newOrganisation>>;
let orgB: Awaited<ReturnType<typeof newOrganisation>>;
let kit: ReturnType<typeof salesKit>;
let meter: { id: number; code: string; name: string };
let service: { id: number };

beforeAll(async () => {
  ctx = await startTestApp();
  orgA = await newOrganisation(ctx, { name: 'Hargeisa Power' });
  orgB = await newOrganisation(ctx, { name: 'Burao Water' });
  kit = salesKit(ctx, orgA);
  meter = await kit.item({ code: 'MTR-1', name: 'Prepaid meter', salePrice: '45.00', taxPercent: '10' });
  service = await kit.item({ code: 'CON-1', name: 'Connection service', kind: 'service', salePrice: '30.00' });
  await kit.stockIn(meter.id, '10', '20.00');
});
afterAll(() => ctx.close());

const lines = (quantity = '2') => [
  { itemId: meter.id, quantity, unitPrice: '45.00', taxPercent: '10' },
  { itemId: service.id, quantity: '1', unitPrice: '30.00', discountPercent: '10' },
];

async function entryLines(entryId: number) {
  return inSystem(ctx.database.db, (tx) =>
    queryRows<{ code: string; debit: string; credit: string; party_id: number | null }>(
      tx,
      sql`select a.code, l.debit::text, l.credit::text, l.party_id from journal_lines l join accounts a on a.id = l.account_id
          where l.entry_id = ${entryId} order by a.code`,
    ),
  );
}

describe('sales invoice', () => {
  it('posts receivable, income, tax, cost of goods at the moving average; a receivable item the customer account shows; audited', async () => {
    const c = await kit.customer();
    const inv = await kit.invoice({ customerId: c.id, lines: lines(), notes: 'Two meters and a connection' });
    // 2 x 45 = 90 + 9 tax; 30 - 3 discount = 27: total 126.00.
    expect(inv).toMatchObject({ kind: 'invoice', number: 'SI-000001', subtotal: '120.00', discount: '3.00', tax: '9.00', total: '126.00', cost: '40.00' });
    expect(inv).toMatchObject({ shownStatus: 'Unpaid', paid: '0.00', balance: '126.00', customerId: c.id });
    expect(inv.lines[0]).toMatchObject({ itemCode: 'MTR-1', quantity: '2', net: '90.00', tax: '9.00', total: '99.00', cost: '40.00', returnedQuantity: '0' });
    expect(await entryLines(inv.journalEntryId)).toEqual([
      { code: '1100', debit: '126.00', credit: '0.00', party_id: c.id },
      { code: '1200', debit: '0.00', credit: '40.00', party_id: null },
      { code: '2200', debit: '0.00', credit: '9.00', party_id: null },
      { code: '4050', debit: '0.00', credit: '117.00', party_id: null },
      { code: '5010', debit: '40.00', credit: '0.00', party_id: null },
    ]);
    const account = (await kit.ok(await kit.api('GET', `/api/elc/customers/${c.id}/account`), 200)) as {
      balance: string;
      openItems: Array<{ kind: string; number: string; open: string }>;
    };
    expect(account.balance).toBe('126.00');
    expect(account.openItems).toMatchObject([{ kind: 'invoice', number: 'SI-000001', open: '126.00' }]);
    const statement = await kit.ok(await kit.api('GET', `/api/billing-reports/customer-transaction?customerId=${c.id}`), 200);
    expect(statement.lines).toMatchObject([{ document: 'SI-000001', debit: '126.00', kind: 'invoice' }]);
    expect(statement.closingBalance).toBe('126.00');
    expect((await auditRows(ctx, orgA.clientId, { entity: 'sales-invoice' })).map((a) => a.action)).toContain('create');
    const list = await kit.ok(await kit.api('GET', `/api/elc/sales-invoices?q=SI-1`), 200);
    expect(list.data.map((d: { id: number }) => d.id)).toEqual([inv.id]);
    expect((await kit.ok(await kit.api('GET', `/api/elc/sales-invoices?status=Unpaid&customerId=${c.id}`), 200)).total).toBe(1);
    await kit.expectBooksAgree();
    await expectEntriesBalanced(ctx, orgA.clientId);
  });

  it('refuses a sale beyond stock naming the item and on-hand, a price with three decimals, a free line without an income account; nothing changes', async () => {
    const c = await kit.customer();
    const before = await kit.snapshot();
    const beyond = await kit.invoice({ customerId: c.id, lines: lines('100') }, 400);
    expect(beyond.details).toEqual([{ field: 'lines.0.quantity', message: 'Not enough MTR-1 Prepaid meter in stock: 8 on hand.' }]);
    const so = await kit.api(
      'POST',
      '/api/elc/sales-invoices',
      { customerId: c.id, date: '2026-03-01', dueDate: '2026-03-31', branchId: await kit.branchId(), lines: lines('100') },
      { lang: 'so' },
    );
    expect(so.json().details[0].message).toBe('MTR-1 Prepaid meter kuma filna bakhaarka: waxaa yaal 8.');
    const price = await kit.invoice({ customerId: c.id, lines: [{ itemId: meter.id, quantity: '1', unitPrice: '1.005' }] }, 400);
    expect(price.details).toEqual([expect.objectContaining({ field: 'lines.0.unitPrice' })]);
    const cash = await kit.accountId('1010');
    const free = await kit.invoice(
      {
        customerId: c.id,
        lines: [
          { quantity: '1', unitPrice: '5' },
          { accountId: cash, quantity: '1', unitPrice: '5' },
        ],
      },
      400,
    );
    expect(free.details.map((d: { field: string }) => d.field)).toEqual(['lines.0.accountId', 'lines.1.accountId']);
    const due = await kit.invoice({ customerId: c.id, dueDate: '2026-02-01', lines: lines() }, 400);
    expect(due.details).toEqual([expect.objectContaining({ field: 'dueDate' })]);
    expect(await kit.snapshot()).toEqual(before);
  });

  it('the Receive payment screen pays bills and invoices alike, oldest first; an invoice with a payment cannot be cancelled', async () => {
    await flatTariff(ctx, orgA);
    const pk = paymentsKit(ctx, orgA);
    const c = await pk.billableCustomer();
    const bill = await pk.bill(c.id, '2025-05', 10); // 12.00, dated today
    const inv = await kit.invoice({
      customerId: c.id,
      date: '2026-01-15',
      dueDate: '2026-02-15',
      lines: [{ itemId: service.id, quantity: '1', unitPrice: '50.00' }],
    });
    const cash = await kit.accountId('1010');
    // Oldest first: the invoice (2026-01-15) before the bill (issued today).
    const pay = await kit.ok(
      await kit.api('POST', '/api/finance/payments', { customerId: c.id, amount: '55.00', date: '2026-03-05', accountId: cash, method: 'cash' }),
    );
    expect(pay.allocated).toBe('55.00');
    const paidInvoice = await kit.ok(await kit.api('GET', `/api/elc/sales-invoices/${inv.id}`), 200);
    expect(paidInvoice).toMatchObject({ paid: '50.00', balance: '0.00', shownStatus: 'Paid' });
    expect((await pk.billById(bill.id)).paidAmount).toBe('5.00');
    const cancel = await kit.api('POST', `/api/elc/sales-invoices/${inv.id}/cancel`, { reason: 'wrong customer' });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toContain('50.00');
    // With allocations by open item (an invoice's), exactly as asked.
    const inv2 = await kit.invoice({ customerId: c.id, lines: [{ itemId: service.id, quantity: '1', unitPrice: '20.00' }] });
    const account = await pk.account(c.id);
    const item = account.openItems.find((i: { number: string }) => i.number === inv2.number);
    const pay2 = await kit.ok(
      await kit.api('POST', '/api/finance/payments', {
        customerId: c.id,
        amount: '20.00',
        date: '2026-03-05',
        accountId: cash,
        method: 'cash',
        allocations: [{ openItemId: item.openItemId, amount: '20.00' }],
      }),
    );
    expect(pay2.allocated).toBe('20.00');
    expect((await kit.ok(await kit.api('GET', `/api/elc/sales-invoices/${inv2.id}`), 200)).shownStatus).toBe('Paid');
    await kit.expectBooksAgree();
  });

  it('posts once per Idempotency-Key: a retry gets the same invoice', async () => {
    const c = await kit.customer();
    const body = {
      customerId: c.id,
      date: '2026-03-01',
      dueDate: '2027-12-31',
      branchId: await kit.branchId(),
      lines: [{ itemId: service.id, quantity: '1', unitPrice: '10.00' }],
    };
    const headers = { 'idempotency-key': `sale-${c.id}` };
    const first = await kit.call(orgA.token, 'POST', '/api/elc/sales-invoices', body, undefined, headers);
    const again = await kit.call(orgA.token, 'POST', '/api/elc/sales-invoices', body, undefined, headers);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    expect((await kit.ok(await kit.api('GET', `/api/elc/sales-invoices?customerId=${c.id}`), 200)).total).toBe(1);
  });

  it('a customer with credit has it applied to a new invoice', async () => {
    const c = await kit.customer();
    const cash = await kit.accountId('1010');
    await kit.ok(await kit.api('POST', '/api/finance/payments', { customerId: c.id, amount: '30.00', date: '2026-03-01', accountId: cash, method: 'cash' }));
    const inv = await kit.invoice({ customerId: c.id, lines: [{ itemId: service.id, quantity: '1', unitPrice: '50.00' }] });
    expect(inv).toMatchObject({ paid: '30.00', balance: '20.00', shownStatus: 'PartlyPaid' });
    await kit.expectBooksAgree();
  });
});

describe('sales return', () => {
  it('brings one item back at the cost it left with, a credit note allocated to the invoice; more than sold is refused; cancel undoes it', async () => {
    const c = await kit.customer();
    // The average moves after the sale: the return still comes back at 20.00.
    const inv = await kit.invoice({ customerId: c.id, lines: lines('3') });
    await kit.stockIn(meter.id, '5', '26.00', '2026-03-02');
    const inventoryBefore = await kit.balance('1200');
    const before = await kit.snapshot();
    const tooMany = await kit.api('POST', '/api/elc/sales-returns', { saleId: inv.id, date: '2026-03-03', lines: [{ position: 1, quantity: '4' }] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().details).toEqual([{ field: 'lines.0.quantity', message: 'At most 3 can be returned: 3 sold, less what was returned before.' }]);
    const noLine = await kit.api('POST', '/api/elc/sales-returns', { saleId: inv.id, date: '2026-03-03', lines: [{ position: 9, quantity: '1' }] });
    expect(noLine.json().details).toEqual([{ field: 'lines.0.position', message: expect.any(String) }]);
    expect(await kit.snapshot()).toEqual(before);

    const ret = await kit.ok(
      await kit.api('POST', '/api/elc/sales-returns', { saleId: inv.id, date: '2026-03-03', reason: 'faulty', lines: [{ position: 1, quantity: '1' }] }),
    );
    // 45 + 4.50 tax; cost 20.00.
    expect(ret).toMatchObject({
      kind: 'return',
      number: 'SRT-000001',
      total: '49.50',
      cost: '20.00',
      sale: { id: inv.id, number: inv.number, kind: 'invoice' },
    });
    expect(await kit.balance('1200')).toBe((Number(inventoryBefore) + 20).toFixed(2));
    expect(await entryLines(ret.journalEntryId)).toEqual([
      { code: '1100', debit: '0.00', credit: '49.50', party_id: c.id },
      { code: '1200', debit: '20.00', credit: '0.00', party_id: null },
      { code: '2200', debit: '4.50', credit: '0.00', party_id: null },
      { code: '4050', debit: '45.00', credit: '0.00', party_id: null },
      { code: '5010', debit: '0.00', credit: '20.00', party_id: null },
    ]);
    const after = await kit.ok(await kit.api('GET', `/api/elc/sales-invoices/${inv.id}`), 200);
    expect(after).toMatchObject({ paid: '49.50', shownStatus: 'PartlyPaid' });
    expect(after.lines[0].returnedQuantity).toBe('1');
    const again = await kit.api('POST', '/api/elc/sales-returns', { saleId: inv.id, date: '2026-03-03', lines: [{ position: 1, quantity: '2.5' }] });
    expect(again.json().details[0]).toMatchObject({ field: 'lines.0.quantity', message: 'At most 2 can be returned: 3 sold, less what was returned before.' });
    const statement = await kit.ok(await kit.api('GET', `/api/billing-reports/customer-transaction?customerId=${c.id}`), 200);
    expect(statement.lines.map((l: { document: string; kind: string }) => [l.document, l.kind])).toEqual([
      [inv.number, 'invoice'],
      ['SRT-000001', 'creditNote'],
    ]);
    await kit.expectBooksAgree();

    // The invoice cannot be cancelled while its return stands; cancelling the return reopens the invoice.
    expect((await kit.api('POST', `/api/elc/sales-invoices/${inv.id}/cancel`, { reason: 'x' })).statusCode).toBe(409);
    const cancelled = await kit.ok(await kit.api('POST', `/api/elc/sales-returns/${ret.id}/cancel`, { reason: 'entered twice' }), 200);
    expect(cancelled.status).toBe('Cancelled');
    expect((await kit.ok(await kit.api('GET', `/api/elc/sales-invoices/${inv.id}`), 200)).paid).toBe('0.00');
    expect(await kit.balance('1200')).toBe(inventoryBefore);
    await kit.expectBooksAgree();
    const invCancelled = await kit.ok(await kit.api('POST', `/api/elc/sales-invoices/${inv.id}/cancel`, { reason: 'order withdrawn' }), 200);
    expect(invCancelled).toMatchObject({ status: 'Cancelled', shownStatus: 'Cancelled', balance: '0.00' });
    expect((await kit.api('POST', `/api/elc/sales-invoices/${inv.id}/cancel`, { reason: 'again' })).statusCode).toBe(409);
    await kit.expectBooksAgree();
    await expectEntriesBalanced(ctx, orgA.clientId);
  });
});

describe('cash sale', () => {
  it('sells to the walk-in customer (made once), paid at once into cash; the statement shows sale and payment; refund on return', async () => {
    const cashBefore = await kit.balance('1010');
    const sale = await kit.cashSale({ lines: [{ itemId: meter.id, quantity: '1', unitPrice: '45.00' }] });
    expect(sale).toMatchObject({
      kind: 'receipt',
      number: 'CS-000001',
      walkIn: true,
      customerNo: 'WALK-IN',
      customerName: 'Walk-in customer',
      total: '45.00',
      paid: '45.00',
      balance: '0.00',
    });
    const second = await kit.cashSale({ lines: [{ itemId: service.id, quantity: '2', unitPrice: '30.00' }] });
    expect(second.customerId).toBe(sale.customerId);
    expect(await kit.balance('1010')).toBe((Number(cashBefore) + 105).toFixed(2));
    const statement = await kit.ok(await kit.api('GET', `/api/billing-reports/customer-transaction?customerId=${sale.customerId}`), 200);
    expect(statement.lines.map((l: { document: string; debit: string; credit: string }) => [l.document, l.debit, l.credit])).toEqual([
      ['CS-000001', '45.00', '0.00'],
      ['CS-000001', '0.00', '45.00'],
      ['CS-000002', '60.00', '0.00'],
      ['CS-000002', '0.00', '60.00'],
    ]);
    expect(statement.closingBalance).toBe('0.00');
    expect(statement.lines[0].kind).toBe('cashSale');
    // The walk-in customer is never billed: it has no house.
    const [houses] = await inSystem(ctx.database.db, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from houses where customer_id = ${sale.customerId}`),
    );
    expect(houses.n).toBe(0);

    const noAccount = await kit.api('POST', '/api/elc/sales-returns', { saleId: sale.id, date: '2026-03-04', lines: [{ position: 1, quantity: '1' }] });
    expect(noAccount.json().details).toEqual([{ field: 'refundAccountId', message: 'Choose the account the refund is paid from.' }]);
    const cash = await kit.accountId('1010');
    const ret = await kit.ok(
      await kit.api('POST', '/api/elc/sales-returns', { saleId: sale.id, date: '2026-03-04', refundAccountId: cash, lines: [{ position: 1, quantity: '1' }] }),
    );
    expect(ret).toMatchObject({ total: '45.00', cost: sale.cost, accountId: cash });
    expect(await kit.balance('1010')).toBe((Number(cashBefore) + 60).toFixed(2));
    await kit.expectBooksAgree();
    expect((await kit.api('POST', `/api/elc/sales-receipts/${sale.id}/cancel`, { reason: 'x' })).statusCode).toBe(409);
    await kit.ok(await kit.api('POST', `/api/elc/sales-returns/${ret.id}/cancel`, { reason: 'mistake' }), 200);
    await kit.ok(await kit.api('POST', `/api/elc/sales-receipts/${sale.id}/cancel`, { reason: 'mistake' }), 200);
    expect(await kit.balance('1010')).toBe((Number(cashBefore) + 60).toFixed(2));
    await kit.expectBooksAgree();
    await expectEntriesBalanced(ctx, orgA.clientId);
  });

  it('refuses an account that does not receive money', async () => {
    const income = await kit.accountId('4050');
    const res = await kit.api('POST', '/api/elc/sales-receipts', { date: '2026-03-02', branchId: await kit.branchId(), accountId: income, lines: lines('1') });
    expect(res.json().details).toEqual([{ field: 'accountId', message: expect.any(String) }]);
  });
});

describe('quotation', () => {
  it('posts nothing, converts in one click into an invoice that names it, once; cancelling the invoice reopens it', async () => {
    const c = await kit.customer();
    const before = await kit.snapshot();
    const q = await kit.ok(
      await kit.api('POST', '/api/elc/quotations', {
        customerId: c.id,
        date: '2026-03-01',
        validUntil: '2999-03-31',
        branchId: await kit.branchId(),
        lines: lines('1'),
      }),
    );
    expect(q).toMatchObject({ kind: 'quotation', number: 'QT-000001', status: 'Open', shownStatus: 'Open', total: '76.50', journalEntryId: null });
    const after = await kit.snapshot();
    expect(after.entries).toBe(before.entries);
    expect(after.moves).toBe(before.moves);
    const inv = await kit.ok(await kit.api('POST', `/api/elc/quotations/${q.id}/convert`, { date: '2026-03-05' }));
    expect(inv).toMatchObject({ kind: 'invoice', total: '76.50', dueDate: '2026-04-04', quotation: { id: q.id, number: 'QT-000001' } });
    const accepted = await kit.ok(await kit.api('GET', `/api/elc/quotations/${q.id}`), 200);
    expect(accepted).toMatchObject({ status: 'Accepted', shownStatus: 'Accepted', invoice: { id: inv.id, number: inv.number } });
    expect((await kit.api('POST', `/api/elc/quotations/${q.id}/convert`, {})).statusCode).toBe(409);
    expect((await kit.api('POST', `/api/elc/quotations/${q.id}/cancel`, { reason: 'x' })).statusCode).toBe(409);
    await kit.ok(await kit.api('POST', `/api/elc/sales-invoices/${inv.id}/cancel`, { reason: 'customer changed mind' }), 200);
    expect((await kit.ok(await kit.api('GET', `/api/elc/quotations/${q.id}`), 200)).status).toBe('Open');
    expect((await kit.ok(await kit.api('POST', `/api/elc/quotations/${q.id}/cancel`, { reason: 'lost' }), 200)).status).toBe('Cancelled');
    await kit.expectBooksAgree();
  });

  it('an expired quotation shows Expired and is not converted', async () => {
    const c = await kit.customer();
    const q = await kit.ok(
      await kit.api('POST', '/api/elc/quotations', {
        customerId: c.id,
        date: '2026-01-01',
        validUntil: '2026-01-10',
        branchId: await kit.branchId(),
        lines: lines('1'),
      }),
    );
    expect(q.shownStatus).toBe('Expired');
    expect((await kit.api('POST', `/api/elc/quotations/${q.id}/convert`, {})).statusCode).toBe(409);
    expect((await kit.ok(await kit.api('GET', '/api/elc/quotations?status=Expired'), 200)).data.map((d: { id: number }) => d.id)).toContain(q.id);
  });
});

describe('access, organisations, prints and reports', () => {
  it('403 without the privilege changes nothing; another organisation sees nothing', async () => {
    const c = await kit.customer();
    const inv = await kit.invoice({ customerId: c.id, lines: [{ itemId: service.id, quantity: '1', unitPrice: '10.00' }] });
    const clerk = await staffUser(ctx, orgA, ['quotation']);
    const nobody = await staffUser(ctx, orgA, ['list-item']);
    expect((await kit.api('GET', '/api/elc/sales/choices', undefined, { token: nobody.token })).statusCode).toBe(403);
    const before = await kit.snapshot();
    const refused = await kit.api(
      'POST',
      '/api/elc/sales-invoices',
      { customerId: c.id, date: '2026-03-01', dueDate: '2026-03-31', branchId: await kit.branchId(), lines: lines('1') },
      { token: clerk.token },
    );
    expect(refused.statusCode).toBe(403);
    expect((await kit.api('POST', `/api/elc/sales-invoices/${inv.id}/cancel`, { reason: 'x' }, { token: clerk.token })).statusCode).toBe(403);
    expect(
      (await kit.api('POST', `/api/elc/sales-returns`, { saleId: inv.id, date: '2026-03-03', lines: [{ position: 1, quantity: '1' }] }, { token: clerk.token }))
        .statusCode,
    ).toBe(403);
    expect(await kit.snapshot()).toEqual(before);
    expect((await kit.api('GET', '/api/elc/sales/choices', undefined, { token: clerk.token })).statusCode).toBe(200);

    const other = salesKit(ctx, orgB);
    expect((await other.api('GET', `/api/elc/sales-invoices/${inv.id}`)).statusCode).toBe(404);
    expect((await other.ok(await other.api('GET', '/api/elc/sales-invoices'), 200)).total).toBe(0);
    expect((await other.api('POST', `/api/elc/sales-invoices/${inv.id}/cancel`, { reason: 'x' })).statusCode).toBe(404);
    const steal = await other.api('POST', '/api/elc/sales-returns', { saleId: inv.id, date: '2026-03-03', lines: [{ position: 1, quantity: '1' }] });
    expect(steal.json().details).toEqual([{ field: 'saleId', message: expect.any(String) }]);
    const otherCustomer = await other.api('POST', '/api/elc/sales-invoices', {
      customerId: c.id,
      date: '2026-03-01',
      dueDate: '2026-03-31',
      branchId: await other.branchId(),
      lines: [{ itemId: service.id, quantity: '1', unitPrice: '1' }],
    });
    expect(otherCustomer.json().details.map((d: { field: string }) => d.field)).toEqual(['customerId', 'lines.0.itemId']);
    expect((await other.ok(await other.api('GET', '/api/elc/sales/choices'), 200)).items).toEqual([]);
  });

  it('prints every document as a PDF in the caller language', async () => {
    const c = await kit.customer();
    const inv = await kit.invoice({ customerId: c.id, lines: lines('1') });
    for (const lang of ['en', 'so']) {
      const res = await kit.api('GET', `/api/elc/sales-invoices/${inv.id}/pdf`, undefined, { lang });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfText(res.rawPayload);
      expect(text).toContain(inv.number);
      expect(text).toContain(lang === 'so' ? 'Qaansheegta iibka' : 'Sales invoice');
      expect(text).toContain('MTR-1 Prepaid meter');
      if (process.env.SALES_PDF_DUMP) (await import('node:fs')).writeFileSync(`/tmp/sales-invoice-${lang}.pdf`, res.rawPayload);
    }
    expect((await kit.api('GET', `/api/elc/quotations/${inv.id}/pdf`)).statusCode).toBe(404);
  });

  it('sales activity by item, customer and month (sales less returns, cost, margin) and return transactions, with exports', async () => {
    const item = await kit.item({ code: 'BRK-9', name: 'Breaker' });
    await kit.stockIn(item.id, '10', '5.00');
    const c = await kit.customer({ name: 'Report Buyer' });
    const inv = await kit.invoice({
      customerId: c.id,
      date: '2026-04-02',
      dueDate: '2026-04-30',
      lines: [{ itemId: item.id, quantity: '4', unitPrice: '12.00', taxPercent: '5' }],
    });
    await kit.cashSale({ customerId: c.id, date: '2026-04-03', lines: [{ itemId: item.id, quantity: '2', unitPrice: '12.00' }] });
    await kit.ok(await kit.api('POST', '/api/elc/sales-returns', { saleId: inv.id, date: '2026-04-04', lines: [{ position: 1, quantity: '1' }] }));
    const r = await kit.ok(await kit.api('GET', `/api/sales-reports/sales-activity?startDate=2026-04-01&endDate=2026-04-30&itemId=${item.id}`), 200);
    expect(r.rows).toEqual([
      { key: String(item.id), code: 'BRK-9', name: 'Breaker', quantity: '5', revenue: '60.00', cost: '25.00', margin: '35.00', marginPercent: '58.33' },
    ]);
    const byCustomer = await kit.ok(
      await kit.api('GET', `/api/sales-reports/sales-activity?startDate=2026-04-01&endDate=2026-04-30&groupBy=customer&customerId=${c.id}`),
      200,
    );
    expect(byCustomer.rows).toMatchObject([{ name: 'Report Buyer', revenue: '60.00' }]);
    const byMonth = await kit.ok(
      await kit.api('GET', `/api/sales-reports/sales-activity?startDate=2026-04-01&endDate=2026-04-30&groupBy=month&itemId=${item.id}`),
      200,
    );
    expect(byMonth.rows).toMatchObject([{ key: '2026-04', margin: '35.00' }]);
    const returns = await kit.ok(await kit.api('GET', `/api/sales-reports/return-transaction?startDate=2026-04-01&endDate=2026-04-30&itemId=${item.id}`), 200);
    expect(returns.rows).toMatchObject([
      { fromNumber: inv.number, partyName: 'Report Buyer', itemCode: 'BRK-9', quantity: '1', amount: '12.60', cost: '5.00' },
    ]);
    const csv = await kit.api('GET', `/api/sales-reports/sales-activity/export?format=csv&startDate=2026-04-01&endDate=2026-04-30&itemId=${item.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Breaker');
    const xlsx = await kit.api('GET', `/api/sales-reports/return-transaction?format=xlsx&startDate=2026-04-01&endDate=2026-04-30`, undefined, { lang: 'so' });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const bad = await kit.api('GET', '/api/sales-reports/sales-activity?startDate=2026-05-01&endDate=2026-04-01');
    expect(bad.json().details).toEqual([expect.objectContaining({ field: 'endDate' })]);
    await kit.expectBooksAgree();
  });
});
