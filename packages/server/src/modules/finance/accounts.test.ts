import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bearer, newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { queryRows } from '../../db/rows.ts';
import { inTenant } from '../../db/tenant.ts';
import { DEFAULT_CHART, SYSTEM_ACCOUNTS } from '../../ledger/index.ts';
import { accountsByCode, ledgerCounts } from '../../ledger/ledger-test-kit.ts';
import { staffToken } from './finance-test-kit.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let acc: Record<string, number>;

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Accounts Water' });
  acc = await accountsByCode(ctx.database.db, org.clientId);
});
afterAll(() => ctx.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, token = org.token, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, payload, headers: { ...bearer(token), ...headers } });

const journal = (date: string, lines: object[], token = org.token) => api('POST', '/api/finance/transaction', { date, lines }, token);

describe('chart of accounts list', () => {
  it('lists the default chart with names in the caller language and balances in natural sign', async () => {
    expect(
      (
        await journal('2025-02-01', [
          { accountId: acc['1010'], debit: '100.00' },
          { accountId: acc['4010'], credit: '100.00' },
        ])
      ).statusCode,
    ).toBe(201);
    const en = await api('GET', '/api/finance/accounts?_limit=1000');
    expect(en.statusCode).toBe(200);
    const body = en.json();
    expect(body.total).toBe(DEFAULT_CHART.length);
    expect(body.data.map((a: { code: string }) => a.code)).toEqual([...DEFAULT_CHART.map((a) => a.code)].sort());
    const cash = body.data.find((a: { code: string }) => a.code === '1010');
    expect(cash).toMatchObject({
      name: 'Cash on hand',
      nameEn: 'Cash on hand',
      nameSo: 'Lacagta caddaanka ah',
      type: 'asset',
      subtype: 'cash',
      status: 'Active',
      isSystem: true,
      balance: '100.00',
      isUsed: true,
    });
    expect(body.data.find((a: { code: string }) => a.code === '4010')).toMatchObject({ balance: '100.00', isUsed: true });
    expect(body.data.find((a: { code: string }) => a.code === '1020')).toMatchObject({ balance: '0.00', isUsed: false, isSystem: false });
    expect(body.data.find((a: { code: string }) => a.code === '1490')).toMatchObject({ parentId: acc['1400'], subtype: 'accumulated_depreciation' });

    const so = await api('GET', '/api/finance/accounts?q=biyaha&type=income', undefined, org.token, { 'x-lang': 'so' });
    expect(so.json().data.map((a: { code: string; name: string }) => [a.code, a.name])).toEqual([['4010', 'Iibka biyaha']]);
    const asOf = await api('GET', '/api/finance/accounts?q=1010&date=2025-01-31');
    expect(asOf.json().data[0].balance).toBe('0.00');
    const paged = await api('GET', '/api/finance/accounts?_page=2&_limit=10');
    expect(paged.json()).toMatchObject({ page: 2, limit: 10, total: DEFAULT_CHART.length });
    expect(paged.json().data).toHaveLength(10);
  });

  it('reads one account and hides the accounts of other organisations', async () => {
    const res = await api('GET', `/api/finance/accounts/${acc['1030']}`);
    expect(res.json()).toMatchObject({ id: acc['1030'], code: '1030', name: 'Bank account' });
    const other = await newOrganisation(ctx);
    const otherList = (await api('GET', '/api/finance/accounts?_limit=1000', undefined, other.token)).json();
    const mine = new Set(Object.values(acc));
    expect(otherList.data.some((a: { id: number }) => mine.has(a.id))).toBe(false);
    expect(otherList.data.length).toBeGreaterThan(0);
    expect(otherList.data.every((a: { balance: string }) => a.balance === '0.00')).toBe(true);
    expect((await api('GET', `/api/finance/accounts/${acc['1030']}`, undefined, other.token)).statusCode).toBe(404);
    const put = await api(
      'PUT',
      `/api/finance/accounts/${acc['1020']}`,
      { code: '1020', nameEn: 'Hijacked', nameSo: 'X', type: 'asset', subtype: 'cash' },
      other.token,
    );
    expect(put.statusCode).toBe(404);
    expect((await api('GET', `/api/finance/accounts/${acc['1020']}`)).json().nameEn).toBe('Petty cash');
  });
});

