// Inventory counting, the stock reports, the categories' default accounts and the refusal of hand-made
// entries on the stock's inventory accounts (issue 14), through the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { inSystem } from '../../db/tenant.ts';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { caller, mainBranchId } from '../metering/billing-test-kit.ts';
import { staffUser } from '../settings/test-support.ts';
import { pdfText } from '../document-print/pdf-inspect-test-kit.ts';
import { verifyStock } from './verify-stock.ts';

let ctx: TestContext;
let orgA: Awaited<ReturnType<typeof newOrganisation>>;
let orgB: Awaited<ReturnType<typeof newOrganisation>>;
let call: ReturnType<typeof caller>;
let branchId: number;
let serial = 0;

beforeAll(async () => {
  ctx = await startTestApp();
  orgA = await newOrganisation(ctx, { name: 'Hargeisa Power' });
  orgB = await newOrganisation(ctx, { name: 'Burao Water' });
  call = caller(ctx);
  branchId = await mainBranchId(ctx, orgA.clientId);
});
afterAll(() => ctx.close());

type Res = Awaited<ReturnType<typeof call>>;
async function ok(res: Res, status = 201) {
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  return res.json();
}

async function category(name: string, org = orgA) {
  return ok(await call(org.token, 'POST', '/api/categories', { name }));
}

async function item(overrides: Record<string, unknown> = {}, org = orgA) {
  serial += 1;
  return ok(await call(org.token, 'POST', '/api/elc/items', { code: `C-${serial}`, name: `Cable ${serial}`, kind: 'stock', salePrice: '10.00', ...overrides }));
}

const adjust = (lines: unknown[], date = '2026-03-01') =>
  call(orgA.token, 'POST', '/api/elc/stock-adjustments', { kind: 'adjustment', branchId, date, lines }).then((r) => ok(r));

async function expectStockMatchesBooks() {
  const report = await inSystem(ctx.database.db, (tx) => verifyStock(tx));
  expect(report).toEqual({ ok: true, accounts: [], balances: [] });
}

async function accountBalance(code: string, clientId = orgA.clientId) {
  const [row] = await inSystem(ctx.database.db, (tx) =>
    queryRows<{ total: string }>(
      tx,
      sql`select coalesce(sum(l.debit - l.credit), 0)::text as total from journal_lines l join accounts a on a.id = l.account_id
          where a.client_id = ${clientId} and a.code = ${code}`,
    ),
  );
  return Number(row.total).toFixed(2);
}

async function accountId(code: string, clientId = orgA.clientId) {
  const [row] = await inSystem(ctx.database.db, (tx) =>
    queryRows<{ id: number }>(tx, sql`select id from accounts where client_id = ${clientId} and code = ${code}`),
  );
  return Number(row.id);
}

