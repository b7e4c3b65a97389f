// THE posting function: every movement of money in every module becomes one journal entry through
// postJournal(), inside the caller's transaction. It checks the lines (field errors naming the line),
// merges them per account and party, refuses unbalanced, zero and locked-period entries, takes the next
// gapless number, and writes the entry, its lines and the daily balances. The database re-checks the
// balance at commit and refuses any later change (migrations/0010_ledger.sql).
import { sql } from 'drizzle-orm';
import { partyTypeValues, type PartyType } from '@ubo/contracts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { AppError, type FieldError } from '../plugins/errors.ts';
import { counterUpsert, documentNumber } from './document-counter.ts';
import { readLockDateForPosting } from './lock-date.ts';
import { Decimal, money } from './money.ts';

export interface PostingLine {
  accountId: number;
  /** Decimal string ('1250.50') or Decimal; empty or missing means zero. */
  debit?: string | Decimal | null;
  credit?: string | Decimal | null;
  partyType?: PartyType | null;
  partyId?: number | null;
  memo?: string | null;
}

export interface Posting {
  clientId: number;
  /** YYYY-MM-DD */
  date: string;
  /** Numbering series; default 'JV' (journal voucher). */
  series?: string;
  reference?: string | null;
  memo?: string | null;
  /** What produced the entry: 'journal', 'bill', 'payment', ... */
  sourceType: string;
  sourceId?: number | null;
  branchId?: number | null;
  userId?: number | null;
  lines: PostingLine[];
}

export interface PostedLine {
  accountId: number;
  debit: string;
  credit: string;
  partyType: PartyType | null;
  partyId: number | null;
  memo: string | null;
}

export interface PostedEntry {
  id: number;
  clientId: number;
  series: string;
  entryNo: number;
  number: string;
  date: string;
  reference: string | null;
  memo: string | null;
  sourceType: string;
  sourceId: number | null;
  branchId: number | null;
  userId: number | null;
  total: string;
  reversesId: number | null;
  lines: PostedLine[];
}

export const DEFAULT_SERIES = 'JV';
/** numeric(18,2): sixteen digits before the point. */
const MAX_AMOUNT = new Decimal('1e16');
const AMOUNT_TEXT = /^-?\d+(\.\d+)?$/;

/** Errors in form order: the date first, then line by line. */
const fieldOrder = (field: string) => (field.startsWith('lines.') ? Number(field.split('.')[1]) + 1 : 0);
const validationError = (details: FieldError[]) => new AppError(400, 'VALIDATION', 'common.validation', details);
const entryError = (code: string, key: string, field: string) => new AppError(400, code, key, [{ field, message: key }]);

function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** A positive PostgreSQL integer (accounts, parties). */
const isRowId = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0 && (value as number) <= 2147483647;

/** Parses one side of a line; pushes a field error and answers null when it is not a usable amount. */
function parseAmount(value: PostingLine['debit'], field: string, errors: FieldError[]): Decimal | null {
  let d: Decimal;
  if (value === null || value === undefined || value === '') return new Decimal(0);
  if (typeof value === 'string') {
    if (!AMOUNT_TEXT.test(value.trim())) {
      errors.push({ field, message: 'v.money' });
      return null;
    }
    d = new Decimal(value.trim());
  } else if (Decimal.isDecimal(value)) {
    d = new Decimal(value);
  } else {
    errors.push({ field, message: 'v.money' });
    return null;
  }
  if (!d.isFinite() || d.decimalPlaces() > 2 || d.abs().gte(MAX_AMOUNT)) {
    errors.push({ field, message: 'v.money' });
    return null;
  }
  if (d.isNegative() && !d.isZero()) {
    errors.push({ field, message: 'ledger.negative' });
    return null;
  }
  return d;
}

interface CheckedLine {
  index: number;
  accountId: number;
  debit: Decimal;
  credit: Decimal;
  partyType: PartyType | null;
  partyId: number | null;
  memo: string | null;
}

