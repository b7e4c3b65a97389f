// An organisation's data export: every table that holds its rows, as CSV in a ZIP with a README of the
// columns, and (on request) its stored files (logos, signatures, scans, attachments, e-mailed PDFs) and,
// separately on request, its documents drawn as PDFs (export-documents.ts: bills per period, sales and
// purchase documents, payslips per payroll run).
// The table list comes from the database catalogue, so a new table cannot be forgotten: every table with
// a client_id column (rows of this organisation), the clients row itself, and tables without one that
// reach those by a foreign key (rows whose parent is this organisation's). It runs in the organisation's
// tenant transaction: row-level security keeps any other organisation's row out even if a filter were
// wrong. Secrets (password hashes, sealed passwords) are withheld; file contents are counted in the CSV
// and written as files of their own when asked for.
import type { Lang } from '@ubo/contracts';
import { type SQL, sql } from 'drizzle-orm';
import JSZip from 'jszip';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { documentsReadme, type ExportDocument, listExportDocuments } from './export-documents.ts';
import { ident } from './manifest.ts';

interface Column {
  name: string;
  type: string;
  kind: 'plain' | 'bytes' | 'withheld';
}

export interface ExportTable {
  name: string;
  /** How its rows are chosen, for the README. */
  rule: string;
  /** The WHERE condition on alias t for this organisation. */
  where: (clientId: number) => SQL;
  columns: Column[];
  readable: boolean;
}

/** Columns never exported: password hashes and secrets sealed with the installation's key. */
const isWithheld = (column: string) => /password_hash$|_enc$|^token_secret$/.test(column);

