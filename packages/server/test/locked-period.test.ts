// The locked period on the money documents whose own tests did not lock it: a bill run (saved at once,
// as a background job and previewed; on a chosen issue date and on today's when the books are closed up to
// today), a bill run's cancellation (refused before a job is queued), a
// cheque and its void, a customer balance transfer and its cancellation. With the books closed the request
// is refused with the ledger's message naming the lock date (English and Somali) and the whole database is
// unchanged (tableSnapshot); a date after the lock date still works.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setLockDate } from '../src/ledger/index.ts';
import { queryRows } from '../src/db/rows.ts';
import { inSystem } from '../src/db/tenant.ts';
import { waitForBillRunJobs } from '../src/modules/bills/bill-run-jobs.ts';
import { flatTariff, paymentsKit } from '../src/modules/payments/payments-test-kit.ts';
import { newOrganisation, startTestApp, type TestContext } from './harness.ts';
import { expectReceivableMatchesCustomers } from './receivable-invariant.ts';
import { tableSnapshot } from './table-snapshot.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let kit: ReturnType<typeof paymentsKit>;

const LOCK = '2025-12-31';
const lockedEn = `The books are closed up to ${LOCK}; choose a later date.`;
const lockedSo = `Buugaagta xisaabta waa la xiray ilaa ${LOCK}; dooro taariikh ka dambaysa.`;

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Locked Books Water' });
  kit = paymentsKit(ctx, org);
  await flatTariff(ctx, org);
});
afterAll(() => ctx.close());
// A failed test leaves no lock behind for the next.
afterEach(() => lock(null));

const lock = (date: string | null) => inSystem(ctx.database.db, (tx) => setLockDate(tx, org.clientId, date));
const snapshot = () => tableSnapshot(ctx.database.db);

/** A customer with a house and a pending reading of `units` for the period. */
async function readyToBill(period: string, units: number) {
  const customer = await kit.billableCustomer();
  const houses = (await kit.api('GET', `/api/elc/houses?customerId=${customer.id}`)).json();
  const houseId = houses.data[0].id as number;
  await kit.reading({ houseId, period, currentReading: String(units) });
  return { customerId: customer.id, houseId };
}

describe('bill run in a locked period', () => {
  it('refuses a run issued on or before the lock date, at once and as a job, in EN and SO; nothing written', async () => {
    const c = await readyToBill('2025-11', 10);
    await lock(LOCK);
    const before = await snapshot();
    const saved = await kit.api('POST', '/api/bills/saveCustomersBill', { period: '2025-11', houseIds: [c.houseId], issueDate: LOCK });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().details).toEqual([{ field: 'issueDate', message: lockedEn }]);
    const job = await kit.api('POST', '/api/bills/jobs', { period: '2025-11', issueDate: '2025-12-01' }, { lang: 'so' });
    expect(job.statusCode).toBe(400);
    expect(job.json().details).toEqual([{ field: 'issueDate', message: lockedSo }]);
    const preview = await kit.api('POST', '/api/bills/generateCustomersBill', { period: '2025-11', issueDate: LOCK });
    expect(preview.statusCode).toBe(400);
    expect(preview.json().details).toEqual([{ field: 'issueDate', message: lockedEn }]);
    await waitForBillRunJobs(ctx.database.db);
    expect(await snapshot()).toEqual(before);

    // The day after the lock date bills.
    const ok = await kit.api('POST', '/api/bills/saveCustomersBill', { period: '2025-11', houseIds: [c.houseId], issueDate: '2026-01-01' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ billCount: 1, total: '12.00' });
    await lock(null);
    await expectReceivableMatchesCustomers(ctx.database.db, org.clientId);
  });
});

describe('bill run with the books closed up to today', () => {
  it('refuses a run without an issue date (today) at once, on the issue date field, saved or as a job; nothing written', async () => {
    const c = await readyToBill('2025-08', 4);
    const [{ today }] = await inSystem(ctx.database.db, (tx) => queryRows<{ today: string }>(tx, sql`select to_char(current_date, 'YYYY-MM-DD') as today`));
    await lock(today);
    const before = await snapshot();
    const message = `The books are closed up to ${today}; choose a later date.`;
    const saved = await kit.api('POST', '/api/bills/saveCustomersBill', { period: '2025-08', houseIds: [c.houseId] });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().details).toEqual([{ field: 'issueDate', message }]);
    const job = await kit.api('POST', '/api/bills/jobs', { period: '2025-08' });
    expect(job.statusCode, job.body).toBe(400);
    expect(job.json().details).toEqual([{ field: 'issueDate', message }]);
    await waitForBillRunJobs(ctx.database.db);
    expect(await snapshot()).toEqual(before);
  });
});

