import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { inSystem, inTenant } from '../../db/tenant.ts';
import { bearer, newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { files } from '../files/files.tables.ts';
import { clients } from '../organisations/index.ts';
import { auditRows, lastAuditId, multipartFile, staffUser, TINY_PNG } from './test-support.ts';

let ctx: TestContext;
let orgA: Awaited<ReturnType<typeof newOrganisation>>;
let orgB: Awaited<ReturnType<typeof newOrganisation>>;

beforeAll(async () => {
  ctx = await startTestApp();
  orgA = await newOrganisation(ctx, { name: 'Berbera Electric' });
  orgB = await newOrganisation(ctx, { name: 'Baidoa Water' });
});
afterAll(() => ctx.close());

const COMPANY = '/api/elc/settings/company';
const validProfile = {
  name: 'Berbera Electric Co.',
  address: 'Airport Road, Berbera',
  phone: '0615123456',
  email: 'info@berbera-electric.so',
  website: 'https://berbera-electric.so',
  currency: 'usd',
  contactPhone: '+252634000111',
  billingCode: 'BEC',
  shortCode: '*712#',
};

const clientRow = (clientId: number) => inSystem(ctx.database.db, async (tx) => (await tx.select().from(clients).where(eq(clients.id, clientId)))[0]);
const fileCount = (clientId: number) =>
  inSystem(ctx.database.db, async (tx) => (await tx.select({ id: files.id }).from(files).where(eq(files.clientId, clientId))).length);
const upload = (token: string, kind: 'logo' | 'signature', body: ReturnType<typeof multipartFile>, lang?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `${COMPANY}/${kind}`,
    payload: body.payload,
    headers: { ...bearer(token), ...body.headers, ...(lang ? { 'accept-language': lang } : {}) },
  });

describe('company profile', () => {
  it('reads the profile of the caller organisation', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: COMPANY, headers: bearer(orgA.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: orgA.clientId,
      code: orgA.code,
      name: 'Berbera Electric',
      currency: 'USD',
      logoFileId: null,
      logoUrl: null,
      signatureUrl: null,
    });
  });

  it('updates it, normalises blanks and currency, and audits before and after', async () => {
    const from = await lastAuditId(ctx, orgA.clientId);
    const res = await ctx.app.inject({ method: 'PUT', url: COMPANY, headers: bearer(orgA.token), payload: validProfile });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...validProfile, currency: 'USD', code: orgA.code });

    const cleared = await ctx.app.inject({
      method: 'PUT',
      url: COMPANY,
      headers: bearer(orgA.token),
      payload: { ...validProfile, email: '', website: null, contactPhone: '', billingCode: '  ' },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ email: null, website: null, contactPhone: null, billingCode: null });

    const audit = await auditRows(ctx, orgA.clientId, { entity: 'company', afterId: from });
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({
      action: 'update',
      entityId: String(orgA.clientId),
      before: { name: 'Berbera Electric' },
      after: { name: 'Berbera Electric Co.', currency: 'USD' },
    });
    expect(audit[1]).toMatchObject({ before: { email: 'info@berbera-electric.so' }, after: { email: null } });
  });

  it('names each invalid field in Somali and changes nothing', async () => {
    const before = await clientRow(orgA.clientId);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: COMPANY,
      headers: { ...bearer(orgA.token), 'accept-language': 'so' },
      payload: {
        name: '',
        address: 'Somewhere',
        phone: '12ab',
        email: 'not-an-email',
        website: 'javascript:alert(1)',
        currency: 'dollars',
        contactPhone: '555',
      },
    });
    expect(res.statusCode).toBe(400);
    const byField = Object.fromEntries((res.json().details as Array<{ field: string; message: string }>).map((d) => [d.field, d.message]));
    expect(byField).toEqual({
      name: 'Goobtan waa qasab.',
      phone: 'Geli lambar taleefan oo sax ah, tusaale 0615123456 ama +252615123456.',
      email: 'Iimayl sax ah ayaa loo baahan yahay!.',
      website: 'Geli cinwaan websayd oo sax ah, tusaale https://example.so.',
      currency: 'Geli koodhka lacagta oo ah 3 xaraf, sida USD.',
      contactPhone: 'Geli lambar taleefan oo sax ah, tusaale 0615123456 ama +252615123456.',
    });
    expect(await clientRow(orgA.clientId)).toEqual(before);
  });

  it('does not let the tenant change its sign-in code or subscription, even with a direct query', async () => {
    const before = await clientRow(orgA.clientId);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: COMPANY,
      headers: bearer(orgA.token),
      payload: { ...validProfile, code: 1, subscriptionExpiresOn: '2099-12-31' },
    });
    expect(res.statusCode).toBe(200);
    const after = await clientRow(orgA.clientId);
    expect(after.code).toBe(before.code);
    expect(after.subscriptionExpiresOn).toBe(before.subscriptionExpiresOn);
    await expect(
      inTenant(ctx.database.db, orgA.clientId, (tx) => tx.update(clients).set({ subscriptionExpiresOn: '2099-12-31' }).where(eq(clients.id, orgA.clientId))),
    ).rejects.toThrow();
    await expect(
      inTenant(ctx.database.db, orgA.clientId, (tx) => tx.update(clients).set({ code: 424242 }).where(eq(clients.id, orgA.clientId))),
    ).rejects.toThrow();
    // Row-level security: another organisation's row is not even visible to update.
    const touched = await inTenant(ctx.database.db, orgA.clientId, (tx) =>
      tx.update(clients).set({ name: 'Hijacked' }).where(eq(clients.id, orgB.clientId)).returning(),
    );
    expect(touched).toHaveLength(0);
    expect((await clientRow(orgB.clientId)).name).toBe('Baidoa Water');
    // The operator (owner role) still can.
    await inSystem(ctx.database.db, (tx) => tx.execute(sql`update clients set subscription_expires_on = '2099-12-31' where id = ${orgA.clientId}`));
    expect((await clientRow(orgA.clientId)).subscriptionExpiresOn).toBe('2099-12-31');
  });
});

