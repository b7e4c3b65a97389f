// The finance-reports screens' pure rules, kept apart from React so they are unit-tested: years, months
// and periods in the URL, the export path of a report, the budget grid (cells as text, row and column
// totals, the PUT body of the changed cells, the server's line errors back on their cells), the
// reconciliation's live cleared balance and difference, and the cash flow check. Money is decimal.js
// throughout, never number arithmetic.
import Decimal from 'decimal.js';
import type { Account, BudgetLineInput, BudgetSheet, Reconciliation } from '@ubo/contracts';
import { todayIso } from '../../lib/format.ts';
import { AMOUNT_PATTERN } from '../finance/index.ts';
import type { DateRange } from '../../lib/reportPeriods.ts';

// ---- Years, months and periods -----------------------------------------------------------------

export const MIN_YEAR = 2000;
export const MAX_YEAR = 2100;
export const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

const pad2 = (n: number) => String(n).padStart(2, '0');

/** ?year in the URL (2000–2100), else the year of today. */
export function yearFromParams(params: URLSearchParams, today: string = todayIso()): number {
  const raw = params.get('year');
  if (raw && /^\d{4}$/.test(raw)) {
    const y = Number(raw);
    if (y >= MIN_YEAR && y <= MAX_YEAR) return y;
  }
  return Number(today.slice(0, 4));
}

/** ?month in the URL (1–12), else null (the whole year). */
export function monthFromParams(params: URLSearchParams): number | null {
  const raw = params.get('month');
  if (!raw || !/^\d{1,2}$/.test(raw)) return null;
  const m = Number(raw);
  return m >= 1 && m <= 12 ? m : null;
}

const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isPeriod(value: string | null | undefined): value is string {
  if (!value) return false;
  const m = PERIOD.exec(value);
  return m !== null && Number(m[1]) >= MIN_YEAR && Number(m[1]) <= MAX_YEAR;
}

/** ?period (YYYY-MM) in the URL, else the month of today. */
export function periodFromParams(params: URLSearchParams, today: string = todayIso()): string {
  const raw = params.get('period');
  return isPeriod(raw) ? raw : today.slice(0, 7);
}

export const periodOf = (year: number, month: number) => `${year}-${pad2(month)}`;

/** The year and month (1–12) of a YYYY-MM period. */
export function splitPeriod(period: string): { year: number; month: number } {
  return { year: Number(period.slice(0, 4)), month: Number(period.slice(5, 7)) };
}

/** The first and last day of a YYYY-MM month. */
export function monthRange(period: string): DateRange {
  const { year, month } = splitPeriod(period);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { startDate: `${period}-01`, endDate: `${period}-${pad2(last)}` };
}

/** A month's part of a report period (a drill-down from a month column stays inside the report's period). */
export function monthWithin(period: string, range: DateRange): DateRange {
  const m = monthRange(period);
  return {
    startDate: m.startDate < range.startDate ? range.startDate : m.startDate,
    endDate: m.endDate > range.endDate ? range.endDate : m.endDate,
  };
}

/** Years offered by the year pickers: ten back and five ahead of this year, and the chosen one. */
export function yearChoices(selected: number, today: string = todayIso()): number[] {
  const now = Number(today.slice(0, 4));
  const out = new Set<number>();
  for (let y = Math.max(MIN_YEAR, now - 10); y <= Math.min(MAX_YEAR, now + 5); y++) out.add(y);
  out.add(selected);
  return [...out].sort((a, b) => a - b);
}

// ---- Budget grid -------------------------------------------------------------------------------

/** A row of the budget grid. */
export interface BudgetAccount {
  id: number;
  code: string;
  name: string;
  type: 'income' | 'expense';
}

const byCode = (a: { code: string }, b: { code: string }) => a.code.localeCompare(b.code, undefined, { numeric: true });

/**
 * The grid's rows: every active income and expense account of the chart, an inactive one only while it
 * has a budget this year, and the budgeted accounts the chart does not list (a user who may not read
 * the chart sees just those); by code.
 */