describe('inventory counting', () => {
  it('freezes the system quantity and cost, takes counts from the grid, posts counted - frozen as one adjustment, and is then read-only', async () => {
    const cat = await category('Counted cables');
    const a = await item({ categoryId: cat.id });
    const b = await item({ categoryId: cat.id });
    const c = await item({ categoryId: cat.id });
    const outside = await item();
    await adjust([
      { itemId: a.id, quantity: '10', unitCost: '2.50' },
      { itemId: b.id, quantity: '4', unitCost: '7.00' },
      { itemId: outside.id, quantity: '1', unitCost: '1.00' },
    ]);
    const count = await ok(
      await call(orgA.token, 'POST', '/api/elc/inventory-counts', { branchId, categoryId: cat.id, date: '2026-03-05', memo: 'March count' }),
    );
    expect(count).toMatchObject({ status: 'Draft', number: expect.stringMatching(/^IC-0+1$/), lineCount: 3, countedCount: 0, categoryName: 'Counted cables' });
    expect(count.lines.map((l: { itemId: number }) => l.itemId).sort()).toEqual([a.id, b.id, c.id].sort());
    const line = (id: number, doc = count) => doc.lines.find((l: { itemId: number }) => l.itemId === id);
    expect(line(a.id)).toMatchObject({ frozenQuantity: '10', frozenValue: '25.00', frozenUnitCost: '2.500000', countedQuantity: null, difference: null });

    // Stock moves during the count: 3 of A leave after the sheet was frozen.
    await adjust([{ itemId: a.id, quantity: '-3' }], '2026-03-05');

    const saved = await ok(
      await call(orgA.token, 'PUT', `/api/elc/inventory-counts/${count.id}/lines`, {
        lines: [
          { itemId: a.id, countedQuantity: '8' },
          { itemId: b.id, countedQuantity: '5.5' },
          { itemId: c.id, countedQuantity: '' },
        ],
      }),
      200,
    );
    expect(saved.movesSince).toBe(1);
    expect(line(a.id, saved)).toMatchObject({ countedQuantity: '8', difference: '-2', differenceValue: '-5.00' });
    expect(line(b.id, saved)).toMatchObject({ countedQuantity: '5.5', difference: '1.5', differenceValue: '10.50' });
    expect(saved).toMatchObject({ countedCount: 2, differenceValue: '5.50' });

    const inventoryBefore = await accountBalance('1200');
    const posted = await ok(await call(orgA.token, 'POST', `/api/elc/inventory-counts/${count.id}/post`), 200);
    expect(posted).toMatchObject({ status: 'Posted', adjustmentNumber: expect.stringMatching(/^SA-/) });
    const adjustment = await ok(await call(orgA.token, 'GET', `/api/elc/stock-adjustments/${posted.adjustmentId}`), 200);
    expect(adjustment).toMatchObject({ kind: 'count', date: '2026-03-05', total: '5.50' });
    expect(adjustment.lines).toHaveLength(2);
    // A: 10 frozen, 3 left since, counted 8 at the freeze: 10 - 3 - 2 = 5 on hand now.
    const stockA = await ok(await call(orgA.token, 'GET', `/api/elc/items/${a.id}/stock`), 200);
    expect(stockA.quantity).toBe('5');
    const stockB = await ok(await call(orgA.token, 'GET', `/api/elc/items/${b.id}/stock`), 200);
    expect(stockB).toMatchObject({ quantity: '5.5', value: '38.50' });
    // The entry: inventory up by 5.50 against stock adjustments and losses.
    expect(Number(await accountBalance('1200')) - Number(inventoryBefore)).toBeCloseTo(5.5, 2);
    await expectStockMatchesBooks();

    // Read-only once posted; a draft is cancelled, never a posted count.
    const again = await call(orgA.token, 'PUT', `/api/elc/inventory-counts/${count.id}/lines`, { lines: [{ itemId: a.id, countedQuantity: '1' }] });
    expect(again.statusCode).toBe(409);
    expect((await call(orgA.token, 'POST', `/api/elc/inventory-counts/${count.id}/post`)).statusCode).toBe(409);
    expect((await call(orgA.token, 'POST', `/api/elc/inventory-counts/${count.id}/cancel`, { reason: 'x' })).statusCode).toBe(409);
    // The printed sheet: title, number, each good with its system and counted quantity, the difference value.
    const pdf = await call(orgA.token, 'GET', `/api/elc/inventory-counts/${count.id}/sheet.pdf`, undefined, 'so');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Xaashida tirinta');
    expect(text).toContain(count.number);
    expect(text).toContain('Counted cables');
    expect(text).toContain('5.5');
    expect((await call(orgB.token, 'GET', `/api/elc/inventory-counts/${count.id}/sheet.pdf`)).statusCode).toBe(404);
    const list = await ok(await call(orgA.token, 'GET', '/api/elc/inventory-counts?status=Posted'), 200);
    expect(list.data.map((x: { id: number }) => x.id)).toContain(count.id);
  });

  it('imports counted quantities from CSV, naming the row of each error and changing nothing; cancels a draft', async () => {
    const cat = await category('CSV goods');
    const a = await item({ categoryId: cat.id, code: 'CSV-A' });
    const _b = await item({ categoryId: cat.id, code: 'CSV-B' });
    await adjust([{ itemId: a.id, quantity: '2', unitCost: '1.00' }]);
    const count = await ok(await call(orgA.token, 'POST', '/api/elc/inventory-counts', { branchId, categoryId: cat.id, date: '2026-03-06' }));
    const bad = await call(
      orgA.token,
      'POST',
      `/api/elc/inventory-counts/${count.id}/import`,
      { csv: 'code,quantity\nCSV-A,3\nNOPE,1\nCSV-B,-2\nCSV-A,4' },
      'so',
    );
    expect(bad.statusCode).toBe(400);
    const details = bad.json().details as Array<{ field: string; message: string }>;
    expect(details.map((d) => d.field)).toEqual(['csv', 'csv', 'csv']);
    expect(details[0].message).toContain('Safka 3');
    expect(details[0].message).toContain('NOPE');
    expect(details[1].message).toContain('Safka 4');
    expect(details[2].message).toContain('Safka 5');
    const unchanged = await ok(await call(orgA.token, 'GET', `/api/elc/inventory-counts/${count.id}`), 200);
    expect(unchanged.countedCount).toBe(0);

    const good = await ok(
      await call(orgA.token, 'POST', `/api/elc/inventory-counts/${count.id}/import`, { csv: 'Item code;Counted\r\ncsv-a;3\n"CSV-B";0.5\n' }),
      200,
    );
    expect(good.lines.map((l: { countedQuantity: string | null }) => l.countedQuantity)).toEqual(['3', '0.5']);

    const cancelled = await ok(await call(orgA.token, 'POST', `/api/elc/inventory-counts/${count.id}/cancel`, { reason: 'Counted the wrong shelf' }), 200);
    expect(cancelled).toMatchObject({ status: 'Cancelled', cancelReason: 'Counted the wrong shelf', adjustmentId: null });
    expect((await call(orgA.token, 'POST', `/api/elc/inventory-counts/${count.id}/post`)).statusCode).toBe(409);
  });

  it('refuses posting with nothing counted, and a difference that the moves since have made impossible, on the line', async () => {
    const cat = await category('Tight goods');
    const a = await item({ categoryId: cat.id });
    await adjust([{ itemId: a.id, quantity: '5', unitCost: '1.00' }]);
    const count = await ok(await call(orgA.token, 'POST', '/api/elc/inventory-counts', { branchId, categoryId: cat.id, date: '2026-03-07' }));
    const empty = await call(orgA.token, 'POST', `/api/elc/inventory-counts/${count.id}/post`);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual([{ field: 'lines', message: expect.any(String) }]);
    // 4 sold since the freeze; the shelf had 1 (so 4 missing): 1 on hand now, 4 cannot go.
    await adjust([{ itemId: a.id, quantity: '-4' }], '2026-03-07');
    await ok(await call(orgA.token, 'PUT', `/api/elc/inventory-counts/${count.id}/lines`, { lines: [{ itemId: a.id, countedQuantity: '1' }] }), 200);
    const refused = await call(orgA.token, 'POST', `/api/elc/inventory-counts/${count.id}/post`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0].field).toBe('lines.0.countedQuantity');
    expect((await ok(await call(orgA.token, 'GET', `/api/elc/inventory-counts/${count.id}`), 200)).status).toBe('Draft');
    await expectStockMatchesBooks();
  });

  it('refuses without the privilege and keeps organisations apart', async () => {
    const cat = await category('Private goods');
    await item({ categoryId: cat.id });
    const count = await ok(await call(orgA.token, 'POST', '/api/elc/inventory-counts', { branchId, categoryId: cat.id, date: '2026-03-08' }));
    const clerk = await staffUser(ctx, orgA, ['list-item']);
    expect((await call(clerk.token, 'GET', '/api/elc/inventory-counts')).statusCode).toBe(403);
    expect((await call(clerk.token, 'POST', '/api/elc/inventory-counts', { branchId, date: '2026-03-08' })).statusCode).toBe(403);
    expect((await call(clerk.token, 'POST', `/api/elc/inventory-counts/${count.id}/post`)).statusCode).toBe(403);
    expect((await call(orgB.token, 'GET', `/api/elc/inventory-counts/${count.id}`)).statusCode).toBe(404);
    expect((await call(orgB.token, 'POST', `/api/elc/inventory-counts/${count.id}/cancel`, { reason: 'x' })).statusCode).toBe(404);
    expect((await ok(await call(orgB.token, 'GET', '/api/elc/inventory-counts'), 200)).total).toBe(0);
    // Another organisation's branch is not ours.
    const other = await call(orgB.token, 'POST', '/api/elc/inventory-counts', { branchId, date: '2026-03-08' });
    expect(other.statusCode).toBe(400);
    expect(other.json().details[0].field).toBe('branchId');
    expect((await ok(await call(orgA.token, 'GET', `/api/elc/inventory-counts/${count.id}`), 200)).status).toBe('Draft');
  });
});

