// The operator command table and the command-line runner: parses argv (node:util parseArgs), refuses
// unknown commands, unknown or repeated options and missing values with one line and exit code 2,
// and runs the command. Tests call runCommandLine (or a command function) directly with a database.
import { parseArgs } from 'node:util';
import type { Lang } from '@ubo/contracts';
import type { Db } from '../db/client.ts';
import { type CliArgs, CliError } from './cli-input.ts';
import { cliLang, say } from './messages.ts';
import { seedChartCommand, verifyLedgerCommand } from './ledger-commands.ts';
import { backupCommand, type InstallationContext, restoreCommand } from './backup-commands.ts';
import { exportOrganisationCommand } from './export-commands.ts';
import { seedDemoStoreCommand, seedDemoRequestsCommand, seedDemoUtilityCommand } from './demo-commands.ts';
import {
  closeTicketCommand,
  createOperatorCommand,
  listOperatorsCommand,
  listTicketsCommand,
  operatorPasswordCommand,
  replyCommand,
} from './helpdesk-commands.ts';
import { addNoteCommand, deactivateNoteCommand, listNotesCommand } from './note-commands.ts';
import {
  createOrganisationCommand,
  extendSubscriptionCommand,
  listOrganisationsCommand,
  recordSubscriptionPaymentCommand,
  resetPasswordCommand,
} from './organisation-commands.ts';

export interface CommandSpec {
  usage: string;
  /** Option names; `repeatable` ones may be given several times. */
  options: string[];
  repeatable?: string[];
  /** Options that may also be given in order without their names (`reply 12 "text"`). */
  positionals?: string[];
  /** Options that take no value (`--force`); present means yes. */
  flags?: string[];
  /** false for commands that never touch the database. */
  needsDatabase: boolean;
  /** Help text, when not in cli/messages.ts as help.<command>. */
  help?: Record<Lang, string>;
  /** Lines for stdout (exit code 0), or lines with the exit code (a check that found problems: 1). */
  run: (db: Db, args: CliArgs, lang: Lang) => Promise<string[] | { exitCode: number; stdout: string[] }>;
  /**
   * Commands about the whole installation's data (backup, restore): they open the database themselves
   * (not migrated first), given the configuration; admin.ts calls this instead of run.
   */
  runInstallation?: (ctx: InstallationContext, args: CliArgs, lang: Lang) => Promise<string[] | { exitCode: number; stdout: string[] }>;
}

const installationOnly = async (): Promise<string[]> => {
  throw new Error('run through admin.ts');
};

