// THE posting function: every movement of money in every module becomes one journal entry through
// postJournal(), inside the caller's transaction. It checks the lines (field errors naming the line),
// merges them per account and party, refuses unbalanced, zero and locked-period entries, takes the next
// gapless number, and writes the entry and its lines (the customer, daily and monthly balances follow
// by the lines' statement trigger) - checks and writes in ONE statement, so the counter row is held
// from the number to the commit only. The database re-checks the balance at commit and refuses any
// later change (migrations/0010_ledger.sql, 0032_balances_follow_lines.sql).
import { sql } from 'drizzle-orm';
import { type AccountType, partyTypeValues, type PartyType } from '@ubo/contracts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { type AuditLine, auditLinesSql } from '../plugins/audit.ts';
import { AppError, type FieldError } from '../plugins/errors.ts';
import { documentNumber, entryNumberText } from './document-counter.ts';
import { queryPrepared } from './prepared-query.ts';
import { holdLockDate } from './lock-date.ts';
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
  /**
   * The document's amount field that a refusal over the organisation's per-document maximum names
   * (ledger_settings.max_document_amount, migration 0034): 'amount' for a transfer, say. Default 'lines'
   * (the entry's total); null exempts the posting (reversals and year-end closings move what was already
   * allowed, and a reversal is always exempt).
   */
  limitField?: string | null;
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

