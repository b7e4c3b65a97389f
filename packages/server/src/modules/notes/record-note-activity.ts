// POST /api/notes/click: one row per view or click of a note by the caller; views count towards the
// note's repetition limit. Not written to the log sheet: it is the reading of a message, not a change.
import type { NoteActivityType } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { findVisibleNote, type NoteReader } from './find-visible-note.ts';
import { countViews } from './list-notes.ts';
import { noteActivity } from './notes.tables.ts';

export async function recordNoteActivity(opts: {
  tx: Db;
  reader: NoteReader;
  noteId: number;
  activityType: NoteActivityType;
}): Promise<{ total_view: number }> {
  const { tx, reader, noteId, activityType } = opts;
  await findVisibleNote(tx, reader, noteId);
  await tx.insert(noteActivity).values({ clientId: reader.clientId, noteId, userId: reader.userId, activityType });
  return { total_view: await countViews(tx, reader, noteId) };
}
