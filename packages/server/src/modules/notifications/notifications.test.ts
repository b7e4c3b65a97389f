// The profile screen and the navbar bell through the API: own profile fields with field-level errors,
// the signature image (stored in files, replaced, removed, printed on the vendor payment voucher of the
// user who made it once uploaded and not before), and the
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
import { accountIdByCode, postTestVendorBill } from '../vendors/vendors-test-kit.ts';
import { accountsByCode } from '../../ledger/ledger-test-kit.ts';
import { deflateSync, crc32 } from 'node:zlib';
import { waitForJobs } from '../jobs/index.ts';
import { writeFileSync } from 'node:fs';

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

/** A 240x80 PNG of a blue hand-drawn-looking stroke on a transparent ground: a signature to print. */
function signaturePng(): Buffer {
  const width = 240;
  const height = 80;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 4); // filter byte 0, then RGBA
    for (let x = 0; x < width; x++) {
      const curve = height / 2 + Math.sin(x / 14) * 22 * Math.cos(x / 57);
      if (Math.abs(y - curve) < 2.2) row.set([20, 40, 160, 255], 1 + x * 4);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Image XObjects in a PDF (pdfkit writes one per embedded image, and one more for a PNG's transparency). */
const imagesIn = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Subtype \/Image\b/g) ?? []).length;