export const commands: Record<string, CommandSpec> = {
  'create-organisation': {
    usage: 'create-organisation --code N --name "..." --admin-username U [--admin-password P] [--expires YYYY-MM-DD] [--short-code ...] [--contact-phone ...]',
    options: ['code', 'name', 'admin-username', 'admin-password', 'expires', 'short-code', 'contact-phone'],
    needsDatabase: true,
    run: createOrganisationCommand,
  },
  'list-organisations': { usage: 'list-organisations', options: [], needsDatabase: true, run: listOrganisationsCommand },
  'extend-subscription': {
    usage: 'extend-subscription --code N --until YYYY-MM-DD',
    options: ['code', 'until'],
    needsDatabase: true,
    run: extendSubscriptionCommand,
  },
  'record-subscription-payment': {
    usage: 'record-subscription-payment --code N --amount 120.00 --bill-date YYYY-MM-DD --expire-date YYYY-MM-DD [--name ...]',
    options: ['code', 'amount', 'bill-date', 'expire-date', 'name'],
    needsDatabase: true,
    run: recordSubscriptionPaymentCommand,
  },
  'reset-password': { usage: 'reset-password --code N --username U', options: ['code', 'username'], needsDatabase: true, run: resetPasswordCommand },
  'add-note': {
    usage:
      'add-note --title ... --message ... --type required|optional --target admin|other --repetition one_time|two_times|three_times [--code N] [--video https://...] [--question "..."]...',
    options: ['title', 'message', 'type', 'target', 'repetition', 'code', 'video', 'question'],
    repeatable: ['question'],
    needsDatabase: true,
    run: addNoteCommand,
  },
  'list-notes': { usage: 'list-notes', options: [], needsDatabase: true, run: listNotesCommand },
  'deactivate-note': { usage: 'deactivate-note --id N', options: ['id'], needsDatabase: true, run: deactivateNoteCommand },
  'verify-ledger': { usage: 'verify-ledger [--code N]', options: ['code'], needsDatabase: true, run: verifyLedgerCommand },
  'seed-chart': { usage: 'seed-chart --code N', options: ['code'], needsDatabase: true, run: seedChartCommand },
  'seed-demo-utility': {
    usage: 'seed-demo-utility',
    options: [],
    needsDatabase: true,
    help: {
      en: "Give the demo organisation (code 1000) its living utility: zones, tariffs, 30 customers, three billed months with payments and this month's readings ready to bill. Does nothing if it already has customers.",
      so: 'Sii ururka tijaabada (koodh 1000) adeeg nool: aagag, qiimayaal, 30 macmiil, saddex bilood oo la biileeyay oo lacag-bixinno leh iyo akhriska bishan oo diyaar u ah biilasha. Waxba ma sameeyo haddii uu horay macaamiil u leeyahay.',
    },
    run: seedDemoUtilityCommand,
  },
  'seed-demo-store': {
    usage: 'seed-demo-store',
    options: [],
    needsDatabase: true,
    help: {
      en: 'Give the demo organisation (code 1000) its store: 12 items with opening stock, 3 vendors, purchase orders, vendor bills and payments, a quotation turned into an invoice, cash sales and a return. Does nothing if it already has items.',
      so: 'Sii ururka tijaabada (koodh 1000) bakhaar: 12 alaab oo leh bakhaarka furitaanka, 3 iibiye, dalabaad iibsi, biilal iibiye iyo lacag-bixinnadooda, qiimeyn-bixin loo beddelay qaansheeg, iib kaash ah iyo celin. Waxba ma sameeyo haddii uu horay alaab u leeyahay.',
    },
    run: seedDemoStoreCommand,
  },
  'seed-demo-requests': {
    usage: 'seed-demo-requests',
    options: [],
    needsDatabase: true,
    help: {
      en: 'Give the demo organisation (code 1000) its staff requests: a store keeper, a department head and a finance user (storekeeper / Store@2026, depthead / Head@2026, finance / Finance@2026) and requests in every state. Does nothing if it already has requests.',
      so: 'Sii ururka tijaabada (koodh 1000) codsiyada shaqaalaha: hayaha bakhaarka, madaxa waaxda iyo maaliyadda (storekeeper / Store@2026, depthead / Head@2026, finance / Finance@2026) iyo codsiyo xaalad kasta ah. Waxba ma sameeyo haddii uu horay codsiyo u leeyahay.',
    },
    run: seedDemoRequestsCommand,
  },
  'create-operator': {
    usage: 'create-operator --username U --name "..." [--password P]',
    options: ['username', 'name', 'password'],
    needsDatabase: true,
    help: {
      en: 'Create an installation operator (the support team, who answer help-centre tickets on the operator screen /#/operator/login). Without --password a temporary password is printed once.',
      so: 'Abuur maamule nidaam (kooxda taageerada, oo ka jawaaba tigidhada xarunta caawimada shaashadda maamulaha /#/operator/login). La’aanta --password furo ku-meel-gaar ah ayaa hal mar la daabacayaa.',
    },
    run: createOperatorCommand,
  },
  operators: {
    usage: 'operators',
    options: [],
    needsDatabase: true,
    help: { en: 'List the installation operators.', so: 'Liiska maamulayaasha nidaamka.' },
    run: listOperatorsCommand,
  },
  'operator-password': {
    usage: 'operator-password --username U [--password P]',
    options: ['username', 'password'],
    needsDatabase: true,
    help: {
      en: "Set an operator's password (a temporary one is printed without --password) and end their sessions.",
      so: 'Dhig furaha sirta ah ee maamule (mid ku-meel-gaar ah ayaa la daabacayaa la’aanta --password) oo jooji fadhiyadiisa.',
    },
    run: operatorPasswordCommand,
  },
  tickets: {
    usage: 'tickets [--all yes]',
    options: ['all'],
    needsDatabase: true,
    help: {
      en: 'List the help-centre tickets waiting for support (Open) of every organisation; --all yes lists every ticket.',
      so: 'Liiska tigidhada xarunta caawimada ee sugaya taageerada (Furan) ee urur kasta; --all yes wuxuu liisaa tigidh kasta.',
    },
    run: listTicketsCommand,
  },
  reply: {
    usage: 'reply <id> "text" [--as OPERATOR]   (or --id N --message "text")',
    options: ['id', 'message', 'as'],
    positionals: ['id', 'message'],
    needsDatabase: true,
    help: {
      en: 'Reply to a ticket as an operator (--as, or the only operator): the reply joins its thread and the ticket becomes Answered.',
      so: 'Uga jawaab tigidh adigoo maamule ah (--as, ama maamulaha keliya): jawaabtu waxay ku biirtaa sheekadiisa, tigidhkuna wuxuu noqdaa La-jawaabay.',
    },
    run: replyCommand,
  },
  'close-ticket': {
    usage: 'close-ticket <id> [--as OPERATOR]',
    options: ['id', 'as'],
    positionals: ['id'],
    needsDatabase: true,
    help: { en: 'Close a ticket as an operator.', so: 'Xir tigidh adigoo maamule ah.' },
    run: closeTicketCommand,
  },
  backup: { usage: 'backup [--to DIR]', options: ['to'], needsDatabase: false, run: installationOnly, runInstallation: backupCommand },
  restore: {
    usage: 'restore FILE [--force]',
    options: ['file', 'force'],
    positionals: ['file'],
    flags: ['force'],
    needsDatabase: false,
    run: installationOnly,
    runInstallation: restoreCommand,
  },
  'export-organisation': {
    usage: 'export-organisation --code N [--to DIR] [--files yes] [--documents yes]',
    options: ['code', 'to', 'files', 'documents'],
    needsDatabase: true,
    run: exportOrganisationCommand,
  },
  help: { usage: 'help', options: [], needsDatabase: false, run: async (_db, _args, lang) => helpText(lang) },
};

