// E-mail through a real local SMTP server (smtp-server, started here, read back with mailparser): the SMTP
// settings (password sealed at rest, never answered), the test e-mail, send-email to customers, a zone and
// addresses with placeholders, a bill, a payment receipt and a customer statement e-mailed as PDF attachments, retry with back-off then success, never
// sent twice, the report, templates, access (403 changes nothing), tenant isolation and field errors.
// Retries are due at once (EMAIL_RETRY_BASE_MS=0) and the dispatcher runs only when kicked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { renderEmailTemplate } from '@ubo/contracts';
import { queryRows } from '../../db/rows.ts';
import { inSystem } from '../../db/tenant.ts';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { billingFactory } from '../metering/billing-test-kit.ts';
import { staffUser } from '../settings/test-support.ts';
import { pdfText } from '../document-print/pdf-inspect-test-kit.ts';
import { emailBackoffMs, sendDueEmails } from './dispatcher.ts';
import { type LocalSmtp, startLocalSmtp, storedEmails } from './email-test-kit.ts';
import { openPassword } from './password-box.ts';

process.env.EMAIL_SMTP_ALLOW_HOSTS = '127.0.0.1';
process.env.EMAIL_DISPATCH_INTERVAL_MS = '0';
process.env.EMAIL_RETRY_BASE_MS = '0';

let ctx: TestContext;
let orgA: Awaited<ReturnType<typeof newOrganisation>>;
let orgB: Awaited<ReturnType<typeof newOrganisation>>;
let a: ReturnType<typeof billingFactory>;
let b: ReturnType<typeof billingFactory>;
let smtp: LocalSmtp;
let zone: { id: number };
let sahra: { id: number };
let omar: { id: number };
let billId: number;

const PASSWORD = 'smtp-Pa55word-0123';