export function budgetAccounts(
  chart: readonly Pick<Account, 'id' | 'code' | 'name' | 'type' | 'status'>[] | undefined,
  sheet: Pick<BudgetSheet, 'rows'> | undefined,
): BudgetAccount[] {
  const budgeted = new Set((sheet?.rows ?? []).filter((r) => r.months.some((m) => !new Decimal(m).isZero())).map((r) => r.accountId));
  const out = new Map<number, BudgetAccount>();
  for (const a of chart ?? []) {
    if ((a.type === 'income' || a.type === 'expense') && (a.status === 'Active' || budgeted.has(a.id))) {
      out.set(a.id, { id: a.id, code: a.code, name: a.name, type: a.type });
    }
  }
  for (const r of sheet?.rows ?? []) {
    if (!out.has(r.accountId) && (r.type === 'income' || r.type === 'expense'))
      out.set(r.accountId, { id: r.accountId, code: r.code, name: r.name, type: r.type });
  }
  return [...out.values()].sort(byCode);
}

/** The text of each cell of the grid, by cellKey(accountId, month). */
export type BudgetCells = Record<string, string>;

export const cellKey = (accountId: number, month: number) => `${accountId}:${month}`;

/** A budget cell's amount: empty is zero; anything the server would refuse (negative, 3 decimals, text) is null. */
export function budgetAmountOf(text: string | null | undefined): Decimal | null {
  const s = (text ?? '').trim();
  if (s === '') return new Decimal(0);
  return AMOUNT_PATTERN.test(s) ? new Decimal(s) : null;
}

/** The grid's text from the server's sheet: each budgeted amount as '1500.00', nothing where zero. */
export function cellsFromSheet(sheet: Pick<BudgetSheet, 'rows'>): BudgetCells {
  const out: BudgetCells = {};
  for (const row of sheet.rows) {
    row.months.forEach((amount, i) => {
      const d = new Decimal(amount);
      if (!d.isZero()) out[cellKey(row.accountId, i + 1)] = d.toFixed(2);
    });
  }
  return out;
}

/** Whether two cell texts mean the same amount ('' = '0' = '0.00'); an invalid text differs from everything else. */
export function sameAmount(a: string | undefined, b: string | undefined): boolean {
  const x = budgetAmountOf(a);
  const y = budgetAmountOf(b);
  if (!x || !y) return (a ?? '').trim() === (b ?? '').trim();
  return x.eq(y);
}

export interface GridTotals {
  /** The sum of the twelve months of each account. */
  rows: Map<number, Decimal>;
  /** The sum of each month over the accounts given, January first, and the year's total. */
  months: Decimal[];
  total: Decimal;
  /** Keys of the cells whose text is not a valid amount (left out of the totals). */
  invalid: string[];
}

/** Row and column totals of some accounts' cells; invalid amounts are left out and listed. */
export function gridTotals(cells: BudgetCells, accountIds: readonly number[]): GridTotals {
  const rows = new Map<number, Decimal>();
  const months = MONTHS.map(() => new Decimal(0));
  const invalid: string[] = [];
  for (const id of accountIds) {
    let row = new Decimal(0);
    for (const m of MONTHS) {
      const key = cellKey(id, m);
      const d = budgetAmountOf(cells[key]);
      if (!d) {
        invalid.push(key);
        continue;
      }
      row = row.plus(d);
      months[m - 1] = months[m - 1].plus(d);
    }
    rows.set(id, row);
  }
  return { rows, months, total: months.reduce((a, b) => a.plus(b), new Decimal(0)), invalid };
}

/** Keys of the cells whose amount differs from what the server holds. */
export function changedCells(cells: BudgetCells, saved: BudgetCells): string[] {
  const keys = new Set([...Object.keys(cells), ...Object.keys(saved)]);
  return [...keys].filter((k) => !sameAmount(cells[k], saved[k])).sort(compareKeys);
}

function compareKeys(a: string, b: string): number {
  const [ai, am] = a.split(':').map(Number);
  const [bi, bm] = b.split(':').map(Number);
  return ai - bi || am - bm;
}

/**
 * The PUT /api/finance/budgets body of the changed cells (a cleared cell is sent as 0.00) and the cell
 * of each body line, so an error on lines.<i>.* lands on its cell. Null while a changed cell is invalid.
 */
