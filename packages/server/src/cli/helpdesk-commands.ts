// Operator commands of the help centre: create and list the installation's operators (who sign in on the
// operator screen, /#/operator), list the tickets waiting for support across every organisation, and
// reply to one (the reply joins the ticket's thread as the named operator and marks it Answered).
import { fillPlaceholders, type Lang, ticketMessageBody, userPassword, z } from '@ubo/contracts';
import type { Db } from '../db/client.ts';
import { inSystem } from '../db/tenant.ts';
import { temporaryPassword } from '../lib/passwords.ts';
import {
  createOperator,
  listAllTickets,
  listOperators,
  operatorCloseTicket,
  operators,
  replyToTicket,
  setOperatorPassword,
} from '../modules/help-center/index.ts';
import { AppError } from '../plugins/errors.ts';
import { eq } from 'drizzle-orm';
import { type CliArgs, CliError, one, rowId, table, validate } from './cli-input.ts';

const texts = {
  operatorCreated: { en: 'Operator {username} created (id {id}).', so: 'Maamule {username} waa la abuuray (aqoonsi {id}).' },
  temporaryPassword: {
    en: 'Password: {password}  (shown once; sign in at /#/operator/login)',
    so: 'Furaha sirta ah: {password}  (hal mar ayaa la muujinayaa; ka gal /#/operator/login)',
  },
  passwordSet: {
    en: 'New password set for operator {username}; their sessions are ended.',
    so: 'Furo cusub ayaa loo dhigay maamulaha {username}; fadhiyadiisii waa la joojiyay.',
  },
  noOperator: { en: 'No operator named {username}.', so: 'Ma jiro maamule la yiraahdo {username}.' },
  operatorExists: { en: 'An operator named {username} already exists.', so: 'Maamule la yiraahdo {username} horay ayuu u jiray.' },
  noOperators: {
    en: 'No operators yet: npm run admin -- create-operator --username U --name "..."',
    so: 'Weli maamulayaal ma jiraan: npm run admin -- create-operator --username U --name "..."',
  },
  noTickets: { en: 'No tickets wait for support.', so: 'Tigidh sugaya taageerada ma jiro.' },
  noTicket: { en: 'No ticket {id}.', so: 'Ma jiro tigidh {id}.' },
  closed: { en: 'Ticket {id} is closed.', so: 'Tigidhka {id} waa xiran yahay.' },
  replied: { en: 'Replied to ticket {id} ({org}); it is now Answered.', so: 'Waa laga jawaabay tigidhka {id} ({org}); hadda waa La-jawaabay.' },
  ticketClosed: { en: 'Ticket {id} closed.', so: 'Tigidhka {id} waa la xiray.' },
  cols: {
    en: ['Id', 'Organisation', 'Status', 'Category', 'Priority', 'Updated', 'Subject'],
    so: ['Aqoonsi', 'Ururka', 'Xaalad', 'Nooc', 'Mudnaan', 'La cusboonaysiiyay', 'Mawduuc'],
  },
  operatorCols: {
    en: ['Id', 'User name', 'Name', 'Status', 'Last sign-in'],
    so: ['Aqoonsi', 'Magaca isticmaalaha', 'Magac', 'Xaalad', 'Galitaankii u dambeeyay'],
  },
} as const;

const tr = (key: Exclude<keyof typeof texts, 'cols' | 'operatorCols'>, lang: Lang, params: Record<string, string | number> = {}) =>
  fillPlaceholders(texts[key][lang], params);

const operatorName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9._-]{3,40}$/, 'v.invalid');

export async function createOperatorCommand(db: Db, args: CliArgs, lang: Lang = 'en'): Promise<string[]> {
  const input = validate(
    z.object({ username: operatorName, name: z.string().trim().min(1, 'v.required').max(120), password: userPassword.optional() }),
    { username: one(args, 'username'), name: one(args, 'name'), password: one(args, 'password') },
    lang,
  );
  const password = input.password ?? temporaryPassword();
  const [existing] = await inSystem(db, (tx) => tx.select({ id: operators.id }).from(operators).where(eq(operators.username, input.username)));
  if (existing) throw new CliError(tr('operatorExists', lang, { username: input.username }));
  const { id } = await createOperator(db, { username: input.username, fullname: input.name, password });
  const lines = [tr('operatorCreated', lang, { username: input.username, id })];
  if (!input.password) lines.push(tr('temporaryPassword', lang, { password }));
  return lines;
}

