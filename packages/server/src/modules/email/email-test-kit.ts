// Test helpers of the e-mail module: a real local SMTP server (smtp-server) that parses every e-mail it
// receives (mailparser), can refuse the next ones with a chosen reply, and checks a user and password
// when asked to; and the organisation's e-mails read past row-level security.
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { inSystem } from '../../db/tenant.ts';
import type { TestContext } from '../../../test/harness.ts';

export interface ReceivedMail {
  from: string;
  to: string[];
  auth: { username: string; password: string } | null;
  mail: ParsedMail;
}

export interface LocalSmtp {
  host: string;
  port: number;
  inbox: ReceivedMail[];
  /** Refuse the next `count` e-mails with a 451 (a temporary failure the dispatcher retries). */
  refuseNext(count: number): void;
  close(): Promise<void>;
}

export async function startLocalSmtp(opts: { username?: string; password?: string } = {}): Promise<LocalSmtp> {
  const inbox: ReceivedMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: opts.username ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !opts.username,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === opts.username && auth.password === opts.password) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refusals > 0) {
          refusals -= 1;
          const err = new Error('Mailbox busy, try later') as Error & { responseCode: number };
          err.responseCode = 451;
          callback(err);
          return;
        }
        simpleParser(Buffer.concat(chunks)).then(
          (mail) => {
            const user = session.user as string | undefined;
            inbox.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              auth: user ? { username: user, password: opts.password ?? '' } : null,
              mail,
            });
            callback();
          },
          (err: Error) => callback(err),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    host: '127.0.0.1',
    port,
    inbox,
    refuseNext(count) {
      refusals = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface StoredEmail {
  id: number;
  kind: string;
  customer_id: number | null;
  document_id: number | null;
  recipient: string;
  subject: string;
  body: string;
  language: string;
  status: string;
  attempts: number;
  last_error: string | null;
}

export async function storedEmails(ctx: TestContext, clientId: number): Promise<StoredEmail[]> {
  return inSystem(ctx.database.db, (tx) =>
    queryRows<StoredEmail>(
      tx,
      sql`
      select id::int, kind, customer_id, document_id::int, recipient, subject, body, language, status, attempts::int, last_error
      from email_messages where client_id = ${clientId} order by id`,
    ),
  );
}
