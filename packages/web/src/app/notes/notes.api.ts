// The popup-note calls of spec section 7. Failures here never toast: a note that cannot load must
// not stand between the user and their work.
import { notesEndpoints } from '@ubo/contracts';
import { api } from '../../lib/api.ts';
import type { Note } from './notes.logic.ts';

export async function fetchNotes(signal?: AbortSignal): Promise<Note[]> {
  return api.call(notesEndpoints.list, {}, { silent: true, signal });
}

export async function fetchViewCount(noteId: number): Promise<number> {
  const body = await api.call(notesEndpoints.check, { query: { NoteId: noteId } }, { silent: true });
  const n = Number(body?.total_view ?? 0);
  return Number.isFinite(n) ? n : 0;
}

export function recordActivity(noteId: number, activity: 'view' | 'click'): Promise<unknown> {
  return api.call(notesEndpoints.click, { body: { NoteId: noteId, activity_type: activity } }, { background: true, silent: true }).catch(() => undefined);
}

export function sendFeedback(noteId: number, feedbackId: string, answer: string): Promise<unknown> {
  return api.call(notesEndpoints.addFeedback, { body: { NoteId: noteId, feedback_id: feedbackId, answer } });
}
