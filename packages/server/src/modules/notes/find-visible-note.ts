// The one visibility rule for notes, used by every note route: active, of the caller's organisation or
// of all organisations (row-level security already limits the rows), and target 'admin' only for
// administrators. Anything else is answered as not found, so ids of other notes reveal nothing.
import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../plugins/errors.ts';
import { notes } from './notes.tables.ts';

export interface NoteReader {
  clientId: number;
  userId: number;
  isAdmin: boolean;
}

export function visibleTo(reader: NoteReader): SQL {
  return and(
    eq(notes.isActive, true),
    or(isNull(notes.clientId), eq(notes.clientId, reader.clientId)),
    reader.isAdmin ? undefined : sql`${notes.target} <> 'admin'`,
  ) as SQL;
}

export async function findVisibleNote(tx: Db, reader: NoteReader, noteId: number) {
  const [note] = await tx
    .select()
    .from(notes)
    .where(and(eq(notes.id, noteId), visibleTo(reader)));
  if (!note) throw notFound();
  return note;
}
