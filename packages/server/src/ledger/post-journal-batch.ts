// Posts many journal entries at once (bill runs, bulk imports) with the guarantees of postJournal: lines
// checked and merged per account and party, unbalanced, empty and zero entries refused, accounts active,
// dates after the lock date, gapless numbers, daily balances updated in the same transaction. The cost
// is a constant number of set-based statements whatever the number of entries: one read of the accounts
// and the lock date, one number block per series, and one statement writing every entry, line and daily
// balance. Either every entry is written or none (the first refused posting throws before any write).
// Amounts are checked and summed as exact whole cents (BigInt).
// The database still checks each entry's balance at commit (deferred trigger of migrations/0010).
import { sql } from 'drizzle-orm';
import { type PartyType, partyTypeValues } from '@ubo/contracts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { AppError, type FieldError } from '../plugins/errors.ts';
import { documentNumber, nextDocumentNumbers } from './document-counter.ts';
import { readLockDateForPosting } from './lock-date.ts';
import { Decimal } from './money.ts';
import { DEFAULT_SERIES, type PostedEntry, type PostedLine, type Posting, type PostingLine } from './post-journal.ts';

export interface JournalBatch {
  clientId: number;
  /** Who posts; a posting's own userId wins. */
  userId?: number | null;
  /** Each posting's clientId must be the batch's (or left out); reversesId links a reversal to its original. */
  postings: Array<Omit<Posting, 'clientId'> & { clientId?: number; reversesId?: number | null }>;
}

/** numeric(18,2): sixteen digits before the point (as postJournal), in cents. */
const MAX_CENTS = 10n ** 18n;
const AMOUNT_TEXT = /^(-?)(\d+)(?:\.(\d+))?$/;

const fieldOrder = (field: string) => (field.startsWith('lines.') ? Number(field.split('.')[1]) + 1 : 0);
/** Errors name the posting: postings.3.lines.1.accountId (a single posting's errors sorted as postJournal sorts them). */
const refusal = (index: number, code: string, key: string, errors: FieldError[]) =>
  new AppError(400, code, key, errors.sort((x, y) => fieldOrder(x.field) - fieldOrder(y.field)).map((e) => ({ field: `postings.${index}.${e.field}`, message: e.message })));

function isRealDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

const isRowId = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0 && (value as number) <= 2147483647;

/** Cents as money text: 12345n -> '123.45'. */
const centsText = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;

/**
 * One side of a line as exact whole cents, with postJournal's rules and messages (a number of at most
 * two decimals, below 10^16, not negative). Whole cents in BigInt are exact like decimal.js and much
 * cheaper, which matters for a hundred thousand postings.
 */
function parseCents(value: PostingLine['debit'], field: string, errors: FieldError[]): bigint | null {
  if (value === null || value === undefined || value === '') return 0n;
  let text: string | null = null;
  if (typeof value === 'string') text = value.trim();
  else if (Decimal.isDecimal(value) && value.isFinite()) text = value.toFixed();
  const m = text === null ? null : AMOUNT_TEXT.exec(text);
  const fraction = m ? (m[3] ?? '').replace(/0+$/, '') : '';
  if (!m || fraction.length > 2) {
    errors.push({ field, message: 'v.money' });
    return null;
  }
  const cents = BigInt(m[2]) * 100n + BigInt(fraction.padEnd(2, '0'));
  if (cents >= MAX_CENTS) {
    errors.push({ field, message: 'v.money' });
    return null;
  }
  if (m[1] === '-' && cents !== 0n) {
    errors.push({ field, message: 'ledger.negative' });
    return null;
  }
  return cents;
}

interface CheckedLine {
  index: number;
  accountId: number;
  debit: bigint;
  credit: bigint;
  partyType: PartyType | null;
  partyId: number | null;
  memo: string | null;
}

/** The checks of postJournal that need no database, for one posting's lines. */
function checkLines(lines: PostingLine[], errors: FieldError[]): CheckedLine[] {
  const checked: CheckedLine[] = [];
  lines.forEach((line, index) => {
    const at = (name: string) => `lines.${index}.${name}`;
    const before = errors.length;
    if (!isRowId(line.accountId)) errors.push({ field: at('accountId'), message: 'ledger.unknownAccount' });
    const debit = parseCents(line.debit, at('debit'), errors);
    const credit = parseCents(line.credit, at('credit'), errors);
    if (debit !== null && credit !== null) {
      if (debit > 0n && credit > 0n) errors.push({ field: at('credit'), message: 'ledger.bothSides' });
      else if (debit === 0n && credit === 0n) errors.push({ field: at('debit'), message: 'ledger.zeroLine' });
    }
    const partyType = line.partyType ?? null;
    const partyId = line.partyId ?? null;
    if (partyType !== null && !(partyTypeValues as readonly string[]).includes(partyType)) {
      errors.push({ field: at('partyType'), message: 'v.invalid' });
    } else if (partyType !== null && (partyId === null || !isRowId(partyId))) {
      errors.push({ field: at('partyId'), message: 'ledger.partyIncomplete' });
    } else if (partyType === null && partyId !== null) {
      errors.push({ field: at('partyType'), message: 'ledger.partyIncomplete' });
    }
    if (errors.length > before || debit === null || credit === null) return;
    checked.push({ index, accountId: line.accountId, debit, credit, partyType, partyId, memo: line.memo?.trim() || null });
  });
  return checked;
}