describe('the signature on the documents its owner signs', () => {
  it('prints the preparer’s signature on the payment voucher once uploaded, and not before', async () => {
    const payer = await staffUser(ctx, org, ['pay-bill']);
    const vendor = await ctx.app.inject({ method: 'POST', url: '/api/elc/vendors', headers: bearer(org.token), payload: { name: 'Hormuud Supplies' } });
    expect(vendor.statusCode, vendor.body).toBe(201);
    const cashId = await accountIdByCode(ctx, org.clientId, '1010');
    await postTestVendorBill(ctx, org.clientId, vendor.json().id, '40.00', '2026-03-01');
    const paid = await ctx.app.inject({
      method: 'POST',
      url: '/api/elc/vendor-payments',
      headers: bearer(payer.token),
      payload: { vendorId: vendor.json().id, accountId: cashId, method: 'cash', date: '2026-04-01', amount: '40.00', reference: 'advance' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const voucher = async () => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/elc/vendor-payments/${paid.json().id}/voucher.pdf`, headers: bearer(payer.token) });
      expect(res.statusCode).toBe(200);
      return res.rawPayload;
    };
    expect(imagesIn(await voucher())).toBe(0);
    const png = multipartFile('signature.png', signaturePng());
    const up = await ctx.app.inject({
      method: 'POST',
      url: '/api/dashboard/upload-signature',
      headers: { ...bearer(payer.token), ...png.headers },
      payload: png.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    const signed = await voucher();
    expect(imagesIn(signed)).toBe(2); // the signature and its transparency mask
    if (process.env.SIGNATURE_PDF_OUT) writeFileSync(process.env.SIGNATURE_PDF_OUT, signed); // to look at the page
    // Removed, it is no longer printed.
    await ctx.app.inject({ method: 'DELETE', url: '/api/dashboard/upload-signature', headers: bearer(payer.token) });
    expect(imagesIn(await voucher())).toBe(0);
  });

  it('hands the cheque its preparer’s signature to print (the cheque sheet is printed by the browser)', async () => {
    const writer = await staffUser(ctx, org, ['write-check']);
    const accounts = await accountsByCode(ctx.database.db, org.clientId);
    const written = await ctx.app.inject({
      method: 'POST',
      url: '/api/finance/writecheck',
      headers: bearer(writer.token),
      payload: {
        bankAccountId: accounts['1030'],
        date: '2026-04-02',
        payeeType: 'other',
        payeeName: 'Hormuud Telecom',
        amount: '25.00',
        lines: [{ accountId: accounts['6140'], amount: '25.00' }],
      },
    });
    expect(written.statusCode, written.body).toBe(201);
    const cheque = async () =>
      (await ctx.app.inject({ method: 'GET', url: `/api/finance/writecheck/${written.json().id}`, headers: bearer(writer.token) })).json();
    expect((await cheque()).preparedBySignatureFileId).toBeNull();
    const image = signaturePng();
    const png = multipartFile('signature.png', image);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/dashboard/upload-signature',
      headers: { ...bearer(writer.token), ...png.headers },
      payload: png.payload,
    });
    const fileId = (await cheque()).preparedBySignatureFileId;
    expect(fileId).toEqual(expect.any(String));
    // The sheet loads the image through the files route, as anyone who may print the cheque.
    const served = await ctx.app.inject({ method: 'GET', url: `/api/files/${fileId}`, headers: bearer(org.token) });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(image)).toBe(true);
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

  it('counts a payroll generated (for who generated it, until seen) and waiting for approval (for approvers, never its generator)', async () => {
    const clerkOfPayroll = await staffUser(ctx, org, ['payroll', 'approve-payroll']); // may approve, but not their own run
    const approver = await staffUser(ctx, org, ['approve-payroll', 'payroll']);
    const post = async (path: string, body: object) => {
      const res = await ctx.app.inject({ method: 'POST', url: `/api/hr/${path}`, headers: bearer(org.token), payload: body });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const departmentId = await post('departments', { name: 'Meter reading' });
    const jobTitleId = await post('job-titles', { name: 'Meter reader' });
    await post('employees', {
      firstName: 'Ayaan',
      lastName: 'Warsame',
      sex: 'female',
      hireDate: '2026-01-01',
      departmentId,
      jobTitleId,
      employmentType: 'permanent',
      paymentMethod: 'cash',
      basicSalary: '400.00',
      currency: 'USD',
    });
    const bell = async (token: string, lang = 'en') =>
      (await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: { ...bearer(token), 'x-lang': lang } })).json() as {
        count: number;
        groups: { key: string; count: number; marksSeen: boolean; items: { text: string; path: string }[] }[];
      };
    const group = (b: Awaited<ReturnType<typeof bell>>, key: string) => b.groups.find((g) => g.key === key);
    const queued = await ctx.app.inject({
      method: 'POST',
      url: '/api/hr/payroll/runs',
      headers: bearer(clerkOfPayroll.token),
      payload: { period: '2026-04', departmentId },
    });
    expect(queued.statusCode, queued.body).toBe(202);
    await waitForJobs(ctx.app.db);
    const job = (await ctx.app.inject({ method: 'GET', url: `/api/hr/payroll/jobs/${queued.json().jobId}`, headers: bearer(clerkOfPayroll.token) })).json();
    expect(job.status).toBe('done');

    const own = await bell(clerkOfPayroll.token);
    expect(group(own, 'payroll-runs')).toMatchObject({ count: 1, marksSeen: true });
    expect(group(own, 'payroll-runs')?.items[0]).toEqual(
      expect.objectContaining({ text: 'Payroll for April 2026 generated', path: `/hr-settings/payroll/${job.runId}` }),
    );
    expect(group(own, 'payroll-approvals')?.count ?? 0).toBe(0);
    const forApprover = await bell(approver.token, 'so');
    expect(group(forApprover, 'payroll-approvals')?.count).toBe(1);
    expect(group(forApprover, 'payroll-approvals')?.items[0]).toEqual(expect.objectContaining({ path: `/hr-settings/payroll/${job.runId}` }));
    expect(group(forApprover, 'payroll-approvals')?.items[0].text).toMatch(/^Mushaharka PR-\S+ \(Abriil 2026\) wuxuu sugayaa ansixintaada$/);
    expect(group(forApprover, 'payroll-runs')?.count ?? 0).toBe(0);
    expect(group(await bell(clerk.token), 'payroll-approvals')?.count ?? 0).toBe(0);

    // Seen: the generated run no longer counts; approved, it no longer waits.
    const seen = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/seen',
      headers: bearer(clerkOfPayroll.token),
      payload: { key: 'payroll-runs' },
    });
    expect(seen.statusCode).toBe(200);
    expect(group(await bell(clerkOfPayroll.token), 'payroll-runs')?.count ?? 0).toBe(0);
    const approved = await ctx.app.inject({ method: 'POST', url: `/api/hr/payroll/runs/${job.runId}/approve`, headers: bearer(approver.token), payload: {} });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(group(await bell(approver.token), 'payroll-approvals')?.count ?? 0).toBe(0);
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
