import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { expectOpenItemsMatchLedger } from '../../../test/receivable-invariant.ts';
import { inSystem } from '../../db/tenant.ts';
import { setLockDate } from '../../ledger/index.ts';
import { caller } from '../metering/billing-test-kit.ts';
import { auditRows, lastAuditId, staffUser } from '../settings/test-support.ts';
import { accountBalance, accountIdByCode, postTestVendorBill, vendorSnapshot } from './vendors-test-kit.ts';

let ctx: TestContext;
let orgA: Awaited<ReturnType<typeof newOrganisation>>;
let orgB: Awaited<ReturnType<typeof newOrganisation>>;
let call: ReturnType<typeof caller>;
let cashId: number;
let serial = 0;

beforeAll(async () => {
  ctx = await startTestApp();
  orgA = await newOrganisation(ctx, { name: 'Hargeisa Power' });
  orgB = await newOrganisation(ctx, { name: 'Burao Water' });
  call = caller(ctx);
  cashId = await accountIdByCode(ctx, orgA.clientId, '1010');
});
afterAll(() => ctx.close());

type Res = Awaited<ReturnType<typeof call>>;
async function ok(res: Res, status = 201) {
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  return res.json();
}

async function vendor(overrides: Record<string, unknown> = {}, org = orgA) {
  serial += 1;
  return ok(await call(org.token, 'POST', '/api/elc/vendors', { name: `Supplier ${serial}`, ...overrides }));
}

const pay = (body: Record<string, unknown>, token = orgA.token, lang?: string) =>
  call(token, 'POST', '/api/elc/vendor-payments', { accountId: cashId, method: 'cash', date: '2026-04-01', ...body }, lang);

const openBills = async (vendorId: number) => ok(await call(orgA.token, 'GET', `/api/elc/vendors/${vendorId}/open-bills`), 200);

/** The vendors' open items agree with the payable's lines naming them. */
const expectVendorsMatchLedger = () => expectOpenItemsMatchLedger(ctx.database.db, orgA.clientId, 'vendor', '2010');

