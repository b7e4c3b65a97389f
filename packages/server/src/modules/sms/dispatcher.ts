// Sends queued messages, always outside the transaction that queued them. The dispatcher is a job of the
// shared mechanism (modules/jobs, kind 'sms.dispatch'): a route kicks it after its transaction has
// committed, and it runs a round every SMS_DISPATCH_INTERVAL_MS anyway (retries, other processes'
// messages, anything left by a restart). Each batch claims due messages of every organisation
// in one short transaction (FOR UPDATE SKIP LOCKED, so several server processes never take the same
// message; the claim marks them 'sending' with a lease), sends them with the organisation's adapter, and
// records each result in its own short tenant transaction: sent, or queued again after an exponential
// back-off (SMS_RETRY_BASE_MS x 2^(attempt-1), at most an hour) until the organisation's max attempts, then
// failed. The app's close waits for the round in flight (the worker's stop).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { inSystem, inTenant } from '../../db/tenant.ts';
import { type InstallationJob, defineInstallationJob } from '../jobs/index.ts';
import { adapterFor, type SendResult } from './adapters.ts';
import { type GatewayConfig, loadGatewayConfig } from './sms-settings.ts';

export interface DispatcherOptions {
  db: Db;
  tokenSecret: Uint8Array;
  /** Period of the rounds; 0 runs only when kicked. */
  intervalMs: number;
  retryBaseMs: number;
  timeoutMs: number;
  /** Messages claimed per round. */
  batchSize?: number;
  /** Messages sent at the same time. */
  concurrency?: number;
}

/** How long a claim holds a message before another round may take it again (a crashed sender). */
const LEASE_MS = 5 * 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;

export function dispatcherOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): Pick<DispatcherOptions, 'intervalMs' | 'retryBaseMs' | 'timeoutMs'> {
  const num = (value: string | undefined, fallback: number) =>
    value !== undefined && value !== '' && Number.isFinite(Number(value)) ? Number(value) : fallback;
  return {
    intervalMs: num(env.SMS_DISPATCH_INTERVAL_MS, 5000),
    retryBaseMs: num(env.SMS_RETRY_BASE_MS, 30_000),
    timeoutMs: num(env.SMS_HTTP_TIMEOUT_MS, 10_000),
  };
}

/** The jobs kind of the dispatcher: one installation job, a round every SMS_DISPATCH_INTERVAL_MS. */
export const SMS_DISPATCH = 'sms.dispatch';

/**
 * The dispatcher as an installation job of the app's worker (modules/jobs): a round sends every due message,
 * batch after batch; the worker queues the next round intervalMs after this one starts (0: only when
 * kicked), and routes kick it after their commit. The jobs table's lease makes one process run a round at
 * a time; the messages' own claim (below) keeps that safe anyway.
 */
export function smsDispatchJob(opts: DispatcherOptions): InstallationJob {
  return defineInstallationJob({
    kind: SMS_DISPATCH,
    everyMs: opts.intervalMs,
    run: async ({ isStopping }) => {
      while (!isStopping() && (await sendDueMessages(opts)) > 0) {
        // next batch
      }
    },
  });
}

interface Claimed {
  id: string | number;
  client_id: number;
  phone: string;
  body: string;
  attempts: number;
}

/** One batch: claim due messages, send them, record the results. Returns how many were claimed. */
export async function sendDueMessages(opts: DispatcherOptions): Promise<number> {
  const claimed = await inSystem(opts.db, (tx) =>
    queryRows<Claimed>(
      tx,
      sql`
      with due as (
        select id from sms_messages
        where status in ('queued', 'sending') and next_attempt_at <= now()
        order by next_attempt_at, id
        limit ${opts.batchSize ?? 50}
        for update skip locked
      )
      update sms_messages m
      set status = 'sending', attempts = m.attempts + 1, updated_at = now(),
          next_attempt_at = now() + ${LEASE_MS} * interval '1 millisecond'
      from due where m.id = due.id
      returning m.id, m.client_id, m.phone, m.body, m.attempts`,
    ),
  );
  if (claimed.length === 0) return 0;
  const configs = new Map<number, Promise<GatewayConfig>>();
  const configOf = (clientId: number) => {
    let config = configs.get(clientId);
    if (!config) {
      config = inTenant(opts.db, clientId, (tx) => loadGatewayConfig({ tx, clientId, tokenSecret: opts.tokenSecret }));
      configs.set(clientId, config);
    }
    return config;
  };
  const queue = [...claimed];
  const worker = async () => {
    for (let m = queue.shift(); m; m = queue.shift()) {
      const config = await configOf(m.client_id);
      const result = await adapterFor(config, opts.timeoutMs).send({ id: Number(m.id), phone: m.phone, body: m.body });
      await recordResult(opts.db, {
        clientId: m.client_id,
        id: Number(m.id),
        attempt: m.attempts,
        maxAttempts: config.maxAttempts,
        retryBaseMs: opts.retryBaseMs,
        result,
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.concurrency ?? 4, claimed.length) }, worker));
  return claimed.length;
}

/** The wait before attempt n + 1 after attempt n failed. */
export function backoffMs(retryBaseMs: number, attempt: number): number {
  return Math.min(retryBaseMs * 2 ** Math.max(0, attempt - 1), MAX_BACKOFF_MS);
}

/**
 * Writes the outcome of one attempt, only if the message is still the one this sender claimed (same
 * attempt, still sending): a lapsed claim taken over by another round is left to that round.
 */
export async function recordResult(
  db: Db,
  opts: { clientId: number; id: number; attempt: number; maxAttempts: number; retryBaseMs: number; result: SendResult },
): Promise<'sent' | 'queued' | 'failed'> {
  const { clientId, id, attempt, maxAttempts, result } = opts;
  const status = result.ok ? 'sent' : attempt >= maxAttempts ? 'failed' : 'queued';
  const nextAttempt = status === 'queued' ? sql`now() + ${backoffMs(opts.retryBaseMs, attempt)} * interval '1 millisecond'` : sql`null`;
  await inTenant(db, clientId, (tx) =>
    tx.execute(sql`
      update sms_messages
      set status = ${status}, next_attempt_at = ${nextAttempt}, updated_at = now(),
          sent_at = ${status === 'sent' ? sql`now()` : sql`null`},
          provider = ${result.provider}, provider_message_id = ${result.providerMessageId},
          provider_response = ${result.response}, last_error = ${result.error}
      where client_id = ${clientId} and id = ${id} and status = 'sending' and attempts = ${attempt}`),
  );
  return status;
}
