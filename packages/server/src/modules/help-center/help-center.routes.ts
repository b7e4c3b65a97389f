// /api/tickets (the organisation's staff, each call by its privilege: list-tickets, view-ticket,
// add-ticket, update-ticket) and /api/operator (the installation's operators only: access 'operator',
// which accepts nothing but an operator token; see plugins/auth.ts). Paths and schemas are the
// contracts' ticketsEndpoints and operatorEndpoints.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { operatorEndpoints as op, ticketsEndpoints as api, translate } from '@ubo/contracts';
import { inSystem } from '../../db/tenant.ts';
import { operatorOf, tenantTx } from '../../plugins/auth.ts';
import { serve } from '../../plugins/endpoint.ts';
import { fieldError } from '../../plugins/errors.ts';
import { attachmentFilename, detectAttachmentType } from '../treasury/index.ts';
import { getOperatorTicket, listAllTickets, operatorCloseTicket, type OperatorAuthor, replyToTicket } from './operator-tickets.ts';
import { operatorLogin, operatorLogout } from './operators.ts';
import {
  addStaffMessage,
  attachTicketFile,
  closeTicket,
  createTicket,
  deleteTicket,
  listTickets,
  readTicketFile,
  removeTicketFile,
  updateTicket,
  viewTicket,
} from './tickets.ts';

const privilege = (key: string | string[]) => ({ access: { privilege: key }, tags: ['help-center'] }) as const;
const operatorOnly = { access: 'operator' as const, tags: ['operator'] };

/** The one file of the multipart body, recognised by its bytes (the journal attachments' rules). */
async function readTicketUpload(req: FastifyRequest) {
  if (!req.isMultipart()) throw fieldError('file', 'file.required');
  const part = await req.file();
  if (!part) throw fieldError('file', 'file.required');
  const content = await part.toBuffer();
  if (content.length === 0) throw fieldError('file', 'file.required');
  const mime = detectAttachmentType(content);
  if (!mime) throw fieldError('file', 'file.transactionTypes');
  return { filename: attachmentFilename(part.filename, mime), mime, content };
}

function sendFile(reply: FastifyReply, file: { filename: string; mime: string; content: Buffer }) {
  const ascii = file.filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const disposition = file.mime === 'application/pdf' || file.mime.startsWith('image/') ? 'inline' : 'attachment';
  return reply
    .header('content-type', file.mime === 'text/csv' ? 'text/csv; charset=utf-8' : file.mime)
    .header('content-disposition', `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, max-age=3600')
    .send(file.content);
}

const authorOf = (req: FastifyRequest): OperatorAuthor => {
  const o = operatorOf(req);
  return { operatorId: o.operatorId, username: o.username, fullname: o.fullname, ip: req.ip };
};

export async function helpCenterRoutes(app: FastifyInstance) {
  // The organisation's staff --------------------------------------------------------------------------
  serve(app, api.list, privilege('list-tickets'), async (req) => tenantTx(req, (tx, actor) => listTickets({ tx, actor, query: req.query })));
  serve(app, api.view, privilege('view-ticket'), async (req) => tenantTx(req, (tx, actor) => viewTicket({ tx, actor, id: req.params.id })));
  serve(app, api.create, privilege('add-ticket'), async (req) => tenantTx(req, (tx, actor) => createTicket({ tx, actor, input: req.body })));
  serve(app, api.update, privilege('update-ticket'), async (req) =>
    tenantTx(req, (tx, actor) => updateTicket({ tx, actor, id: req.params.id, input: req.body })),
  );
  serve(app, api.addMessage, privilege('update-ticket'), async (req) =>
    tenantTx(req, (tx, actor) => addStaffMessage({ tx, actor, id: req.params.id, body: req.body.body })),
  );
  serve(app, api.close, privilege('update-ticket'), async (req) => tenantTx(req, (tx, actor) => closeTicket({ tx, actor, id: req.params.id })));
  serve(app, api.remove, privilege('update-ticket'), async (req) => {
    await tenantTx(req, (tx, actor) => deleteTicket({ tx, actor, id: req.params.id }));
    return { ok: true as const, message: translate('common.deleted', req.lang) };
  });
  serve(app, api.uploadFile, privilege(['add-ticket', 'update-ticket']), async (req) => {
    // Read and check the whole upload before the transaction opens.
    const upload = await readTicketUpload(req);
    return tenantTx(req, (tx, actor) => attachTicketFile({ tx, actor, id: req.params.id, upload }));
  });
  serve(app, api.file, privilege('view-ticket'), async (req, reply) => {
    const file = await tenantTx(req, (tx, actor) => readTicketFile({ tx, clientId: actor.clientId, id: req.params.id }));
    return sendFile(reply, file);
  });
  serve(app, api.removeFile, privilege('update-ticket'), async (req) => {
    await tenantTx(req, (tx, actor) => removeTicketFile({ tx, actor, id: req.params.id }));
    return { ok: true as const, message: translate('common.deleted', req.lang) };
  });

  // The installation's operators ----------------------------------------------------------------------
  serve(app, op.login, { access: 'public', tags: ['operator'] }, async (req) =>
    operatorLogin({
      db: req.server.db,
      keys: { tokenSecret: req.server.tokenSecret, tokenTtlHours: req.server.tokenTtlHours },
      username: req.body.username,
      password: req.body.password,
      ip: req.ip,
      lang: req.lang,
    }),
  );
  serve(app, op.me, operatorOnly, async (req) => {
    const o = operatorOf(req);
    return { id: o.operatorId, username: o.username, fullname: o.fullname };
  });
  serve(app, op.logout, operatorOnly, async (req) => {
    await operatorLogout(req.server.db, operatorOf(req).sessionId);
    return { ok: true as const };
  });
  serve(app, op.tickets, operatorOnly, async (req) => listAllTickets(req.server.db, req.query));
  serve(app, op.ticket, operatorOnly, async (req) => getOperatorTicket(req.server.db, req.params.id));
  serve(app, op.reply, operatorOnly, async (req) => replyToTicket(req.server.db, authorOf(req), req.params.id, req.body.body));
  serve(app, op.close, operatorOnly, async (req) => operatorCloseTicket(req.server.db, authorOf(req), req.params.id));
  serve(app, op.file, operatorOnly, async (req, reply) => {
    const file = await inSystem(req.server.db, (tx) => readTicketFile({ tx, id: req.params.id }));
    return sendFile(reply, file);
  });
}