describe('logo and signature', () => {
  it('accepts a real PNG, serves it back to the organisation only, replaces and clears it', async () => {
    const from = await lastAuditId(ctx, orgA.clientId);
    const res = await upload(orgA.token, 'logo', multipartFile('../../etc/My Logo.png', TINY_PNG));
    expect(res.statusCode).toBe(200);
    const profile = res.json();
    expect(profile.logoFileId).toMatch(/^[0-9a-f-]{36}$/);
    expect(profile.logoUrl).toBe(`/api/files/${profile.logoFileId}`);

    const file = await ctx.app.inject({ method: 'GET', url: profile.logoUrl, headers: bearer(orgA.token) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toBe(`inline; filename="My Logo.png"; filename*=UTF-8''My%20Logo.png`);
    expect(Buffer.compare(file.rawPayload, TINY_PNG)).toBe(0);

    // Org B: the same URL is 404, and B's own profile is untouched.
    expect((await ctx.app.inject({ method: 'GET', url: profile.logoUrl, headers: bearer(orgB.token) })).statusCode).toBe(404);
    expect((await clientRow(orgB.clientId)).logoFileId).toBeNull();

    // Replacing removes the old file.
    const again = (await upload(orgA.token, 'logo', multipartFile('logo2.png', TINY_PNG))).json();
    expect(again.logoFileId).not.toBe(profile.logoFileId);
    expect((await ctx.app.inject({ method: 'GET', url: profile.logoUrl, headers: bearer(orgA.token) })).statusCode).toBe(404);
    expect(await fileCount(orgA.clientId)).toBe(1);

    const cleared = await ctx.app.inject({ method: 'DELETE', url: `${COMPANY}/logo`, headers: bearer(orgA.token) });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ logoFileId: null, logoUrl: null });
    expect(await fileCount(orgA.clientId)).toBe(0);

    const audit = await auditRows(ctx, orgA.clientId, { entity: 'company.logo', afterId: from });
    expect(audit.map((a) => a.action)).toEqual(['update', 'update', 'delete']);
    expect(audit[0]).toMatchObject({ before: { fileId: null }, after: { fileId: profile.logoFileId, mime: 'image/png', size: TINY_PNG.length } });
    expect(audit[1]).toMatchObject({ before: { fileId: profile.logoFileId }, after: { fileId: again.logoFileId } });
    expect(audit[2]).toMatchObject({ before: { fileId: again.logoFileId }, after: { fileId: null } });
  });

  it('accepts JPEG and WEBP signatures by their bytes, whatever the declared type', async () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);
    const res = await upload(orgA.token, 'signature', multipartFile('sign.bin', jpeg, 'application/octet-stream'));
    expect(res.statusCode).toBe(200);
    const file = await ctx.app.inject({ method: 'GET', url: res.json().signatureUrl, headers: bearer(orgA.token) });
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['content-disposition']).toContain('filename="sign.jpg"');

    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(40, 2)]);
    const res2 = await upload(orgA.token, 'signature', multipartFile('sign.webp', webp, 'image/webp'));
    expect(res2.statusCode).toBe(200);
    const file2 = await ctx.app.inject({ method: 'GET', url: res2.json().signatureUrl, headers: bearer(orgA.token) });
    expect(file2.headers['content-type']).toBe('image/webp');
  });

  it('refuses a text file renamed .png with a field error (Somali too), storing nothing', async () => {
    const filesBefore = await fileCount(orgA.clientId);
    const before = await clientRow(orgA.clientId);
    const fake = multipartFile('logo.png', Buffer.from('<svg onload="alert(1)">not an image</svg>'), 'image/png');
    const res = await upload(orgA.token, 'logo', fake);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', details: [{ field: 'file', message: 'Only PNG, JPEG or WEBP images are allowed.' }] });
    const so = await upload(orgA.token, 'logo', fake, 'so');
    expect(so.json().details).toEqual([{ field: 'file', message: 'Sawirrada PNG, JPEG ama WEBP oo keliya ayaa la oggol yahay.' }]);
    expect(await fileCount(orgA.clientId)).toBe(filesBefore);
    expect(await clientRow(orgA.clientId)).toEqual(before);
  });

  it('refuses a file over 2 MiB with 413, and a request without a file with a field error', async () => {
    const filesBefore = await fileCount(orgA.clientId);
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(2 * 1024 * 1024 + 10, 0)]);
    const res = await upload(orgA.token, 'logo', multipartFile('big.png', big));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'TOO_LARGE', message: 'The file is too large.' });
    expect(await fileCount(orgA.clientId)).toBe(filesBefore);

    const none = await ctx.app.inject({ method: 'POST', url: `${COMPANY}/logo`, headers: bearer(orgA.token), payload: { file: 'x' } });
    expect(none.statusCode).toBe(400);
    expect(none.json().details).toEqual([{ field: 'file', message: 'Choose a file to upload.' }]);
    const empty = await upload(orgA.token, 'logo', multipartFile('empty.png', Buffer.alloc(0)));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details[0].field).toBe('file');
  });
});

