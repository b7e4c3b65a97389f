// Sends queued messages, always outside the transaction that queued them: a route kicks the dispatcher
// after its transaction has committed, and a timer kicks it every SMS_DISPATCH_INTERVAL_MS (retries, other
// processes' messages, anything left by a restart). Each round claims due messages of every organisation
// in one short transaction (FOR UPDATE SKIP LOCKED, so several server processes never take the same
// message; the claim marks them 'sending' with a lease), sends them with the organisation's adapter, and
// records each result in its own short tenant transaction: sent, or queued again after an exponential
// back-off (SMS_RETRY_BASE_MS x 2^(attempt-1), at most an hour) until the organisation's max attempts, then
// failed. stop() (app close) ends the timer and waits for the round in flight.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { inSystem, inTenant } from '../../db/tenant.ts';
import { adapterFor, type SendResult } from './adapters.ts';
import { type GatewayConfig, loadGatewayConfig } from './sms-settings.ts';

export interface DispatcherOptions {
  db: Db;
  tokenSecret: Uint8Array;
  /** Period of the timer; 0 runs only when kicked. */
  intervalMs: number;
  retryBaseMs: number;
  timeoutMs: number;
  /** Messages claimed per round. */
  batchSize?: number;
  /** Messages sent at the same time. */
  concurrency?: number;
  log?: (message: string) => void;
}

/** How long a claim holds a message before another round may take it again (a crashed sender). */
const LEASE_MS = 5 * 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;

export function dispatcherOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): Pick<DispatcherOptions, 'intervalMs' | 'retryBaseMs' | 'timeoutMs'> {
  const num = (value: string | undefined, fallback: number) => (value !== undefined && value !== '' && Number.isFinite(Number(value)) ? Number(value) : fallback);
  return {
    intervalMs: num(env.SMS_DISPATCH_INTERVAL_MS, 5000),
    retryBaseMs: num(env.SMS_RETRY_BASE_MS, 30_000),
    timeoutMs: num(env.SMS_HTTP_TIMEOUT_MS, 10_000),
  };
}

interface Claimed {
  id: string | number;
  client_id: number;
  phone: string;
  body: string;
  attempts: number;
}

export class SmsDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(private readonly opts: DispatcherOptions) {}

  start(): void {
    this.stopped = false;
    if (this.opts.intervalMs > 0 && !this.timer) {
      this.timer = setInterval(() => this.kick(), this.opts.intervalMs);
      this.timer.unref();
    }
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.idle();
  }

  /** Sends whatever is due, soon and in the background; a kick during a round makes another round. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
    });
  }

  /** Resolves once no round is running (tests and shutdown wait on it). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    do {
      this.again = false;
      try {
        while (!this.stopped && (await this.runOnce()) > 0) {
          // next round
        }
      } catch (err) {
        this.opts.log?.(`sms dispatcher: ${(err as Error).message}`);
        return;
      }
    } while (this.again && !this.stopped);
  }

  /** One round: claim due messages, send them, record the results. Returns how many were claimed. */
  async runOnce(): Promise<number> {
    const claimed = await inSystem(this.opts.db, (tx) =>
      queryRows<Claimed>(tx, sql`
        with due as (
          select id from sms_messages
          where status in ('queued', 'sending') and next_attempt_at <= now()
          order by next_attempt_at, id
          limit ${this.opts.batchSize ?? 50}
          for update skip locked
        )
        update sms_messages m
        set status = 'sending', attempts = m.attempts + 1, updated_at = now(),
            next_attempt_at = now() + ${LEASE_MS} * interval '1 millisecond'
        from due where m.id = due.id
        returning m.id, m.client_id, m.phone, m.body, m.attempts`),
    );
    if (claimed.length === 0) return 0;
    const configs = new Map<number, Promise<GatewayConfig>>();
    const configOf = (clientId: number) => {
      let config = configs.get(clientId);
      if (!config) {
        config = inTenant(this.opts.db, clientId, (tx) => loadGatewayConfig({ tx, clientId, tokenSecret: this.opts.tokenSecret }));
        configs.set(clientId, config);
      }
      return config;
    };
    const queue = [...claimed];
    const worker = async () => {
      for (let m = queue.shift(); m; m = queue.shift()) {
        const config = await configOf(m.client_id);
        const result = await adapterFor(config, this.opts.timeoutMs).send({ id: Number(m.id), phone: m.phone, body: m.body });
        await recordResult(this.opts.db, {
          clientId: m.client_id,
          id: Number(m.id),
          attempt: m.attempts,
          maxAttempts: config.maxAttempts,
          retryBaseMs: this.opts.retryBaseMs,
          result,
        });
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.opts.concurrency ?? 4, claimed.length) }, worker));
    return claimed.length;
  }
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

/** One dispatcher per database (each built app has its own), found by the routes and by tests. */
const dispatchers = new WeakMap<Db, SmsDispatcher>();

export function registerDispatcher(db: Db, dispatcher: SmsDispatcher): void {
  dispatchers.set(db, dispatcher);
}

export function dispatcherFor(db: Db): SmsDispatcher {
  const dispatcher = dispatchers.get(db);
  if (!dispatcher) throw new Error('The SMS dispatcher is not running for this database');
  return dispatcher;
}
