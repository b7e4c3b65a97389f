// POST /api/books: issues a receipt book to a collector. The collector must be an active user of the
// organisation; the range must not overlap another book of the same series (any status: a lost book's
// numbers stay lost). The check runs under a per-series advisory lock held to commit, so two clerks
// issuing overlapping books at once cannot both pass. Writes the book and its audit line.
import { sql } from 'drizzle-orm';
import type { ReceiptBook, ReceiptBookInput } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, type FieldError } from '../../plugins/errors.ts';
import { readBookRow, toBook } from './read-receipt-books.ts';

const validation = (details: FieldError[]) => new AppError(400, 'VALIDATION', 'common.validation', details);

/** Serialises the issues of one series of one organisation until the transaction ends. */
async function lockSeries(tx: Db, clientId: number, series: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${clientId}, hashtext(${`receipt-books:${series}`}))`);
}

export async function issueReceiptBook(opts: { tx: Db; actor: Actor; input: ReceiptBookInput }): Promise<ReceiptBook> {
  const { tx, actor, input } = opts;
  const { clientId } = actor;
  const errors: FieldError[] = [];
  const [collector] = await queryRows<{ id: number; status: string }>(
    tx,
    sql`select id, status from users where client_id = ${clientId} and id = ${input.collectorId}`,
  );
  if (collector?.status !== 'Active') errors.push({ field: 'collectorId', message: 'books.notCollector' });
  await lockSeries(tx, clientId, input.series);
  const [overlap] = await queryRows<{ id: number; first_no: number; last_no: number; collector: string }>(
    tx,
    sql`
    select b.id, b.first_no, b.last_no, u.fullname as collector from receipt_books b join users u on u.client_id = b.client_id and u.id = b.collector_id
    where b.client_id = ${clientId} and b.series = ${input.series} and b.first_no <= ${input.lastNumber} and b.last_no >= ${input.firstNumber}
    order by b.first_no limit 1`,
  );
  if (overlap) errors.push({ field: 'firstNumber', message: `books.overlap|${input.series} ${overlap.first_no}-${overlap.last_no}|${overlap.collector}` });
  if (errors.length > 0) throw validation(errors);

  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`
    insert into receipt_books (client_id, series, first_no, last_no, collector_id, issue_date, notes, created_by)
    values (${clientId}, ${input.series}, ${input.firstNumber}, ${input.lastNumber}, ${input.collectorId}, ${input.issueDate}::date,
            ${input.notes ?? null}, ${actor.userId})
    returning id`,
  );
  await writeAudit(tx, actor, {
    action: 'create',
    entity: 'receipt-book',
    entityId: row.id,
    after: { series: input.series, first: input.firstNumber, last: input.lastNumber, collector: input.collectorId, issueDate: input.issueDate },
  });
  return toBook(await readBookRow(tx, clientId, row.id));
}
