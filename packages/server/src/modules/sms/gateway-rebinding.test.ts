// DNS rebinding: a gateway name that answers a public address when checked and a loopback one when the
// socket connects must not reach loopback. The socket's own lookup (gatewayLookup) checks the address it
// connects to, so the second answer is refused. DNS is simulated here (node:dns mocked), no database.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const answers: string[] = [];
vi.mock('node:dns', async (importOriginal) => {
  const dns = await importOriginal<typeof import('node:dns')>();
  const lookup = (host: string, options: unknown, callback: (err: Error | null, addresses: unknown) => void) => {
    if (host !== 'rebind.example') return (dns.lookup as unknown as (...a: unknown[]) => void)(host, options, callback);
    const address = answers.shift() ?? '127.0.0.1';
    callback(null, [{ address, family: 4 }]);
  };
  return { ...dns, default: { ...dns, lookup }, lookup };
});

const { httpGatewayAdapter } = await import('./adapters.ts');

let server: Server;
let port = 0;
const hits: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.end('{"id":"internal"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('gateway DNS rebinding', () => {
  it('a name that turns into loopback between the check and the connection is refused and never reached', async () => {
    // First answer (the check): a public address; second (the socket's lookup): loopback.
    answers.push('93.184.215.14', '127.0.0.1');
    const adapter = httpGatewayAdapter(
      {
        provider: 'http',
        url: `http://rebind.example:${port}/send?to={to}`,
        method: 'GET',
        authHeaderName: null,
        authSecret: null,
        contentType: 'application/json',
        bodyTemplate: null,
        senderId: null,
        maxAttempts: 1,
        defaultLanguage: 'en',
      },
      5_000,
    );
    const result = await adapter.send({ id: 1, phone: '+252615000001', body: 'Hello' });
    expect(result).toMatchObject({ ok: false, error: 'address_refused' });
    expect(hits).toEqual([]);
  });
});
