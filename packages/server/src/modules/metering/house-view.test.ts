// What the house screens read besides the house itself: the tariff in force today, the installed meter's
// latest reading and the connection history with its reasons.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { billingFactory } from './billing-test-kit.ts';

let ctx: TestContext;
let orgA: Awaited<ReturnType<typeof newOrganisation>>;
let a: ReturnType<typeof billingFactory>;

beforeAll(async () => {
  ctx = await startTestApp();
  orgA = await newOrganisation(ctx, { name: 'Hargeisa Electric' });
  a = billingFactory(ctx, orgA);
});
afterAll(() => ctx.close());

const PATH = '/api/elc/houses';
const block = [{ from: '0', to: null, rate: '0.5' }];
const tariff = (body: Record<string, unknown>) =>
  a.call(orgA.token, 'POST', '/api/elc/prices', { effectiveFrom: '2020-01-01', blocks: block, ...body }).then((r) => {
    if (r.statusCode !== 201) throw new Error(r.body);
    return r.json();
  });

describe('house view', () => {
  it("names today's tariff: the zone's own version over the class-wide one, the house's class override, none when none applies", async () => {
    const zone = await a.zone();
    const other = await a.zone();
    const customer = await a.customer({ customerClass: 'residential' });
    const house = await a.house({ customerId: customer.id, zoneId: zone.id });
    expect(house).toMatchObject({ tariffId: null, tariffName: null, lastReading: null, statusHistory: [] });

    const wide = await tariff({ name: 'Residential 2020', customerClass: 'residential' });
    await tariff({ name: 'Old zone price', customerClass: 'residential', zoneId: zone.id, effectiveTo: '2020-12-31' });
    await tariff({ name: 'Other zone', customerClass: 'residential', zoneId: other.id });
    expect((await a.call(orgA.token, 'GET', `${PATH}/${house.id}`)).json()).toMatchObject({ tariffId: wide.id, tariffName: 'Residential 2020' });

    const own = await tariff({ name: 'Zone residential', customerClass: 'residential', zoneId: zone.id, effectiveFrom: '2021-01-01' });
    const list = await a.call(orgA.token, 'GET', `${PATH}?customerId=${customer.id}`);
    expect(list.json().data).toMatchObject([{ id: house.id, tariffId: own.id, tariffName: 'Zone residential' }]);

    // A commercial override finds no commercial tariff.
    const updated = await a.call(orgA.token, 'PUT', `${PATH}/${house.id}`, {
      customerId: customer.id,
      zoneId: zone.id,
      houseNo: house.houseNo,
      meterNumber: house.meterNumber,
      meterDigits: house.meterDigits,
      installationReading: house.installationReading,
      installationDate: house.installationDate,
      tariffClass: 'commercial',
    });
    expect(updated.json()).toMatchObject({ effectiveClass: 'commercial', tariffId: null, tariffName: null });
  });

  it("shows the installed meter's latest reading, and none for a new meter after a replacement", async () => {
    const zone = await a.zone();
    const customer = await a.customer();
    const house = await a.house({ customerId: customer.id, zoneId: zone.id, installationReading: '100', meterDigits: 6 });
    await a.reading({ houseId: house.id, period: '2025-02', currentReading: '130.5' });
    await a.reading({ houseId: house.id, period: '2025-03', currentReading: '150' });
    const read = (await a.call(orgA.token, 'GET', `${PATH}/${house.id}`)).json();
    expect(read.lastReading).toEqual({ period: '2025-03', readingDate: '2025-03-28', currentReading: '150', consumption: '19.5', type: 'regular' });

    const replaced = await a.call(orgA.token, 'POST', `${PATH}/${house.id}/replace-meter`, {
      date: '2025-04-10',
      oldFinalReading: '160',
      newMeterNumber: `NEW-${house.id}`,
      newInitialReading: '5',
      digits: 6,
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ meterNumber: `NEW-${house.id}`, installationReading: '5', lastReading: null });
    await a.reading({ houseId: house.id, period: '2025-05', currentReading: '25' });
    const list = (await a.call(orgA.token, 'GET', `${PATH}?customerId=${customer.id}`)).json();
    expect(list.data[0].lastReading).toMatchObject({ period: '2025-05', currentReading: '25', consumption: '20' });
  });

  it('keeps the connection history with the reasons, newest first', async () => {
    const house = await a.house({ customerId: (await a.customer()).id, zoneId: (await a.zone()).id });
    const status = (s: string, reason: string | null) => a.call(orgA.token, 'PATCH', `${PATH}/${house.id}/status`, { status: s, reason });
    expect((await status('Disconnected', 'Unpaid for three months')).json().status).toBe('Disconnected');
    // The same status again changes nothing and logs nothing.
    await status('Disconnected', 'again');
    const back = (await status('Connected', null)).json();
    expect(back.status).toBe('Connected');
    expect(back.statusHistory).toMatchObject([
      { status: 'Connected', reason: null, username: 'admin' },
      { status: 'Disconnected', reason: 'Unpaid for three months', username: 'admin' },
    ]);
    expect(Number.isNaN(Date.parse(back.statusHistory[0].at))).toBe(false);
  });
});
