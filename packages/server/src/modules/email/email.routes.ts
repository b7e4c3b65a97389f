// E-mail routes. POST /api/send-email (customers, a zone or addresses), POST /api/email/documents (a bill,
// sales invoice, sales receipt or purchase order as a PDF attachment; needs the document's own privilege
// too), GET /api/email-report with retry, templates, the send screen's lookups. The SMTP settings and the
// test e-mail need send-email AND an administrator. Sending routes honour Idempotency-Key and kick the
// dispatcher (job email.dispatch, defined here) only after their transaction has committed.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type EmailQueued, emailEndpoints as api } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { readIdempotencyKey, withIdempotency } from '../../ledger/index.ts';
import { actorOf, caller, tenantTx } from '../../plugins/auth.ts';
import { serve } from '../../plugins/endpoint.ts';
import { AppError } from '../../plugins/errors.ts';
import { EMAIL_DISPATCH, emailDispatchJob, emailDispatcherOptionsFromEnv } from './dispatcher.ts';
import { DOCUMENT_PRIVILEGE, documentRecipient, emailDocument } from './documents.ts';
import { emailReport } from './email-report.ts';
import { getEmailSettings, updateEmailSettings } from './email-settings.ts';
import { findEmailRecipients, sendEmailOptions } from './lookups.ts';
import { retryEmail } from './retry-email.ts';
import { sendEmail } from './send-email.ts';
import { listEmailTemplates, updateEmailTemplate } from './templates.ts';
import { assertSmtpHostAllowed, sendTestEmail } from './test-email.ts';

const tags = ['email'];
const sendAccess = { access: { privilege: 'send-email' }, tags } as const;

function assertAdmin(req: FastifyRequest): void {
  if (!caller(req).isAdmin) throw new AppError(403, 'FORBIDDEN', 'email.adminOnly');
}

function assertDocumentPrivilege(req: FastifyRequest, document: keyof typeof DOCUMENT_PRIVILEGE): void {
  const c = caller(req);
  if (!c.isAdmin && !c.privileges.includes(DOCUMENT_PRIVILEGE[document])) throw new AppError(403, 'FORBIDDEN', 'email.documentPrivilege');
}

/** Queues in one transaction (once per Idempotency-Key), then wakes the dispatcher: never before the commit. */
async function queueThenKick(
  req: FastifyRequest,
  reply: FastifyReply,
  operation: string,
  work: (tx: Db, actor: Actor) => Promise<EmailQueued>,
): Promise<EmailQueued> {
  const key = readIdempotencyKey(req.headers);
  const result = await tenantTx(req, (tx, actor) =>
    withIdempotency(tx, { clientId: actor.clientId, key, operation, body: req.body }, async () => ({ statusCode: 200, body: await work(tx, actor) })),
  );
  if (result.isReplay) reply.header('idempotent-replayed', 'true');
  if (result.body.queued > 0) req.server.jobs.kick(EMAIL_DISPATCH);
  return result.body;
}

export async function emailRoutes(app: FastifyInstance) {
  app.jobs.define(emailDispatchJob({ db: app.db, tokenSecret: app.tokenSecret, ...emailDispatcherOptionsFromEnv() }));

  serve(app, api.send, sendAccess, async (req, reply) => queueThenKick(req, reply, 'send-email', (tx, actor) => sendEmail({ tx, actor, input: req.body })));

  serve(app, api.sendOptions, sendAccess, async (req) => tenantTx(req, (tx, actor) => sendEmailOptions({ tx, clientId: actor.clientId })));

  serve(app, api.recipients, sendAccess, async (req) => tenantTx(req, (tx, actor) => findEmailRecipients({ tx, clientId: actor.clientId, q: req.query.q })));

  serve(app, api.sendDocument, sendAccess, async (req, reply) => {
    assertDocumentPrivilege(req, req.body.document);
    return queueThenKick(req, reply, 'email-document', (tx, actor) => emailDocument({ tx, actor, input: req.body }));
  });

  serve(app, api.documentRecipient, sendAccess, async (req) => {
    assertDocumentPrivilege(req, req.query.document);
    return tenantTx(req, (tx, actor) => documentRecipient({ tx, clientId: actor.clientId, lang: actor.lang, document: req.query.document, id: req.query.id }));
  });

  serve(app, api.report, sendAccess, async (req) => tenantTx(req, (tx, actor) => emailReport({ tx, clientId: actor.clientId, query: req.query })));

  serve(app, api.retry, sendAccess, async (req) => {
    await tenantTx(req, (tx, actor) => retryEmail({ tx, actor, id: req.params.id }));
    req.server.jobs.kick(EMAIL_DISPATCH);
    return { ok: true as const };
  });

  serve(app, api.templates, sendAccess, async (req) => tenantTx(req, (tx, actor) => listEmailTemplates({ tx, clientId: actor.clientId })));

  serve(app, api.updateTemplate, sendAccess, async (req) =>
    tenantTx(req, (tx, actor) => updateEmailTemplate({ tx, actor, id: req.params.id, subject: req.body.subject, body: req.body.body })),
  );

  serve(app, api.settings, sendAccess, async (req) => {
    assertAdmin(req);
    return tenantTx(req, (tx, actor) => getEmailSettings({ tx, clientId: actor.clientId }));
  });

  serve(app, api.updateSettings, sendAccess, async (req) => {
    assertAdmin(req);
    await assertSmtpHostAllowed(req.body.host);
    return tenantTx(req, (tx, actor) => updateEmailSettings({ tx, actor, tokenSecret: app.tokenSecret, input: req.body }));
  });

  serve(app, api.test, sendAccess, async (req) => {
    assertAdmin(req);
    return sendTestEmail({ db: app.db, actor: actorOf(req), tokenSecret: app.tokenSecret, to: req.body.to });
  });
}
