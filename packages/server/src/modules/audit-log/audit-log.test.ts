import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { inSystem, inTenant } from '../../db/tenant.ts';
import { bearer, newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { accountsByCode } from '../../ledger/ledger-test-kit.ts';
import { lastAuditId, staffUser } from '../settings/test-support.ts';
import { auditLog } from './audit-log.tables.ts';
import { recordNames } from './record-names.ts';

let ctx: TestContext;
let orgA: Awaited<ReturnType<typeof newOrganisation>>;
let orgB: Awaited<ReturnType<typeof newOrganisation>>;

const LOG = '/api/log-sheet';
const get = (token: string, url: string, lang?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...(lang ? { 'accept-language': lang } : {}) } });

beforeAll(async () => {
  ctx = await startTestApp();
  orgA = await newOrganisation(ctx, { name: 'Jowhar Power' });
  orgB = await newOrganisation(ctx, { name: 'Marka Water' });
  // Lines at known instants around one UTC day, written as the installation would.
  await inSystem(ctx.database.db, (tx) =>
    tx.insert(auditLog).values(
      [
        ['2026-02-28T23:59:59.999Z', 'before-day'],
        ['2026-03-01T00:00:00.000Z', 'day-start'],
        ['2026-03-01T23:59:59.999Z', 'day-end'],
        ['2026-03-02T00:00:00.000Z', 'after-day'],
      ].map(([at, entityId]) => ({
        clientId: orgA.clientId,
        userId: orgA.adminId,
        username: 'admin',
        action: 'update',
        entity: 'meter',
        entityId,
        at: new Date(at),
      })),
    ),
  );
});
afterAll(() => ctx.close());

