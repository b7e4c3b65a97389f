// HR documents (issue 16, presentation): the headcount and leave balance reports, every payslip of a run in
// one PDF, payslips sent by e-mail (PDF attached, through the outbox to a local SMTP server) and by SMS, and
// the employee's photo. Each refuses bad input with a field message in the caller's language and changes
// nothing, and keeps to its organisation and privilege.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { inSystem } from '../../db/tenant.ts';
import { bearer, newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { tableSnapshot } from '../../../test/table-snapshot.ts';
import { staffUser } from '../settings/test-support.ts';
import { waitForJobs } from '../jobs/index.ts';
import { pdfText } from '../document-print/pdf-inspect-test-kit.ts';
import { type LocalSmtp, startLocalSmtp, storedEmails } from '../email/email-test-kit.ts';

// The local SMTP server is on loopback; the dispatcher runs only when kicked, retries at once.
process.env.EMAIL_SMTP_ALLOW_HOSTS = '127.0.0.1';
process.env.EMAIL_DISPATCH_INTERVAL_MS = '0';
process.env.EMAIL_RETRY_BASE_MS = '0';

let ctx: TestContext;
let smtp: LocalSmtp;
let orgA: Awaited<ReturnType<typeof newOrganisation>>;
let orgB: Awaited<ReturnType<typeof newOrganisation>>;
let ids: { finance: number; technical: number; meters: number; jobTitle: number; annual: number; sick: number; cash: number };

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object, lang = 'en', headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, payload, headers: { ...bearer(token), 'x-lang': lang, ...headers } });
type Res = Awaited<ReturnType<typeof call>>;
const json = (res: Res, status: number) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const fields = (res: Res) => {
  expect(res.statusCode, res.body).toBe(400);
  return Object.fromEntries((res.json().details as { field: string; message: string }[]).map((d) => [d.field, d.message]));
};
const snapshot = () => tableSnapshot(ctx.database.db);

let counter = 0;
async function hire(body: Record<string, unknown> = {}) {
  counter += 1;
  return json(
    await call(orgA.token, 'POST', '/api/hr/employees', {
      number: `D-${String(counter).padStart(3, '0')}`,
      firstName: `Worker${counter}`,
      lastName: 'Ali',
      sex: 'female',
      hireDate: '2025-03-01',
      departmentId: ids.finance,
      jobTitleId: ids.jobTitle,
      employmentType: 'permanent',
      paymentMethod: 'cash',
      basicSalary: '800.00',
      currency: 'USD',
      ...body,
    }),
    201,
  ).id as number;
}

let amina: number;
let omar: number;
let hodan: number;
let faisal: number;
let idil: number;

