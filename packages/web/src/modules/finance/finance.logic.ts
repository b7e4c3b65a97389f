// The finance screens' pure rules, kept apart from React so they are unit-tested: the chart of
// accounts as a tree (with filtering that keeps a match's ancestors), the general journal's live
// totals and body (decimal.js, never number arithmetic on money), the mapping of the server's line
// errors back to the form's rows, report periods in the URL, and CSV text of what a report shows.
import Decimal from 'decimal.js';
import { type Account, type AccountType, accountTypeValues, type JournalBodyInput, type PartyType } from '@ubo/contracts';
import type { DateRange } from '../../lib/reportPeriods.ts';
// Moved to lib (shared by every module); re-exported for the finance dashboard's panels.
export { isNonZero } from '../../lib/format.ts';
export { thisYear } from '../../lib/reportPeriods.ts';

// ---- Chart of accounts -------------------------------------------------------------------------

export interface AccountNode {
  account: Account;
  children: AccountNode[];
  depth: number;
  /** The account's balance plus its sub-accounts' (a parent has the same type, so signs agree). */
  total: Decimal;
}

const byCode = (a: AccountNode, b: AccountNode) => a.account.code.localeCompare(b.account.code, undefined, { numeric: true });
/** Roots group by type in statement order (assets, liabilities, equity, income, expenses), then by code. */
const byTypeThenCode = (a: AccountNode, b: AccountNode) =>
  accountTypeValues.indexOf(a.account.type) - accountTypeValues.indexOf(b.account.type) || byCode(a, b);

/** Builds the tree from a flat list; an account whose parent is not in the list becomes a root. */
export function buildAccountTree(accounts: readonly Account[]): AccountNode[] {
  const nodes = new Map<number, AccountNode>(accounts.map((a) => [a.id, { account: a, children: [], depth: 0, total: new Decimal(0) }]));
  const roots: AccountNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.account.parentId === null ? undefined : nodes.get(node.account.parentId);
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  // Depth and totals from the roots down; `seen` guards against a cycle in bad data.
  const seen = new Set<number>();
  const walk = (node: AccountNode, depth: number): Decimal => {
    seen.add(node.account.id);
    node.depth = depth;
    node.children.sort(byCode);
    let total = new Decimal(node.account.balance || 0);
    for (const child of node.children) if (!seen.has(child.account.id)) total = total.plus(walk(child, depth + 1));
    node.total = total;
    return total;
  };
  roots.sort(byTypeThenCode);
  for (const root of roots) walk(root, 0);
  return roots;
}

/** The balance of each account type over the given roots (their totals include sub-accounts). */
export function typeTotals(roots: readonly AccountNode[]): Map<AccountType, Decimal> {
  const out = new Map<AccountType, Decimal>();
  for (const r of roots) out.set(r.account.type, (out.get(r.account.type) ?? new Decimal(0)).plus(r.total));
  return out;
}

/** Keeps the nodes that match and every ancestor of a match (so a match is shown in its place). */
export function filterTree(nodes: readonly AccountNode[], matches: (a: Account) => boolean): AccountNode[] {
  const out: AccountNode[] = [];
  for (const node of nodes) {
    const children = filterTree(node.children, matches);
    if (matches(node.account) || children.length > 0) out.push({ ...node, children });
  }
  return out;
}

/** The rows on screen: a node's children show unless it is collapsed (a search shows every match). */
export function visibleRows(nodes: readonly AccountNode[], collapsed: ReadonlySet<number>, showAll = false): AccountNode[] {
  const out: AccountNode[] = [];
  const add = (list: readonly AccountNode[]) => {
    for (const node of list) {
      out.push(node);
      if (node.children.length > 0 && (showAll || !collapsed.has(node.account.id))) add(node.children);
    }
  };
  add(nodes);
  return out;
}

/** Ids of an account and everything below it (a parent cannot be chosen among them). */
export function subtreeIds(nodes: readonly AccountNode[], id: number): Set<number> {
  const out = new Set<number>();
  const find = (list: readonly AccountNode[]): AccountNode | undefined => {
    for (const n of list) {
      if (n.account.id === id) return n;
      const hit = find(n.children);
      if (hit) return hit;
    }
    return undefined;
  };
  const collect = (n: AccountNode) => {
    out.add(n.account.id);
    for (const c of n.children) collect(c);
  };
  const start = find(nodes);
  if (start) collect(start);
  else out.add(id);
  return out;
}

/** Case-insensitive search in code and both names. */
export function accountMatchesText(a: Pick<Account, 'code' | 'nameEn' | 'nameSo' | 'name'>, text: string): boolean {
  const q = text.trim().toLowerCase();
  if (!q) return true;
  return [a.code, a.nameEn, a.nameSo, a.name].some((s) => s.toLowerCase().includes(q));
}

// ---- General journal ---------------------------------------------------------------------------

