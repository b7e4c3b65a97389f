// Cancels a bill run: every bill's journal entry is reversed through the ledger (the mirror entries
// posted as one batch, each linked both ways as reverseJournal links them), the bills are marked
// cancelled (which frees their house and period for a new run) and their readings are released. Refused
// once any of its bills has a payment allocated. One transaction, audited, set-based whatever the size.
import { sql } from 'drizzle-orm';
import { type PartyType, bdec } from '@ubo/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { documentNumber, postJournalBatch } from '../../ledger/index.ts';
import { caller } from '../../plugins/auth.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { lockBillRuns } from './save-bill-run.ts';

interface EntryRow {
  id: string | number;
  series: string;
  entry_no: string | number;
  date: string;
  reference: string | null;
  source_type: string;
  source_id: string | number | null;
  branch_id: number | null;
  reverses_id: string | number | null;
  reversed_by_id: string | number | null;
}

interface LineRow {
  entry_id: string | number;
  account_id: number;
  debit: string;
  credit: string;
  party_type: PartyType | null;
  party_id: number | null;
  memo: string | null;
}

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

  const entryIds = JSON.stringify(bills.filter((b) => b.journal_entry_id !== null).map((b) => Number(b.journal_entry_id)));
  // Row locks: a concurrent reversal of one of these entries waits, then sees reversed_by_id.
  const originals = await queryRows<EntryRow>(tx, sql`
    select id, series, entry_no, date::text as date, reference, source_type, source_id, branch_id, reverses_id, reversed_by_id
    from journal_entries
    where client_id = ${clientId} and id in (select (jsonb_array_elements_text(${entryIds}::jsonb))::bigint)
    order by id for update`);
  if (originals.some((e) => e.reversed_by_id !== null)) throw new AppError(409, 'ALREADY_REVERSED', 'ledger.alreadyReversed');
  if (originals.length > 0) {
    const lines = await queryRows<LineRow>(tx, sql`
      select entry_id, account_id, debit::text as debit, credit::text as credit, party_type, party_id, memo from journal_lines
      where client_id = ${clientId} and entry_id in (select (jsonb_array_elements_text(${entryIds}::jsonb))::bigint)
      order by entry_id, id`);
    const linesOf = new Map<number, LineRow[]>();
    for (const l of lines) {
      const list = linesOf.get(Number(l.entry_id));
      if (list) list.push(l);
      else linesOf.set(Number(l.entry_id), [l]);
    }
    const reversals = await postJournalBatch(tx, {
      clientId,
      userId,
      postings: originals.map((e) => ({
        date: e.date,
        series: e.series,
        reference: e.reference,
        memo: `Reversal of ${documentNumber(e.series, Number(e.entry_no))}`,
        // The reversal belongs to the same bill, so "entries of this bill" shows both.
        sourceType: e.source_type,
        sourceId: e.source_id === null ? null : Number(e.source_id),
        branchId: e.branch_id,
        reversesId: Number(e.id),
        lines: (linesOf.get(Number(e.id)) ?? []).map((l) => ({
          accountId: Number(l.account_id),
          debit: l.credit,
          credit: l.debit,
          partyType: l.party_type,
          partyId: l.party_id,
          memo: l.memo,
        })),
      })),
    });
    const links = JSON.stringify(reversals.map((r) => ({ o: r.reversesId, r: r.id })));
    await tx.execute(sql`
      update journal_entries e set reversed_by_id = x.r
      from jsonb_to_recordset(${links}::jsonb) as x(o bigint, r bigint)
      where e.client_id = ${clientId} and e.id = x.o`);
  }
  await tx.execute(sql`
    update meter_readings m set billed_bill_id = null, updated_at = now()
    from bills b
    where b.client_id = ${clientId} and b.run_id = ${id}
      and m.client_id = b.client_id and m.house_id = b.house_id and m.period = b.period and m.billed_bill_id = b.id`);
  await tx.execute(sql`update bills set status = 'Cancelled', cancelled_at = now() where client_id = ${clientId} and run_id = ${id} and status = 'Open'`);
  await tx.execute(sql`update bill_runs set status = 'Cancelled', cancelled_by = ${userId}, cancelled_at = now() where client_id = ${clientId} and id = ${id}`);
  await writeAudit(tx, req, { action: 'status', entity: 'bill-run', entityId: id, before: { status: 'Posted' }, after: { status: 'Cancelled', cancelledBills: bills.length } });
  return { runId: id, cancelledBills: bills.length };
}
