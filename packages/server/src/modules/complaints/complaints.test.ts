// Complaints through the API: topics, gapless references CMP-<year>-nnnnn per organisation (a refused
// complaint leaves no gap), the customer or a caller, the house of that customer, the topic's defaults
// (priority, assignee, due time), SMS on receipt and completion in the customer's language (optional per
// topic), who may assign, start, complete and cancel, the history, overdue counts and the navbar bell, the report and its
// export, privileges that change nothing, and another organisation that sees nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { tableSnapshot } from '../../../test/table-snapshot.ts';
import { queryRows } from '../../db/rows.ts';
import { inSystem, inTenant } from '../../db/tenant.ts';
import { billingFactory, type Method } from '../metering/billing-test-kit.ts';
import { multipartFile, staffUser, TINY_PNG } from '../settings/test-support.ts';
import { bearer } from '../../../test/harness.ts';
import { countOverdueAssigned } from './index.ts';

let ctx: TestContext;
let orgA: Awaited<ReturnType<typeof newOrganisation>>;
let orgB: Awaited<ReturnType<typeof newOrganisation>>;
let f: ReturnType<typeof billingFactory>;
type Staff = Awaited<ReturnType<typeof staffUser>>;
let desk: Staff; // customer service: logs complaints
let tech: Staff; // technician: complaints go to him
let manager: Staff;
let outsider: Staff; // no complaint privilege
let customer: { id: number; customerNo: string };
let other: { id: number };
let houseId: number;
let otherHouseId: number;
let meterTopic: { id: number };
let quietTopic: { id: number };

const year = new Date().getUTCFullYear();
const ref = (n: number) => `CMP-${year}-${String(n).padStart(5, '0')}`;

async function call(token: string, method: Method, url: string, body?: object, lang?: string) {
  return f.call(token, method, url, body, lang);
}
async function ok(token: string, method: Method, url: string, body?: object, status = 200) {
  const res = await call(token, method, url, body);
  if (res.statusCode !== status) throw new Error(`${method} ${url}: expected ${status}, got ${res.statusCode}: ${res.body}`);
  return res.json();
}
const smsOf = (clientId: number) =>
  inSystem(ctx.database.db, (tx) =>
    queryRows<{ kind: string; phone: string; body: string; language: string; customer_id: number | null }>(
      tx,
      sql`select kind, phone, body, language, customer_id from sms_messages where client_id = ${clientId} order by id`,
    ),
  );

beforeAll(async () => {
  ctx = await startTestApp();
  orgA = await newOrganisation(ctx, { name: 'Garowe Power' });
  orgB = await newOrganisation(ctx, { name: 'Bosaso Water' });
  f = billingFactory(ctx, orgA);
  desk = await staffUser(ctx, orgA, ['add-complaint', 'list-complaint']);
  tech = await staffUser(ctx, orgA, ['list-complaint']);
  manager = await staffUser(ctx, orgA, ['list-complaint', 'manage-complaints', 'complaint-report']);
  outsider = await staffUser(ctx, orgA, ['list-customer']);
  const zone = await f.zone();
  customer = await f.customer({ name: 'Hodan Cali', phone: '0615123456' });
  other = await f.customer({ name: 'Other Person', phone: '0615999999' });
  houseId = (await f.house({ customerId: customer.id, zoneId: zone.id })).id;
  otherHouseId = (await f.house({ customerId: other.id, zoneId: zone.id })).id;
  meterTopic = await ok(
    orgA.token,
    'POST',
    '/api/complaint/topic',
    { nameEn: 'Meter fault', nameSo: 'Cillad mitir', priority: 'High', targetHours: 24, assigneeId: tech.id, smsCustomer: true },
    201,
  );
  quietTopic = await ok(
    orgA.token,
    'POST',
    '/api/complaint/topic',
    { nameEn: 'Staff conduct', nameSo: 'Dhaqanka shaqaalaha', targetHours: 72, smsCustomer: false },
    201,
  );
});
afterAll(() => ctx.close());