describe('creating and editing accounts', () => {
  it('creates an account, audited, and refuses a duplicate code, a wrong subtype and a wrong parent', async () => {
    const created = await api('POST', '/api/finance/accounts', {
      code: '1080',
      nameEn: 'Premier Bank',
      nameSo: 'Bangiga Premier',
      type: 'asset',
      subtype: 'bank',
      description: 'Main collections',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ code: '1080', name: 'Premier Bank', currency: 'USD', isSystem: false, balance: '0.00', parentId: null });
    const [audit] = await inTenant(ctx.database.db, org.clientId, (tx) =>
      queryRows<{ action: string; entity_id: string }>(tx, sql`select action, entity_id from audit_log where entity = 'account' order by id desc limit 1`),
    );
    expect(audit).toEqual({ action: 'create', entity_id: String(created.json().id) });

    const duplicate = await api('POST', '/api/finance/accounts', { code: '1080', nameEn: 'Again', nameSo: 'Mar kale', type: 'asset', subtype: 'bank' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().details).toEqual([{ field: 'code', message: 'Another account already uses this code.' }]);
    const subtype = await api('POST', '/api/finance/accounts', { code: '4500', nameEn: 'X', nameSo: 'X', type: 'income', subtype: 'bank' }, org.token, {
      'x-lang': 'so',
    });
    expect(subtype.json().details).toEqual([{ field: 'subtype', message: 'Nooc-hoosaadkan kuma habboona nooca xisaabta la doortay.' }]);
    const parent = await api('POST', '/api/finance/accounts', {
      code: '4500',
      nameEn: 'X',
      nameSo: 'X',
      type: 'income',
      subtype: 'revenue',
      parentId: acc['1400'],
    });
    expect(parent.json().details).toEqual([{ field: 'parentId', message: 'The parent account must be of the same type.' }]);
    const child = await api('POST', '/api/finance/accounts', {
      code: '1480',
      nameEn: 'Solar panels',
      nameSo: 'Tamarta qoraxda',
      type: 'asset',
      subtype: 'fixed_asset',
      parentId: acc['1400'],
    });
    expect(child.json()).toMatchObject({ parentId: acc['1400'] });
  });

  it('edits names and parents but keeps system codes, used types and the tree sound', async () => {
    const rename = await api('PUT', `/api/finance/accounts/${acc['1010']}`, {
      code: '1010',
      nameEn: 'Cash at head office',
      nameSo: 'Lacagta xarunta',
      type: 'asset',
      subtype: 'cash',
    });
    expect(rename.statusCode).toBe(200);
    expect(rename.json()).toMatchObject({ name: 'Cash at head office', isSystem: true });
    const code = await api('PUT', `/api/finance/accounts/${acc['1010']}`, { code: '1011', nameEn: 'Cash', nameSo: 'Lacag', type: 'asset', subtype: 'cash' });
    expect(code.json().details).toEqual([{ field: 'code', message: 'The code, type and subtype of a system account cannot be changed.' }]);

    await journal('2025-02-02', [
      { accountId: acc['6120'], debit: '5.00' },
      { accountId: acc['1010'], credit: '5.00' },
    ]);
    const used = await api('PUT', `/api/finance/accounts/${acc['6120']}`, { code: '6120', nameEn: 'Rent', nameSo: 'Kirada', type: 'asset', subtype: 'other' });
    expect(used.json().details).toEqual([{ field: 'type', message: 'The type of an account with postings cannot be changed.' }]);

    const a = (
      await api('POST', '/api/finance/accounts', { code: '6500', nameEn: 'Travel', nameSo: 'Safarka', type: 'expense', subtype: 'operating_expense' })
    ).json();
    const b = (
      await api('POST', '/api/finance/accounts', {
        code: '6510',
        nameEn: 'Flights',
        nameSo: 'Duullimaadyada',
        type: 'expense',
        subtype: 'operating_expense',
        parentId: a.id,
      })
    ).json();
    const cycle = await api('PUT', `/api/finance/accounts/${a.id}`, {
      code: '6500',
      nameEn: 'Travel',
      nameSo: 'Safarka',
      type: 'expense',
      subtype: 'operating_expense',
      parentId: b.id,
    });
    expect(cycle.json().details).toEqual([{ field: 'parentId', message: 'An account cannot be placed under itself or one of its sub-accounts.' }]);
    const retype = await api('PUT', `/api/finance/accounts/${a.id}`, { code: '6500', nameEn: 'Travel', nameSo: 'Safarka', type: 'asset', subtype: 'other' });
    expect(retype.json().details).toEqual([{ field: 'type', message: 'The type of an account with sub-accounts cannot be changed.' }]);
  });
});

describe('status and deletion', () => {
  it('never deactivates a system account, nor one with a balance; an inactive account takes no postings', async () => {
    const system = await api('PATCH', `/api/finance/accounts/${acc[SYSTEM_ACCOUNTS.cash]}/status`, { status: 'Inactive' });
    expect([system.statusCode, system.json().code]).toEqual([409, 'SYSTEM_ACCOUNT']);

    await journal('2025-03-01', [
      { accountId: acc['1060'], debit: '12.50' },
      { accountId: acc['4900'], credit: '12.50' },
    ]);
    const withBalance = await api('PATCH', `/api/finance/accounts/${acc['1060']}/status`, { status: 'Inactive' });
    expect(withBalance.statusCode).toBe(409);
    expect(withBalance.json().message).toBe('The account still has a balance of 12.50; move it to another account before making it inactive.');

    await journal('2025-03-02', [
      { accountId: acc['1010'], debit: '12.50' },
      { accountId: acc['1060'], credit: '12.50' },
    ]);
    const inactive = await api('PATCH', `/api/finance/accounts/${acc['1060']}/status`, { status: 'Inactive' });
    expect(inactive.json()).toMatchObject({ status: 'Inactive', balance: '0.00' });
    const refused = await journal('2025-03-03', [
      { accountId: acc['1060'], debit: '1.00' },
      { accountId: acc['4900'], credit: '1.00' },
    ]);
    expect(refused.json().details).toEqual([{ field: 'lines.0.accountId', message: 'This account is inactive; nothing can be posted to it.' }]);
    expect((await api('PATCH', `/api/finance/accounts/${acc['1060']}/status`, { status: 'Active' })).json().status).toBe('Active');
  });

  it('deletes only an unused, non-system account without sub-accounts', async () => {
    const used = await api('DELETE', `/api/finance/accounts/${acc['1060']}`);
    expect([used.statusCode, used.json().code]).toEqual([409, 'IN_USE']);
    const system = await api('DELETE', `/api/finance/accounts/${acc[SYSTEM_ACCOUNTS.waterSales]}`);
    expect(system.json().code).toBe('SYSTEM_ACCOUNT');
    const parent = await api('DELETE', `/api/finance/accounts/${acc['1400']}`);
    expect(parent.statusCode).toBe(409);
    const unused = await api('DELETE', `/api/finance/accounts/${acc['1070']}`);
    expect(unused.statusCode).toBe(200);
    expect((await api('GET', `/api/finance/accounts/${acc['1070']}`)).statusCode).toBe(404);
  });
});

describe('privileges', () => {
  it('lets list-account read but not write, and refuses a user without it; nothing changes', async () => {
    const reader = await staffToken(ctx, org, ['list-account']);
    expect((await api('GET', '/api/finance/accounts', undefined, reader)).statusCode).toBe(200);
    const before = await ledgerCounts(ctx.database.db, org.clientId);
    const attempts = [
      await api('POST', '/api/finance/accounts', { code: '9999', nameEn: 'X', nameSo: 'X', type: 'asset', subtype: 'other' }, reader),
      await api('PUT', `/api/finance/accounts/${acc['1020']}`, { code: '1020', nameEn: 'Changed', nameSo: 'X', type: 'asset', subtype: 'cash' }, reader),
      await api('PATCH', `/api/finance/accounts/${acc['1020']}/status`, { status: 'Inactive' }, reader),
      await api('DELETE', `/api/finance/accounts/${acc['1020']}`, undefined, reader),
    ];
    for (const res of attempts) expect([res.statusCode, res.json().code]).toEqual([403, 'FORBIDDEN']);
    expect(await ledgerCounts(ctx.database.db, org.clientId)).toEqual(before);

    const nobody = await staffToken(ctx, org, ['dashboard']);
    expect((await api('GET', '/api/finance/accounts', undefined, nobody)).statusCode).toBe(403);
    expect((await api('GET', `/api/finance/accounts/${acc['1010']}`, undefined, nobody)).statusCode).toBe(403);
  });
});