export function helpText(lang: Lang): string[] {
  const lines = [say('help.title', lang), ''];
  for (const [name, spec] of Object.entries(commands)) {
    lines.push(`  ${spec.usage}`, `      ${spec.help?.[lang] ?? say(`help.${name}`, lang)}`);
  }
  lines.push('', say('help.lang', lang), say('help.embedded', lang));
  return lines;
}

export interface ParsedCommandLine {
  name: string;
  spec: CommandSpec;
  args: CliArgs;
  lang: Lang;
}

const allFlags = new Set(Object.values(commands).flatMap((c) => c.flags ?? []));
const allOptions = new Set(['lang', ...Object.values(commands).flatMap((c) => c.options)].filter((o) => !allFlags.has(o)));

/** Parses argv (without node and script); throws CliError (exit code 2) on anything it cannot accept. */
export function parseCommandLine(argv: string[], env: NodeJS.ProcessEnv = process.env): ParsedCommandLine {
  // Every known option takes a value, so "--name Foo" reads as one option; unknown ones are refused below.
  const options = Object.fromEntries([
    ...[...allOptions].map((o) => [o, { type: 'string' as const, multiple: true }]),
    ...[...allFlags].map((o) => [o, { type: 'boolean' as const, multiple: true }]),
  ]);
  const { tokens } = parseArgs({ args: argv, options, strict: false, allowPositionals: true, tokens: true });
  const langToken = tokens.find((t) => t.kind === 'option' && t.name === 'lang');
  const langValue = langToken?.kind === 'option' ? langToken.value : undefined;
  const lang = cliLang(langValue, env);
  if (langToken && (langValue === undefined || !/^(en|so)$/i.test(langValue))) {
    throw new CliError(`--lang: ${say('v.invalid', lang)} (en | so)`);
  }

  const positionals = tokens.filter((t) => t.kind === 'positional');
  const name = positionals[0]?.kind === 'positional' ? positionals[0].value : undefined;
  if (name === undefined) throw new CliError(say('cli.noCommand', lang));
  const spec = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!spec) throw new CliError(say('cli.unknownCommand', lang, { name }));

  const args: CliArgs = {};
  let nextPositional = 0;
  for (const token of tokens) {
    if (token.kind === 'positional') {
      if (token.index === positionals[0].index) continue;
      const option = spec.positionals?.[nextPositional++];
      if (option === undefined) throw new CliError(say('cli.unexpectedArgument', lang, { value: token.value }));
      if (args[option] !== undefined) throw new CliError(say('cli.repeatedOption', lang, { name: option }));
      args[option] = token.value;
      continue;
    }
    if (token.kind !== 'option' || token.name === 'lang') continue;
    if (!spec.options.includes(token.name)) throw new CliError(say('cli.unknownOption', lang, { name: token.name, command: name }));
    if (spec.flags?.includes(token.name)) {
      if (token.value !== undefined) throw new CliError(say('cli.unexpectedArgument', lang, { value: token.value }));
      args[token.name] = 'yes';
      continue;
    }
    // "--code --name X": the value of --code would be "--name"; that is a forgotten value, not a code.
    if (token.value === undefined || (!token.inlineValue && token.value.startsWith('--'))) {
      throw new CliError(say('cli.missingValue', lang, { name: token.name }));
    }
    if (spec.repeatable?.includes(token.name)) {
      args[token.name] = [...((args[token.name] as string[] | undefined) ?? []), token.value];
    } else if (args[token.name] !== undefined) {
      throw new CliError(say('cli.repeatedOption', lang, { name: token.name }));
    } else {
      args[token.name] = token.value;
    }
  }
  return { name, spec, args, lang };
}

