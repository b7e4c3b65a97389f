// GET /api/notes: the notes the caller may see, each with the caller's own view count and answers.
// The web hides a note once its view count reaches the repetition limit (spec section 4).
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { NoteItem, NoteRepetition, NoteTarget, NoteType } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { type NoteReader, visibleTo } from './find-visible-note.ts';
import { noteActivity, noteFeedback, notes } from './notes.tables.ts';

export async function listNotes(opts: { tx: Db; reader: NoteReader }): Promise<NoteItem[]> {
  const { tx, reader } = opts;
  const rows = await tx.select().from(notes).where(visibleTo(reader)).orderBy(asc(notes.id));
  if (rows.length === 0) return [];
  const ids = rows.map((n) => n.id);
  const views = await tx
    .select({ noteId: noteActivity.noteId, n: sql<number>`count(*)::int` })
    .from(noteActivity)
    .where(and(eq(noteActivity.userId, reader.userId), eq(noteActivity.activityType, 'view'), inArray(noteActivity.noteId, ids)))
    .groupBy(noteActivity.noteId);
  const answers = await tx
    .select({ noteId: noteFeedback.noteId, feedbackId: noteFeedback.feedbackId, answer: noteFeedback.answer })
    .from(noteFeedback)
    .where(and(eq(noteFeedback.userId, reader.userId), inArray(noteFeedback.noteId, ids)));
  const viewsOf = new Map(views.map((v) => [v.noteId, Number(v.n)]));
  const answerOf = new Map(answers.map((a) => [`${a.noteId}:${a.feedbackId}`, a.answer]));
  return rows.map((n) => ({
    id: n.id,
    title: n.title,
    message: n.message,
    video_iframe: n.videoIframe,
    type: n.type as NoteType,
    target: n.target as NoteTarget,
    repetition: n.repetition as NoteRepetition,
    feedback: (n.feedback ?? []).map((q) => ({ id: q.id, question: q.question, answer: answerOf.get(`${n.id}:${q.id}`) ?? null })),
    total_view: viewsOf.get(n.id) ?? 0,
  }));
}

/** The caller's number of views of one note. */
export async function countViews(tx: Db, reader: NoteReader, noteId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(noteActivity)
    .where(and(eq(noteActivity.noteId, noteId), eq(noteActivity.userId, reader.userId), eq(noteActivity.activityType, 'view')));
  return Number(row?.n ?? 0);
}
