// Posts many journal entries at once (bill runs, bulk imports, the general journal's group commit) with
// the guarantees of postJournal: lines checked and merged per account and party, unbalanced, empty and
// zero entries refused, accounts active, dates after the lock date, gapless numbers, balances updated in
// the same transaction (by the lines' statement trigger). Whatever the number of entries it costs ONE
// statement, which checks the accounts and the lock date and, only when every posting passes, takes one
// block of numbers per series and writes every entry and line. Either every entry is written or none; a refusal
// is the one postJournal would give the first refused posting alone. Amounts are checked and summed as
// exact whole cents (BigInt). The database still checks each entry's balance at commit
// (migrations/0027's deferred check).
import { type SQL, sql } from 'drizzle-orm';
import { type PartyType, partyTypeValues } from '@ubo/contracts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { type AuditLine, auditLinesSql } from '../plugins/audit.ts';
import { AppError, type FieldError } from '../plugins/errors.ts';
import { documentNumber, entryNumberText } from './document-counter.ts';
import { queryPrepared } from './prepared-query.ts';
import { holdLockDate } from './lock-date.ts';
import { Decimal } from './money.ts';
import {
  DEFAULT_SERIES,
  amountLimitError,
  limitFieldOf,
  type PostedAccount,
  type PostedEntry,
  type PostedEntryDetail,
  type PostedLine,
  type Posting,
  type PostingLine,
} from './post-journal.ts';

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
  new AppError(
    400,
    code,
    key,
    errors.sort((x, y) => fieldOrder(x.field) - fieldOrder(y.field)).map((e) => ({ field: `postings.${index}.${e.field}`, message: e.message })),
  );

function isRealDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

const isRowId = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0 && (value as number) <= 2147483647;

/** Two-decimal text from the database as cents: '1000.50' -> 100050n. */
const toCents = (text: string) => {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
};

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
  const rows = await queryRows<{ id: number | null; status: string | null; lock_date: string | null; max_amount: string | null; is_settings: boolean }>(
    tx,
    sql`
    select id, status, null::text as lock_date, null::text as max_amount, false as is_settings from accounts
    where client_id = ${clientId} and id in (select (jsonb_array_elements_text(${ids}::jsonb))::int)
    union all
    select null, null, lock_date::text, max_document_amount::text, true
    from (select lock_date, max_document_amount from ledger_settings where client_id = ${clientId} for key share) s`,
  );
  const settings = rows.find((r) => r.is_settings);
  const status = new Map(rows.filter((r) => !r.is_settings).map((r) => [Number(r.id), r.status]));
  const lockDate = settings ? settings.lock_date : await holdLockDate(tx, clientId);
  return { status, lockDate, maxAmount: settings?.max_amount ?? null };
}

/**
 * Validates every posting, then writes them all; answers the posted entries in input order. Refusals are
 * the AppErrors of postJournal with fields prefixed by the posting: `postings.<i>.lines.<j>.accountId`,
 * code UNBALANCED / ZERO_ENTRY / PERIOD_LOCKED / LEDGER_EMPTY with field `postings.<i>.lines` or `.date`
 * (refusedPosting() reads the index back). An empty batch posts nothing.
 */
export function postJournalBatch(tx: Db, batch: JournalBatch): Promise<PostedEntry[]> {
  return preparePostJournalBatch(batch)(tx);
}

/**
 * postJournalBatch in two steps: the checks that need no database and the statement are made now, the
 * statement runs when the answered function is called. A bill run prepares its next chunk while the
 * database writes the current one. A refusal found now is thrown when the function is called.
 */
export function preparePostJournalBatch(batch: JournalBatch): (tx: Db) => Promise<PostedEntry[]> {
  if (batch.postings.length === 0) return async () => [];
  let planned: ReturnType<typeof planBatch>;
  try {
    planned = planBatch(batch, { detail: false });
  } catch (err) {
    return async () => {
      throw err;
    };
  }
  return (tx) => writePlanned(tx, batch, planned);
}

async function writePlanned(tx: Db, batch: JournalBatch, planned: ReturnType<typeof planBatch>): Promise<PostedEntry[]> {
  if ('screened' in planned) {
    // Refused before writing; which posting is refused first depends on the accounts, so read them.
    const { status, lockDate, maxAmount } = await readAccountsAndLockDate(tx, batch.clientId, planned.accountIds);
    throw firstRefusal(planned.screened, status, lockDate, maxAmount) ?? new Error('postJournalBatch: a screened posting passed');
  }
  let rows = await queryPrepared<WrittenRow>(tx, planned.statement);
  if (!planned.hasSettings(rows)) {
    // Organisations always have the row (seeded with the chart); the safety net for one made otherwise.
    await holdLockDate(tx, batch.clientId);
    rows = await queryPrepared<WrittenRow>(tx, planned.statement);
  }
  return planned.finish(rows);
}