/** As postJournal's mergeLines: one line per account and party, netted to one side; zero nets drop out. */
function mergeLines(lines: CheckedLine[]): { lines: PostedLine[]; debit: bigint; credit: bigint } {
  const merged = new Map<string, { line: CheckedLine; net: bigint; memo: string | null }>();
  for (const line of lines) {
    const key = `${line.accountId}|${line.partyType ?? ''}|${line.partyId ?? ''}`;
    const current = merged.get(key);
    if (current) {
      current.net += line.debit - line.credit;
      current.memo = current.memo ?? line.memo;
    } else {
      merged.set(key, { line, net: line.debit - line.credit, memo: line.memo });
    }
  }
  const out: PostedLine[] = [];
  let debit = 0n;
  let credit = 0n;
  for (const { line, net, memo } of merged.values()) {
    if (net === 0n) continue;
    if (net > 0n) debit += net;
    else credit -= net;
    out.push({
      accountId: line.accountId,
      debit: centsText(net > 0n ? net : 0n),
      credit: centsText(net < 0n ? -net : 0n),
      partyType: line.partyType,
      partyId: line.partyId,
      memo,
    });
  }
  return { lines: out, debit, credit };
}

/** Status of every account the batch uses and the lock date, in one round trip (settings row FOR KEY SHARE, as postJournal). */
async function readAccountsAndLockDate(tx: Db, clientId: number, accountIds: number[]) {
  const ids = JSON.stringify(accountIds);
  const rows = await queryRows<{ id: number | null; status: string | null; lock_date: string | null; is_settings: boolean }>(tx, sql`
    select id, status, null::text as lock_date, false as is_settings from accounts
    where client_id = ${clientId} and id in (select (jsonb_array_elements_text(${ids}::jsonb))::int)
    union all
    select null, null, lock_date::text, true from (select lock_date from ledger_settings where client_id = ${clientId} for key share) s`);
  const settings = rows.find((r) => r.is_settings);
  const status = new Map(rows.filter((r) => !r.is_settings).map((r) => [Number(r.id), r.status]));
  const lockDate = settings ? settings.lock_date : await readLockDateForPosting(tx, clientId);
  return { status, lockDate };
}

interface ReadyEntry {
  ord: number;
  series: string;
  entryNo: number;
  posting: JournalBatch['postings'][number];
  reference: string | null;
  memo: string | null;
  total: string;
  lines: PostedLine[];
}

/**
 * Validates every posting, then writes them all; answers the posted entries in input order. Refusals are
 * the AppErrors of postJournal with fields prefixed by the posting: `postings.<i>.lines.<j>.accountId`,
 * code UNBALANCED / ZERO_ENTRY / PERIOD_LOCKED / LEDGER_EMPTY with field `postings.<i>.lines` or `.date`.
 * An empty batch posts nothing.
 */
