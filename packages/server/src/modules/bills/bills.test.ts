import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { inSystem, inTenant } from '../../db/tenant.ts';
import { verifyLedger } from '../../ledger/index.ts';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { billingFactory } from '../metering/billing-test-kit.ts';
import { staffUser } from '../settings/test-support.ts';
import { waitForBillRunJobs } from './bill-run-jobs.ts';

let ctx: TestContext;
let orgA: Awaited<ReturnType<typeof newOrganisation>>;
let orgB: Awaited<ReturnType<typeof newOrganisation>>;
let a: ReturnType<typeof billingFactory>;
let residentialTariffId: number;

beforeAll(async () => {
  ctx = await startTestApp();
  orgA = await newOrganisation(ctx, { name: 'Hargeisa Electric' });
  orgB = await newOrganisation(ctx, { name: 'Burao Water' });
  a = billingFactory(ctx, orgA);
  // Residential: 2.00 service charge, 0-10 units at 0.50, above at 1.00, 5% tax.
  const tariff = await a.call(orgA.token, 'POST', '/api/elc/prices', {
    name: 'Residential 2025',
    customerClass: 'residential',
    effectiveFrom: '2025-01-01',
    serviceCharge: '2',
    taxPercent: '5',
    blocks: [
      { from: '0', to: '10', rate: '0.5' },
      { from: '10', to: null, rate: '1' },
    ],
  });
  expect(tariff.statusCode).toBe(201);
  residentialTariffId = tariff.json().id;
});
afterAll(() => ctx.close());

const system = <T>(fn: (tx: Db) => Promise<T>) => inSystem(ctx.database.db, fn);

/** Receivable (1100) balance in the ledger, and the sum of the open bills, of an organisation. */
async function receivableAndBills(clientId: number) {
  const [row] = await system((tx) =>
    queryRows<{ ledger: string; bills: string }>(
      tx,
      sql`
    select (select coalesce(sum(l.debit - l.credit), 0) from journal_lines l join accounts ac on ac.id = l.account_id
            where l.client_id = ${clientId} and ac.code = '1100')::text as ledger,
           (select coalesce(sum(amount), 0) from bills where client_id = ${clientId} and status = 'Open')::text as bills`,
    ),
  );
  return { ledger: Number(row.ledger).toFixed(2), bills: Number(row.bills).toFixed(2) };
}

