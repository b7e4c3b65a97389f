// Sends queued e-mails, always outside the transaction that queued them: the installation job
// 'email.dispatch' (modules/jobs), kicked by routes after their commit and run every
// EMAIL_DISPATCH_INTERVAL_MS anyway (retries, other processes' e-mails, anything left by a restart). Each
// batch claims due e-mails of every organisation in one short transaction (FOR UPDATE SKIP LOCKED; the
// claim marks them 'sending' with a lease and counts the attempt, so two rounds never send the same
// e-mail), sends each through the organisation's SMTP server, and records the result in its own short
// tenant transaction: sent, or queued again after an exponential back-off (EMAIL_RETRY_BASE_MS x
// 2^(attempt-1), at most an hour) until the organisation's max attempts, then failed.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { inSystem, inTenant } from '../../db/tenant.ts';
import { type InstallationJob, defineInstallationJob } from '../jobs/index.ts';
import { type SmtpConfig, loadSmtpConfig } from './email-settings.ts';
import { type SmtpResult, sendViaSmtp, smtpTimeoutMs } from './smtp-transport.ts';

export interface EmailDispatcherOptions {
  db: Db;
  tokenSecret: Uint8Array;
  /** Period of the rounds; 0 runs only when kicked. */
  intervalMs: number;
  retryBaseMs: number;
  timeoutMs: number;
  batchSize?: number;
  concurrency?: number;
}

const LEASE_MS = 10 * 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;

export function emailDispatcherOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): Pick<EmailDispatcherOptions, 'intervalMs' | 'retryBaseMs' | 'timeoutMs'> {
  const num = (value: string | undefined, fallback: number) =>
    value !== undefined && value !== '' && Number.isFinite(Number(value)) ? Number(value) : fallback;
  return {
    intervalMs: num(env.EMAIL_DISPATCH_INTERVAL_MS, 10_000),
    retryBaseMs: num(env.EMAIL_RETRY_BASE_MS, 60_000),
    timeoutMs: smtpTimeoutMs(env),
  };
}

/** The jobs kind of the dispatcher: kick it (app.jobs.kick(EMAIL_DISPATCH)) after a commit that queued e-mail. */
export const EMAIL_DISPATCH = 'email.dispatch';

export function emailDispatchJob(opts: EmailDispatcherOptions): InstallationJob {
  return defineInstallationJob({
    kind: EMAIL_DISPATCH,
    everyMs: opts.intervalMs,
    run: async ({ isStopping }) => {
      while (!isStopping() && (await sendDueEmails(opts)) > 0) {
        // next batch
      }
    },
  });
}

interface Claimed {
  id: string | number;
  client_id: number;
  recipient: string;
  subject: string;
  body: string;
  attempts: number;
}

/** One batch: claim due e-mails, send them, record the results. Returns how many were claimed. */
export async function sendDueEmails(opts: EmailDispatcherOptions): Promise<number> {
  const claimed = await inSystem(opts.db, (tx) =>
    queryRows<Claimed>(
      tx,
      sql`
      with due as (
        select id from email_messages
        where status in ('queued', 'sending') and next_attempt_at <= now()
        order by next_attempt_at, id
        limit ${opts.batchSize ?? 20}
        for update skip locked
      )
      update email_messages m
      set status = 'sending', attempts = m.attempts + 1, updated_at = now(),
          next_attempt_at = now() + ${LEASE_MS} * interval '1 millisecond'
      from due where m.id = due.id
      returning m.id, m.client_id, m.recipient, m.subject, m.body, m.attempts`,
    ),
  );
  if (claimed.length === 0) return 0;
  const configs = new Map<number, Promise<SmtpConfig>>();
  const configOf = (clientId: number) => {
    let config = configs.get(clientId);
    if (!config) {
      config = inTenant(opts.db, clientId, (tx) => loadSmtpConfig({ tx, clientId, tokenSecret: opts.tokenSecret }));
      configs.set(clientId, config);
    }
    return config;
  };
  const queue = [...claimed];
  const worker = async () => {
    for (let m = queue.shift(); m; m = queue.shift()) {
      const clientId = m.client_id;
      const id = Number(m.id);
      const config = await configOf(clientId);
      const attachments = await inTenant(opts.db, clientId, (tx) =>
        queryRows<{ filename: string; content_type: string; content: Buffer | Uint8Array }>(
          tx,
          sql`select filename, content_type, content from email_attachments where client_id = ${clientId} and message_id = ${id} order by id`,
        ),
      );
      const result = await sendViaSmtp(
        config,
        {
          to: m.recipient,
          subject: m.subject,
          body: m.body,
          attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.content_type, content: Buffer.from(a.content) })),
        },
        opts.timeoutMs,
      );
      await recordEmailResult(opts.db, { clientId, id, attempt: m.attempts, maxAttempts: config.maxAttempts, retryBaseMs: opts.retryBaseMs, result });
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.concurrency ?? 2, claimed.length) }, worker));
  return claimed.length;
}

/** The wait before attempt n + 1 after attempt n failed. */
export function emailBackoffMs(retryBaseMs: number, attempt: number): number {
  return Math.min(retryBaseMs * 2 ** Math.max(0, attempt - 1), MAX_BACKOFF_MS);
}

/** Writes the outcome of one attempt, only if the e-mail is still the one this sender claimed. */
export async function recordEmailResult(
  db: Db,
  opts: { clientId: number; id: number; attempt: number; maxAttempts: number; retryBaseMs: number; result: SmtpResult },
): Promise<'sent' | 'queued' | 'failed'> {
  const { clientId, id, attempt, maxAttempts, result } = opts;
  const status = result.ok ? 'sent' : attempt >= maxAttempts ? 'failed' : 'queued';
  const nextAttempt = status === 'queued' ? sql`now() + ${emailBackoffMs(opts.retryBaseMs, attempt)} * interval '1 millisecond'` : sql`null`;
  await inTenant(db, clientId, (tx) =>
    tx.execute(sql`
      update email_messages
      set status = ${status}, next_attempt_at = ${nextAttempt}, updated_at = now(),
          sent_at = ${status === 'sent' ? sql`now()` : sql`null`},
          server_message_id = ${result.messageId}, server_response = ${result.response}, last_error = ${result.error}
      where client_id = ${clientId} and id = ${id} and status = 'sending' and attempts = ${attempt}`),
  );
  return status;
}
