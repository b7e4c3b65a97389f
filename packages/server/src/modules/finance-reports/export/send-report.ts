// Turns a ReportTable into the requested file and answers it as a download (Content-Disposition:
// attachment, the format's content type, never cached).
import type { FastifyReply } from 'fastify';
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

export function renderReport(table: ReportTable, format: ReportFormat): { body: Buffer; contentType: string; fileName: string } {
  const safeName = table.fileName.replace(/[^A-Za-z0-9._-]/g, '-') || 'report';
  return {
    body: format === 'csv' ? writeCsv(table) : writeXlsx(table),
    contentType: CONTENT_TYPES[format],
    fileName: `${safeName}.${format}`,
  };
}

export async function organisationName(tx: Db, clientId: number): Promise<string> {
  const [row] = await queryRows<{ name: string }>(tx, sql`select name from clients where id = ${clientId}`);
  return row?.name ?? '';
}

export function sendReport(reply: FastifyReply, table: ReportTable, format: ReportFormat): FastifyReply {
  const file = renderReport(table, format);
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
}
