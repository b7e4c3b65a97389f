// Test helpers of the SMS module: a local HTTP gateway (node:http) that records every request and answers
// with a chosen status, the messages of an organisation read as the installation, and a dispatcher wait.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { inSystem } from '../../db/tenant.ts';
import type { TestContext } from '../../../test/harness.ts';

export interface GatewayRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface LocalGateway {
  url: string;
  requests: GatewayRequest[];
  /** The status (and body) of the next answers. */
  answer(status: number, body?: string): void;
  close(): Promise<void>;
}

export async function startLocalGateway(): Promise<LocalGateway> {
  const requests: GatewayRequest[] = [];
  let status = 200;
  let answerBody = '{"messageId":"gw-1","status":"accepted"}';
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(answerBody);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer(next, body = next < 300 ? '{"messageId":"gw-1","status":"accepted"}' : 'Internal gateway error') {
      status = next;
      answerBody = body;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface StoredMessage {
  id: number;
  kind: string;
  customer_id: number | null;
  bill_id: number | null;
  phone: string;
  body: string;
  language: string;
  status: string;
  attempts: number;
  last_error: string | null;
  provider: string | null;
  provider_message_id: string | null;
}

/** The organisation's messages, oldest first, read past row-level security. */
export async function storedMessages(ctx: TestContext, clientId: number): Promise<StoredMessage[]> {
  return inSystem(ctx.database.db, (tx) =>
    queryRows<StoredMessage>(
      tx,
      sql`
      select id::int, kind, customer_id, bill_id::int, phone, body, language, status, attempts::int, last_error, provider, provider_message_id
      from sms_messages where client_id = ${clientId} order by id`,
    ),
  );
}

/** Waits until the app's job worker (the dispatcher's rounds among its jobs) has finished what it was kicked for. */
export async function dispatched(ctx: TestContext): Promise<void> {
  await ctx.app.jobs.idle();
}
