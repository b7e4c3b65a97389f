// Server-side request forgery: a tenant administrator cannot point the SMS gateway at the server's own
// network. Loopback, private, link-local, metadata, unspecified and multicast addresses are refused when
// saved (field-level 400 on url, English and Somali), before a test and at every send (DNS may change), on
// every redirect; the installation's SMS_GATEWAY_ALLOW_HOSTS lets one through; the test answer carries
// only the status and a short plain-text excerpt.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { checkedAddresses, isRefusedAddress } from './gateway-address.ts';
import { storedMessages } from './sms-test-kit.ts';

process.env.SMS_DISPATCH_INTERVAL_MS = '0';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let server: Server;
let port = 0;
const hits: string[] = [];
let answer: (url: string) => { status: number; headers?: Record<string, string>; body: string } = () => ({ status: 200, body: '{"id":"ok-1"}' });

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Forgery Water' });
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    const a = answer(req.url ?? '');
    res.writeHead(a.status, { 'content-type': 'text/html', ...a.headers });
    res.end(a.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await ctx.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
afterEach(() => {
  delete process.env.SMS_GATEWAY_ALLOW_HOSTS;
  hits.length = 0;
});

const settings = (url: string) => ({ provider: 'http', url, method: 'GET', contentType: 'application/json', maxAttempts: 1 });
const save = (url: string, lang = 'en') =>
  ctx.app.inject({ method: 'PUT', url: '/api/sms/settings', headers: { ...bearer(org.token), 'x-lang': lang }, payload: settings(url) });
const test = () => ctx.app.inject({ method: 'POST', url: '/api/sms/settings/test', headers: bearer(org.token), payload: { phone: '0615000301' } });

describe('SMS gateway address', () => {
  it('refuses loopback, private, link-local, metadata, unspecified and multicast gateways with a field-level 400 on url', async () => {
    const refused = [
      `http://127.0.0.1:${port}/send?to={to}`,
      'http://localhost/send',
      'http://10.1.2.3/send',
      'http://172.16.5.4/send',
      'http://192.168.1.10/send',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/latest/meta-data/',
      'http://[::1]/send',
      'http://[fe80::1]/send',
      'http://[fc00::1]/send',
      'http://[::ffff:127.0.0.1]/send',
      'http://[::ffff:a9fe:a9fe]/send',
      'http://0.0.0.0/send',
      'http://0/send',
      'http://2130706433/send',
      'http://0x7f.1/send',
      'http://224.0.0.1/send',
      'http://[ff02::1]/send',
    ];
    const wrong: string[] = [];
    for (const url of refused) {
      const res = await save(url);
      const details = res.statusCode === 400 ? res.json().details : [];
      if (res.statusCode !== 400 || details[0]?.field !== 'url' || !/private, local or reserved network/.test(details[0]?.message)) {
        wrong.push(`${url} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
    const somali = await save('http://169.254.169.254/', 'so');
    expect(somali.json().details).toEqual([{ field: 'url', message: expect.stringContaining('shabakad gaar ah') }]);
    expect(hits).toEqual([]);
  });

  it('accepts a public address, and a local one the installation allows', async () => {
    expect((await save('https://93.184.215.14/sms?to={to}&text={message}')).statusCode).toBe(200);
    process.env.SMS_GATEWAY_ALLOW_HOSTS = 'sms.internal, 127.0.0.0/8';
    expect((await save(`http://127.0.0.1:${port}/send`)).statusCode).toBe(200);
    process.env.SMS_GATEWAY_ALLOW_HOSTS = 'localhost';
    expect((await save(`http://localhost:${port}/send`)).statusCode).toBe(200);
  });

  it('checks again when testing: a gateway saved while allowed is refused once the allow-list no longer names it, and is not called', async () => {
    process.env.SMS_GATEWAY_ALLOW_HOSTS = '127.0.0.1';
    expect((await save(`http://127.0.0.1:${port}/send`)).statusCode).toBe(200);
    delete process.env.SMS_GATEWAY_ALLOW_HOSTS;
    const res = await test();
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('url');
    expect(hits).toEqual([]);
  });

  it('re-checks every redirect: an allowed gateway that redirects to a refused address is not followed', async () => {
    process.env.SMS_GATEWAY_ALLOW_HOSTS = '127.0.0.1';
    expect((await save(`http://127.0.0.1:${port}/hop`)).statusCode).toBe(200);
    answer = (url) =>
      url.startsWith('/hop') ? { status: 302, headers: { location: `http://127.0.0.2:${port}/metadata` }, body: '' } : { status: 200, body: 'secret metadata' };
    const res = await test();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'failed', error: 'address_refused' });
    expect(hits).toEqual(['/hop']);
    // A redirect to a refused address is refused at send time as well (the dispatcher's path).
    const [message] = (await storedMessages(ctx, org.clientId)).filter((m) => m.kind === 'test').slice(-1);
    expect(message).toMatchObject({ status: 'failed' });
  });

  it('follows an allowed redirect, at most three, and hands back only the status and a 200-character plain-text excerpt', async () => {
    process.env.SMS_GATEWAY_ALLOW_HOSTS = '127.0.0.1';
    expect((await save(`http://127.0.0.1:${port}/start`)).statusCode).toBe(200);
    const page = `<html><head><title>Internal admin</title></head><body>${'<p>row &amp; data</p>\n'.repeat(500)}</body></html>`;
    answer = (url) => (url.startsWith('/start') ? { status: 301, headers: { location: '/page' }, body: '' } : { status: 500, body: page });
    const res = await test();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'failed', httpStatus: 500 });
    expect(hits).toEqual(['/start', '/page']);
    expect(body.response.length).toBeLessThanOrEqual(200);
    expect(body.response).not.toMatch(/[<>]/);
    expect(body.error.length).toBeLessThanOrEqual(220);
    answer = () => ({ status: 302, headers: { location: '/again' }, body: '' });
    hits.length = 0;
    const loop = await test();
    expect(loop.json()).toMatchObject({ status: 'failed', error: 'too_many_redirects' });
    expect(hits.length).toBe(4);
    answer = () => ({ status: 200, body: '{"id":"ok-1"}' });
  });

  it('checks every address a name resolves to, IPv4 inside IPv6 included', async () => {
    await expect(checkedAddresses('localhost')).rejects.toMatchObject({ reason: 'address_refused' });
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '100.64.0.1',
      '169.254.169.254',
      'fd00:ec2::254',
      '::',
      '::1',
      '::ffff:10.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '2002:7f00:1::1',
      '255.255.255.255',
    ]) {
      expect(isRefusedAddress(a), a).toBe(true);
    }
    for (const a of ['93.184.215.14', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isRefusedAddress(a), a).toBe(false);
  });
});