describe('stock reports', () => {
  it('item transaction: brought forward, moves in date order with the running balance (back-dated too), carried forward; CSV', async () => {
    const a = await item({ code: 'RPT-1', name: 'Report meter' });
    await adjust([{ itemId: a.id, quantity: '10', unitCost: '3.00' }], '2026-01-10');
    await adjust([{ itemId: a.id, quantity: '-4' }], '2026-02-10');
    await adjust([{ itemId: a.id, quantity: '6', unitCost: '4.00' }], '2026-03-10');
    // Back-dated after the others were posted.
    await adjust([{ itemId: a.id, quantity: '2', unitCost: '3.00' }], '2026-01-20');
    const report = await ok(
      await call(orgA.token, 'GET', `/api/elc/stock-reports/item-transaction?itemId=${a.id}&startDate=2026-02-01&endDate=2026-03-31`),
      200,
    );
    // Before February: 10 @ 3 and the back-dated 2 @ 3.
    expect(report.opening).toEqual({ quantity: '12', value: '36.00' });
    expect(
      report.lines.map((l: { date: string; quantityIn: string | null; quantityOut: string | null; balance: string }) => [
        l.date,
        l.quantityIn,
        l.quantityOut,
        l.balance,
      ]),
    ).toEqual([
      ['2026-02-10', null, '4', '8'],
      ['2026-03-10', '6', null, '14'],
    ]);
    expect(report.totals).toMatchObject({ quantityIn: '6', quantityOut: '4' });
    expect(report.closing.quantity).toBe('14');
    const stock = await ok(await call(orgA.token, 'GET', `/api/elc/items/${a.id}/stock`), 200);
    expect(report.closing.value).toBe(stock.value);
    const csv = await call(orgA.token, 'GET', `/api/elc/stock-reports/item-transaction/export?itemId=${a.id}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Carried forward,,18,4,14,,48.00,48.00');
    const xlsx = await call(orgA.token, 'GET', `/api/elc/stock-reports/item-transaction?itemId=${a.id}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const clerk = await staffUser(ctx, orgA, ['list-item']);
    expect((await call(clerk.token, 'GET', `/api/elc/stock-reports/item-transaction?itemId=${a.id}`)).statusCode).toBe(403);
    expect((await call(orgB.token, 'GET', `/api/elc/stock-reports/item-transaction?itemId=${a.id}`)).statusCode).toBe(404);
  });

  it('stock on hand as at a date: quantity, average cost and value per item, totals; by branch and category; equals the books today', async () => {
    const cat = await category('On hand goods');
    const a = await item({ categoryId: cat.id, code: 'OH-1' });
    const b = await item({ categoryId: cat.id, code: 'OH-2' });
    await adjust([{ itemId: a.id, quantity: '10', unitCost: '2.00' }], '2026-01-05');
    await adjust([{ itemId: b.id, quantity: '3', unitCost: '5.00' }], '2026-02-05');
    await adjust([{ itemId: a.id, quantity: '-5' }], '2026-03-05');
    const at = async (date: string) =>
      ok(await call(orgA.token, 'GET', `/api/elc/stock-reports/stock-on-hand?date=${date}&categoryId=${cat.id}&branchId=${branchId}`), 200);
    expect((await at('2026-01-31')).rows).toEqual([
      { itemId: a.id, code: 'OH-1', name: a.name, categoryName: 'On hand goods', unitName: null, quantity: '10', averageCost: '2.000000', value: '20.00' },
    ]);
    const feb = await at('2026-02-28');
    expect(feb.rows.map((r: { quantity: string; value: string }) => [r.quantity, r.value])).toEqual([
      ['10', '20.00'],
      ['3', '15.00'],
    ]);
    expect(feb.totals).toEqual({ items: 2, value: '35.00' });
    expect((await at('2026-03-31')).totals).toEqual({ items: 2, value: '25.00' });
    expect((await at('2025-12-31')).rows).toEqual([]);

    // Every item, every branch, today: the value of the inventory account.
    const all = await ok(await call(orgA.token, 'GET', '/api/elc/stock-reports/stock-on-hand?_limit=1000'), 200);
    expect(all.totals.value).toBe(await accountBalance('1200'));
    const file = await call(orgA.token, 'GET', `/api/elc/stock-reports/stock-on-hand/export?format=xlsx&categoryId=${cat.id}`);
    expect(file.statusCode).toBe(200);
    expect((await ok(await call(orgB.token, 'GET', '/api/elc/stock-reports/stock-on-hand'), 200)).rows).toEqual([]);
  });
});

describe('item categories give their accounts', () => {
  it('a category names its accounts; the item form gets them in the choices and an item saved without accounts takes them', async () => {
    const cat = await category('Transformers');
    const income = await accountId('4050');
    const expense = await accountId('5010');
    const bad = await call(orgA.token, 'PUT', `/api/elc/item-categories/${cat.id}/accounts`, {
      incomeAccountId: expense,
      expenseAccountId: expense,
      inventoryAccountId: null,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ field: 'incomeAccountId', message: expect.any(String) }]);
    // A second inventory account for transformers.
    const inventory = await ok(
      await call(orgA.token, 'POST', '/api/finance/accounts', {
        code: '1257',
        nameEn: 'Transformers in store',
        nameSo: 'Transformarada bakhaarka',
        type: 'asset',
        subtype: 'inventory',
      }),
    );
    const saved = await ok(
      await call(orgA.token, 'PUT', `/api/elc/item-categories/${cat.id}/accounts`, {
        incomeAccountId: income,
        expenseAccountId: expense,
        inventoryAccountId: inventory.id,
      }),
      200,
    );
    expect(saved).toEqual({ categoryId: cat.id, incomeAccountId: income, expenseAccountId: expense, inventoryAccountId: inventory.id });
    const choices = await ok(await call(orgA.token, 'GET', '/api/elc/items/choices'), 200);
    expect(choices.categories.find((c: { id: number }) => c.id === cat.id)).toMatchObject({ inventoryAccountId: inventory.id });
    const made = await item({ categoryId: cat.id });
    expect(made.inventoryAccount.id).toBe(inventory.id);
    // The categories' settings list still works.
    expect((await ok(await call(orgA.token, 'GET', '/api/categories'), 200)).data.length).toBeGreaterThan(0);
    expect((await call(orgB.token, 'PUT', `/api/elc/item-categories/${cat.id}/accounts`, { incomeAccountId: null })).statusCode).toBe(404);
    const reader = await staffUser(ctx, orgA, ['list-item']);
    expect((await call(reader.token, 'PUT', `/api/elc/item-categories/${cat.id}/accounts`, { incomeAccountId: null })).statusCode).toBe(403);
  });
});