beforeAll(async () => {
  ctx = await startTestApp();
  orgA = await newOrganisation(ctx, { name: 'Hargeisa Electric' });
  orgB = await newOrganisation(ctx, { name: 'Burao Water' });
  a = billingFactory(ctx, orgA);
  b = billingFactory(ctx, orgB);
  smtp = await startLocalSmtp({ username: 'billing@hargeisa.example', password: PASSWORD });
  const tariff = await a.call(orgA.token, 'POST', '/api/elc/prices', {
    name: 'Residential 2025',
    customerClass: 'residential',
    effectiveFrom: '2025-01-01',
    serviceCharge: '2',
    taxPercent: '0',
    blocks: [{ from: '0', to: null, rate: '1' }],
  });
  expect(tariff.statusCode).toBe(201);
  zone = await a.zone();
  sahra = await a.customer({ name: 'Sahra Nur', email: 'sahra@example.com' });
  omar = await a.customer({ name: 'Omar Jaamac', email: 'omar@example.com' });
  const nomail = await a.customer({ name: 'No Mail' });
  for (const c of [sahra, omar, nomail]) {
    const house = await a.house({ customerId: c.id, zoneId: zone.id, installationReading: '100' });
    await a.reading({ houseId: house.id, period: '2025-04', currentReading: '110' });
  }
  const run = await a.call(orgA.token, 'POST', '/api/bills/saveCustomersBill', { period: '2025-04', zoneId: zone.id, issueDate: '2025-04-30' });
  expect(run.statusCode, run.body).toBe(201);
  const [bill] = await inSystem(ctx.database.db, (tx) =>
    queryRows<{ id: number }>(tx, sql`select id::int from bills where client_id = ${orgA.clientId} and customer_id = ${sahra.id}`),
  );
  billId = bill.id;
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const settings = (overrides: Record<string, unknown> = {}) => ({
  host: smtp.host,
  port: smtp.port,
  security: 'none',
  username: 'billing@hargeisa.example',
  password: PASSWORD,
  fromAddress: 'billing@hargeisa.example',
  fromName: 'Hargeisa Electric',
  maxAttempts: 3,
  defaultLanguage: 'en',
  ...overrides,
});

async function emailState(clientId: number) {
  const [row] = await inSystem(ctx.database.db, (tx) =>
    queryRows<Record<string, number>>(
      tx,
      sql`
      select (select count(*) from email_messages where client_id = ${clientId})::int as messages,
             (select count(*) from email_attachments where client_id = ${clientId})::int as attachments,
             (select count(*) from email_settings where client_id = ${clientId})::int as settings,
             (select count(*) from audit_log where client_id = ${clientId})::int as audit`,
    ),
  );
  return row;
}

const dispatched = () => ctx.app.jobs.idle();

describe('texts', () => {
  it('fills placeholders and backs off exponentially, at most an hour', () => {
    expect(renderEmailTemplate('Dear {name}, your balance is {balance} {currency}.', { name: 'Sahra', balance: '12.50', currency: 'USD' })).toBe(
      'Dear Sahra, your balance is 12.50 USD.',
    );
    expect(renderEmailTemplate('Dear {name}, hello {other}', {})).toBe('Dear, hello {other}');
    expect([1, 2, 3].map((n) => emailBackoffMs(60_000, n))).toEqual([60_000, 120_000, 240_000]);
    expect(emailBackoffMs(60_000, 30)).toBe(3_600_000);
  });
});

describe('SMTP settings', () => {
  it('refuses to send before the SMTP server is set, and writes nothing', async () => {
    const before = await emailState(orgA.clientId);
    const res = await a.call(orgA.token, 'POST', '/api/send-email', {
      target: { type: 'addresses', addresses: ['x@example.com'] },
      subject: 'Hi',
      message: 'Hi',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/SMTP/);
    expect(await emailState(orgA.clientId)).toEqual(before);
  });

  it('seals the password at rest and never answers it, only whether one is set', async () => {
    const res = await a.call(orgA.token, 'PUT', '/api/email/settings', settings());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ host: '127.0.0.1', port: smtp.port, security: 'none', hasPassword: true, configured: true });
    expect(res.body).not.toContain(PASSWORD);
    const read = await a.call(orgA.token, 'GET', '/api/email/settings');
    expect(read.body).not.toContain(PASSWORD);
    expect(read.json()).not.toHaveProperty('password');
    const [row] = await inSystem(ctx.database.db, (tx) =>
      queryRows<{ password_enc: string }>(tx, sql`select password_enc from email_settings where client_id = ${orgA.clientId}`),
    );
    expect(row.password_enc).toMatch(/^v1:/);
    expect(row.password_enc).not.toContain(PASSWORD);
    expect(openPassword(ctx.app.tokenSecret, row.password_enc)).toBe(PASSWORD);
    const audit = await inSystem(ctx.database.db, (tx) =>
      queryRows<{ after: unknown }>(tx, sql`select after from audit_log where client_id = ${orgA.clientId} and entity = 'email-settings'`),
    );
    expect(JSON.stringify(audit)).not.toContain(PASSWORD);
    // Saving without a password keeps the stored one.
    const { password: _p, ...withoutPassword } = settings();
    expect((await a.call(orgA.token, 'PUT', '/api/email/settings', withoutPassword)).json()).toMatchObject({ hasPassword: true });
  });

  it('sends the test e-mail through the SMTP server with the user and password', async () => {
    const before = smtp.inbox.length;
    const res = await a.call(orgA.token, 'POST', '/api/email/settings/test', { to: 'admin@hargeisa.example' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'sent', to: 'admin@hargeisa.example', error: null });
    expect(smtp.inbox).toHaveLength(before + 1);
    const got = smtp.inbox[before];
    expect(got.auth?.username).toBe('billing@hargeisa.example');
    expect(got.to).toEqual(['admin@hargeisa.example']);
    expect(got.mail.subject).toBe('Test e-mail from Hargeisa Electric');
    expect(got.mail.from?.value[0]).toMatchObject({ address: 'billing@hargeisa.example', name: 'Hargeisa Electric' });
  });

  it('refuses a private or loopback host unless the installation allows it, with a field error in the language', async () => {
    const before = await emailState(orgA.clientId);
    const res = await a.call(orgA.token, 'PUT', '/api/email/settings', settings({ host: '10.1.2.3' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([expect.objectContaining({ field: 'host' })]);
    const so = await a.call(orgA.token, 'PUT', '/api/email/settings', settings({ host: '169.254.169.254' }), 'so');
    expect(so.statusCode).toBe(400);
    expect(JSON.stringify(so.json().details)).toMatch(/shabakad gaar ah/);
    expect(await emailState(orgA.clientId)).toEqual(before);
  });

  it('gives field errors for bad input and changes nothing', async () => {
    const before = await emailState(orgA.clientId);
    const res = await a.call(orgA.token, 'PUT', '/api/email/settings', settings({ port: 70000, security: 'ssl3', fromAddress: 'not-an-address' }));
    expect(res.statusCode).toBe(400);
    const fields = (res.json().details as Array<{ field: string }>).map((f) => f.field).sort();
    expect(fields).toEqual(['fromAddress', 'port', 'security']);
    const send = await a.call(orgA.token, 'POST', '/api/send-email', {
      target: { type: 'addresses', addresses: ['ok@example.com', 'broken@'] },
      subject: 'Hello {nobody}',
      message: 'Hi',
    });
    expect(send.statusCode).toBe(400);
    expect(send.json().details).toEqual([expect.objectContaining({ field: 'subject' })]);
    const bad = await a.call(orgA.token, 'POST', '/api/send-email', {
      target: { type: 'addresses', addresses: ['ok@example.com', 'broken@'] },
      subject: 'Hi',
      message: 'Hi',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([expect.objectContaining({ field: 'target.addresses.1' })]);
    expect(await emailState(orgA.clientId)).toEqual(before);
  });
});

describe('sending', () => {
  it("e-mails a zone's customers with their names and balances, skipping who has no address", async () => {
    const before = smtp.inbox.length;
    const res = await a.call(orgA.token, 'POST', '/api/send-email', {
      target: { type: 'zone', zoneId: zone.id },
      subject: 'Water notice for {name}',
      message: 'Dear {name} ({customerNo}), your balance is {balance} {currency}. {company}',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ queued: 2, skipped: [{ customerName: 'No Mail', reason: 'no_email' }] });
    await dispatched();
    const got = smtp.inbox.slice(before);
    expect(got.map((g) => g.to[0]).sort()).toEqual(['omar@example.com', 'sahra@example.com']);
    const toSahra = got.find((g) => g.to[0] === 'sahra@example.com');
    expect(toSahra?.mail.subject).toBe('Water notice for Sahra Nur');
    expect(toSahra?.mail.text).toMatch(
      /^Dear Sahra Nur \(\S+\), your balance is 12\.00 \S*\s?\. Hargeisa Electric|^Dear Sahra Nur \(\S+\), your balance is 12\.00/,
    );
  });

  it('e-mails a bill as a PDF attachment in Somali, with the bill template', async () => {
    const recipient = await a.call(orgA.token, 'GET', `/api/email/documents/recipient?document=bill&id=${billId}`);
    expect(recipient.json()).toMatchObject({ email: 'sahra@example.com', name: 'Sahra Nur' });
    const before = smtp.inbox.length;
    const res = await a.call(orgA.token, 'POST', '/api/email/documents', { document: 'bill', id: billId, to: 'sahra@example.com', language: 'so' });
    expect(res.statusCode, res.body).toBe(200);
    await dispatched();
    expect(smtp.inbox).toHaveLength(before + 1);
    const { mail } = smtp.inbox[before];
    expect(mail.subject).toMatch(/^Biilkaaga \S+ ee Hargeisa Electric$/);
    expect(mail.text).toContain('Macmiil sharafta leh Sahra Nur');
    expect(mail.attachments).toHaveLength(1);
    const [pdf] = mail.attachments;
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.filename).toMatch(/^bill-.*\.pdf$/);
    expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-');
    const report = await a.call(orgA.token, 'GET', '/api/email-report?kind=bill');
    expect(report.json().data[0]).toMatchObject({ kind: 'bill', status: 'sent', recipient: 'sahra@example.com', attempts: 1, documentId: billId });
    expect(report.json().data[0].attachments[0]).toMatchObject({ filename: pdf.filename, size: pdf.size });
  });

  it('e-mails a payment receipt and the customer statement as PDFs, each with its own template', async () => {
    const accounts = (await a.call(orgA.token, 'GET', '/api/finance/payments/accounts')).json().data as Array<{ id: number; code: string }>;
    const paid = await a.call(orgA.token, 'POST', '/api/finance/payments', {
      customerId: sahra.id,
      amount: '5.00',
      date: '2025-05-10',
      accountId: (accounts.find((x) => x.code === '1010') ?? accounts[0]).id,
      method: 'cash',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const payment = paid.json() as { id: number; number: string };
    const recipient = await a.call(orgA.token, 'GET', `/api/email/documents/recipient?document=payment_receipt&id=${payment.id}`);
    expect(recipient.json()).toEqual({ email: 'sahra@example.com', name: 'Sahra Nur', documentNo: payment.number });
    const before = smtp.inbox.length;
    const receipt = await a.call(orgA.token, 'POST', '/api/email/documents', { document: 'payment_receipt', id: payment.id, to: 'sahra@example.com' });
    expect(receipt.statusCode, receipt.body).toBe(200);
    const statement = await a.call(orgA.token, 'POST', '/api/email/documents', {
      document: 'statement',
      id: sahra.id,
      to: 'sahra@example.com',
      language: 'so',
    });
    expect(statement.statusCode, statement.body).toBe(200);
    await dispatched();
    const got = smtp.inbox.slice(before);
    expect(got).toHaveLength(2);
    const toReceipt = got.find((g) => g.mail.subject?.startsWith('Payment receipt')) ?? got[0];
    const toStatement = got.find((g) => g !== toReceipt) ?? got[1];
    expect(toReceipt.mail.subject).toBe(`Payment receipt ${payment.number} from Hargeisa Electric`);
    expect(toReceipt.mail.text).toContain('Thank you for your payment of 5.00');
    expect(toReceipt.mail.text).toContain('Your balance is now 7.00');
    expect(toReceipt.mail.attachments.map((x) => [x.contentType, x.filename])).toEqual([['application/pdf', `receipt-${payment.number}.pdf`]]);
    const receiptText = pdfText(toReceipt.mail.attachments[0].content);
    expect(receiptText).toContain('Payment receipt');
    expect(receiptText).toContain('Sahra Nur');
    expect(receiptText).toContain('5.00');
    expect(toStatement.mail.subject).toMatch(/^Bayaanka xisaabtaada \S+ ee Hargeisa Electric$/);
    expect(toStatement.mail.text).toContain('Haraaga lagugu leeyahay waa 7.00');
    const [statementPdf] = toStatement.mail.attachments;
    expect(statementPdf.filename).toMatch(/^statement-.*\.pdf$/);
    const statementText = pdfText(statementPdf.content);
    expect(statementText).toContain('Bayaanka xisaabta macmiilka');
    expect(statementText).toContain('Haraaga lagu leeyahay');
    expect(statementText).toContain(payment.number); // the payment is a line of the statement
    const report = (await a.call(orgA.token, 'GET', '/api/email-report')).json().data as Array<{ kind: string; documentId: number; status: string }>;
    expect(report.filter((m) => m.kind === 'payment_receipt' || m.kind === 'statement').map((m) => [m.kind, m.documentId, m.status])).toEqual([
      ['statement', sahra.id, 'sent'],
      ['payment_receipt', payment.id, 'sent'],
    ]);
    // The statement needs the statement's privilege beside send-email; a receipt of another organisation is not found.
    const mailer = await staffUser(ctx, orgA, ['send-email']);
    const snapshot = await emailState(orgA.clientId);
    const denied = await a.call(mailer.token, 'POST', '/api/email/documents', { document: 'statement', id: sahra.id, to: 'sahra@example.com' });
    expect(denied.statusCode).toBe(403);
    const foreign = await b.call(orgB.token, 'GET', `/api/email/documents/recipient?document=payment_receipt&id=${payment.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(await emailState(orgA.clientId)).toEqual(snapshot);
  });

  it('retries a refused e-mail with back-off, then sends it once; never twice', async () => {
    smtp.refuseNext(1);
    const before = smtp.inbox.length;
    const res = await a.call(orgA.token, 'POST', '/api/send-email', {
      target: { type: 'addresses', addresses: ['retry@example.com'] },
      subject: 'Retry',
      message: 'Once',
    });
    const [id] = res.json().messageIds as number[];
    await dispatched();
    let mine = (await storedEmails(ctx, orgA.clientId)).find((m) => m.id === id);
    if (mine?.status === 'queued') {
      expect(mine).toMatchObject({ attempts: 1, last_error: expect.stringMatching(/451/) });
      ctx.app.jobs.kick('email.dispatch');
      await dispatched();
      mine = (await storedEmails(ctx, orgA.clientId)).find((m) => m.id === id);
    }
    expect(mine).toMatchObject({ status: 'sent', attempts: 2 });
    // Further rounds find nothing due: the e-mail arrived exactly once.
    await sendDueEmails({ db: ctx.database.db, tokenSecret: ctx.app.tokenSecret, intervalMs: 0, retryBaseMs: 0, timeoutMs: 5000 });
    expect(smtp.inbox.slice(before).filter((g) => g.to[0] === 'retry@example.com')).toHaveLength(1);
  });

  it('marks an e-mail failed after the last attempt; a manual retry sends it', async () => {
    await a.call(orgA.token, 'PUT', '/api/email/settings', settings({ maxAttempts: 2 }));
    smtp.refuseNext(2);
    const res = await a.call(orgA.token, 'POST', '/api/send-email', {
      target: { type: 'addresses', addresses: ['fail@example.com'] },
      subject: 'Fail',
      message: 'Twice',
    });
    const [id] = res.json().messageIds as number[];
    for (let i = 0; i < 3; i++) {
      await sendDueEmails({ db: ctx.database.db, tokenSecret: ctx.app.tokenSecret, intervalMs: 0, retryBaseMs: 0, timeoutMs: 5000 });
    }
    await dispatched();
    expect((await storedEmails(ctx, orgA.clientId)).find((m) => m.id === id)).toMatchObject({ status: 'failed', attempts: 2 });
    const report = await a.call(orgA.token, 'GET', '/api/email-report?status=failed');
    expect(report.json().data.map((m: { id: number }) => m.id)).toContain(id);
    expect((await a.call(orgA.token, 'POST', `/api/email/messages/${id}/retry`)).statusCode).toBe(200);
    await dispatched();
    expect((await storedEmails(ctx, orgA.clientId)).find((m) => m.id === id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect((await a.call(orgA.token, 'POST', `/api/email/messages/${id}/retry`)).statusCode).toBe(409);
    await a.call(orgA.token, 'PUT', '/api/email/settings', settings());
  });

  it('lists and edits templates in English and Somali', async () => {
    const list = await a.call(orgA.token, 'GET', '/api/email/templates');
    const templates = list.json() as Array<{ id: number; kind: string; language: string; subject: string }>;
    expect(templates.map((t) => `${t.kind}/${t.language}`)).toEqual([
      'free/en',
      'free/so',
      'bill/en',
      'bill/so',
      'statement/en',
      'statement/so',
      'payment_receipt/en',
      'payment_receipt/so',
      'invoice/en',
      'invoice/so',
      'receipt/en',
      'receipt/so',
      'purchase_order/en',
      'purchase_order/so',
    ]);
    const bill = templates.find((t) => t.kind === 'bill' && t.language === 'en') as { id: number };
    const bad = await a.call(orgA.token, 'PUT', `/api/email/templates/${bill.id}`, { subject: 'Bill {wrong}', body: 'x' });
    expect(bad.statusCode).toBe(400);
    const ok = await a.call(orgA.token, 'PUT', `/api/email/templates/${bill.id}`, { subject: 'Bill {documentNo}', body: 'Hello {name}' });
    expect(ok.json()).toMatchObject({ subject: 'Bill {documentNo}', body: 'Hello {name}', updatedBy: expect.any(String) });
  });
});

describe('access and isolation', () => {
  it('403 without send-email, and for the settings without being an administrator; nothing changes', async () => {
    const clerk = await staffUser(ctx, orgA, ['batch-bill']);
    const sender = await staffUser(ctx, orgA, ['send-email']);
    const before = await emailState(orgA.clientId);
    expect(
      (await a.call(clerk.token, 'POST', '/api/send-email', { target: { type: 'addresses', addresses: ['x@example.com'] }, subject: 'a', message: 'b' }))
        .statusCode,
    ).toBe(403);
    expect((await a.call(clerk.token, 'GET', '/api/email-report')).statusCode).toBe(403);
    expect((await a.call(sender.token, 'PUT', '/api/email/settings', settings({ host: 'smtp.example.com' }))).statusCode).toBe(403);
    expect((await a.call(sender.token, 'GET', '/api/email/settings')).statusCode).toBe(403);
    expect((await a.call(sender.token, 'POST', '/api/email/settings/test', { to: 'x@example.com' })).statusCode).toBe(403);
    // send-email alone cannot e-mail a bill: the bill's own privilege is needed too.
    const doc = await a.call(sender.token, 'POST', '/api/email/documents', { document: 'bill', id: billId, to: 'x@example.com' });
    expect(doc.statusCode).toBe(403);
    expect(await emailState(orgA.clientId)).toEqual(before);
  });

  it('another organisation sees none of the e-mails, customers, zones or bills', async () => {
    await b.call(orgB.token, 'PUT', '/api/email/settings', settings({ username: null, password: null }));
    const before = await emailState(orgB.clientId);
    const report = await b.call(orgB.token, 'GET', '/api/email-report');
    expect(report.json()).toMatchObject({ total: 0, data: [] });
    expect(
      (await b.call(orgB.token, 'POST', '/api/send-email', { target: { type: 'customers', customerIds: [sahra.id] }, subject: 'a', message: 'b' })).statusCode,
    ).toBe(400);
    expect((await b.call(orgB.token, 'POST', '/api/send-email', { target: { type: 'zone', zoneId: zone.id }, subject: 'a', message: 'b' })).statusCode).toBe(
      400,
    );
    expect((await b.call(orgB.token, 'POST', '/api/email/documents', { document: 'bill', id: billId, to: 'x@example.com' })).statusCode).toBe(404);
    const [mine] = (await storedEmails(ctx, orgA.clientId)).slice(-1);
    expect((await b.call(orgB.token, 'POST', `/api/email/messages/${mine.id}/retry`)).statusCode).toBe(404);
    const settingsB = await b.call(orgB.token, 'GET', '/api/email/settings');
    expect(settingsB.json()).toMatchObject({ hasPassword: false });
    expect(await emailState(orgB.clientId)).toEqual(before);
  });
});
