// Operator commands about popup notes: publish one (for an organisation or for all), list them, and
// withdraw one. Tenants can only read notes; these run as the installation.
import { type Lang, newNoteInput, z } from '@ubo/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { inSystem } from '../db/tenant.ts';
import { deactivateNote, listPublishedNotes, publishNote } from '../modules/notes/index.ts';
import { clients } from '../modules/organisations/index.ts';
import { type CliArgs, CliError, many, one, orgCode, rowId, table, validate } from './cli-input.ts';
import { say } from './messages.ts';
import { writeOperatorAudit } from './operator-audit.ts';

/** The note fields under their command-line option names. */
const optionOf = (field: string) => (field === 'questions' ? 'question' : field);

export async function addNoteCommand(db: Db, args: CliArgs, lang: Lang = 'en'): Promise<string[]> {
  const note = validate(
    newNoteInput,
    {
      title: one(args, 'title'),
      message: one(args, 'message'),
      type: one(args, 'type'),
      target: one(args, 'target'),
      repetition: one(args, 'repetition'),
      video: one(args, 'video'),
      questions: many(args, 'question'),
    },
    lang,
    optionOf,
  );
  const rawCode = one(args, 'code');
  const code = rawCode === undefined ? undefined : validate(z.object({ code: orgCode }), { code: rawCode }, lang).code;
  return inSystem(db, async (tx) => {
    let clientId: number | null = null;
    if (code !== undefined) {
      const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.code, code));
      if (!client) throw new CliError(say('cli.orgNotFound', lang, { code }));
      clientId = client.id;
    }
    const { id } = await publishNote(tx, { clientId, ...note });
    if (clientId !== null) {
      await writeOperatorAudit(tx, {
        clientId,
        action: 'create',
        entity: 'note',
        entityId: id,
        after: { title: note.title, type: note.type, target: note.target },
      });
    }
    const scope = code === undefined ? say('cli.scopeAll', lang) : say('cli.scopeOne', lang, { code });
    return [say('cli.noteAdded', lang, { id, scope })];
  });
}

export async function listNotesCommand(db: Db, _args: CliArgs, lang: Lang = 'en'): Promise<string[]> {
  const rows = await inSystem(db, (tx) => listPublishedNotes(tx));
  if (rows.length === 0) return [say('cli.noNotes', lang)];
  const cols = ['col.id', 'col.scope', 'col.type', 'col.target', 'col.repetition', 'col.questions', 'col.views', 'col.active', 'col.created', 'col.title'];
  return table(
    cols.map((c) => say(c, lang)),
    rows.map((n) => [
      String(n.id),
      n.clientCode === null ? say('cli.all', lang) : String(n.clientCode),
      n.type,
      n.target,
      n.repetition,
      String(n.questions),
      String(n.views),
      say(n.isActive ? 'cli.yes' : 'cli.no', lang),
      n.createdAt,
      n.title,
    ]),
  );
}

export async function deactivateNoteCommand(db: Db, args: CliArgs, lang: Lang = 'en'): Promise<string[]> {
  const { id } = validate(z.object({ id: rowId }), { id: one(args, 'id') }, lang);
  return inSystem(db, async (tx) => {
    const result = await deactivateNote(tx, id);
    if (!result) throw new CliError(say('cli.noteNotFound', lang, { id }));
    if (!result.wasActive) return [say('cli.noteAlreadyInactive', lang, { id })];
    if (result.clientId !== null) {
      await writeOperatorAudit(tx, {
        clientId: result.clientId,
        action: 'status',
        entity: 'note',
        entityId: id,
        before: { isActive: true },
        after: { isActive: false },
      });
    }
    return [say('cli.noteDeactivated', lang, { id })];
  });
}
