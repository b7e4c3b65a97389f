// The HTTP gateway adapter against a local node:http server: method, auth header and body as configured
// (JSON-escaped values, or a GET with the values in the address), a failing gateway retried until the
// organisation's max attempts then failed, a manual retry, the settings screen's test message, and
// nothing sent when the queuing transaction rolls back. Retries are due at once here (SMS_RETRY_BASE_MS=0)
// and the dispatcher runs only when kicked (no timer), so each test waits for it explicitly.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemActor } from '../../lib/actor.ts';
import { inTenant } from '../../db/tenant.ts';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { billingFactory } from '../metering/billing-test-kit.ts';
import { SMS_DISPATCH } from './dispatcher.ts';
import { queueMessages } from './queue-messages.ts';
import { dispatched, type LocalGateway, startLocalGateway, storedMessages } from './sms-test-kit.ts';

// The local gateway listens on loopback, which gateway-address.ts refuses unless the installation allows it.
process.env.SMS_GATEWAY_ALLOW_HOSTS = '127.0.0.1';
process.env.SMS_DISPATCH_INTERVAL_MS = '0';
process.env.SMS_RETRY_BASE_MS = '0';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let f: ReturnType<typeof billingFactory>;
let gateway: LocalGateway;

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Garowe Power' });
  f = billingFactory(ctx, org);
  gateway = await startLocalGateway();
});
afterAll(async () => {
  await ctx.close();
  await gateway.close();
});
beforeEach(() => {
  gateway.requests.length = 0;
  gateway.answer(200);
});

const jsonGateway = (overrides: Record<string, unknown> = {}) => ({
  provider: 'http',
  url: `${gateway.url}/api/v1/sms`,
  method: 'POST',
  authHeaderName: 'X-Api-Key',
  authSecret: 'key-0123456789abcdef',
  contentType: 'application/json',
  bodyTemplate: '{"recipient":"{to}","text":"{message}","from":"{sender}"}',
  senderId: 'GarowePwr',
  maxAttempts: 3,
  ...overrides,
});

async function configure(settings: Record<string, unknown>) {
  const res = await f.call(org.token, 'PUT', '/api/sms/settings', settings);
  expect(res.statusCode, res.body).toBe(200);
}

