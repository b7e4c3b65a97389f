import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { inSystem } from '../../db/tenant.ts';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { auditRows, lastAuditId, staffUser } from '../settings/test-support.ts';
import { billHouses } from '../bills/bills-test-kit.ts';
import { billingFactory } from './billing-test-kit.ts';
import { meterReadings } from './metering.tables.ts';

let ctx: TestContext;
let orgA: Awaited<ReturnType<typeof newOrganisation>>;
let orgB: Awaited<ReturnType<typeof newOrganisation>>;
let a: ReturnType<typeof billingFactory>;
let zone: { id: number };
let customer: { id: number };

beforeAll(async () => {
  ctx = await startTestApp();
  orgA = await newOrganisation(ctx, { name: 'Hargeisa Electric' });
  orgB = await newOrganisation(ctx, { name: 'Burao Water' });
  a = billingFactory(ctx, orgA);
  zone = await a.zone({ name: 'Reading zone' });
  customer = await a.customer({ name: 'Sahra Nur' });
});
afterAll(() => ctx.close());

const PATH = '/api/elc/reads';
const readingRows = (clientId: number) =>
  inSystem(ctx.database.db, (tx) => tx.select().from(meterReadings).where(eq(meterReadings.clientId, clientId)).orderBy(meterReadings.id));
const newHouse = (overrides: Record<string, unknown> = {}) => a.house({ customerId: customer.id, zoneId: zone.id, ...overrides });
/** A house with three readings of 100 units each (Jan-Mar 2025): its average is 100. */
async function houseWithHistory(overrides: Record<string, unknown> = {}) {
  const h = await newHouse({ installationReading: '1000', ...overrides });
  for (const [period, value] of [
    ['2025-01', '1100'],
    ['2025-02', '1200'],
    ['2025-03', '1300'],
  ]) {
    await a.reading({ houseId: h.id, period, currentReading: value });
  }
  return h;
}

