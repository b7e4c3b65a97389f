import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { inSystem } from '../../db/tenant.ts';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { billingFactory } from '../metering/billing-test-kit.ts';
import { auditRows, lastAuditId, staffUser } from '../settings/test-support.ts';
import { customers } from './customers.tables.ts';

let ctx: TestContext;
let orgA: Awaited<ReturnType<typeof newOrganisation>>;
let orgB: Awaited<ReturnType<typeof newOrganisation>>;
let a: ReturnType<typeof billingFactory>;

beforeAll(async () => {
  ctx = await startTestApp();
  orgA = await newOrganisation(ctx, { name: 'Hargeisa Electric' });
  orgB = await newOrganisation(ctx, { name: 'Burao Water' });
  a = billingFactory(ctx, orgA);
});
afterAll(() => ctx.close());

const PATH = '/api/elc/customers';
const customerRows = (clientId: number) =>
  inSystem(ctx.database.db, (tx) => tx.select().from(customers).where(eq(customers.clientId, clientId)).orderBy(customers.id));
const names = (res: { json(): { data: Array<{ name: string }> } }) =>
  res
    .json()
    .data.map((c) => c.name)
    .sort();

describe('customers', () => {
  it('numbers customers C-000001, C-000002, ... without gaps, even when a create fails', async () => {
    const fresh = await newOrganisation(ctx, { name: 'Borama Power' });
    const f = billingFactory(ctx, fresh);
    const first = await f.customer({ name: 'Amina Warsame' });
    const refused = await f.call(fresh.token, 'POST', PATH, { name: 'Bad City', phone: '0615000000', customerClass: 'residential', cityId: 999999 });
    expect(refused.statusCode).toBe(400);
    const second = await f.customer({ name: 'Bashir Ali' });
    expect([first.customerNo, second.customerNo]).toEqual(['C-000001', 'C-000002']);
    // Another organisation counts on its own.
    expect((await billingFactory(ctx, orgB).customer()).customerNo).toBe('C-000001');
    // Concurrent creates queue on the counter row: no number twice, none skipped.
    const many = await Promise.all(Array.from({ length: 8 }, (_, i) => f.customer({ name: `Parallel ${i}` })));
    expect(many.map((c) => c.customerNo).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `C-${String(i + 3).padStart(6, '0')}`));
  });

  it('creates, reads, updates and changes status, each audited; the opening balance is kept as a decimal and posted at once', async () => {
    const city = (await a.call(orgA.token, 'POST', '/api/cities', { name: 'Gabiley' })).json();
    const from = await lastAuditId(ctx, orgA.clientId);
    const res = await a.call(orgA.token, 'POST', PATH, {
      name: 'Hodan Abdi',
      phone: '+252 63 4411223'.replace(/ /g, ''),
      email: 'hodan@example.so',
      address: 'Road 5',
      cityId: city.id,
      customerClass: 'commercial',
      idType: 'national_id',
      idNumber: 'SL-88231',
      openingBalance: '125.50',
    });
    expect(res.statusCode).toBe(201);
    const c = res.json();
    expect(c).toMatchObject({
      name: 'Hodan Abdi',
      cityName: 'Gabiley',
      customerClass: 'commercial',
      status: 'Active',
      openingBalance: '125.50',
      openingBalancePosted: true,
      houseCount: 0,
      meterNumbers: [],
    });
    // The same amount written another way is no change.
    const updated = await a.call(orgA.token, 'PUT', `${PATH}/${c.id}`, {
      name: 'Hodan A. Abdi',
      phone: '0634411223',
      customerClass: 'commercial',
      openingBalance: '125.5',
    });
    expect(updated.json()).toMatchObject({
      name: 'Hodan A. Abdi',
      email: null,
      cityId: null,
      idType: null,
      openingBalance: '125.50',
      customerNo: c.customerNo,
    });
    expect((await a.call(orgA.token, 'PATCH', `${PATH}/${c.id}/status`, { status: 'Inactive' })).json().status).toBe('Inactive');
    // A customer taken on without one gets a negative (credit) opening balance later, posted then.
    const later = await a.customer({ name: 'Later Balance' });
    expect(later).toMatchObject({ openingBalance: '0.00', openingBalancePosted: false });
    const credit = await a.call(orgA.token, 'PUT', `${PATH}/${later.id}`, {
      name: later.name,
      phone: later.phone,
      customerClass: 'residential',
      openingBalance: '-20',
    });
    expect(credit.json()).toMatchObject({ openingBalance: '-20.00', openingBalancePosted: true });
    const rows = await customerRows(orgA.clientId);
    expect(rows.find((r) => r.id === c.id)).toMatchObject({ openingBalance: '125.50', openingBalancePosted: true });
    expect(rows.find((r) => r.id === later.id)).toMatchObject({ openingBalance: '-20.00', openingBalancePosted: true });
    const audit = await auditRows(ctx, orgA.clientId, { entity: 'customer', afterId: from });
    expect(audit.map((x) => x.action)).toEqual(['create', 'update', 'status', 'create', 'update']);
    expect(audit[1].before).toMatchObject({ name: 'Hodan Abdi', openingBalance: '125.50' });
    expect(audit[4].after).toMatchObject({ openingBalance: '-20.00', openingBalancePosted: true });
  });

  it('lists each customer with the balance the ledger holds, in a search too', async () => {
    const owes = await a.customer({ name: 'Balance Owes', openingBalance: '310.25' });
    const credit = await a.customer({ name: 'Balance Credit', openingBalance: '-15.5' });
    const none = await a.customer({ name: 'Balance None' });
    const balanceOf = (res: { json(): { data: Array<{ id: number; balance: string }> } }, id: number) => res.json().data.find((c) => c.id === id)?.balance;
    const searched = await a.call(orgA.token, 'GET', `${PATH}?q=balance&_limit=50`);
    expect(searched.statusCode).toBe(200);
    const listed = await a.call(orgA.token, 'GET', `${PATH}?_limit=100&_sort=id&_order=desc`);
    for (const res of [searched, listed]) {
      expect(balanceOf(res, owes.id)).toBe('310.25');
      expect(balanceOf(res, credit.id)).toBe('-15.50');
      expect(balanceOf(res, none.id)).toBe('0.00');
    }
    // The same figure as the customer's account, which reads the ledger.
    const account = await a.call(orgA.token, 'GET', `${PATH}/${owes.id}/account`);
    expect(account.json().balance).toBe('310.25');
  });

  it('checks phone, e-mail, class and document on their fields, in Somali', async () => {
    const res = await a.call(orgA.token, 'POST', PATH, { name: 'X', phone: '12345', email: 'nope', customerClass: 'farm', idType: 'passport' }, 'so');
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual(
      expect.arrayContaining([
        { field: 'phone', message: 'Geli lambar taleefan oo sax ah, tusaale 0615123456 ama +252615123456.' },
        { field: 'email', message: 'Iimayl sax ah ayaa loo baahan yahay!.' },
        { field: 'customerClass', message: 'Qiimahan sax maaha.' },
      ]),
    );
    const noClass = await a.call(orgA.token, 'POST', PATH, { name: 'X', phone: '0615000000', idType: 'passport' });
    // The document check reads only idType and idNumber, so it speaks beside the missing class.
    expect(noClass.json().details).toEqual([
      { field: 'customerClass', message: 'Field is required.' },
      { field: 'idNumber', message: 'Field is required.' },
    ]);
    const noNumber = await a.call(orgA.token, 'POST', PATH, { name: 'X', phone: '0615000000', customerClass: 'residential', idType: 'passport' });
    expect(noNumber.json().details).toEqual([{ field: 'idNumber', message: 'Field is required.' }]);
  });

  it('refuses to change an opening balance the ledger has posted, but allows the other fields', async () => {
    const c = await a.customer({ openingBalance: '40' });
    await inSystem(ctx.database.db, (tx) => tx.update(customers).set({ openingBalancePosted: true }).where(eq(customers.id, c.id)));
    const res = await a.call(orgA.token, 'PUT', `${PATH}/${c.id}`, { name: c.name, phone: c.phone, customerClass: 'residential', openingBalance: '41' }, 'so');
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { field: 'openingBalance', message: 'Haraaga furitaanka horay ayaa loogu diiwaangeliyay buugaagta, halkan lagama beddeli karo.' },
    ]);
    const ok = await a.call(orgA.token, 'PUT', `${PATH}/${c.id}`, { name: 'Renamed', phone: c.phone, customerClass: 'residential', openingBalance: '40.00' });
    expect(ok.json()).toMatchObject({ name: 'Renamed', openingBalance: '40.00', openingBalancePosted: true });
  });

  it("pages a search in the list's name order, both ways, and follows renames and moved houses", async () => {
    const s = await newOrganisation(ctx, { name: 'Order Org' });
    const f = billingFactory(ctx, s);
    const zone = await f.zone({ name: 'Hills' });
    const made = [];
    for (const name of ['Maryan Ali', 'ali Warsame', 'Bile Ali', 'Ali Hassan', 'Caaliya Omar', 'Ali Bashir', 'Deeqa Ali'])
      made.push(await f.customer({ name }));
    const house = await f.house({ customerId: made[0].id, zoneId: zone.id, meterNumber: 'ALI-77' });
    const page = async (n: number, extra = '') =>
      (await f.call(s.token, 'GET', `${PATH}?q=ali&_limit=3&_page=${n}${extra}`)).json() as { total: number; data: Array<{ name: string }> };
    const all = async (extra = '') => [...(await page(1, extra)).data, ...(await page(2, extra)).data, ...(await page(3, extra)).data].map((c) => c.name);
    // 'ali' starts a word of six names (not Caaliya) and the meter ALI-77 of Maryan Ali: each customer once.
    expect((await page(1)).total).toBe(6);
    expect(await all()).toEqual(['Ali Bashir', 'Ali Hassan', 'ali Warsame', 'Bile Ali', 'Deeqa Ali', 'Maryan Ali']);
    expect(await all('&_order=desc')).toEqual(['Maryan Ali', 'Deeqa Ali', 'Bile Ali', 'ali Warsame', 'Ali Hassan', 'Ali Bashir']);
    // Renamed, Maryan moves to the front, found by her meter as well as her name.
    await f.call(s.token, 'PUT', `${PATH}/${made[0].id}`, { name: 'Aamina Ali', phone: made[0].phone, customerClass: 'residential' });
    expect(await all()).toEqual(['Aamina Ali', 'Ali Bashir', 'Ali Hassan', 'ali Warsame', 'Bile Ali', 'Deeqa Ali']);
    const byMeter = await f.call(s.token, 'GET', `${PATH}?q=${encodeURIComponent('ali-77')}`);
    expect(byMeter.json().data.map((c: { name: string }) => c.name)).toEqual(['Aamina Ali']);
    // The meter's house moved to Caaliya: her name now sorts among the matches, Aamina still matches by name.
    await f.call(s.token, 'PUT', `/api/elc/houses/${house.id}`, {
      customerId: made[4].id,
      zoneId: zone.id,
      houseNo: house.houseNo,
      meterNumber: 'ALI-77',
      meterDigits: 5,
      installationReading: '0',
      installationDate: '2025-01-01',
    });
    expect(await all()).toEqual(['Aamina Ali', 'Ali Bashir', 'Ali Hassan', 'ali Warsame', 'Bile Ali', 'Caaliya Omar', 'Deeqa Ali']);
    expect((await page(1)).total).toBe(7);
    // Every word, the meters' included, carries its customer's current sort key.
    const stale = await inSystem(ctx.database.db, (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from customer_search_words w join customers c on c.id = w.customer_id
                                       where c.client_id = ${s.clientId} and w.sort_name <> lower(c.name)`,
      ),
    );
    expect(stale).toEqual([{ n: 0 }]);
  });

  it('searches name prefixes, any phone notation, the customer number and meter numbers; filters by status, class, city and zone', async () => {
    const s = await newOrganisation(ctx, { name: 'Search Org' });
    const f = billingFactory(ctx, s);
    const city = (await f.call(s.token, 'POST', '/api/cities', { name: 'Berbera' })).json();
    const zone = await f.zone({ name: 'Port' });
    const fadumo = await f.customer({ name: 'Fadumo Yusuf Hirsi', phone: '0615123456', customerClass: 'residential' });
    const farah = await f.customer({ name: 'Farah Trading Co.', phone: '+252634999888', customerClass: 'commercial', cityId: city.id });
    await f.customer({ name: 'Yusuf Jama', phone: '00252907777777', customerClass: 'residential' });
    const house = await f.house({ customerId: farah.id, zoneId: zone.id, meterNumber: 'MTR-0042-B' });
    const search = (q: string, extra = '') => f.call(s.token, 'GET', `${PATH}?q=${encodeURIComponent(q)}${extra}`);

    expect(names(await search('fa'))).toEqual(['Fadumo Yusuf Hirsi', 'Farah Trading Co.']);
    expect(names(await search('yus'))).toEqual(['Fadumo Yusuf Hirsi', 'Yusuf Jama']);
    expect(names(await search('YUSUF hir'))).toEqual(['Fadumo Yusuf Hirsi']);
    expect(names(await search('trad'))).toEqual(['Farah Trading Co.']);
    for (const phone of ['0615123456', '615123', '+252 61 512 3456', '252615123456', '00252615']) {
      expect(names(await search(phone))).toEqual(['Fadumo Yusuf Hirsi']);
    }
    expect(names(await search('0907'))).toEqual(['Yusuf Jama']);
    expect(names(await search(fadumo.customerNo))).toEqual(['Fadumo Yusuf Hirsi']);
    expect(names(await search('C-00000'))).toHaveLength(3);
    expect(names(await search('mtr-0042'))).toEqual(['Farah Trading Co.']);
    expect(names(await search('nobody'))).toEqual([]);
    expect(names(await search('%'))).toHaveLength(3);

    expect(names(await f.call(s.token, 'GET', `${PATH}?customerClass=commercial`))).toEqual(['Farah Trading Co.']);
    expect(names(await f.call(s.token, 'GET', `${PATH}?cityId=${city.id}`))).toEqual(['Farah Trading Co.']);
    expect(names(await f.call(s.token, 'GET', `${PATH}?zoneId=${zone.id}`))).toEqual(['Farah Trading Co.']);
    await f.call(s.token, 'PATCH', `${PATH}/${fadumo.id}/status`, { status: 'Inactive' });
    expect(names(await search('fa', '&status=Active'))).toEqual(['Farah Trading Co.']);
    expect(names(await search('fa', '&status=0'))).toHaveLength(2);
    const page2 = await f.call(s.token, 'GET', `${PATH}?_page=2&_limit=2&_sort=customerNo`);
    expect(page2.json()).toMatchObject({ total: 3, page: 2, limit: 2, data: [{ name: 'Yusuf Jama' }] });
    expect((await f.call(s.token, 'GET', `${PATH}/${farah.id}`)).json()).toMatchObject({ houseCount: 1, meterNumbers: ['MTR-0042-B'] });
    // A rename refreshes the search terms.
    await f.call(s.token, 'PUT', `${PATH}/${farah.id}`, { name: 'Xamar Traders', phone: '0634999888', customerClass: 'commercial' });
    expect(names(await search('xamar'))).toEqual(['Xamar Traders']);
    expect(names(await search('farah'))).toEqual([]);
    // A house moved to another customer takes its meter's words along.
    const moved = await f.call(s.token, 'PUT', `/api/elc/houses/${house.id}`, {
      customerId: fadumo.id,
      zoneId: zone.id,
      houseNo: house.houseNo,
      meterNumber: 'MTR-0042-B',
      meterDigits: 5,
      installationReading: '0',
      installationDate: '2025-01-01',
    });
    expect(moved.statusCode).toBe(200);
    expect(names(await search('mtr-0042'))).toEqual(['Fadumo Yusuf Hirsi']);
    expect(names(await search('mtr 0042 b'))).toEqual(['Fadumo Yusuf Hirsi']);
    // A customer is counted once however many of their words match.
    await f.customer({ name: 'Sahra Sahal', phone: '0615000111', customerClass: 'residential' });
    expect((await search('sah')).json()).toMatchObject({ total: 1, data: [{ name: 'Sahra Sahal' }] });
    expect((await search('yus')).json()).toMatchObject({ total: 2 });
    expect((await search('yus', '&status=Active')).json()).toMatchObject({ total: 1, data: [{ name: 'Yusuf Jama' }] });
    // Another organisation's search never sees these customers.
    expect(names(await billingFactory(ctx, orgB).call(orgB.token, 'GET', `${PATH}?q=fadumo`))).toEqual([]);
  });

  it('keeps organisations apart; list-customer may read but not write (403, nothing changed)', async () => {
    const c = await a.customer();
    expect((await a.call(orgB.token, 'GET', `${PATH}/${c.id}`)).statusCode).toBe(404);
    expect((await a.call(orgB.token, 'PATCH', `${PATH}/${c.id}/status`, { status: 'Inactive' })).statusCode).toBe(404);
    const reader = await staffUser(ctx, orgA, ['list-customer']);
    expect((await a.call(reader.token, 'GET', `${PATH}/${c.id}`)).statusCode).toBe(200);
    const before = await customerRows(orgA.clientId);
    const auditBefore = await lastAuditId(ctx, orgA.clientId);
    expect((await a.call(reader.token, 'POST', PATH, { name: 'New', phone: '0615000000', customerClass: 'residential' })).statusCode).toBe(403);
    expect((await a.call(reader.token, 'PUT', `${PATH}/${c.id}`, { name: 'Changed', phone: '0615000000', customerClass: 'residential' })).statusCode).toBe(403);
    expect((await a.call(reader.token, 'PATCH', `${PATH}/${c.id}/status`, { status: 'Inactive' })).statusCode).toBe(403);
    expect(await customerRows(orgA.clientId)).toEqual(before);
    expect(await lastAuditId(ctx, orgA.clientId)).toBe(auditBefore);
    const nobody = await staffUser(ctx, orgA, []);
    expect((await a.call(nobody.token, 'GET', PATH)).statusCode).toBe(403);
  });
});
