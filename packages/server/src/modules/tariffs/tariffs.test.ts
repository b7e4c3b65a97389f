import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { inSystem } from '../../db/tenant.ts';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { billingFactory } from '../metering/billing-test-kit.ts';
import { auditRows, lastAuditId, staffUser } from '../settings/test-support.ts';
import { tariffBlocks, tariffs } from './tariffs.tables.ts';

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

const PATH = '/api/elc/prices';
const blocks = [
  { from: '0', to: '50', rate: '0.35' },
  { from: '50', to: '200', rate: '0.45' },
  { from: '200', to: null, rate: '0.55' },
];
const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Residential 2026',
  customerClass: 'residential',
  effectiveFrom: '2026-01-01',
  effectiveTo: null,
  serviceCharge: '3.00',
  minimumCharge: '5.00',
  taxPercent: '5',
  blocks,
  ...overrides,
});
const tariffRows = (clientId: number) =>
  inSystem(ctx.database.db, async (tx) => ({
    tariffs: await tx.select().from(tariffs).where(eq(tariffs.clientId, clientId)).orderBy(tariffs.id),
    blocks: await tx.select().from(tariffBlocks).where(eq(tariffBlocks.clientId, clientId)).orderBy(tariffBlocks.tariffId, tariffBlocks.position),
  }));

