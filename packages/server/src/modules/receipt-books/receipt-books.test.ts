import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { inSystem } from '../../db/tenant.ts';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { lastAuditId, auditRows, staffUser } from '../settings/test-support.ts';
import { paymentsKit } from '../payments/payments-test-kit.ts';

let ctx: TestContext;
let orgA: Awaited<ReturnType<typeof newOrganisation>>;
let orgB: Awaited<ReturnType<typeof newOrganisation>>;
let a: ReturnType<typeof paymentsKit>;
let cash: number;
let customerId: number;
/** Two field collectors (they receive payments) and a clerk who may only read books. */
let amina: Awaited<ReturnType<typeof staffUser>>;
let omar: Awaited<ReturnType<typeof staffUser>>;
let reader: Awaited<ReturnType<typeof staffUser>>;

beforeAll(async () => {
  ctx = await startTestApp();
  orgA = await newOrganisation(ctx, { name: 'Hargeisa Electric' });
  orgB = await newOrganisation(ctx, { name: 'Burao Water' });
  a = paymentsKit(ctx, orgA);
  cash = await a.accountId('1010');
  customerId = (await a.customer({ name: 'Hodan Ali' })).id;
  amina = await staffUser(ctx, orgA, ['receive-payment']);
  omar = await staffUser(ctx, orgA, ['receive-payment']);
  reader = await staffUser(ctx, orgA, ['list-book']);
});
afterAll(() => ctx.close());

type Res = Awaited<ReturnType<typeof a.api>>;
const json = (res: Res, status: number) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const call = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, body?: object, lang?: string) => a.call(token, method, url, body, lang);
const issue = (body: Record<string, unknown>, token = orgA.token, lang?: string) =>
  call(token, 'POST', '/api/books', { issueDate: '2025-06-01', ...body }, lang);
const book = async (id: number) => json(await call(orgA.token, 'GET', `/api/books/${id}`), 200);
const pay = (token: string, manualReceiptNumber?: { series: string; number: number }, lang?: string) =>
  call(token, 'POST', '/api/finance/payments', { customerId, amount: '10', method: 'cash', accountId: cash, date: '2025-06-10', manualReceiptNumber }, lang);

/** Everything issuing a book, changing it or taking a payment could write. */
async function snapshot() {
  const [row] = await inSystem(ctx.database.db, (tx) =>
    queryRows<Record<string, string>>(
      tx,
      sql`
      select (select count(*) || ':' || coalesce(string_agg(status || coalesce(status_reason, ''), ',' order by id), '') from receipt_books where client_id = ${orgA.clientId}) as books,
             (select count(*) || ':' || coalesce(string_agg(book_id || '/' || number || state, ',' order by book_id, number), '')
              from receipt_book_numbers where client_id = ${orgA.clientId}) as numbers,
             (select count(*)::text from payments where client_id = ${orgA.clientId}) as payments,
             (select count(*)::text from journal_entries where client_id = ${orgA.clientId}) as entries,
             (select count(*)::text from audit_log where client_id = ${orgA.clientId}) as audit`,
    ),
  );
  return row;
}

