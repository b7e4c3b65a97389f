// /api/notes/* (spec section 7): the popup notes of the signed-in user. Every route runs in the
// caller's tenant transaction, so row-level security limits notes to the organisation's and global ones.
// Paths and schemas are the contracts' notesEndpoints.
import type { FastifyInstance } from 'fastify';
import { notesEndpoints as api, translate } from '@ubo/contracts';
import { tenantTx } from '../../plugins/auth.ts';
import { serve } from '../../plugins/endpoint.ts';
import { findVisibleNote } from './find-visible-note.ts';
import { countViews, listNotes } from './list-notes.ts';
import { recordNoteActivity } from './record-note-activity.ts';
import { saveNoteFeedback } from './save-note-feedback.ts';

const signedIn = { access: 'authenticated' as const, tags: ['notes'] };

export async function notesRoutes(app: FastifyInstance) {
  serve(app, api.list, signedIn, async (req) => tenantTx(req, (tx, actor) => listNotes({ tx, reader: actor })));

  serve(app, api.check, signedIn, async (req) =>
    tenantTx(req, async (tx, actor) => {
      const note = await findVisibleNote(tx, actor, req.query.NoteId);
      return { total_view: await countViews(tx, actor, note.id) };
    }),
  );

  serve(app, api.click, signedIn, async (req) => {
    const { total_view } = await tenantTx(req, (tx, actor) =>
      recordNoteActivity({ tx, reader: actor, noteId: req.body.NoteId, activityType: req.body.activity_type }),
    );
    return { ok: true as const, total_view };
  });

  serve(app, api.addFeedback, signedIn, async (req) => {
    await tenantTx(req, (tx, actor) => saveNoteFeedback({ tx, actor, input: req.body }));
    return { ok: true as const, message: translate('common.saved', req.lang) };
  });
}
