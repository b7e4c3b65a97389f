import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { translate } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { inSystem, inTenant } from '../../db/tenant.ts';
import { postJournal, systemAccountId, verifyLedger } from '../../ledger/index.ts';
import { systemActor } from '../../lib/actor.ts';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { billingFactory } from '../metering/billing-test-kit.ts';
import { staffUser } from '../settings/test-support.ts';
import { CANCEL_INTERRUPTED, JOB_INTERRUPTED, waitForBillRunJobs } from './bill-run-jobs.ts';
import { cancelBillRun } from './cancel-bill-run.ts';
import { saveBillRun } from './save-bill-run.ts';

let ctx: TestContext;
let db: Db;
beforeAll(async () => {
  ctx = await startTestApp();
  db = ctx.database.db;
});
afterAll(() => ctx.close());

const system = <T>(fn: (tx: Db) => Promise<T>) => inSystem(db, fn);

/** An organisation with a flat tariff (2.00 a unit) and `houses` houses in one zone, each with a reading of `units` for the period. */
async function billableOrg(name: string, period: string, houses: number, units = 10) {
  const org = await newOrganisation(ctx, { name });
  const f = billingFactory(ctx, org);
  const tariff = await f.call(org.token, 'POST', '/api/elc/prices', {
    name: 'Flat',
    customerClass: 'residential',
    effectiveFrom: '2025-01-01',
    blocks: [{ from: '0', to: null, rate: '2' }],
  });
  expect(tariff.statusCode).toBe(201);
  const zone = await f.zone();
  const customer = await f.customer({ name: 'Hodan Ali' });
  const ids: number[] = [];
  for (let i = 0; i < houses; i += 1) {
    const h = await f.house({ customerId: customer.id, zoneId: zone.id });
    await f.reading({ houseId: h.id, period, currentReading: String(units) });
    ids.push(h.id);
  }
  return { org, f, zone, customer, houseIds: ids };
}

/** What a run writes, to prove a failed or refused job wrote nothing of it. */
async function billingState(clientId: number) {
  const [row] = await system((tx) =>
    queryRows<Record<string, string | number>>(
      tx,
      sql`
    select (select count(*) from bill_runs where client_id = ${clientId})::int as runs,
           (select count(*) from bills where client_id = ${clientId})::int as bills,
           (select count(*) from bill_lines where client_id = ${clientId})::int as lines,
           (select count(*) from journal_entries where client_id = ${clientId})::int as entries,
           (select count(*) from meter_readings where client_id = ${clientId} and billed_bill_id is not null)::int as billed_readings,
           (select coalesce(string_agg(series || ':' || next_no, ',' order by series), '') from document_counters where client_id = ${clientId}) as counters`,
    ),
  );
  return row;
}

const jobRows = (clientId: number) =>
  system((tx) =>
    queryRows<{ id: string; status: string; error: string | null }>(
      tx,
      sql`
    select id::text, status, error from jobs where client_id = ${clientId} and kind like 'bills.%' order by jobs.id`,
    ),
  );

