// PATCH /api/books/:id/status and POST /api/books/:id/void: the book's status moves (receiptBookTransitions:
// Active -> Closed, Lost or Cancelled; Closed -> Active; Lost and Cancelled are final; Cancelled only while
// nothing is written in it) and voiding a spoilt leaf with a reason. The book row is locked first, so a
// payment using a number and a status change of its book are serialised. Each writes its audit line.
import { sql } from 'drizzle-orm';
import { type ReceiptBookDetail, type ReceiptBookStatus, receiptBookTransitions, translate } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, fieldError, notFound } from '../../plugins/errors.ts';
import { getReceiptBook } from './read-receipt-books.ts';

interface LockedBook {
  id: number;
  series: string;
  first_no: number;
  last_no: number;
  collector_id: number;
  status: ReceiptBookStatus;
}

/** The book, locked until commit (a status change and a number's use never interleave). */
export async function lockBook(tx: Db, clientId: number, id: number): Promise<LockedBook | undefined> {
  const [book] = await queryRows<LockedBook>(
    tx,
    sql`select id, series, first_no, last_no, collector_id, status from receipt_books where client_id = ${clientId} and id = ${id} for update`,
  );
  return book;
}

const statusName = (status: ReceiptBookStatus, actor: Actor) => translate(`books.status.${status}`, actor.lang);

export async function setReceiptBookStatus(opts: {
  tx: Db;
  actor: Actor;
  id: number;
  input: { status: ReceiptBookStatus; reason?: string };
}): Promise<ReceiptBookDetail> {
  const { tx, actor, id, input } = opts;
  const { clientId } = actor;
  const book = await lockBook(tx, clientId, id);
  if (!book) throw notFound();
  if (!receiptBookTransitions[book.status].includes(input.status)) {
    throw new AppError(409, 'BAD_TRANSITION', `books.badTransition|${statusName(book.status, actor)}|${statusName(input.status, actor)}`, [
      { field: 'status', message: `books.badTransition|${statusName(book.status, actor)}|${statusName(input.status, actor)}` },
    ]);
  }
  if (input.status === 'Cancelled') {
    const [written] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from receipt_book_numbers where client_id = ${clientId} and book_id = ${id}`,
    );
    if (written.n > 0) throw fieldError('status', 'books.cancelUsed');
  }
  await tx.execute(sql`
    update receipt_books set status = ${input.status}, status_reason = ${input.reason ?? null}, status_changed_by = ${actor.userId}, status_changed_at = now()
    where client_id = ${clientId} and id = ${id}`);
  await writeAudit(tx, actor, {
    action: 'status',
    entity: 'receipt-book',
    entityId: id,
    before: { status: book.status },
    after: { status: input.status, reason: input.reason ?? null },
  });
  return getReceiptBook({ tx, clientId, id });
}

/** Voids a number nobody used (a spoilt or torn leaf) of an Active or Closed book; it can never be used afterwards. */
export async function voidReceiptNumber(opts: { tx: Db; actor: Actor; id: number; input: { number: number; reason: string } }): Promise<ReceiptBookDetail> {
  const { tx, actor, id, input } = opts;
  const { clientId } = actor;
  const book = await lockBook(tx, clientId, id);
  if (!book) throw notFound();
  if (input.number < book.first_no || input.number > book.last_no) {
    throw new AppError(400, 'VALIDATION', 'common.validation', [
      { field: 'number', message: `books.numberOutside|${input.number}|${book.first_no}-${book.last_no}` },
    ]);
  }
  if (book.status === 'Cancelled') throw fieldError('number', `books.notActive|${statusName(book.status, actor)}`);
  const inserted = await queryRows<{ number: number }>(
    tx,
    sql`
    insert into receipt_book_numbers (client_id, book_id, number, state, reason, created_by, voided_by, voided_at)
    values (${clientId}, ${id}, ${input.number}, 'Voided', ${input.reason}, ${actor.userId}, ${actor.userId}, now())
    on conflict do nothing returning number`,
  );
  if (inserted.length === 0) throw fieldError('number', `books.numberTaken|${book.series} ${input.number}`);
  await writeAudit(tx, actor, { action: 'void', entity: 'receipt-book', entityId: id, after: { number: input.number, reason: input.reason } });
  return getReceiptBook({ tx, clientId, id });
}
