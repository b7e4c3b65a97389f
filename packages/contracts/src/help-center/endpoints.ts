// Help-centre endpoints: the staff's tickets under /api/tickets (the spec's `tickets` calls: list, view,
// delete; add and update by privilege), and the operators' own door under /api/operator (sign-in with
// no organisation code, every organisation's tickets, replies). Operator routes accept only an operator
// token; tenant routes refuse it (server plugins/auth.ts).
import { endpoint } from '../common/endpoint.ts';
import { okResponse } from '../common/validation.ts';
import { transactionFileMimes } from '../treasury/attachments.ts';
import {
  operatorFileParams,
  operatorLoginBody,
  operatorMe,
  operatorSession,
  operatorTicketDetail,
  operatorTicketPage,
  operatorTicketQuery,
  ticketBody,
  ticketDetail,
  ticketFile,
  ticketIdParams,
  ticketListQuery,
  ticketMessageBody,
  ticketPage,
} from './tickets.ts';

export const ticketsEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/tickets', query: ticketListQuery, response: ticketPage }),
  view: endpoint({ method: 'GET', path: '/api/tickets/view/:id', params: ticketIdParams, response: ticketDetail }),
  create: endpoint({ method: 'POST', path: '/api/tickets', body: ticketBody, response: ticketDetail, status: 201 }),
  update: endpoint({ method: 'PUT', path: '/api/tickets/:id', params: ticketIdParams, body: ticketBody, response: ticketDetail }),
  /** Staff write back in the thread (an Answered ticket is Open again). */
  addMessage: endpoint({ method: 'POST', path: '/api/tickets/:id/messages', params: ticketIdParams, body: ticketMessageBody, response: ticketDetail }),
  close: endpoint({ method: 'POST', path: '/api/tickets/:id/close', params: ticketIdParams, response: ticketDetail }),
  remove: endpoint({ method: 'DELETE', path: '/api/tickets/:id', params: ticketIdParams, response: okResponse }),
  /** Multipart: one file (field `file`). */
  uploadFile: endpoint({
    method: 'POST',
    path: '/api/tickets/:id/files',
    params: ticketIdParams,
    consumes: ['multipart/form-data'],
    response: ticketFile,
    status: 201,
  }),
  file: endpoint({ method: 'GET', path: '/api/tickets/files/:id', params: ticketIdParams, produces: transactionFileMimes }),
  removeFile: endpoint({ method: 'DELETE', path: '/api/tickets/files/:id', params: ticketIdParams, response: okResponse }),
};

export const operatorEndpoints = {
  login: endpoint({ method: 'POST', path: '/api/operator/login', body: operatorLoginBody, response: operatorSession }),
  me: endpoint({ method: 'GET', path: '/api/operator/me', response: operatorMe }),
  logout: endpoint({ method: 'POST', path: '/api/operator/logout', response: okResponse }),
  tickets: endpoint({ method: 'GET', path: '/api/operator/tickets', query: operatorTicketQuery, response: operatorTicketPage }),
  ticket: endpoint({ method: 'GET', path: '/api/operator/tickets/:id', params: ticketIdParams, response: operatorTicketDetail }),
  reply: endpoint({ method: 'POST', path: '/api/operator/tickets/:id/reply', params: ticketIdParams, body: ticketMessageBody, response: operatorTicketDetail }),
  close: endpoint({ method: 'POST', path: '/api/operator/tickets/:id/close', params: ticketIdParams, response: operatorTicketDetail }),
  file: endpoint({ method: 'GET', path: '/api/operator/files/:id', params: operatorFileParams, produces: transactionFileMimes }),
};