export interface BatchPlanOptions {
  /** Also answer what postJournal answers: created_at and line ids (the accounts come anyway). */
  detail: boolean;
  /**
   * Each entry's audit line (entity id = the entry's id, `after` gets its number), written by the same
   * statement through the audit door (plugins/audit.ts). `posted` is the posting's index in the batch,
   * its total and merged lines.
   */
  audit?: (posted: { ord: number; total: string; lines: PostedLine[] }) => AuditLine;
}

/** The index of the posting a postJournalBatch refusal names (field postings.<i>....), or null for another error. */
export function refusedPosting(err: unknown): number | null {
  if (!(err instanceof AppError) || err.statusCode !== 400) return null;
  const match = /^postings\.(\d+)\./.exec(err.details?.[0]?.field ?? '');
  return match ? Number(match[1]) : null;
}

interface Screened {
  posting: JournalBatch['postings'][number];
  errors: FieldError[];
  checked: CheckedLine[];
  merged: ReturnType<typeof mergeLines>;
}

/**
 * The refusal of posting i given the accounts' status and the lock date, with postJournal's rules and
 * order (field and account errors, then balance, zero, size, closed period), or null when it passes.
 */
function refusalOf(i: number, p: Screened, status: ReadonlyMap<number, string | null>, lockDate: string | null, maxAmount: string | null): AppError | null {
  const errors = [...p.errors];
  for (const line of p.checked) {
    const s = status.get(line.accountId);
    if (s === undefined) errors.push({ field: `lines.${line.index}.accountId`, message: 'ledger.unknownAccount' });
    else if (s !== 'Active') errors.push({ field: `lines.${line.index}.accountId`, message: 'ledger.inactiveAccount' });
  }
  if (errors.length > 0) return refusal(i, 'VALIDATION', 'common.validation', errors);
  const { lines, debit, credit } = p.merged;
  if (debit !== credit) {
    const key = `ledger.unbalanced|${centsText(debit > credit ? debit - credit : credit - debit)}`;
    return refusal(i, 'UNBALANCED', key, [{ field: 'lines', message: key }]);
  }
  if (lines.length === 0 || debit === 0n) return refusal(i, 'ZERO_ENTRY', 'ledger.zero', [{ field: 'lines', message: 'ledger.zero' }]);
  if (debit >= MAX_CENTS) return refusal(i, 'VALIDATION', 'common.validation', [{ field: 'lines', message: 'v.money' }]);
  if (lockDate !== null && p.posting.date <= lockDate) {
    const key = `ledger.locked|${lockDate}`;
    return refusal(i, 'PERIOD_LOCKED', key, [{ field: 'date', message: key }]);
  }
  const limitField = limitFieldOf(p.posting, p.posting.reversesId);
  if (limitField !== null && maxAmount !== null && debit > toCents(maxAmount)) {
    const limit = amountLimitError(limitField, maxAmount);
    return refusal(i, limit.code, limit.messageKey, [{ field: limitField, message: limit.messageKey }]);
  }
  return null;
}

/** In posting order the first refusal wins, exactly as postJournal would refuse that posting alone. */
function firstRefusal(screened: Screened[], status: ReadonlyMap<number, string | null>, lockDate: string | null, maxAmount: string | null): AppError | null {
  for (const [i, p] of screened.entries()) {
    const refused = refusalOf(i, p, status, lockDate, maxAmount);
    if (refused) return refused;
  }
  return null;
}

/** Passes the checks that need no database (fields, balance, zero, size). */
const passesOnItsOwn = (p: Screened) =>
  p.errors.length === 0 && p.merged.debit === p.merged.credit && p.merged.lines.length > 0 && p.merged.debit !== 0n && p.merged.debit < MAX_CENTS;

interface WrittenRow {
  /** null on the one row that carries the accounts and the lock date. */
  o: number | null;
  id: string | number | null;
  entry_no: string | number | null;
  created_at: string | null;
  line_ids: number[] | null;
  accounts: AccountRow[] | null;
  has_settings: boolean | null;
  lock_date: string | null;
  max_amount: string | null;
}

interface AccountRow {
  id: number;
  status: string;
  code: string;
  name_en: string;
  name_so: string;
  type: PostedAccount['type'];
}

