// Free SMS, templates, the report, access and tenant isolation, through the API with the default outbox
// adapter. The dispatcher runs only when kicked here (no timer), so each test waits for it explicitly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { normaliseSomaliPhone, renderSmsTemplate, smsSegments } from '@ubo/contracts';
import { queryRows } from '../../db/rows.ts';
import { inSystem } from '../../db/tenant.ts';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { billingFactory } from '../metering/billing-test-kit.ts';
import { auditRows, staffUser } from '../settings/test-support.ts';
import { dispatched, storedMessages } from './sms-test-kit.ts';
import { backoffMs } from './dispatcher.ts';

process.env.SMS_DISPATCH_INTERVAL_MS = '0';

let ctx: TestContext;
let orgA: Awaited<ReturnType<typeof newOrganisation>>;
let orgB: Awaited<ReturnType<typeof newOrganisation>>;
let a: ReturnType<typeof billingFactory>;
let b: ReturnType<typeof billingFactory>;

beforeAll(async () => {
  ctx = await startTestApp();
  orgA = await newOrganisation(ctx, { name: 'Hargeisa Electric' });
  orgB = await newOrganisation(ctx, { name: 'Burao Water' });
  a = billingFactory(ctx, orgA);
  b = billingFactory(ctx, orgB);
});
afterAll(() => ctx.close());

/** Row counts of everything sending writes, to prove a refused request wrote nothing. */
async function smsState(clientId: number) {
  const [row] = await inSystem(ctx.database.db, (tx) =>
    queryRows<Record<string, number>>(
      tx,
      sql`
      select (select count(*) from sms_messages where client_id = ${clientId})::int as messages,
             (select count(*) from sms_batches where client_id = ${clientId})::int as batches,
             (select count(*) from sms_settings where client_id = ${clientId})::int as settings,
             (select count(*) from sms_customer_languages where client_id = ${clientId})::int as languages,
             (select count(*) from audit_log where client_id = ${clientId})::int as audit`,
    ),
  );
  return row;
}

describe('texts', () => {
  it('normalises Somali numbers to +252 and refuses what cannot receive SMS', () => {
    expect(['0615123456', '615123456', '+252 61 512 3456', '00252615123456', '252615123456', '(061) 512-3456'].map(normaliseSomaliPhone)).toEqual(
      Array(6).fill('+252615123456'),
    );
    expect(['', '12', '0015123456', '+254712345678', '06151234567890', 'abc', '+2520615123456'].map(normaliseSomaliPhone)).toEqual(Array(7).fill(null));
  });

  it('renders placeholders and tidies what an empty one leaves', () => {
    expect(
      renderSmsTemplate('Dear {name}, pay {amount} {currency} via {shortCode}.', { name: 'Sahra', amount: '23.10', currency: 'USD', shortCode: '*789#' }),
    ).toBe('Dear Sahra, pay 23.10 USD via *789#.');
    expect(renderSmsTemplate('Dear {name}, the water is back. {other}', {})).toBe('Dear, the water is back. {other}');
  });

  it('counts characters and SMS parts (GSM 7-bit and UCS-2)', () => {
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', characters: 160, parts: 1, perPart: 160 });
    expect(smsSegments('a'.repeat(161))).toMatchObject({ parts: 2, perPart: 153 });
    expect(smsSegments('{x}')).toMatchObject({ characters: 5, parts: 1 }); // { and } take two units
    expect(smsSegments('Biyaha 💧')).toMatchObject({ encoding: 'UCS-2', characters: 9, parts: 1 });
  });

  it('backs off exponentially, at most an hour', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(30_000, n))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(30_000, 20)).toBe(3_600_000);
  });
});