describe('bill run jobs', () => {
  it('runs a queued job after answering 202, then shows it done with its run', async () => {
    const { org, f, zone } = await billableOrg('Galkayo Water', '2025-03', 3);
    const queued = await f.call(org.token, 'POST', '/api/bills/jobs', { period: '2025-03', zoneId: zone.id, service: 'water' });
    expect(queued.statusCode).toBe(202);
    const { jobId } = queued.json();
    expect(jobId).toBeGreaterThan(0);
    await waitForBillRunJobs(db);

    const job = await f.call(org.token, 'GET', `/api/bills/jobs/${jobId}`);
    expect(job.statusCode).toBe(200);
    expect(job.json()).toMatchObject({
      id: jobId,
      period: '2025-03',
      zoneId: zone.id,
      service: 'water',
      status: 'done',
      processed: 3,
      total: 3,
      billCount: 3,
      amount: '60.00',
      error: null,
    });
    const { runId } = job.json();
    const run = await f.call(org.token, 'GET', `/api/bills/runs/${runId}`);
    expect(run.json()).toMatchObject({ billCount: 3, total: '60.00', service: 'water' });
    expect(run.json().bills).toHaveLength(3);
    expect((await verifyLedger(db, { clientId: org.clientId })).isSound).toBe(true);

    const list = await f.call(org.token, 'GET', '/api/bills/jobs?status=done');
    expect(list.json()).toMatchObject({ total: 1, page: 1, limit: 20, data: [{ id: jobId, status: 'done' }] });
    expect((await f.call(org.token, 'GET', '/api/bills/jobs?status=failed')).json().total).toBe(0);

    // A second job for the same period bills nobody twice, and records no empty run: it fails naming the run.
    const again = await f.call(org.token, 'POST', '/api/bills/jobs', { period: '2025-03', zoneId: zone.id, service: 'water' });
    await waitForBillRunJobs(db);
    expect((await f.call(org.token, 'GET', `/api/bills/jobs/${again.json().jobId}`, undefined, 'so')).json()).toMatchObject({
      status: 'failed',
      runId: null,
      billCount: null,
      error: translate(`bill.nothingToBillRun|${runId}`, 'so'),
    });
    expect((await f.call(org.token, 'GET', '/api/bills/runs')).json()).toMatchObject({ total: 1, data: [{ id: runId }] });
  });

  it('five saves of the same run at once: one run with the bills, the four others refused naming it, no empty run recorded', async () => {
    const { org, f, zone } = await billableOrg('Erigavo Water', '2025-02', 3);
    const body = { period: '2025-02', zoneId: zone.id, service: 'water' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => f.call(org.token, 'POST', '/api/bills/saveCustomersBill', body)));
    const saved = answers.filter((a) => a.statusCode === 201);
    expect(saved).toHaveLength(1);
    expect(saved[0].json()).toMatchObject({ billCount: 3, total: '60.00' });
    const { runId } = saved[0].json();
    for (const refused of answers.filter((a) => a.statusCode !== 201)) {
      expect(refused.json()).toMatchObject({
        statusCode: 409,
        code: 'NOTHING_TO_BILL',
        message: `Nothing to bill: these readings were billed by run ${runId}.`,
      });
    }
    const runs = await f.call(org.token, 'GET', '/api/bills/runs');
    expect(runs.json()).toMatchObject({ total: 1, data: [{ id: runId, status: 'Posted', billCount: 3, total: '60.00' }] });
    expect((await billingState(org.clientId)).runs).toBe(1);
    expect((await verifyLedger(db, { clientId: org.clientId })).isSound).toBe(true);
  });

  it('the database itself holds one live bill per house and period (below the lock): a second one is refused, a cancelled one is not', async () => {
    const { org, f, zone } = await billableOrg('Qardho Water', '2025-04', 1);
    const saved = await f.call(org.token, 'POST', '/api/bills/saveCustomersBill', { period: '2025-04', zoneId: zone.id, service: 'water' });
    expect(saved.statusCode).toBe(201);
    // A copy of the bill under a new number, as a second run without the lock would write it.
    const copy = (status: string) =>
      system((tx) =>
        tx.execute(sql`
          insert into bills (client_id, run_id, bill_no, period, service, house_id, customer_id, zone_id, meter_id, tariff_id,
                             previous_reading, current_reading, consumption, subtotal, tax, amount, previous_balance, amount_due,
                             bill_date, due_date, status)
          select client_id, run_id, bill_no + 1000, period, service, house_id, customer_id, zone_id, meter_id, tariff_id,
                 previous_reading, current_reading, consumption, subtotal, tax, amount, previous_balance, amount_due,
                 bill_date, due_date, ${status}
          from bills where client_id = ${org.clientId}`),
      );
    const refusal = await copy('Open').then(
      () => 'inserted',
      (e: Error) => String((e.cause as Error | undefined)?.message ?? e.message),
    );
    expect(refusal).toMatch(/duplicate key value violates unique constraint "bills_house_period"/);
    await copy('Cancelled');
    const [counts] = await system((tx) =>
      queryRows<{ live: number; cancelled: number }>(
        tx,
        sql`select count(*) filter (where status = 'Open')::int as live, count(*) filter (where status = 'Cancelled')::int as cancelled
            from bills where client_id = ${org.clientId}`,
      ),
    );
    expect(counts).toEqual({ live: 1, cancelled: 1 });
  });

  it('marks a refused run failed, in the user language, with nothing billed', async () => {
    const { org, f } = await billableOrg('Bosaso Water', '2025-04', 2);
    await system((tx) => tx.execute(sql`update accounts set status = 'Inactive' where client_id = ${org.clientId} and code = '4010'`));
    const before = await billingState(org.clientId);
    const queued = await f.call(org.token, 'POST', '/api/bills/jobs', { period: '2025-04', service: 'water' });
    await waitForBillRunJobs(db);
    const job = await f.call(org.token, 'GET', `/api/bills/jobs/${queued.json().jobId}`, undefined, 'so');
    expect(job.json()).toMatchObject({ status: 'failed', runId: null, processed: 0, error: translate('ledger.inactiveAccount', 'so') });
    expect(job.json().finishedAt).not.toBeNull();
    expect(await billingState(org.clientId)).toEqual(before);
    await system((tx) => tx.execute(sql`update accounts set status = 'Active' where client_id = ${org.clientId} and code = '4010'`));
  });

  it('fails jobs whose server stopped under them once their lease lapses, runs queued ones, leaves finished ones', async () => {
    const { org, f, zone } = await billableOrg('Kismayo Power', '2025-05', 1);
    const done = await f.call(org.token, 'POST', '/api/bills/jobs', { period: '2025-05' });
    await waitForBillRunJobs(db);
    const actor = JSON.stringify(systemActor({ clientId: org.clientId, userId: org.adminId, username: 'admin' }));
    const { runId } = (await f.call(org.token, 'GET', `/api/bills/jobs/${done.json().jobId}`)).json();
    // A run and a cancellation a dead process held (lease lapsed, their one attempt used: their transactions
    // rolled back, nothing was billed or cancelled), one another process holds now, and a queued one.
    await system((tx) =>
      tx.execute(sql`
      insert into jobs (client_id, kind, input, actor, status, attempts, locked_by, lease_until, started_at, created_by)
      values (${org.clientId}, 'bills.run', ${JSON.stringify({ period: '2025-06', zoneId: zone.id, service: 'electricity' })}::jsonb, ${actor}::jsonb,
              'running', 1, 'dead', now() - interval '1 second', now(), ${org.adminId}),
             (${org.clientId}, 'bills.cancel', ${JSON.stringify({ runId, period: '2025-05', zoneId: null, service: 'electricity' })}::jsonb, ${actor}::jsonb,
              'running', 1, 'dead', now() - interval '1 second', now(), ${org.adminId}),
             (${org.clientId}, 'bills.run', ${JSON.stringify({ period: '2025-07', zoneId: null, service: 'electricity' })}::jsonb, ${actor}::jsonb,
              'running', 1, 'alive', now() + interval '1 hour', now(), ${org.adminId})`),
    );
    await system((tx) =>
      tx.execute(sql`
      insert into jobs (client_id, kind, input, actor, created_by)
      values (${org.clientId}, 'bills.run', ${JSON.stringify({ period: '2025-08', zoneId: null, service: 'electricity' })}::jsonb, ${actor}::jsonb, ${org.adminId})`),
    );
    ctx.app.jobs.kick();
    await waitForBillRunJobs(db);
    const rows = await jobRows(org.clientId);
    expect(rows.map((r) => [r.status, r.error])).toEqual([
      ['done', null],
      ['failed', JOB_INTERRUPTED],
      ['failed', CANCEL_INTERRUPTED],
      ['running', null],
      ['failed', 'bill.nothingToBill'],
    ]);
    expect((await f.call(org.token, 'GET', `/api/bills/jobs/${rows[2].id}`, undefined, 'so')).json()).toMatchObject({
      kind: 'cancel',
      runId,
      error: translate(CANCEL_INTERRUPTED, 'so'),
    });
    const failed = await f.call(org.token, 'GET', `/api/bills/jobs/${rows[1].id}`);
    expect(failed.json()).toMatchObject({ status: 'failed', processed: 0, runId: null, error: translate(JOB_INTERRUPTED, 'en') });
    expect((await f.call(org.token, 'GET', `/api/bills/jobs/${done.json().jobId}`)).json().status).toBe('done');
    expect((await f.call(org.token, 'GET', `/api/bills/runs/${runId}`)).json()).toMatchObject({ status: 'Posted' });
    expect((await billingState(org.clientId)).runs).toBe(1);
  });

  it('reports progress chunk by chunk while saving', async () => {
    const { org } = await billableOrg('Beledweyne Water', '2025-06', 5);
    const actor = systemActor({ clientId: org.clientId, userId: org.adminId, username: 'admin', isAdmin: true });
    const seen: Array<[number, number]> = [];
    const saved = await inTenant(db, org.clientId, (tx) =>
      saveBillRun({ tx, actor, input: { period: '2025-06', service: 'water' }, chunkSize: 2, onProgress: (p, t) => seen.push([p, t]) }),
    );
    expect(saved).toMatchObject({ billCount: 5, total: '100.00' });
    expect(seen).toEqual([
      [0, 5],
      [2, 5],
      [4, 5],
      [5, 5],
    ]);
    const numbers = await system((tx) =>
      queryRows<{ bill_no: string; entry: string }>(
        tx,
        sql`
      select b.bill_no::text, e.reference as entry from bills b join journal_entries e on e.id = b.journal_entry_id
      where b.client_id = ${org.clientId} order by b.bill_no`,
      ),
    );
    expect(numbers).toEqual(['1', '2', '3', '4', '5'].map((n) => ({ bill_no: n, entry: `B-00000${n}` })));
    expect((await verifyLedger(db, { clientId: org.clientId })).isSound).toBe(true);
  });

  it('prints the receivable from the ledger as the previous balance (payments and opening balances included)', async () => {
    const { org, f, customer, houseIds } = await billableOrg('Jowhar Water', '2025-07', 1);
    const saved = await f.call(org.token, 'POST', '/api/bills/saveCustomersBill', { period: '2025-07', service: 'water' });
    expect(saved.json()).toMatchObject({ billCount: 1, total: '20.00' });
    // A payment of 7.50 credits the customer's receivable (as the payments module posts it).
    await inTenant(db, org.clientId, async (tx) => {
      const receivable = await systemAccountId(tx, org.clientId, 'receivable');
      const cash = await systemAccountId(tx, org.clientId, 'cash');
      await postJournal(tx, {
        clientId: org.clientId,
        date: '2025-08-05',
        sourceType: 'payment',
        lines: [
          { accountId: cash, debit: '7.50' },
          { accountId: receivable, credit: '7.50', partyType: 'customer', partyId: customer.id },
        ],
      });
    });
    await f.reading({ houseId: houseIds[0], period: '2025-08', currentReading: '15' });
    const preview = await f.call(org.token, 'POST', '/api/bills/generateCustomersBill', { period: '2025-08' });
    expect(preview.json().bills[0]).toMatchObject({ consumption: '5', amount: '10.00', previousBalance: '12.50', amountDue: '22.50' });
  });

  it('cancels a run as a background job: reversals linked both ways, balances restored, ledger sound; a second cancel refused', async () => {
    const { org, f } = await billableOrg('Dusamareb Water', '2025-08', 3);
    const saved = await f.call(org.token, 'POST', '/api/bills/saveCustomersBill', { period: '2025-08', service: 'water' });
    const { runId } = saved.json();
    // While a cancellation of the run is queued (as another server process would leave it), another is refused at once.
    const [other] = await system((tx) =>
      queryRows<{ id: string }>(
        tx,
        sql`
      insert into jobs (client_id, kind, input, status, attempts, locked_by, lease_until, created_by)
      values (${org.clientId}, 'bills.cancel', ${JSON.stringify({ runId, period: '2025-08', zoneId: null, service: 'water' })}::jsonb,
              'running', 1, 'another process', now() + interval '1 hour', ${org.adminId}) returning id::text`,
      ),
    );
    const meanwhile = await f.call(org.token, 'POST', `/api/bills/runs/${runId}/cancel`, undefined, 'so');
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json()).toMatchObject({ code: 'CANCEL_RUNNING', message: translate('bill.runCancelling', 'so') });
    await system((tx) =>
      tx.execute(sql`
      update jobs set status = 'failed', error = 'billJob.cancelInterrupted', lease_until = null, locked_by = null where id = ${other.id}`),
    );

    const cancel = await f.call(org.token, 'POST', `/api/bills/runs/${runId}/cancel`);
    expect(cancel.statusCode).toBe(202);
    await waitForBillRunJobs(db);
    const job = await f.call(org.token, 'GET', `/api/bills/jobs/${cancel.json().jobId}`);
    expect(job.json()).toMatchObject({ kind: 'cancel', status: 'done', runId, processed: 3, total: 3, billCount: 3, amount: '60.00', error: null });
    expect((await f.call(org.token, 'GET', `/api/bills/runs/${runId}`)).json()).toMatchObject({ status: 'Cancelled' });
    const links = await system((tx) =>
      queryRows<{ original: string; memo: string; reversal_source: string; bill_source: string }>(
        tx,
        sql`
      select o.entry_no::text as original, r.memo, r.source_id::text as reversal_source, b.id::text as bill_source
      from bills b join journal_entries o on o.id = b.journal_entry_id join journal_entries r on r.id = o.reversed_by_id and r.reverses_id = o.id
      where b.run_id = ${runId} and b.status = 'Cancelled' order by b.id`,
      ),
    );
    expect(links).toHaveLength(3);
    for (const l of links) {
      expect(l.memo).toBe(`Reversal of JV-${l.original.padStart(6, '0')}`);
      expect(l.reversal_source).toBe(l.bill_source);
    }
    const report = await verifyLedger(db, { clientId: org.clientId });
    expect(report).toMatchObject({ isSound: true, numberingGaps: [] });
    const [balance] = await system((tx) =>
      queryRows<{ n: string; cached: string }>(
        tx,
        sql`
      select (select coalesce(sum(debit - credit), 0) from journal_lines l join accounts a on a.id = l.account_id
              where l.client_id = ${org.clientId} and a.code = '1100')::text as n,
             (select coalesce(sum(debit - credit), 0) from customer_ledger_balances where client_id = ${org.clientId})::text as cached`,
      ),
    );
    expect([Number(balance.n), Number(balance.cached)]).toEqual([0, 0]);
    expect((await billingState(org.clientId)).billed_readings).toBe(0);
    // Done once: a second cancel is refused at once and queues nothing.
    const twice = await f.call(org.token, 'POST', `/api/bills/runs/${runId}/cancel`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'ALREADY_CANCELLED', message: 'This bill run is already cancelled.' });
    expect((await jobRows(org.clientId)).map((r) => r.status)).toEqual(['failed', 'done']);
  });

  it("reports a cancel job's progress chunk by chunk, and a refused cancellation leaves the run whole", async () => {
    const { org, f } = await billableOrg('Garowe Water', '2025-10', 5);
    const saved = await f.call(org.token, 'POST', '/api/bills/saveCustomersBill', { period: '2025-10', service: 'water' });
    const { runId } = saved.json();
    const actor = systemActor({ clientId: org.clientId, userId: org.adminId, username: 'admin', isAdmin: true });
    // A payment allocated after the chunks began: the whole cancellation rolls back, nothing half cancelled.
    const before = await billingState(org.clientId);
    const seen: Array<[number, number]> = [];
    await expect(
      inTenant(db, org.clientId, async (tx) => {
        const done = await cancelBillRun({ tx, actor, id: runId, chunkSize: 2, onProgress: (p, t) => seen.push([p, t]) });
        expect(done).toEqual({ runId, cancelledBills: 5, total: '100.00' });
        throw new Error('crash after the last chunk');
      }),
    ).rejects.toThrow('crash after the last chunk');
    expect(seen).toEqual([
      [0, 5],
      [2, 5],
      [4, 5],
      [5, 5],
    ]);
    expect(await billingState(org.clientId)).toEqual(before);
    expect((await f.call(org.token, 'GET', `/api/bills/runs/${runId}`)).json()).toMatchObject({ status: 'Posted' });
    expect((await verifyLedger(db, { clientId: org.clientId })).isSound).toBe(true);
  });

  it('answers a retried save with the same Idempotency-Key once, and queues a job once per key', async () => {
    const { org, f } = await billableOrg('Baidoa Water', '2025-09', 2);
    const headers = { 'idempotency-key': 'run-2025-09' };
    const first = await f.call(org.token, 'POST', '/api/bills/saveCustomersBill', { period: '2025-09', service: 'water' }, undefined, headers);
    const retry = await f.call(org.token, 'POST', '/api/bills/saveCustomersBill', { period: '2025-09', service: 'water' }, undefined, headers);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(first.json()).toMatchObject({ billCount: 2 });
    expect((await billingState(org.clientId)).runs).toBe(1);
    const other = await f.call(org.token, 'POST', '/api/bills/saveCustomersBill', { period: '2025-10', service: 'water' }, undefined, headers);
    expect(other.statusCode).toBe(409);

    const jobHeaders = { 'idempotency-key': 'job-2025-09' };
    const job = await f.call(org.token, 'POST', '/api/bills/jobs', { period: '2025-09' }, undefined, jobHeaders);
    const jobRetry = await f.call(org.token, 'POST', '/api/bills/jobs', { period: '2025-09' }, undefined, jobHeaders);
    await waitForBillRunJobs(db);
    expect(jobRetry.json()).toEqual(job.json());
    expect(await jobRows(org.clientId)).toHaveLength(1);
  });

  it('keeps organisations apart and refuses staff without batch-bill (403, nothing changed)', async () => {
    const { org, f } = await billableOrg('Hobyo Water', '2025-11', 1);
    const other = await newOrganisation(ctx, { name: 'Other Water' });
    const queued = await f.call(org.token, 'POST', '/api/bills/jobs', { period: '2025-11' });
    await waitForBillRunJobs(db);
    expect((await f.call(other.token, 'GET', `/api/bills/jobs/${queued.json().jobId}`)).statusCode).toBe(404);
    expect((await f.call(other.token, 'GET', '/api/bills/jobs')).json().total).toBe(0);

    const staff = await staffUser(ctx, org, ['meter-reading']);
    const before = [await billingState(org.clientId), await jobRows(org.clientId)];
    for (const [method, url, body] of [
      ['POST', '/api/bills/jobs', { period: '2025-12' }],
      ['GET', '/api/bills/jobs', undefined],
      ['GET', `/api/bills/jobs/${queued.json().jobId}`, undefined],
    ] as const) {
      const res = await f.call(staff.token, method, url, body);
      expect(res.statusCode).toBe(403);
    }
    await waitForBillRunJobs(db);
    expect([await billingState(org.clientId), await jobRows(org.clientId)]).toEqual(before);
    const bad = await f.call(org.token, 'POST', '/api/bills/jobs', { period: '2025-13' }, 'so');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('period');
  });
});