describe('issuing receipt books', () => {
  it('issues a book to a collector, lists and shows it with every number unused; audited; another organisation sees nothing', async () => {
    const from = await lastAuditId(ctx, orgA.clientId);
    const created = json(await issue({ series: 'hg', firstNumber: 1, lastNumber: 50, collectorId: amina.id, notes: 'Zone 1' }), 201);
    expect(created).toMatchObject({
      series: 'HG',
      firstNumber: 1,
      lastNumber: 50,
      size: 50,
      collector: { id: amina.id, username: amina.username },
      status: 'Active',
      usedCount: 0,
      unusedCount: 50,
      nextNumber: 1,
    });
    const detail = await book(created.id);
    expect(detail).toMatchObject({ numbers: [], unused: [{ from: 1, to: 50 }], allowedStatuses: ['Closed', 'Lost', 'Cancelled'] });
    const list = json(await call(reader.token, 'GET', `/api/books?collectorId=${amina.id}&status=Active`), 200);
    expect(list.data.map((b: { id: number }) => b.id)).toContain(created.id);
    expect(json(await call(orgA.token, 'GET', '/api/books?q=25'), 200).data.map((b: { id: number }) => b.id)).toContain(created.id);
    expect((await auditRows(ctx, orgA.clientId, { entity: 'receipt-book', afterId: from })).map((r) => r.action)).toEqual(['create']);

    // The other organisation: not in its list, not readable, not changeable.
    expect(json(await call(orgB.token, 'GET', '/api/books'), 200).total).toBe(0);
    expect((await call(orgB.token, 'GET', `/api/books/${created.id}`)).statusCode).toBe(404);
    expect((await call(orgB.token, 'PATCH', `/api/books/${created.id}/status`, { status: 'Closed' })).statusCode).toBe(404);
    // And a collector of the other organisation cannot be named.
    const foreign = await staffUser(ctx, orgB, ['receive-payment']);
    const refused = await issue({ series: 'ZZ', firstNumber: 1, lastNumber: 5, collectorId: foreign.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([{ field: 'collectorId', message: 'Choose an active user of this organisation.' }]);
  });

  it('refuses a range overlapping another book of the series (in Somali), whatever its status; adjacent ranges and other series pass', async () => {
    const first = json(await issue({ series: 'OV', firstNumber: 101, lastNumber: 150, collectorId: amina.id }), 201);
    const before = await snapshot();
    for (const [lo, hi] of [
      [150, 160],
      [90, 101],
      [120, 130],
      [1, 1000],
    ]) {
      const res = await issue({ series: 'ov', firstNumber: lo, lastNumber: hi, collectorId: omar.id }, orgA.token, 'so');
      expect(res.statusCode, `${lo}-${hi}`).toBe(400);
      expect(res.json().details).toEqual([{ field: 'firstNumber', message: expect.stringContaining('OV 101-150') }]);
      expect(res.json().details[0].message).toContain('Lambarradani');
    }
    const backwards = await issue({ series: 'OV', firstNumber: 10, lastNumber: 5, collectorId: omar.id });
    expect(backwards.json().details).toEqual([{ field: 'lastNumber', message: 'The last number must not be below the first.' }]);
    expect(await snapshot()).toEqual(before);
    // A lost book's numbers stay taken.
    json(await call(orgA.token, 'PATCH', `/api/books/${first.id}/status`, { status: 'Lost', reason: 'Stolen' }), 200);
    expect((await issue({ series: 'OV', firstNumber: 140, lastNumber: 141, collectorId: omar.id })).statusCode).toBe(400);
    json(await issue({ series: 'OV', firstNumber: 151, lastNumber: 200, collectorId: omar.id }), 201);
    json(await issue({ series: 'OV', firstNumber: 51, lastNumber: 100, collectorId: omar.id }), 201);
    json(await issue({ series: 'OW', firstNumber: 101, lastNumber: 150, collectorId: omar.id }), 201);
  });

  it('answers 403 without the privilege and changes nothing', async () => {
    const target = json(await issue({ series: 'PR', firstNumber: 1, lastNumber: 10, collectorId: amina.id }), 201);
    const before = await snapshot();
    expect((await issue({ series: 'PR', firstNumber: 11, lastNumber: 20, collectorId: amina.id }, reader.token)).statusCode).toBe(403);
    expect((await call(reader.token, 'PATCH', `/api/books/${target.id}/status`, { status: 'Closed' })).statusCode).toBe(403);
    expect((await call(reader.token, 'POST', `/api/books/${target.id}/void`, { number: 3, reason: 'Torn' })).statusCode).toBe(403);
    expect((await call(amina.token, 'GET', '/api/books')).statusCode).toBe(403);
    expect((await call(amina.token, 'GET', `/api/books/${target.id}`)).statusCode).toBe(403);
    expect((await call(amina.token, 'GET', '/api/books/report')).statusCode).toBe(403);
    expect((await call(amina.token, 'GET', '/api/books/collectors')).statusCode).toBe(403);
    expect((await call(reader.token, 'GET', '/api/books/ref-number')).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
    expect(json(await call(reader.token, 'GET', '/api/books/collectors'), 200).data.map((u: { id: number }) => u.id)).toContain(amina.id);
  });
});

describe('payments with a manual receipt number', () => {
  it('records the number in the payment, shows it used on the book page, and never takes it twice', async () => {
    const b = json(await issue({ series: 'PAY', firstNumber: 1001, lastNumber: 1020, collectorId: amina.id }), 201);
    const paid = json(await pay(amina.token, { series: 'pay', number: 1001 }), 201);
    expect(paid.manualReceipt).toEqual({ series: 'PAY', number: 1001, bookId: b.id });
    const detail = await book(b.id);
    expect(detail).toMatchObject({ usedCount: 1, unusedCount: 19, nextNumber: 1002, unused: [{ from: 1002, to: 1020 }] });
    expect(detail.numbers).toEqual([
      expect.objectContaining({
        number: 1001,
        state: 'Used',
        payment: expect.objectContaining({ id: paid.id, number: paid.number, amount: '10.00', status: 'Posted' }),
      }),
    ]);

    const before = await snapshot();
    const twice = await pay(amina.token, { series: 'PAY', number: 1001 }, 'so');
    expect(twice.statusCode).toBe(400);
    expect(twice.json().details).toEqual([{ field: 'manualReceiptNumber', message: 'Rasiidka PAY 1001 horeyba waa la isticmaalay ama waa la buriyay.' }]);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a number outside the collector's active books: no book, another collector's, a lost or closed book; nothing changes", async () => {
    const mine = json(await issue({ series: 'RF', firstNumber: 1, lastNumber: 10, collectorId: amina.id }), 201);
    const lost = json(await issue({ series: 'RF', firstNumber: 11, lastNumber: 20, collectorId: amina.id }), 201);
    const closed = json(await issue({ series: 'RF', firstNumber: 21, lastNumber: 30, collectorId: amina.id }), 201);
    json(await issue({ series: 'RF', firstNumber: 31, lastNumber: 40, collectorId: omar.id }), 201);
    json(await pay(amina.token, { series: 'RF', number: 11 }), 201);
    json(await call(orgA.token, 'PATCH', `/api/books/${lost.id}/status`, { status: 'Lost', reason: 'Left in a bus' }), 200);
    json(await call(orgA.token, 'PATCH', `/api/books/${closed.id}/status`, { status: 'Closed' }), 200);
    const before = await snapshot();
    const cases: Array<[{ series: string; number: number }, string]> = [
      [{ series: 'RF', number: 41 }, 'Receipt RF 41 is in none of your active receipt books.'],
      [{ series: 'XX', number: 1 }, 'Receipt XX 1 is in none of your active receipt books.'],
      [{ series: 'RF', number: 35 }, 'Receipt RF 35 is in a book issued to Staff Member, not to you.'],
      [{ series: 'RF', number: 12 }, 'Receipt RF 12 is in a book reported lost: its unused numbers are refused.'],
      [{ series: 'RF', number: 22 }, 'This book is Closed: its numbers cannot be used.'],
    ];
    for (const [receipt, message] of cases) {
      const res = await pay(amina.token, receipt);
      expect(res.statusCode, JSON.stringify(receipt)).toBe(400);
      expect(res.json().details).toEqual([{ field: 'manualReceiptNumber', message }]);
    }
    // An administrator is no collector of Amina's book either.
    expect((await pay(orgA.token, { series: 'RF', number: 2 })).json().details[0].message).toContain('not to you');
    expect(await snapshot()).toEqual(before);
    // Reopened, the closed book takes numbers again; the lost one never does.
    json(await call(orgA.token, 'PATCH', `/api/books/${closed.id}/status`, { status: 'Active' }), 200);
    json(await pay(amina.token, { series: 'RF', number: 22 }), 201);
    const final = await call(orgA.token, 'PATCH', `/api/books/${lost.id}/status`, { status: 'Active' });
    expect(final.statusCode).toBe(409);
    json(await pay(amina.token, { series: 'RF', number: 1 }), 201);
    expect((await book(mine.id)).usedCount).toBe(1);
  });

  it('voids a spoilt number and the number of a cancelled payment; neither is used again nor offered by ref-number', async () => {
    const vic = await staffUser(ctx, orgA, ['receive-payment']);
    const b = json(await issue({ series: 'VD', firstNumber: 1, lastNumber: 5, collectorId: vic.id }), 201);
    const voided = json(await call(orgA.token, 'POST', `/api/books/${b.id}/void`, { number: 1, reason: 'Torn leaf' }), 200);
    expect(voided.numbers).toEqual([expect.objectContaining({ number: 1, state: 'Voided', reason: 'Torn leaf', payment: null })]);
    expect((await call(orgA.token, 'POST', `/api/books/${b.id}/void`, { number: 1, reason: 'Again' })).json().details).toEqual([
      { field: 'number', message: 'Receipt VD 1 is already used or voided.' },
    ]);
    expect((await call(orgA.token, 'POST', `/api/books/${b.id}/void`, { number: 9, reason: 'Out' })).json().details).toEqual([
      { field: 'number', message: 'Number 9 is not in this book (1-5).' },
    ]);
    expect((await pay(vic.token, { series: 'VD', number: 1 })).statusCode).toBe(400);
    const paid = json(await pay(vic.token, { series: 'VD', number: 2 }), 201);
    const cancelled = json(await call(vic.token, 'POST', `/api/finance/payments/${paid.id}/cancel`, { reason: 'Wrong customer' }), 200);
    expect(cancelled.manualReceipt).toEqual({ series: 'VD', number: 2, bookId: b.id });
    const after = await book(b.id);
    expect(after.numbers[1]).toMatchObject({
      number: 2,
      state: 'Voided',
      reason: `Payment ${paid.number} was cancelled`,
      payment: { id: paid.id, status: 'Cancelled' },
    });
    expect(after).toMatchObject({ usedCount: 0, voidedCount: 2, unusedCount: 3 });
    const reuse = await pay(vic.token, { series: 'VD', number: 2 });
    expect(reuse.json().details).toEqual([{ field: 'manualReceiptNumber', message: 'Receipt VD 2 is already used or voided.' }]);
    expect(json(await call(vic.token, 'GET', '/api/books/ref-number'), 200)).toMatchObject({ series: 'VD', number: 3 });
    // The database itself never frees a written number.
    await expect(
      inSystem(ctx.database.db, (tx) =>
        tx.execute(sql`update receipt_book_numbers set state = 'Used' where client_id = ${orgA.clientId} and book_id = ${b.id}`),
      ),
    ).rejects.toThrow();
  });

  it("ref-number gives the collector's next number: in order, past the end to skipped leaves, then the next active book", async () => {
    const collector = await staffUser(ctx, orgA, ['receive-payment']);
    const ref = async () => json(await call(collector.token, 'GET', '/api/books/ref-number'), 200);
    expect(await ref()).toEqual({ book: null, series: null, number: null });
    const first = json(await issue({ series: 'SQ', firstNumber: 1, lastNumber: 4, collectorId: collector.id, issueDate: '2025-05-01' }), 201);
    const second = json(await issue({ series: 'SQ', firstNumber: 5, lastNumber: 6, collectorId: collector.id, issueDate: '2025-05-02' }), 201);
    expect(await ref()).toMatchObject({ book: { id: first.id }, series: 'SQ', number: 1 });
    json(await pay(collector.token, { series: 'SQ', number: 1 }), 201);
    expect((await ref()).number).toBe(2);
    // A leaf skipped (3 written before 2): the next is after the highest, the gap is reported.
    json(await pay(collector.token, { series: 'SQ', number: 3 }), 201);
    expect((await ref()).number).toBe(4);
    json(await pay(collector.token, { series: 'SQ', number: 4 }), 201);
    expect(await ref()).toMatchObject({ book: { id: first.id }, number: 2 });
    const gaps = json(await call(orgA.token, 'GET', `/api/books/report?series=SQ`), 200);
    expect(gaps.rows.find((r: { bookId: number }) => r.bookId === first.id)).toMatchObject({ gaps: [{ from: 2, to: 2 }], gapCount: 1, usedCount: 3 });
    json(await pay(collector.token, { series: 'SQ', number: 2 }), 201);
    expect(await ref()).toMatchObject({ book: { id: second.id }, number: 5 });
    json(await call(orgA.token, 'PATCH', `/api/books/${second.id}/status`, { status: 'Closed' }), 200);
    expect((await ref()).number).toBe(null);
    // A closed book's unwritten numbers are gaps of the closing report; as a file too.
    const closing = json(await call(orgA.token, 'GET', `/api/books/report?series=SQ&status=Closed`), 200);
    expect(closing).toMatchObject({ totalGaps: 2, rows: [{ bookId: second.id, gaps: [{ from: 5, to: 6 }] }] });
    const csv = await call(orgA.token, 'GET', '/api/books/report/export?format=csv&series=SQ');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('5-6');
    const xlsx = await call(orgA.token, 'GET', '/api/books/report?format=xlsx&series=SQ', undefined, 'so');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('refuses to cancel a book with written numbers and a status move it cannot make', async () => {
    const b = json(await issue({ series: 'CN', firstNumber: 1, lastNumber: 5, collectorId: amina.id }), 201);
    json(await pay(amina.token, { series: 'CN', number: 1 }), 201);
    const before = await snapshot();
    const cancel = await call(orgA.token, 'PATCH', `/api/books/${b.id}/status`, { status: 'Cancelled', reason: 'Mistake' });
    expect(cancel.json().details).toEqual([{ field: 'status', message: 'Numbers of this book are already used: close it or report it lost instead.' }]);
    const noReason = await call(orgA.token, 'PATCH', `/api/books/${b.id}/status`, { status: 'Lost' });
    expect(noReason.json().details).toEqual([{ field: 'reason', message: 'Give the reason.' }]);
    expect((await call(orgA.token, 'PATCH', `/api/books/${b.id}/status`, { status: 'Active' })).statusCode).toBe(409);
    expect(await snapshot()).toEqual(before);
    const empty = json(await issue({ series: 'CN', firstNumber: 6, lastNumber: 10, collectorId: amina.id }), 201);
    expect(json(await call(orgA.token, 'PATCH', `/api/books/${empty.id}/status`, { status: 'Cancelled', reason: 'Misprinted' }), 200)).toMatchObject({
      status: 'Cancelled',
      statusReason: 'Misprinted',
      allowedStatuses: [],
    });
  });

  it('batch receive records a manual receipt number per row in the batch transaction; a bad number refuses the batch naming the row', async () => {
    const zahra = await staffUser(ctx, orgA, ['receive-payment', 'batch-bill']);
    const b = json(await issue({ series: 'BT', firstNumber: 1, lastNumber: 20, collectorId: zahra.id }), 201);
    const other = json(await issue({ series: 'BT', firstNumber: 21, lastNumber: 30, collectorId: omar.id }), 201);
    const row = (n: number | null, reference: string) => ({
      customerId,
      amount: '5.00',
      date: '2025-06-12',
      reference,
      ...(n === null ? {} : { manualReceiptNumber: { series: 'BT', number: n } }),
    });
    const batch = (rows: object[], lang?: string) =>
      call(zahra.token, 'POST', '/api/finance/payments/batch', { accountId: cash, method: 'cash', source: 'grid', rows }, lang);

    // Another collector's number on row 2, a number repeated on row 3: the batch is refused, each on its row, and nothing is written.
    const before = await snapshot();
    const refused = await batch([row(1, 'B-1'), row(2, 'B-2'), row(21, 'B-3'), row(1, 'B-4')], 'so');
    expect(refused.statusCode).toBe(400);
    const details = refused.json().details as Array<{ field: string; message: string }>;
    expect(details.map((d) => d.field)).toEqual(['rows.2.manualReceiptNumber', 'rows.3.manualReceiptNumber']);
    expect(details[1].message).toContain('BT 1');
    expect(await snapshot()).toEqual(before);

    const saved = json(await batch([row(1, 'B-1'), row(null, 'B-2'), row(2, 'B-3')]), 201);
    expect(saved.payments).toHaveLength(3);
    const detail = await book(b.id);
    expect(detail).toMatchObject({ usedCount: 2, nextNumber: 3 });
    expect(detail.numbers.map((x: { number: number; payment: { id: number } }) => [x.number, x.payment.id])).toEqual([
      [1, saved.payments[0].id],
      [2, saved.payments[2].id],
    ]);
    expect((await book(other.id)).usedCount).toBe(0);

    // A number used by the first batch refuses the next, on its row.
    const again = await batch([row(3, 'B-5'), row(2, 'B-6')]);
    expect(again.json().details).toEqual([{ field: 'rows.1.manualReceiptNumber', message: 'Receipt BT 2 is already used or voided.' }]);
  });
});