describe('bill-run cancellation in a locked period', () => {
  it('refuses at once to cancel a run whose bills are in the closed books, with the lock message, changing nothing', async () => {
    const c = await readyToBill('2025-10', 5);
    const saved = await kit.api('POST', '/api/bills/saveCustomersBill', { period: '2025-10', houseIds: [c.houseId], issueDate: '2025-12-15' });
    expect(saved.statusCode, saved.body).toBe(201);
    const runId = saved.json().runId as number;
    await lock(LOCK);
    const before = await snapshot();
    // The reversals would take the bills' own dates, which the ledger refuses in the closed books: no job is queued.
    const cancel = await kit.api('POST', `/api/bills/runs/${runId}/cancel`, undefined, { lang: 'so' });
    expect(cancel.statusCode, cancel.body).toBe(409);
    expect(cancel.json()).toMatchObject({ code: 'PERIOD_LOCKED', message: lockedSo });
    expect((await kit.api('POST', `/api/bills/runs/${runId}/cancel`)).json().message).toBe(lockedEn);
    await waitForBillRunJobs(ctx.database.db);
    expect(await snapshot()).toEqual(before);
    expect((await kit.api('GET', `/api/bills/runs/${runId}`)).json()).toMatchObject({ status: 'Posted' });

    await lock(null);
    const opened = await kit.api('POST', `/api/bills/runs/${runId}/cancel`);
    expect(opened.statusCode, opened.body).toBe(202);
    await waitForBillRunJobs(ctx.database.db);
    expect((await kit.api('GET', `/api/bills/jobs/${opened.json().jobId}`)).json()).toMatchObject({ status: 'done', billCount: 1, amount: '7.00' });
    expect((await kit.api('GET', `/api/bills/runs/${runId}`)).json()).toMatchObject({ status: 'Cancelled' });
    await expectReceivableMatchesCustomers(ctx.database.db, org.clientId);
  });
});

describe('cheque in a locked period', () => {
  it('refuses a cheque dated in the closed books and a void in them; a later void date works', async () => {
    const bank = await kit.accountId('1030');
    const rent = await kit.accountId('6120');
    const body = (date: string) => ({
      bankAccountId: bank,
      date,
      payeeType: 'other',
      payeeName: 'Landlord',
      amount: '40.00',
      lines: [{ accountId: rent, amount: '40.00' }],
    });
    const written = await kit.api('POST', '/api/finance/writecheck', body('2025-12-20'));
    expect(written.statusCode, written.body).toBe(201);
    const chequeId = written.json().id as number;
    await lock(LOCK);
    const before = await snapshot();
    const refused = await kit.api('POST', '/api/finance/writecheck', body(LOCK));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'PERIOD_LOCKED', details: [{ field: 'date', message: lockedEn }] });
    const refusedSo = await kit.api('POST', '/api/finance/writecheck', body('2025-06-01'), { lang: 'so' });
    expect(refusedSo.json().details).toEqual([{ field: 'date', message: lockedSo }]);
    // A void defaults to the cheque's date, which is closed; a void dated in the closed books likewise.
    const voidInPeriod = await kit.api('POST', `/api/finance/writecheck/${chequeId}/void`, { reason: 'Spoiled' });
    expect(voidInPeriod.statusCode).toBe(400);
    expect(voidInPeriod.json()).toMatchObject({ code: 'PERIOD_LOCKED', details: [{ field: 'date', message: lockedEn }] });
    const voidOnLock = await kit.api('POST', `/api/finance/writecheck/${chequeId}/void`, { date: LOCK, reason: 'Spoiled' });
    expect(voidOnLock.json()).toMatchObject({ code: 'PERIOD_LOCKED' });
    expect(await snapshot()).toEqual(before);

    const voided = await kit.api('POST', `/api/finance/writecheck/${chequeId}/void`, { date: '2026-01-02', reason: 'Spoiled' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json()).toMatchObject({ status: 'Void', voidDate: '2026-01-02' });
    await lock(null);
  });
});

describe('customer balance transfer in a locked period', () => {
  it('refuses a transfer dated in the closed books and a cancellation in them; a later date works', async () => {
    const from = await kit.billableCustomer({ name: 'Locked From' });
    const to = await kit.billableCustomer({ name: 'Locked To' });
    await kit.bill(from.id, '2025-09', 8); // 10.00
    const made = await kit.api('POST', '/api/finance/c2c', { fromCustomerId: from.id, toCustomerId: to.id, amount: '10', date: '2025-12-20' });
    expect(made.statusCode, made.body).toBe(201);
    await lock(LOCK);
    const before = await snapshot();
    const refused = await kit.api('POST', '/api/finance/c2c', { fromCustomerId: to.id, toCustomerId: from.id, amount: '3', date: LOCK });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ details: [{ field: 'date', message: lockedEn }] });
    const refusedSo = await kit.api(
      'POST',
      '/api/finance/c2c',
      { fromCustomerId: to.id, toCustomerId: from.id, amount: '3', date: '2025-01-01' },
      { lang: 'so' },
    );
    expect(refusedSo.json().details).toEqual([{ field: 'date', message: lockedSo }]);
    const cancelInPeriod = await kit.api('POST', `/api/finance/c2c/${made.json().id}/cancel`, { reason: 'Wrong house' });
    expect(cancelInPeriod.statusCode).toBe(400);
    expect(cancelInPeriod.json()).toMatchObject({ details: [{ field: 'date', message: lockedEn }] });
    expect(await snapshot()).toEqual(before);

    const cancelled = await kit.api('POST', `/api/finance/c2c/${made.json().id}/cancel`, { date: '2026-01-03', reason: 'Wrong house' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'Cancelled' });
    await lock(null);
    await expectReceivableMatchesCustomers(ctx.database.db, org.clientId);
  });
});