/** The checks of one posting that need no database (fields, balance, zero, size). */
function screen(posting: JournalBatch['postings'][number], accountIds: Set<number>): Screened {
  const errors: FieldError[] = [];
  if (!isRealDate(posting.date)) errors.push({ field: 'date', message: 'v.date' });
  const checked = checkLines(posting.lines, errors);
  for (const line of checked) accountIds.add(line.accountId);
  return { posting, errors, checked, merged: mergeLines(checked) };
}

/** True when the posting passes every check that needs no database (a group commit leaves the others to post alone). */
export function passesWithoutDatabase(posting: Posting): boolean {
  return Array.isArray(posting.lines) && posting.lines.length > 0 && passesOnItsOwn(screen(posting, new Set()));
}

/** The batch's write statement and how to read its answer; see planBatch. */
export interface PlannedBatch {
  statement: SQL;
  /** The posted entries in input order; throws the first refusal when the statement's checks refused the batch. */
  finish(rows: unknown[]): PostedEntryDetail[];
  /** False when the organisation has no ledger settings row (the statement wrote nothing). */
  hasSettings(rows: unknown[]): boolean;
}

/**
 * Screens every posting and builds the one write statement, or answers the screened postings when one
 * fails a check that needs no database. postJournalBatch runs it inside its caller's transaction; the
 * general journal's group commit runs it in a transaction of its own and answers each posting as its own
 * request (hence `detail`).
 */
