// What the payments module asks of the receipt books (through index.ts), in the payment's own transaction:
// checking and recording the manual receipt number a collector wrote (useManualReceipt), voiding it when
// the payment is cancelled (voidReceiptOfPayment: a cancelled payment's number is never used again), the
// number a payment carries (manualReceiptOf), and ref-number: the signed-in collector's next number.
import { sql } from 'drizzle-orm';
import { type ManualReceiptNumber, type RefNumberAnswer, translate } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Actor } from '../../lib/actor.ts';
import { type FieldError, fieldError } from '../../plugins/errors.ts';
import { nextUnused, unusedRanges } from './read-receipt-books.ts';

/**
 * Why `receipt` cannot be used by the actor now (a message key with its values), or null when it can: it must
 * lie in an Active book issued to the actor and be unwritten. Reads only; `lock` takes the book FOR SHARE.
 */
async function receiptRefusal(tx: Db, actor: Actor, receipt: ManualReceiptNumber, lock: boolean): Promise<{ message: string; bookId?: number }> {
  const label = `${receipt.series} ${receipt.number}`;
  // Every book of the series holding the number (ranges never overlap, so at most one).
  const [book] = await queryRows<{ id: number; status: string; collector_id: number; collector: string; written: boolean }>(
    tx,
    sql`
    select b.id, b.status, b.collector_id, u.fullname as collector,
           exists (select 1 from receipt_book_numbers x where x.client_id = b.client_id and x.book_id = b.id and x.number = ${receipt.number}) as written
    from receipt_books b join users u on u.client_id = b.client_id and u.id = b.collector_id
    where b.client_id = ${actor.clientId} and b.series = ${receipt.series} and ${receipt.number} between b.first_no and b.last_no
    ${lock ? sql`for share of b` : sql``}`,
  );
  if (!book) return { message: `books.noBook|${label}` };
  if (book.collector_id !== actor.userId) return { message: `books.otherCollector|${label}|${book.collector}` };
  if (book.status === 'Lost') return { message: `books.lostBook|${label}` };
  if (book.status !== 'Active') return { message: `books.notActive|${translate(`books.status.${book.status}`, actor.lang)}` };
  if (book.written) return { message: `books.numberTaken|${label}` };
  return { message: '', bookId: book.id };
}

/**
 * Checks many receipt numbers at once before anything is written (batch receive): each refusal names its
 * field; a number repeated within the list is refused on its later fields. Reads only.
 */
export async function checkManualReceipts(opts: {
  tx: Db;
  actor: Actor;
  receipts: Array<{ receipt: ManualReceiptNumber; field: string }>;
}): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  for (const { receipt, field } of opts.receipts) {
    const key = `${receipt.series} ${receipt.number}`;
    if (seen.has(key)) {
      errors.push({ field, message: `books.numberRepeated|${key}` });
      continue;
    }
    seen.add(key);
    const refusal = await receiptRefusal(opts.tx, opts.actor, receipt, false);
    if (refusal.message) errors.push({ field, message: refusal.message });
  }
  return errors;
}

/**
 * Checks that `receipt` lies in an Active book issued to the actor and is unwritten, and records it as used
 * by the payment. Every refusal names `field` (the form's field) in the actor's language. Call it after the
 * payment row is written (the number names it) and before commit. The book row is locked (FOR SHARE), so a
 * status change waits for the payment; the number's primary key refuses a second use by a concurrent payment.
 */
export async function useManualReceipt(opts: { tx: Db; actor: Actor; receipt: ManualReceiptNumber; paymentId: number; field: string }): Promise<void> {
  const { tx, actor, receipt, paymentId, field } = opts;
  const { clientId } = actor;
  const label = `${receipt.series} ${receipt.number}`;
  const refusal = await receiptRefusal(tx, actor, receipt, true);
  if (refusal.bookId === undefined) throw fieldError(field, refusal.message);
  const inserted = await queryRows<{ number: number }>(
    tx,
    sql`
    insert into receipt_book_numbers (client_id, book_id, number, state, payment_id, created_by)
    values (${clientId}, ${refusal.bookId}, ${receipt.number}, 'Used', ${paymentId}, ${actor.userId})
    on conflict do nothing returning number`,
  );
  if (inserted.length === 0) throw fieldError(field, `books.numberTaken|${label}`);
}

/** Voids the number a cancelled payment used, if any: it stays written (with its payment), never free again. */
export async function voidReceiptOfPayment(opts: { tx: Db; actor: Actor; paymentId: number; paymentNumber: string }): Promise<ManualReceiptNumber | null> {
  const { tx, actor, paymentId, paymentNumber } = opts;
  const [row] = await queryRows<{ series: string; number: number }>(
    tx,
    sql`
    update receipt_book_numbers x set state = 'Voided', voided_by = ${actor.userId}, voided_at = now(),
           reason = ${translate(`books.paymentCancelled|${paymentNumber}`, actor.lang)}
    from receipt_books b
    where x.client_id = ${actor.clientId} and x.payment_id = ${paymentId} and x.state = 'Used' and b.client_id = x.client_id and b.id = x.book_id
    returning b.series, x.number`,
  );
  return row ? { series: row.series, number: row.number } : null;
}

/** The manual receipt number a payment carries (used, or voided by its cancellation). */
export async function manualReceiptOf(tx: Db, clientId: number, paymentId: number): Promise<(ManualReceiptNumber & { bookId: number }) | null> {
  const [row] = await queryRows<{ series: string; number: number; book_id: number }>(
    tx,
    sql`
    select b.series, x.number, x.book_id from receipt_book_numbers x join receipt_books b on b.client_id = x.client_id and b.id = x.book_id
    where x.client_id = ${clientId} and x.payment_id = ${paymentId}`,
  );
  return row ? { series: row.series, number: row.number, bookId: row.book_id } : null;
}

/** GET /api/books/ref-number: the next unused number of the signed-in collector's active books (oldest book first). */
export async function refNumber(opts: { tx: Db; actor: Actor }): Promise<RefNumberAnswer> {
  const { tx, actor } = opts;
  const books = await queryRows<{ id: number; series: string; first_no: number; last_no: number }>(
    tx,
    sql`
    select id, series, first_no, last_no from receipt_books
    where client_id = ${actor.clientId} and collector_id = ${actor.userId} and status = 'Active'
    order by issue_date, id`,
  );
  for (const book of books) {
    const written = await queryRows<{ number: number }>(
      tx,
      sql`select number from receipt_book_numbers where client_id = ${actor.clientId} and book_id = ${book.id} order by number`,
    );
    const numbers = written.map((w) => w.number);
    const unused = unusedRanges(book.first_no, book.last_no, numbers);
    const next = nextUnused(book.first_no, book.last_no, numbers.length > 0 ? numbers[numbers.length - 1] : null, unused);
    if (next !== null) {
      return { book: { id: book.id, series: book.series, firstNumber: book.first_no, lastNumber: book.last_no }, series: book.series, number: next };
    }
  }
  return { book: null, series: null, number: null };
}

/** The active users a book may be issued to (the collectors), by name. */
export async function listCollectors(opts: { tx: Db; clientId: number }) {
  const rows = await queryRows<{ id: number; username: string; fullname: string }>(
    opts.tx,
    sql`select id, username, fullname from users where client_id = ${opts.clientId} and status = 'Active' order by lower(fullname), id`,
  );
  return { data: rows };
}
