import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { inSystem, inTenant } from '../../db/tenant.ts';
import { bearer, newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { clients } from '../organisations/index.ts';
import { multipartFile, staffUser, TINY_PNG } from '../settings/test-support.ts';
import { files } from './files.tables.ts';
import { detectImageType } from './image-type.ts';
import { safeFilename } from './image-upload.ts';

describe('image recognition', () => {
  it('goes by the bytes, not the name', () => {
    expect(detectImageType(TINY_PNG)).toBe('image/png');
    expect(detectImageType(Buffer.from([0xff, 0xd8, 0xff, 0xdb, 0, 0]))).toBe('image/jpeg');
    expect(detectImageType(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8L')]))).toBe('image/webp');
    expect(detectImageType(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt ')]))).toBeNull();
    expect(detectImageType(Buffer.from('GIF89a'))).toBeNull();
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(TINY_PNG.subarray(0, 7))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
  });

  it('keeps a safe file name with the extension of the real type', () => {
    expect(safeFilename('C:\\fakepath\\photo.PNG', 'image/png')).toBe('photo.png');
    expect(safeFilename('../../etc/passwd', 'image/jpeg')).toBe('passwd.jpg');
    expect(safeFilename('evil".png', 'image/png')).toBe('evil.png');
    expect(safeFilename('a\r\nb;c.webp', 'image/webp')).toBe('abc.webp');
    expect(safeFilename(undefined, 'image/png')).toBe('image.png');
    expect(safeFilename('.png', 'image/png')).toBe('image.png');
    expect(safeFilename('Sawirka shirkadda.jpeg', 'image/jpeg')).toBe('Sawirka shirkadda.jpg');
  });
});

describe('GET /api/files/:id', () => {
  let ctx: TestContext;
  let orgA: Awaited<ReturnType<typeof newOrganisation>>;
  let orgB: Awaited<ReturnType<typeof newOrganisation>>;
  let fileA: string;

  beforeAll(async () => {
    ctx = await startTestApp();
    orgA = await newOrganisation(ctx, { name: 'Garowe Power' });
    orgB = await newOrganisation(ctx, { name: 'Bosaso Water' });
    const body = multipartFile('logo.png', TINY_PNG);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/elc/settings/company/logo',
      payload: body.payload,
      headers: { ...bearer(orgA.token), ...body.headers },
    });
    fileA = res.json().logoFileId;
  });
  afterAll(() => ctx.close());

  it('streams the file to any signed-in user of its organisation', async () => {
    const staff = await staffUser(ctx, orgA, []);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/files/${fileA}`, headers: bearer(staff.token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="logo\.png"/);
    expect(res.rawPayload.equals(TINY_PNG)).toBe(true);
  });

  it('answers 404 to another organisation, for unknown and malformed ids, and 401 without a token', async () => {
    for (const url of [`/api/files/${fileA}`, `/api/files/${fileA.toUpperCase()}`]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(orgB.token) });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/files/${encodeURIComponent(id)}`, headers: bearer(orgA.token) });
      expect(res.statusCode).toBe(404);
    }
    expect((await ctx.app.inject({ method: 'GET', url: `/api/files/${fileA}` })).statusCode).toBe(401);
  });

  it('lets the database refuse pointing a profile at another organisation file, and hides it from B', async () => {
    const visibleToB = await inTenant(ctx.database.db, orgB.clientId, (tx) => tx.select({ id: files.id }).from(files).where(eq(files.id, fileA)));
    expect(visibleToB).toHaveLength(0);
    await expect(
      inTenant(ctx.database.db, orgB.clientId, (tx) => tx.update(clients).set({ logoFileId: fileA }).where(eq(clients.id, orgB.clientId))),
    ).rejects.toThrow();
    const deleted = await inTenant(ctx.database.db, orgB.clientId, (tx) => tx.delete(files).where(eq(files.id, fileA)).returning());
    expect(deleted).toHaveLength(0);
    const stillThere = await inSystem(ctx.database.db, (tx) => tx.select({ id: files.id }).from(files).where(eq(files.id, fileA)));
    expect(stillThere).toHaveLength(1);
    const [b] = await inSystem(ctx.database.db, (tx) => tx.select().from(clients).where(eq(clients.id, orgB.clientId)));
    expect(b.logoFileId).toBeNull();
  });
});
