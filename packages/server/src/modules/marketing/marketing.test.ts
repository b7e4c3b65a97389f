// Marketing through the API: prospects recorded and edited with field errors in the caller's language,
// conversion into a customer with a house and meter in one transaction (all or nothing, once), the prospect
// showing the customer it became, the report with its conversion rate and export, privileges that change
// nothing, and another organisation that sees nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { tableSnapshot } from '../../../test/table-snapshot.ts';
import { billingFactory, type Method } from '../metering/billing-test-kit.ts';
import { staffUser } from '../settings/test-support.ts';

let ctx: TestContext;
let orgA: Awaited<ReturnType<typeof newOrganisation>>;
let orgB: Awaited<ReturnType<typeof newOrganisation>>;
let f: ReturnType<typeof billingFactory>;
type Staff = Awaited<ReturnType<typeof staffUser>>;
let officer: Staff;
let viewer: Staff;
let outsider: Staff;
let zoneA: { id: number; name: string };
let zoneB: { id: number; name: string };

async function call(token: string, method: Method, url: string, body?: object, lang?: string) {
  return f.call(token, method, url, body, lang);
}
async function ok(token: string, method: Method, url: string, body?: object, status = 200) {
  const res = await call(token, method, url, body);
  if (res.statusCode !== status) throw new Error(`${method} ${url}: expected ${status}, got ${res.statusCode}: ${res.body}`);
  return res.json();
}

beforeAll(async () => {
  ctx = await startTestApp();
  orgA = await newOrganisation(ctx, { name: 'Garowe Power' });
  orgB = await newOrganisation(ctx, { name: 'Bosaso Water' });
  f = billingFactory(ctx, orgA);
  officer = await staffUser(ctx, orgA, ['add-marketing', 'list-marketing', 'marketing-report']);
  viewer = await staffUser(ctx, orgA, ['list-marketing']);
  outsider = await staffUser(ctx, orgA, ['list-customer']);
  zoneA = await f.zone({ name: 'Hodan' });
  zoneB = await f.zone({ name: 'Waberi' });
});
afterAll(() => ctx.close());

const prospectBody = (extra: Record<string, unknown> = {}) => ({
  name: 'Faadumo Warsame',
  phone: '0615777888',
  location: 'Near the Hodan market',
  zoneId: zoneA.id,
  interest: 'new-connection',
  source: 'field-visit',
  visitDate: '2026-11-10',
  officerId: officer.id,
  notes: 'Wants a connection before the rains.',
  followUpDate: '2026-11-20',
  ...extra,
});
const convertBody = (extra: Record<string, unknown> = {}) => ({
  customerClass: 'residential',
  zoneId: zoneA.id,
  houseNo: 'H-77',
  address: 'Hodan, near the market',
  meterNumber: 'MK-7788',
  meterDigits: 5,
  installationReading: '0',
  installationDate: '2026-11-25',
  ...extra,
});

