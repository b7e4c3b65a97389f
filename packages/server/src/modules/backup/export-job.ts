// The organisation's data export as a background job (kind 'backup.export-organisation'): queued by an
// administrator (202), built by any server process in ONE tenant transaction as the person who asked
// (export-organisation.ts; with the documents as PDFs when asked, export-documents.ts), stored in organisation_exports with the job's 'done' mark, then downloaded.
import { type OrganisationExportJob, translate } from '@ubo/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { defineTenantJob, enqueueJob, listJobs } from '../jobs/index.ts';
import { buildOrganisationExport } from './export-organisation.ts';

export const EXPORT_JOB = 'backup.export-organisation';

interface Input {
  includeFiles: boolean;
  /** Absent in jobs queued before the option existed. */
  includeDocuments?: boolean;
}
interface Result {
  exportId: number;
  fileName: string;
  size: number;
  tables: number;
  rows: number;
}

/** Builds the export and keeps it (the caller's tenant transaction); answers what the job records. */
export async function exportOrganisation(opts: {
  tx: Db;
  actor: Actor;
  jobId: number;
  includeFiles: boolean;
  includeDocuments?: boolean;
  progress?: (d: number, t: number) => void;
}): Promise<Result> {
  const { tx, actor } = opts;
  const [org] = await queryRows<{ code: number }>(tx, sql`select code from clients where id = ${actor.clientId}`);
  const built = await buildOrganisationExport({
    tx,
    clientId: actor.clientId,
    code: Number(org.code),
    includeFiles: opts.includeFiles,
    includeDocuments: opts.includeDocuments ?? false,
    lang: actor.lang,
    progress: opts.progress,
  });
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into organisation_exports (client_id, job_id, file_name, bytes, size, tables, rows, created_by)
        values (${actor.clientId}, ${opts.jobId}, ${built.fileName}, ${built.bytes}, ${built.bytes.length}, ${built.tables}, ${built.rows}, ${actor.userId || null})
        returning id`,
  );
  await writeAudit(tx, actor, {
    action: 'create',
    entity: 'organisation-export',
    entityId: Number(row.id),
    after: {
      tables: built.tables,
      rows: built.rows,
      size: built.bytes.length,
      includeFiles: opts.includeFiles,
      includeDocuments: opts.includeDocuments ?? false,
      documents: built.documents,
    },
  });
  return { exportId: Number(row.id), fileName: built.fileName, size: built.bytes.length, tables: built.tables, rows: built.rows };
}

export const exportJob = defineTenantJob<Input, Result>({
  kind: EXPORT_JOB,
  failedKey: 'backup.exportFailed',
  interruptedKey: 'backup.exportInterrupted',
  run: ({ tx, actor, input, jobId, progress }) =>
    exportOrganisation({ tx, actor, jobId, includeFiles: input.includeFiles, includeDocuments: Boolean(input.includeDocuments), progress }),
});

export async function queueExport(opts: { tx: Db; actor: Actor; includeFiles: boolean; includeDocuments: boolean }): Promise<{ jobId: number }> {
  const jobId = await enqueueJob(opts.tx, opts.actor, exportJob, { includeFiles: opts.includeFiles, includeDocuments: opts.includeDocuments });
  return { jobId };
}

/** The organisation's latest exports (20), newest first, with their state. */
export async function listExports(opts: { tx: Db; db: Db; actor: Actor }): Promise<{ data: OrganisationExportJob[] }> {
  const { data } = await listJobs<Input, Result>({ tx: opts.tx, db: opts.db, clientId: opts.actor.clientId, kinds: [EXPORT_JOB], page: 1, limit: 20 });
  return {
    data: data.map((j) => ({
      jobId: j.id,
      status: j.status,
      includeFiles: Boolean(j.input?.includeFiles),
      includeDocuments: Boolean(j.input?.includeDocuments),
      processed: j.processed,
      total: j.total,
      error: j.error === null ? null : translate(j.error, opts.actor.lang),
      createdAt: j.createdAt,
      finishedAt: j.finishedAt,
      fileName: j.result?.fileName ?? null,
      size: j.result?.size ?? null,
      tables: j.result?.tables ?? null,
      rows: j.result?.rows ?? null,
    })),
  };
}

/** A finished export's file (404 for another organisation's or an unknown job; 409 while it runs). */
export async function readExport(opts: { tx: Db; actor: Actor; jobId: number }): Promise<{ fileName: string; bytes: Buffer }> {
  const [row] = await queryRows<{ file_name: string; bytes: Buffer | Uint8Array }>(
    opts.tx,
    sql`select file_name, bytes from organisation_exports where client_id = ${opts.actor.clientId} and job_id = ${opts.jobId}`,
  );
  if (!row) {
    const [job] = await queryRows<{ status: string }>(
      opts.tx,
      sql`select status from jobs where client_id = ${opts.actor.clientId} and id = ${opts.jobId} and kind = ${EXPORT_JOB}`,
    );
    if (job && job.status !== 'done') throw new AppError(409, 'CONFLICT', 'backup.exportNotReady');
    throw notFound();
  }
  return { fileName: row.file_name, bytes: Buffer.from(row.bytes) };
}
