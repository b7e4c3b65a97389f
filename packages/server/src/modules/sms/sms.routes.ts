// SMS routes. send-sms: POST /api/send-sms (free SMS), GET /api/sms-report, retry, templates, the send
// screen's lookups and customers' languages. bill-sms: POST /api/sms/bill-sms (+ /preview, /options).
// The gateway settings and the test message need send-sms AND an administrator (the gateway's address and
// credentials are the organisation's, and a test costs money). Sending routes honour Idempotency-Key and
// kick the dispatcher only after their transaction has committed. The dispatcher is a job of the app's
// worker (modules/jobs), defined here; the worker starts it with the app and waits for it on close.
// Paths and schemas are the contracts' smsEndpoints.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { smsEndpoints as api, type SmsQueued } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { readIdempotencyKey, withIdempotency } from '../../ledger/index.ts';
import { actorOf, caller, tenantTx } from '../../plugins/auth.ts';
import { serve } from '../../plugins/endpoint.ts';
import { AppError } from '../../plugins/errors.ts';
import { billSmsOptions as readBillSmsOptions, previewBillSms, sendBillSms } from './bill-sms.ts';
import { listCustomerLanguages, removeCustomerLanguage, setCustomerLanguage } from './customer-languages.ts';
import { SMS_DISPATCH, dispatcherOptionsFromEnv, smsDispatchJob } from './dispatcher.ts';
import { findRecipients, sendOptions } from './lookups.ts';
import { retryMessage } from './retry-message.ts';
import { sendFreeSms } from './send-sms.ts';
import { getSmsSettings, updateSmsSettings } from './sms-settings.ts';
import { smsReport as readSmsReport } from './sms-report.ts';
import { listTemplates, updateTemplate } from './templates.ts';
import { assertGatewayAllowed, sendTestMessage } from './test-gateway.ts';

const tags = ['sms'];
const sendAccess = { access: { privilege: 'send-sms' }, tags } as const;
const billAccess = { access: { privilege: 'bill-sms' }, tags } as const;

function assertAdmin(req: FastifyRequest): void {
  if (!caller(req).isAdmin) throw new AppError(403, 'FORBIDDEN', 'sms.adminOnly');
}

/** Queues in one transaction (once per Idempotency-Key), then wakes the dispatcher: never before the commit. */
async function queueThenKick(
  req: FastifyRequest,
  reply: FastifyReply,
  operation: string,
  work: (tx: Db, actor: Actor) => Promise<SmsQueued>,
): Promise<SmsQueued> {
  const key = readIdempotencyKey(req.headers);
  const result = await tenantTx(req, (tx, actor) =>
    withIdempotency(tx, { clientId: actor.clientId, key, operation, body: req.body }, async () => ({ statusCode: 200, body: await work(tx, actor) })),
  );
  if (result.isReplay) reply.header('idempotent-replayed', 'true');
  if (result.body.queued > 0) req.server.jobs.kick(SMS_DISPATCH);
  return result.body;
}

export async function smsRoutes(app: FastifyInstance) {
  app.jobs.define(smsDispatchJob({ db: app.db, tokenSecret: app.tokenSecret, ...dispatcherOptionsFromEnv() }));

  serve(app, api.send, sendAccess, async (req, reply) => queueThenKick(req, reply, 'send-sms', (tx, actor) => sendFreeSms({ tx, actor, input: req.body })));

  serve(app, api.sendOptions, sendAccess, async (req) => tenantTx(req, (tx, actor) => sendOptions({ tx, clientId: actor.clientId })));

  serve(app, api.recipients, sendAccess, async (req) => tenantTx(req, (tx, actor) => findRecipients({ tx, clientId: actor.clientId, q: req.query.q })));

  serve(app, api.sendBills, billAccess, async (req, reply) =>
    queueThenKick(req, reply, 'bill-sms', (tx, actor) => sendBillSms({ tx, actor, input: req.body })),
  );

  serve(app, api.previewBills, billAccess, async (req) => tenantTx(req, (tx, actor) => previewBillSms({ tx, clientId: actor.clientId, input: req.body })));

  serve(app, api.billOptions, billAccess, async (req) => tenantTx(req, (tx, actor) => readBillSmsOptions({ tx, clientId: actor.clientId })));

  serve(app, api.report, sendAccess, async (req) => tenantTx(req, (tx, actor) => readSmsReport({ tx, clientId: actor.clientId, query: req.query })));

  serve(app, api.retry, sendAccess, async (req) => {
    await tenantTx(req, (tx, actor) => retryMessage({ tx, actor, id: req.params.id }));
    req.server.jobs.kick(SMS_DISPATCH);
    return { ok: true as const };
  });

  serve(app, api.templates, sendAccess, async (req) => tenantTx(req, (tx, actor) => listTemplates({ tx, clientId: actor.clientId })));

  serve(app, api.updateTemplate, sendAccess, async (req) =>
    tenantTx(req, (tx, actor) => updateTemplate({ tx, actor, id: req.params.id, body: req.body.body })),
  );

  serve(app, api.settings, sendAccess, async (req) => {
    assertAdmin(req);
    return tenantTx(req, (tx, actor) => getSmsSettings({ tx, clientId: actor.clientId }));
  });

  serve(app, api.updateSettings, sendAccess, async (req) => {
    assertAdmin(req);
    if (req.body.provider === 'http' && req.body.url) await assertGatewayAllowed(req.body.url);
    return tenantTx(req, (tx, actor) => updateSmsSettings({ tx, actor, tokenSecret: app.tokenSecret, input: req.body }));
  });

  serve(app, api.test, sendAccess, async (req) => {
    assertAdmin(req);
    return sendTestMessage({ db: app.db, actor: actorOf(req), tokenSecret: app.tokenSecret, phone: req.body.phone });
  });

  serve(app, api.languages, sendAccess, async (req) => tenantTx(req, (tx, actor) => listCustomerLanguages({ tx, clientId: actor.clientId, query: req.query })));

  serve(app, api.setLanguage, sendAccess, async (req) =>
    tenantTx(req, (tx, actor) => setCustomerLanguage({ tx, actor, customerId: req.params.customerId, language: req.body.language })),
  );

  serve(app, api.removeLanguage, sendAccess, async (req) => {
    await tenantTx(req, (tx, actor) => removeCustomerLanguage({ tx, actor, customerId: req.params.customerId }));
    return { ok: true as const };
  });
}