describe('templates', () => {
  it('seeds bill and free templates in English and Somali on first read, and saves an edit with its audit line', async () => {
    const list = await a.call(orgA.token, 'GET', '/api/sms/templates');
    expect(list.statusCode).toBe(200);
    const templates = list.json() as Array<{ id: number; kind: string; language: string; body: string }>;
    expect(templates.map((t) => `${t.kind}/${t.language}`)).toEqual(['bill/en', 'bill/so', 'free/en', 'free/so']);
    expect(templates[0].body).toContain('{amount}');
    expect(templates[1].body).toMatch(/^Macmiil \{name\}.*biilka \{period\}.*Haraaga \{balance\}/);

    const so = templates[1];
    const saved = await a.call(orgA.token, 'PUT', `/api/sms/templates/${so.id}`, {
      body: 'Macmiil {name}, biilkaaga {period} waa {amount}. Ku bixi {shortCode}.',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      id: so.id,
      kind: 'bill',
      language: 'so',
      body: 'Macmiil {name}, biilkaaga {period} waa {amount}. Ku bixi {shortCode}.',
      updatedBy: expect.any(String),
    });
    const audit = await auditRows(ctx, orgA.clientId, { entity: 'sms-template' });
    expect(audit.at(-1)).toMatchObject({ action: 'update', entityId: String(so.id) });
    // Put the default back for the bill SMS tests below.
    await a.call(orgA.token, 'PUT', `/api/sms/templates/${so.id}`, { body: so.body });
  });

  it('refuses an unknown placeholder with a field error in Somali, and changes nothing', async () => {
    const [template] = (await a.call(orgA.token, 'GET', '/api/sms/templates')).json();
    const before = await smsState(orgA.clientId);
    const res = await a.call(orgA.token, 'PUT', `/api/sms/templates/${template.id}`, { body: 'Dear {nmae}' }, 'so');
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'body', message: expect.stringMatching(/^Meel-buuxiye aan la aqoon \{nmae\}/) }]);
    expect(await smsState(orgA.clientId)).toEqual(before);
  });
});

