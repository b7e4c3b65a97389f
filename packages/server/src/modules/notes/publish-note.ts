// The operator's side of notes (operator command line, installation role): publish a note for one
// organisation or for all (client_id NULL), list what was published, withdraw a note. Tenants only read.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { notes } from './notes.tables.ts';

export interface PublishNoteInput {
  clientId: number | null;
  title: string;
  message: string;
  type: string;
  target: string;
  repetition: string;
  video?: string;
  questions: string[];
}

/** Questions get ids q1, q2, ... in the order given; answers refer to them. */
export async function publishNote(tx: Db, input: PublishNoteInput): Promise<{ id: number }> {
  const [row] = await tx
    .insert(notes)
    .values({
      clientId: input.clientId,
      title: input.title,
      message: input.message,
      videoIframe: input.video ?? null,
      type: input.type,
      target: input.target,
      repetition: input.repetition,
      feedback: input.questions.map((question, i) => ({ id: `q${i + 1}`, question })),
    })
    .returning({ id: notes.id });
  return row;
}

export interface PublishedNote {
  id: number;
  clientCode: number | null;
  title: string;
  type: string;
  target: string;
  repetition: string;
  questions: number;
  views: number;
  isActive: boolean;
  createdAt: string;
}

export async function listPublishedNotes(tx: Db): Promise<PublishedNote[]> {
  const rows = await queryRows<{
    id: number;
    client_code: number | null;
    title: string;
    type: string;
    target: string;
    repetition: string;
    questions: number;
    views: number;
    is_active: boolean;
    created_at: string;
  }>(
    tx,
    sql`
    select n.id, c.code as client_code, n.title, n.type, n.target, n.repetition,
      jsonb_array_length(n.feedback)::int as questions,
      (select count(*)::int from note_activity a where a.note_id = n.id and a.activity_type = 'view') as views,
      n.is_active, to_char(n.created_at, 'YYYY-MM-DD') as created_at
    from notes n left join clients c on c.id = n.client_id
    order by n.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    clientCode: r.client_code === null ? null : Number(r.client_code),
    title: r.title,
    type: r.type,
    target: r.target,
    repetition: r.repetition,
    questions: Number(r.questions),
    views: Number(r.views),
    isActive: r.is_active,
    createdAt: r.created_at,
  }));
}

/** Withdraws a note; returns its earlier state, or undefined when no note has that id. */
export async function deactivateNote(tx: Db, id: number): Promise<{ wasActive: boolean; clientId: number | null } | undefined> {
  const [note] = await tx.select({ isActive: notes.isActive, clientId: notes.clientId }).from(notes).where(eq(notes.id, id)).for('update');
  if (!note) return undefined;
  if (note.isActive) await tx.update(notes).set({ isActive: false }).where(eq(notes.id, id));
  return { wasActive: note.isActive, clientId: note.clientId };
}
