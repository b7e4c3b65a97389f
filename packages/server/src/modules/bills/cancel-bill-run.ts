// Cancels a bill run: every bill's journal entry is reversed through the ledger, the bills are marked
// cancelled (which frees their house and period for a new run) and their readings are released. Refused
// once any of its bills has a payment allocated. One transaction, audited.
import { sql } from 'drizzle-orm';
import { bdec } from '@ubo/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { reverseJournal } from '../../ledger/index.ts';
import { caller } from '../../plugins/auth.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { lockBillRuns } from './save-bill-run.ts';

export async function cancelBillRun(opts: { tx: Db; req: FastifyRequest; id: number }): Promise<{ runId: number; cancelledBills: number }> {
  const { tx, req, id } = opts;
  const { clientId, userId } = caller(req);
  await lockBillRuns(tx, clientId);
  const [run] = await queryRows<{ status: string }>(tx, sql`select status from bill_runs where client_id = ${clientId} and id = ${id} for update`);
  if (!run) throw notFound();
  if (run.status === 'Cancelled') throw new AppError(409, 'ALREADY_CANCELLED', 'bill.runCancelled');
  const bills = await queryRows<{ id: string | number; journal_entry_id: string | number | null; paid_amount: string }>(tx, sql`
    select id, journal_entry_id, paid_amount::text as paid_amount from bills
    where client_id = ${clientId} and run_id = ${id} and status = 'Open' order by id for update`);
  if (bills.some((b) => !bdec(b.paid_amount).isZero())) throw new AppError(409, 'BILL_PAID', 'bill.runPaid');

  for (const b of bills) {
    if (b.journal_entry_id !== null) await reverseJournal(tx, { clientId, entryId: Number(b.journal_entry_id), userId });
  }
  await tx.execute(sql`
    update meter_readings set billed_bill_id = null, updated_at = now()
    where client_id = ${clientId} and billed_bill_id in (select id from bills where client_id = ${clientId} and run_id = ${id})`);
  await tx.execute(sql`update bills set status = 'Cancelled', cancelled_at = now() where client_id = ${clientId} and run_id = ${id} and status = 'Open'`);
  await tx.execute(sql`update bill_runs set status = 'Cancelled', cancelled_by = ${userId}, cancelled_at = now() where client_id = ${clientId} and id = ${id}`);
  await writeAudit(tx, req, { action: 'status', entity: 'bill-run', entityId: id, before: { status: 'Posted' }, after: { status: 'Cancelled', cancelledBills: bills.length } });
  return { runId: id, cancelledBills: bills.length };
}
