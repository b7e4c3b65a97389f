import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { inSystem, inTenant } from '../../db/tenant.ts';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { auditRows, lastAuditId, staffUser } from '../settings/test-support.ts';
import { billingFactory } from './billing-test-kit.ts';
import { findHouseTariff } from './find-house-tariff.ts';
import { houses, meterReadings, meters } from './metering.tables.ts';

let ctx: TestContext;
let orgA: Awaited<ReturnType<typeof newOrganisation>>;
let orgB: Awaited<ReturnType<typeof newOrganisation>>;
let a: ReturnType<typeof billingFactory>;
let zone: { id: number };
let customer: { id: number; customerNo: string };

beforeAll(async () => {
  ctx = await startTestApp();
  orgA = await newOrganisation(ctx, { name: 'Hargeisa Electric' });
  orgB = await newOrganisation(ctx, { name: 'Burao Water' });
  a = billingFactory(ctx, orgA);
  zone = await a.zone({ name: 'Ga’an Libah' });
  customer = await a.customer({ name: 'Khadar Osman', customerClass: 'residential' });
});
afterAll(() => ctx.close());

const PATH = '/api/elc/houses';
const snapshot = (clientId: number) =>
  inSystem(ctx.database.db, async (tx) => ({
    houses: await tx.select().from(houses).where(eq(houses.clientId, clientId)).orderBy(houses.id),
    meters: await tx.select().from(meters).where(eq(meters.clientId, clientId)).orderBy(meters.id),
    readings: await tx.select().from(meterReadings).where(eq(meterReadings.clientId, clientId)).orderBy(meterReadings.id),
  }));

