import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectAssetsMatchBooks } from '../../../test/asset-invariant.ts';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { expectOpenItemsMatchLedger } from '../../../test/receivable-invariant.ts';
import { tableSnapshot } from '../../../test/table-snapshot.ts';
import { inSystem } from '../../db/tenant.ts';
import { setLockDate } from '../../ledger/index.ts';
import { pdfText } from '../document-print/pdf-inspect-test-kit.ts';
import { auditRows, lastAuditId, staffUser } from '../settings/test-support.ts';
import { accountBalance } from '../vendors/vendors-test-kit.ts';
import { assetsKit } from './assets-test-kit.ts';

let ctx: TestContext;
let orgA: Awaited<ReturnType<typeof newOrganisation>>;
let orgB: Awaited<ReturnType<typeof newOrganisation>>;
let kit: ReturnType<typeof assetsKit>;

beforeAll(async () => {
  ctx = await startTestApp();
  orgA = await newOrganisation(ctx, { name: 'Hargeisa Power' });
  orgB = await newOrganisation(ctx, { name: 'Burao Water' });
  kit = assetsKit(ctx, orgA);
});
afterAll(() => ctx.close());

/** Each scenario leaves the register equal to the ledger. */
let fresh: Awaited<ReturnType<typeof newOrganisation>>;
let k: ReturnType<typeof assetsKit>;
beforeEach(async () => {
  fresh = await newOrganisation(ctx);
  k = assetsKit(ctx, fresh);
});
const invariant = () => expectAssetsMatchBooks(ctx.database.db);

