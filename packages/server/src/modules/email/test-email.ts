// POST /api/email/settings/test: one e-mail to the given address through the saved settings, now. The e-mail
// is recorded (kind test, status sending, attempt 1: the dispatcher leaves it alone) and committed first,
// then sent outside any transaction, and its one attempt recorded (no retry): the administrator sees the
// server's answer at once. A server on a refused network is a field-level 400 on host.
import { sql } from 'drizzle-orm';
import type { EmailTestResult } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { inTenant } from '../../db/tenant.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, fieldError } from '../../plugins/errors.ts';
import { checkedAddresses, GatewayAddressError } from '../sms/index.ts';
import { recordEmailResult } from './dispatcher.ts';
import { loadSmtpConfig } from './email-settings.ts';
import { SMTP_ALLOW_VARIABLE, sendViaSmtp } from './smtp-transport.ts';

const TEST_TEXT = {
  en: { subject: 'Test e-mail from {company}', body: 'This is a test e-mail from {company}: the e-mail settings work.' },
  so: { subject: 'Iimayl tijaabo ah oo ka yimid {company}', body: 'Kani waa iimayl tijaabo ah oo ka yimid {company}: habaynta iimaylku way shaqaysaa.' },
} as const;

/** A host that resolves to a refused network is a 400 on host; one that does not resolve now is left to the send. */
export async function assertSmtpHostAllowed(host: string): Promise<void> {
  try {
    await checkedAddresses(host.replace(/^\[|\]$/g, ''), SMTP_ALLOW_VARIABLE);
  } catch (err) {
    if (err instanceof GatewayAddressError && err.reason === 'address_refused') throw fieldError('host', 'email.hostAddress');
    if (!(err instanceof GatewayAddressError)) throw err;
  }
}

export async function sendTestEmail(opts: { db: Db; actor: Actor; tokenSecret: Uint8Array; to: string }): Promise<EmailTestResult> {
  const { db, actor, to } = opts;
  const { clientId, userId } = actor;
  const config = await inTenant(db, clientId, (tx) => loadSmtpConfig({ tx, clientId, tokenSecret: opts.tokenSecret }), userId);
  if (!config.host || !config.fromAddress) throw new AppError(409, 'EMAIL_NOT_CONFIGURED', 'email.notConfigured');
  await assertSmtpHostAllowed(config.host);
  const { messageId, subject, body } = await inTenant(
    db,
    clientId,
    async (tx) => {
      const [company] = await queryRows<{ name: string }>(tx, sql`select name from clients where id = ${clientId}`);
      const text = TEST_TEXT[actor.lang];
      const subject = text.subject.replace('{company}', company?.name ?? '');
      const body = text.body.replace('{company}', company?.name ?? '');
      const [row] = await queryRows<{ id: string | number }>(
        tx,
        sql`
        insert into email_messages (client_id, kind, recipient, subject, body, language, status, attempts, next_attempt_at, created_by)
        values (${clientId}, 'test', ${to}, ${subject}, ${body}, ${actor.lang}, 'sending', 1, now() + interval '10 minutes', ${userId})
        returning id`,
      );
      await writeAudit(tx, actor, { action: 'create', entity: 'email-message', entityId: Number(row.id), after: { kind: 'test', to } });
      return { messageId: Number(row.id), subject, body };
    },
    userId,
  );
  const result = await sendViaSmtp(config, { to, subject, body, attachments: [] });
  const status = await recordEmailResult(db, { clientId, id: messageId, attempt: 1, maxAttempts: 1, retryBaseMs: 0, result });
  return { messageId, status, to, response: result.response, error: result.error };
}
