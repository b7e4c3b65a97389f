// /api/notes/* (spec section 7): the popup notes of the signed-in user. Every route runs in the
// caller's tenant transaction, so row-level security limits notes to the organisation's and global ones.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noteCheckQuery, noteCheckResponse, noteClickBody, noteClickResponse, noteFeedbackBody, notesList, okResponse, translate } from '@ubo/contracts';
import { caller, tenantTx } from '../../plugins/auth.ts';
import { findVisibleNote, type NoteReader } from './find-visible-note.ts';
import { countViews, listNotes } from './list-notes.ts';
import { recordNoteActivity } from './record-note-activity.ts';
import { saveNoteFeedback } from './save-note-feedback.ts';

function readerOf(req: FastifyRequest): NoteReader {
  const auth = caller(req);
  return { clientId: auth.clientId, userId: auth.userId, isAdmin: auth.isAdmin };
}

export async function notesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/notes', {
    config: { access: 'authenticated' },
    schema: { tags: ['notes'], response: { 200: notesList } },
  }, async (req) => tenantTx(req, (tx) => listNotes({ tx, reader: readerOf(req) })));

  r.get('/api/notes/check', {
    config: { access: 'authenticated' },
    schema: { tags: ['notes'], querystring: noteCheckQuery, response: { 200: noteCheckResponse } },
  }, async (req) => {
    const reader = readerOf(req);
    return tenantTx(req, async (tx) => {
      const note = await findVisibleNote(tx, reader, req.query.NoteId);
      return { total_view: await countViews(tx, reader, note.id) };
    });
  });

  r.post('/api/notes/click', {
    config: { access: 'authenticated' },
    schema: { tags: ['notes'], body: noteClickBody, response: { 200: noteClickResponse } },
  }, async (req) => {
    const { total_view } = await tenantTx(req, (tx) =>
      recordNoteActivity({ tx, reader: readerOf(req), noteId: req.body.NoteId, activityType: req.body.activity_type }),
    );
    return { ok: true as const, total_view };
  });

  r.post('/api/notes/add-feedback', {
    config: { access: 'authenticated' },
    schema: { tags: ['notes'], body: noteFeedbackBody, response: { 200: okResponse } },
  }, async (req) => {
    await tenantTx(req, (tx) => saveNoteFeedback({ tx, req, reader: readerOf(req), input: req.body }));
    return { ok: true as const, message: translate('common.saved', req.lang) };
  });
}