describe('vendor register', () => {
  it('creates with the next number and a posted, itemised opening balance; edits, changes status, lists with search; audited', async () => {
    const from = await lastAuditId(ctx, orgA.clientId);
    const payableBefore = await accountBalance(ctx, orgA.clientId, '2010');
    const created = await vendor({
      name: 'Dahabshiil Cables',
      contactPerson: 'Amina Warsame',
      phone: '+252 63 4411223',
      email: 'sales@cables.so',
      taxNumber: 'TIN-778',
      paymentTermsDays: 45,
      openingBalance: '500.00',
      openingDate: '2026-01-15',
    });
    expect(created).toMatchObject({
      number: 'V-0001',
      name: 'Dahabshiil Cables',
      paymentTermsDays: 45,
      openingBalance: '500.00',
      openingDate: '2026-01-15',
      openingPosted: true,
      balance: '500.00',
      openBills: '500.00',
      status: 'Active',
    });
    // Payable credit against the opening balance equity account (3030), the one customers' opening balances use.
    expect(Number(await accountBalance(ctx, orgA.clientId, '2010')) - Number(payableBefore)).toBe(-500);
    expect(await accountBalance(ctx, orgA.clientId, '3030')).toBe('500.00');
    const bills = await openBills(created.id);
    expect(bills.bills).toEqual([expect.objectContaining({ kind: 'opening', number: 'V-0001', date: '2026-01-15', open: '500.00' })]);
    await expectVendorsMatchLedger();

    const typed = await vendor({ number: 'V-0003', name: 'Typed number' });
    expect(typed.number).toBe('V-0003');
    const next = await vendor({ name: 'After typed' });
    expect(next.number).toBe('V-0004');
    const choices = await ok(await call(orgA.token, 'GET', '/api/elc/vendors/choices'), 200);
    expect(choices.nextNumber).toBe('V-0005');

    const expense = await accountIdByCode(ctx, orgA.clientId, '5010');
    const updated = await ok(
      await call(orgA.token, 'PUT', `/api/elc/vendors/${created.id}`, {
        name: 'Dahabshiil Cables Ltd',
        defaultExpenseAccountId: expense,
        openingBalance: '500.00',
        openingDate: '2026-01-15',
      }),
      200,
    );
    expect(updated).toMatchObject({ number: 'V-0001', name: 'Dahabshiil Cables Ltd', defaultExpenseAccount: { code: '5010' }, balance: '500.00' });
    expect((await ok(await call(orgA.token, 'PATCH', `/api/elc/vendors/${typed.id}/status`, { status: 'Inactive' }), 200)).status).toBe('Inactive');
    const list = await ok(await call(orgA.token, 'GET', '/api/elc/vendors?q=cables'), 200);
    expect(list).toMatchObject({ total: 1, data: [{ id: created.id, balance: '500.00' }] });
    expect((await ok(await call(orgA.token, 'GET', '/api/elc/vendors?status=Inactive'), 200)).data.map((v: { id: number }) => v.id)).toEqual([typed.id]);
    expect((await ok(await call(orgA.token, 'GET', '/api/elc/vendors?owing=true'), 200)).data.map((v: { id: number }) => v.id)).toContain(created.id);
    const audit = await auditRows(ctx, orgA.clientId, { entity: 'vendor', afterId: from });
    expect(audit.map((x) => x.action)).toEqual(['create', 'create', 'create', 'update', 'status']);
  });

  it('refuses bad input on its fields (in Somali) and changes nothing', async () => {
    const existing = await vendor({ number: 'ACME-1' });
    const before = await vendorSnapshot(ctx, orgA.clientId);
    const cash = await accountIdByCode(ctx, orgA.clientId, '1010');
    const res = await call(orgA.token, 'POST', '/api/elc/vendors', { number: 'acme-1', name: 'Other', defaultExpenseAccountId: cash }, 'so');
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { field: 'number', message: 'Qiimahan horay ayuu u jiray.' },
      { field: 'defaultExpenseAccountId', message: 'Dooro xisaab kharash oo firfircoon.' },
    ]);
    const noDate = await call(orgA.token, 'POST', '/api/elc/vendors', { name: 'X', openingBalance: '10' });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().details).toEqual([{ field: 'openingDate', message: 'Enter the date of the opening balance.' }]);
    const fields = await call(orgA.token, 'POST', '/api/elc/vendors', { name: '', openingBalance: '1.005', paymentTermsDays: -1, email: 'no' });
    expect(fields.statusCode).toBe(400);
    expect(
      fields
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['email', 'name', 'openingBalance', 'paymentTermsDays']);
    expect(await vendorSnapshot(ctx, orgA.clientId)).toEqual(before);

    const posted = await vendor({ openingBalance: '80', openingDate: '2026-02-01' });
    const change = await call(orgA.token, 'PUT', `/api/elc/vendors/${posted.id}`, { name: posted.name, openingBalance: '90', openingDate: '2026-02-01' });
    expect(change.statusCode).toBe(400);
    expect(change.json().details).toEqual([{ field: 'openingBalance', message: expect.stringContaining('opening balance is posted') }]);
    expect((await ok(await call(orgA.token, 'GET', `/api/elc/vendors/${posted.id}`), 200)).openingBalance).toBe('80.00');
    expect(existing.number).toBe('ACME-1');
    await expectVendorsMatchLedger();
  });
});

