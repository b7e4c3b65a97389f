// POST /api/sms/settings/test: one message to the given phone through the saved settings, now. The message
// is recorded (kind test, status sending) and committed first, then sent outside any transaction, and its
// one attempt recorded (no retry): the administrator sees the gateway's status and a short excerpt of its
// answer at once. A gateway address on a refused network is a field-level 400 (gateway-address.ts).
import { sql } from 'drizzle-orm';
import { type SmsTestResult, normaliseSomaliPhone } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { inTenant } from '../../db/tenant.ts';
import type { Actor } from '../../lib/actor.ts';
import { fieldError } from '../../plugins/errors.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { adapterFor } from './adapters.ts';
import { checkGatewayUrl, GatewayAddressError } from './gateway-address.ts';
import { dispatcherOptionsFromEnv, recordResult } from './dispatcher.ts';
import { loadGatewayConfig } from './sms-settings.ts';
import { smsBatches } from './sms.tables.ts';

const TEST_TEXT = {
  en: 'Test message from {company}: the SMS gateway works.',
  so: 'Fariin tijaabo ah oo ka timid {company}: albaabka SMS-ku wuu shaqeeyaa.',
} as const;

/**
 * A gateway address that resolves to a refused network is a field-level 400 on url, when saved and before
 * a test (DNS may have changed since). An address that does not resolve now is not refused here: the
 * send reports it, and every send checks again.
 */
export async function assertGatewayAllowed(url: string): Promise<void> {
  try {
    await checkGatewayUrl(url);
  } catch (err) {
    if (err instanceof GatewayAddressError && err.reason === 'address_refused') throw fieldError('url', 'sms.gatewayAddress');
    if (!(err instanceof GatewayAddressError)) throw err;
  }
}

/** Two short transactions around the send (never one held open while the gateway answers). */
export async function sendTestMessage(opts: { db: Db; actor: Actor; tokenSecret: Uint8Array; phone: string }): Promise<SmsTestResult> {
  const { db, actor } = opts;
  const { clientId, userId } = actor;
  const rawPhone = opts.phone;
  const phone = normaliseSomaliPhone(rawPhone);
  if (!phone) throw fieldError('phone', 'sms.invalidPhone');
  const config = await inTenant(db, clientId, (tx) => loadGatewayConfig({ tx, clientId, tokenSecret: opts.tokenSecret }), userId);
  if (config.provider === 'http' && config.url) await assertGatewayAllowed(config.url);
  const { messageId, body } = await inTenant(
    db,
    clientId,
    async (tx) => {
      const [company] = await queryRows<{ name: string }>(tx, sql`select name from clients where id = ${clientId}`);
      const body = TEST_TEXT[actor.lang].replace('{company}', company?.name ?? '');
      const [batch] = await tx
        .insert(smsBatches)
        .values({ clientId, kind: 'test', target: { type: 'phones', count: 1 }, messageCount: 1, createdBy: userId })
        .returning({ id: smsBatches.id });
      // Claimed by this request from the start (status sending, attempt 1) so the dispatcher leaves it alone.
      const [row] = await queryRows<{ id: string | number }>(
        tx,
        sql`
      insert into sms_messages (client_id, batch_id, kind, phone, body, language, status, attempts, next_attempt_at, created_by)
      values (${clientId}, ${batch.id}, 'test', ${phone}, ${body}, ${actor.lang}, 'sending', 1, now() + interval '5 minutes', ${userId})
      returning id`,
      );
      await writeAudit(tx, actor, { action: 'create', entity: 'sms-batch', entityId: batch.id, after: { kind: 'test', phone } });
      return { messageId: Number(row.id), body };
    },
    userId,
  );
  const result = await adapterFor(config, dispatcherOptionsFromEnv().timeoutMs).send({ id: messageId, phone, body });
  const status = await recordResult(db, { clientId, id: messageId, attempt: 1, maxAttempts: 1, retryBaseMs: 0, result });
  return { messageId, status, provider: result.provider, phone, httpStatus: result.httpStatus, response: result.response, error: result.error };
}