describe('prospects', () => {
  let p: { id: number };

  it('records a prospect; bad input is refused field by field in Somali and changes nothing', async () => {
    const before = await tableSnapshot(ctx.database.db);
    const bad = await call(officer.token, 'POST', '/api/marketing', prospectBody({ phone: '12', officerId: 999999, zoneId: 999999 }), 'so');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { field: string }) => d.field)).toEqual(['phone']);
    const refs = await call(officer.token, 'POST', '/api/marketing', prospectBody({ officerId: 999999, zoneId: 999999 }), 'so');
    expect(refs.json().details).toEqual([
      { field: 'zoneId', message: 'Dooro aag firfircoon.' },
      { field: 'officerId', message: 'Dooro isticmaale firfircoon.' },
    ]);
    expect((await call(viewer.token, 'POST', '/api/marketing', prospectBody())).statusCode).toBe(403);
    expect(await tableSnapshot(ctx.database.db)).toEqual(before);
    p = await ok(officer.token, 'POST', '/api/marketing', prospectBody(), 201);
    expect(p).toMatchObject({ outcome: 'Open', zoneName: 'Hodan', officerId: officer.id, followUpDate: '2026-11-20', customerId: null });
    const seen = await ok(viewer.token, 'GET', `/api/marketing/find-one/${p.id}`);
    expect(seen.name).toBe('Faadumo Warsame');
    const edited = await ok(officer.token, 'PUT', `/api/marketing/${p.id}`, prospectBody({ outcome: 'Interested' }));
    expect(edited.outcome).toBe('Interested');
    expect((await call(outsider.token, 'GET', '/api/marketing')).statusCode).toBe(403);
  });

  it('a conversion refused by the house (meter taken) creates no customer', async () => {
    const c = await f.customer();
    await f.house({ customerId: c.id, zoneId: zoneA.id, meterNumber: 'TAKEN-1' });
    const before = await tableSnapshot(ctx.database.db);
    const res = await call(officer.token, 'POST', `/api/marketing/${p.id}/convert`, convertBody({ meterNumber: 'TAKEN-1' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field)).toEqual(['meterNumber']);
    const noHouse = await call(officer.token, 'POST', `/api/marketing/${p.id}/convert`, convertBody({ houseNo: '', address: '' }));
    expect(noHouse.json().details.map((d: { field: string }) => d.field)).toEqual(['houseNo']);
    expect(await tableSnapshot(ctx.database.db)).toEqual(before);
  });

  it('converts into a customer with a house and meter in one step, once; the prospect shows the customer', async () => {
    const converted = await ok(officer.token, 'POST', `/api/marketing/${p.id}/convert`, convertBody());
    expect(converted).toMatchObject({ outcome: 'Converted', customerName: 'Faadumo Warsame' });
    expect(converted.customerNo).toMatch(/\S/);
    const customer = await ok(orgA.token, 'GET', `/api/elc/customers/${converted.customerId}`);
    expect(customer).toMatchObject({ name: 'Faadumo Warsame', houseCount: 1, meterNumbers: ['MK-7788'] });
    const again = await call(officer.token, 'POST', `/api/marketing/${p.id}/convert`, convertBody({ meterNumber: 'MK-9999' }), 'so');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Macmiil-suurtagalkan horay ayuu macmiil u noqday, lamana beddeli karo.');
    expect((await call(officer.token, 'PUT', `/api/marketing/${p.id}`, prospectBody())).statusCode).toBe(409);
  });

  it('reports by zone, source and outcome with the conversion rate, and exports it', async () => {
    await ok(officer.token, 'POST', '/api/marketing', prospectBody({ name: 'B', zoneId: zoneB.id, source: 'referral', outcome: 'NotInterested' }), 201);
    await ok(officer.token, 'POST', '/api/marketing', prospectBody({ name: 'C', zoneId: zoneA.id, source: 'referral' }), 201);
    await ok(officer.token, 'POST', '/api/marketing', prospectBody({ name: 'D', zoneId: '', visitDate: '2026-10-01' }), 201);
    const q = 'startDate=2026-11-01&endDate=2026-11-30';
    const byZone = await ok(officer.token, 'GET', `/api/marketing/report?${q}&groupBy=zone`);
    expect(
      byZone.rows.map((r: { label: string; prospects: number; converted: number; conversionRate: string }) => [
        r.label,
        r.prospects,
        r.converted,
        r.conversionRate,
      ]),
    ).toEqual([
      ['Hodan', 2, 1, '50.0'],
      ['Waberi', 1, 0, '0.0'],
    ]);
    expect(byZone.totals).toEqual({ prospects: 3, interested: 1, converted: 1, conversionRate: '33.3' });
    const so = await call(officer.token, 'GET', `/api/marketing/report?${q}&groupBy=source`, undefined, 'so');
    expect(so.json().rows.map((r: { label: string }) => r.label)).toEqual(['Booqasho goob', 'Tixraac']);
    const xlsx = await call(officer.token, 'GET', `/api/marketing/report/export?${q}&groupBy=outcome&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect((await call(viewer.token, 'GET', `/api/marketing/report?${q}`)).statusCode).toBe(403);
  });

  it('another organisation sees none of it', async () => {
    expect((await call(orgB.token, 'GET', `/api/marketing/find-one/${p.id}`)).statusCode).toBe(404);
    expect((await ok(orgB.token, 'GET', '/api/marketing')).total).toBe(0);
    expect((await call(orgB.token, 'POST', `/api/marketing/${p.id}/convert`, convertBody({ zoneId: zoneA.id }))).statusCode).toBe(404);
  });
});