/** One row of the lines grid as the form holds it (inputs are text). */
export interface JournalLineValues {
  accountId: number | null;
  debit: string;
  credit: string;
  partyType: '' | PartyType;
  partyId: string;
  memo: string;
}

export interface JournalFormValues {
  date: string;
  reference: string;
  memo: string;
  lines: JournalLineValues[];
}

export const emptyLine = (): JournalLineValues => ({ accountId: null, debit: '', credit: '', partyType: '', partyId: '', memo: '' });

/** The amounts the ledger takes: at most 14 digits before the point and 2 after, never negative. */
export const AMOUNT_PATTERN = /^\d{1,14}(\.\d{1,2})?$/;
export const PARTY_ID_PATTERN = /^[1-9]\d{0,9}$/;
export const MAX_PARTY_ID = 2147483647;

/** An amount input as a decimal: empty is zero, anything the ledger would refuse is null. */
export function amountOf(text: string | null | undefined): Decimal | null {
  const s = (text ?? '').trim();
  if (s === '') return new Decimal(0);
  return AMOUNT_PATTERN.test(s) ? new Decimal(s) : null;
}

export function isBlankLine(line: JournalLineValues): boolean {
  return line.accountId === null && !line.debit.trim() && !line.credit.trim() && !line.partyType && !line.partyId.trim() && !line.memo.trim();
}

export interface JournalTotals {
  debit: Decimal;
  credit: Decimal;
  /** Debit minus credit. */
  difference: Decimal;
  /** Some amount is not a valid amount (it is left out of the totals). */
  hasInvalidAmount: boolean;
  isBalanced: boolean;
  isEmpty: boolean;
  /** Balanced, not empty and every amount valid: the Save button may be pressed. */
  canSave: boolean;
}

export function journalTotals(lines: readonly JournalLineValues[]): JournalTotals {
  let debit = new Decimal(0);
  let credit = new Decimal(0);
  let hasInvalidAmount = false;
  for (const line of lines) {
    const d = amountOf(line.debit);
    const c = amountOf(line.credit);
    if (d) debit = debit.plus(d);
    else hasInvalidAmount = true;
    if (c) credit = credit.plus(c);
    else hasInvalidAmount = true;
  }
  const difference = debit.minus(credit);
  const isEmpty = debit.isZero() && credit.isZero();
  const isBalanced = difference.isZero();
  return { debit, credit, difference, hasInvalidAmount, isBalanced, isEmpty, canSave: isBalanced && !isEmpty && !hasInvalidAmount };
}

/**
 * The POST body from the form. Blank rows are left out; `rowOf[i]` is the form row of body line i, so
 * a server error on `lines.i.*` is shown on the right row.
 */
export function toJournalBody(values: JournalFormValues): { body: JournalBodyInput; rowOf: number[] } {
  const rowOf: number[] = [];
  const lines: JournalBodyInput['lines'] = [];
  values.lines.forEach((line, row) => {
    if (isBlankLine(line)) return;
    rowOf.push(row);
    lines.push({
      accountId: line.accountId ?? 0,
      debit: line.debit.trim(),
      credit: line.credit.trim(),
      partyType: line.partyType || null,
      partyId: line.partyId.trim() ? Number(line.partyId.trim()) : null,
      memo: line.memo.trim() || undefined,
    });
  });
  return {
    body: { date: values.date, reference: values.reference.trim() || undefined, memo: values.memo.trim() || undefined, lines },
    rowOf,
  };
}

/** The form field of a server field error: 'lines.2.accountId' -> 'lines.<row>.accountId'; others unchanged. */
export function formFieldOf(serverField: string, rowOf: readonly number[]): string {
  const m = /^lines\.(\d+)\.(\w+)$/.exec(serverField);
  if (!m) return serverField;
  const row = rowOf[Number(m[1])];
  return row === undefined ? serverField : `lines.${row}.${m[2]}`;
}

// ---- Report periods ----------------------------------------------------------------------------

/** A positive integer id from the URL, else null. */
export function idFromParams(params: URLSearchParams, name: string): number | null {
  const raw = params.get(name);
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n <= MAX_PARTY_ID ? n : null;
}

/** The account statement of one account over a period (drill-down target of every report). */
export function statementLink(accountId: number, range: Partial<DateRange>): string {
  const q = new URLSearchParams({ accountId: String(accountId) });
  if (range.startDate) q.set('startDate', range.startDate);
  if (range.endDate) q.set('endDate', range.endDate);
  return `/reports/account-transaction?${q.toString()}`;
}

export const entryLink = (id: number) => `/finance/general-journal/${id}`;

/** What a line's party shows: the register's name (customers), else its type and number (no register yet). */
export function partyText(
  line: { partyType: string | null; partyId: number | null; partyName?: string | null },
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  if (!line.partyType) return '';
  if (line.partyName) return line.partyName;
  return t('finance.journal.partyNumbered', { type: t(`finance.party.${line.partyType}`), id: line.partyId });
}