export async function postJournalBatch(tx: Db, batch: JournalBatch): Promise<PostedEntry[]> {
  const { clientId } = batch;
  const { postings } = batch;
  if (postings.length === 0) return [];

  // Checks without the database, posting by posting.
  const pending: Array<{ errors: FieldError[]; checked: CheckedLine[] }> = [];
  const accountIds = new Set<number>();
  for (const [i, posting] of postings.entries()) {
    if (!posting.sourceType) throw new Error('postJournalBatch: sourceType is required');
    if (posting.clientId !== undefined && posting.clientId !== clientId) throw new Error('postJournalBatch: every posting must belong to the batch organisation');
    if (!Array.isArray(posting.lines) || posting.lines.length === 0) throw refusal(i, 'LEDGER_EMPTY', 'ledger.empty', [{ field: 'lines', message: 'ledger.empty' }]);
    const errors: FieldError[] = [];
    if (!isRealDate(posting.date)) errors.push({ field: 'date', message: 'v.date' });
    const checked = checkLines(posting.lines, errors);
    for (const line of checked) accountIds.add(line.accountId);
    pending.push({ errors, checked });
  }

  const { status, lockDate } = await readAccountsAndLockDate(tx, clientId, [...accountIds]);

  // In posting order, the first refusal wins, exactly as postJournal would refuse that posting alone.
  const ready: ReadyEntry[] = [];
  for (const [i, posting] of postings.entries()) {
    const { errors, checked } = pending[i];
    for (const line of checked) {
      const s = status.get(line.accountId);
      if (s === undefined) errors.push({ field: `lines.${line.index}.accountId`, message: 'ledger.unknownAccount' });
      else if (s !== 'Active') errors.push({ field: `lines.${line.index}.accountId`, message: 'ledger.inactiveAccount' });
    }
    if (errors.length > 0) throw refusal(i, 'VALIDATION', 'common.validation', errors);
    const { lines, debit, credit } = mergeLines(checked);
    if (debit !== credit) {
      const key = `ledger.unbalanced|${centsText(debit > credit ? debit - credit : credit - debit)}`;
      throw refusal(i, 'UNBALANCED', key, [{ field: 'lines', message: key }]);
    }
    if (lines.length === 0 || debit === 0n) throw refusal(i, 'ZERO_ENTRY', 'ledger.zero', [{ field: 'lines', message: 'ledger.zero' }]);
    if (debit >= MAX_CENTS) throw refusal(i, 'VALIDATION', 'common.validation', [{ field: 'lines', message: 'v.money' }]);
    if (lockDate !== null && posting.date <= lockDate) {
      const key = `ledger.locked|${lockDate}`;
      throw refusal(i, 'PERIOD_LOCKED', key, [{ field: 'date', message: key }]);
    }
    ready.push({
      ord: i,
      series: posting.series ?? DEFAULT_SERIES,
      entryNo: 0,
      posting,
      reference: posting.reference?.trim() || null,
      memo: posting.memo?.trim() || null,
      total: centsText(debit),
      lines,
    });
  }

  // One block of numbers per series, series in name order (every writer locks counter rows in that order).
  const bySeries = new Map<string, ReadyEntry[]>();
  for (const e of ready) {
    const group = bySeries.get(e.series);
    if (group) group.push(e);
    else bySeries.set(e.series, [e]);
  }
  for (const series of [...bySeries.keys()].sort()) {
    const group = bySeries.get(series) as ReadyEntry[];
    const first = await nextDocumentNumbers(tx, clientId, series, group.length);
    group.forEach((e, k) => {
      e.entryNo = first + k;
    });
  }

  const entryPayload = JSON.stringify(
    ready.map((e) => ({
      o: e.ord,
      s: e.series,
      n: e.entryNo,
      d: e.posting.date,
      r: e.reference,
      m: e.memo,
      t: e.posting.sourceType,
      i: e.posting.sourceId ?? null,
      b: e.posting.branchId ?? null,
      u: e.posting.userId ?? batch.userId ?? null,
      a: e.total,
      v: e.posting.reversesId ?? null,
    })),
  );
  const linePayload = JSON.stringify(
    ready.flatMap((e) =>
      e.lines.map((l, k) => ({ o: e.ord, k, a: l.accountId, d: l.debit, c: l.credit, pt: l.partyType, pi: l.partyId, m: l.memo })),
    ),
  );
  // Entries, lines and the daily balances (one aggregated upsert, rows in account order as postJournal
  // locks them) in one statement.
  const written = await queryRows<{ id: string | number; series: string; entry_no: string | number }>(tx, sql`
    with ein as (
      select * from jsonb_to_recordset(${entryPayload}::jsonb)
        as x(o int, s text, n bigint, d date, r text, m text, t text, i bigint, b int, u int, a numeric, v bigint)
    ),
    entry as (
      insert into journal_entries (client_id, series, entry_no, date, reference, memo, source_type, source_id, branch_id, user_id, total, reverses_id)
      select ${clientId}, s, n, d, r, m, t, i, b, u, a, v from ein order by o
      returning id, series, entry_no, date
    ),
    lin as (
      select * from jsonb_to_recordset(${linePayload}::jsonb)
        as x(o int, k int, a int, d numeric, c numeric, pt text, pi int, m text)
    ),
    inserted as (
      insert into journal_lines (client_id, entry_id, account_id, debit, credit, party_type, party_id, memo, date)
      select ${clientId}, entry.id, lin.a, lin.d, lin.c, lin.pt, lin.pi, lin.m, entry.date
      from lin join ein on ein.o = lin.o join entry on entry.series = ein.s and entry.entry_no = ein.n
      order by lin.o, lin.k
      returning account_id, date, debit, credit
    ),
    balances as (
      insert into account_daily_balances (client_id, account_id, date, debit, credit, line_count)
      select ${clientId}, account_id, date, sum(debit), sum(credit), count(*)
      from inserted group by account_id, date order by account_id, date
      on conflict (client_id, account_id, date) do update
        set debit = account_daily_balances.debit + excluded.debit, credit = account_daily_balances.credit + excluded.credit,
            line_count = account_daily_balances.line_count + excluded.line_count
    )
    select id, series, entry_no from entry`);
  const ids = new Map(written.map((w) => [`${w.series}|${w.entry_no}`, Number(w.id)]));

  return ready.map((e) => ({
    id: ids.get(`${e.series}|${e.entryNo}`) as number,
    clientId,
    series: e.series,
    entryNo: e.entryNo,
    number: documentNumber(e.series, e.entryNo),
    date: e.posting.date,
    reference: e.reference,
    memo: e.memo,
    sourceType: e.posting.sourceType,
    sourceId: e.posting.sourceId ?? null,
    branchId: e.posting.branchId ?? null,
    userId: e.posting.userId ?? batch.userId ?? null,
    total: e.total,
    reversesId: e.posting.reversesId ?? null,
    lines: e.lines,
  }));
}