export async function operatorPasswordCommand(db: Db, args: CliArgs, lang: Lang = 'en'): Promise<string[]> {
  const input = validate(
    z.object({ username: operatorName, password: userPassword.optional() }),
    { username: one(args, 'username'), password: one(args, 'password') },
    lang,
  );
  const password = input.password ?? temporaryPassword();
  if (!(await setOperatorPassword(db, input.username, password))) throw new CliError(tr('noOperator', lang, { username: input.username }));
  const lines = [tr('passwordSet', lang, { username: input.username })];
  if (!input.password) lines.push(tr('temporaryPassword', lang, { password }));
  return lines;
}

export async function listOperatorsCommand(db: Db, _args: CliArgs, lang: Lang = 'en'): Promise<string[]> {
  const rows = await listOperators(db);
  if (rows.length === 0) return [tr('noOperators', lang)];
  return table(
    [...texts.operatorCols[lang]],
    rows.map((o) => [String(o.id), o.username, o.fullname, o.status, o.lastLoginAt ? o.lastLoginAt.toISOString().slice(0, 16).replace('T', ' ') : '-']),
  );
}

export async function listTicketsCommand(db: Db, args: CliArgs, lang: Lang = 'en'): Promise<string[]> {
  const all = one(args, 'all') === 'yes';
  const page = await listAllTickets(db, { _page: 1, _limit: 1000, ...(all ? {} : { open: '1' as const }) });
  if (page.data.length === 0) return [tr('noTickets', lang)];
  return table(
    [...texts.cols[lang]],
    page.data.map((t) => [
      String(t.id),
      `${t.organisationCode} ${t.organisationName}`,
      t.status,
      t.category,
      t.priority,
      t.updatedAt.slice(0, 16).replace('T', ' '),
      t.subject,
    ]),
  );
}

/** The operator the command line acts as: --as, or the only operator there is. */
async function cliOperator(db: Db, args: CliArgs, lang: Lang) {
  const as = one(args, 'as');
  const all = await listOperators(db);
  const chosen = as === undefined ? (all.length === 1 ? all[0] : undefined) : all.find((o) => o.username === as.trim().toLowerCase());
  if (!chosen) throw new CliError(as === undefined ? tr('noOperators', lang) : tr('noOperator', lang, { username: as }));
  return { operatorId: chosen.id, username: chosen.username, fullname: chosen.fullname, ip: null };
}

function ticketId(args: CliArgs, lang: Lang): number {
  return validate(z.object({ id: rowId }), { id: one(args, 'id') }, lang).id;
}

export async function replyCommand(db: Db, args: CliArgs, lang: Lang = 'en'): Promise<string[]> {
  const id = ticketId(args, lang);
  const { body } = validate(ticketMessageBody, { body: one(args, 'message') }, lang, (f) => (f === 'body' ? 'message' : f));
  const author = await cliOperator(db, args, lang);
  try {
    const detail = await replyToTicket(db, author, id, body);
    return [tr('replied', lang, { id, org: `${detail.organisationCode} ${detail.organisationName}` })];
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) throw new CliError(tr('noTicket', lang, { id }));
    if (err instanceof AppError && err.statusCode === 409) throw new CliError(tr('closed', lang, { id }));
    throw err;
  }
}

export async function closeTicketCommand(db: Db, args: CliArgs, lang: Lang = 'en'): Promise<string[]> {
  const id = ticketId(args, lang);
  const author = await cliOperator(db, args, lang);
  try {
    await operatorCloseTicket(db, author, id);
    return [tr('ticketClosed', lang, { id })];
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) throw new CliError(tr('noTicket', lang, { id }));
    if (err instanceof AppError && err.statusCode === 409) throw new CliError(tr('closed', lang, { id }));
    throw err;
  }
}