/** Everything a run writes, to prove a refused or failed request wrote nothing. */
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
           (select coalesce(string_agg(series || ':' || next_no, ',' order by series), '') from document_counters where client_id = ${clientId}) as counters,
           (select count(*) from audit_log where client_id = ${clientId})::int as audit`,
    ),
  );
  return row;
}

/** A zone with houses: a normal one, one without reading, one without tariff (commercial), one disconnected. */
async function zoneWithHouses(period: string) {
  const zone = await a.zone();
  const customer = await a.customer({ name: 'Sahra Nur' });
  const normal = await a.house({ customerId: customer.id, zoneId: zone.id, installationReading: '100' });
  await a.reading({ houseId: normal.id, period, currentReading: '125' }); // 25 units
  const silent = await a.house({ customerId: customer.id, zoneId: zone.id });
  const commercial = await a.house({ customerId: (await a.customer({ customerClass: 'commercial' })).id, zoneId: zone.id });
  await a.reading({ houseId: commercial.id, period, currentReading: '40' });
  const cut = await a.house({ customerId: customer.id, zoneId: zone.id });
  await a.reading({ houseId: cut.id, period, currentReading: '30' });
  const status = await a.call(orgA.token, 'PATCH', `/api/elc/houses/${cut.id}/status`, { status: 'Disconnected', reason: 'Unpaid' });
  expect(status.statusCode).toBe(200);
  return { zone, customer, normal, silent, commercial, cut };
}

describe('bill runs', () => {
  it('previews bills and exceptions and writes nothing', async () => {
    const z = await zoneWithHouses('2025-03');
    const before = await billingState(orgA.clientId);
    // Issued on the period's last day: due 15 days later.
    const res = await a.call(orgA.token, 'POST', '/api/bills/generateCustomersBill', { period: '2025-03', zoneId: z.zone.id, issueDate: '2025-03-31' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // 2.00 + 10 x 0.50 + 15 x 1.00 = 22.00, tax 5% = 1.10.
    expect(body.bills).toEqual([
      expect.objectContaining({
        houseId: z.normal.id,
        customerId: z.customer.id,
        customerName: 'Sahra Nur',
        meterNumber: z.normal.meterNumber,
        previousReading: '100',
        currentReading: '125',
        consumption: '25',
        subtotal: '22.00',
        tax: '1.10',
        amount: '23.10',
        previousBalance: '0.00',
        amountDue: '23.10',
        dueDate: '2025-04-15',
      }),
    ]);
    expect(body.bills[0].lines.map((l: { kind: string; amount: string }) => [l.kind, l.amount])).toEqual([
      ['service_charge', '2.00'],
      ['block', '5.00'],
      ['block', '15.00'],
      ['tax', '1.10'],
    ]);
    expect(body.exceptions.map((e: { houseId: number; reason: string }) => [e.houseId, e.reason])).toEqual([
      [z.silent.id, 'no_reading'],
      [z.commercial.id, 'no_tariff'],
      [z.cut.id, 'disconnected'],
    ]);
    expect(body.totals).toEqual({ houses: 4, billed: 1, amount: '23.10' });
    expect(await billingState(orgA.clientId)).toEqual(before);
  });

  it('saves bills with balanced entries whose receivable equals the bills, and bills nobody twice', async () => {
    const z = await zoneWithHouses('2025-04');
    const res = await a.call(orgA.token, 'POST', '/api/bills/saveCustomersBill', { period: '2025-04', zoneId: z.zone.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ billCount: 1, total: '23.10' });
    const { runId } = res.json();

    const bills = await system((tx) =>
      queryRows<{ id: string; journal_entry_id: string; amount: string; bill_no: string }>(
        tx,
        sql`
      select id::text, journal_entry_id::text, amount::text, bill_no::text from bills where run_id = ${runId}`,
      ),
    );
    expect(bills).toHaveLength(1);
    const lines = await system((tx) =>
      queryRows<{ code: string; debit: string; credit: string; party_type: string | null; party_id: number | null }>(
        tx,
        sql`
      select ac.code, l.debit::text, l.credit::text, l.party_type, l.party_id from journal_lines l join accounts ac on ac.id = l.account_id
      where l.entry_id = ${bills[0].journal_entry_id} order by ac.code`,
      ),
    );
    expect(lines).toEqual([
      { code: '1100', debit: '23.10', credit: '0.00', party_type: 'customer', party_id: z.customer.id },
      { code: '2200', debit: '0.00', credit: '1.10', party_type: null, party_id: null },
      { code: '4020', debit: '0.00', credit: '22.00', party_type: null, party_id: null },
    ]);
    const balance = await receivableAndBills(orgA.clientId);
    expect(balance.ledger).toBe(balance.bills);

    const reading = await system((tx) =>
      queryRows<{ billed_bill_id: string }>(
        tx,
        sql`
      select billed_bill_id::text from meter_readings where house_id = ${z.normal.id}`,
      ),
    );
    expect(reading).toEqual([{ billed_bill_id: bills[0].id }]);

    const detail = await a.call(orgA.token, 'GET', `/api/bills/${bills[0].id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      amount: '23.10',
      status: 'Unpaid',
      customer: { id: z.customer.id, name: 'Sahra Nur' },
      meter: { meterNumber: z.normal.meterNumber },
      company: { name: 'Hargeisa Electric' },
      readings: [{ consumption: '25' }],
    });
    expect(detail.json().lines).toHaveLength(4);

    // Saving it again bills nothing: refused, naming the run that billed the readings, and not recorded.
    const again = await a.call(orgA.token, 'POST', '/api/bills/saveCustomersBill', { period: '2025-04', zoneId: z.zone.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'NOTHING_TO_BILL', message: `Nothing to bill: these readings were billed by run ${runId}.` });
    const preview = await a.call(orgA.token, 'POST', '/api/bills/generateCustomersBill', { period: '2025-04', zoneId: z.zone.id });
    expect(preview.json().exceptions).toContainEqual({
      houseId: z.normal.id,
      customerId: z.customer.id,
      meterNumber: z.normal.meterNumber,
      reason: 'already_billed',
    });

    const list = await a.call(orgA.token, 'GET', `/api/bills?period=2025-04&zoneId=${z.zone.id}`);
    expect(list.json()).toMatchObject({ total: 1, data: [{ houseId: z.normal.id, amount: '23.10' }] });
    const runs = await a.call(orgA.token, 'GET', '/api/bills/runs?period=2025-04');
    expect(runs.json().data.map((r: { id: number }) => r.id)).toEqual([runId]);
    const run = await a.call(orgA.token, 'GET', `/api/bills/runs/${runId}`);
    expect(run.json()).toMatchObject({ status: 'Posted', billCount: 1, bills: [{ id: Number(bills[0].id) }] });

    // A new period shows the open bill as the previous balance.
    await a.reading({ houseId: z.normal.id, period: '2025-05', currentReading: '130' });
    const may = await a.call(orgA.token, 'POST', '/api/bills/generateCustomersBill', { period: '2025-05', zoneId: z.zone.id });
    expect(may.json().bills[0]).toMatchObject({ consumption: '5', amount: '4.73', previousBalance: '23.10', amountDue: '27.83' });
  });

  it('keeps what its bills name: no tariff or meter deleted under them, no bill naming another organisation', async () => {
    const z = await zoneWithHouses('2025-12');
    const saved = await a.call(orgA.token, 'POST', '/api/bills/saveCustomersBill', { period: '2025-12', zoneId: z.zone.id });
    expect(saved.json()).toMatchObject({ billCount: 1 });
    const before = await billingState(orgA.clientId);
    const del = await a.call(orgA.token, 'DELETE', `/api/elc/prices/${residentialTariffId}`);
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ code: 'IN_USE' });
    const refused = (fn: (tx: Db) => Promise<unknown>, asOwner = false) =>
      (asOwner ? inSystem(ctx.database.db, fn) : inTenant(ctx.database.db, orgA.clientId, fn)).then(
        () => 'committed',
        (err: Error) => String(err.cause ?? err.message),
      );
    // The application role may not delete meters at all; even the owner may not delete one a bill names.
    expect(
      await refused((tx) => tx.execute(sql`delete from meters where id = (select meter_id from bills where run_id = ${saved.json().runId})`), true),
    ).toMatch(/still referenced by bills/);
    const b = billingFactory(ctx, orgB);
    const otherHouse = await b.house({ customerId: (await b.customer()).id, zoneId: (await b.zone()).id });
    expect(
      await refused((tx) =>
        tx.execute(sql`
      insert into bills select (jsonb_populate_record(null::bills, to_jsonb(b) || jsonb_build_object(
        'id', nextval(pg_get_serial_sequence('bills', 'id')), 'bill_no', 999999, 'period', '2030-01', 'house_id', ${otherHouse.id}::int))).*
      from bills b where run_id = ${saved.json().runId}`),
      ),
    ).toMatch(/does not exist/);
    // A bill line names a bill of its own organisation (looked up by id, the organisation compared after).
    const [bill] = await system((tx) => queryRows<{ id: string }>(tx, sql`select id from bills where run_id = ${saved.json().runId}`));
    const line = (clientId: number, billId: number) =>
      sql`insert into bill_lines (client_id, bill_id, position, kind, amount) values (${clientId}, ${billId}, 99, 'service_charge', 1)`;
    expect(await refused((tx) => tx.execute(line(orgB.clientId, Number(bill.id))), true)).toMatch(/a bill line names a bill that does not exist/);
    expect(await refused((tx) => tx.execute(line(orgA.clientId, 999_999_999)), true)).toMatch(/a bill line names a bill that does not exist/);
    expect(await refused((tx) => tx.execute(line(orgA.clientId, Number(bill.id))), true)).toBe('committed');
    await system((tx) => tx.execute(sql`delete from bill_lines where bill_id = ${bill.id} and position = 99`));
    expect(await billingState(orgA.clientId)).toEqual(before);

    // The customer's kept balance (what the next bill's previous balance reads) is checked against the lines.
    const customerSums = (delta: number) =>
      system((tx) =>
        tx.execute(sql`
      update customer_ledger_balances set debit = debit + ${delta} where client_id = ${orgA.clientId} and customer_id = ${z.customer.id} and source_type = 'bill'`),
      );
    await customerSums(1);
    const tampered = await system((tx) => verifyLedger(tx, { clientId: orgA.clientId }));
    await customerSums(-1);
    expect(tampered.isSound).toBe(false);
    expect(tampered.customerBalanceDifferences).toEqual([
      expect.objectContaining({ customerId: z.customer.id, sourceType: 'bill', expectedDebit: expect.any(String), storedDebit: expect.any(String) }),
    ]);
    const d = tampered.customerBalanceDifferences[0];
    expect(Number(d.storedDebit) - Number(d.expectedDebit)).toBe(1);
    expect((await system((tx) => verifyLedger(tx, { clientId: orgA.clientId }))).isSound).toBe(true);
  });

  it('sums a meter replacement final reading and the new meter reading', async () => {
    const zone = await a.zone();
    const customer = await a.customer();
    const h = await a.house({ customerId: customer.id, zoneId: zone.id, installationReading: '1000', meterDigits: 6 });
    const replaced = await a.call(orgA.token, 'POST', `/api/elc/houses/${h.id}/replace-meter`, {
      date: '2025-06-10',
      oldFinalReading: '1008',
      newMeterNumber: `NEW-${h.id}`,
      newInitialReading: '5',
      digits: 6,
    });
    expect(replaced.statusCode).toBe(200);
    await a.reading({ houseId: h.id, period: '2025-06', currentReading: '12' });
    const res = await a.call(orgA.token, 'POST', '/api/bills/generateCustomersBill', { period: '2025-06', zoneId: zone.id });
    expect(res.json().bills).toEqual([
      expect.objectContaining({ houseId: h.id, previousReading: '1000', currentReading: '12', consumption: '15', meterNumber: `NEW-${h.id}` }),
    ]);
    const saved = await a.call(orgA.token, 'POST', '/api/bills/saveCustomersBill', { period: '2025-06', zoneId: zone.id });
    expect(saved.json().billCount).toBe(1);
    const readings = await system((tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`
      select count(*)::int as n from meter_readings where house_id = ${h.id} and billed_bill_id is not null`,
      ),
    );
    expect(readings).toEqual([{ n: 2 }]);
  });

  it('cancels a run: reverses the entries, frees the readings, the receivable returns to zero', async () => {
    const org = await newOrganisation(ctx, { name: 'Berbera Power' });
    const o = billingFactory(ctx, org);
    await o.call(org.token, 'POST', '/api/elc/prices', {
      name: 'Flat',
      customerClass: 'residential',
      effectiveFrom: '2025-01-01',
      blocks: [{ from: '0', to: null, rate: '2' }],
    });
    const zone = await o.zone();
    const c = await o.customer();
    const h1 = await o.house({ customerId: c.id, zoneId: zone.id });
    const h2 = await o.house({ customerId: c.id, zoneId: zone.id });
    await o.reading({ houseId: h1.id, period: '2025-07', currentReading: '10' });
    await o.reading({ houseId: h2.id, period: '2025-07', currentReading: '3.5' });
    const saved = await o.call(org.token, 'POST', '/api/bills/saveCustomersBill', { period: '2025-07', service: 'water' });
    expect(saved.json()).toMatchObject({ billCount: 2, total: '27.00' });
    expect(await receivableAndBills(org.clientId)).toEqual({ ledger: '27.00', bills: '27.00' });

    // A background job (202), done with the run's bills cancelled.
    const cancel = await o.call(org.token, 'POST', `/api/bills/runs/${saved.json().runId}/cancel`);
    expect(cancel.statusCode).toBe(202);
    await waitForBillRunJobs(ctx.database.db);
    const job = await o.call(org.token, 'GET', `/api/bills/jobs/${cancel.json().jobId}`);
    expect(job.json()).toMatchObject({ kind: 'cancel', status: 'done', runId: saved.json().runId, billCount: 2, amount: '27.00' });
    expect(await receivableAndBills(org.clientId)).toEqual({ ledger: '0.00', bills: '0.00' });
    const state = await billingState(org.clientId);
    expect(state.billed_readings).toBe(0);
    expect(state.entries).toBe(4);
    const twice = await o.call(org.token, 'POST', `/api/bills/runs/${saved.json().runId}/cancel`, undefined, 'so');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Biil-samayntan horay ayaa loo joojiyay.');

    // The freed readings bill again, with the next gapless numbers.
    const rerun = await o.call(org.token, 'POST', '/api/bills/saveCustomersBill', { period: '2025-07', service: 'water' });
    expect(rerun.json()).toMatchObject({ billCount: 2, total: '27.00' });
    const numbers = await system((tx) =>
      queryRows<{ bill_no: string }>(tx, sql`select bill_no::text from bills where client_id = ${org.clientId} order by bill_no`),
    );
    expect(numbers.map((n) => n.bill_no)).toEqual(['1', '2', '3', '4']);

    // A run with a paid bill cannot be cancelled.
    await system((tx) =>
      tx.execute(sql`update bills set paid_amount = 1 where client_id = ${org.clientId} and run_id = ${rerun.json().runId} and bill_no = 3`),
    );
    const paid = await o.call(org.token, 'POST', `/api/bills/runs/${rerun.json().runId}/cancel`);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().code).toBe('BILL_PAID');
  });

  it('leaves nothing when the run fails half way (inactive revenue account)', async () => {
    const org = await newOrganisation(ctx, { name: 'Erigavo Power' });
    const o = billingFactory(ctx, org);
    await o.call(org.token, 'POST', '/api/elc/prices', {
      name: 'Flat',
      customerClass: 'residential',
      effectiveFrom: '2025-01-01',
      blocks: [{ from: '0', to: null, rate: '1' }],
    });
    const zone = await o.zone();
    const c = await o.customer();
    for (let i = 0; i < 3; i += 1) {
      const h = await o.house({ customerId: c.id, zoneId: zone.id });
      await o.reading({ houseId: h.id, period: '2025-08', currentReading: String(5 + i) });
    }
    await system((tx) => tx.execute(sql`update accounts set status = 'Inactive' where client_id = ${org.clientId} and code = '4020'`));
    const before = await billingState(org.clientId);
    const res = await o.call(org.token, 'POST', '/api/bills/saveCustomersBill', { period: '2025-08' });
    expect(res.statusCode).toBe(400);
    expect(await billingState(org.clientId)).toEqual(before);
    await system((tx) => tx.execute(sql`update accounts set status = 'Active' where client_id = ${org.clientId} and code = '4020'`));
    const ok = await o.call(org.token, 'POST', '/api/bills/saveCustomersBill', { period: '2025-08' });
    expect(ok.json()).toMatchObject({ billCount: 3, total: '18.00' });
  });

  it('reports connected houses without a bill, with why', async () => {
    const z = await zoneWithHouses('2025-09');
    const res = await a.call(orgA.token, 'GET', `/api/bills/ungenerated?period=2025-09&zoneId=${z.zone.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((r: { houseId: number; reason: string }) => [r.houseId, r.reason])).toEqual([
      [z.normal.id, 'ready'],
      [z.silent.id, 'no_reading'],
      [z.commercial.id, 'no_tariff'],
    ]);
    await a.call(orgA.token, 'POST', '/api/bills/saveCustomersBill', { period: '2025-09', zoneId: z.zone.id, houseIds: [z.normal.id] });
    const after = await a.call(orgA.token, 'GET', `/api/bills/ungenerated?period=2025-09&zoneId=${z.zone.id}`);
    expect(after.json().total).toBe(2);
  });

  it('keeps organisations apart and refuses staff without batch-bill (403, nothing changed)', async () => {
    const z = await zoneWithHouses('2025-10');
    const b = billingFactory(ctx, orgB);
    const fromB = await b.call(orgB.token, 'POST', '/api/bills/generateCustomersBill', { period: '2025-10', zoneId: z.zone.id });
    expect(fromB.json().bills).toEqual([]);
    const savedB = await b.call(orgB.token, 'POST', '/api/bills/saveCustomersBill', { period: '2025-10', houseIds: [z.normal.id] });
    expect(savedB.json()).toMatchObject({ statusCode: 409, code: 'NOTHING_TO_BILL' });

    const saved = await a.call(orgA.token, 'POST', '/api/bills/saveCustomersBill', { period: '2025-10', zoneId: z.zone.id });
    const [bill] = (await a.call(orgA.token, 'GET', `/api/bills/runs/${saved.json().runId}`)).json().bills;
    expect((await b.call(orgB.token, 'GET', `/api/bills/${bill.id}`)).statusCode).toBe(404);
    expect((await b.call(orgB.token, 'POST', `/api/bills/runs/${saved.json().runId}/cancel`)).statusCode).toBe(404);
    expect((await b.call(orgB.token, 'GET', '/api/bills?period=2025-10')).json().total).toBe(0);

    const staff = await staffUser(ctx, orgA, ['meter-reading']);
    await a.reading({ houseId: z.normal.id, period: '2025-11', currentReading: '140' });
    const before = await billingState(orgA.clientId);
    for (const [method, url, body] of [
      ['POST', '/api/bills/generateCustomersBill', { period: '2025-11' }],
      ['POST', '/api/bills/saveCustomersBill', { period: '2025-11' }],
      ['POST', `/api/bills/runs/${saved.json().runId}/cancel`, undefined],
      ['GET', '/api/bills', undefined],
      ['GET', '/api/bills/ungenerated?period=2025-11', undefined],
    ] as const) {
      const res = await a.call(staff.token, method, url, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect(await billingState(orgA.clientId)).toEqual(before);
  });
});