beforeAll(async () => {
  ctx = await startTestApp();
  smtp = await startLocalSmtp();
  orgA = await newOrganisation(ctx, { name: 'Hargeisa Electric' });
  orgB = await newOrganisation(ctx, { name: 'Burao Water' });
  const make = async (path: string, body: object) => json(await call(orgA.token, 'POST', `/api/hr/${path}`, body), 201).id as number;
  const [cash] = await inSystem(ctx.database.db, (tx) =>
    queryRows<{ id: number }>(tx, sql`select id from accounts where client_id = ${orgA.clientId} and code = '1010'`),
  );
  const finance = await make('departments', { name: 'Finance' });
  const technical = await make('departments', { name: 'Technical' });
  ids = {
    finance,
    technical,
    meters: await make('sub-sections', { name: 'Meters', departmentId: technical }),
    jobTitle: await make('job-titles', { name: 'Officer' }),
    annual: await make('leave-types', { name: 'Annual leave', daysPerYear: 24, isPaid: true }),
    sick: await make('leave-types', { name: 'Sick leave', daysPerYear: 12, isPaid: true }),
    cash: cash.id,
  };
  // Finance: Amina (hired 2025), Omar (man, hired in 2026-02); Technical/Meters: Hodan (on leave), Faisal
  // (terminated 2026-03-15), Technical without sub-section: Idil (suspended).
  amina = await hire({ email: 'amina@staff.example', phone: '0634000001' });
  omar = await hire({ sex: 'male', hireDate: '2026-02-01', phone: '0634000002' });
  hodan = await hire({ departmentId: technical, subSectionId: ids.meters, phone: '6123456789' });
  faisal = await hire({ sex: 'male', departmentId: technical, subSectionId: ids.meters, email: 'faisal@staff.example' });
  idil = await hire({ departmentId: technical });
  json(await call(orgA.token, 'PATCH', `/api/hr/employees/${hodan}/status`, { status: 'OnLeave' }), 200);
  json(await call(orgA.token, 'PATCH', `/api/hr/employees/${idil}/status`, { status: 'Suspended' }), 200);
  json(
    await call(orgA.token, 'PATCH', `/api/hr/employees/${faisal}/status`, { status: 'Terminated', terminatedOn: '2026-03-15', terminationReason: 'Resigned' }),
    200,
  );
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

describe('headcount report', () => {
  it('counts statuses by department and sub-section, hires and leavers in the period, current staff by sex', async () => {
    const r = json(await call(orgA.token, 'GET', '/api/hr/reports/headcount?from=2026-01-01&to=2026-12-31'), 200);
    const row = (department: string, subSection: string | null) =>
      r.rows.find((x: { department: string; subSection: string | null }) => x.department === department && x.subSection === subSection);
    expect(row('Finance', null)).toMatchObject({ active: 2, onLeave: 0, suspended: 0, terminated: 0, total: 2, hires: 1, leavers: 0, male: 1, female: 1 });
    expect(row('Technical', 'Meters')).toMatchObject({ active: 0, onLeave: 1, terminated: 1, total: 2, hires: 0, leavers: 1, male: 0, female: 1 });
    expect(row('Technical', null)).toMatchObject({ suspended: 1, total: 1, female: 1 });
    expect(r.departments.map((d: { department: string; total: number }) => `${d.department}:${d.total}`)).toEqual(['Finance:2', 'Technical:3']);
    expect(r.totals).toMatchObject({ total: 5, active: 2, onLeave: 1, suspended: 1, terminated: 1, hires: 1, leavers: 1, male: 1, female: 3 });
    // Outside the period nobody was hired or left; a department filter keeps to it.
    const before = json(await call(orgA.token, 'GET', `/api/hr/reports/headcount?from=2025-01-01&to=2025-12-31&departmentId=${ids.technical}`), 200);
    expect(before.totals).toMatchObject({ total: 3, hires: 3, leavers: 0 });
    expect(before.rows.every((x: { department: string }) => x.department === 'Technical')).toBe(true);
  });

  it('exports CSV and Excel in the caller language', async () => {
    const csv = await call(orgA.token, 'GET', '/api/hr/reports/headcount/export?from=2026-01-01&to=2026-12-31&format=csv', undefined, 'so');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Qaybta hoose');
    expect(csv.body).toContain('Meters');
    const xlsx = await call(orgA.token, 'GET', '/api/hr/reports/headcount/export?from=2026-01-01&to=2026-12-31&format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('refuses a reversed period with a field message in Somali; other organisations and users without the privilege see nothing', async () => {
    expect(fields(await call(orgA.token, 'GET', '/api/hr/reports/headcount?from=2026-12-31&to=2026-01-01', undefined, 'so'))).toEqual({
      to: 'Taariikhda dhammaadku kama horrayn karto taariikhda bilowga.',
    });
    expect(Object.keys(fields(await call(orgA.token, 'GET', '/api/hr/reports/headcount?from=2026-02-30&to=2026-03-01')))).toEqual(['from']);
    expect(json(await call(orgB.token, 'GET', '/api/hr/reports/headcount?from=2026-01-01&to=2026-12-31'), 200).rows).toEqual([]);
    const clerk = await staffUser(ctx, orgA, ['employee', 'leave-balance-report']);
    expect((await call(clerk.token, 'GET', '/api/hr/reports/headcount?from=2026-01-01&to=2026-12-31')).statusCode).toBe(403);
  });
});

describe('leave balances report', () => {
  it('has, per employee and type, what the employee page shows: accrued, taken (approved), pending, remaining', async () => {
    const leave = async (employeeId: number, leaveTypeId: number, startDate: string, endDate: string) =>
      json(await call(orgA.token, 'POST', '/api/hr/leaves', { employeeId, leaveTypeId, startDate, endDate }), 201).id as number;
    const approved = await leave(amina, ids.annual, '2026-04-05', '2026-04-08');
    json(await call(orgA.token, 'PATCH', `/api/hr/leaves/${approved}/decision`, { decision: 'Approved' }), 200);
    await leave(amina, ids.sick, '2026-05-03', '2026-05-03');
    await leave(omar, ids.annual, '2026-06-07', '2026-06-08');

    const r = json(await call(orgA.token, 'GET', '/api/hr/reports/leave-balances?year=2026'), 200);
    // Terminated Faisal is not listed; everybody else has both types.
    expect(new Set(r.rows.map((x: { employeeId: number }) => x.employeeId))).toEqual(new Set([amina, omar, hodan, idil]));
    for (const employeeId of [amina, omar]) {
      const page = json(await call(orgA.token, 'GET', `/api/hr/employees/${employeeId}/leave-balances?year=2026`), 200);
      for (const b of page.rows) {
        const line = r.rows.find((x: { employeeId: number; leaveTypeId: number }) => x.employeeId === employeeId && x.leaveTypeId === b.leaveTypeId);
        expect(line).toMatchObject({ accrued: b.accrued, taken: b.taken, pending: b.pending, remaining: b.remaining });
      }
    }
    const annualAmina = r.rows.find((x: { employeeId: number; leaveTypeId: number }) => x.employeeId === amina && x.leaveTypeId === ids.annual);
    expect(Number(annualAmina.taken)).toBeGreaterThan(0);
    expect(Number(annualAmina.remaining)).toBe(24 - Number(annualAmina.taken));
    // Omar was hired in February: 11 months of 24 days.
    expect(r.rows.find((x: { employeeId: number; leaveTypeId: number }) => x.employeeId === omar && x.leaveTypeId === ids.annual).accrued).toBe('22.0');

    const sickFinance = json(
      await call(orgA.token, 'GET', `/api/hr/reports/leave-balances?year=2026&leaveTypeId=${ids.sick}&departmentId=${ids.finance}`),
      200,
    );
    expect(sickFinance.rows.map((x: { employeeId: number; leaveType: string }) => `${x.employeeId}:${x.leaveType}`)).toEqual([
      `${amina}:Sick leave`,
      `${omar}:Sick leave`,
    ]);
    const csv = await call(orgA.token, 'GET', '/api/hr/reports/leave-balances/export?year=2026&format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Annual leave');
  });

  it('refuses a year that is not one with a field message; others see nothing', async () => {
    expect(Object.keys(fields(await call(orgA.token, 'GET', '/api/hr/reports/leave-balances?year=abc', undefined, 'so')))).toEqual(['year']);
    expect(Object.keys(fields(await call(orgA.token, 'GET', '/api/hr/reports/leave-balances')))).toEqual(['year']);
    expect(json(await call(orgB.token, 'GET', '/api/hr/reports/leave-balances?year=2026'), 200).rows).toEqual([]);
    const clerk = await staffUser(ctx, orgA, ['employee', 'headcount-report']);
    expect((await call(clerk.token, 'GET', '/api/hr/reports/leave-balances?year=2026')).statusCode).toBe(403);
  });
});

describe('a run: all payslips in one PDF, payslips sent by e-mail and SMS', () => {
  let runId: number;
  let approver: Awaited<ReturnType<typeof staffUser>>;
  let payrollOnly: Awaited<ReturnType<typeof staffUser>>;

  beforeAll(async () => {
    approver = await staffUser(ctx, orgA, ['approve-payroll', 'payroll', 'send-email', 'send-sms']);
    payrollOnly = await staffUser(ctx, orgA, ['payroll']);
    const accepted = json(await call(orgA.token, 'POST', '/api/hr/payroll/runs', { period: '2026-07' }), 202);
    await waitForJobs(ctx.app.db);
    const job = json(await call(orgA.token, 'GET', `/api/hr/payroll/jobs/${accepted.jobId}`), 200);
    expect(job.status).toBe('done');
    runId = job.runId;
  });

  it('prints every payslip of the run, a page each, the same as each alone, in the caller language', async () => {
    const run = json(await call(orgA.token, 'GET', `/api/hr/payroll/runs/${runId}`), 200);
    expect(run.rows.length).toBe(4);
    // The organisation's logo is printed on every payslip (read with the payslip in one statement).
    const logo = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGOQyztBEmIY1TCqYfhqAAAXiFQQXpO5+gAAAABJRU5ErkJggg==', 'base64');
    const form = Buffer.concat([
      Buffer.from('--logo\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n'),
      logo,
      Buffer.from('\r\n--logo--\r\n'),
    ]);
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/api/elc/settings/company/logo',
      payload: form,
      headers: { ...bearer(orgA.token), 'content-type': 'multipart/form-data; boundary=logo' },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const res = await call(orgA.token, 'GET', `/api/hr/payroll/runs/${runId}/payslips/pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const all = res.rawPayload;
    expect(all.toString('latin1').match(/\/Type \/Page\b/g)?.length).toBe(4);
    const text = pdfText(all);
    for (const r of run.rows as { employeeId: number; employeeNumber: string; employeeName: string; net: string }[]) {
      expect(text).toContain(`${run.number} / ${r.employeeNumber}`);
      expect(text).toContain(r.employeeName);
      const alone = await call(orgA.token, 'GET', `/api/hr/payroll/runs/${runId}/payslips/${r.employeeId}/pdf`);
      expect(alone.statusCode).toBe(200);
      expect(alone.rawPayload.toString('latin1')).toContain('/Subtype /Image');
      const one = pdfText(alone.rawPayload);
      // The page of the run's PDF draws what the payslip alone draws.
      for (const line of one.split('\n').filter((l) => l.trim())) expect(text).toContain(line);
    }
    expect(text.match(/Page 1 of 1/g)?.length).toBe(4);
    expect(all.toString('latin1')).toContain('/Subtype /Image');
    const so = pdfText((await call(orgA.token, 'GET', `/api/hr/payroll/runs/${runId}/payslips/pdf`, undefined, 'so')).rawPayload);
    expect(so).toContain('Warqadda mushaharka');
    expect((await call(orgB.token, 'GET', `/api/hr/payroll/runs/${runId}/payslips/pdf`)).statusCode).toBe(404);
    const outsider = await staffUser(ctx, orgA, ['employee']);
    expect((await call(outsider.token, 'GET', `/api/hr/payroll/runs/${runId}/payslips/pdf`)).statusCode).toBe(403);
  });

  it('sends nothing from a draft run, nor without the channel privilege, nor by e-mail before SMTP is set up', async () => {
    const before = await snapshot();
    expect((await call(approver.token, 'POST', `/api/hr/payroll/runs/${runId}/send-payslips`, { channel: 'sms' }, 'so')).statusCode).toBe(409);
    json(await call(approver.token, 'POST', `/api/hr/payroll/runs/${runId}/approve`), 200);
    const approvedState = await snapshot();
    expect(approvedState).not.toEqual(before);
    expect((await call(payrollOnly.token, 'POST', `/api/hr/payroll/runs/${runId}/send-payslips`, { channel: 'sms' })).statusCode).toBe(403);
    const notConfigured = await call(approver.token, 'POST', `/api/hr/payroll/runs/${runId}/send-payslips`, { channel: 'email' });
    expect(notConfigured.statusCode).toBe(409);
    expect(fields(await call(approver.token, 'POST', `/api/hr/payroll/runs/${runId}/send-payslips`, { channel: 'fax' }, 'so'))).toHaveProperty('channel');
    expect((await call(orgB.token, 'POST', `/api/hr/payroll/runs/${runId}/send-payslips`, { channel: 'sms' })).statusCode).toBe(404);
    expect(await snapshot()).toEqual(approvedState);
  });

  it('sends by SMS to employees with a phone, skipping the others, and never twice', async () => {
    const sent = json(await call(approver.token, 'POST', `/api/hr/payroll/runs/${runId}/send-payslips`, { channel: 'sms', language: 'so' }), 200);
    expect(sent.sent).toBe(2);
    const reasons = Object.fromEntries(sent.skipped.map((s: { employeeId: number; reason: string }) => [s.employeeId, s.reason]));
    expect(reasons).toEqual({ [hodan]: 'invalid_phone', [idil]: 'no_phone' });
    const sms = await inSystem(ctx.database.db, (tx) =>
      queryRows<{ phone: string; body: string; kind: string; language: string }>(
        tx,
        sql`select phone, body, kind, language from sms_messages where client_id = ${orgA.clientId} order by phone`,
      ),
    );
    expect(sms.map((m) => m.phone)).toEqual(['+252634000001', '+252634000002']);
    expect(sms.every((m) => m.kind === 'payslip' && m.language === 'so')).toBe(true);
    const run = json(await call(orgA.token, 'GET', `/api/hr/payroll/runs/${runId}`), 200);
    const aminaNet = run.rows.find((r: { employeeId: number }) => r.employeeId === amina).net as string;
    expect(sms[0].body).toContain('Hargeisa Electric');
    expect(sms[0].body).toContain(Number(aminaNet).toLocaleString('en-US', { minimumFractionDigits: 2 }));
    expect(sms[0].body).toContain('saafi');
    const again = json(await call(approver.token, 'POST', `/api/hr/payroll/runs/${runId}/send-payslips`, { channel: 'sms' }), 200);
    expect(again.sent).toBe(0);
    expect(again.skipped.filter((s: { reason: string }) => s.reason === 'already_sent').length).toBe(2);
    const [{ n }] = await inSystem(ctx.database.db, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from sms_messages where client_id = ${orgA.clientId}`),
    );
    expect(n).toBe(2);
  });

  it('e-mails each payslip PDF through the outbox once; what arrives is the payslip', async () => {
    json(
      await call(orgA.token, 'PUT', '/api/email/settings', {
        host: smtp.host,
        port: smtp.port,
        security: 'none',
        username: null,
        password: null,
        fromAddress: 'hr@hargeisa.example',
        fromName: 'Hargeisa Electric',
        maxAttempts: 3,
        defaultLanguage: 'en',
      }),
      200,
    );
    const key = { 'idempotency-key': 'send-payslips-email-1' };
    const sent = json(await call(approver.token, 'POST', `/api/hr/payroll/runs/${runId}/send-payslips`, { channel: 'email' }, 'en', key), 200);
    expect(sent.sent).toBe(1);
    expect(Object.fromEntries(sent.skipped.map((s: { employeeId: number; reason: string }) => [s.employeeId, s.reason]))).toEqual({
      [omar]: 'no_email',
      [hodan]: 'no_email',
      [idil]: 'no_email',
    });
    // The same request again (a double click) is answered from the first, queueing nothing.
    const replay = await call(approver.token, 'POST', `/api/hr/payroll/runs/${runId}/send-payslips`, { channel: 'email' }, 'en', key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const queued = (await storedEmails(ctx, orgA.clientId)).filter((e) => e.kind === 'payslip');
    expect(queued.map((e) => e.recipient)).toEqual(['amina@staff.example']);
    await ctx.app.jobs.idle();
    await expect.poll(() => smtp.inbox.length).toBe(1);
    const mail = smtp.inbox[0].mail;
    expect(smtp.inbox[0].to).toEqual(['amina@staff.example']);
    expect(mail.subject).toContain('Payslip');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0].contentType).toBe('application/pdf');
    const text = pdfText(mail.attachments[0].content);
    expect(text).toContain('Worker1 Ali');
    expect(text).toContain('Payslip');
    const again = json(await call(approver.token, 'POST', `/api/hr/payroll/runs/${runId}/send-payslips`, { channel: 'email' }), 200);
    expect(again.sent).toBe(0);
    expect((await storedEmails(ctx, orgA.clientId)).filter((e) => e.kind === 'payslip')).toHaveLength(1);
  });
});

describe('employee photo', () => {
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  const upload = (token: string, id: number, content: Buffer, filename = 'face.png', lang = 'en') => {
    const boundary = '----hrdocs';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/hr/employees/${id}/photo`,
      payload,
      headers: { ...bearer(token), 'x-lang': lang, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  };

  it('uploads, shows, replaces and removes the photo', async () => {
    const first = json(await upload(orgA.token, amina, png), 200);
    expect(first.hasPhoto).toBe(true);
    const read = await call(orgA.token, 'GET', `/api/hr/employees/${amina}/photo`);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.rawPayload.equals(png)).toBe(true);
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);
    json(await upload(orgA.token, amina, jpeg, 'face.jpg'), 200);
    expect((await call(orgA.token, 'GET', `/api/hr/employees/${amina}/photo`)).headers['content-type']).toBe('image/jpeg');
    const photos = async () =>
      (
        await inSystem(ctx.database.db, (tx) =>
          queryRows<{ n: number }>(tx, sql`select count(*)::int as n from files where client_id = ${orgA.clientId} and purpose = 'employee-photo'`),
        )
      )[0].n;
    // The replaced file is gone: one photo stored.
    expect(await photos()).toBe(1);
    expect(json(await call(orgA.token, 'DELETE', `/api/hr/employees/${amina}/photo`), 200).hasPhoto).toBe(false);
    expect(await photos()).toBe(0);
    expect((await call(orgA.token, 'GET', `/api/hr/employees/${amina}/photo`)).statusCode).toBe(404);
  });

  it('refuses what is not an image with a field message in Somali, other organisations and users without the privilege, changing nothing', async () => {
    const payroll = await staffUser(ctx, orgA, ['payroll']);
    const before = await snapshot();
    expect(fields(await upload(orgA.token, omar, Buffer.from('%PDF-1.4 not an image'), 'cv.pdf', 'so'))).toHaveProperty('file');
    expect((await upload(orgB.token, omar, png)).statusCode).toBe(404);
    expect((await upload(payroll.token, omar, png)).statusCode).toBe(403);
    expect((await call(payroll.token, 'DELETE', `/api/hr/employees/${omar}/photo`)).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
    const big = Buffer.concat([png, Buffer.alloc(3 * 1024 * 1024)]);
    expect((await upload(orgA.token, omar, big)).statusCode).toBe(413);
    expect(await snapshot()).toEqual(before);
  });
});
