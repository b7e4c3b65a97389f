import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { inSystem } from '../../db/tenant.ts';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { caller, mainBranchId } from '../metering/billing-test-kit.ts';
import { auditRows, lastAuditId, staffUser } from '../settings/test-support.ts';
import { expectStockMatchesBooks as expectStockMatchesBooksIn } from '../../../test/stock-invariant.ts';
import { verifyStock } from './verify-stock.ts';

let ctx: TestContext;
let orgA: Awaited<ReturnType<typeof newOrganisation>>;
let orgB: Awaited<ReturnType<typeof newOrganisation>>;
let call: ReturnType<typeof caller>;
let branchId: number;
let secondBranch: number;
let serial = 0;

beforeAll(async () => {
  ctx = await startTestApp();
  orgA = await newOrganisation(ctx, { name: 'Berbera Power' });
  orgB = await newOrganisation(ctx, { name: 'Borama Water' });
  call = caller(ctx);
  branchId = await mainBranchId(ctx, orgA.clientId);
  const res = await call(orgA.token, 'POST', '/api/elc/branches', { name: 'Store two', address: 'Berbera port' });
  expect(res.statusCode, res.body).toBe(201);
  secondBranch = res.json().id;
});
afterAll(() => ctx.close());

async function ok(res: Awaited<ReturnType<typeof call>>, status = 201) {
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  return res.json();
}

async function item(overrides: Record<string, unknown> = {}, org = orgA) {
  serial += 1;
  return ok(await call(org.token, 'POST', '/api/elc/items', { code: `M-${serial}`, name: `Meter ${serial}`, kind: 'stock', salePrice: '45.00', ...overrides }));
}

const adjust = (body: Record<string, unknown>, lang?: string) =>
  call(orgA.token, 'POST', '/api/elc/stock-adjustments', { kind: 'adjustment', branchId, date: '2026-03-01', ...body }, lang);

/** The books' inventory accounts equal the stock's value, and each balance its moves. */
const expectStockMatchesBooks = () => expectStockMatchesBooksIn(ctx.database.db);

async function accountBalance(code: string) {
  const [row] = await inSystem(ctx.database.db, (tx) =>
    queryRows<{ total: string }>(
      tx,
      sql`select coalesce(sum(l.debit - l.credit), 0)::text as total from journal_lines l join accounts a on a.id = l.account_id
          where a.client_id = ${orgA.clientId} and a.code = ${code}`,
    ),
  );
  return Number(row.total).toFixed(2);
}

describe('items', () => {
  it('creates with the default accounts, edits, changes status and lists with search, each audited', async () => {
    const from = await lastAuditId(ctx, orgA.clientId);
    const created = await item({ code: 'CBL-16', name: 'Cable 16mm', barcode: '6001234', reorderLevel: '50' });
    expect(created).toMatchObject({
      code: 'CBL-16',
      kind: 'stock',
      salePrice: '45.00',
      incomeAccount: { code: '4050' },
      expenseAccount: { code: '5010' },
      inventoryAccount: { code: '1200' },
      onHand: '0',
      stockValue: '0.00',
      status: 'Active',
      belowReorder: true,
    });
    const updated = await ok(
      await call(orgA.token, 'PUT', `/api/elc/items/${created.id}`, {
        code: 'CBL-16',
        name: 'Cable 16 mm copper',
        kind: 'stock',
        salePrice: '47.50',
        barcode: '6001234',
      }),
      200,
    );
    expect(updated).toMatchObject({ name: 'Cable 16 mm copper', salePrice: '47.50', reorderLevel: '0', belowReorder: false });
    expect((await ok(await call(orgA.token, 'PATCH', `/api/elc/items/${created.id}/status`, { status: 'Inactive' }), 200)).status).toBe('Inactive');
    const list = await ok(await call(orgA.token, 'GET', '/api/elc/items?q=copper&status=Inactive'), 200);
    expect(list).toMatchObject({ total: 1, data: [{ id: created.id }] });
    expect((await ok(await call(orgA.token, 'GET', '/api/elc/items?q=6001234'), 200)).data.map((i: { id: number }) => i.id)).toEqual([created.id]);
    const audit = await auditRows(ctx, orgA.clientId, { entity: 'item', afterId: from });
    expect(audit.map((x) => x.action)).toEqual(['create', 'update', 'status']);
  });

  it('refuses a duplicate code or barcode, a price with three decimals and accounts of the wrong kind, on their fields, in Somali', async () => {
    await item({ code: 'BRK-20', barcode: '777' });
    const [cash] = await inSystem(ctx.database.db, (tx) =>
      queryRows<{ id: number }>(tx, sql`select id from accounts where client_id = ${orgA.clientId} and code = '1010'`),
    );
    const res = await call(
      orgA.token,
      'POST',
      '/api/elc/items',
      { code: 'brk-20', name: 'Breaker', kind: 'stock', barcode: '777', incomeAccountId: cash.id, inventoryAccountId: cash.id },
      'so',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { field: 'code', message: 'Qiimahan horay ayuu u jiray.' },
      { field: 'barcode', message: 'Qiimahan horay ayuu u jiray.' },
      { field: 'incomeAccountId', message: 'Dooro xisaab firfircoon oo nooceeda saxda ah.' },
      { field: 'inventoryAccountId', message: 'Dooro xisaab firfircoon oo nooceeda saxda ah.' },
    ]);
    const price = await call(orgA.token, 'POST', '/api/elc/items', { code: 'X1', name: 'X', kind: 'service', salePrice: '1.005' });
    expect(price.statusCode).toBe(400);
    expect(price.json().details[0]).toMatchObject({ field: 'salePrice' });
  });

  it('keeps organisations apart and checks privileges on the server', async () => {
    const mine = await item();
    expect((await call(orgB.token, 'GET', `/api/elc/items/${mine.id}`)).statusCode).toBe(404);
    expect((await ok(await call(orgB.token, 'GET', '/api/elc/items'), 200)).total).toBe(0);
    const reader = await staffUser(ctx, orgA, ['list-item']);
    expect((await call(reader.token, 'GET', `/api/elc/items/${mine.id}`)).statusCode).toBe(200);
    const refused = await call(reader.token, 'POST', '/api/elc/items', { code: 'NOPE', name: 'No', kind: 'service' });
    expect(refused.statusCode).toBe(403);
    expect((await call(reader.token, 'POST', '/api/elc/stock-adjustments', { kind: 'opening', branchId, date: '2026-01-01', lines: [] })).statusCode).toBe(403);
    expect((await ok(await call(orgA.token, 'GET', '/api/elc/items?q=NOPE'), 200)).total).toBe(0);
  });
});

