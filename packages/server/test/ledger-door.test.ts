// The ledger door (issue 13 §4): no module writes the ledger's tables around the ledger, and no module
// writes the log sheet around the audit door. The source of every server file outside src/ledger is read
// and any write (SQL text: insert into / update / delete from / truncate / merge into; drizzle:
// .insert(t) / .update(t) / .delete(t) on the tables' objects, also under an import alias) to
// journal_entries, journal_lines, document_counters or ledger_settings fails the test naming the file and
// line; so does any write to audit_log outside plugins/audit.ts. Reads are free. Tests themselves (which
// plant rows to prove the database's own guards) are not scanned.
//
// A module that posts money (calls postJournal, postJournalBatch, preparePostJournalBatch or planBatch)
// keeps what it posts in a pure `*.posting.ts` of its folder: no database, no request.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { getTableName, isTable } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as ledgerTables from '../src/ledger/ledger.tables.ts';
import * as auditTables from '../src/modules/audit-log/audit-log.tables.ts';

const SRC = join(import.meta.dirname, '..', 'src');

/** Tables only the ledger writes. */
const LEDGER_TABLES = ['journal_entries', 'journal_lines', 'document_counters', 'ledger_settings'];
/** The log sheet, written only through the audit door. */
const AUDIT_TABLE = 'audit_log';
const AUDIT_DOOR = 'plugins/audit.ts';

/** The drizzle objects of the guarded tables, by their export name. */
function tableObjects(modules: Record<string, unknown>[], tables: string[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const mod of modules) {
    for (const [name, value] of Object.entries(mod)) {
      if (isTable(value) && tables.includes(getTableName(value))) names.set(name, getTableName(value));
    }
  }
  return names;
}

/** Comments out of the way, keeping line numbers (a comment may say "update journal_entries"). */
function withoutComments(source: string): string {
  const blank = (text: string) => text.replace(/[^\n]/g, ' ');
  return source
    .replace(/\/\*[\s\S]*?\*\//g, blank)
    .replace(/(^|[\s;{}(),])\/\/[^\n]*/g, (m, lead: string) => lead + blank(m.slice(lead.length)))
    .replace(/(^|\s)--[^\n]*/g, (m, lead: string) => lead + blank(m.slice(lead.length)));
}

export interface Breach {
  file: string;
  line: number;
  table: string;
  text: string;
}

/** Writes to `tables` in one file's source: SQL text, and drizzle writes on the tables' objects (aliases too). */
export function writesIn(file: string, source: string, tables: string[], objects: Map<string, string>): Breach[] {
  if (tables.length === 0) return [];
  const code = withoutComments(source);
  const breaches: Breach[] = [];
  const lineOf = (index: number) => code.slice(0, index).split('\n').length;
  const add = (index: number, table: string, text: string) => breaches.push({ file, line: lineOf(index), table, text: text.replace(/\s+/g, ' ').trim() });

  const names = tables.join('|');
  const sqlWrite = new RegExp(
    `\\b(insert\\s+into|update|delete\\s+from|truncate(?:\\s+table)?|merge\\s+into)\\s+(?:only\\s+)?(?:"?public"?\\.)?"?(${names})"?\\b`,
    'gi',
  );
  for (const m of code.matchAll(sqlWrite)) add(m.index, m[2].toLowerCase(), m[0]);

  // The table objects under their own names and under any alias an import gives them.
  const aliases = new Map<string, string>();
  for (const [name, table] of objects) if (tables.includes(table)) aliases.set(name, table);
  for (const m of code.matchAll(/\b([A-Za-z_$][\w$]*)\s+as\s+([A-Za-z_$][\w$]*)/g)) {
    const table = objects.get(m[1]);
    if (table && tables.includes(table)) aliases.set(m[2], table);
  }
  if (aliases.size > 0) {
    const drizzleWrite = new RegExp(`\\.(insert|update|delete)\\s*\\(\\s*(${[...aliases.keys()].join('|')})\\s*\\)`, 'g');
    for (const m of code.matchAll(drizzleWrite)) add(m.index, aliases.get(m[2]) as string, m[0]);
  }
  return breaches.sort((a, b) => a.line - b.line);
}

/** Every TypeScript source file under src/, as a path relative to src/ with forward slashes. */
function sourceFiles(dir = SRC): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) out.push(relative(SRC, path).split(sep).join('/'));
  }
  return out;
}

const ledgerObjects = tableObjects([ledgerTables], LEDGER_TABLES);
const auditObjects = tableObjects([auditTables], [AUDIT_TABLE]);
const read = (file: string) => readFileSync(join(SRC, file), 'utf8');
const report = (breaches: Breach[]) => breaches.map((b) => `src/${b.file}:${b.line} writes ${b.table}: ${b.text}`);

