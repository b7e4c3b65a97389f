// SMS routes. send-sms: POST /api/send-sms (free SMS), GET /api/sms-report, retry, templates, the send
// screen's lookups and customers' languages. bill-sms: POST /api/sms/bill-sms (+ /preview, /options).
// The gateway settings and the test message need send-sms AND an administrator (the gateway's address and
// credentials are the organisation's, and a test costs money). Sending routes honour Idempotency-Key and
// kick the dispatcher only after their transaction has committed. The dispatcher is a job of the app's
// worker (modules/jobs), defined here; the worker starts it with the app and waits for it on close.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  billSmsBody,
  billSmsOptions,
  billSmsPreview,
  okResponse,
  sendSmsBody,
  sendSmsOptions,
  smsCustomerLanguage,
  smsCustomerLanguageBody,
  smsCustomerLanguagePage,
  smsCustomerLanguageParams,
  smsCustomerLanguageQuery,
  smsMessageParams,
  smsQueued,
  smsRecipientList,
  smsRecipientQuery,
  smsReport,
  smsReportQuery,
  smsSettings,
  smsSettingsBody,
  smsTemplate,
  smsTemplateBody,
  smsTemplateList,
  smsTestBody,
  smsTestResult,
  z,
  type SmsQueued,
} from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { readIdempotencyKey, withIdempotency } from '../../ledger/index.ts';
import { actorOf, caller, tenantTx } from '../../plugins/auth.ts';
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

const sendAccess = { access: { privilege: 'send-sms' } } as const;
const billAccess = { access: { privilege: 'bill-sms' } } as const;
const templateParams = z.object({ id: z.coerce.number().int().positive().max(2147483647) });

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

  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sms'];

  r.post('/api/send-sms', { config: sendAccess, schema: { tags, body: sendSmsBody, response: { 200: smsQueued } } }, async (req, reply) =>
    queueThenKick(req, reply, 'send-sms', (tx, actor) => sendFreeSms({ tx, actor, input: req.body })),
  );

  r.get('/api/sms/send-sms/options', { config: sendAccess, schema: { tags, response: { 200: sendSmsOptions } } }, async (req) =>
    tenantTx(req, (tx, actor) => sendOptions({ tx, clientId: actor.clientId })),
  );

  r.get('/api/sms/recipients', { config: sendAccess, schema: { tags, querystring: smsRecipientQuery, response: { 200: smsRecipientList } } }, async (req) =>
    tenantTx(req, (tx, actor) => findRecipients({ tx, clientId: actor.clientId, q: req.query.q })),
  );

  r.post('/api/sms/bill-sms', { config: billAccess, schema: { tags, body: billSmsBody, response: { 200: smsQueued } } }, async (req, reply) =>
    queueThenKick(req, reply, 'bill-sms', (tx, actor) => sendBillSms({ tx, actor, input: req.body })),
  );

  r.post('/api/sms/bill-sms/preview', { config: billAccess, schema: { tags, body: billSmsBody, response: { 200: billSmsPreview } } }, async (req) =>
    tenantTx(req, (tx, actor) => previewBillSms({ tx, clientId: actor.clientId, input: req.body })),
  );

  r.get('/api/sms/bill-sms/options', { config: billAccess, schema: { tags, response: { 200: billSmsOptions } } }, async (req) =>
    tenantTx(req, (tx, actor) => readBillSmsOptions({ tx, clientId: actor.clientId })),
  );

  r.get('/api/sms-report', { config: sendAccess, schema: { tags, querystring: smsReportQuery, response: { 200: smsReport } } }, async (req) =>
    tenantTx(req, (tx, actor) => readSmsReport({ tx, clientId: actor.clientId, query: req.query })),
  );

  r.post('/api/sms/messages/:id/retry', { config: sendAccess, schema: { tags, params: smsMessageParams, response: { 200: okResponse } } }, async (req) => {
    await tenantTx(req, (tx, actor) => retryMessage({ tx, actor, id: req.params.id }));
    req.server.jobs.kick(SMS_DISPATCH);
    return { ok: true as const };
  });

  r.get('/api/sms/templates', { config: sendAccess, schema: { tags, response: { 200: smsTemplateList } } }, async (req) =>
    tenantTx(req, (tx, actor) => listTemplates({ tx, clientId: actor.clientId })),
  );

  r.put(
    '/api/sms/templates/:id',
    { config: sendAccess, schema: { tags, params: templateParams, body: smsTemplateBody, response: { 200: smsTemplate } } },
    async (req) => tenantTx(req, (tx, actor) => updateTemplate({ tx, actor, id: req.params.id, body: req.body.body })),
  );

  r.get('/api/sms/settings', { config: sendAccess, schema: { tags, response: { 200: smsSettings } } }, async (req) => {
    assertAdmin(req);
    return tenantTx(req, (tx, actor) => getSmsSettings({ tx, clientId: actor.clientId }));
  });

  r.put('/api/sms/settings', { config: sendAccess, schema: { tags, body: smsSettingsBody, response: { 200: smsSettings } } }, async (req) => {
    assertAdmin(req);
    if (req.body.provider === 'http' && req.body.url) await assertGatewayAllowed(req.body.url);
    return tenantTx(req, (tx, actor) => updateSmsSettings({ tx, actor, tokenSecret: app.tokenSecret, input: req.body }));
  });

  r.post('/api/sms/settings/test', { config: sendAccess, schema: { tags, body: smsTestBody, response: { 200: smsTestResult } } }, async (req) => {
    assertAdmin(req);
    return sendTestMessage({ db: app.db, actor: actorOf(req), tokenSecret: app.tokenSecret, phone: req.body.phone });
  });

  r.get(
    '/api/sms/customer-languages',
    { config: sendAccess, schema: { tags, querystring: smsCustomerLanguageQuery, response: { 200: smsCustomerLanguagePage } } },
    async (req) => tenantTx(req, (tx, actor) => listCustomerLanguages({ tx, clientId: actor.clientId, query: req.query })),
  );

  r.put(
    '/api/sms/customer-languages/:customerId',
    { config: sendAccess, schema: { tags, params: smsCustomerLanguageParams, body: smsCustomerLanguageBody, response: { 200: smsCustomerLanguage } } },
    async (req) => tenantTx(req, (tx, actor) => setCustomerLanguage({ tx, actor, customerId: req.params.customerId, language: req.body.language })),
  );

  r.delete(
    '/api/sms/customer-languages/:customerId',
    { config: sendAccess, schema: { tags, params: smsCustomerLanguageParams, response: { 200: okResponse } } },
    async (req) => {
      await tenantTx(req, (tx, actor) => removeCustomerLanguage({ tx, actor, customerId: req.params.customerId }));
      return { ok: true as const };
    },
  );
}