export function budgetBody(year: number, cells: BudgetCells, saved: BudgetCells): { body: { year: number; lines: BudgetLineInput[] }; keys: string[] } | null {
  const keys = changedCells(cells, saved);
  const lines: BudgetLineInput[] = [];
  for (const key of keys) {
    const amount = budgetAmountOf(cells[key]);
    if (!amount) return null;
    const [accountId, month] = key.split(':').map(Number);
    lines.push({ accountId, month, amount: amount.toFixed(2) });
  }
  return { body: { year, lines }, keys };
}

/** The server's field errors (lines.<i>.amount|accountId|month) on the grid's cells; other fields under ''. */
export function budgetCellErrors(details: readonly { field: string; message: string }[], keys: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of details) {
    const m = /^lines\.(\d+)\.\w+$/.exec(d.field);
    const key = m ? keys[Number(m[1])] : undefined;
    const at = key ?? '';
    if (!(at in out)) out[at] = d.message;
  }
  return out;
}

// ---- Monthly reconciliation --------------------------------------------------------------------

/** A money amount the user typed (a statement balance may be below zero: an overdraft). */
export const SIGNED_AMOUNT_PATTERN = /^-?\d{1,14}(\.\d{1,2})?$/;

export function signedAmountOf(text: string | null | undefined): Decimal | null {
  const s = (text ?? '').trim();
  return SIGNED_AMOUNT_PATTERN.test(s) ? new Decimal(s) : null;
}

export interface ReconciliationFigures {
  /** Brought forward plus the lines ticked now (a bank or mobile money account: debit minus credit). */
  cleared: Decimal;
  /** Statement minus cleared; null while the statement balance is not a valid amount. */
  difference: Decimal | null;
  outstanding: { count: number; debit: Decimal; credit: Decimal };
  /** Every amount valid and the difference exactly zero. */
  isReconciled: boolean;
}

/** The live figures of the reconciliation screen from the ticked lines and the statement balance typed. */
export function reconciliationFigures(
  rec: Pick<Reconciliation, 'openingClearedBalance' | 'lines'>,
  cleared: ReadonlySet<number>,
  statementText: string,
): ReconciliationFigures {
  let balance = new Decimal(rec.openingClearedBalance);
  const outstanding = { count: 0, debit: new Decimal(0), credit: new Decimal(0) };
  for (const line of rec.lines) {
    if (cleared.has(line.lineId)) balance = balance.plus(line.debit).minus(line.credit);
    else {
      outstanding.count += 1;
      outstanding.debit = outstanding.debit.plus(line.debit);
      outstanding.credit = outstanding.credit.plus(line.credit);
    }
  }
  const statement = signedAmountOf(statementText);
  const difference = statement ? statement.minus(balance) : null;
  return { cleared: balance, difference, outstanding, isReconciled: difference?.isZero() === true };
}

/** The ids of the lines the server holds as cleared. */
export const clearedIdsOf = (rec: Pick<Reconciliation, 'lines'>) => new Set(rec.lines.filter((l) => l.isCleared).map((l) => l.lineId));

/** Whether the screen differs from what the server holds (statement balance or ticks). */
export function isReconciliationDirty(rec: Pick<Reconciliation, 'lines' | 'statementBalance'>, cleared: ReadonlySet<number>, statementText: string): boolean {
  const saved = rec.statementBalance;
  const typed = signedAmountOf(statementText);
  const sameStatement = saved === null ? statementText.trim() === '' : typed?.eq(saved) === true;
  if (!sameStatement) return true;
  return rec.lines.some((l) => l.isCleared !== cleared.has(l.lineId));
}

// ---- Cash flow ---------------------------------------------------------------------------------

/** Opening cash plus the net change against the closing cash: the difference is zero when they agree. */
export function cashCheck(opening: string, net: string, closing: string): { expected: Decimal; difference: Decimal; isBalanced: boolean } {
  const expected = new Decimal(opening).plus(net);
  const difference = new Decimal(closing).minus(expected);
  return { expected, difference, isBalanced: difference.isZero() };
}
