import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { billingFactory } from '../metering/billing-test-kit.ts';
import { multipartFile, staffUser, TINY_PNG } from '../settings/test-support.ts';
import { pdfPageCount, pdfText } from '../document-print/pdf-inspect-test-kit.ts';
import { periodEnd, waitForBillRunJobs } from '../bills/index.ts';

let ctx: TestContext;
let orgA: Awaited<ReturnType<typeof newOrganisation>>;
let orgB: Awaited<ReturnType<typeof newOrganisation>>;
let a: ReturnType<typeof billingFactory>;
let b: ReturnType<typeof billingFactory>;
const PERIOD = '2025-03';
let zoneId: number;
let otherZoneId: number;
let billIds: number[];
let orgBBillId: number;

const tariff = {
  name: 'Residential 2025',
  customerClass: 'residential',
  effectiveFrom: '2025-01-01',
  serviceCharge: '2',
  taxPercent: '5',
  blocks: [
    { from: '0', to: '10', rate: '0.5' },
    { from: '10', to: null, rate: '1' },
  ],
};

async function billZone(f: ReturnType<typeof billingFactory>, token: string, names: string[], readings: string[]) {
  const zone = await f.zone();
  for (const [i, name] of names.entries()) {
    const customer = await f.customer({ name });
    const house = await f.house({ customerId: customer.id, zoneId: zone.id, installationReading: '100', houseNo: `A-${i + 1}` });
    await f.reading({ houseId: house.id, period: PERIOD, currentReading: readings[i] });
  }
  const run = await f.call(token, 'POST', '/api/bills/saveCustomersBill', {
    period: PERIOD,
    zoneId: zone.id,
    service: 'electricity',
    issueDate: periodEnd(PERIOD),
  });
  expect(run.statusCode).toBe(201);
  return { zoneId: zone.id as number, runId: run.json().runId as number };
}

beforeAll(async () => {
  ctx = await startTestApp();
  orgA = await newOrganisation(ctx, { name: 'Hargeisa Electric' });
  orgB = await newOrganisation(ctx, { name: 'Burao Power' });
  a = billingFactory(ctx, orgA);
  b = billingFactory(ctx, orgB);
  for (const [f, org] of [
    [a, orgA],
    [b, orgB],
  ] as const)
    expect((await f.call(org.token, 'POST', '/api/elc/prices', tariff)).statusCode).toBe(201);
  const company = await a.call(orgA.token, 'PUT', '/api/elc/settings/company', {
    name: 'Hargeisa Electric',
    address: 'Road 26, Hargeisa',
    phone: '0634000000',
    email: 'bills@hargeisa-electric.so',
    website: null,
    currency: 'USD',
    contactPhone: '0634111111',
    billingCode: 'HE-2025',
    shortCode: '*712#',
  });
  expect(company.statusCode).toBe(200);
  const zone = await billZone(a, orgA.token, ['Sahra Nur', 'Cabdi Warsame', 'Hodan Jaamac'], ['125', '110', '160']);
  zoneId = zone.zoneId;
  otherZoneId = (await billZone(a, orgA.token, ['Other Zone Customer'], ['130'])).zoneId;
  const other = await billZone(b, orgB.token, ['Burao Customer'], ['140']);
  const bList = await b.call(orgB.token, 'GET', `/api/bills?period=${PERIOD}`);
  orgBBillId = bList.json().data[0].id;
  const list = await a.call(orgA.token, 'GET', `/api/bills?period=${PERIOD}&zoneId=${zoneId}`);
  billIds = list.json().data.map((x: { id: number }) => x.id);
  expect(billIds).toHaveLength(3);
  expect(other.zoneId).toBeGreaterThan(0);
});
afterAll(() => ctx.close());

const get = (token: string, url: string, lang?: string) => a.call(token, 'GET', url, undefined, lang);

describe('bill print header', () => {
  it('answers the company header and payment instructions', async () => {
    const res = await get(orgA.token, '/api/bills/print/company');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: 'Hargeisa Electric',
      address: 'Road 26, Hargeisa',
      phone: '0634000000',
      email: 'bills@hargeisa-electric.so',
      website: null,
      currency: 'USD',
      contactPhone: '0634111111',
      shortCode: '*712#',
      billingCode: 'HE-2025',
      logoFileId: null,
    });
  });
});

