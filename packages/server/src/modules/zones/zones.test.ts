import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { inSystem } from '../../db/tenant.ts';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { billingFactory, mainBranchId } from '../metering/billing-test-kit.ts';
import { auditRows, lastAuditId, staffUser } from '../settings/test-support.ts';
import { zones } from './zones.tables.ts';

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

const PATH = '/api/elc/zones';
const zoneRows = (clientId: number) => inSystem(ctx.database.db, (tx) => tx.select().from(zones).where(eq(zones.clientId, clientId)));

describe('zones', () => {
  it('creates, reads, updates, changes status and deletes, each audited', async () => {
    const branchId = await mainBranchId(ctx, orgA.clientId);
    const from = await lastAuditId(ctx, orgA.clientId);
    const created = await a.call(orgA.token, 'POST', PATH, { name: 'Jigjiga Yar', branchId, description: 'North side', meterReaderId: orgA.adminId });
    expect(created.statusCode).toBe(201);
    const z = created.json();
    expect(z).toMatchObject({ name: 'Jigjiga Yar', branchId, branchName: 'Main branch', meterReaderId: orgA.adminId, status: 'Active', houseCount: 0 });
    const updated = await a.call(orgA.token, 'PUT', `${PATH}/${z.id}`, { name: 'Jigjiga Yar North', branchId, description: '', meterReaderId: null });
    expect(updated.json()).toMatchObject({ name: 'Jigjiga Yar North', description: null, meterReaderId: null, meterReaderName: null });
    expect((await a.call(orgA.token, 'PATCH', `${PATH}/${z.id}/status`, { status: 'Inactive' })).json().status).toBe('Inactive');
    const list = await a.call(orgA.token, 'GET', `${PATH}?status=Inactive&q=north`);
    expect(list.json()).toMatchObject({ total: 1, page: 1, limit: 100, data: [{ id: z.id }] });
    expect((await a.call(orgA.token, 'DELETE', `${PATH}/${z.id}`)).statusCode).toBe(200);
    const audit = await auditRows(ctx, orgA.clientId, { entity: 'zone', afterId: from });
    expect(audit.map((x) => x.action)).toEqual(['create', 'update', 'status', 'delete']);
  });

  it('refuses a duplicate name and a meter reader or branch of another organisation, on their fields', async () => {
    const branchId = await mainBranchId(ctx, orgA.clientId);
    const otherBranch = await mainBranchId(ctx, orgB.clientId);
    await a.zone({ name: 'Koodbuur' });
    const res = await a.call(orgA.token, 'POST', PATH, { name: 'KOODBUUR', branchId: otherBranch, meterReaderId: orgB.adminId }, 'so');
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { field: 'name', message: 'Qiimahan horay ayuu u jiray.' },
      { field: 'branchId', message: 'Diiwaanka la doortay ma jiro.' },
      { field: 'meterReaderId', message: 'Diiwaanka la doortay ma jiro.' },
    ]);
    expect((await a.call(orgA.token, 'POST', PATH, { name: 'Ok', branchId: 'x' })).json().details[0].field).toBe('branchId');
    expect(branchId).toBeGreaterThan(0);
  });

  it('answers 409 in use for a zone with houses, and keeps it', async () => {
    const zone = await a.zone();
    const customer = await a.customer();
    await a.house({ customerId: customer.id, zoneId: zone.id });
    const res = await a.call(orgA.token, 'DELETE', `${PATH}/${zone.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('IN_USE');
    expect((await a.call(orgA.token, 'GET', `${PATH}/${zone.id}`)).json().houseCount).toBe(1);
  });

  it('keeps organisations apart and refuses staff without list-zone (403, nothing changed)', async () => {
    const zone = await a.zone();
    expect((await a.call(orgB.token, 'GET', `${PATH}/${zone.id}`)).statusCode).toBe(404);
    expect((await a.call(orgB.token, 'PUT', `${PATH}/${zone.id}`, { name: 'Taken over', branchId: await mainBranchId(ctx, orgB.clientId) })).statusCode).toBe(
      404,
    );
    expect((await a.call(orgB.token, 'GET', PATH)).json().data.map((z: { id: number }) => z.id)).not.toContain(zone.id);

    const staff = await staffUser(ctx, orgA, ['list-customer']);
    const before = await zoneRows(orgA.clientId);
    const auditBefore = await lastAuditId(ctx, orgA.clientId);
    const res = await a.call(staff.token, 'POST', PATH, { name: 'Sneaky', branchId: await mainBranchId(ctx, orgA.clientId) });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect((await a.call(staff.token, 'DELETE', `${PATH}/${zone.id}`)).statusCode).toBe(403);
    expect(await zoneRows(orgA.clientId)).toEqual(before);
    expect(await lastAuditId(ctx, orgA.clientId)).toBe(auditBefore);
    const reader = await staffUser(ctx, orgA, ['list-zone']);
    expect((await a.call(reader.token, 'GET', PATH)).statusCode).toBe(200);
  });

  it('lets anyone who works per zone pick one (options), without the zones privilege, and no one else', async () => {
    const branchId = await mainBranchId(ctx, orgA.clientId);
    await a.call(orgA.token, 'POST', PATH, { name: 'Picker Zone', branchId });
    const reader = await staffUser(ctx, orgA, ['meter-reading']);
    const options = await a.call(reader.token, 'GET', `${PATH}/options?q=picker`);
    expect(options.statusCode).toBe(200);
    expect(options.json().data.map((z: { name: string }) => z.name)).toEqual(['Picker Zone']);
    expect((await a.call(reader.token, 'GET', PATH)).statusCode).toBe(403);
    const clerk = await staffUser(ctx, orgA, ['dashboard']);
    expect((await a.call(clerk.token, 'GET', `${PATH}/options`)).statusCode).toBe(403);
    const otherOrg = await a.call(orgB.token, 'GET', `${PATH}/options?q=picker`);
    expect(otherOrg.json().total).toBe(0);
  });
});