/** Field checks that need no database: amounts, one side per line, party pairs. */
function checkLines(lines: PostingLine[], errors: FieldError[]): CheckedLine[] {
  const checked: CheckedLine[] = [];
  lines.forEach((line, index) => {
    const at = (name: string) => `lines.${index}.${name}`;
    const before = errors.length;
    if (!isRowId(line.accountId)) errors.push({ field: at('accountId'), message: 'ledger.unknownAccount' });
    const debit = parseAmount(line.debit, at('debit'), errors);
    const credit = parseAmount(line.credit, at('credit'), errors);
    if (debit && credit) {
      if (debit.gt(0) && credit.gt(0)) errors.push({ field: at('credit'), message: 'ledger.bothSides' });
      else if (debit.isZero() && credit.isZero()) errors.push({ field: at('debit'), message: 'ledger.zeroLine' });
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
    if (errors.length > before || !debit || !credit) return;
    const memo = line.memo?.trim() || null;
    checked.push({ index, accountId: line.accountId, debit, credit, partyType, partyId, memo });
  });
  return checked;
}

/**
 * One round trip for what the database must confirm: the accounts' status and the lock date. The
 * settings row is read FOR KEY SHARE, so a concurrent change of the lock date (which takes FOR UPDATE
 * first) waits for this posting, or this posting waits and sees the new date. Lock order everywhere:
 * settings row, then the document counter.
 */
async function readAccountsAndLockDate(tx: Db, clientId: number, lines: CheckedLine[]) {
  const ids = JSON.stringify([...new Set(lines.map((l) => l.accountId))]);
  const rows = await queryRows<{ id: number | null; status: string | null; lock_date: string | null; is_settings: boolean }>(tx, sql`
    select id, status, null::text as lock_date, false as is_settings from accounts
    where client_id = ${clientId} and id in (select (jsonb_array_elements_text(${ids}::jsonb))::int)
    union all
    select null, null, lock_date::text, true from (select lock_date from ledger_settings where client_id = ${clientId} for key share) s`);
  const settings = rows.find((r) => r.is_settings);
  const status = new Map(rows.filter((r) => !r.is_settings).map((r) => [Number(r.id), r.status]));
  // Organisations always have the row (seeded with the chart, backfilled by the migration); this is the
  // safety net for one made some other way.
  const lockDate = settings ? settings.lock_date : await readLockDateForPosting(tx, clientId);
  return { status, lockDate };
}

/** Every account must exist in the organisation and be active; errors name the line using it. */
function checkAccounts(lines: CheckedLine[], status: Map<number, string | null>, errors: FieldError[]): void {
  for (const line of lines) {
    const s = status.get(line.accountId);
    if (s === undefined) errors.push({ field: `lines.${line.index}.accountId`, message: 'ledger.unknownAccount' });
    else if (s !== 'Active') errors.push({ field: `lines.${line.index}.accountId`, message: 'ledger.inactiveAccount' });
  }
}

/** One line per account and party, netted to one side; lines that net to zero drop out. */
export function mergeLines(lines: CheckedLine[]): PostedLine[] {
  const merged = new Map<string, { line: CheckedLine; net: Decimal; memo: string | null }>();
  for (const line of lines) {
    const key = `${line.accountId}|${line.partyType ?? ''}|${line.partyId ?? ''}`;
    const current = merged.get(key);
    const net = line.debit.minus(line.credit);
    if (current) {
      current.net = current.net.plus(net);
      current.memo = current.memo ?? line.memo;
    } else {
      merged.set(key, { line, net, memo: line.memo });
    }
  }
  const out: PostedLine[] = [];
  for (const { line, net, memo } of merged.values()) {
    if (net.isZero()) continue;
    out.push({
      accountId: line.accountId,
      debit: money(net.gt(0) ? net : 0),
      credit: money(net.lt(0) ? net.negated() : 0),
      partyType: line.partyType,
      partyId: line.partyId,
      memo,
    });
  }
  return out;
}

function sum(lines: PostedLine[], side: 'debit' | 'credit'): Decimal {
  return lines.reduce((acc, l) => acc.plus(l[side]), new Decimal(0));
}

/**
 * Validates, merges and writes one entry. Throws AppError (400) with field errors such as
 * `lines.2.accountId` for a faulty line, or codes LEDGER_EMPTY, UNBALANCED, ZERO_ENTRY, PERIOD_LOCKED for
 * the entry; nothing is written then.
 */
export function postJournal(tx: Db, posting: Posting): Promise<PostedEntry> {
  return writeEntry(tx, posting, null);
}

/** postJournal with the reversal link; reverse-journal.ts is its only other caller. */
export async function writeEntry(tx: Db, posting: Posting, reversesId: number | null): Promise<PostedEntry> {
  if (!posting.sourceType) throw new Error('postJournal: sourceType is required');
  const { clientId } = posting;
  if (!Array.isArray(posting.lines) || posting.lines.length === 0) throw entryError('LEDGER_EMPTY', 'ledger.empty', 'lines');
  const errors: FieldError[] = [];
  if (typeof posting.date !== 'string' || !isRealDate(posting.date)) errors.push({ field: 'date', message: 'v.date' });
  const checked = checkLines(posting.lines, errors);
  const { status, lockDate } = await readAccountsAndLockDate(tx, clientId, checked);
  checkAccounts(checked, status, errors);
  if (errors.length > 0) throw validationError(errors.sort((x, y) => fieldOrder(x.field) - fieldOrder(y.field)));

  const lines = mergeLines(checked);
  const debit = sum(lines, 'debit');
  const credit = sum(lines, 'credit');
  if (!debit.eq(credit)) {
    const key = `ledger.unbalanced|${money(debit.minus(credit).abs())}`;
    throw entryError('UNBALANCED', key, 'lines');
  }
  if (lines.length === 0 || debit.isZero()) throw entryError('ZERO_ENTRY', 'ledger.zero', 'lines');
  if (debit.gte(MAX_AMOUNT)) throw validationError([{ field: 'lines', message: 'v.money' }]);
  if (lockDate !== null && posting.date <= lockDate) throw entryError('PERIOD_LOCKED', `ledger.locked|${lockDate}`, 'date');

  const series = posting.series ?? DEFAULT_SERIES;
  const reference = posting.reference?.trim() || null;
  const memo = posting.memo?.trim() || null;
  const total = money(debit);
  const payload = JSON.stringify(lines.map((l, ord) => ({ ord, ...l })));
  // Number, entry, lines and daily balances in one statement, so the counter row (locked from here to
  // commit, serialising the organisation's postings in this series) is held as briefly as possible.
  // Balance rows are upserted in account order, so concurrent postings lock them in the same order.
  const [entry] = await queryRows<{ id: string | number; entry_no: string | number }>(tx, sql`
    with counter as (${counterUpsert(clientId, series)}),
    entry as (
      insert into journal_entries (client_id, series, entry_no, date, reference, memo, source_type, source_id, branch_id, user_id, total, reverses_id)
      select ${clientId}, ${series}, counter.no, ${posting.date}::date, ${reference}, ${memo}, ${posting.sourceType},
             ${posting.sourceId ?? null}::bigint, ${posting.branchId ?? null}::int, ${posting.userId ?? null}::int, ${total}::numeric, ${reversesId}::bigint
      from counter
      returning id, entry_no
    ),
    input as (
      select * from jsonb_to_recordset(${payload}::jsonb)
        as x(ord int, "accountId" int, debit numeric, credit numeric, "partyType" text, "partyId" int, memo text)
    ),
    inserted as (
      insert into journal_lines (client_id, entry_id, account_id, debit, credit, party_type, party_id, memo, date)
      select ${clientId}, entry.id, "accountId", debit, credit, "partyType", "partyId", input.memo, ${posting.date}::date
      from entry cross join input order by ord
      returning account_id, debit, credit
    ),
    balances as (
      insert into account_daily_balances (client_id, account_id, date, debit, credit, line_count)
      select ${clientId}, account_id, ${posting.date}::date, sum(debit), sum(credit), count(*)
      from inserted group by account_id order by account_id
      on conflict (client_id, account_id, date) do update
        set debit = account_daily_balances.debit + excluded.debit, credit = account_daily_balances.credit + excluded.credit,
            line_count = account_daily_balances.line_count + excluded.line_count
    )
    select id, entry_no from entry`);
  const entryId = Number(entry.id);
  const entryNo = Number(entry.entry_no);

  return {
    id: entryId,
    clientId,
    series,
    entryNo,
    number: documentNumber(series, entryNo),
    date: posting.date,
    reference,
    memo,
    sourceType: posting.sourceType,
    sourceId: posting.sourceId ?? null,
    branchId: posting.branchId ?? null,
    userId: posting.userId ?? null,
    total,
    reversesId,
    lines,
  };
}
