// Saves a bill run in the caller's one transaction: the run row, a bill per billable house (gapless
// numbers, series 'bill'), the bills' priced lines, the readings marked billed, and one journal entry
// per bill (debit the customer's receivable, credit the service's sales and the tax payable), then the
// audit line. Any failure (a refused posting, a lock date) rolls the whole run back.
import { sql } from 'drizzle-orm';
import { type BillService, billMoney, bdec } from '@ubo/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { nextDocumentNumber, postJournal, systemAccountId } from '../../ledger/index.ts';
import { caller } from '../../plugins/auth.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { computeBillRun } from './compute-bill-run.ts';

export const BILL_SERIES = 'bill';
export const BILL_SOURCE_TYPE = 'bill';

/** Runs of one organisation queue here, so the second sees the first's bills and skips those houses. */
export const lockBillRuns = (tx: Db, clientId: number) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('bill-run'), ${clientId})`);

export async function saveBillRun(opts: {
  tx: Db;
  req: FastifyRequest;
  input: { period: string; zoneId?: number; service: BillService; houseIds?: number[] };
}): Promise<{ runId: number; billCount: number; total: string }> {
  const { tx, req, input } = opts;
  const { clientId, userId } = caller(req);
  await lockBillRuns(tx, clientId);
  const run = await computeBillRun({ tx, clientId, period: input.period, zoneId: input.zoneId, houseIds: input.houseIds });
  const total = billMoney(run.totals.amount);

  const [runRow] = await queryRows<{ id: string | number }>(tx, sql`
    insert into bill_runs (client_id, period, zone_id, service, bill_count, total, created_by)
    values (${clientId}, ${input.period}, ${input.zoneId ?? null}, ${input.service}, ${run.bills.length}, ${total}::numeric, ${userId})
    returning id`);
  const runId = Number(runRow.id);

  if (run.bills.length > 0) {
    const numbers: number[] = [];
    for (let i = 0; i < run.bills.length; i += 1) numbers.push(await nextDocumentNumber(tx, clientId, BILL_SERIES));
    const payload = run.bills.map((b, i) => ({
      billNo: numbers[i],
      houseId: b.houseId,
      customerId: b.customerId,
      zoneId: b.zoneId,
      meterId: b.meterId,
      tariffId: b.tariffId,
      previousReading: b.previousReading,
      currentReading: b.currentReading,
      consumption: b.consumption,
      subtotal: b.subtotal,
      tax: b.tax,
      amount: b.amount,
      previousBalance: b.previousBalance,
      amountDue: b.amountDue,
    }));
    const inserted = await queryRows<{ id: string | number; house_id: number }>(tx, sql`
      insert into bills (client_id, run_id, bill_no, period, service, house_id, customer_id, zone_id, meter_id, tariff_id,
                         previous_reading, current_reading, consumption, subtotal, tax, amount, previous_balance, amount_due,
                         bill_date, due_date, created_by)
      select ${clientId}, ${runId}, x."billNo", ${input.period}, ${input.service}, x."houseId", x."customerId", x."zoneId", x."meterId", x."tariffId",
             x."previousReading", x."currentReading", x.consumption, x.subtotal, x.tax, x.amount, x."previousBalance", x."amountDue",
             ${run.billDate}::date, ${run.dueDate}::date, ${userId}
      from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as x(
        "billNo" bigint, "houseId" int, "customerId" int, "zoneId" int, "meterId" int, "tariffId" int,
        "previousReading" numeric, "currentReading" numeric, consumption numeric, subtotal numeric, tax numeric, amount numeric,
        "previousBalance" numeric, "amountDue" numeric)
      order by x."billNo"
      returning id, house_id`);
    const billIdByHouse = new Map(inserted.map((r) => [Number(r.house_id), Number(r.id)]));

    const lines = run.bills.flatMap((b) =>
      b.lines.map((l, i) => ({ billId: billIdByHouse.get(b.houseId), position: i + 1, ...l })),
    );
    if (lines.length > 0) {
      await tx.execute(sql`
        insert into bill_lines (client_id, bill_id, position, kind, block, from_units, to_units, units, rate, amount)
        select ${clientId}, x."billId", x.position, x.kind, x.block, x."from", x."to", x.units, x.rate, x.amount
        from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as x(
          "billId" bigint, position int, kind text, block int, "from" numeric, "to" numeric, units numeric, rate numeric, amount numeric)`);
    }

    const readings = run.bills.flatMap((b) => b.readingIds.map((readingId) => ({ readingId, billId: billIdByHouse.get(b.houseId) })));
    await tx.execute(sql`
      update meter_readings r set billed_bill_id = x."billId", updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(readings)}::jsonb) as x("readingId" bigint, "billId" bigint)
      where r.client_id = ${clientId} and r.id = x."readingId" and r.billed_bill_id is null`);

    const receivable = await systemAccountId(tx, clientId, 'receivable');
    const sales = await systemAccountId(tx, clientId, input.service === 'water' ? 'waterSales' : 'electricitySales');
    const taxPayable = await systemAccountId(tx, clientId, 'taxPayable');
    const entries: Array<{ billId: number; entryId: number }> = [];
    for (const [i, b] of run.bills.entries()) {
      if (bdec(b.amount).isZero()) continue;
      const billId = billIdByHouse.get(b.houseId) as number;
      const lines = [
        { accountId: receivable, debit: b.amount, partyType: 'customer' as const, partyId: b.customerId },
        { accountId: sales, credit: b.subtotal },
      ];
      if (bdec(b.tax).gt(0)) lines.push({ accountId: taxPayable, credit: b.tax });
      const entry = await postJournal(tx, {
        clientId,
        date: run.billDate,
        reference: billNumber(numbers[i]),
        memo: `Bill ${billNumber(numbers[i])} ${input.period}`,
        sourceType: BILL_SOURCE_TYPE,
        sourceId: billId,
        userId,
        lines,
      });
      entries.push({ billId, entryId: entry.id });
    }
    if (entries.length > 0) {
      await tx.execute(sql`
        update bills b set journal_entry_id = x."entryId"
        from jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) as x("billId" bigint, "entryId" bigint)
        where b.client_id = ${clientId} and b.id = x."billId"`);
    }
  }

  await writeAudit(tx, req, {
    action: 'create',
    entity: 'bill-run',
    entityId: runId,
    after: { period: input.period, zoneId: input.zoneId ?? null, service: input.service, billCount: run.bills.length, total, exceptions: run.exceptions.length },
  });
  return { runId, billCount: run.bills.length, total };
}

/** Bill numbers as printed: B-000042. */
export function billNumber(no: number): string {
  return `B-${String(no).padStart(6, '0')}`;
}
