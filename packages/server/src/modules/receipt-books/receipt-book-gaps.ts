// GET /api/books/report (and /export): the closing report. For each book of the filter, its counts and its
// gaps: numbers nobody wrote below the highest one written (skipped leaves) and, once the book is Closed,
// Lost or Cancelled, every number left unwritten. As JSON, or as a CSV/XLSX file through the finance
// reports' exporter (the same look as every other exported report).
import { type SQL, sql } from 'drizzle-orm';
import { type Lang, type ReceiptBookGaps, type receiptBookGapsQuery, translate, type z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { ReportTable } from '../finance-reports/index.ts';
import { type BookRow, bookSelect, rangeCount, toBook, unusedRanges } from './read-receipt-books.ts';

type GapsQuery = z.output<typeof receiptBookGapsQuery>;

/** A report of at most this many books (an organisation's books over years). */
const MAX_BOOKS = 5000;

export async function receiptBookGaps(opts: { tx: Db; clientId: number; query: GapsQuery }): Promise<ReceiptBookGaps> {
  const { tx, clientId, query } = opts;
  const where: SQL[] = [sql`b.client_id = ${clientId}`];
  if (query.status) where.push(sql`b.status = ${query.status}`);
  if (query.collectorId) where.push(sql`b.collector_id = ${query.collectorId}`);
  if (query.series) where.push(sql`b.series = ${query.series.toUpperCase()}`);
  if (query.startDate) where.push(sql`b.issue_date >= ${query.startDate}::date`);
  if (query.endDate) where.push(sql`b.issue_date <= ${query.endDate}::date`);
  const books = await queryRows<BookRow>(tx, sql`${bookSelect} where ${sql.join(where, sql` and `)} order by b.series, b.first_no limit ${MAX_BOOKS}`);
  const ids = books.map((b) => b.id);
  const written =
    ids.length === 0
      ? []
      : await queryRows<{ book_id: number; number: number }>(
          tx,
          sql`select book_id, number from receipt_book_numbers where client_id = ${clientId} and book_id in (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )}) order by book_id, number`,
        );
  const byBook = new Map<number, number[]>();
  for (const w of written) {
    const list = byBook.get(w.book_id) ?? [];
    list.push(w.number);
    byBook.set(w.book_id, list);
  }
  let totalGaps = 0;
  const rows = books.map((row) => {
    const book = toBook(row);
    const numbers = byBook.get(row.id) ?? [];
    const unused = unusedRanges(row.first_no, row.last_no, numbers);
    // An Active book's leaves after the highest written are simply not reached yet.
    const highest = numbers.length > 0 ? numbers[numbers.length - 1] : row.first_no - 1;
    const gaps = row.status === 'Active' ? unused.filter((r) => r.from <= highest).map((r) => ({ from: r.from, to: Math.min(r.to, highest) })) : unused;
    const gapCount = rangeCount(gaps);
    totalGaps += gapCount;
    return {
      bookId: book.id,
      series: book.series,
      firstNumber: book.firstNumber,
      lastNumber: book.lastNumber,
      collector: book.collector.fullname,
      issueDate: book.issueDate,
      status: book.status,
      usedCount: book.usedCount,
      voidedCount: book.voidedCount,
      unusedCount: book.unusedCount,
      gaps,
      gapCount,
    };
  });
  return { rows, totalGaps };
}

export const gapsText = (gaps: readonly { from: number; to: number }[]) => gaps.map((g) => (g.from === g.to ? `${g.from}` : `${g.from}-${g.to}`)).join(', ');

export function receiptBookGapsTable(report: ReceiptBookGaps, lang: Lang, organisation: string): ReportTable {
  const t = (key: string) => translate(key, lang);
  return {
    title: t('books.title.gaps'),
    subtitle: [organisation],
    fileName: 'receipt-books-gaps',
    columns: [
      { key: 'series', header: t('books.col.series'), kind: 'text', width: 10 },
      { key: 'numbers', header: t('books.col.numbers'), kind: 'text', width: 16 },
      { key: 'collector', header: t('books.col.collector'), kind: 'text', width: 24 },
      { key: 'issueDate', header: t('books.col.issueDate'), kind: 'date', width: 12 },
      { key: 'status', header: t('books.col.status'), kind: 'text', width: 12 },
      { key: 'used', header: t('books.col.used'), kind: 'integer', width: 8 },
      { key: 'voided', header: t('books.col.voided'), kind: 'integer', width: 8 },
      { key: 'unused', header: t('books.col.unused'), kind: 'integer', width: 8 },
      { key: 'gapCount', header: t('books.col.gapCount'), kind: 'integer', width: 10 },
      { key: 'gaps', header: t('books.col.gaps'), kind: 'text', width: 40 },
    ],
    rows: report.rows.map((r) => ({
      cells: {
        series: r.series,
        numbers: `${r.firstNumber}-${r.lastNumber}`,
        collector: r.collector,
        issueDate: r.issueDate,
        status: t(`books.status.${r.status}`),
        used: r.usedCount,
        voided: r.voidedCount,
        unused: r.unusedCount,
        gapCount: r.gapCount,
        gaps: gapsText(r.gaps),
      },
    })),
  };
}