const complaintBody = (extra: Record<string, unknown> = {}) => ({
  customerId: customer.id,
  houseId,
  topicId: meterTopic.id,
  channel: 'phone',
  description: 'The meter shows a reading although the house was empty.',
  ...extra,
});

describe('topics', () => {
  it('lists the topics with their user; a second topic of the same English name is refused in the caller’s language', async () => {
    const list = await ok(orgA.token, 'GET', '/api/complaint/topics');
    expect(list.data.map((t: { nameEn: string; assigneeName: string | null }) => [t.nameEn, t.assigneeName])).toEqual([
      ['Meter fault', 'Staff Member'],
      ['Staff conduct', null],
    ]);
    await ctx.app.jobs.idle(); // the SMS dispatcher settles what earlier steps queued
    const before = await tableSnapshot(ctx.database.db);
    const dup = await call(orgA.token, 'POST', '/api/complaint/topic', { nameEn: 'meter FAULT', nameSo: 'x', targetHours: 5 }, 'so');
    expect(dup.statusCode).toBe(400);
    expect(dup.json().details).toEqual([{ field: 'nameEn', message: 'Mowduuc magacan leh horay ayuu u jiray.' }]);
    const hours = await call(orgA.token, 'POST', '/api/complaint/topic', { nameEn: 'New', nameSo: 'Cusub', targetHours: 0 }, 'so');
    expect(hours.json().details).toEqual([{ field: 'targetHours', message: 'Geli saacado dhan oo u dhexeeya 1 ilaa 8760.' }]);
    const denied = await call(desk.token, 'POST', '/api/complaint/topic', { nameEn: 'New', nameSo: 'Cusub', targetHours: 4 });
    expect(denied.statusCode).toBe(403);
    expect(await tableSnapshot(ctx.database.db)).toEqual(before);
  });

  it('updates a topic; an inactive topic takes no new complaints', async () => {
    const t = await ok(orgA.token, 'POST', '/api/complaint/topic', { nameEn: 'Old topic', nameSo: 'Mowduuc hore', targetHours: 8 }, 201);
    const updated = await ok(orgA.token, 'PUT', `/api/complaint/topic/${t.id}`, {
      nameEn: 'Old topic',
      nameSo: 'Mowduuc hore',
      targetHours: 8,
      status: 'Inactive',
    });
    expect(updated.status).toBe('Inactive');
    const res = await call(desk.token, 'POST', '/api/complaint', complaintBody({ topicId: t.id }), 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'topicId', message: 'Choose an active topic.' }]);
  });
});