describe('batch PDF of a zone', () => {
  it('streams a real PDF with one page per open bill of the zone, and the bills on it', async () => {
    const res = await get(orgA.token, `/api/bills/print/batch.pdf?period=${PERIOD}&zoneId=${zoneId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="bills-2025-03-Zone-\d+\.pdf"$/);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toMatch(/%%EOF/);
    expect(pdfPageCount(pdf)).toBe(3);
    const text = pdfText(pdf);
    for (const name of ['Sahra Nur', 'Cabdi Warsame', 'Hodan Jaamac', 'Hargeisa Electric', 'Electricity bill', 'March 2025']) expect(text).toContain(name);
    expect(text).not.toContain('Other Zone Customer');
    expect(text).not.toContain('Burao');
    // Sahra: 25 units = 2.00 + 10 x 0.50 + 15 x 1.00 = 22.00, 5% tax 1.10, 23.10 due by 15 April.
    expect(text).toContain('Block 1: 0 – 10 units');
    expect(text).toContain('Block 2: above 10 units');
    expect(text).toContain('USD 23.10');
    expect(text).toContain('Please pay by 15 April 2025');
    expect(text).toContain('Dial *712# on your phone and pay with your customer number');
    expect(text).toContain('Billing code: HE-2025');
    // Printed in the order of the houses, as the zone is walked.
    expect(text.indexOf('Sahra Nur')).toBeLessThan(text.indexOf('Cabdi Warsame'));
    expect(text.indexOf('Cabdi Warsame')).toBeLessThan(text.indexOf('Hodan Jaamac'));
  });

  it('speaks Somali to a Somali caller', async () => {
    const res = await get(orgA.token, `/api/bills/print/batch.pdf?period=${PERIOD}&zoneId=${zoneId}`, 'so');
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    for (const words of ['Biilka korontada', 'Maarso 2025', 'Lacagta laga rabo', 'Sida loo bixiyo', 'Heerka 1: 0 – 10 unug']) expect(text).toContain(words);
    expect(text).not.toContain('Amount due');
  });

  it('refuses a zone without open bills in the caller language, and bad input with field errors', async () => {
    const none = await get(orgA.token, `/api/bills/print/batch.pdf?period=2025-07&zoneId=${zoneId}`, 'so');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 'NO_BILLS', message: 'Aaggan ma laha biilal furan oo muddadan ah.' });
    const bad = await get(orgA.token, '/api/bills/print/batch.pdf?period=2025-13');
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['period', 'zoneId']);
  });

  it('never includes another organisation bills, even for its zone id', async () => {
    const bZones = await b.call(orgB.token, 'GET', '/api/elc/zones');
    const bZoneId = bZones.json().data[0].id;
    const res = await get(orgA.token, `/api/bills/print/batch.pdf?period=${PERIOD}&zoneId=${bZoneId}`);
    expect(res.statusCode).toBe(404);
    const own = await get(orgB.token, `/api/bills/print/batch.pdf?period=${PERIOD}&zoneId=${bZoneId}`);
    expect(own.statusCode).toBe(200);
    const text = pdfText(own.rawPayload);
    expect(text).toContain('Burao Customer');
    expect(text).not.toContain('Sahra Nur');
    expect(pdfPageCount(own.rawPayload)).toBe(1);
  });

  it('needs the batch-bill privilege (403) and a session (401)', async () => {
    const reader = await staffUser(ctx, orgA, ['meter-reading', 'list-customer']);
    for (const url of [`/api/bills/print/batch.pdf?period=${PERIOD}&zoneId=${zoneId}`, `/api/bills/${billIds[0]}/print.pdf`, '/api/bills/print/company']) {
      const res = await get(reader.token, url);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
      const anonymous = await ctx.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode).toBe(401);
    }
    const billing = await staffUser(ctx, orgA, ['batch-bill']);
    expect((await get(billing.token, `/api/bills/print/batch.pdf?period=${PERIOD}&zoneId=${zoneId}`)).statusCode).toBe(200);
  });
});

describe('single bill PDF', () => {
  it('prints one bill with its readings, and nothing of another organisation', async () => {
    const res = await get(orgA.token, `/api/bills/${billIds[0]}/print.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="bill-[A-Za-z0-9-]+\.pdf"$/);
    expect(pdfPageCount(res.rawPayload)).toBe(1);
    const bill = (await get(orgA.token, `/api/bills/${billIds[0]}`)).json();
    const text = pdfText(res.rawPayload);
    expect(text).toContain(bill.customerName);
    expect(text).toContain(bill.number);
    expect(text).toContain(bill.meterNumber);
    expect(text).not.toContain('CANCELLED');
    const foreign = await get(orgA.token, `/api/bills/${orgBBillId}/print.pdf`);
    expect(foreign.statusCode).toBe(404);
    expect((await get(orgA.token, '/api/bills/999999/print.pdf')).statusCode).toBe(404);
  });

  it('embeds the company logo', async () => {
    const upload = multipartFile('logo.png', TINY_PNG);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/elc/settings/company/logo',
      payload: upload.payload,
      headers: { ...upload.headers, authorization: `Bearer ${orgA.token}` },
    });
    expect(res.statusCode).toBe(200);
    const header = (await get(orgA.token, '/api/bills/print/company')).json();
    expect(header.logoFileId).toBe(res.json().logoFileId);
    const pdf = (await get(orgA.token, `/api/bills/${billIds[1]}/print.pdf`)).rawPayload;
    expect(pdf.toString('latin1')).toMatch(/\/Subtype \/Image/);
  });

  it('marks the bill of a cancelled run as cancelled, and leaves it out of the batch', async () => {
    const run = (await get(orgA.token, `/api/bills/${billIds[0]}`)).json().runId;
    // The other zone's run, so the first zone keeps its bills.
    const otherBill = (await get(orgA.token, `/api/bills?period=${PERIOD}&zoneId=${otherZoneId}`)).json().data[0];
    expect(otherBill.runId).not.toBe(run);
    expect((await a.call(orgA.token, 'POST', `/api/bills/runs/${otherBill.runId}/cancel`)).statusCode).toBe(202);
    await waitForBillRunJobs(ctx.database.db);
    const single = await get(orgA.token, `/api/bills/${otherBill.id}/print.pdf`);
    expect(single.statusCode).toBe(200);
    expect(pdfText(single.rawPayload)).toContain('CANCELLED');
    const batch = await get(orgA.token, `/api/bills/print/batch.pdf?period=${PERIOD}&zoneId=${otherZoneId}`);
    expect(batch.statusCode).toBe(404);
  });
});