describe('hand-made entries on the stock accounts', () => {
  it('refuses a general journal line or a cheque line on an inventory account items use, on its field; other accounts pass', async () => {
    await item();
    const inventory = await accountId('1200');
    const equity = await accountId('3030');
    const before = await accountBalance('1200');
    const journal = await call(orgA.token, 'POST', '/api/finance/transaction', {
      date: '2026-03-10',
      lines: [
        { accountId: equity, debit: '50.00' },
        { accountId: inventory, credit: '50.00' },
      ],
    });
    expect(journal.statusCode).toBe(400);
    expect(journal.json().details).toEqual([{ field: 'lines.1.accountId', message: expect.stringContaining('stock adjustment') }]);
    const keyed = await call(
      orgA.token,
      'POST',
      '/api/finance/transaction',
      {
        date: '2026-03-10',
        lines: [
          { accountId: inventory, debit: '5.00' },
          { accountId: equity, credit: '5.00' },
        ],
      },
      undefined,
      { 'idempotency-key': `stock-${Date.now()}` },
    );
    expect(keyed.statusCode).toBe(400);
    const cheque = await call(orgA.token, 'POST', '/api/finance/writecheck', {
      bankAccountId: await accountId('1030'),
      date: '2026-03-10',
      payeeType: 'other',
      payeeName: 'Store',
      amount: '10.00',
      lines: [{ accountId: inventory, amount: '10.00' }],
    });
    expect(cheque.statusCode).toBe(400);
    expect(cheque.json().details).toEqual([{ field: 'lines.0.accountId', message: expect.any(String) }]);
    expect(await accountBalance('1200')).toBe(before);
    await expectStockMatchesBooks();
    const fine = await call(orgA.token, 'POST', '/api/finance/transaction', {
      date: '2026-03-10',
      lines: [
        { accountId: equity, debit: '1.00' },
        { accountId: await accountId('1030'), credit: '1.00' },
      ],
    });
    expect(fine.statusCode).toBe(201);
    // Requests arriving together are written as one group: the one on the stock's account alone is refused.
    const bank = await accountId('1030');
    const together = await Promise.all(
      [equity, inventory, equity].map((debitAccount) =>
        call(orgA.token, 'POST', '/api/finance/transaction', {
          date: '2026-03-11',
          lines: [
            { accountId: debitAccount, debit: '2.00' },
            { accountId: bank, credit: '2.00' },
          ],
        }),
      ),
    );
    expect(together.map((r) => r.statusCode)).toEqual([201, 400, 201]);
    expect(together[1].json().details).toEqual([{ field: 'lines.0.accountId', message: expect.any(String) }]);
    expect(await accountBalance('1200')).toBe(before);
  });
});
