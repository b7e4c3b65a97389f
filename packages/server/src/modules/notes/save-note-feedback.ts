// POST /api/notes/add-feedback: the caller's answer to one of a note's questions; answering again
// replaces the earlier answer (one row per user, note and question).
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { fieldError } from '../../plugins/errors.ts';
import { findVisibleNote } from './find-visible-note.ts';
import { noteFeedback } from './notes.tables.ts';

export async function saveNoteFeedback(opts: { tx: Db; actor: Actor; input: { NoteId: number; feedback_id: string; answer: string } }): Promise<void> {
  const { tx, actor, input } = opts;
  const note = await findVisibleNote(tx, actor, input.NoteId);
  const question = (note.feedback ?? []).find((q) => q.id === input.feedback_id);
  if (!question) throw fieldError('feedback_id', 'note.unknownQuestion');
  const [before] = await tx
    .select({ answer: noteFeedback.answer })
    .from(noteFeedback)
    .where(and(eq(noteFeedback.noteId, note.id), eq(noteFeedback.userId, actor.userId), eq(noteFeedback.feedbackId, question.id)));
  await tx
    .insert(noteFeedback)
    .values({ clientId: actor.clientId, noteId: note.id, userId: actor.userId, feedbackId: question.id, answer: input.answer })
    .onConflictDoUpdate({
      target: [noteFeedback.noteId, noteFeedback.userId, noteFeedback.feedbackId],
      set: { answer: input.answer, at: sql`now()` },
    });
  await writeAudit(tx, actor, {
    action: before ? 'update' : 'create',
    entity: 'note_feedback',
    entityId: `${note.id}:${question.id}`,
    before: before ? { answer: before.answer } : null,
    after: { question: question.question, answer: input.answer },
  });
}