describe('categories', () => {
  it('gives a new organisation its default categories on the default chart, with the new accounts', async () => {
    const { data } = await k.ok(await k.call(fresh.token, 'GET', '/api/assets/categories'), 200);
    const names = data.map((c: { nameEn: string }) => c.nameEn);
    expect(names).toEqual(
      expect.arrayContaining(['Vehicles', 'Transformers', 'Power and water network', 'Buildings', 'IT equipment', 'Furniture and office equipment']),
    );
    const it = data.find((c: { nameEn: string }) => c.nameEn === 'IT equipment');
    expect(it).toMatchObject({
      costAccount: { code: '1470' },
      accumulatedAccount: { code: '1490' },
      expenseAccount: { code: '6200' },
      disposalAccount: { code: '4910' },
    });
    const vehicles = data.find((c: { nameEn: string }) => c.nameEn === 'Vehicles');
    expect(vehicles).toMatchObject({ method: 'declining-balance', rate: '40.0000', salvagePercent: '10.00', usefulLifeMonths: 60 });
  });

  it('creates and edits a category; refuses wrong accounts by field in Somali; fixes accounts once assets exist', async () => {
    const body = {
      nameEn: 'Pumps',
      nameSo: 'Bambooyin',
      usefulLifeMonths: 96,
      method: 'straight-line',
      salvagePercent: '5',
      costAccountId: await k.accountId('1430'),
      accumulatedAccountId: await k.accountId('1490'),
      expenseAccountId: await k.accountId('6200'),
      disposalAccountId: await k.accountId('4910'),
    };
    const bad = await k.call(
      fresh.token,
      'POST',
      '/api/assets/categories',
      { ...body, costAccountId: await k.accountId('6200'), method: 'declining-balance' },
      'so',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual(expect.arrayContaining([{ field: 'rate', message: 'Habka hoos-u-dhaca haraaga wuxuu u baahan yahay heer sanadeed.' }]));
    const bad2 = await k.call(fresh.token, 'POST', '/api/assets/categories', { ...body, costAccountId: await k.accountId('6200') });
    expect(bad2.json().details).toEqual([{ field: 'costAccountId', message: 'Choose an active fixed asset account.' }]);
    const created = await k.ok(await k.call(fresh.token, 'POST', '/api/assets/categories', body));
    expect(created).toMatchObject({ nameEn: 'Pumps', salvagePercent: '5.00', assetCount: 0 });
    const dup = await k.call(fresh.token, 'POST', '/api/assets/categories', { ...body, nameEn: 'pumps' });
    expect(dup.json().details).toEqual([{ field: 'nameEn', message: 'A category with this name exists.' }]);
    await k.ok(await k.register({ categoryId: created.id }));
    const moved = await k.call(fresh.token, 'PUT', `/api/assets/categories/${created.id}`, { ...body, costAccountId: await k.accountId('1410') });
    expect(moved.json().details).toEqual([{ field: 'costAccountId', message: 'This category has assets: its accounts cannot change.' }]);
    const renamed = await k.ok(await k.call(fresh.token, 'PUT', `/api/assets/categories/${created.id}`, { ...body, usefulLifeMonths: 120 }), 200);
    expect(renamed).toMatchObject({ usefulLifeMonths: 120, assetCount: 1 });
    await invariant();
  });
});

describe('register (add)', () => {
  it('posts a brought-in asset: cost, depreciation to date and opening equity; fills blanks from the category; audited', async () => {
    const from = await lastAuditId(ctx, fresh.clientId);
    const asset = await k.ok(
      await k.register({
        tag: 'VEH-001',
        name: 'Land Cruiser',
        categoryId: await k.categoryId('Vehicles'),
        cost: '50000.00',
        openingAccumulated: '12000.00',
        acquisitionDate: '2023-03-01',
        depreciationStart: '2026-02-01',
        recordedOn: '2026-01-31',
        custodian: 'Ahmed Ali',
      }),
    );
    expect(asset).toMatchObject({
      tag: 'VEH-001',
      salvageValue: '5000.00',
      usefulLifeMonths: 60,
      method: 'declining-balance',
      rate: '40.0000',
      openingAccumulated: '12000.00',
      accumulated: '12000.00',
      netBookValue: '38000.00',
      source: 'register',
      status: 'Active',
    });
    expect(await accountBalance(ctx, fresh.clientId, '1450')).toBe('50000.00');
    expect(await accountBalance(ctx, fresh.clientId, '1490')).toBe('-12000.00');
    expect(await accountBalance(ctx, fresh.clientId, '3030')).toBe('-38000.00');
    const audit = await auditRows(ctx, fresh.clientId, { afterId: from, entity: 'asset' });
    expect(audit).toHaveLength(1);
    await invariant();
  });

  it('refuses bad input by field, in the language asked, and changes nothing', async () => {
    await k.ok(await k.register({ tag: 'DUP-1' }));
    await inSystem(ctx.database.db, (tx) => setLockDate(tx, fresh.clientId, '2026-01-01'));
    const before = await tableSnapshot(ctx.database.db);
    const res = await k.register(
      { tag: 'dup-1', cost: '100.00', salvageValue: '60.00', openingAccumulated: '50.00', acquisitionDate: '2026-02-01', depreciationStart: '2026-01-01' },
      fresh.token,
      'so',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual(
      expect.arrayContaining([
        { field: 'openingAccumulated', message: 'Qiimo-dhaca ilaa maanta iyo qiimaha haraaga wadajir kama badnaan karaan qiimaha iibka.' },
      ]),
    );
    const res2 = await k.register({ tag: 'dup-1', acquisitionDate: '2026-02-01', depreciationStart: '2026-01-01' });
    expect(res2.json().details).toEqual(
      expect.arrayContaining([
        { field: 'tag', message: 'This tag number is already used.' },
        { field: 'depreciationStart', message: 'Depreciation cannot start before the acquisition date.' },
      ]),
    );
    const res3 = await k.register({ cost: '-5', categoryId: 999999, acquisitionDate: '2026-02-30' });
    expect(res3.statusCode).toBe(400);
    expect(res3.json().details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(['cost', 'acquisitionDate']));
    const res4 = await k.register({ categoryId: 999999 });
    expect(res4.json().details).toEqual([{ field: 'categoryId', message: 'Not found.' }].map((d) => ({ ...d, message: expect.any(String) })));
    const locked = await k.register({ recordedOn: '2025-12-15', acquisitionDate: '2025-12-01' });
    expect(locked.json().details[0].field).toBe('recordedOn');
    expect(await tableSnapshot(ctx.database.db)).toEqual(before);
  });
});

describe('buy', () => {
  it('buys several assets on credit: one entry, a payable open item of the vendor that a vendor payment settles', async () => {
    const vendor = await k.ok(await k.call(fresh.token, 'POST', '/api/elc/vendors', { name: 'Somtel Supplies', paymentTermsDays: 30 }));
    const it = await k.categoryId('IT equipment');
    const furniture = await k.categoryId('Furniture and office equipment');
    const branchId = await k.branchId();
    const purchase = await k.ok(
      await k.call(fresh.token, 'POST', '/api/assets/purchases', {
        kind: 'credit',
        vendorId: vendor.id,
        date: '2026-03-05',
        reference: 'INV-77',
        assets: [
          { tag: 'IT-01', name: 'Laptop', categoryId: it, branchId, acquisitionDate: '2026-03-05', cost: '1200.00' },
          { tag: 'IT-02', name: 'Server', categoryId: it, branchId, acquisitionDate: '2026-03-05', cost: '4800.00' },
          { tag: 'FU-01', name: 'Desk', categoryId: furniture, branchId, acquisitionDate: '2026-03-05', cost: '350.50' },
        ],
      }),
    );
    expect(purchase).toMatchObject({ number: 'FA-000001', kind: 'credit', total: '6350.50', dueDate: '2026-04-04', vendor: { id: vendor.id } });
    expect(purchase.assets).toHaveLength(3);
    expect(await accountBalance(ctx, fresh.clientId, '1470')).toBe('6000.00');
    expect(await accountBalance(ctx, fresh.clientId, '1460')).toBe('350.50');
    expect(await accountBalance(ctx, fresh.clientId, '2010')).toBe('-6350.50');
    const open = await k.ok(await k.call(fresh.token, 'GET', `/api/elc/vendors/${vendor.id}/open-bills`), 200);
    expect(JSON.stringify(open)).toContain('FA-000001');
    await k.ok(
      await k.call(fresh.token, 'POST', '/api/elc/vendor-payments', {
        vendorId: vendor.id,
        accountId: await k.accountId('1010'),
        method: 'cash',
        date: '2026-03-20',
        amount: '6350.50',
      }),
    );
    await expectOpenItemsMatchLedger(ctx.database.db, fresh.clientId, 'vendor', '2010');
    await invariant();
  });

  it('buys for cash from a money account; refuses a non-money account and a repeated tag, nothing changed', async () => {
    const it = await k.categoryId('IT equipment');
    const branchId = await k.branchId();
    const line = { name: 'Printer', categoryId: it, branchId, acquisitionDate: '2026-03-05', cost: '300.00' };
    const before = await tableSnapshot(ctx.database.db);
    const bad = await k.call(fresh.token, 'POST', '/api/assets/purchases', {
      kind: 'cash',
      accountId: await k.accountId('6200'),
      date: '2026-03-05',
      assets: [
        { ...line, tag: 'P-1' },
        { ...line, tag: 'p-1' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ field: 'assets.1.tag', message: 'This tag number is already used.' }]);
    const bad2 = await k.call(fresh.token, 'POST', '/api/assets/purchases', {
      kind: 'cash',
      accountId: await k.accountId('6200'),
      date: '2026-03-05',
      assets: [{ ...line, tag: 'P-1' }],
    });
    expect(bad2.json().details).toEqual([{ field: 'accountId', message: 'Choose an active cash, bank or mobile money account.' }]);
    const noVendor = await k.call(fresh.token, 'POST', '/api/assets/purchases', { kind: 'credit', date: '2026-03-05', assets: [] });
    expect(
      noVendor
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['assets']);
    expect(await tableSnapshot(ctx.database.db)).toEqual(before);
    const cash = await k.ok(
      await k.call(fresh.token, 'POST', '/api/assets/purchases', {
        kind: 'cash',
        accountId: await k.accountId('1010'),
        date: '2026-03-05',
        assets: [{ ...line, tag: 'P-1' }],
      }),
    );
    expect(cash).toMatchObject({ kind: 'cash', total: '300.00', account: { code: '1010' } });
    expect(await accountBalance(ctx, fresh.clientId, '1010')).toBe('-300.00');
    await invariant();
  });
});

describe('depreciation', () => {
  it('previews, posts as a job (one entry per category), refuses the month twice and a skipped month', async () => {
    const it = await k.categoryId('IT equipment');
    await k.ok(await k.register({ tag: 'A', categoryId: it, cost: '3600.00', depreciationStart: '2026-01-10' }));
    await k.ok(
      await k.register({ tag: 'B', categoryId: it, cost: '720.00', depreciationStart: '2026-02-01', acquisitionDate: '2026-01-20', recordedOn: '2026-01-20' }),
    );
    const preview = await k.ok(await k.call(fresh.token, 'GET', '/api/assets/depreciation/preview?month=2026-01'), 200);
    expect(preview).toMatchObject({ month: '2026-01', date: '2026-01-31', total: '100.00', blocked: null, nextMonth: null });
    expect(preview.lines).toEqual([
      {
        assetId: expect.any(Number),
        tag: 'A',
        name: expect.any(String),
        categoryId: it,
        category: 'IT equipment',
        cost: '3600.00',
        accumulatedBefore: '0.00',
        amount: '100.00',
        netBookValueAfter: '3500.00',
      },
    ]);
    expect(preview.byCategory).toEqual([{ categoryId: it, category: 'IT equipment', assets: 1, amount: '100.00' }]);
    const empty = await k.ok(await k.call(fresh.token, 'GET', '/api/assets/depreciation/preview?month=2025-06'), 200);
    expect(empty).toMatchObject({ lines: [], byCategory: [], total: '0.00' });
    await k.post('2026-01');
    expect(await accountBalance(ctx, fresh.clientId, '6200')).toBe('100.00');
    const twice = await k.post('2026-01');
    expect(twice.statusCode).toBe(400);
    expect(twice.json().details).toEqual([{ field: 'month', message: 'Depreciation for 2026-01 is already posted.' }]);
    const skip = await k.post('2026-03');
    expect(skip.json().details).toEqual([{ field: 'month', message: 'Post 2026-02 first: no month may be skipped.' }]);
    const feb = await k.ok(await k.call(fresh.token, 'GET', '/api/assets/depreciation/preview?month=2026-02'), 200);
    expect(feb.total).toBe('120.00');
    await k.post('2026-02');
    const runs = await k.runs();
    expect(runs.map((r) => [r.month, r.status, r.total])).toEqual([
      ['2026-02', 'posted', '120.00'],
      ['2026-01', 'posted', '100.00'],
    ]);
    await invariant();
  });

  it('posts one entry per asset when set so; the first month pro rata by days or none', async () => {
    await k.ok(await k.call(fresh.token, 'PUT', '/api/assets/settings', { entryPer: 'asset', firstMonth: 'pro-rata' }), 200);
    const it = await k.categoryId('IT equipment');
    await k.ok(
      await k.register({ tag: 'A', categoryId: it, cost: '3100.00', depreciationStart: '2026-01-22', acquisitionDate: '2026-01-22', recordedOn: '2026-01-22' }),
    );
    await k.ok(
      await k.register({ tag: 'B', categoryId: it, cost: '3100.00', depreciationStart: '2026-01-01', acquisitionDate: '2026-01-01', recordedOn: '2026-01-01' }),
    );
    const jan = await k.ok(await k.call(fresh.token, 'GET', '/api/assets/depreciation/preview?month=2026-01'), 200);
    // 3100 / 36 = 86.11 a month; from the 22nd: 10 of 31 days.
    expect(jan.lines.map((l: { tag: string; amount: string }) => [l.tag, l.amount])).toEqual([
      ['A', '27.78'],
      ['B', '86.11'],
    ]);
    await k.post('2026-01');
    expect((await k.runs())[0]).toMatchObject({ entryCount: 2 });
    const refused = await k.call(fresh.token, 'PUT', '/api/assets/settings', { entryPer: 'asset', firstMonth: 'none' });
    expect(refused.json().details).toEqual([{ field: 'firstMonth', message: 'Depreciation has been posted: the first-month rule cannot change.' }]);
    await invariant();
  });

  it('never goes below salvage and stops at the end of the useful life; a late asset catches up', async () => {
    const furniture = await k.categoryId('Furniture and office equipment');
    // 12 months, salvage 5% of 1000 = 50: 950 over 12 months = 79.17 a month.
    await k.ok(
      await k.register({
        tag: 'F',
        categoryId: furniture,
        cost: '1000.00',
        usefulLifeMonths: 12,
        depreciationStart: '2026-01-01',
        acquisitionDate: '2026-01-01',
        recordedOn: '2026-01-01',
      }),
    );
    for (let m = 1; m <= 14; m++) {
      const month = `${2026 + Math.floor((m - 1) / 12)}-${String(((m - 1) % 12) + 1).padStart(2, '0')}`;
      await k.post(month);
    }
    const [asset] = (await k.ok(await k.call(fresh.token, 'GET', '/api/assets?q=F'), 200)).data;
    expect(asset).toMatchObject({ accumulated: '950.00', netBookValue: '50.00' });
    const schedule = await k.ok(await k.call(fresh.token, 'GET', `/api/assets/${asset.id}/schedule`), 200);
    expect(schedule.rows).toHaveLength(12);
    expect(schedule.rows.at(-1)).toMatchObject({ month: '2026-12', kind: 'posted', accumulated: '950.00', amount: '79.17' });
    // A late-registered asset starting in January catches up in the next run.
    await k.ok(
      await k.register({
        tag: 'G',
        categoryId: furniture,
        cost: '1200.00',
        usefulLifeMonths: 12,
        salvageValue: '0',
        depreciationStart: '2026-01-01',
        acquisitionDate: '2026-01-01',
        recordedOn: '2027-02-10',
      }),
    );
    const mar = await k.ok(await k.call(fresh.token, 'GET', '/api/assets/depreciation/preview?month=2027-03'), 200);
    expect(mar.lines).toEqual([expect.objectContaining({ tag: 'G', amount: '1200.00' })]);
    await invariant();
  });

  it('reverses the latest run as a whole by reversal entries; refuses an earlier run and one with a disposed asset', async () => {
    const it = await k.categoryId('IT equipment');
    const a = await k.ok(await k.register({ tag: 'A', categoryId: it, cost: '3600.00' }));
    await k.post('2026-01');
    await k.post('2026-02');
    const [feb, jan] = await k.runs();
    const early = await k.call(fresh.token, 'POST', `/api/assets/depreciation/runs/${jan.id}/reverse`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Only the latest depreciation run can be reversed.');
    const reversed = await k.ok(await k.call(fresh.token, 'POST', `/api/assets/depreciation/runs/${feb.id}/reverse`), 200);
    expect(reversed).toMatchObject({ status: 'reversed', month: '2026-02' });
    expect(await accountBalance(ctx, fresh.clientId, '6200')).toBe('100.00');
    await invariant();
    // February can be posted again; January is the latest now.
    await k.post('2026-02');
    const disposed = await k.call(fresh.token, 'POST', `/api/assets/${a.id}/dispose`, { date: '2026-03-02', kind: 'write-off' });
    expect(disposed.statusCode).toBe(200);
    const latest = (await k.runs())[0];
    expect(latest).toMatchObject({ isLatest: true, reversible: false });
    const refused = await k.call(fresh.token, 'POST', `/api/assets/depreciation/runs/${latest.id}/reverse`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('RUN_HAS_DISPOSED');
    expect(refused.json().message).toBe('An asset has been disposed of after this month: the run cannot be reversed.');
    expect((await k.runs())[0]).toMatchObject({ status: 'posted', month: '2026-02' });
    await invariant();
  });

  it('refuses to reverse a run when an asset not in it was disposed of after it, and never charges a disposed asset', async () => {
    const it = await k.categoryId('IT equipment');
    await k.post('2026-01');
    // Registered after January was posted (not in its run), then disposed of in February.
    const late = await k.ok(await k.register({ tag: 'L', categoryId: it, cost: '1200.00' }));
    await k.ok(await k.call(fresh.token, 'POST', `/api/assets/${late.id}/dispose`, { date: '2026-02-01', kind: 'write-off' }), 200);
    const [jan] = await k.runs();
    expect(jan).toMatchObject({ month: '2026-01', isLatest: true, reversible: false });
    const so = await k.call(fresh.token, 'POST', `/api/assets/depreciation/runs/${jan.id}/reverse`, undefined, 'so');
    expect(so.statusCode).toBe(409);
    expect(so.json().message).toBe('Hanti ayaa la iibiyay ama la tuuray bishan kadib: qiimo-dhacan dib looma celin karo.');
    expect((await k.runs())[0]).toMatchObject({ status: 'posted', month: '2026-01' });
    expect(await accountBalance(ctx, fresh.clientId, '6200')).toBe('0.00');
    const feb = await k.ok(await k.call(fresh.token, 'GET', '/api/assets/depreciation/preview?month=2026-02'), 200);
    expect(feb.lines).toEqual([]);
    await invariant();
  });
});

describe('disposal and transfer', () => {
  it('sells at a gain, writes off at a loss, charges nothing after disposal, refuses a date in a depreciated month', async () => {
    const it = await k.categoryId('IT equipment');
    const a = await k.ok(await k.register({ tag: 'S', categoryId: it, cost: '3600.00' }));
    const b = await k.ok(await k.register({ tag: 'W', categoryId: it, cost: '1800.00' }));
    await k.post('2026-01');
    const early = await k.call(fresh.token, 'POST', `/api/assets/${a.id}/dispose`, {
      date: '2026-01-31',
      kind: 'sale',
      proceeds: '4000',
      accountId: await k.accountId('1010'),
    });
    expect(early.json().details).toEqual([{ field: 'date', message: 'Depreciation is posted up to 2026-01: choose a later date.' }]);
    const noAccount = await k.call(fresh.token, 'POST', `/api/assets/${a.id}/dispose`, { date: '2026-02-10', kind: 'sale', proceeds: '4000' }, 'so');
    expect(noAccount.json().details).toEqual([{ field: 'accountId', message: expect.any(String) }]);
    const sold = await k.ok(
      await k.call(fresh.token, 'POST', `/api/assets/${a.id}/dispose`, {
        date: '2026-02-10',
        kind: 'sale',
        proceeds: '3600',
        accountId: await k.accountId('1010'),
        reason: 'Sold to staff',
      }),
      200,
    );
    expect(sold).toMatchObject({ status: 'Disposed', disposedOn: '2026-02-10' });
    // NBV 3500, proceeds 3600: a gain of 100 (credit 4910).
    expect(await accountBalance(ctx, fresh.clientId, '4910')).toBe('-100.00');
    await k.ok(await k.call(fresh.token, 'POST', `/api/assets/${b.id}/dispose`, { date: '2026-02-10', kind: 'write-off' }), 200);
    // NBV 1750 written off: a loss of 1750 (debit 4910).
    expect(await accountBalance(ctx, fresh.clientId, '4910')).toBe('1650.00');
    const again = await k.call(fresh.token, 'POST', `/api/assets/${b.id}/dispose`, { date: '2026-02-11', kind: 'write-off' });
    expect(again.statusCode).toBe(409);
    const feb = await k.ok(await k.call(fresh.token, 'GET', '/api/assets/depreciation/preview?month=2026-02'), 200);
    expect(feb.lines).toEqual([]);
    const history = await k.ok(await k.call(fresh.token, 'GET', `/api/assets/${a.id}/history`), 200);
    expect(history.disposal).toMatchObject({ kind: 'sale', proceeds: '3600.00', gainLoss: '100.00', accumulated: '100.00' });
    await invariant();
  });

  it('transfers between branches and custodians with history; the register as at a date shows the branch of that date', async () => {
    const branch = await k.ok(await k.call(fresh.token, 'POST', '/api/elc/branches', { name: 'Berbera' }));
    const a = await k.ok(await k.register({ tag: 'TR', custodian: 'Amina' }));
    const same = await k.call(fresh.token, 'POST', `/api/assets/${a.id}/transfer`, { date: '2026-02-01', branchId: a.branch.id, custodian: 'Amina' });
    expect(same.json().details).toEqual([{ field: 'branchId', message: 'Change the branch, custodian or location.' }]);
    const moved = await k.ok(
      await k.call(fresh.token, 'POST', `/api/assets/${a.id}/transfer`, {
        date: '2026-02-01',
        branchId: branch.id,
        custodian: 'Hodan',
        location: 'Port office',
      }),
      200,
    );
    expect(moved).toMatchObject({ branch: { id: branch.id }, custodian: 'Hodan', location: 'Port office' });
    const history = await k.ok(await k.call(fresh.token, 'GET', `/api/assets/${a.id}/history`), 200);
    expect(history.transfers).toEqual([
      expect.objectContaining({ date: '2026-02-01', fromBranch: a.branch.name, toBranch: 'Berbera', fromCustodian: 'Amina', toCustodian: 'Hodan' }),
    ]);
    const jan = await k.ok(await k.call(fresh.token, 'GET', '/api/assets/reports/register?date=2026-01-15'), 200);
    expect(jan.byBranch).toEqual([expect.objectContaining({ name: a.branch.name, assets: 1, cost: '3600.00' })]);
    const feb = await k.ok(await k.call(fresh.token, 'GET', '/api/assets/reports/register?date=2026-02-15'), 200);
    expect(feb.byBranch).toEqual([expect.objectContaining({ name: 'Berbera', assets: 1 })]);
    await invariant();
  });
});

describe('reports', () => {
  it('register as at a date, additions and disposals in a period, CSV and XLSX', async () => {
    const it = await k.categoryId('IT equipment');
    const a = await k.ok(await k.register({ tag: 'R1', categoryId: it, cost: '3600.00' }));
    await k.ok(await k.register({ tag: 'R2', categoryId: await k.categoryId('Buildings'), cost: '48000.00' }));
    await k.post('2026-01');
    await k.post('2026-02');
    await k.ok(
      await k.call(fresh.token, 'POST', `/api/assets/${a.id}/dispose`, {
        date: '2026-03-10',
        kind: 'sale',
        proceeds: '3000',
        accountId: await k.accountId('1010'),
      }),
      200,
    );
    const jan = await k.ok(await k.call(fresh.token, 'GET', '/api/assets/reports/register?date=2026-01-31'), 200);
    expect(jan.totals).toEqual({ cost: '51600.00', accumulated: '200.00', netBookValue: '51400.00' });
    expect(jan.byCategory.map((c: { name: string }) => c.name)).toEqual(['Buildings', 'IT equipment']);
    const mar = await k.ok(await k.call(fresh.token, 'GET', '/api/assets/reports/register?date=2026-03-31'), 200);
    expect(mar.totals).toEqual({ cost: '48000.00', accumulated: '200.00', netBookValue: '47800.00' });
    const moves = await k.ok(await k.call(fresh.token, 'GET', '/api/assets/reports/movements?startDate=2026-01-01&endDate=2026-03-31'), 200);
    expect(moves.totals).toEqual({ additions: '51600.00', disposalsCost: '3600.00', proceeds: '3000.00', gainLoss: '-400.00' });
    const csv = await k.call(fresh.token, 'GET', '/api/assets/reports/register/export?date=2026-01-31&format=csv', undefined, 'so');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Qiimaha buugga');
    expect(csv.body).toContain('R1');
    const xlsx = await k.call(fresh.token, 'GET', '/api/assets/reports/movements?startDate=2026-01-01&endDate=2026-03-31&format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const badRange = await k.call(fresh.token, 'GET', '/api/assets/reports/movements?startDate=2026-03-01&endDate=2026-01-01');
    expect(badRange.json().details[0].field).toBe('endDate');
    // On paper: the register by category and branch, the movements, an asset's schedule (past and projected).
    const registerPdf = await k.call(fresh.token, 'GET', '/api/assets/reports/register.pdf?date=2026-01-31');
    expect(registerPdf.statusCode).toBe(200);
    expect(registerPdf.headers['content-type']).toBe('application/pdf');
    const registerText = pdfText(registerPdf.rawPayload);
    for (const text of ['Asset register', 'As at 2026-01-31', 'R1', 'R2', 'BY CATEGORY', 'BY BRANCH', 'TOTAL', '51,400.00', 'Book value'])
      expect(registerText).toContain(text);
    const movesPdf = pdfText(
      (await k.call(fresh.token, 'GET', '/api/assets/reports/movements.pdf?startDate=2026-01-01&endDate=2026-03-31', undefined, 'so')).rawPayload,
    );
    for (const text of ['Hantida la kordhiyay iyo tii la saaray', '3,000.00', '-400.00']) expect(movesPdf).toContain(text);
    const b = (await k.ok(await k.call(fresh.token, 'GET', '/api/assets?q=R2'), 200)).data[0];
    const schedulePdf = pdfText((await k.call(fresh.token, 'GET', `/api/assets/${b.id}/schedule.pdf`)).rawPayload);
    for (const text of ['Depreciation schedule', 'R2', '2026-02', 'Posted', 'Projected']) expect(schedulePdf).toContain(text);
    const scheduleCsv = await k.call(fresh.token, 'GET', `/api/assets/${b.id}/schedule/export?format=csv`, undefined, 'so');
    expect(scheduleCsv.headers['content-type']).toContain('text/csv');
    expect(scheduleCsv.body).toContain('La filayo');
    const badPdf = await k.call(fresh.token, 'GET', '/api/assets/reports/register.pdf?date=2026-02-30', undefined, 'so');
    expect(badPdf.statusCode).toBe(400);
    expect(badPdf.json().details[0].field).toBe('date');
    expect((await k.call(fresh.token, 'GET', '/api/assets/999999/schedule.pdf')).statusCode).toBe(404);
    await invariant();
  });
});

describe('editing an asset', () => {
  it('edits name, custodian, location, serial number and notes, audited, custodian in the history; money stays; bad input changes nothing', async () => {
    const a = await k.ok(await k.register({ tag: 'E1', cost: '3600.00', custodian: 'Ahmed', location: 'Store' }));
    await k.post('2026-01');
    const from = await lastAuditId(ctx, fresh.clientId);
    const books = await accountBalance(ctx, fresh.clientId, '1510');
    const body = { name: 'Dell laptop', custodian: 'Hodan Ali', location: 'Finance office', serialNo: 'SN-99', notes: 'Charger kept in the store' };
    const edited = await k.ok(await k.call(fresh.token, 'PATCH', `/api/assets/${a.id}`, body), 200);
    expect(edited).toMatchObject({ ...body, cost: '3600.00', accumulated: '100.00', netBookValue: '3500.00', usefulLifeMonths: a.usefulLifeMonths });
    expect(await accountBalance(ctx, fresh.clientId, '1510')).toBe(books);
    const audit = await auditRows(ctx, fresh.clientId, { afterId: from, entity: 'asset' });
    expect(audit).toEqual([
      expect.objectContaining({ action: 'update', entityId: String(a.id), before: expect.objectContaining({ name: 'Toyota Hilux', custodian: 'Ahmed' }) }),
    ]);
    const history = await k.ok(await k.call(fresh.token, 'GET', `/api/assets/${a.id}/history`), 200);
    expect(history.transfers).toEqual([expect.objectContaining({ fromCustodian: 'Ahmed', toCustodian: 'Hodan Ali' })]);
    // A money field in the body is not part of the edit: the asset keeps its cost.
    const withCost = await k.ok(await k.call(fresh.token, 'PATCH', `/api/assets/${a.id}`, { ...body, cost: '1.00' }), 200);
    expect(withCost.cost).toBe('3600.00');
    const reader = await staffUser(ctx, fresh, ['list-asset']);
    const before = await tableSnapshot(ctx.database.db);
    const bad = await k.call(fresh.token, 'PATCH', `/api/assets/${a.id}`, { ...body, name: ' ' }, 'so');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toMatchObject({ field: 'name' });
    expect(bad.json().details[0].message).not.toMatch(/required|Required/);
    expect(await tableSnapshot(ctx.database.db)).toEqual(before);
    expect((await k.call(reader.token, 'PATCH', `/api/assets/${a.id}`, body)).statusCode).toBe(403);
    expect((await k.call(orgB.token, 'PATCH', `/api/assets/${a.id}`, body)).statusCode).toBe(404);
    expect(await tableSnapshot(ctx.database.db)).toEqual(before);
    await invariant();
  });
});

describe('access and tenancy', () => {
  it('answers 403 without the privilege and changes nothing; the other organisation sees nothing', async () => {
    const a = await kit.ok(await kit.register({ tag: 'PRIV' }));
    const reader = await staffUser(ctx, orgA, ['list-asset']);
    const before = await tableSnapshot(ctx.database.db);
    expect((await kit.register({ tag: 'X' }, reader.token)).statusCode).toBe(403);
    expect((await kit.call(reader.token, 'POST', `/api/assets/${a.id}/dispose`, { date: '2026-03-01', kind: 'write-off' })).statusCode).toBe(403);
    expect((await kit.call(reader.token, 'POST', '/api/assets/depreciation/jobs', { month: '2026-01' })).statusCode).toBe(403);
    expect((await kit.call(reader.token, 'GET', '/api/assets/reports/register?date=2026-01-31')).statusCode).toBe(403);
    expect((await kit.call(reader.token, 'GET', '/api/assets/reports/register.pdf?date=2026-01-31')).statusCode).toBe(403);
    expect((await kit.call(reader.token, 'GET', `/api/assets/${a.id}/schedule.pdf`)).statusCode).toBe(403);
    expect(await tableSnapshot(ctx.database.db)).toEqual(before);
    expect((await kit.call(reader.token, 'GET', `/api/assets/${a.id}`)).statusCode).toBe(200);
    const depreciator = await staffUser(ctx, orgA, ['generate-depreciation']);
    expect((await kit.call(depreciator.token, 'GET', '/api/assets/depreciation/preview?month=2026-01')).statusCode).toBe(200);
    expect((await kit.call(depreciator.token, 'GET', `/api/assets/${a.id}`)).statusCode).toBe(403);
    expect((await kit.call(depreciator.token, 'GET', '/api/assets/choices')).statusCode).toBe(200);
    const nobody = await staffUser(ctx, orgA, ['list-vendor']);
    expect((await kit.call(nobody.token, 'GET', '/api/assets/choices')).statusCode).toBe(403);
    expect((await kit.call(orgB.token, 'GET', `/api/assets/${a.id}`)).statusCode).toBe(404);
    expect((await kit.call(orgB.token, 'GET', `/api/assets/${a.id}/schedule.pdf`)).statusCode).toBe(404);
    const list = await kit.ok(await kit.call(orgB.token, 'GET', '/api/assets'), 200);
    expect(list.total).toBe(0);
    await expectAssetsMatchBooks(ctx.database.db);
  });
});