describe('free SMS', () => {
  it('sends to the active customers of a zone, each number once, and the report shows them sent', async () => {
    const zone = await a.zone();
    const amina = await a.customer({ name: 'Amina Warsame', phone: '0615111001' });
    const cali = await a.customer({ name: 'Cali Yusuf', phone: '+252615111002' });
    const sameNumber = await a.customer({ name: 'Cali Yusuf Jr', phone: '615111002' });
    const landline = await a.customer({ name: 'Bad Phone', phone: '06151110033' });
    const gone = await a.customer({ name: 'Moved Away', phone: '0615111009' });
    for (const c of [amina, cali, sameNumber, landline, gone]) await a.house({ customerId: c.id, zoneId: zone.id });
    expect((await a.call(orgA.token, 'PATCH', `/api/elc/customers/${gone.id}/status`, { status: 'Inactive' })).statusCode).toBe(200);
    const elsewhere = await a.customer({ name: 'Other Zone', phone: '0615111010' });
    await a.house({ customerId: elsewhere.id, zoneId: (await a.zone()).id });

    const options = await a.call(orgA.token, 'GET', '/api/sms/send-sms/options');
    expect(options.json().zones).toContainEqual({ id: zone.id, name: zone.name, customerCount: 4 });
    expect(options.json().templates.so).toMatch(/^Macmiil sharafta leh \{name\}/);

    const res = await a.call(orgA.token, 'POST', '/api/send-sms', {
      target: { type: 'zone', zoneId: zone.id },
      message: 'Dear {name}, water is off on Friday 8-12 in your area. {company}',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ queued: 2, batchId: expect.any(Number) });
    expect(res.json().skipped).toEqual([
      { customerId: landline.id, customerName: 'Bad Phone', billId: null, phone: '06151110033', reason: 'invalid_phone' },
      { customerId: sameNumber.id, customerName: 'Cali Yusuf Jr', billId: null, phone: '+252615111002', reason: 'duplicate_phone' },
    ]);

    await dispatched(ctx);
    const messages = (await storedMessages(ctx, orgA.clientId)).filter((m) => [amina.id, cali.id].includes(m.customer_id as number));
    expect(messages.map((m) => [m.phone, m.body, m.status, m.provider, m.attempts, m.kind])).toEqual([
      ['+252615111001', 'Dear Amina Warsame, water is off on Friday 8-12 in your area. Hargeisa Electric', 'sent', 'outbox', 1, 'free'],
      ['+252615111002', 'Dear Cali Yusuf, water is off on Friday 8-12 in your area. Hargeisa Electric', 'sent', 'outbox', 1, 'free'],
    ]);

    const report = await a.call(orgA.token, 'GET', `/api/sms-report?batchId=${res.json().batchId}&_limit=10`);
    expect(report.statusCode).toBe(200);
    expect(report.json()).toMatchObject({ total: 2, page: 1, limit: 10, totals: { queued: 0, sending: 0, sent: 2, failed: 0 } });
    expect(report.json().data[0]).toMatchObject({
      customerName: 'Cali Yusuf',
      status: 'sent',
      kind: 'free',
      language: 'en',
      parts: 1,
      provider: 'outbox',
      createdBy: expect.any(String),
    });
    const search = await a.call(orgA.token, 'GET', '/api/sms-report?q=amina&status=sent');
    expect(search.json().data.map((m: { customerId: number }) => m.customerId)).toEqual([amina.id]);
    const audit = await auditRows(ctx, orgA.clientId, { entity: 'sms-batch' });
    expect(audit.at(-1)).toMatchObject({ action: 'create', after: { kind: 'free', messages: 2, target: { type: 'zone', zoneId: zone.id } } });
  });

  it('sends to chosen customers and to a typed list, and answers a repeated Idempotency-Key with the first answer', async () => {
    const c = await a.customer({ name: 'Hodan Ali', phone: '0617000001' });
    const byCustomer = await a.call(orgA.token, 'POST', '/api/send-sms', {
      target: { type: 'customers', customerIds: [c.id] },
      message: 'Hello {name} ({customerNo})',
      language: 'so',
    });
    expect(byCustomer.json()).toMatchObject({ queued: 1, skipped: [] });

    const body = { target: { type: 'phones', phones: ['0617000002', '+252617000003', '617000002'] }, message: 'Meeting at 10. {company}' };
    const first = await a.call(orgA.token, 'POST', '/api/send-sms', body, undefined, { 'idempotency-key': 'sms-list-1' });
    expect(first.json()).toMatchObject({ queued: 2, skipped: [{ phone: '+252617000002', reason: 'duplicate_phone', customerId: null }] });
    const again = await a.call(orgA.token, 'POST', '/api/send-sms', body, undefined, { 'idempotency-key': 'sms-list-1' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());

    await dispatched(ctx);
    const mine = (await storedMessages(ctx, orgA.clientId)).slice(-3);
    expect(mine.map((m) => [m.phone, m.body, m.language, m.status])).toEqual([
      ['+252617000001', `Hello Hodan Ali (${c.customerNo})`, 'so', 'sent'],
      ['+252617000002', 'Meeting at 10. Hargeisa Electric', 'en', 'sent'],
      ['+252617000003', 'Meeting at 10. Hargeisa Electric', 'en', 'sent'],
    ]);
  });

  it('refuses invalid phones with a Somali field error for each, and writes nothing', async () => {
    const before = await smsState(orgA.clientId);
    const res = await a.call(orgA.token, 'POST', '/api/send-sms', { target: { type: 'phones', phones: ['0615123456', '12345', 'abc'] }, message: 'Hi' }, 'so');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message: 'Fadlan sax goobaha la calaamadeeyay.' });
    expect(res.json().details).toEqual([
      { field: 'target.phones.1', message: 'Kani maaha lambar taleefan Soomaaliyeed oo SMS heli kara, tusaale 0615123456 ama +252615123456.' },
      { field: 'target.phones.2', message: 'Kani maaha lambar taleefan Soomaaliyeed oo SMS heli kara, tusaale 0615123456 ama +252615123456.' },
    ]);
    const empty = await a.call(orgA.token, 'POST', '/api/send-sms', { target: { type: 'phones', phones: ['0615123456'] }, message: '  ' }, 'so');
    expect(empty.json().details).toEqual([{ field: 'message', message: 'Goobtan waa qasab.' }]);
    expect(await smsState(orgA.clientId)).toEqual(before);
  });

  it("keeps organisations apart: another organisation's customers, zones and messages are not found", async () => {
    const mine = await a.customer({ name: 'Only Mine', phone: '0618000001' });
    const zone = await a.zone();
    const before = await smsState(orgB.clientId);
    const toCustomer = await b.call(orgB.token, 'POST', '/api/send-sms', { target: { type: 'customers', customerIds: [mine.id] }, message: 'Hi' });
    expect(toCustomer.statusCode).toBe(400);
    expect(toCustomer.json().details).toEqual([{ field: 'target.customerIds.0', message: 'The selected record does not exist.' }]);
    const toZone = await b.call(orgB.token, 'POST', '/api/send-sms', { target: { type: 'zone', zoneId: zone.id }, message: 'Hi' });
    expect(toZone.json().details).toEqual([{ field: 'target.zoneId', message: 'The selected record does not exist.' }]);
    expect(await smsState(orgB.clientId)).toEqual(before);

    const report = await b.call(orgB.token, 'GET', '/api/sms-report');
    expect(report.json()).toMatchObject({ total: 0, data: [], totals: { sent: 0 } });
    const [theirs] = await storedMessages(ctx, orgA.clientId);
    expect((await b.call(orgB.token, 'POST', `/api/sms/messages/${theirs.id}/retry`)).statusCode).toBe(404);
    const recipients = await b.call(orgB.token, 'GET', '/api/sms/recipients?q=Only');
    expect(recipients.json()).toEqual([]);
    const found = await a.call(orgA.token, 'GET', '/api/sms/recipients?q=only mine');
    expect(found.json()).toEqual([{ id: mine.id, customerNo: mine.customerNo, name: 'Only Mine', phone: '0618000001', smsPhone: '+252618000001' }]);
  });
});