describe('company access', () => {
  it('answers 403 to a user without company-profile and changes nothing', async () => {
    const staff = await staffUser(ctx, orgA, ['list-cities']);
    const before = await clientRow(orgA.clientId);
    const filesBefore = await fileCount(orgA.clientId);
    const auditBefore = await lastAuditId(ctx, orgA.clientId);
    const responses = [
      await ctx.app.inject({ method: 'GET', url: COMPANY, headers: bearer(staff.token) }),
      await ctx.app.inject({ method: 'PUT', url: COMPANY, headers: bearer(staff.token), payload: { ...validProfile, name: 'Mine now' } }),
      await upload(staff.token, 'logo', multipartFile('x.png', TINY_PNG)),
      await ctx.app.inject({ method: 'DELETE', url: `${COMPANY}/signature`, headers: bearer(staff.token) }),
      await ctx.app.inject({ method: 'GET', url: '/api/elc/settings/subscription', headers: bearer(staff.token) }),
    ];
    for (const res of responses) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect(await clientRow(orgA.clientId)).toEqual(before);
    expect(await fileCount(orgA.clientId)).toBe(filesBefore);
    expect(await lastAuditId(ctx, orgA.clientId)).toBe(auditBefore);

    // Any signed-in user of the organisation may still view its images (documents print them).
    expect(before.signatureFileId).not.toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url: `/api/files/${before.signatureFileId}`, headers: bearer(staff.token) })).statusCode).toBe(200);
  });

  it('keeps organisation B profile apart from A', async () => {
    const resB = await ctx.app.inject({ method: 'PUT', url: COMPANY, headers: bearer(orgB.token), payload: { ...validProfile, name: 'Baidoa Water Agency' } });
    expect(resB.statusCode).toBe(200);
    expect(resB.json().id).toBe(orgB.clientId);
    expect((await clientRow(orgA.clientId)).name).toBe('Berbera Electric Co.');
    const readA = await ctx.app.inject({ method: 'GET', url: COMPANY, headers: bearer(orgA.token) });
    expect(readA.json().name).toBe('Berbera Electric Co.');
  });
});