describe('stock at moving average cost', () => {
  it('opening stock and adjustments move stock and post its value; the stock card shows each move with its balance', async () => {
    const meter = await item({ code: 'MTR-1P', name: 'Prepaid meter single phase' });
    const inventoryBefore = await accountBalance('1200');
    const opening = await ok(await adjust({ kind: 'opening', date: '2026-01-01', lines: [{ itemId: meter.id, quantity: '10', unitCost: '20' }] }));
    expect(opening).toMatchObject({ number: expect.stringMatching(/^SA-\d{6}$/), kind: 'opening', total: '200.00', status: 'Posted' });
    const found = await ok(await adjust({ reason: 'Found in yard', lines: [{ itemId: meter.id, quantity: '5', unitCost: '26' }] }));
    expect(found.total).toBe('130.00');
    // 15 on hand worth 330.00 (average 22); three lost leave at 3 x 22.
    const lost = await ok(await adjust({ reason: 'Damaged in storm', lines: [{ itemId: meter.id, quantity: '-3' }] }));
    expect(lost.total).toBe('-66.00');
    const after = await ok(await call(orgA.token, 'GET', `/api/elc/items/${meter.id}`), 200);
    expect(after).toMatchObject({ onHand: '12', stockValue: '264.00', averageCost: '22.000000' });
    expect(Number(await accountBalance('1200')) - Number(inventoryBefore)).toBe(264);
    const card = await ok(await call(orgA.token, 'GET', `/api/elc/stock-moves?itemId=${meter.id}`), 200);
    expect(card.data.map((r: Record<string, unknown>) => [r.kind, r.quantityIn, r.quantityOut, r.value, r.quantityAfter, r.valueAfter])).toEqual([
      ['opening', '10', null, '200.00', '10', '200.00'],
      ['adjustment', '5', null, '130.00', '15', '330.00'],
      ['adjustment', null, '3', '-66.00', '12', '264.00'],
    ]);
    await expectStockMatchesBooks();
  });

  it('the last units out take the whole remaining value: no cent is left behind', async () => {
    const breaker = await item({ code: 'BRK-63', name: 'Breaker 63A' });
    await ok(await adjust({ lines: [{ itemId: breaker.id, quantity: '3', unitCost: '10' }] }));
    await ok(await adjust({ lines: [{ itemId: breaker.id, quantity: '1', unitCost: '11' }] }));
    // 4 worth 41.00: one out takes 10.25, one more 10.25, the last two take exactly 20.50.
    await ok(await adjust({ lines: [{ itemId: breaker.id, quantity: '-1' }] }));
    const third = await ok(
      await adjust({
        lines: [
          { itemId: breaker.id, quantity: '-1' },
          { itemId: breaker.id, quantity: '-2' },
        ],
      }),
    );
    expect(third.lines.map((l: { value: string }) => l.value)).toEqual(['-10.25', '-20.50']);
    expect(await ok(await call(orgA.token, 'GET', `/api/elc/items/${breaker.id}`), 200)).toMatchObject({ onHand: '0', stockValue: '0.00' });
    await expectStockMatchesBooks();
  });

  it('refuses taking more than is on hand, naming the item and the quantity, and changes nothing; allowed once the organisation says so', async () => {
    const pipe = await item({ code: 'PIPE-50', name: 'Pipe 50mm' });
    await ok(await adjust({ lines: [{ itemId: pipe.id, quantity: '4', unitCost: '7.5' }] }));
    const before = await ok(await call(orgA.token, 'GET', '/api/elc/stock-adjustments?_limit=1'), 200);
    const res = await adjust(
      {
        lines: [
          { itemId: pipe.id, quantity: '-2' },
          { itemId: pipe.id, quantity: '-3' },
        ],
      },
      'so',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'lines.1.quantity', message: 'PIPE-50 Pipe 50mm kuma filna bakhaarka: waxaa yaal 2.' }]);
    const en = await adjust({ lines: [{ itemId: pipe.id, quantity: '-5' }] });
    expect(en.json().details).toEqual([{ field: 'lines.0.quantity', message: 'Not enough PIPE-50 Pipe 50mm in stock: 4 on hand.' }]);
    expect((await ok(await call(orgA.token, 'GET', '/api/elc/stock-adjustments?_limit=1'), 200)).total).toBe(before.total);
    expect((await ok(await call(orgA.token, 'GET', `/api/elc/items/${pipe.id}`), 200)).onHand).toBe('4');

    await ok(await call(orgA.token, 'PUT', '/api/elc/stock-settings', { allowNegativeStock: true }), 200);
    const negative = await ok(await adjust({ lines: [{ itemId: pipe.id, quantity: '-5' }] }));
    // 4 at 30.00, then one more at the last average 7.50.
    expect(negative.total).toBe('-37.50');
    expect(await ok(await call(orgA.token, 'GET', `/api/elc/items/${pipe.id}`), 200)).toMatchObject({ onHand: '-1', stockValue: '-7.50' });
    await ok(await call(orgA.token, 'PUT', '/api/elc/stock-settings', { allowNegativeStock: false }), 200);
    await expectStockMatchesBooks();
  });

  it('refuses services, opening stock below zero and incoming lines without a cost, on their fields', async () => {
    const service = await item({ code: 'SRV-CONN', name: 'Connection service', kind: 'service' });
    expect(service.inventoryAccount).toBeNull();
    const meter = await item();
    const res = await adjust({
      kind: 'opening',
      lines: [
        { itemId: meter.id, quantity: '-1' },
        { itemId: meter.id, quantity: '2' },
        { itemId: meter.id, quantity: '0' },
      ],
    });
    expect(res.json().details).toEqual([
      { field: 'lines.1.unitCost', message: 'Enter the cost per unit of what comes into stock.' },
      { field: 'lines.2.quantity', message: 'Enter a quantity other than zero (minus for what left the store).' },
    ]);
    const opening = await adjust({ kind: 'opening', lines: [{ itemId: meter.id, quantity: '-1' }] });
    expect(opening.json().details).toEqual([{ field: 'lines.0.quantity', message: 'Opening stock is a quantity above zero.' }]);
    const svc = await adjust({ lines: [{ itemId: service.id, quantity: '1', unitCost: '5' }] });
    expect(svc.json().details).toEqual([{ field: 'lines.0.itemId', message: 'Only stocked goods move in and out of stock.' }]);
    const other = await item({}, orgB);
    expect((await adjust({ lines: [{ itemId: other.id, quantity: '1', unitCost: '5' }] })).json().details).toEqual([
      { field: 'lines.0.itemId', message: 'The selected record does not exist.' },
    ]);
  });

  it('cancelling an adjustment moves the stock back at the same values and reverses the entry; the kind is then locked', async () => {
    const meter = await item({ code: 'MTR-3P', name: 'Meter three phase' });
    await ok(await adjust({ lines: [{ itemId: meter.id, quantity: '6', unitCost: '100' }] }));
    const second = await ok(await adjust({ lines: [{ itemId: meter.id, quantity: '4', unitCost: '150' }] }));
    const cancelled = await ok(await call(orgA.token, 'POST', `/api/elc/stock-adjustments/${second.id}/cancel`, { reason: 'Entered twice' }), 200);
    expect(cancelled).toMatchObject({ status: 'Cancelled', cancelReason: 'Entered twice' });
    expect(await ok(await call(orgA.token, 'GET', `/api/elc/items/${meter.id}`), 200)).toMatchObject({ onHand: '6', stockValue: '600.00' });
    const again = await call(orgA.token, 'POST', `/api/elc/stock-adjustments/${second.id}/cancel`, { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    const locked = await call(orgA.token, 'PUT', `/api/elc/items/${meter.id}`, { code: 'MTR-3P', name: 'Meter three phase', kind: 'non_stock' });
    expect(locked.json().details).toEqual([{ field: 'kind', message: 'This item has stock moves: its kind and inventory account cannot change.' }]);
    await expectStockMatchesBooks();
  });

  it('moves stock between branches at average cost without changing its value; cancelling moves it back', async () => {
    const cable = await item({ code: 'CBL-25', name: 'Cable 25mm' });
    await ok(await adjust({ lines: [{ itemId: cable.id, quantity: '100', unitCost: '3.333' }] }));
    const inventory = await accountBalance('1200');
    const transfer = await ok(
      await call(orgA.token, 'POST', '/api/elc/stock-transfers', {
        fromBranchId: branchId,
        toBranchId: secondBranch,
        date: '2026-03-02',
        lines: [{ itemId: cable.id, quantity: '30' }],
      }),
    );
    expect(transfer).toMatchObject({ number: expect.stringMatching(/^ST-/), total: '99.99', lines: [{ quantity: '30', value: '99.99' }] });
    const stock = await ok(await call(orgA.token, 'GET', `/api/elc/items/${cable.id}/stock`), 200);
    expect(stock).toMatchObject({ quantity: '100', value: '333.30' });
    expect(stock.branches.map((b: { quantity: string; value: string }) => [b.quantity, b.value]).sort()).toEqual([
      ['30', '99.99'],
      ['70', '233.31'],
    ]);
    expect(await accountBalance('1200')).toBe(inventory);
    const same = await call(orgA.token, 'POST', '/api/elc/stock-transfers', {
      fromBranchId: branchId,
      toBranchId: branchId,
      date: '2026-03-02',
      lines: [{ itemId: cable.id, quantity: '1' }],
    });
    expect(same.json().details).toEqual([{ field: 'toBranchId', message: 'Choose another branch to move the stock to.' }]);
    await ok(await call(orgA.token, 'POST', `/api/elc/stock-transfers/${transfer.id}/cancel`, { reason: 'Wrong store' }), 200);
    const back = await ok(await call(orgA.token, 'GET', `/api/elc/items/${cable.id}/stock`), 200);
    expect(back.branches.map((b: { quantity: string; value: string }) => [b.quantity, b.value])).toEqual([['100', '333.30']]);
    await expectStockMatchesBooks();
  });

  it('refuses undoing a document whose stock has since been used, and changes nothing', async () => {
    const fuse = await item({ code: 'FUSE', name: 'Fuse' });
    const bought = await ok(await adjust({ lines: [{ itemId: fuse.id, quantity: '10', unitCost: '10' }] }));
    await ok(await adjust({ lines: [{ itemId: fuse.id, quantity: '-5' }] }));
    const res = await call(orgA.token, 'POST', `/api/elc/stock-adjustments/${bought.id}/cancel`, { reason: 'Undo' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'lines.0.quantity', message: 'Not enough FUSE Fuse in stock: 5 on hand.' }]);
    expect((await ok(await call(orgA.token, 'GET', `/api/elc/stock-adjustments/${bought.id}`), 200)).status).toBe('Posted');
    await expectStockMatchesBooks();
  });
});

