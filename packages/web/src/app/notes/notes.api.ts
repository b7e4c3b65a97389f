// The popup-note calls of spec section 7. Failures here never toast: a note that cannot load must
// not stand between the user and their work.
import { api } from '../../lib/api.ts';
import type { Note } from './notes.logic.ts';

export async function fetchNotes(signal?: AbortSignal): Promise<Note[]> {
  const body = await api.get<Note[] | { data: Note[] }>('notes', undefined, { silent: true, signal });
  return Array.isArray(body) ? body : (body?.data ?? []);
}

export async function fetchViewCount(noteId: number): Promise<number> {
  const body = await api.get<{ total_view?: number | string } | null>('notes/check', { NoteId: noteId }, { silent: true });
  const n = Number(body?.total_view ?? 0);
  return Number.isFinite(n) ? n : 0;
}

export function recordActivity(noteId: number, activity: 'view' | 'click'): Promise<unknown> {
  return api.post('notes/click', { NoteId: noteId, activity_type: activity }, { background: true, silent: true }).catch(() => undefined);
}

export function sendFeedback(noteId: number, feedbackId: string | number, answer: string): Promise<unknown> {
  return api.post('notes/add-feedback', { NoteId: noteId, feedback_id: feedbackId, answer });
}