describe('pay bill', () => {
  it('pays oldest first, shows open bills, the statement with a running balance and the payment', async () => {
    const v = await vendor({ openingBalance: '100', openingDate: '2026-01-01' });
    await postTestVendorBill(ctx, orgA.clientId, v.id, '200.00', '2026-02-01', '2026-03-03');
    await postTestVendorBill(ctx, orgA.clientId, v.id, '300.00', '2026-03-01', '2026-03-31');
    const cashBefore = await accountBalance(ctx, orgA.clientId, '1010');
    const paid = await ok(await pay({ vendorId: v.id, amount: '250.00', reference: 'slip 1' }));
    expect(paid).toMatchObject({ number: expect.stringMatching(/^PV-\d{6}$/), amount: '250.00', allocated: '250.00', unallocated: '0.00', status: 'Posted' });
    expect(paid.allocations.map((a: { kind: string; amount: string }) => [a.kind, a.amount])).toEqual([
      ['opening', '100.00'],
      ['vendor-bill', '150.00'],
    ]);
    expect(Number(await accountBalance(ctx, orgA.clientId, '1010')) - Number(cashBefore)).toBe(-250);
    const bills = await openBills(v.id);
    expect(bills).toMatchObject({ openTotal: '350.00', balance: '350.00', credit: '0.00' });
    expect(bills.bills.map((b: { open: string }) => b.open)).toEqual(['50.00', '300.00']);

    const statement = await ok(await call(orgA.token, 'GET', `/api/elc/vendors/${v.id}/transaction`), 200);
    expect(statement.lines.map((l: { kind: string; credit: string; debit: string; balance: string }) => [l.kind, l.credit, l.debit, l.balance])).toEqual([
      ['opening', '100.00', '0.00', '100.00'],
      ['bill', '200.00', '0.00', '300.00'],
      ['bill', '300.00', '0.00', '600.00'],
      ['payment', '0.00', '250.00', '350.00'],
    ]);
    expect(statement.lines[3].document).toBe(paid.number);
    expect(statement.closingBalance).toBe('350.00');
    const ranged = await ok(await call(orgA.token, 'GET', `/api/elc/vendors/${v.id}/transaction?startDate=2026-02-15&endDate=2026-03-31`), 200);
    expect(ranged).toMatchObject({ openingBalance: '300.00', closingBalance: '600.00', total: 1 });

    const pdf = await call(orgA.token, 'GET', `/api/elc/vendor-payments/${paid.id}/voucher.pdf`, undefined, 'so');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const list = await ok(await call(orgA.token, 'GET', `/api/elc/vendor-payments?vendorId=${v.id}`), 200);
    expect(list).toMatchObject({ total: 1, totalAmount: '250.00', data: [{ id: paid.id, vendor: { id: v.id } }] });
    await expectVendorsMatchLedger();
  });

  it('allocates by hand exactly the bills given; the rest waits as credit', async () => {
    const v = await vendor();
    const first = await postTestVendorBill(ctx, orgA.clientId, v.id, '200.00', '2026-02-01');
    const second = await postTestVendorBill(ctx, orgA.clientId, v.id, '300.00', '2026-03-01');
    const paid = await ok(await pay({ vendorId: v.id, amount: '150.00', allocations: [{ openItemId: second.itemId, amount: '120.00' }] }));
    expect(paid).toMatchObject({ allocated: '120.00', unallocated: '30.00' });
    expect(paid.allocations).toEqual([expect.objectContaining({ openItemId: second.itemId, amount: '120.00' })]);
    const bills = await openBills(v.id);
    expect(bills.bills.map((b: { openItemId: number; open: string }) => [b.openItemId, b.open])).toEqual([
      [first.itemId, '200.00'],
      [second.itemId, '180.00'],
    ]);
    expect(bills).toMatchObject({ balance: '350.00', credit: '30.00' });
    // A line above the bill's open amount, or naming another vendor's bill, is refused on its field.
    const other = await vendor();
    const foreign = await postTestVendorBill(ctx, orgA.clientId, other.id, '10.00', '2026-02-01');
    const before = await vendorSnapshot(ctx, orgA.clientId);
    const bad = await pay({
      vendorId: v.id,
      amount: '300.00',
      allocations: [
        { openItemId: first.itemId, amount: '250.00' },
        { openItemId: foreign.itemId, amount: '5.00' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([
      { field: 'allocations.0.amount', message: 'Only 200.00 is open on this bill.' },
      { field: 'allocations.1.openItemId', message: "This is not one of the vendor's open bills." },
    ]);
    expect(await vendorSnapshot(ctx, orgA.clientId)).toEqual(before);
    await expectVendorsMatchLedger();
  });

  it('refuses more than the open bills without confirmation; with it the rest stays as debit balance that a later bill takes', async () => {
    const v = await vendor({ openingBalance: '100', openingDate: '2026-01-01' });
    const before = await vendorSnapshot(ctx, orgA.clientId);
    const refused = await pay({ vendorId: v.id, amount: '160.00' }, orgA.token, 'so');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([{ field: 'amount', message: expect.stringContaining('(100.00)') }]);
    expect(await vendorSnapshot(ctx, orgA.clientId)).toEqual(before);

    const paid = await ok(await pay({ vendorId: v.id, amount: '160.00', confirmOverpayment: true }));
    expect(paid).toMatchObject({ allocated: '100.00', unallocated: '60.00' });
    expect(await openBills(v.id)).toMatchObject({ balance: '-60.00', openTotal: '0.00', credit: '60.00', bills: [] });
    await expectVendorsMatchLedger();
    // A later bill takes the waiting credit at commit.
    const bill = await postTestVendorBill(ctx, orgA.clientId, v.id, '45.00', '2026-05-01');
    const after = await openBills(v.id);
    expect(after).toMatchObject({ balance: '-15.00', openTotal: '0.00', credit: '15.00' });
    expect(after.bills.find((b: { openItemId: number }) => b.openItemId === bill.itemId)).toBeUndefined();
    await expectVendorsMatchLedger();
  });

  it('cancels by reversal: the bills reopen, the cash comes back, twice is refused', async () => {
    const v = await vendor({ openingBalance: '100', openingDate: '2026-01-01' });
    await postTestVendorBill(ctx, orgA.clientId, v.id, '200.00', '2026-02-01');
    const cashBefore = await accountBalance(ctx, orgA.clientId, '1010');
    const paid = await ok(await pay({ vendorId: v.id, amount: '250.00' }));
    const from = await lastAuditId(ctx, orgA.clientId);
    const cancelled = await ok(await call(orgA.token, 'POST', `/api/elc/vendor-payments/${paid.id}/cancel`, { reason: 'Wrong vendor' }), 200);
    expect(cancelled).toMatchObject({ status: 'Cancelled', allocated: '0.00', cancelReason: 'Wrong vendor', reversalEntryNumber: expect.any(String) });
    expect(await accountBalance(ctx, orgA.clientId, '1010')).toBe(cashBefore);
    expect(await openBills(v.id)).toMatchObject({ openTotal: '300.00', balance: '300.00' });
    const again = await call(orgA.token, 'POST', `/api/elc/vendor-payments/${paid.id}/cancel`, { reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect((await auditRows(ctx, orgA.clientId, { entity: 'vendor-payment', afterId: from })).map((a) => a.action)).toEqual(['cancel']);
    const statement = await ok(await call(orgA.token, 'GET', `/api/elc/vendors/${v.id}/transaction`), 200);
    expect(statement.lines.map((l: { kind: string }) => l.kind)).toEqual(['opening', 'bill', 'payment', 'reversal']);
    await expectVendorsMatchLedger();
  });

  it('pays once per Idempotency-Key: a retry gets the same payment', async () => {
    const v = await vendor({ openingBalance: '90', openingDate: '2026-01-01' });
    const headers = { 'idempotency-key': `pay-${v.id}` };
    const body = { vendorId: v.id, amount: '40.00', accountId: cashId, method: 'cash', date: '2026-04-01' };
    const first = await call(orgA.token, 'POST', '/api/elc/vendor-payments', body, undefined, headers);
    const again = await call(orgA.token, 'POST', '/api/elc/vendor-payments', body, undefined, headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    expect((await openBills(v.id)).balance).toBe('50.00');
  });

  it('refuses a bad account, an inactive vendor and a missing reference on their fields', async () => {
    const v = await vendor({ openingBalance: '50', openingDate: '2026-01-01' });
    const inactive = await vendor({ openingBalance: '50', openingDate: '2026-01-01' });
    await ok(await call(orgA.token, 'PATCH', `/api/elc/vendors/${inactive.id}/status`, { status: 'Inactive' }), 200);
    const expense = await accountIdByCode(ctx, orgA.clientId, '5010');
    const before = await vendorSnapshot(ctx, orgA.clientId);
    const bad = await pay({ vendorId: v.id, amount: '10', accountId: expense });
    expect(bad.json().details).toEqual([{ field: 'accountId', message: 'Choose an active cash, bank or mobile money account.' }]);
    const off = await pay({ vendorId: inactive.id, amount: '10' });
    expect(off.json().details).toEqual([{ field: 'vendorId', message: 'This vendor is inactive.' }]);
    const ref = await pay({ vendorId: v.id, amount: '10', method: 'bank' });
    expect(ref.json().details).toEqual([{ field: 'reference', message: expect.any(String) }]);
    const money = await pay({ vendorId: v.id, amount: '10.001' });
    expect(money.json().details).toEqual([{ field: 'amount', message: expect.any(String) }]);
    expect(await vendorSnapshot(ctx, orgA.clientId)).toEqual(before);
  });
});

describe('lock date', () => {
  it('refuses an opening balance or a payment dated in a closed period, on the date, and changes nothing', async () => {
    const org = await newOrganisation(ctx, { name: 'Locked Org' });
    const cash = await accountIdByCode(ctx, org.clientId, '1010');
    const v = await ok(await call(org.token, 'POST', '/api/elc/vendors', { name: 'Open vendor', openingBalance: '50', openingDate: '2026-03-01' }));
    await inSystem(ctx.database.db, (tx) => setLockDate(tx, org.clientId, '2026-01-31'));
    const before = await vendorSnapshot(ctx, org.clientId);
    const opening = await call(org.token, 'POST', '/api/elc/vendors', { name: 'Late vendor', openingBalance: '10', openingDate: '2026-01-15' });
    expect(opening.statusCode).toBe(400);
    expect(opening.json().details.map((d: { field: string }) => d.field)).toEqual(['openingDate']);
    const payment = await call(org.token, 'POST', '/api/elc/vendor-payments', {
      vendorId: v.id,
      amount: '10',
      accountId: cash,
      method: 'cash',
      date: '2026-01-20',
    });
    expect(payment.statusCode).toBe(400);
    expect(payment.json().details.map((d: { field: string }) => d.field)).toEqual(['date']);
    expect(await vendorSnapshot(ctx, org.clientId)).toEqual(before);
  });
});

describe('access and organisations', () => {
  it('answers 403 without the privilege and changes nothing; another organisation sees nothing', async () => {
    const v = await vendor({ openingBalance: '70', openingDate: '2026-01-01' });
    const paid = await ok(await pay({ vendorId: v.id, amount: '20' }));
    const reader = await staffUser(ctx, orgA, ['list-vendor']);
    const before = await vendorSnapshot(ctx, orgA.clientId);
    expect((await call(reader.token, 'POST', '/api/elc/vendors', { name: 'Nope' })).statusCode).toBe(403);
    expect((await call(reader.token, 'PUT', `/api/elc/vendors/${v.id}`, { name: 'Nope' })).statusCode).toBe(403);
    expect((await pay({ vendorId: v.id, amount: '5' }, reader.token)).statusCode).toBe(403);
    expect((await call(reader.token, 'POST', `/api/elc/vendor-payments/${paid.id}/cancel`, { reason: 'x' })).statusCode).toBe(403);
    expect((await call(reader.token, 'GET', '/api/vendor-reports/vendor-summary')).statusCode).toBe(403);
    expect(await vendorSnapshot(ctx, orgA.clientId)).toEqual(before);
    expect((await call(reader.token, 'GET', `/api/elc/vendors/${v.id}`)).statusCode).toBe(200);
    expect((await call(reader.token, 'GET', `/api/elc/vendors/${v.id}/payments`)).statusCode).toBe(200);
    expect((await call(reader.token, 'GET', `/api/elc/vendor-payments/${paid.id}`)).statusCode).toBe(403);

    expect((await call(orgB.token, 'GET', `/api/elc/vendors/${v.id}`)).statusCode).toBe(404);
    expect((await call(orgB.token, 'GET', `/api/elc/vendors/${v.id}/transaction`)).statusCode).toBe(404);
    expect((await call(orgB.token, 'GET', `/api/elc/vendor-payments/${paid.id}`)).statusCode).toBe(404);
    expect((await ok(await call(orgB.token, 'GET', '/api/elc/vendors'), 200)).total).toBe(0);
    expect((await ok(await call(orgB.token, 'GET', '/api/elc/vendor-payments'), 200)).total).toBe(0);
    expect((await ok(await call(orgB.token, 'GET', '/api/vendor-reports/vendor-summary'), 200)).rows).toEqual([]);
    expect((await ok(await call(orgB.token, 'GET', '/api/vendor-reports/vendor-transaction'), 200)).lines).toEqual([]);
    const foreign = await pay({ vendorId: v.id, amount: '5' }, orgB.token);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details[0].field).toBe('vendorId');
    const otherBefore = await vendorSnapshot(ctx, orgB.clientId);
    expect((await call(orgB.token, 'POST', `/api/elc/vendor-payments/${paid.id}/cancel`, { reason: 'x' })).statusCode).toBe(404);
    expect(await vendorSnapshot(ctx, orgB.clientId)).toEqual(otherBefore);
    expect((await ok(await call(orgA.token, 'GET', `/api/elc/vendor-payments/${paid.id}`), 200)).status).toBe('Posted');
  });
});

describe('vendor reports', () => {
  it('vendor transaction and summary with ageing agree with the ledger, and export CSV and Excel', async () => {
    const org = await newOrganisation(ctx, { name: 'Report Org' });
    const cash = await accountIdByCode(ctx, org.clientId, '1010');
    const a = await ok(await call(org.token, 'POST', '/api/elc/vendors', { name: 'Alpha Supplies', openingBalance: '100', openingDate: '2026-01-01' }));
    const b = await ok(await call(org.token, 'POST', '/api/elc/vendors', { name: 'Beta Trading' }));
    await postTestVendorBill(ctx, org.clientId, a.id, '200.00', '2026-02-01', '2026-02-10');
    await postTestVendorBill(ctx, org.clientId, b.id, '400.00', '2026-03-01', '2026-03-31');
    await ok(await call(org.token, 'POST', '/api/elc/vendor-payments', { vendorId: a.id, amount: '150', accountId: cash, method: 'cash', date: '2026-03-05' }));

    const all = await ok(await call(org.token, 'GET', '/api/vendor-reports/vendor-transaction?startDate=2026-02-01&endDate=2026-03-31'), 200);
    expect(all).toMatchObject({ vendor: null, openingBalance: '100.00', closingBalance: '550.00', totals: { debit: '150.00', credit: '600.00' }, total: 3 });
    expect(all.lines.map((l: { vendorName: string; balance: string }) => [l.vendorName, l.balance])).toEqual([
      ['Alpha Supplies', '300.00'],
      ['Beta Trading', '700.00'],
      ['Alpha Supplies', '550.00'],
    ]);
    const one = await ok(await call(org.token, 'GET', `/api/vendor-reports/vendor-transaction?vendorId=${a.id}`), 200);
    expect(one).toMatchObject({ vendor: { id: a.id }, closingBalance: '150.00', total: 3 });

    const summary = await ok(await call(org.token, 'GET', '/api/vendor-reports/vendor-summary?startDate=2026-02-01&endDate=2026-04-15'), 200);
    expect(summary.rows).toEqual([
      expect.objectContaining({
        name: 'Alpha Supplies',
        opening: '100.00',
        billed: '200.00',
        paid: '150.00',
        closing: '150.00',
        d61_90: '150.00',
        current: '0.00',
      }),
      expect.objectContaining({ name: 'Beta Trading', opening: '0.00', billed: '400.00', paid: '0.00', closing: '400.00', d1_30: '400.00' }),
    ]);
    expect(summary.totals).toMatchObject({ vendors: 2, closing: '550.00', billed: '600.00', paid: '150.00' });
    expect(await accountBalance(ctx, org.clientId, '2010')).toBe('-550.00');
    await expectOpenItemsMatchLedger(ctx.database.db, org.clientId, 'vendor', '2010');

    const csv = await call(org.token, 'GET', '/api/vendor-reports/vendor-summary/export?format=csv&endDate=2026-04-15');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Alpha Supplies');
    const xlsx = await call(org.token, 'GET', `/api/vendor-reports/vendor-transaction?vendorId=${a.id}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const so = await call(org.token, 'GET', '/api/vendor-reports/vendor-transaction/export?format=csv', undefined, 'so');
    expect(so.body).toContain('Haraaga hore');
  });
});
