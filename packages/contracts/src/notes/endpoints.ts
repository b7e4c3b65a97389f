// The popup notes of the signed-in user (/api/notes/*, spec section 7).
import { endpoint } from '../common/endpoint.ts';
import { okResponse } from '../common/validation.ts';
import { noteCheckQuery, noteCheckResponse, noteClickBody, noteClickResponse, noteFeedbackBody, notesList } from './notes.ts';

export const notesEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/notes', response: notesList }),
  check: endpoint({ method: 'GET', path: '/api/notes/check', query: noteCheckQuery, response: noteCheckResponse }),
  click: endpoint({ method: 'POST', path: '/api/notes/click', body: noteClickBody, response: noteClickResponse }),
  addFeedback: endpoint({ method: 'POST', path: '/api/notes/add-feedback', body: noteFeedbackBody, response: okResponse }),
};
