// /api/notes/* (spec section 7): the popup notes of the signed-in user. Every route runs in the
// caller's tenant transaction, so row-level security limits notes to the organisation's and global ones.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noteCheckQuery, noteCheckResponse, noteClickBody, noteClickResponse, noteFeedbackBody, notesList, okResponse, translate } from '@ubo/contracts';
import { tenantTx } from '../../plugins/auth.ts';
import { findVisibleNote } from './find-visible-note.ts';
import { countViews, listNotes } from './list-notes.ts';
import { recordNoteActivity } from './record-note-activity.ts';
import { saveNoteFeedback } from './save-note-feedback.ts';

export async function notesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/notes', {
    config: { access: 'authenticated' },
    schema: { tags: ['notes'], response: { 200: notesList } },
  }, async (req) => tenantTx(req, (tx, actor) => listNotes({ tx, reader: actor })));

  r.get('/api/notes/check', {
    config: { access: 'authenticated' },
    schema: { tags: ['notes'], querystring: noteCheckQuery, response: { 200: noteCheckResponse } },
  }, async (req) => {
    return tenantTx(req, async (tx, actor) => {
      const note = await findVisibleNote(tx, actor, req.query.NoteId);
      return { total_view: await countViews(tx, actor, note.id) };
    });
  });

  r.post('/api/notes/click', {
    config: { access: 'authenticated' },
    schema: { tags: ['notes'], body: noteClickBody, response: { 200: noteClickResponse } },
  }, async (req) => {
    const { total_view } = await tenantTx(req, (tx, actor) =>
      recordNoteActivity({ tx, reader: actor, noteId: req.body.NoteId, activityType: req.body.activity_type }),
    );
    return { ok: true as const, total_view };
  });

  r.post('/api/notes/add-feedback', {
    config: { access: 'authenticated' },
    schema: { tags: ['notes'], body: noteFeedbackBody, response: { 200: okResponse } },
  }, async (req) => {
    await tenantTx(req, (tx, actor) => saveNoteFeedback({ tx, actor, input: req.body }));
    return { ok: true as const, message: translate('common.saved', req.lang) };
  });
}
