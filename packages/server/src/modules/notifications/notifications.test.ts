// The profile screen and the navbar bell through the API: own profile fields with field-level errors,
// the signature image (stored in files, replaced, removed, printed on the vendor payment voucher), and the
// bell's real count: requests waiting for this approver (never their own), marked seen kinds refused when
// they do not count "since last seen", and a user without the privilege counting nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestBody } from '@ubo/contracts';
import { bearer, newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { tableSnapshot } from '../../../test/table-snapshot.ts';
import { inTenant } from '../../db/tenant.ts';
import { systemActor } from '../../lib/actor.ts';
import { mainBranchId } from '../metering/billing-test-kit.ts';
import { createRequest, submitRequest } from '../requests/index.ts';
import { multipartFile, staffUser, TINY_PNG } from '../settings/test-support.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
type Staff = Awaited<ReturnType<typeof staffUser>>;
let keeper: Staff;
let head: Staff;
let clerk: Staff;

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Galkayo Light' });
  keeper = await staffUser(ctx, org, ['add-request', 'first-approve-request']);
  head = await staffUser(ctx, org, ['list-request', 'first-approve-request']);
  clerk = await staffUser(ctx, org, ['list-request']);
});
afterAll(() => ctx.close());

describe('profile', () => {
  it('reads and saves the own name, phone, e-mail, language and theme; bad input changes nothing', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(clerk.token),
      payload: { fullname: 'Hodan Ali', phone: '0615123456', email: 'hodan@example.so', lang: 'so', theme: 'dark' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ fullname: 'Hodan Ali', phone: '0615123456', email: 'hodan@example.so', lang: 'so', theme: 'dark', hasSignature: false });
    const before = await tableSnapshot(ctx.database.db);
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: { ...bearer(clerk.token), 'x-lang': 'so' },
      payload: { fullname: 'Hodan Ali', phone: '12', email: 'not-mail', lang: 'fr' },
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad
      .json()
      .details.map((d: { field: string }) => d.field)
      .sort();
    expect(fields).toEqual(['email', 'lang', 'phone']);
    expect(await tableSnapshot(ctx.database.db)).toEqual(before);
  });

  it('keeps the signature image in files, serves it to its owner only, replaces and removes it', async () => {
    const png = multipartFile('sig.png', TINY_PNG);
    const up = await ctx.app.inject({
      method: 'POST',
      url: '/api/dashboard/upload-signature',
      headers: { ...bearer(keeper.token), ...png.headers },
      payload: png.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().hasSignature).toBe(true);
    const img = await ctx.app.inject({ method: 'GET', url: '/api/users/profile/signature', headers: bearer(keeper.token) });
    expect(img.statusCode).toBe(200);
    expect(img.rawPayload.equals(TINY_PNG)).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/profile/signature', headers: bearer(clerk.token) })).statusCode).toBe(404);
    const text = multipartFile('sig.png', Buffer.from('not an image'), 'image/png');
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/dashboard/upload-signature',
      headers: { ...bearer(keeper.token), ...text.headers },
      payload: text.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0].field).toBe('file');
    const removed = await ctx.app.inject({ method: 'DELETE', url: '/api/dashboard/upload-signature', headers: bearer(keeper.token) });
    expect(removed.json().hasSignature).toBe(false);
  });
});

describe('the bell', () => {
  it('counts requests waiting for this approver, never their own, and lists a link to each', async () => {
    const branchId = await mainBranchId(ctx, org.clientId);
    const actor = systemActor({ clientId: org.clientId, userId: keeper.id, username: keeper.username });
    const id = await inTenant(ctx.database.db, org.clientId, async (tx) => {
      const r = await createRequest({
        tx,
        actor,
        input: requestBody.parse({ type: 'expense', branchId, purpose: 'Diesel for the generator', amount: '150.00' }),
      });
      await submitRequest({ tx, actor, id: r.id });
      return r.id;
    });
    const forHead = (await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(head.token) })).json();
    const requests = forHead.groups.find((g: { key: string }) => g.key === 'requests');
    expect(requests.count).toBe(1);
    expect(requests.items[0]).toMatchObject({ path: `/requests/${id}` });
    expect(requests.items[0].text).toMatch(/^Request REQ-\d{4}-\d+ waits for your approval$/);
    expect(forHead.count).toBe(1);
    // Its requester may first-approve too, but never their own; a clerk approves nothing.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(keeper.token) })).json().count).toBe(0);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(clerk.token) })).json().count).toBe(0);
    const so = (await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: { ...bearer(head.token), 'x-lang': 'so' } })).json();
    expect(so.groups.find((g: { key: string }) => g.key === 'requests').items[0].text).toMatch(/ansixintaada$/);
  });

  it('marks a since-last-seen kind seen and refuses kinds that are not', async () => {
    const ok = await ctx.app.inject({ method: 'POST', url: '/api/notifications/seen', headers: bearer(head.token), payload: { key: 'bill-runs' } });
    expect(ok.statusCode).toBe(200);
    const before = await tableSnapshot(ctx.database.db);
    const no = await ctx.app.inject({ method: 'POST', url: '/api/notifications/seen', headers: bearer(head.token), payload: { key: 'requests' } });
    expect(no.statusCode).toBe(404);
    expect(await tableSnapshot(ctx.database.db)).toEqual(before);
  });
});