describe('houses and meters', () => {
  it('creates a house with its meter, updates it, lists and counts it; every write audited', async () => {
    const from = await lastAuditId(ctx, orgA.clientId);
    const res = await a.call(orgA.token, 'POST', PATH, {
      customerId: customer.id,
      zoneId: zone.id,
      houseNo: 'A-12',
      meterNumber: 'HE-100200',
      meterDigits: 6,
      installationReading: '120.5',
      installationDate: '2025-03-01',
      tariffClass: 'commercial',
    });
    expect(res.statusCode).toBe(201);
    const h = res.json();
    expect(h).toMatchObject({
      customerNo: customer.customerNo,
      customerName: 'Khadar Osman',
      zoneName: 'Ga’an Libah',
      houseNo: 'A-12',
      status: 'Connected',
      tariffClass: 'commercial',
      effectiveClass: 'commercial',
      meterNumber: 'HE-100200',
      meterDigits: 6,
      installationReading: '120.5',
      installationDate: '2025-03-01',
      meters: [{ meterNumber: 'HE-100200', removedOn: null, finalReading: null }],
    });
    const updated = await a.call(orgA.token, 'PUT', `${PATH}/${h.id}`, {
      customerId: customer.id,
      zoneId: zone.id,
      houseNo: 'A-12b',
      address: 'Near the market',
      meterNumber: 'HE-100201',
      meterDigits: 6,
      installationReading: '0',
      installationDate: '2025-03-02',
      tariffClass: null,
    });
    expect(updated.json()).toMatchObject({
      houseNo: 'A-12b',
      address: 'Near the market',
      effectiveClass: 'residential',
      meterNumber: 'HE-100201',
      installationReading: '0',
    });
    expect((await a.call(orgA.token, 'GET', `${PATH}?q=he-1002&zoneId=${zone.id}`)).json()).toMatchObject({ total: 1, data: [{ id: h.id }] });
    expect((await a.call(orgA.token, 'GET', `${PATH}?q=khadar`)).json().total).toBe(1);
    expect((await a.call(orgA.token, 'GET', `${PATH}?q=a-12`)).json().total).toBe(1);
    expect((await a.call(orgA.token, 'GET', `${PATH}/maxrecords?customerId=${customer.id}`)).json()).toEqual({ total: 1 });
    expect((await a.call(orgA.token, 'GET', `${PATH}/maxrecords?status=Disconnected`)).json()).toEqual({ total: 0 });
    const audit = await auditRows(ctx, orgA.clientId, { entity: 'house', afterId: from });
    expect(audit.map((x) => x.action)).toEqual(['create', 'update']);
  });

  it('keeps meter numbers unique in the organisation (any case), but another organisation may use the same number', async () => {
    await a.house({ customerId: customer.id, zoneId: zone.id, meterNumber: 'DUP-1' });
    const res = await a.call(
      orgA.token,
      'POST',
      PATH,
      { customerId: customer.id, zoneId: zone.id, houseNo: 'B', meterNumber: 'dup-1', meterDigits: 5, installationDate: '2025-01-01' },
      'so',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'meterNumber', message: 'Mitir kale oo ururka ka mid ah ayaa horay u lahaa lambarkan.' }]);
    const b = billingFactory(ctx, orgB);
    const bHouse = await b.house({ customerId: (await b.customer()).id, zoneId: (await b.zone()).id, meterNumber: 'DUP-1' });
    expect(bHouse.meterNumber).toBe('DUP-1');
  });

  it('checks customer, zone, digits and the installation reading on their fields', async () => {
    const bCustomer = await billingFactory(ctx, orgB).customer();
    const res = await a.call(orgA.token, 'POST', PATH, {
      customerId: bCustomer.id,
      zoneId: 999999,
      meterNumber: 'X 1',
      meterDigits: 3,
      installationReading: '1',
      installationDate: '2025-02-30',
    });
    expect(
      res
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['houseNo', 'installationDate', 'meterDigits', 'meterNumber']);
    const refs = await a.call(orgA.token, 'POST', PATH, {
      customerId: bCustomer.id,
      zoneId: 999999,
      houseNo: '1',
      meterNumber: 'REF-1',
      meterDigits: 4,
      installationReading: '10000',
      installationDate: '2025-02-01',
    });
    expect(refs.json().details).toEqual([
      { field: 'customerId', message: 'The selected record does not exist.' },
      { field: 'zoneId', message: 'The selected record does not exist.' },
      { field: 'installationReading', message: 'This meter shows at most 4 digits.' },
    ]);
  });

  it('connects and disconnects through status, audited with the reason', async () => {
    const h = await a.house({ customerId: customer.id, zoneId: zone.id });
    const from = await lastAuditId(ctx, orgA.clientId);
    const off = await a.call(orgA.token, 'PATCH', `${PATH}/${h.id}/status`, { status: 'Disconnected', reason: 'Unpaid bills' });
    expect(off.json().status).toBe('Disconnected');
    expect((await a.call(orgA.token, 'PATCH', `${PATH}/${h.id}/status`, { status: 'Connected' })).json().status).toBe('Connected');
    const audit = await auditRows(ctx, orgA.clientId, { entity: 'house', afterId: from });
    expect(audit.map((x) => [x.action, x.before, x.after])).toEqual([
      ['status', { status: 'Connected' }, { status: 'Disconnected', reason: 'Unpaid bills' }],
      ['status', { status: 'Disconnected' }, { status: 'Connected', reason: null }],
    ]);
  });

  it('replaces a meter: the final reading is billed, the history kept, the new meter is the baseline', async () => {
    const h = await a.house({ customerId: customer.id, zoneId: zone.id, meterNumber: 'OLD-7', meterDigits: 4, installationReading: '9000' });
    await a.reading({ houseId: h.id, period: '2025-02', currentReading: '9100' });
    const from = await lastAuditId(ctx, orgA.clientId);
    const res = await a.call(orgA.token, 'POST', `${PATH}/${h.id}/replace-meter`, {
      date: '2025-03-10',
      oldFinalReading: '9150',
      newMeterNumber: 'NEW-7',
      newInitialReading: '5',
      digits: 6,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      meterNumber: 'NEW-7',
      meterDigits: 6,
      installationReading: '5',
      installationDate: '2025-03-10',
      meters: [
        { meterNumber: 'OLD-7', digits: 4, initialReading: '9000', removedOn: '2025-03-10', finalReading: '9150' },
        { meterNumber: 'NEW-7', digits: 6, initialReading: '5', installedOn: '2025-03-10', removedOn: null },
      ],
    });
    const finals = (await a.call(orgA.token, 'GET', `/api/elc/reads?houseId=${h.id}&type=final`)).json();
    expect(finals.data).toMatchObject([{ period: '2025-03', meterNumber: 'OLD-7', previousReading: '9100', currentReading: '9150', consumption: '50' }]);
    // The next reading is compared with the new meter's 5, though the old meter stood at 9150.
    const next = await a.reading({ houseId: h.id, period: '2025-03', readingDate: '2025-03-31', currentReading: '60' });
    expect(next).toMatchObject({ meterNumber: 'NEW-7', previousReading: '5', consumption: '55', isRollover: false });
    const audit = await auditRows(ctx, orgA.clientId, { afterId: from });
    expect(audit.map((x) => [x.entity, x.action])).toEqual([
      ['house', 'replace-meter'],
      ['reading', 'create'],
    ]);
    // The old number stays taken; the customer is now found by the new meter number.
    expect(
      (
        await a.call(orgA.token, 'POST', PATH, {
          customerId: customer.id,
          zoneId: zone.id,
          houseNo: 'Z',
          meterNumber: 'old-7',
          meterDigits: 5,
          installationDate: '2025-01-01',
        })
      ).statusCode,
    ).toBe(400);
    expect((await a.call(orgA.token, 'GET', '/api/elc/customers?q=new-7')).json().data.map((c: { id: number }) => c.id)).toEqual([customer.id]);
    expect((await a.call(orgA.token, 'GET', '/api/elc/customers?q=old-7')).json().total).toBe(0);
  });

  it('checks a replacement like a reading: date order, below previous, taken number, digits; and changes nothing when refused', async () => {
    const h = await a.house({ customerId: customer.id, zoneId: zone.id, meterNumber: 'CHK-1', installationReading: '500', installationDate: '2025-02-01' });
    const other = await a.house({ customerId: customer.id, zoneId: zone.id, meterNumber: 'CHK-2' });
    const before = await snapshot(orgA.clientId);
    const auditBefore = await lastAuditId(ctx, orgA.clientId);
    const res = await a.call(
      orgA.token,
      'POST',
      `${PATH}/${h.id}/replace-meter`,
      {
        date: '2025-01-15',
        oldFinalReading: '400',
        newMeterNumber: other.meterNumber,
        newInitialReading: '100000',
        digits: 5,
      },
      'so',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { field: 'date', message: 'Taariikhda beddelidda kama horrayn karto akhriskii ugu dambeeyay ama rakibidda mitirka (2025-02-01).' },
      {
        field: 'oldFinalReading',
        message: 'Akhrisku wuu ka yar yahay akhriskii hore (500). Hubi: mitir dib uga bilaabmay eber waa la aqbalaa, kanse sidaas ma aha.',
      },
      { field: 'newMeterNumber', message: 'Mitir kale oo ururka ka mid ah ayaa horay u lahaa lambarkan.' },
      { field: 'newInitialReading', message: 'Mitirkani wuxuu tusaa ugu badnaan 5 god oo tiro ah.' },
    ]);
    const zero = await a.call(orgA.token, 'POST', `${PATH}/${h.id}/replace-meter`, {
      date: '2025-03-01',
      oldFinalReading: '500',
      newMeterNumber: 'CHK-3',
      digits: 5,
    });
    expect(zero.json().details).toEqual([{ field: 'confirmed', message: 'Consumption is zero. Check the meter, then confirm the reading.' }]);
    expect(await snapshot(orgA.clientId)).toEqual(before);
    expect(await lastAuditId(ctx, orgA.clientId)).toBe(auditBefore);
  });

  it('lets the meter be corrected only while the house has no readings', async () => {
    const h = await a.house({ customerId: customer.id, zoneId: zone.id, meterNumber: 'FIX-1' });
    await a.reading({ houseId: h.id, period: '2025-02', currentReading: '10' });
    const body = {
      customerId: customer.id,
      zoneId: zone.id,
      houseNo: h.houseNo,
      meterNumber: 'FIX-2',
      meterDigits: 5,
      installationReading: '0',
      installationDate: '2025-01-01',
    };
    const res = await a.call(orgA.token, 'PUT', `${PATH}/${h.id}`, body);
    expect(res.json().details).toEqual([{ field: 'meterNumber', message: 'This meter already has readings; use "replace meter" instead of changing it.' }]);
    expect((await a.call(orgA.token, 'PUT', `${PATH}/${h.id}`, { ...body, meterNumber: 'FIX-1', address: 'Moved door' })).json().address).toBe('Moved door');
  });

  it('finds the tariff of a house: its class override in its zone, the zone version first', async () => {
    const tariffZone = await a.zone();
    const h = await a.house({ customerId: customer.id, zoneId: tariffZone.id });
    const tariff = (body: Record<string, unknown>) =>
      a.call(orgA.token, 'POST', '/api/elc/prices', { name: 'T', effectiveFrom: '2025-01-01', blocks: [{ from: '0', rate: '1' }], ...body });
    const classWide = (await tariff({ customerClass: 'residential' })).json();
    const find = (date: string) => inTenant(ctx.database.db, orgA.clientId, (tx) => findHouseTariff({ tx, houseId: h.id, date }));
    expect((await find('2025-06-01'))?.id).toBe(classWide.id);
    const zoned = (await tariff({ customerClass: 'residential', zoneId: tariffZone.id, effectiveFrom: '2025-06-01' })).json();
    expect((await find('2025-05-31'))?.id).toBe(classWide.id);
    expect((await find('2025-06-01'))?.id).toBe(zoned.id);
    await a.call(orgA.token, 'PUT', `${PATH}/${h.id}`, {
      customerId: customer.id,
      zoneId: tariffZone.id,
      houseNo: h.houseNo,
      meterNumber: h.meterNumber,
      meterDigits: h.meterDigits,
      installationReading: h.installationReading,
      installationDate: h.installationDate,
      tariffClass: 'institutional',
    });
    expect(await find('2025-06-01')).toBeNull();
  });

  it('keeps organisations apart and refuses staff without list-house (403, nothing changed)', async () => {
    const h = await a.house({ customerId: customer.id, zoneId: zone.id });
    expect((await a.call(orgB.token, 'GET', `${PATH}/${h.id}`)).statusCode).toBe(404);
    expect(
      (
        await a.call(orgB.token, 'POST', `${PATH}/${h.id}/replace-meter`, {
          date: '2025-06-01',
          oldFinalReading: '1',
          newMeterNumber: 'STEAL-1',
          digits: 5,
          confirmed: true,
        })
      ).statusCode,
    ).toBe(404);
    expect((await a.call(orgB.token, 'GET', `${PATH}/maxrecords`)).json().total).toBe(1);
    const staff = await staffUser(ctx, orgA, ['list-customer', 'meter-reading']);
    const before = await snapshot(orgA.clientId);
    const auditBefore = await lastAuditId(ctx, orgA.clientId);
    expect(
      (
        await a.call(staff.token, 'POST', PATH, {
          customerId: customer.id,
          zoneId: zone.id,
          houseNo: 'S',
          meterNumber: 'S-1',
          meterDigits: 5,
          installationDate: '2025-01-01',
        })
      ).statusCode,
    ).toBe(403);
    expect((await a.call(staff.token, 'PATCH', `${PATH}/${h.id}/status`, { status: 'Disconnected' })).statusCode).toBe(403);
    expect(
      (
        await a.call(staff.token, 'POST', `${PATH}/${h.id}/replace-meter`, {
          date: '2025-06-01',
          oldFinalReading: '1',
          newMeterNumber: 'S-2',
          digits: 5,
          confirmed: true,
        })
      ).statusCode,
    ).toBe(403);
    expect(await snapshot(orgA.clientId)).toEqual(before);
    expect(await lastAuditId(ctx, orgA.clientId)).toBe(auditBefore);
  });
});