describe('HTTP gateway', () => {
  it('posts each message with the auth header and the body template, JSON-escaped, and records the provider id', async () => {
    await configure(jsonGateway());
    const res = await f.call(org.token, 'POST', '/api/send-sms', {
      target: { type: 'phones', phones: ['0615000101'] },
      message: 'Say "hello"\nto {company} \\ 100%',
    });
    expect(res.json()).toMatchObject({ queued: 1 });
    await dispatched(ctx);

    expect(gateway.requests).toHaveLength(1);
    const [req] = gateway.requests;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/api/v1/sms');
    expect(req.headers['x-api-key']).toBe('key-0123456789abcdef');
    expect(req.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req.body)).toEqual({ recipient: '+252615000101', text: 'Say "hello"\nto Garowe Power \\ 100%', from: 'GarowePwr' });

    const [message] = (await storedMessages(ctx, org.clientId)).slice(-1);
    expect(message).toMatchObject({ status: 'sent', provider: 'http', provider_message_id: 'gw-1', attempts: 1, last_error: null });
  });

  it('sends a GET with the values and the secret in the address', async () => {
    await configure(jsonGateway({ method: 'GET', url: `${gateway.url}/send?to={to}&msg={message}&key={secret}`, authHeaderName: null }));
    await f.call(org.token, 'POST', '/api/send-sms', { target: { type: 'phones', phones: ['+252615000102'] }, message: 'Biyaha & korontada: 50%' });
    await dispatched(ctx);
    expect(gateway.requests).toHaveLength(1);
    const url = new URL(gateway.requests[0].url, gateway.url);
    expect(gateway.requests[0].method).toBe('GET');
    expect(Object.fromEntries(url.searchParams)).toEqual({ to: '+252615000102', msg: 'Biyaha & korontada: 50%', key: 'key-0123456789abcdef' });
    expect(gateway.requests[0].body).toBe('');
  });

  it('retries a failing gateway up to the max attempts, then marks the message failed; a retry sends it', async () => {
    await configure(jsonGateway());
    gateway.answer(500, 'upstream   operator\nunavailable');
    const res = await f.call(org.token, 'POST', '/api/send-sms', { target: { type: 'phones', phones: ['0615000103'] }, message: 'Will fail' });
    await dispatched(ctx);
    expect(gateway.requests).toHaveLength(3);
    const [failed] = (await storedMessages(ctx, org.clientId)).slice(-1);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, provider: 'http', last_error: 'http 500: upstream operator unavailable' });

    const report = await f.call(org.token, 'GET', `/api/sms-report?batchId=${res.json().batchId}`);
    expect(report.json()).toMatchObject({
      totals: { failed: 1, sent: 0 },
      data: [{ id: failed.id, status: 'failed', attempts: 3, lastError: 'http 500: upstream operator unavailable' }],
    });

    gateway.answer(200);
    const retry = await f.call(org.token, 'POST', `/api/sms/messages/${failed.id}/retry`);
    expect(retry.statusCode).toBe(200);
    await dispatched(ctx);
    expect(gateway.requests).toHaveLength(4);
    const [sent] = (await storedMessages(ctx, org.clientId)).slice(-1);
    expect(sent).toMatchObject({ id: failed.id, status: 'sent', attempts: 1, last_error: null });
    const again = await f.call(org.token, 'POST', `/api/sms/messages/${failed.id}/retry`, undefined, 'so');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Fariin fashilantay oo keliya ayaa mar kale la diri karaa.');
  });

  it('reports an unreachable gateway as a network error', async () => {
    await configure(jsonGateway({ url: 'http://127.0.0.1:9/none', maxAttempts: 1 }));
    await f.call(org.token, 'POST', '/api/send-sms', { target: { type: 'phones', phones: ['0615000104'] }, message: 'Nobody listens' });
    await dispatched(ctx);
    const [message] = (await storedMessages(ctx, org.clientId)).slice(-1);
    expect(message).toMatchObject({ status: 'failed', attempts: 1 });
    expect(message.last_error).toMatch(/^network: /);
  });

  it('sends nothing when the transaction that queued the messages rolls back', async () => {
    await configure(jsonGateway());
    const before = await storedMessages(ctx, org.clientId);
    const actor = systemActor({ clientId: org.clientId, userId: org.adminId, username: 'admin' });
    const queue = (tx: Parameters<Parameters<typeof inTenant>[2]>[0]) =>
      queueMessages({
        tx,
        actor,
        kind: 'free',
        target: { type: 'phones' },
        messages: [{ customerId: null, billId: null, runId: null, phone: '+252615000105', body: 'Never', language: 'en' }],
      });

    await expect(
      inTenant(ctx.database.db, org.clientId, async (tx) => {
        await queue(tx);
        throw new Error('something later in the request failed');
      }),
    ).rejects.toThrow('something later');
    ctx.app.jobs.kick(SMS_DISPATCH);
    await dispatched(ctx);
    expect(gateway.requests).toHaveLength(0);
    expect(await storedMessages(ctx, org.clientId)).toEqual(before);

    // The same work committed is sent.
    await inTenant(ctx.database.db, org.clientId, queue);
    ctx.app.jobs.kick(SMS_DISPATCH);
    await dispatched(ctx);
    expect(gateway.requests.map((r) => JSON.parse(r.body).text)).toEqual(['Never']);
  });

  it("sends the settings screen's test message at once and answers with what the gateway said", async () => {
    await configure(jsonGateway({ contentType: 'application/x-www-form-urlencoded', bodyTemplate: null }));
    const res = await f.call(org.token, 'POST', '/api/sms/settings/test', { phone: '0615000106' }, 'so');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'sent',
      provider: 'http',
      phone: '+252615000106',
      httpStatus: 200,
      response: '{"messageId":"gw-1","status":"accepted"}',
      error: null,
    });
    expect(gateway.requests).toHaveLength(1);
    expect(gateway.requests[0].headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(gateway.requests[0].body))).toEqual({
      to: '+252615000106',
      message: 'Fariin tijaabo ah oo ka timid Garowe Power: albaabka SMS-ku wuu shaqeeyaa.',
      sender: 'GarowePwr',
    });

    gateway.answer(401, '{"error":"bad key"}');
    const refused = await f.call(org.token, 'POST', '/api/sms/settings/test', { phone: '0615000106' });
    expect(refused.json()).toMatchObject({ status: 'failed', httpStatus: 401, response: '{"error":"bad key"}', error: 'http 401: {"error":"bad key"}' });
    expect(gateway.requests).toHaveLength(2); // a test message is tried once

    const invalid = await f.call(org.token, 'POST', '/api/sms/settings/test', { phone: '12' }, 'so');
    expect(invalid.json().details).toEqual([
      { field: 'phone', message: 'Kani maaha lambar taleefan Soomaaliyeed oo SMS heli kara, tusaale 0615123456 ama +252615123456.' },
    ]);
  });
});