export interface CommandResult {
  exitCode: number;
  stdout: string[];
  stderr: string[];
}

/** Runs an already parsed command; any failure becomes one line on stderr, never a stack trace. */
export async function runParsed(db: Db | undefined, parsed: ParsedCommandLine): Promise<CommandResult> {
  try {
    if (parsed.spec.needsDatabase && !db) throw new Error('no database');
    const out = await parsed.spec.run(db as Db, parsed.args, parsed.lang);
    if (Array.isArray(out)) return { exitCode: 0, stdout: out, stderr: [] };
    return { exitCode: out.exitCode, stdout: out.stdout, stderr: [] };
  } catch (err) {
    return failure(err, parsed.lang);
  }
}

export function failure(err: unknown, lang: Lang): CommandResult {
  if (err instanceof CliError) return { exitCode: err.exitCode, stdout: [], stderr: [err.message] };
  const detail = String((err as Error)?.message ?? err).split('\n')[0];
  return { exitCode: 1, stdout: [], stderr: [say('cli.failed', lang, { detail })] };
}

/** Parses and runs one command line against db (tests; the process entry point is admin.ts). */
export async function runCommandLine(db: Db, argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<CommandResult> {
  let parsed: ParsedCommandLine;
  try {
    parsed = parseCommandLine(argv, env);
  } catch (err) {
    return failure(err, cliLang(undefined, env));
  }
  return runParsed(db, parsed);
}