describe('log sheet', () => {
  it('lists the organisation lines newest first, with the audit fields', async () => {
    const city = (
      await ctx.app.inject({ method: 'POST', url: '/api/cities', headers: bearer(orgA.token), payload: { name: 'Jowhar', region: 'Middle Shabelle' } })
    ).json();
    await ctx.app.inject({ method: 'PATCH', url: `/api/cities/${city.id}/status`, headers: bearer(orgA.token), payload: { status: 'Inactive' } });
    const res = await get(orgA.token, LOG);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.page).toBe(1);
    expect(body.limit).toBe(100);
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      userId: orgA.adminId,
      username: 'admin',
      userName: 'Administrator',
      action: 'status',
      entity: 'city',
      entityId: String(city.id),
      recordName: 'Jowhar',
      before: { status: 'Active' },
      after: { status: 'Inactive' },
      ip: expect.any(String),
    });
    expect(body.data[1]).toMatchObject({ action: 'create', entity: 'city', after: { name: 'Jowhar', region: 'Middle Shabelle' } });
    const times = body.data.map((d: { at: string }) => d.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(body.data.every((d: { username: string | null }) => d.username === 'admin' || d.username === null)).toBe(true);
  });

  it('filters by user, entity, action and search text, and pages', async () => {
    const staff = await staffUser(ctx, orgA, ['list-unit']);
    await ctx.app.inject({ method: 'POST', url: '/api/units', headers: bearer(staff.token), payload: { name: 'Cubic metre', abbreviation: 'm3' } });
    const byUser = (await get(orgA.token, `${LOG}?userId=${staff.id}`)).json();
    expect(byUser.total).toBeGreaterThanOrEqual(1);
    expect(byUser.data.every((d: { userId: number }) => d.userId === staff.id)).toBe(true);
    expect(byUser.data.find((d: { entity: string }) => d.entity === 'unit')).toMatchObject({
      username: staff.username,
      userName: 'Staff Member',
      action: 'create',
      recordName: 'Cubic metre',
    });

    const meters = (await get(orgA.token, `${LOG}?entity=meter&action=update`)).json();
    expect(meters.total).toBe(4);
    expect((await get(orgA.token, `${LOG}?entity=meter&action=delete`)).json().total).toBe(0);

    const byName = (await get(orgA.token, `${LOG}?q=${staff.username.toUpperCase()}`)).json().data;
    expect(byName.length).toBeGreaterThan(0);
    expect(byName.every((d: { username: string }) => d.username === staff.username)).toBe(true);
    expect((await get(orgA.token, `${LOG}?q=day-`)).json().total).toBe(2);
    expect((await get(orgA.token, `${LOG}?q=DAY`)).json().total).toBe(4);
    expect((await get(orgA.token, `${LOG}?q=mete`)).json().total).toBe(4);

    const page1 = (await get(orgA.token, `${LOG}?entity=meter&_limit=3`)).json();
    const page2 = (await get(orgA.token, `${LOG}?entity=meter&_limit=3&_page=2`)).json();
    expect(page1.data.map((d: { entityId: string }) => d.entityId)).toEqual(['after-day', 'day-end', 'day-start']);
    expect(page2.data.map((d: { entityId: string }) => d.entityId)).toEqual(['before-day']);
    const oldestFirst = (await get(orgA.token, `${LOG}?entity=meter&_sort=at&_order=asc&_limit=1`)).json();
    expect(oldestFirst.data[0].entityId).toBe('before-day');
  });

  it("names each line's record from its table (account in the caller's language, entry by number), a deleted one by what it recorded, no id for a session", async () => {
    const acc = await accountsByCode(ctx.database.db, orgA.clientId);
    const posted = await ctx.app.inject({
      method: 'POST',
      url: '/api/finance/transaction',
      headers: bearer(orgA.token),
      payload: {
        date: '2026-03-01',
        lines: [
          { accountId: acc['1030'], debit: '10.00' },
          { accountId: acc['3010'], credit: '10.00' },
        ],
      },
    });
    expect(posted.statusCode).toBe(201);
    await inSystem(ctx.database.db, (tx) =>
      tx.insert(auditLog).values([
        { clientId: orgA.clientId, action: 'update', entity: 'account', entityId: String(acc['1030']), at: new Date('2020-01-03T00:00:00Z') },
        { clientId: orgA.clientId, action: 'delete', entity: 'city', entityId: '987654', before: { name: 'Old town' }, at: new Date('2020-01-02T00:00:00Z') },
        {
          clientId: orgA.clientId,
          action: 'logout',
          entity: 'session',
          entityId: '8d3f2a1c-0000-4000-8000-000000000000',
          at: new Date('2020-01-01T00:00:00Z'),
        },
      ]),
    );
    const old = (await get(orgA.token, `${LOG}?endDate=2020-01-31`, 'so')).json();
    expect(old.data.map((d: { entity: string; recordName: string | null; userName: string | null }) => [d.entity, d.recordName, d.userName])).toEqual([
      ['account', '1030 · Xisaabta bangiga', null],
      ['city', 'Old town', null],
      ['session', null, null],
    ]);
    // Every lookup is valid SQL against its table (a line of each entity, whether or not the record exists).
    const every = [
      'user',
      'profile',
      'role',
      'branch',
      'city',
      'category',
      'unit',
      'zone',
      'tariff',
      'note',
      'account',
      'journal-entry',
      'customer',
      'house',
      'meter',
      'reading',
      'payment',
      'customer-transfer',
      'transfer',
      'cheque',
      'bill-run',
    ];
    const names = await inTenant(ctx.database.db, orgA.clientId, (tx) =>
      recordNames({ tx, clientId: orgA.clientId, lang: 'en', lines: every.map((entity) => ({ entity, entityId: '1', before: null, after: null })) }),
    );
    expect(names).toHaveLength(every.length);
    const entries = (await get(orgA.token, `${LOG}?entity=journal-entry`)).json();
    expect(entries.data[0]).toMatchObject({ entityId: String(posted.json().id), recordName: 'JV-000001', userName: 'Administrator' });
  });

  it('takes startDate and endDate as whole UTC days, inclusive', async () => {
    const day = (await get(orgA.token, `${LOG}?entity=meter&startDate=2026-03-01&endDate=2026-03-01`)).json();
    expect(day.data.map((d: { entityId: string }) => d.entityId)).toEqual(['day-end', 'day-start']);
    const from = (await get(orgA.token, `${LOG}?entity=meter&startDate=2026-03-01`)).json();
    expect(from.total).toBe(3);
    const until = (await get(orgA.token, `${LOG}?entity=meter&endDate=2026-03-01`)).json();
    expect(until.total).toBe(3);
  });

  it('names bad filters on their fields, in Somali', async () => {
    const res = await get(orgA.token, `${LOG}?startDate=2026-02-30&userId=abc&_sort=ip`, 'so');
    expect(res.statusCode).toBe(400);
    const byField = Object.fromEntries((res.json().details as Array<{ field: string; message: string }>).map((d) => [d.field, d.message]));
    expect(byField).toEqual({ startDate: 'Geli taariikh sida YYYY-MM-DD.', userId: 'Geli tiro.', _sort: 'Qiimahan sax maaha.' });
    const range = await get(orgA.token, `${LOG}?startDate=2026-03-02&endDate=2026-03-01`, 'so');
    expect(range.statusCode).toBe(400);
    expect(range.json().details).toEqual([{ field: 'endDate', message: 'Taariikhda dhammaadku kama horrayn karto taariikhda bilowga.' }]);
  });

  it('reads one line, and only of the caller organisation', async () => {
    const [line] = (await get(orgA.token, `${LOG}?entity=meter&_limit=1`)).json().data;
    const one = await get(orgA.token, `${LOG}/${line.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(line);
    expect((await get(orgB.token, `${LOG}/${line.id}`)).statusCode).toBe(404);
    const listB = (await get(orgB.token, `${LOG}?entity=meter`)).json();
    expect(listB.total).toBe(0);
    expect((await get(orgB.token, `${LOG}?q=day-`)).json().total).toBe(0);
  });

  it('answers 403 without list-log-sheet', async () => {
    const staff = await staffUser(ctx, orgA, ['list-cities']);
    const before = await lastAuditId(ctx, orgA.clientId);
    const res = await get(staff.token, LOG);
    expect(res.statusCode).toBe(403);
    expect((await get(staff.token, `${LOG}/${before}`)).statusCode).toBe(403);
    expect(await lastAuditId(ctx, orgA.clientId)).toBe(before);
  });
});

describe('audit_log is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE to the application role and to the owner', async () => {
    const id = await lastAuditId(ctx, orgA.clientId);
    const original = await inSystem(ctx.database.db, (tx) => tx.select().from(auditLog).where(eq(auditLog.id, id)));
    const attempts = [
      () => inTenant(ctx.database.db, orgA.clientId, (tx) => tx.update(auditLog).set({ action: 'forged' }).where(eq(auditLog.id, id))),
      () => inTenant(ctx.database.db, orgA.clientId, (tx) => tx.delete(auditLog).where(eq(auditLog.id, id))),
      () => inTenant(ctx.database.db, orgA.clientId, (tx) => tx.execute(sql`truncate audit_log`)),
      () => inSystem(ctx.database.db, (tx) => tx.update(auditLog).set({ action: 'forged' }).where(eq(auditLog.id, id))),
      () => inSystem(ctx.database.db, (tx) => tx.delete(auditLog).where(eq(auditLog.id, id))),
      () => inSystem(ctx.database.db, (tx) => tx.execute(sql`truncate audit_log`)),
    ];
    for (const attempt of attempts) await expect(attempt()).rejects.toThrow();
    // The owner's refusal is the trigger's, not a missing grant.
    await expect(inSystem(ctx.database.db, (tx) => tx.delete(auditLog).where(eq(auditLog.id, id)))).rejects.toSatisfy((err: unknown) =>
      /append-only/.test(String((err as { cause?: { message?: string } }).cause?.message ?? (err as Error).message)),
    );
    const after = await inSystem(ctx.database.db, (tx) => tx.select().from(auditLog).where(eq(auditLog.id, id)));
    expect(after).toEqual(original);
  });
});