describe('the stock self-check', () => {
  it('leaves alone an inventory account no item uses, and reports one whose items do not explain its balance', async () => {
    const orgC = await newOrganisation(ctx, { name: 'Erigavo Water' });
    const accounts = await inSystem(ctx.database.db, (tx) =>
      queryRows<{ id: number; code: string }>(tx, sql`select id, code from accounts where client_id = ${orgC.clientId} and code in ('1200', '3030')`),
    );
    const id = (code: string) => Number(accounts.find((a) => a.code === code)?.id);
    // Stock counted into the books by hand before the organisation used items: the books' own business.
    await ok(
      await call(orgC.token, 'POST', '/api/finance/transaction', {
        date: '2026-01-05',
        lines: [
          { accountId: id('1200'), debit: '500.00' },
          { accountId: id('3030'), credit: '500.00' },
        ],
      }),
    );
    const verify = () => inSystem(ctx.database.db, (tx) => verifyStock(tx, { clientId: orgC.clientId }));
    expect((await verify()).ok).toBe(true);
    // Once an item keeps its stock on that account, the 500.00 no move explains is reported.
    await item({}, orgC);
    expect((await verify()).accounts).toEqual([{ clientId: orgC.clientId, accountId: id('1200'), code: '1200', ledger: '500.00', stock: '0' }]);
  });
});