describe('complaints', () => {
  let first: { id: number; refNo: string };

  it('logs a complaint with the next reference, the topic’s priority, user and due time, and texts the customer the reference', async () => {
    first = await ok(desk.token, 'POST', '/api/complaint', complaintBody(), 201);
    expect(first).toMatchObject({
      refNo: ref(1),
      status: 'Pending',
      priority: 'High',
      assigneeId: tech.id,
      customerId: customer.id,
      customerName: 'Hodan Cali',
      houseId,
      topicNameEn: 'Meter fault',
      overdue: false,
    });
    const detail = first as unknown as { dueAt: string; created: { at: string }; events: Array<{ kind: string }> };
    expect(new Date(detail.dueAt).getTime() - new Date(detail.created.at).getTime()).toBe(24 * 3600 * 1000);
    expect(detail.events.map((e) => e.kind)).toEqual(['created', 'assigned']);
    const sms = await smsOf(orgA.clientId);
    expect(sms).toEqual([
      {
        kind: 'complaint',
        phone: '+252615123456',
        language: 'en',
        customer_id: customer.id,
        body: `Dear Hodan Cali, we have received your complaint ${ref(1)} (Meter fault). We will keep you informed. Garowe Power`,
      },
    ]);
  });

  it('a refused complaint takes no number: the next one follows without a gap', async () => {
    await ctx.app.jobs.idle(); // the SMS dispatcher settles what earlier steps queued
    const before = await tableSnapshot(ctx.database.db);
    const wrongHouse = await call(desk.token, 'POST', '/api/complaint', complaintBody({ houseId: otherHouseId }), 'so');
    expect(wrongHouse.statusCode).toBe(400);
    expect(wrongHouse.json().details).toEqual([{ field: 'houseId', message: 'Dooro mid ka mid ah guryaha macmiilkan.' }]);
    const noCaller = await call(
      desk.token,
      'POST',
      '/api/complaint',
      { topicId: meterTopic.id, channel: 'walk-in', description: 'x', callerName: 'Axmed' },
      'so',
    );
    expect(noCaller.statusCode).toBe(400);
    expect(noCaller.json().details).toEqual([{ field: 'callerPhone', message: 'Geli lambarka taleefanka qofka soo wacay.' }]);
    const badPhone = await call(desk.token, 'POST', '/api/complaint', {
      topicId: meterTopic.id,
      channel: 'sms',
      description: 'x',
      callerName: 'A',
      callerPhone: '12',
    });
    expect(badPhone.json().details.map((d: { field: string }) => d.field)).toEqual(['callerPhone']);
    const denied = await call(outsider.token, 'POST', '/api/complaint', complaintBody());
    expect(denied.statusCode).toBe(403);
    expect(await tableSnapshot(ctx.database.db)).toEqual(before);
    const caller = await ok(
      desk.token,
      'POST',
      '/api/complaint',
      { topicId: quietTopic.id, channel: 'walk-in', description: 'Rude at the counter', callerName: 'Axmed Nuur', callerPhone: '0617000111', priority: 'Low' },
      201,
    );
    expect(caller).toMatchObject({ refNo: ref(2), customerId: null, callerName: 'Axmed Nuur', priority: 'Low', assigneeId: null });
    expect(await smsOf(orgA.clientId)).toHaveLength(1); // the topic sends no SMS
  });

  it('the assignee starts and completes; others may not; the customer is told; the history is whole', async () => {
    const id = first.id;
    await ctx.app.jobs.idle(); // the SMS dispatcher settles what earlier steps queued
    const before = await tableSnapshot(ctx.database.db);
    expect((await call(desk.token, 'POST', `/api/complaint/${id}/start`)).statusCode).toBe(403);
    expect((await call(desk.token, 'POST', `/api/complaint/complete/${id}`, { resolution: 'x' })).statusCode).toBe(403);
    expect((await call(tech.token, 'POST', `/api/complaint/${id}/assign`, { assigneeId: desk.id })).statusCode).toBe(403);
    expect(await tableSnapshot(ctx.database.db)).toEqual(before);
    await ok(tech.token, 'POST', `/api/complaint/${id}/start`);
    const again = await call(tech.token, 'POST', `/api/complaint/${id}/start`, undefined, 'en');
    expect(again.statusCode).toBe(409);
    await ok(desk.token, 'POST', `/api/complaint/${id}/comment`, { text: 'Customer called again.' });
    const done = await ok(tech.token, 'POST', `/api/complaint/complete/${id}`, { resolution: 'Meter replaced; reading corrected.' });
    expect(done).toMatchObject({ status: 'Completed', resolution: 'Meter replaced; reading corrected.', completed: { byId: tech.id } });
    expect(done.events.map((e: { kind: string; toStatus: string | null }) => [e.kind, e.toStatus])).toEqual([
      ['created', 'Pending'],
      ['assigned', null],
      ['started', 'InProgress'],
      ['comment', null],
      ['completed', 'Completed'],
    ]);
    expect(done.events[3]).toMatchObject({ note: 'Customer called again.', byName: 'Staff Member' });
    const sms = await smsOf(orgA.clientId);
    expect(sms.at(-1)?.body).toBe(`Dear Hodan Cali, your complaint ${ref(1)} (Meter fault) has been resolved. Thank you. Garowe Power`);
    const closed = await call(manager.token, 'POST', `/api/complaint/${id}/cancel`, { reason: 'x' }, 'so');
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('Cabashadan horay ayaa loo dhammaystiray ama loo joojiyay.');
  });

  it('a manager assigns and cancels with a reason; the customer’s SMS goes in Somali when that is their language', async () => {
    await inSystem(ctx.database.db, (tx) =>
      tx.execute(sql`insert into sms_customer_languages (client_id, customer_id, language) values (${orgA.clientId}, ${customer.id}, 'so')`),
    );
    const c = await ok(desk.token, 'POST', '/api/complaint', complaintBody({ channel: 'sms', assigneeId: desk.id }), 201);
    expect(c.refNo).toBe(ref(3));
    expect((await smsOf(orgA.clientId)).at(-1)).toMatchObject({
      language: 'so',
      body: `Mudane/Marwo Hodan Cali, waxaan helnay cabashadaada ${ref(3)} (Cillad mitir). Waanu kula soo socodsiin doonnaa. Garowe Power`,
    });
    const assigned = await ok(manager.token, 'POST', `/api/complaint/${c.id}/assign`, { assigneeId: tech.id });
    expect(assigned.assigneeName).toBe('Staff Member');
    const cancelled = await ok(manager.token, 'POST', `/api/complaint/${c.id}/cancel`, { reason: 'Logged twice' });
    expect(cancelled).toMatchObject({ status: 'Cancelled', cancelReason: 'Logged twice' });
    expect((await call(manager.token, 'POST', `/api/complaint/${c.id}/assign`, { assigneeId: desk.id })).statusCode).toBe(409);
  });

  it('lists the customer’s complaints; counts and lists the overdue ones of an assignee', async () => {
    const list = await ok(desk.token, 'GET', `/api/complaint?customerId=${customer.id}`);
    expect(list.data.map((c: { refNo: string }) => c.refNo)).toEqual([ref(3), ref(1)]);
    const late = await ok(desk.token, 'POST', '/api/complaint', complaintBody(), 201);
    const count = () => inTenant(ctx.database.db, orgA.clientId, (tx) => countOverdueAssigned({ tx, userId: tech.id }));
    expect(await count()).toBe(0);
    // The bell: the assignee's open complaints (the completed and the cancelled one are not counted).
    const bell = async (token: string, lang = 'en') =>
      (await call(token, 'GET', '/api/notifications', undefined, lang)).json().groups.find((g: { key: string }) => g.key === 'complaints');
    expect(await bell(tech.token)).toMatchObject({
      count: 1,
      items: [{ id: String(late.id), path: `/complaint/${late.id}`, text: `Complaint ${ref(4)} (Meter fault) is assigned to you` }],
    });
    await inSystem(ctx.database.db, (tx) =>
      tx.execute(sql`update complaints set due_at = now() - interval '2 hours', created_at = now() - interval '26 hours' where id = ${late.id}`),
    );
    expect(await count()).toBe(1);
    expect((await bell(tech.token)).items.map((i: { text: string }) => i.text)).toEqual([`Complaint ${ref(4)} (Meter fault) is overdue`]);
    expect((await bell(tech.token, 'so')).items[0].text).toBe(`Cabashada ${ref(4)} (Cillad mitir) waqtigeedii way dhaaftay`);
    expect((await bell(desk.token)).count).toBe(0); // nothing assigned to the desk is open
    expect((await bell(outsider.token)).count).toBe(0); // no complaint privilege: nothing counted
    const overdue = await ok(tech.token, 'GET', '/api/complaint?mine=true&overdue=true');
    expect(overdue.data.map((c: { refNo: string; overdue: boolean }) => [c.refNo, c.overdue])).toEqual([[ref(4), true]]);
    const search = await ok(desk.token, 'GET', `/api/complaint?q=${ref(2)}`);
    expect(search.data.map((c: { callerName: string }) => c.callerName)).toEqual(['Axmed Nuur']);
    expect((await call(outsider.token, 'GET', '/api/complaint')).statusCode).toBe(403);
  });

  it('reports by topic and status with open age, resolution against target, and the overdue list; exports CSV', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const q = `startDate=${today.slice(0, 8)}01&endDate=${today}`;
    const r = await ok(manager.token, 'GET', `/api/complaint/report?${q}&groupBy=topic`);
    expect(
      r.rows.map((x: { label: string; complaints: number; open: number; completed: number; overdue: number }) => [
        x.label,
        x.complaints,
        x.open,
        x.completed,
        x.overdue,
      ]),
    ).toEqual([
      ['Meter fault', 3, 1, 1, 1],
      ['Staff conduct', 1, 1, 0, 0],
    ]);
    expect(r.rows[0].targetHours).toBe('24.0');
    expect(r.totals).toMatchObject({ complaints: 4, open: 2, completed: 1, late: 0, overdue: 1 });
    expect(r.overdueList.map((c: { refNo: string }) => c.refNo)).toEqual([ref(4)]);
    const so = await call(manager.token, 'GET', `/api/complaint/report?${q}&groupBy=status`, undefined, 'so');
    expect(so.json().rows.map((x: { label: string }) => x.label)).toEqual(['La joojiyay', 'La dhammaystiray', 'Sugaya']);
    const csv = await call(manager.token, 'GET', `/api/complaint/report/export?${q}&groupBy=topic&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Meter fault');
    expect((await call(desk.token, 'GET', `/api/complaint/report?${q}`)).statusCode).toBe(403);
  });

  it('attaches a file to the complaint’s history (known types only) and serves it within the organisation', async () => {
    const upload = (token: string, name: string, content: Buffer, lang = 'en') => {
      const { payload, headers } = multipartFile(name, content);
      return ctx.app.inject({
        method: 'POST',
        url: `/api/complaint/${first.id}/attachment`,
        payload,
        headers: { ...headers, ...bearer(token), 'accept-language': lang },
      });
    };
    await ctx.app.jobs.idle(); // the SMS dispatcher settles what earlier steps queued
    const before = await tableSnapshot(ctx.database.db);
    const wrong = await upload(desk.token, 'notes.txt', Buffer.from('plain text'), 'so');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([{ field: 'file', message: 'Faylasha PDF, PNG, JPEG, WEBP, CSV ama XLSX oo keliya ayaa la oggol yahay.' }]);
    expect((await upload(outsider.token, 'meter.png', TINY_PNG)).statusCode).toBe(403);
    expect(await tableSnapshot(ctx.database.db)).toEqual(before);
    const res = await upload(desk.token, 'meter.png', TINY_PNG);
    expect(res.statusCode).toBe(201);
    const event = res.json().events.at(-1);
    expect(event).toMatchObject({ kind: 'attachment', fileName: 'meter.png', byName: 'Staff Member' });
    const file = await call(tech.token, 'GET', `/api/complaint/file/${event.fileId}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(TINY_PNG)).toBe(true);
    expect((await call(orgB.token, 'GET', `/api/complaint/file/${event.fileId}`)).statusCode).toBe(404);
  });

  it('another organisation sees none of it and gets its own first reference', async () => {
    expect((await call(orgB.token, 'GET', `/api/complaint/view/${first.id}`)).statusCode).toBe(404);
    expect((await ok(orgB.token, 'GET', '/api/complaint')).total).toBe(0);
    expect((await ok(orgB.token, 'GET', '/api/complaint/topics')).data).toEqual([]);
    expect((await call(orgB.token, 'POST', `/api/complaint/${first.id}/comment`, { text: 'x' })).statusCode).toBe(404);
    const bad = await call(orgB.token, 'POST', '/api/complaint', complaintBody(), 'en');
    expect(bad.statusCode).toBe(400);
    const t = await ok(orgB.token, 'POST', '/api/complaint/topic', { nameEn: 'Leak', nameSo: 'Daadasho', targetHours: 6 }, 201);
    const c = await ok(
      orgB.token,
      'POST',
      '/api/complaint',
      { topicId: t.id, channel: 'phone', description: 'Pipe leak', callerName: 'X', callerPhone: '0615000001' },
      201,
    );
    expect(c.refNo).toBe(ref(1));
  });
});