describe('tariffs', () => {
  it('creates a version with its blocks, updates, lists and deletes it, each audited', async () => {
    const from = await lastAuditId(ctx, orgA.clientId);
    const res = await a.call(
      orgA.token,
      'POST',
      PATH,
      body({ name: 'Commercial 2025', customerClass: 'commercial', effectiveFrom: '2025-01-01', effectiveTo: '2025-12-31' }),
    );
    expect(res.statusCode).toBe(201);
    const t = res.json();
    expect(t).toMatchObject({
      customerClass: 'commercial',
      zoneId: null,
      effectiveFrom: '2025-01-01',
      effectiveTo: '2025-12-31',
      serviceCharge: '3.00',
      minimumCharge: '5.00',
      taxPercent: '5',
      blocks,
    });
    const updated = await a.call(
      orgA.token,
      'PUT',
      `${PATH}/${t.id}`,
      body({
        name: 'Commercial 2025',
        customerClass: 'commercial',
        effectiveFrom: '2025-01-01',
        effectiveTo: '2025-12-31',
        taxPercent: '0',
        blocks: [{ from: '0', to: null, rate: '0.5' }],
      }),
    );
    expect(updated.json()).toMatchObject({ taxPercent: '0', blocks: [{ from: '0', to: null, rate: '0.5' }] });
    const list = await a.call(orgA.token, 'GET', `${PATH}?customerClass=commercial&activeOn=2025-06-01`);
    expect(list.json()).toMatchObject({ total: 1, data: [{ id: t.id }] });
    expect((await a.call(orgA.token, 'GET', `${PATH}?customerClass=commercial&activeOn=2026-06-01`)).json().total).toBe(0);
    expect((await a.call(orgA.token, 'DELETE', `${PATH}/${t.id}`)).statusCode).toBe(200);
    expect((await tariffRows(orgA.clientId)).blocks.filter((b) => b.tariffId === t.id)).toEqual([]);
    const audit = await auditRows(ctx, orgA.clientId, { entity: 'tariff', afterId: from });
    expect(audit.map((x) => x.action)).toEqual(['create', 'update', 'delete']);
  });

  it('names the block at fault: blocks must be contiguous from 0 and only the last one open', async () => {
    const gap = await a.call(
      orgA.token,
      'POST',
      PATH,
      body({
        blocks: [
          { from: '0', to: '50', rate: '1' },
          { from: '60', to: null, rate: '2' },
        ],
      }),
      'so',
    );
    expect(gap.statusCode).toBe(400);
    expect(gap.json().details).toEqual([{ field: 'blocks.1.from', message: 'Heer kastaa waa inuu ka bilaabmaa meesha uu ku dhammaado heerka ka horreeya.' }]);
    const notZero = await a.call(orgA.token, 'POST', PATH, body({ blocks: [{ from: '5', to: null, rate: '1' }] }));
    expect(notZero.json().details).toEqual([{ field: 'blocks.0.from', message: 'The first block must start at 0.' }]);
    const open = await a.call(
      orgA.token,
      'POST',
      PATH,
      body({
        blocks: [
          { from: '0', to: null, rate: '1' },
          { from: '10', to: null, rate: '2' },
        ],
      }),
    );
    expect(open.json().details).toEqual([{ field: 'blocks.0.to', message: 'Only the last block may be left without an upper limit.' }]);
    const dates = await a.call(
      orgA.token,
      'POST',
      PATH,
      body({ effectiveFrom: '2026-05-01', effectiveTo: '2026-04-30', taxPercent: '101', blocks: [{ from: '0', rate: 'x' }] }),
    );
    expect(
      dates
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['blocks.0.rate', 'effectiveTo', 'taxPercent']);
    const garbage = await a.call(orgA.token, 'POST', PATH, body({ blocks: [{ from: 'abc', to: '-1', rate: '1' }] }));
    expect(garbage.statusCode).toBe(400);
    expect(
      garbage
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['blocks.0.from', 'blocks.0.to']);
  });

  it('refuses overlapping versions of the same class and zone, and allows other keys and adjacent versions', async () => {
    const zone = await a.zone();
    const first = await a.call(orgA.token, 'POST', PATH, body({ customerClass: 'industrial', effectiveFrom: '2026-01-01', effectiveTo: '2026-06-30' }));
    expect(first.statusCode).toBe(201);
    const before = await tariffRows(orgA.clientId);
    const auditBefore = await lastAuditId(ctx, orgA.clientId);
    for (const [effectiveFrom, effectiveTo] of [
      ['2026-06-30', null],
      ['2025-01-01', '2026-01-01'],
      ['2026-03-01', '2026-03-31'],
      ['2025-01-01', null],
    ]) {
      const clash = await a.call(orgA.token, 'POST', PATH, body({ customerClass: 'industrial', effectiveFrom, effectiveTo }), 'so');
      expect(clash.statusCode).toBe(400);
      expect(clash.json().details).toEqual([
        { field: 'effectiveFrom', message: 'Nooc kale oo qiimahan ah (isla nooca macmiilka iyo aagga) ayaa dhaqan gal ah qaar ka mid ah taariikhahan.' },
      ]);
    }
    expect(await tariffRows(orgA.clientId)).toEqual(before);
    expect(await lastAuditId(ctx, orgA.clientId)).toBe(auditBefore);
    // The day after, another zone, another class: all separate keys.
    expect((await a.call(orgA.token, 'POST', PATH, body({ customerClass: 'industrial', effectiveFrom: '2026-07-01' }))).statusCode).toBe(201);
    expect((await a.call(orgA.token, 'POST', PATH, body({ customerClass: 'industrial', zoneId: zone.id, effectiveFrom: '2026-01-01' }))).statusCode).toBe(201);
    expect((await a.call(orgA.token, 'POST', PATH, body({ customerClass: 'government', effectiveFrom: '2026-01-01' }))).statusCode).toBe(201);
    // An edit that would stretch a version over its successor is refused too.
    const stretch = await a.call(
      orgA.token,
      'PUT',
      `${PATH}/${first.json().id}`,
      body({ customerClass: 'industrial', effectiveFrom: '2026-01-01', effectiveTo: '2026-07-01' }),
    );
    expect(stretch.statusCode).toBe(400);
    expect(stretch.json().details[0].field).toBe('effectiveFrom');
  });

  it('lets only one of two concurrent overlapping versions in', async () => {
    const results = await Promise.all(
      ['2031-01-01', '2031-06-01', '2031-03-01'].map((effectiveFrom) =>
        a.call(orgA.token, 'POST', PATH, body({ customerClass: 'institutional', effectiveFrom })),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    const listed = await a.call(orgA.token, 'GET', `${PATH}?customerClass=institutional`);
    expect(listed.json().total).toBe(1);
  });

  it('the database refuses an overlap even when the service check is skipped', async () => {
    const insert = (from: string) =>
      inSystem(ctx.database.db, (tx) =>
        tx.insert(tariffs).values({ clientId: orgB.clientId, name: 'direct', customerClass: 'institutional', effectiveFrom: from }),
      );
    await insert('2026-01-01');
    await expect(insert('2027-01-01')).rejects.toMatchObject({ cause: { code: '23P01' } });
  });

  it('finds the tariff for a class and zone on a date (the zone version wins) and explains the price', async () => {
    const zone = await a.zone();
    const classWide = (await a.call(orgA.token, 'POST', PATH, body({ customerClass: 'residential', effectiveFrom: '2026-01-01' }))).json();
    const zoned = (
      await a.call(
        orgA.token,
        'POST',
        PATH,
        body({
          name: 'Residential zone',
          zoneId: zone.id,
          effectiveFrom: '2026-01-01',
          serviceCharge: '1.00',
          minimumCharge: '0',
          taxPercent: '0',
          blocks: [{ from: '0', to: '10', rate: '0.2' }],
        }),
      )
    ).json();
    const inZone = await a.call(orgA.token, 'POST', '/api/elc/pricing', {
      customerClass: 'residential',
      zoneId: zone.id,
      date: '2026-02-01',
      consumption: '25',
    });
    expect(inZone.statusCode).toBe(200);
    expect(inZone.json()).toMatchObject({
      tariff: { id: zoned.id },
      consumption: '25',
      lines: [
        { kind: 'service_charge', amount: '1.00' },
        { kind: 'block', block: 1, units: '10', rate: '0.2', amount: '2.00' },
        { kind: 'above_last_block', units: '15', rate: '0.2', amount: '3.00' },
      ],
      total: '6.00',
    });
    const elsewhere = await a.call(orgA.token, 'POST', '/api/elc/pricing', {
      customerClass: 'residential',
      zoneId: null,
      date: '2026-02-01',
      consumption: '250',
    });
    expect(elsewhere.json()).toMatchObject({ tariff: { id: classWide.id }, subtotal: '115.50', tax: '5.78', total: '121.28' });
    const byId = await a.call(orgA.token, 'POST', '/api/elc/pricing', { tariffId: classWide.id, consumption: '0' });
    expect(byId.json()).toMatchObject({
      total: '5.25',
      lines: [{ kind: 'service_charge' }, { kind: 'minimum_top_up', amount: '2.00' }, { kind: 'tax', amount: '0.25' }],
    });
    const none = await a.call(orgA.token, 'POST', '/api/elc/pricing', { customerClass: 'residential', date: '2020-01-01', consumption: '5' });
    expect(none.json().details).toEqual([{ field: 'customerClass', message: 'No tariff applies to this customer class and zone on this date.' }]);
    const missing = await a.call(orgA.token, 'POST', '/api/elc/pricing', { consumption: '5' });
    expect(
      missing
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['customerClass', 'date']);
  });

  it('keeps organisations apart and refuses staff without list-price (403, nothing changed)', async () => {
    const t = (await a.call(orgA.token, 'POST', PATH, body({ customerClass: 'government', zoneId: (await a.zone()).id }))).json();
    expect((await a.call(orgB.token, 'GET', `${PATH}/${t.id}`)).statusCode).toBe(404);
    expect((await a.call(orgB.token, 'DELETE', `${PATH}/${t.id}`)).statusCode).toBe(404);
    expect((await a.call(orgB.token, 'POST', '/api/elc/pricing', { tariffId: t.id, consumption: '1' })).json().details[0].field).toBe('tariffId');
    // A zone of another organisation cannot be given to a tariff.
    const bZone = await billingFactory(ctx, orgB).zone();
    expect((await a.call(orgA.token, 'POST', PATH, body({ customerClass: 'commercial', zoneId: bZone.id }))).json().details).toEqual([
      { field: 'zoneId', message: 'The selected record does not exist.' },
    ]);

    const staff = await staffUser(ctx, orgA, ['list-zone']);
    const before = await tariffRows(orgA.clientId);
    const auditBefore = await lastAuditId(ctx, orgA.clientId);
    expect((await a.call(staff.token, 'POST', PATH, body({ customerClass: 'commercial', effectiveFrom: '2030-01-01' }))).statusCode).toBe(403);
    expect((await a.call(staff.token, 'PUT', `${PATH}/${t.id}`, body({ customerClass: 'government' }))).statusCode).toBe(403);
    expect((await a.call(staff.token, 'POST', '/api/elc/pricing', { tariffId: t.id, consumption: '1' })).statusCode).toBe(403);
    expect(await tariffRows(orgA.clientId)).toEqual(before);
    expect(await lastAuditId(ctx, orgA.clientId)).toBe(auditBefore);
  });
});