/** '1000000000.00' -> '1,000,000,000.00': the limit as people read it, in the refusal's message. */
export function groupedAmount(amount: string): string {
  const [whole, cents = '00'] = amount.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents.padEnd(2, '0')}`;
}

/** The refusal of a document above the organisation's maximum, naming the document's amount field. */
export const amountLimitError = (field: string, maxAmount: string) => entryError('AMOUNT_LIMIT', `ledger.amountLimit|${groupedAmount(maxAmount)}`, field);

/** The field an over-limit refusal names, or null when the posting is exempt. */
export const limitFieldOf = (posting: Pick<Posting, 'limitField'>, reversesId: number | null | undefined): string | null =>
  reversesId ? null : posting.limitField === undefined ? 'lines' : posting.limitField;

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

interface AccountRow {
  id: number;
  status: string;
  code: string;
  name_en: string;
  name_so: string;
  type: AccountType;
}

/** An account used by a posting, as the answer to the caller needs it. */
export interface PostedAccount {
  code: string;
  nameEn: string;
  nameSo: string;
  type: AccountType;
}

/** What postJournal answers: the entry, and what a caller needs to answer its request without reading it back. */
export interface PostedEntryDetail extends PostedEntry {
  /** ISO timestamp of journal_entries.created_at. */
  createdAt: string;
  /** Ids of the written lines, in the order of `lines`. */
  lineIds: number[];
  accounts: ReadonlyMap<number, PostedAccount>;
}

export interface PostOptions {
  /**
   * The entry's audit line (entity id = the entry's id, `after` gets its number), written by the posting's
   * own statement, so it costs no extra round trip while the counter row is held. `posted` is the merged
   * lines and total as posted. The line goes through the audit door (plugins/audit.ts auditLinesSql).
   */
  audit?: (posted: { total: string; lines: PostedLine[]; reference: string | null; memo: string | null }) => AuditLine;
}

/**
 * The accounts' status, for an entry already known to be refused (field errors, unbalanced or zero):
 * the refusal names every faulty line, in the order the checks have always used.
 */
async function readAccounts(tx: Db, clientId: number, accountIds: number[]) {
  const rows = await queryRows<AccountRow>(
    tx,
    sql`
    select id, status, code, name_en, name_so, type from accounts
    where client_id = ${clientId} and id in (select (jsonb_array_elements_text(${JSON.stringify(accountIds)}::jsonb))::int)`,
  );
  return new Map(rows.map((r) => [Number(r.id), r]));
}

/** Every account must exist in the organisation and be active; errors name the line using it. */
function checkAccounts(lines: CheckedLine[], accounts: ReadonlyMap<number, { status: string }>, errors: FieldError[]): void {
  for (const line of lines) {
    const s = accounts.get(line.accountId)?.status;
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
export function postJournal(tx: Db, posting: Posting, options: PostOptions = {}): Promise<PostedEntryDetail> {
  return writeEntry(tx, posting, null, options);
}

interface WriteResult {
  accounts: AccountRow[];
  has_settings: boolean;
  lock_date: string | null;
  max_amount: string | null;
  entry: { id: number; entry_no: number; created_at: string } | null;
  lines: { id: number }[] | null;
}

/** postJournal with the reversal link; reverse-journal.ts is its only other caller. */
export async function writeEntry(tx: Db, posting: Posting, reversesId: number | null, options: PostOptions = {}): Promise<PostedEntryDetail> {
  if (!posting.sourceType) throw new Error('postJournal: sourceType is required');
  const { clientId } = posting;
  if (!Array.isArray(posting.lines) || posting.lines.length === 0) throw entryError('LEDGER_EMPTY', 'ledger.empty', 'lines');
  const errors: FieldError[] = [];
  if (typeof posting.date !== 'string' || !isRealDate(posting.date)) errors.push({ field: 'date', message: 'v.date' });
  const checked = checkLines(posting.lines, errors);
  const accountIds = [...new Set(checked.map((l) => l.accountId))];
  const lines = mergeLines(checked);
  const debit = sum(lines, 'debit');
  const credit = sum(lines, 'credit');

  // Refused before writing: the refusal in its usual order (field errors with the accounts' own, then
  // the entry's balance), which needs one read of the accounts.
  if (errors.length > 0 || !debit.eq(credit) || lines.length === 0 || debit.isZero() || debit.gte(MAX_AMOUNT)) {
    checkAccounts(checked, await readAccounts(tx, clientId, accountIds), errors);
    if (errors.length > 0) throw validationError(errors.sort((x, y) => fieldOrder(x.field) - fieldOrder(y.field)));
    if (!debit.eq(credit)) throw entryError('UNBALANCED', `ledger.unbalanced|${money(debit.minus(credit).abs())}`, 'lines');
    if (lines.length === 0 || debit.isZero()) throw entryError('ZERO_ENTRY', 'ledger.zero', 'lines');
    throw validationError([{ field: 'lines', message: 'v.money' }]);
  }

  const series = posting.series ?? DEFAULT_SERIES;
  const reference = posting.reference?.trim() || null;
  const memo = posting.memo?.trim() || null;
  const total = money(debit);
  const limitField = limitFieldOf(posting, reversesId);
  const write = () =>
    writeStatement(tx, { posting, series, reference, memo, total, lines, accountIds, reversesId, isLimited: limitField !== null, audit: options.audit });
  let result = await write();
  if (!result.has_settings) {
    // Organisations always have the row (seeded with the chart, backfilled by the migration); this is the
    // safety net for one made some other way.
    await holdLockDate(tx, clientId);
    result = await write();
  }
  const accounts = new Map(result.accounts.map((a) => [Number(a.id), a]));
  if (!result.entry || !result.lines) {
    checkAccounts(checked, accounts, errors);
    if (errors.length > 0) throw validationError(errors.sort((x, y) => fieldOrder(x.field) - fieldOrder(y.field)));
    if (result.lock_date !== null && result.lock_date >= posting.date) throw entryError('PERIOD_LOCKED', `ledger.locked|${result.lock_date}`, 'date');
    if (limitField !== null && result.max_amount !== null && debit.gt(result.max_amount)) throw amountLimitError(limitField, result.max_amount);
    throw entryError('PERIOD_LOCKED', `ledger.locked|${result.lock_date}`, 'date');
  }
  const entryNo = Number(result.entry.entry_no);
  return {
    id: Number(result.entry.id),
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
    createdAt: new Date(result.entry.created_at).toISOString(),
    lineIds: result.lines.map((l) => Number(l.id)),
    accounts: new Map([...accounts].map(([id, a]) => [id, { code: a.code, nameEn: a.name_en, nameSo: a.name_so, type: a.type }])),
  };
}

/**
 * The whole posting in one statement: check the accounts and the lock date (settings row FOR KEY SHARE,
 * so a closing that changes the date waits for this posting or this posting sees the new date), then,
 * only when they pass, take the next gapless number, write the entry, its lines (the balances follow by
 * trigger) and the audit line. One statement, so the counter row, locked
 * from here to commit and serialising the organisation's postings in the series, is held only for the
 * rest of this statement and the commit. Lock order everywhere: settings row, then the document counter,
 * then the balance rows (the trigger upserts them in key order).
 */
async function writeStatement(
  tx: Db,
  w: {
    posting: Posting;
    series: string;
    reference: string | null;
    memo: string | null;
    total: string;
    lines: PostedLine[];
    accountIds: number[];
    reversesId: number | null;
    isLimited: boolean;
    audit?: PostOptions['audit'];
  },
): Promise<WriteResult> {
  const { posting, series } = w;
  const { clientId } = posting;
  const payload = JSON.stringify(w.lines.map((l, ord) => ({ ord, ...l })));
  const [row] = await queryPrepared<WriteResult>(
    tx,
    sql`
    with used as (
      select id, status, code, name_en, name_so, type from accounts
      where client_id = ${clientId} and id = any(${`{${w.accountIds.join(',')}}`}::int[])
    ),
    settings as (
      select lock_date, max_document_amount from ledger_settings where client_id = ${clientId} for key share
    ),
    checked as (
      select (select count(*) from used where status = 'Active') = ${w.accountIds.length}::int
             and exists (select 1 from settings)
             and not exists (select 1 from settings where lock_date >= ${posting.date}::date)
             and not exists (select 1 from settings where ${w.isLimited}::boolean and max_document_amount < ${w.total}::numeric) as ok
    ),
    counter as (
      insert into document_counters (client_id, series, next_no)
      select ${clientId}, ${series}, 2 from checked where ok
      on conflict (client_id, series) do update set next_no = document_counters.next_no + 1
      returning next_no - 1 as no
    ),
    entry as (
      insert into journal_entries (client_id, series, entry_no, date, reference, memo, source_type, source_id, branch_id, user_id, total, reverses_id)
      select ${clientId}, ${series}, counter.no, ${posting.date}::date, ${w.reference}, ${w.memo}, ${posting.sourceType},
             ${posting.sourceId ?? null}::bigint, ${posting.branchId ?? null}::int, ${posting.userId ?? null}::int, ${w.total}::numeric, ${w.reversesId}::bigint
      from counter
      returning id, series, entry_no, created_at
    ),
    input as (
      select * from jsonb_to_recordset(${payload}::jsonb)
        as x(ord int, "accountId" int, debit numeric, credit numeric, "partyType" text, "partyId" int, memo text)
    ),
    inserted as (
      insert into journal_lines (client_id, entry_id, account_id, debit, credit, party_type, party_id, memo, date)
      select ${clientId}, entry.id, "accountId", debit, credit, "partyType", "partyId", input.memo, ${posting.date}::date
      from entry cross join input order by ord
      returning id
    )
    ${w.audit ? sql`, audited as (${auditLinesSql(sql`(select 0 as k, id, ${entryNumberText(sql`series`, sql`entry_no`)} as number from entry)`, [w.audit({ total: w.total, lines: w.lines, reference: w.reference, memo: w.memo })])})` : sql``}
    select (select coalesce(jsonb_agg(used), '[]'::jsonb) from used) as accounts,
           exists (select 1 from settings) as has_settings,
           (select lock_date::text from settings) as lock_date,
           (select max_document_amount::text from settings) as max_amount,
           (select to_jsonb(entry) from entry) as entry,
           (select jsonb_agg(jsonb_build_object('id', id) order by id) from inserted) as lines`,
  );
  return row;
}