export function planBatch(batch: JournalBatch, options: BatchPlanOptions): PlannedBatch | { screened: Screened[]; accountIds: number[] } {
  const { clientId } = batch;
  const { postings } = batch;
  if (postings.length === 0) throw new Error('planBatch: an empty batch');

  // Checks without the database, posting by posting.
  const screened: Screened[] = [];
  const accountIds = new Set<number>();
  for (const [i, posting] of postings.entries()) {
    if (!posting.sourceType) throw new Error('postJournalBatch: sourceType is required');
    if (posting.clientId !== undefined && posting.clientId !== clientId)
      throw new Error('postJournalBatch: every posting must belong to the batch organisation');
    if (!Array.isArray(posting.lines) || posting.lines.length === 0)
      throw refusal(i, 'LEDGER_EMPTY', 'ledger.empty', [{ field: 'lines', message: 'ledger.empty' }]);
    screened.push(screen(posting, accountIds));
  }
  const ids = [...accountIds];
  if (!screened.every(passesOnItsOwn)) return { screened, accountIds: ids };

  // Numbered within its series: number = the block's first + k.
  const seen = new Map<string, number>();
  const ready = screened.map((p, ord) => {
    const series = p.posting.series ?? DEFAULT_SERIES;
    const k = seen.get(series) ?? 0;
    seen.set(series, k + 1);
    return {
      ord,
      k,
      series,
      posting: p.posting,
      reference: p.posting.reference?.trim() || null,
      memo: p.posting.memo?.trim() || null,
      total: centsText(p.merged.debit),
      lines: p.merged.lines,
    };
  });
  const minDate = ready.reduce((min, e) => (e.posting.date < min ? e.posting.date : min), ready[0].posting.date);
  // The largest total the organisation's per-document maximum applies to (reversals and exempt postings
  // aside); 0 when none is limited.
  const limitedTotal = screened.reduce((top, p) => (limitFieldOf(p.posting, p.posting.reversesId) !== null && p.merged.debit > top ? p.merged.debit : top), 0n);
  const entryPayload = JSON.stringify(
    ready.map((e) => ({
      o: e.ord,
      k: e.k,
      s: e.series,
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
    ready.flatMap((e) => e.lines.map((l, k) => ({ o: e.ord, k, a: l.accountId, d: l.debit, c: l.credit, pt: l.partyType, pi: l.partyId, m: l.memo }))),
  );
  const { detail, audit } = options;
  // ONE statement: the accounts and the lock date are checked (settings row FOR KEY SHARE, as
  // postJournal), and only when every posting passes does it take one block of numbers per series
  // (counter rows in series order, the order every writer locks them in) and write every entry, line
  // and the audit lines (the balances follow by the lines' statement trigger). The
  // counter rows stay locked from here to commit. When a check fails nothing is written and the first
  // row tells which posting is refused.
  const statement = sql`
    with used as (
      select id, status, code, name_en, name_so, type from accounts
      where client_id = ${clientId} and id = any(${`{${ids.join(',')}}`}::int[])
    ),
    settings as (
      select lock_date, max_document_amount from ledger_settings where client_id = ${clientId} for key share
    ),
    checked as (
      select (select count(*) from used where status = 'Active') = ${ids.length}::int
             and exists (select 1 from settings)
             and not exists (select 1 from settings where lock_date >= ${minDate}::date)
             and not exists (select 1 from settings where max_document_amount < ${centsText(limitedTotal)}::numeric) as ok
    ),
    raw as (
      select * from json_to_recordset(${entryPayload}::json)
        as x(o int, k bigint, s text, d date, r text, m text, t text, i bigint, b int, u int, a numeric, v bigint)
    ),
    counts as (
      select s, count(*)::bigint as c from raw where (select ok from checked) group by s
    ),
    counter as (
      insert into document_counters (client_id, series, next_no)
      select ${clientId}, s, c + 1 from counts order by s
      on conflict (client_id, series) do update set next_no = document_counters.next_no + excluded.next_no - 1
      returning series, next_no
    ),
    ein as (
      select raw.*, counter.next_no - counts.c + raw.k as n
      from raw join counts on counts.s = raw.s join counter on counter.series = raw.s
    ),
    entry as (
      insert into journal_entries (client_id, series, entry_no, date, reference, memo, source_type, source_id, branch_id, user_id, total, reverses_id)
      select ${clientId}, s, n, d, r, m, t, i, b, u, a, v from ein order by o
      returning id, series, entry_no, date, created_at
    ),
    lin as (
      select * from json_to_recordset(${linePayload}::json)
        as x(o int, k int, a int, d numeric, c numeric, pt text, pi int, m text)
    ),
    inserted as (
      insert into journal_lines (client_id, entry_id, account_id, debit, credit, party_type, party_id, memo, date)
      select ${clientId}, entry.id, lin.a, lin.d, lin.c, lin.pt, lin.pi, lin.m, entry.date
      from lin join ein on ein.o = lin.o join entry on entry.series = ein.s and entry.entry_no = ein.n
      order by lin.o, lin.k
      returning id, entry_id
    ),
    posted as (
      select ein.o, entry.id, entry.series, entry.entry_no, entry.created_at from entry join ein on ein.s = entry.series and ein.n = entry.entry_no
    )
    ${
      audit
        ? sql`, audited as (${auditLinesSql(
            sql`(select o as k, id, ${entryNumberText(sql`series`, sql`entry_no`)} as number from posted)`,
            ready.map((e) => audit({ ord: e.ord, total: e.total, lines: e.lines })),
          )})`
        : sql``
    }
    ${detail ? sql`, line_ids as materialized (select entry_id, jsonb_agg(id order by id) as ids from inserted group by entry_id)` : sql``}
    select null::int as o, null::bigint as id, null::bigint as entry_no, null::timestamptz as created_at, null::jsonb as line_ids,
           (select coalesce(jsonb_agg(used), '[]'::jsonb) from used) as accounts,
           exists (select 1 from settings) as has_settings, (select lock_date::text from settings) as lock_date,
           (select max_document_amount::text from settings) as max_amount
    union all
    select posted.o, posted.id, posted.entry_no, ${detail ? sql`posted.created_at, line_ids.ids` : sql`null, null`}, null, null, null, null
    from posted ${detail ? sql`left join line_ids on line_ids.entry_id = posted.id` : sql``}`;
  const finish = (rows: unknown[]): PostedEntryDetail[] => {
    // The row without `o` carries the accounts and the lock date (found, not assumed first: UNION ALL
    // promises no order).
    const head = (rows as WrittenRow[]).find((r) => r.o === null) as WrittenRow;
    const written = (rows as WrittenRow[]).filter((r) => r.o !== null);
    const accounts = head.accounts ?? [];
    if (written.length !== ready.length) {
      const status = new Map(accounts.map((a) => [Number(a.id), a.status]));
      throw firstRefusal(screened, status, head.lock_date, head.max_amount) ?? new Error('postJournalBatch: the checks refused a batch that passes them');
    }
    const details: ReadonlyMap<number, PostedAccount> = new Map(
      accounts.map((a) => [Number(a.id), { code: a.code, nameEn: a.name_en, nameSo: a.name_so, type: a.type }]),
    );
    const byOrd: WrittenRow[] = [];
    for (const w of written) byOrd[Number(w.o)] = w;
    return ready.map((e) => {
      const row = byOrd[e.ord];
      const entryNo = Number(row.entry_no);
      return {
        id: Number(row.id),
        clientId,
        series: e.series,
        entryNo,
        number: documentNumber(e.series, entryNo),
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
        // Without `detail` the statement answers no creation time or line ids.
        createdAt: detail ? new Date(row.created_at as string).toISOString() : '',
        lineIds: (row.line_ids ?? []).map(Number),
        accounts: details,
      };
    });
  };
  return { statement, finish, hasSettings: (rows) => Boolean((rows as WrittenRow[]).find((r) => r.o === null)?.has_settings) };
}