describe('meter readings', () => {
  it('stores a reading with its baseline and consumption, audited', async () => {
    const h = await newHouse({ installationReading: '250' });
    const from = await lastAuditId(ctx, orgA.clientId);
    const res = await a.call(orgA.token, 'POST', PATH, {
      houseId: h.id,
      period: '2025-01',
      readingDate: '2025-01-30',
      currentReading: '380.5',
      note: 'Gate locked, read from window',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      houseId: h.id,
      customerName: 'Sahra Nur',
      zoneId: zone.id,
      meterNumber: h.meterNumber,
      period: '2025-01',
      type: 'regular',
      previousReading: '250',
      previousDate: '2025-01-01',
      currentReading: '380.5',
      consumption: '130.5',
      flags: [],
      billedBillId: null,
      confirmedBy: null,
      note: 'Gate locked, read from window',
    });
    const audit = await auditRows(ctx, orgA.clientId, { entity: 'reading', afterId: from });
    expect(audit).toMatchObject([{ action: 'create', after: { period: '2025-01', consumption: '130.5' } }]);
  });

  it('refuses a reading below the previous one on currentReading, in English and Somali', async () => {
    const h = await houseWithHistory();
    const body = { houseId: h.id, period: '2025-04', readingDate: '2025-04-30', currentReading: '1250' };
    const en = await a.call(orgA.token, 'POST', PATH, body);
    expect(en.statusCode).toBe(400);
    expect(en.json().details).toEqual([
      {
        field: 'currentReading',
        message: 'The reading is below the previous reading (1300). Check it: a meter that rolled over past zero is accepted, this one did not.',
      },
    ]);
    const so = await a.call(orgA.token, 'POST', PATH, body, 'so');
    expect(so.json().details[0].message).toBe(
      'Akhrisku wuu ka yar yahay akhriskii hore (1300). Hubi: mitir dib uga bilaabmay eber waa la aqbalaa, kanse sidaas ma aha.',
    );
  });

  it('accepts a rollover of the register and computes consumption across it', async () => {
    const h = await newHouse({ meterDigits: 4, installationReading: '9940' });
    const r = await a.reading({ houseId: h.id, period: '2025-01', currentReading: '35' });
    expect(r).toMatchObject({ previousReading: '9940', currentReading: '35', consumption: '95', isRollover: true, flags: ['rollover'] });
    const tooBig = await a.call(orgA.token, 'POST', PATH, { houseId: h.id, period: '2025-02', readingDate: '2025-02-28', currentReading: '10000' });
    expect(tooBig.json().details).toEqual([{ field: 'currentReading', message: 'This meter shows at most 4 digits.' }]);
  });

  it('flags zero and spike consumption, wants confirmation (saying why), and stores who confirmed', async () => {
    const h = await houseWithHistory();
    const zero = await a.call(orgA.token, 'POST', PATH, { houseId: h.id, period: '2025-04', readingDate: '2025-04-30', currentReading: '1300' }, 'so');
    expect(zero.json().details).toEqual([{ field: 'confirmed', message: 'Isticmaalku waa eber. Hubi mitirka, kadibna xaqiiji akhriska.' }]);
    const spike = await a.call(orgA.token, 'POST', PATH, { houseId: h.id, period: '2025-04', readingDate: '2025-04-30', currentReading: '1601' });
    expect(spike.json().details).toEqual([
      { field: 'confirmed', message: "Consumption is more than three times this house's average of 100. Check the reading, then confirm it." },
    ]);
    const spikeSo = await a.call(orgA.token, 'POST', PATH, { houseId: h.id, period: '2025-04', readingDate: '2025-04-30', currentReading: '1601' }, 'so');
    expect(spikeSo.json().details[0].message).toBe(
      'Isticmaalku wuxuu ka badan yahay saddex jeer celceliska gurigan oo ah 100. Hubi akhriska, kadibna xaqiiji.',
    );
    const confirmed = await a.reading({ houseId: h.id, period: '2025-04', currentReading: '1601', confirmed: true });
    expect(confirmed).toMatchObject({ consumption: '301', flags: ['spike'], confirmedBy: orgA.adminId, confirmedByName: expect.any(String) });
    expect(Date.parse(confirmed.confirmedAt)).not.toBeNaN();
    // Exactly three times the average is not a spike.
    const h2 = await houseWithHistory();
    expect(await a.reading({ houseId: h2.id, period: '2025-04', currentReading: '1600' })).toMatchObject({ flags: [], confirmedBy: null });
  });

  it('keeps one reading per house per period, and periods in order', async () => {
    const h = await houseWithHistory();
    const dup = await a.call(orgA.token, 'POST', PATH, { houseId: h.id, period: '2025-03', readingDate: '2025-03-31', currentReading: '1400' });
    expect(dup.json().details).toEqual([{ field: 'period', message: 'This house already has a reading for this period.' }]);
    const earlier = await a.call(orgA.token, 'POST', PATH, { houseId: h.id, period: '2024-12', readingDate: '2025-03-31', currentReading: '1400' });
    expect(earlier.json().details).toEqual([{ field: 'period', message: 'The house already has a reading for a later period (2025-03).' }]);
    const future = await a.call(orgA.token, 'POST', PATH, { houseId: h.id, period: '2025-04', readingDate: '2999-01-01', currentReading: '1400' });
    expect(future.json().details).toEqual([{ field: 'readingDate', message: 'The reading date cannot be in the future.' }]);
    const period = await a.call(orgA.token, 'POST', PATH, { houseId: h.id, period: '2025-13', readingDate: '2025-04-01', currentReading: '1400' });
    expect(period.json().details).toEqual([{ field: 'period', message: 'Enter the period as YYYY-MM, for example 2026-03.' }]);
  });

  it("measures a new meter's first reading against the zone's average: 998,000 units is a spike to confirm", async () => {
    await houseWithHistory(); // the zone's recent readings: 100 units a month
    const fresh = await newHouse({ installationReading: '0', meterDigits: 7 });
    const huge = { houseId: fresh.id, period: '2025-04', readingDate: '2025-04-30', currentReading: '998000' };
    const refused = await a.call(orgA.token, 'POST', PATH, huge);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      {
        field: 'confirmed',
        message: expect.stringMatching(/^This meter has no history and its consumption is more than three times the zone's average of \d/),
      },
    ]);
    const so = await a.call(orgA.token, 'POST', PATH, huge, 'so');
    expect(so.json().details[0].message).toMatch(/^Mitirkan ma laha taariikh/);
    const batch = await a.call(orgA.token, 'POST', `${PATH}/batch`, { rows: [huge] });
    expect(batch.json().details).toEqual([expect.objectContaining({ field: 'rows.0.confirmed' })]);
    expect(await a.reading({ ...huge, confirmed: true })).toMatchObject({ consumption: '998000', flags: ['spike'], confirmedBy: orgA.adminId });
    // A plausible first reading passes as before.
    const other = await newHouse({ installationReading: '0' });
    expect(await a.reading({ houseId: other.id, period: '2025-04', readingDate: '2025-04-30', currentReading: '120' })).toMatchObject({ flags: [] });
  });

  it('estimates from the house average, else from the zone average', async () => {
    const h = await houseWithHistory();
    const est = await a.reading({ houseId: h.id, period: '2025-04', type: 'estimated' });
    expect(est).toMatchObject({ type: 'estimated', previousReading: '1300', currentReading: '1400', consumption: '100' });
    const given = await a.call(orgA.token, 'POST', PATH, {
      houseId: h.id,
      period: '2025-05',
      readingDate: '2025-05-31',
      type: 'estimated',
      currentReading: '1500',
    });
    expect(given.json().details).toEqual([
      { field: 'currentReading', message: 'An estimated reading is computed from the average consumption; leave the reading empty.' },
    ]);
    // A new house in the zone has no history: the zone's recent average is used.
    const fresh = await newHouse({ installationReading: '0' });
    const zoneEst = await a.reading({ houseId: fresh.id, period: '2025-04', type: 'estimated' });
    expect(Number(zoneEst.consumption)).toBeGreaterThan(0);
    const sheet = (await a.call(orgA.token, 'GET', `${PATH}/sheet?period=2025-04&zoneId=${zone.id}`)).json();
    expect(zoneEst.consumption).toBe(String(Math.round(Number(sheet.zoneAverageConsumption))));
    // A zone without any history cannot estimate.
    const emptyZone = await a.zone();
    const lonely = await a.house({ customerId: customer.id, zoneId: emptyZone.id });
    const none = await a.call(orgA.token, 'POST', PATH, { houseId: lonely.id, period: '2025-04', readingDate: '2025-04-30', type: 'estimated' });
    expect(none.json().details).toEqual([
      { field: 'type', message: 'There is no reading history for this house or its zone to estimate from; enter the actual reading.' },
    ]);
  });

  it('lets a confirmed correction go below the previous reading (a negative consumption)', async () => {
    const h = await houseWithHistory();
    const res = await a.call(orgA.token, 'POST', PATH, {
      houseId: h.id,
      period: '2025-04',
      readingDate: '2025-04-30',
      type: 'correction',
      currentReading: '1280',
    });
    expect(res.json().details).toEqual([
      { field: 'confirmed', message: 'This correction is below the previous reading, so the consumption is negative (a credit). Confirm the correction.' },
    ]);
    expect(await a.reading({ houseId: h.id, period: '2025-04', type: 'correction', currentReading: '1280', confirmed: true })).toMatchObject({
      consumption: '-20',
      flags: ['negative'],
    });
  });

  it('saves a batch all or nothing, naming each bad row as rows.N.field', async () => {
    const h1 = await houseWithHistory();
    const h2 = await houseWithHistory();
    const before = await readingRows(orgA.clientId);
    const auditBefore = await lastAuditId(ctx, orgA.clientId);
    const bad = await a.call(orgA.token, 'POST', `${PATH}/batch`, {
      rows: [
        { houseId: h1.id, period: '2025-04', readingDate: '2025-04-30', currentReading: '1390' },
        { houseId: h2.id, period: '2025-04', readingDate: '2025-04-30', currentReading: '1200' },
        { houseId: h1.id, period: '2025-05', readingDate: '2025-05-31', currentReading: '1385' },
        { houseId: 999999, period: '2025-04', readingDate: '2025-04-30', currentReading: '1' },
        { houseId: h2.id, period: '2025-05', readingDate: '2025-05-31', currentReading: 'abc' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ field: 'rows.4.currentReading', message: 'Enter a quantity such as 125 or 12.5 (at most 3 decimals).' }]);
    const bad2 = await a.call(orgA.token, 'POST', `${PATH}/batch`, {
      rows: [
        { houseId: h1.id, period: '2025-04', readingDate: '2025-04-30', currentReading: '1390' },
        { houseId: h2.id, period: '2025-04', readingDate: '2025-04-30', currentReading: '1200' },
        { houseId: h1.id, period: '2025-05', readingDate: '2025-05-31', currentReading: '1385' },
        { houseId: 999999, period: '2025-04', readingDate: '2025-04-30', currentReading: '1' },
      ],
    });
    expect(bad2.json().details).toEqual([
      {
        field: 'rows.1.currentReading',
        message: 'The reading is below the previous reading (1300). Check it: a meter that rolled over past zero is accepted, this one did not.',
      },
      // Row 2 is compared with row 0 (1390), the reading of the period before it in the same batch.
      {
        field: 'rows.2.currentReading',
        message: 'The reading is below the previous reading (1390). Check it: a meter that rolled over past zero is accepted, this one did not.',
      },
      { field: 'rows.3.houseId', message: 'The selected record does not exist.' },
    ]);
    expect(await readingRows(orgA.clientId)).toEqual(before);
    expect(await lastAuditId(ctx, orgA.clientId)).toBe(auditBefore);

    // Rows of one house in any order are checked in period order.
    const good = await a.call(orgA.token, 'POST', `${PATH}/batch`, {
      rows: [
        { houseId: h1.id, period: '2025-05', readingDate: '2025-05-31', currentReading: '1480' },
        { houseId: h1.id, period: '2025-04', readingDate: '2025-04-30', currentReading: '1390' },
        { houseId: h2.id, period: '2025-04', readingDate: '2025-04-30', currentReading: '1300', confirmed: true },
      ],
    });
    expect(good.statusCode).toBe(200);
    expect(good.json().saved).toBe(3);
    expect(good.json().data.map((r: { consumption: string; previousReading: string }) => [r.previousReading, r.consumption])).toEqual([
      ['1390', '90'],
      ['1300', '90'],
      ['1300', '0'],
    ]);
    const audit = await auditRows(ctx, orgA.clientId, { entity: 'reading', afterId: auditBefore });
    expect(audit).toMatchObject([{ action: 'batch', after: { count: 3 } }]);
  });

  it('builds the entry sheet of a zone and lists pending readings', async () => {
    const sheetZone = await a.zone({ name: 'Sheet zone' });
    const h1 = await a.house({ customerId: customer.id, zoneId: sheetZone.id, houseNo: 'S-1', installationReading: '10' });
    const h2 = await a.house({ customerId: customer.id, zoneId: sheetZone.id, houseNo: 'S-2', installationReading: '20' });
    const off = await a.house({ customerId: customer.id, zoneId: sheetZone.id, houseNo: 'S-3' });
    await a.call(orgA.token, 'PATCH', `/api/elc/houses/${off.id}/status`, { status: 'Disconnected' });
    await a.reading({ houseId: h1.id, period: '2025-05', currentReading: '60' });
    await a.reading({ houseId: h1.id, period: '2025-06', currentReading: '100' });
    const sheet = await a.call(orgA.token, 'GET', `${PATH}/sheet?period=2025-06&zoneId=${sheetZone.id}`);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.json()).toMatchObject({
      period: '2025-06',
      zoneName: 'Sheet zone',
      zoneAverageConsumption: '50',
      rows: [
        {
          houseId: h1.id,
          houseNo: 'S-1',
          previousReading: '60',
          previousDate: '2025-05-28',
          previousPeriod: '2025-05',
          averageConsumption: '50',
          reading: { currentReading: '100', consumption: '40', billed: false },
        },
        { houseId: h2.id, houseNo: 'S-2', previousReading: '20', previousDate: '2025-01-01', previousPeriod: null, averageConsumption: null, reading: null },
      ],
    });
    const pending = await a.call(orgA.token, 'GET', `${PATH}/pending?period=2025-06&zoneId=${sheetZone.id}`);
    expect(pending.json()).toMatchObject({ total: 1, data: [{ houseId: h1.id, period: '2025-06' }] });
    const [june] = pending.json().data;
    const [billId] = await billHouses(ctx, orgA, { period: '2025-06', houseIds: [h1.id] });
    expect((await readingRows(orgA.clientId)).find((r) => r.id === june.id)?.billedBillId).toBe(billId);
    expect((await a.call(orgA.token, 'GET', `${PATH}/pending?zoneId=${sheetZone.id}`)).json().data.map((r: { period: string }) => r.period)).toEqual([
      '2025-05',
    ]);
    expect((await a.call(orgA.token, 'GET', `${PATH}/sheet?period=2025-06&zoneId=${sheetZone.id}`)).json().rows[0].reading.billed).toBe(true);
  });

  it('changes or deletes only the latest unbilled reading of a meter', async () => {
    const h = await houseWithHistory();
    const list = (await a.call(orgA.token, 'GET', `${PATH}?houseId=${h.id}&_sort=period`)).json().data;
    const [jan, , mar] = list;
    const notLatest = await a.call(orgA.token, 'PUT', `${PATH}/${jan.id}`, { readingDate: '2025-01-28', currentReading: '1090' });
    expect(notLatest.statusCode).toBe(409);
    expect(notLatest.json()).toMatchObject({ code: 'READING_NOT_LATEST', message: 'Only the latest reading of a meter can be changed or deleted.' });
    const from = await lastAuditId(ctx, orgA.clientId);
    const edited = await a.call(orgA.token, 'PUT', `${PATH}/${mar.id}`, { readingDate: '2025-03-30', currentReading: '1310' });
    expect(edited.json()).toMatchObject({ period: '2025-03', currentReading: '1310', previousReading: '1200', consumption: '110' });
    expect((await a.call(orgA.token, 'DELETE', `${PATH}/${mar.id}`)).statusCode).toBe(200);
    const audit = await auditRows(ctx, orgA.clientId, { entity: 'reading', afterId: from });
    expect(audit.map((x) => x.action)).toEqual(['update', 'delete']);
    // A billed reading is frozen, here and in the database.
    const feb = list[1];
    await billHouses(ctx, orgA, { period: feb.period, houseIds: [h.id] });
    const billed = await a.call(orgA.token, 'DELETE', `${PATH}/${feb.id}`, undefined, 'so');
    expect(billed.json()).toMatchObject({ code: 'READING_BILLED', message: 'Akhriskan horay ayaa biil loogu sameeyay, wax lagama beddeli karo.' });
    await expect(
      inSystem(ctx.database.db, (tx) => tx.update(meterReadings).set({ currentReading: '1' }).where(eq(meterReadings.id, feb.id))),
    ).rejects.toMatchObject({ cause: { code: '55000' } });
  });

  it('keeps organisations apart and refuses staff without meter-reading (403, nothing changed)', async () => {
    const h = await houseWithHistory();
    const r = (await a.call(orgA.token, 'GET', `${PATH}?houseId=${h.id}`)).json().data[0];
    expect((await a.call(orgB.token, 'GET', `${PATH}/${r.id}`)).statusCode).toBe(404);
    expect((await a.call(orgB.token, 'GET', PATH)).json().total).toBe(0);
    const intruder = await a.call(orgB.token, 'POST', PATH, { houseId: h.id, period: '2025-04', readingDate: '2025-04-30', currentReading: '1400' });
    expect(intruder.json().details).toEqual([{ field: 'houseId', message: 'The selected record does not exist.' }]);
    expect((await a.call(orgB.token, 'GET', `${PATH}/sheet?period=2025-04&zoneId=${zone.id}`)).statusCode).toBe(404);

    const staff = await staffUser(ctx, orgA, ['list-house']);
    const before = await readingRows(orgA.clientId);
    const auditBefore = await lastAuditId(ctx, orgA.clientId);
    expect((await a.call(staff.token, 'POST', PATH, { houseId: h.id, period: '2025-04', readingDate: '2025-04-30', currentReading: '1400' })).statusCode).toBe(
      403,
    );
    expect(
      (await a.call(staff.token, 'POST', `${PATH}/batch`, { rows: [{ houseId: h.id, period: '2025-04', readingDate: '2025-04-30', currentReading: '1400' }] }))
        .statusCode,
    ).toBe(403);
    expect((await a.call(staff.token, 'DELETE', `${PATH}/${r.id}`)).statusCode).toBe(403);
    expect(
      (await a.call(staff.token, 'POST', `${PATH}/import?commit=true`, 'meterNumber,period,reading,date\n', undefined, { 'content-type': 'text/csv' }))
        .statusCode,
    ).toBe(403);
    expect(await readingRows(orgA.clientId)).toEqual(before);
    expect(await lastAuditId(ctx, orgA.clientId)).toBe(auditBefore);
  });
});