/** The tables of one organisation's data, from the catalogue; answers also the installation's own tables. */
export async function organisationTables(tx: Db): Promise<{ tables: ExportTable[]; installationTables: string[] }> {
  const all = await queryRows<{ name: string; columns: { name: string; type: string }[]; readable: boolean }>(
    tx,
    sql`select c.relname as name, has_table_privilege(c.oid, 'SELECT') as readable,
          (select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod)) order by a.attnum)
             from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  // Single-column foreign keys between public tables: (table, column) -> (parent table, parent column).
  const keys = await queryRows<{ child: string; child_column: string; parent: string; parent_column: string }>(
    tx,
    sql`select cc.relname as child, ca.attname as child_column, pc.relname as parent, pa.attname as parent_column
        from pg_constraint k
        join pg_class cc on cc.oid = k.conrelid join pg_namespace cn on cn.oid = cc.relnamespace and cn.nspname = 'public'
        join pg_class pc on pc.oid = k.confrelid
        join pg_attribute ca on ca.attrelid = k.conrelid and ca.attnum = k.conkey[1]
        join pg_attribute pa on pa.attrelid = k.confrelid and pa.attnum = k.confkey[1]
        where k.contype = 'f' and array_length(k.conkey, 1) = 1
        order by 1, 2`,
  );
  const byName = new Map(all.map((t) => [t.name, t]));
  const chosen = new Map<string, { rule: string; where: (alias: string, clientId: number) => SQL }>();
  for (const t of all) {
    if (t.columns.some((c) => c.name === 'client_id')) chosen.set(t.name, { rule: 'client_id', where: (a, id) => sql`${sql.raw(a)}.client_id = ${id}` });
  }
  chosen.set('clients', { rule: 'id (the organisation itself)', where: (a, id) => sql`${sql.raw(a)}.id = ${id}` });
  // Tables without client_id reached through foreign keys, until nothing new is reached.
  for (let depth = 1, grew = true; grew && depth <= 5; depth++) {
    grew = false;
    for (const k of keys) {
      if (chosen.has(k.child) || !chosen.has(k.parent)) continue;
      const parent = chosen.get(k.parent);
      if (!parent) continue;
      const alias = `p${depth}`;
      chosen.set(k.child, {
        rule: `${k.child_column} -> ${k.parent}.${k.parent_column}`,
        where: (a, id) =>
          sql`exists (select 1 from ${sql.raw(ident(k.parent))} ${sql.raw(alias)} where ${sql.raw(alias)}.${sql.raw(ident(k.parent_column))} = ${sql.raw(a)}.${sql.raw(ident(k.child_column))} and ${parent.where(alias, id)})`,
      });
      grew = true;
    }
  }
  const tables: ExportTable[] = [];
  for (const [name, how] of [...chosen.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const t = byName.get(name);
    if (!t) continue;
    tables.push({
      name,
      rule: how.rule,
      where: (clientId) => how.where('t', clientId),
      readable: t.readable,
      columns: t.columns.map((c) => ({ name: c.name, type: c.type, kind: isWithheld(c.name) ? 'withheld' : c.type === 'bytea' ? 'bytes' : 'plain' })),
    });
  }
  return { tables, installationTables: all.map((t) => t.name).filter((n) => !chosen.has(n)) };
}

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Rows of one table for the organisation, every value as PostgreSQL's own text (exact numbers, ISO dates). */
async function tableRows(tx: Db, table: ExportTable, clientId: number): Promise<string[][]> {
  const select = table.columns.map((c) =>
    c.kind === 'withheld'
      ? sql`case when t.${sql.raw(ident(c.name))} is null then null else '[withheld]' end`
      : c.kind === 'bytes'
        ? sql`octet_length(t.${sql.raw(ident(c.name))})::text`
        : sql`t.${sql.raw(ident(c.name))}::text`,
  );
  const rows = await queryRows<{ r: string[] }>(
    tx,
    sql`select array[${sql.join(select, sql`, `)}]::text[] as r from ${sql.raw(ident(table.name))} t where ${table.where(clientId)} order by 1`,
  );
  return rows.map((row) => row.r);
}

export interface ExportSummary {
  fileName: string;
  tables: number;
  rows: number;
  files: number;
  /** PDFs under documents/ (0 when not asked for). */
  documents: number;
  bytes: Buffer;
}

const safeName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80) || 'file';

/** Builds the ZIP of one organisation's data in the caller's (tenant) transaction. */
export async function buildOrganisationExport(opts: {
  tx: Db;
  clientId: number;
  code: number;
  includeFiles: boolean;
  /** The documents drawn as PDFs under documents/, in `lang` (default English). */
  includeDocuments?: boolean;
  lang?: Lang;
  progress?: (done: number, total: number) => void;
}): Promise<ExportSummary> {
  const { tx, clientId } = opts;
  const { tables, installationTables } = await organisationTables(tx);
  const documents = opts.includeDocuments ? await listExportDocuments({ tx, clientId, lang: opts.lang ?? 'en' }) : [];
  const total = tables.length + documents.length;
  const zip = new JSZip();
  const readme: string[] = [
    `# Data export of organisation ${opts.code}`,
    '',
    `Made ${new Date().toISOString()}. One CSV file per table (UTF-8, comma-separated, first line the column names,`,
    "values as PostgreSQL writes them: exact decimal amounts, ISO dates). Only this organisation's rows.",
    'Withheld: password hashes and sealed passwords ([withheld]). File contents: the CSV has their size in bytes;',
    opts.includeFiles ? 'the files themselves are in files/<table>/.' : 'the files themselves were not asked for.',
    opts.includeDocuments ? "The organisation's documents as PDFs are in documents/ (see the end of this file)." : 'Documents as PDFs were not asked for.',
    '',
  ];
  let rowTotal = 0;
  let fileCount = 0;
  const skipped: string[] = [];
  for (const [i, table] of tables.entries()) {
    opts.progress?.(i, total);
    if (!table.readable) {
      skipped.push(table.name);
      continue;
    }
    const rows = await tableRows(tx, table, clientId);
    rowTotal += rows.length;
    zip.file(`${table.name}.csv`, csvLine(table.columns.map((c) => c.name)) + rows.map(csvLine).join(''));
    readme.push(`## ${table.name}.csv (${rows.length} rows; rows chosen by ${table.rule})`, '');
    for (const c of table.columns) {
      const note = c.kind === 'withheld' ? ' (withheld)' : c.kind === 'bytes' ? ' (size in bytes)' : '';
      readme.push(`- ${c.name}: ${c.type}${note}`);
    }
    readme.push('');
    if (opts.includeFiles && table.columns.some((c) => c.kind === 'bytes')) {
      const bytesColumns = table.columns.filter((c) => c.kind === 'bytes');
      const nameColumn = table.columns.find((c) => c.name === 'filename')?.name;
      const files = await queryRows<{ id: string; name: string | null; content: Buffer | Uint8Array | null }>(
        tx,
        sql`select t.id::text as id, ${nameColumn ? sql`t.${sql.raw(ident(nameColumn))}::text` : sql`null::text`} as name,
              t.${sql.raw(ident(bytesColumns[0].name))} as content
            from ${sql.raw(ident(table.name))} t where ${table.where(clientId)} order by 1`,
      );
      for (const f of files) {
        if (!f.content) continue;
        zip.file(`files/${table.name}/${safeName(f.id)}-${safeName(f.name ?? 'content')}`, Buffer.from(f.content));
        fileCount++;
      }
    }
  }
  if (skipped.length > 0) readme.push(`Not exported (working tables the organisation cannot read, empty between transactions): ${skipped.join(', ')}`, '');
  readme.push(`Installation tables (no organisation's rows): ${installationTables.join(', ')}`, '');
  const drawn: Record<ExportDocument['folder'], number> = { bills: 0, sales: 0, purchases: 0, payslips: 0 };
  const used = new Set<string>();
  for (const [i, document] of documents.entries()) {
    opts.progress?.(tables.length + i, total);
    const out = await document.render();
    if (!out) continue;
    let path = `documents/${document.folder}/${out.name}`;
    for (let n = 2; used.has(path); n++) path = `documents/${document.folder}/${out.name.replace(/\.pdf$/, '')}-${n}.pdf`;
    used.add(path);
    zip.file(path, out.pdf);
    drawn[document.folder]++;
  }
  if (opts.includeDocuments) readme.push(...documentsReadme(drawn));
  zip.file('README.md', readme.join('\n'));
  opts.progress?.(total, total);
  const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 } });
  const day = new Date().toISOString().slice(0, 10);
  return {
    fileName: `organisation-${opts.code}-export-${day}.zip`,
    tables: tables.length - skipped.length,
    rows: rowTotal,
    files: fileCount,
    documents: used.size,
    bytes,
  };
}