describe('the ledger door', () => {
  it('knows the drizzle objects of the guarded tables', () => {
    expect([...ledgerObjects.values()].sort()).toEqual([...LEDGER_TABLES].sort());
    expect([...auditObjects.values()]).toEqual([AUDIT_TABLE]);
  });

  it('catches every form of write it promises to, and no read', () => {
    const objects = new Map([...ledgerObjects, ...auditObjects]);
    const planted = [
      'await tx.execute(sql`update journal_entries set memo = null`);',
      "await tx.execute(sql`\n  insert into\n    document_counters (client_id, series, next_no) values (1, 'X', 2)`);",
      'await tx.execute(sql`delete from public.journal_lines where id = 1`);',
      'await tx.execute(sql`truncate ledger_settings`);',
      'await tx.insert(ledgerSettings).values({ clientId: 1 });',
      "import { documentCounters as counters } from '../../ledger/index.ts';\nawait tx.update( counters ).set({ nextNo: 3 });",
      'await tx.delete(journalEntries).where(sql`true`);',
    ].join('\n');
    expect(writesIn('planted.ts', planted, LEDGER_TABLES, objects).map((b) => [b.line, b.table])).toEqual([
      [1, 'journal_entries'],
      [3, 'document_counters'],
      [5, 'journal_lines'],
      [6, 'ledger_settings'],
      [7, 'ledger_settings'],
      [9, 'document_counters'],
      [10, 'journal_entries'],
    ]);
    expect(
      writesIn('planted.ts', 'await tx.insert(auditLog).values(row);\nsql`INSERT INTO audit_log (action) values (1)`', [AUDIT_TABLE], objects),
    ).toHaveLength(2);

    const reads = [
      '// the bill-run cancel no longer does update journal_entries itself',
      '/* insert into journal_lines */',
      "sql`select next_no from document_counters where series = 'JV' for update`",
      'sql`select 1 from journal_entries e where e.id = 1 for no key update of e`',
      "sql`insert into transfers (entry_id) select id from journal_entries -- update journal_entries is the ledger's`",
      'sql`insert into journal_entry_files (entry_id) values (1)`',
      'await tx.select().from(journalEntries);',
      "const maintained = ['document_counters', 'journal_lines'];",
    ].join('\n');
    expect(writesIn('reads.ts', reads, [...LEDGER_TABLES, AUDIT_TABLE], objects)).toEqual([]);
  });

  it('no file outside src/ledger writes journal_entries, journal_lines, document_counters or ledger_settings', () => {
    const files = sourceFiles().filter((f) => !f.startsWith('ledger/'));
    expect(files.length).toBeGreaterThan(100);
    expect(report(files.flatMap((f) => writesIn(f, read(f), LEDGER_TABLES, ledgerObjects)))).toEqual([]);
  });

  it(`no file but ${AUDIT_DOOR} writes audit_log`, () => {
    const files = sourceFiles().filter((f) => f !== AUDIT_DOOR);
    expect(report(files.flatMap((f) => writesIn(f, read(f), [AUDIT_TABLE], auditObjects)))).toEqual([]);
    // The door itself does write it (otherwise this test proves nothing).
    expect(writesIn(AUDIT_DOOR, read(AUDIT_DOOR), [AUDIT_TABLE], auditObjects).length).toBeGreaterThan(0);
  });

  it('every module that posts keeps its postings in a pure *.posting.ts', () => {
    // Test kits post fixtures, not documents.
    const files = sourceFiles().filter((f) => f.startsWith('modules/') && !/(test-kit|test-support)\.ts$/.test(f));
    const folder = (f: string) => f.split('/')[1];
    const posting = /\b(postJournal|postJournalBatch|preparePostJournalBatch|planBatch)\s*\(/;
    const posters = new Set(files.filter((f) => !f.endsWith('.posting.ts') && posting.test(withoutComments(read(f)))).map(folder));
    const withPostingFile = new Set(files.filter((f) => f.endsWith('.posting.ts')).map(folder));
    const missing = [...posters].filter((m) => !withPostingFile.has(m)).sort();
    expect(missing).toEqual([]);
    // Pure: no database, no query builder, no request.
    const impure = files
      .filter((f) => f.endsWith('.posting.ts'))
      .filter((f) => /^import (?!type )[^;]*from '(drizzle-orm[^']*|fastify|[./]*db\/[^']*|[./]*plugins\/auth\.ts)'/m.test(read(f)));
    expect(impure).toEqual([]);
  });
});
