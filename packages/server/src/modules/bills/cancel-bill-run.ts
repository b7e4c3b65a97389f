// Cancels a bill run: every bill's journal entry is reversed through the ledger (reverseJournalBatch:
// the mirror entries posted as one batch per chunk of bills, each linked both ways), the bills are marked
// cancelled (which frees their house and period for a new run) and their readings are released. Refused
// once any of its bills has a payment allocated. It runs as a background job (bill-run-jobs.ts) in ONE
// transaction, a chunk of bills at a time so progress can be reported: a crash or a refusal rolls it all
// back, so a run is never half cancelled. The request that queues the job makes the same checks first,
// so the usual refusals answer at once.
import { sql } from 'drizzle-orm';
import { type BillService, bdec, billMoney } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { getLockDate, reverseJournalBatch } from '../../ledger/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { type BillRunProgress, lockBillRuns } from './save-bill-run.ts';

/** Bills cancelled per chunk: one batch of reversals and one progress report each. */
export const CANCEL_CHUNK = 2_000;

interface RunRow {
  status: string;
  period: string;
  zone_id: number | null;
  service: BillService;
}

/**
 * The refusals a cancellation can know before it runs: no such run (404), already cancelled, a payment
 * allocated to one of its bills, a cancellation already queued or running (409). Answers the run.
 */
export async function checkRunCancellable(tx: Db, clientId: number, id: number): Promise<{ period: string; zoneId: number | null; service: BillService }> {
  const [run] = await queryRows<RunRow & { is_paid: boolean; is_cancelling: boolean; first_bill_date: string | null }>(
    tx,
    sql`
    select r.status, r.period, r.zone_id, r.service,
           exists (select 1 from bills b where b.client_id = r.client_id and b.run_id = r.id and b.status = 'Open' and b.paid_amount <> 0) as is_paid,
           (select min(b.bill_date)::text from bills b where b.client_id = r.client_id and b.run_id = r.id and b.status = 'Open') as first_bill_date,
           exists (select 1 from jobs j where j.client_id = r.client_id and j.kind = 'bills.cancel'
                   and (j.input->>'runId')::bigint = r.id and j.status in ('queued', 'running')) as is_cancelling
    from bill_runs r where r.client_id = ${clientId} and r.id = ${id}`,
  );
  if (!run) throw notFound();
  if (run.status === 'Cancelled') throw new AppError(409, 'ALREADY_CANCELLED', 'bill.runCancelled');
  if (run.is_paid) throw new AppError(409, 'BILL_PAID', 'bill.runPaid');
  if (run.is_cancelling) throw new AppError(409, 'CANCEL_RUNNING', 'bill.runCancelling');
  // The reversals take the bills' own dates: in closed books the job could only fail, so refuse now.
  const lockDate = await getLockDate(tx, clientId);
  if (lockDate !== null && run.first_bill_date !== null && run.first_bill_date <= lockDate) {
    throw new AppError(409, 'PERIOD_LOCKED', `ledger.locked|${lockDate}`);
  }
  return { period: run.period, zoneId: run.zone_id, service: run.service };
}

export async function cancelBillRun(opts: {
  tx: Db;
  actor: Actor;
  id: number;
  onProgress?: BillRunProgress;
  /** Bills per chunk (tests use small chunks to see progress). */
  chunkSize?: number;
}): Promise<{ runId: number; cancelledBills: number; total: string }> {
  const { tx, actor, id } = opts;
  const { clientId, userId } = actor;
  const report = opts.onProgress ?? (() => {});
  const chunk = opts.chunkSize ?? CANCEL_CHUNK;
  await lockBillRuns(tx, clientId);
  const [run] = await queryRows<{ status: string }>(tx, sql`select status from bill_runs where client_id = ${clientId} and id = ${id} for update`);
  if (!run) throw notFound();
  if (run.status === 'Cancelled') throw new AppError(409, 'ALREADY_CANCELLED', 'bill.runCancelled');
  const bills = await queryRows<{ id: string | number; journal_entry_id: string | number | null; paid_amount: string; amount: string }>(
    tx,
    sql`
    select id, journal_entry_id, paid_amount::text as paid_amount, amount::text as amount from bills
    where client_id = ${clientId} and run_id = ${id} and status = 'Open' order by id for update`,
  );
  if (bills.some((b) => !bdec(b.paid_amount).isZero())) throw new AppError(409, 'BILL_PAID', 'bill.runPaid');
  const total = billMoney(bills.reduce((sum, b) => sum.plus(b.amount), bdec(0)));

  report(0, bills.length);
  for (let start = 0; start < bills.length; start += chunk) {
    const part = bills.slice(start, start + chunk);
    // Posted entries are never edited: each is reversed by its mirror entry, through the ledger.
    await reverseJournalBatch(tx, { clientId, userId, entryIds: part.filter((b) => b.journal_entry_id !== null).map((b) => Number(b.journal_entry_id)) });
    report(start + part.length, bills.length);
  }
  await tx.execute(sql`
    update meter_readings m set billed_bill_id = null, updated_at = now()
    from bills b
    where b.client_id = ${clientId} and b.run_id = ${id}
      and m.client_id = b.client_id and m.house_id = b.house_id and m.period = b.period and m.billed_bill_id = b.id`);
  await tx.execute(sql`update bills set status = 'Cancelled', cancelled_at = now() where client_id = ${clientId} and run_id = ${id} and status = 'Open'`);
  await tx.execute(sql`update bill_runs set status = 'Cancelled', cancelled_by = ${userId}, cancelled_at = now() where client_id = ${clientId} and id = ${id}`);
  await writeAudit(tx, actor, {
    action: 'status',
    entity: 'bill-run',
    entityId: id,
    before: { status: 'Posted' },
    after: { status: 'Cancelled', cancelledBills: bills.length },
  });
  return { runId: id, cancelledBills: bills.length, total };
}
