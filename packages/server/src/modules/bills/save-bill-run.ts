// Saves a bill run in the caller's one transaction: the run row, a bill per billable house (gapless
// numbers, series 'bill', reserved as one block), the bills' priced lines, the readings marked billed,
// and one journal entry per bill (debit the customer's receivable, credit the service's sales and the
// tax payable) posted with postJournalBatch, then the audit line. Everything is written set-based, a
// chunk of bills at a time (a constant number of statements per chunk, so progress can be reported),
// and the next chunk's statements are built while the database writes the current one; any failure (a
// refused posting, a lock date, a crash) rolls the whole run back.
import { sql } from 'drizzle-orm';
import { type BillService, bdec, billMoney } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { type PostedEntry, type Posting, SYSTEM_ACCOUNTS, nextDocumentNumbers, preparePostJournalBatch } from '../../ledger/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { billPosting } from './bill.posting.ts';
import { type ComputedBill, computeBillRun } from './compute-bill-run.ts';
import { nothingToBill } from './nothing-to-bill.ts';

export const BILL_SERIES = 'bill';
export const BILL_SOURCE_TYPE = 'bill';
/** Bills written per set of statements: large enough to be set-based, small enough to report progress. */
export const BILL_CHUNK = 10_000;

/** Runs of one organisation queue here, so the second sees the first's bills and skips those houses. */
export const lockBillRuns = (tx: Db, clientId: number) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('bill-run'), ${clientId})`);

export interface BillRunInput {
  period: string;
  zoneId?: number;
  service: BillService;
  houseIds?: number[];
  /** The bills' date; missing: today (see resolveIssueDate). */
  issueDate?: string;
}

export interface BillRunSavedResult {
  runId: number;
  billCount: number;
  total: string;
}

/** Bills written so far out of the run's bills; called once the houses are priced and after every chunk. */
export type BillRunProgress = (processed: number, total: number) => void;

export async function saveBillRun(opts: {
  tx: Db;
  actor: Actor;
  input: BillRunInput;
  onProgress?: BillRunProgress;
  /** Bills per chunk (tests use small chunks to see progress). */
  chunkSize?: number;
}): Promise<BillRunSavedResult> {
  const { tx, actor, input } = opts;
  const chunk = opts.chunkSize ?? BILL_CHUNK;
  const { clientId, userId } = actor;
  const report = opts.onProgress ?? (() => {});
  await lockBillRuns(tx, clientId);
  const run = await computeBillRun({ tx, clientId, period: input.period, zoneId: input.zoneId, houseIds: input.houseIds, issueDate: input.issueDate });
  const total = billMoney(run.totals.amount);
  const count = run.bills.length;
  // A run that bills nothing is not recorded (a concurrent save of the same run finds its houses billed).
  if (count === 0) throw await nothingToBill(tx, clientId, input);
  report(0, count);

  const [runRow] = await queryRows<{ id: string | number }>(
    tx,
    sql`
    insert into bill_runs (client_id, period, zone_id, service, bill_count, total, created_by)
    values (${clientId}, ${input.period}, ${input.zoneId ?? null}, ${input.service}, ${count}, ${total}::numeric, ${userId})
    returning id`,
  );
  const runId = Number(runRow.id);

  if (count > 0) {
    const accounts = await billAccounts(tx, clientId, input.service);
    // Ids and numbers for every bill up front: the entries name their bill (source id) and the bills
    // their entry, so each row is written once, never inserted and then updated.
    const firstNo = await nextDocumentNumbers(tx, clientId, BILL_SERIES, count);
    const ids = await queryRows<{ id: string | number }>(
      tx,
      sql`
      select nextval(pg_get_serial_sequence('bills', 'id')) as id from generate_series(1, ${count})`,
    );
    const billIds = ids.map((r) => Number(r.id)).sort((x, y) => x - y);
    const context: RunContext = { clientId, userId, runId, input, billDate: run.billDate, dueDate: run.dueDate };
    const prepare = (start: number) =>
      prepareChunk(
        context,
        accounts,
        run.bills.slice(start, Math.min(start + chunk, count)).map((bill, k) => ({ bill, id: billIds[start + k], no: firstNo + start + k })),
      );
    // Node builds the next chunk's statements while the database writes this one (they took turns).
    let next = prepare(0);
    for (let start = 0; start < count; start += chunk) {
      // Settled at once into a value: a failure waits here, not unhandled, until the next chunk is built.
      const writing = writeChunk(tx, context, next).then(
        () => null,
        (err: unknown) => ({ err }),
      );
      // One turn of the event loop first, so this chunk's first statement is on its way.
      await new Promise((resolve) => setImmediate(resolve));
      const prepared = start + chunk < count ? prepare(start + chunk) : null;
      const failed = await writing;
      if (failed) throw failed.err;
      report(Math.min(start + chunk, count), count);
      if (prepared) next = prepared;
    }
  }

  await writeAudit(tx, actor, {
    action: 'create',
    entity: 'bill-run',
    entityId: runId,
    after: { period: input.period, zoneId: input.zoneId ?? null, service: input.service, billCount: count, total, exceptions: run.exceptions.length },
  });
  return { runId, billCount: count, total };
}

interface BillAccounts {
  receivable: number;
  sales: number;
  taxPayable: number;
}

/** The receivable, the service's sales and the tax payable system accounts in one read. */
async function billAccounts(tx: Db, clientId: number, service: BillService): Promise<BillAccounts> {
  const codes = {
    receivable: SYSTEM_ACCOUNTS.receivable,
    sales: service === 'water' ? SYSTEM_ACCOUNTS.waterSales : SYSTEM_ACCOUNTS.electricitySales,
    taxPayable: SYSTEM_ACCOUNTS.taxPayable,
  };
  const rows = await queryRows<{ id: number; code: string }>(
    tx,
    sql`
    select id, code from accounts where client_id = ${clientId} and code in (${codes.receivable}, ${codes.sales}, ${codes.taxPayable})`,
  );
  const byCode = new Map(rows.map((r) => [r.code, Number(r.id)]));
  const pick = (code: string) => {
    const found = byCode.get(code);
    if (found === undefined) throw new Error(`System account ${code} is missing for organisation ${clientId}`);
    return found;
  };
  return { receivable: pick(codes.receivable), sales: pick(codes.sales), taxPayable: pick(codes.taxPayable) };
}

/** What every chunk of a run shares. */
interface RunContext {
  clientId: number;
  userId: number;
  runId: number;
  input: BillRunInput;
  billDate: string;
  dueDate: string;
}

/** One chunk's statements, built before they run: the entries' posting, the bills, bill lines and readings as JSON. */
interface PreparedChunk {
  postEntries: (tx: Db) => Promise<PostedEntry[]>;
  /** Per bill of the chunk, in order: the index of its entry among the posted ones, or -1 (a zero bill posts nothing). */
  entryIndex: number[];
  bills: string;
  lines: string | null;
  readings: string | null;
}

/** Builds a chunk's statements: one journal entry per bill (debit the receivable, credit sales and tax), the rows as JSON. */
function prepareChunk(run: RunContext, accounts: BillAccounts, chunkBills: Array<{ bill: ComputedBill; id: number; no: number }>): PreparedChunk {
  const { clientId, userId, input } = run;
  const entryIndex: number[] = [];
  const postings: Posting[] = [];
  for (const { bill, id, no } of chunkBills) {
    // A zero bill (nothing used, no service charge) has nothing to post.
    if (bdec(bill.amount).isZero()) {
      entryIndex.push(-1);
      continue;
    }
    entryIndex.push(postings.length);
    const lines = billPosting(accounts, bill);
    postings.push({
      clientId,
      date: run.billDate,
      reference: billNumber(no),
      memo: `Bill ${billNumber(no)} ${input.period}`,
      sourceType: BILL_SOURCE_TYPE,
      sourceId: id,
      userId,
      lines,
    });
  }
  const bills = JSON.stringify(
    chunkBills.map(({ bill: b, id, no }, k) => ({
      k: k + 1,
      i: id,
      n: no,
      h: b.houseId,
      c: b.customerId,
      z: b.zoneId,
      m: b.meterId,
      t: b.tariffId,
      pr: b.previousReading,
      cr: b.currentReading,
      u: b.consumption,
      s: b.subtotal,
      x: b.tax,
      a: b.amount,
      pb: b.previousBalance,
      d: b.amountDue,
    })),
  );
  const lineRows = chunkBills.flatMap(({ bill, id }) =>
    bill.lines.map((l, k) => ({ b: id, p: k + 1, k: l.kind, n: l.block, f: l.from, t: l.to, u: l.units, r: l.rate, a: l.amount })),
  );
  const readings = chunkBills.flatMap(({ bill, id }) => bill.readingIds.map((r) => ({ r, b: id })));
  return {
    postEntries: preparePostJournalBatch({ clientId, userId, postings }),
    entryIndex,
    bills,
    lines: lineRows.length > 0 ? JSON.stringify(lineRows) : null,
    readings: readings.length > 0 ? JSON.stringify(readings) : null,
  };
}

/** Writes a prepared chunk: the entries, then the bills naming them, their lines and the readings marked billed. */
async function writeChunk(tx: Db, run: RunContext, o: PreparedChunk): Promise<void> {
  const { clientId, userId, runId, input } = run;
  const entries = await o.postEntries(tx);
  const entryIds = JSON.stringify(o.entryIndex.map((k) => (k < 0 ? null : entries[k].id)));
  await tx.execute(sql`
    insert into bills (id, client_id, run_id, bill_no, period, service, house_id, customer_id, zone_id, meter_id, tariff_id,
                       previous_reading, current_reading, consumption, subtotal, tax, amount, previous_balance, amount_due,
                       bill_date, due_date, journal_entry_id, created_by)
    select x.i, ${clientId}, ${runId}, x.n, ${input.period}, ${input.service}, x.h, x.c, x.z, x.m, x.t,
           x.pr, x.cr, x.u, x.s, x.x, x.a, x.pb, x.d, ${run.billDate}::date, ${run.dueDate}::date, e.id::bigint, ${userId}
    from json_to_recordset(${o.bills}::json) as x(
      k bigint, i bigint, n bigint, h int, c int, z int, m int, t int, pr numeric, cr numeric, u numeric, s numeric, x numeric, a numeric,
      pb numeric, d numeric)
    left join json_array_elements_text(${entryIds}::json) with ordinality as e(id, k) on e.k = x.k
    order by x.n`);
  if (o.lines) {
    await tx.execute(sql`
      insert into bill_lines (client_id, bill_id, position, kind, block, from_units, to_units, units, rate, amount)
      select ${clientId}, x.b, x.p, x.k, x.n, x.f, x.t, x.u, x.r, x.a
      from json_to_recordset(${o.lines}::json) as x(
        b bigint, p int, k text, n int, f numeric, t numeric, u numeric, r numeric, a numeric)`);
  }
  if (o.readings) {
    await tx.execute(sql`
      update meter_readings m set billed_bill_id = x.b, updated_at = now()
      from json_to_recordset(${o.readings}::json) as x(r bigint, b bigint)
      where m.client_id = ${clientId} and m.id = x.r and m.billed_bill_id is null`);
  }
}

/** Bill numbers as printed: B-000042. */
export function billNumber(no: number): string {
  return `B-${String(no).padStart(6, '0')}`;
}
