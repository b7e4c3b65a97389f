// Turns a ReportTable into the requested file and answers it as a download (Content-Disposition:
// attachment, the format's content type, never cached). XLSX is streamed as exceljs writes it.
import { PassThrough, type Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { ReportFormat } from '@ubo/contracts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { AppError } from '../../../plugins/errors.ts';
import { writeCsv } from './csv.ts';
import type { ReportTable } from './report-table.ts';
import { writeXlsx } from './xlsx.ts';

export const CONTENT_TYPES: Record<ReportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Line-by-line reports (statements) export at most this many lines; a longer range is refused. */
export const EXPORT_MAX_LINES = 50_000;

/** Statements export every line of their range in one file, up to the limit; beyond it, a shorter range is asked for. */
export function assertExportable(total: number, limit = EXPORT_MAX_LINES): void {
  if (total > limit) {
    const key = `financeReports.exportTooLarge|${limit}`;
    throw new AppError(400, 'EXPORT_TOO_LARGE', key, [{ field: 'endDate', message: key }]);
  }
}

/** The file as a stream (XLSX, written while it is read) or a buffer (CSV). */
export function renderReport(table: ReportTable, format: ReportFormat): { body: Buffer | Readable; contentType: string; fileName: string } {
  const safeName = table.fileName.replace(/[^A-Za-z0-9._-]/g, '-') || 'report';
  let body: Buffer | Readable;
  if (format === 'csv') body = writeCsv(table);
  else {
    const stream = new PassThrough();
    writeXlsx(table, stream).catch((err: unknown) => stream.destroy(err instanceof Error ? err : new Error(String(err))));
    body = stream;
  }
  return {
    body,
    contentType: CONTENT_TYPES[format],
    fileName: `${safeName}.${format}`,
  };
}

export async function organisationName(tx: Db, clientId: number): Promise<string> {
  const [row] = await queryRows<{ name: string }>(tx, sql`select name from clients where id = ${clientId}`);
  return row?.name ?? '';
}

/** What sendReport needs of a reply (Fastify's fits); no framework type in the export code. */
interface FileReply<R> {
  header(name: string, value: string): unknown;
  send(payload: Buffer | Readable): R;
}

export function sendReport<R>(reply: FileReply<R>, table: ReportTable, format: ReportFormat): R {
  const file = renderReport(table, format);
  reply.header('content-type', file.contentType);
  reply.header('content-disposition', `attachment; filename="${file.fileName}"`);
  reply.header('cache-control', 'no-store');
  return reply.send(file.body);
}