describe('settings and access', () => {
  it('keeps the gateway secret sealed: answers only its last characters, stores and audits no plain text', async () => {
    const secret = 'Bearer sk_live_9f8e7d6c5b4a';
    const res = await a.call(orgA.token, 'PUT', '/api/sms/settings', {
      provider: 'outbox',
      url: 'https://sms.example.so/send',
      method: 'POST',
      authHeaderName: 'Authorization',
      authSecret: secret,
      contentType: 'application/json',
      bodyTemplate: null,
      senderId: 'HargeisaEl',
      maxAttempts: 4,
      defaultLanguage: 'so',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ hasAuthSecret: true, authSecretMasked: '••••••5b4a', maxAttempts: 4, defaultLanguage: 'so' });
    expect(res.body).not.toContain('sk_live');
    const read = await a.call(orgA.token, 'GET', '/api/sms/settings');
    expect(read.body).not.toContain('sk_live');
    expect(read.json().authSecretMasked).toBe('••••••5b4a');

    const [stored] = await inSystem(ctx.database.db, (tx) =>
      queryRows<{ enc: string }>(tx, sql`select auth_secret_enc as enc from sms_settings where client_id = ${orgA.clientId}`),
    );
    expect(stored.enc).toMatch(/^v1:/);
    expect(stored.enc).not.toContain('sk_live');
    const audit = await auditRows(ctx, orgA.clientId, { entity: 'sms-settings' });
    expect(JSON.stringify(audit)).not.toContain('sk_live');

    // Leaving the secret out keeps it; null removes it.
    const kept = await a.call(orgA.token, 'PUT', '/api/sms/settings', { provider: 'outbox', defaultLanguage: 'en' });
    expect(kept.json()).toMatchObject({ hasAuthSecret: true, defaultLanguage: 'en', maxAttempts: 3 });
    const removed = await a.call(orgA.token, 'PUT', '/api/sms/settings', { provider: 'outbox', authSecret: null });
    expect(removed.json()).toMatchObject({ hasAuthSecret: false, authSecretMasked: null });
  });

  it('refuses an HTTP gateway without an address, in Somali', async () => {
    const res = await a.call(orgA.token, 'PUT', '/api/sms/settings', { provider: 'http', url: '' }, 'so');
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'url', message: 'Geli cinwaanka albaabka (gateway) si loogu diro albaab HTTP ah.' }]);
    const bad = await a.call(orgA.token, 'PUT', '/api/sms/settings', { provider: 'http', url: 'ftp://x', authHeaderName: 'X Key' });
    expect(
      bad
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['authHeaderName', 'url']);
  });

  it('answers 403 without the privilege (and for gateway settings without an administrator), changing nothing', async () => {
    const zone = await a.zone();
    const [message] = await storedMessages(ctx, orgA.clientId);
    const nobody = await staffUser(ctx, orgA, ['dashboard', 'bill-sms']);
    const sender = await staffUser(ctx, orgA, ['send-sms']);
    const before = await smsState(orgA.clientId);
    for (const [token, method, url, body] of [
      [nobody.token, 'POST', '/api/send-sms', { target: { type: 'zone', zoneId: zone.id }, message: 'Hi' }],
      [nobody.token, 'GET', '/api/sms-report', undefined],
      [nobody.token, 'POST', `/api/sms/messages/${message.id}/retry`, undefined],
      [nobody.token, 'GET', '/api/sms/templates', undefined],
      [sender.token, 'POST', '/api/sms/bill-sms', { period: '2025-04' }],
      [sender.token, 'POST', '/api/sms/bill-sms/preview', { period: '2025-04' }],
      [sender.token, 'GET', '/api/sms/settings', undefined],
      [sender.token, 'PUT', '/api/sms/settings', { provider: 'outbox' }],
      [sender.token, 'POST', '/api/sms/settings/test', { phone: '0615123456' }],
    ] as const) {
      const res = await a.call(token, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    const adminOnly = await a.call(sender.token, 'PUT', '/api/sms/settings', { provider: 'outbox' }, 'so');
    expect(adminOnly.json().message).toBe('Maamule keliya ayaa beddeli kara ama tijaabin kara albaabka SMS-ka.');
    expect(await smsState(orgA.clientId)).toEqual(before);
    // The send-sms privilege alone is enough to send and read the report.
    const ok = await a.call(sender.token, 'GET', '/api/sms-report?_limit=1');
    expect(ok.statusCode).toBe(200);
  });

  it("keeps customers' preferred languages", async () => {
    const c = await a.customer({ name: 'Fadumo Preferred', phone: '0619000001' });
    const set = await a.call(orgA.token, 'PUT', `/api/sms/customer-languages/${c.id}`, { language: 'so' });
    expect(set.json()).toEqual({ customerId: c.id, customerNo: c.customerNo, name: 'Fadumo Preferred', phone: '0619000001', language: 'so' });
    const list = await a.call(orgA.token, 'GET', '/api/sms/customer-languages?q=fadumo');
    expect(list.json()).toMatchObject({ total: 1, data: [{ customerId: c.id, language: 'so' }] });
    expect((await b.call(orgB.token, 'PUT', `/api/sms/customer-languages/${c.id}`, { language: 'en' })).statusCode).toBe(404);
    expect((await a.call(orgA.token, 'DELETE', `/api/sms/customer-languages/${c.id}`)).statusCode).toBe(200);
    expect((await a.call(orgA.token, 'GET', '/api/sms/customer-languages?q=fadumo')).json().total).toBe(0);
  });
});
