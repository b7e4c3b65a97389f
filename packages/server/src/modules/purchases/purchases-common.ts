// What the purchasing services share: the vendor, branch, date and account checks (each a field error),
// and how a document's lines are resolved to the accounts they post to and the figures they carry.
import { sql } from 'drizzle-orm';
import { type LineFigures, type PurchaseLineBody, lineFigures, receivingSubtypes } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { Decimal, dec, holdLockDate } from '../../ledger/index.ts';
import { AppError, type FieldError } from '../../plugins/errors.ts';

export const validation = (details: FieldError[]) => new AppError(400, 'VALIDATION', 'common.validation', details);

export interface VendorRow {
  id: number;
  number: string;
  name: string;
  status: string;
  payment_terms_days: number;
  default_expense_account_id: number | null;
}

/** The vendor a document names, or a field error (unknown, or inactive when `active`). */
export async function checkVendor(tx: Db, vendorId: number, problems: FieldError[], active = true): Promise<VendorRow | undefined> {
  const [v] = await queryRows<VendorRow>(
    tx,
    sql`select id, number, name, status, payment_terms_days, default_expense_account_id from vendors where id = ${vendorId}`,
  );
  if (!v) problems.push({ field: 'vendorId', message: 'v.notFound' });
  else if (active && v.status !== 'Active') problems.push({ field: 'vendorId', message: 'purchases.vendorInactive' });
  return v ? { ...v, id: Number(v.id), payment_terms_days: Number(v.payment_terms_days) } : undefined;
}

export async function checkBranch(tx: Db, branchId: number, problems: FieldError[], field = 'branchId'): Promise<void> {
  const [branch] = await queryRows<{ status: string }>(tx, sql`select status from branches where id = ${branchId}`);
  if (branch?.status !== 'Active') problems.push({ field, message: 'v.notFound' });
}

/** A date on or before the lock date is refused on its field (the hold lasts until commit, as postings take it). */
export async function checkOpenDate(tx: Db, clientId: number, date: string, problems: FieldError[], field = 'date'): Promise<void> {
  const lockDate = await holdLockDate(tx, clientId);
  if (lockDate && date <= lockDate) problems.push({ field, message: `ledger.locked|${lockDate}` });
}

/** An active cash, bank or mobile-money account (a cash purchase is paid from it, a refund comes into it). */
export async function checkMoneyAccount(tx: Db, accountId: number, field: string, problems: FieldError[]): Promise<void> {
  const [a] = await queryRows<{ type: string; subtype: string; status: string }>(tx, sql`select type, subtype, status from accounts where id = ${accountId}`);
  if (a?.type !== 'asset' || !(receivingSubtypes as readonly string[]).includes(a.subtype) || a.status !== 'Active') {
    problems.push({ field, message: 'purchases.paymentAccount' });
  }
}

export const dateplusDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

export const today = () => new Date().toISOString().slice(0, 10);

export interface ResolvedLine {
  position: number;
  itemId: number | null;
  itemCode: string | null;
  itemName: string | null;
  /** The account the line posts to. */
  accountId: number;
  /** The account named on the line (orders keep what was asked). */
  askedAccountId: number | null;
  stocked: boolean;
  description: string | null;
  quantity: string;
  unitPrice: string;
  discountPercent: string;
  taxPercent: string;
  figures: LineFigures;
  /** Net less discount: what the line debits before tax. */
  amount: Decimal;
}

interface ItemRow {
  id: number;
  code: string;
  name: string;
  kind: string;
  status: string;
  expense_account_id: number;
  inventory_account_id: number | null;
}

/**
 * Resolves a document's lines: an item line posts to the item's inventory account (a stocked good) or its
 * expense account; a free line to its account or the vendor's default expense account. `requireAccount`
 * false (an order) lets a free line leave its account for the receipt. Refusals go into `problems`,
 * naming `lines.<path(i)>.<field>`.
 */
export async function resolveLines(
  tx: Db,
  lines: ReadonlyArray<PurchaseLineBody & { quantity: string; unitPrice: string }>,
  vendor: VendorRow | undefined,
  problems: FieldError[],
  opts: { requireAccount: boolean; path?: (i: number) => number } = { requireAccount: true },
): Promise<ResolvedLine[]> {
  const path = opts.path ?? ((i: number) => i);
  const itemIds = [...new Set(lines.map((l) => Number(l.itemId)).filter((x) => x > 0))];
  const accountIds = [...new Set(lines.map((l) => Number(l.accountId)).filter((x) => x > 0))];
  const items = itemIds.length
    ? await queryRows<ItemRow>(
        tx,
        sql`select id, code, name, kind, status, expense_account_id, inventory_account_id from items where id in (select unnest(${`{${itemIds.join(',')}}`}::int[]))`,
      )
    : [];
  const accounts = accountIds.length
    ? await queryRows<{ id: number; type: string; status: string }>(
        tx,
        sql`select id, type, status from accounts where id in (select unnest(${`{${accountIds.join(',')}}`}::int[]))`,
      )
    : [];
  const itemById = new Map(items.map((i) => [Number(i.id), i]));
  const accountById = new Map(accounts.map((a) => [Number(a.id), a]));
  const out: ResolvedLine[] = [];
  lines.forEach((l, i) => {
    const at = (f: string) => `lines.${path(i)}.${f}`;
    const figures = lineFigures({ quantity: l.quantity, unitPrice: l.unitPrice, discountPercent: l.discountPercent, taxPercent: l.taxPercent });
    const base = {
      position: i + 1,
      description: l.description ?? null,
      quantity: dec(l.quantity).toString(),
      unitPrice: dec(l.unitPrice).toFixed(2),
      discountPercent: dec(l.discountPercent ?? '0').toString(),
      taxPercent: dec(l.taxPercent ?? '0').toString(),
      figures,
      amount: dec(figures.net).minus(figures.discount),
    };
    if (l.itemId) {
      const item = itemById.get(Number(l.itemId));
      if (!item) {
        problems.push({ field: at('itemId'), message: 'v.notFound' });
        return;
      }
      if (item.status !== 'Active') {
        problems.push({ field: at('itemId'), message: 'items.inactive' });
        return;
      }
      const stocked = item.kind === 'stock';
      out.push({
        ...base,
        itemId: Number(item.id),
        itemCode: item.code,
        itemName: item.name,
        stocked,
        askedAccountId: null,
        accountId: Number(stocked ? item.inventory_account_id : item.expense_account_id),
      });
      return;
    }
    const asked = l.accountId ? Number(l.accountId) : null;
    const accountId = asked ?? (vendor?.default_expense_account_id ? Number(vendor.default_expense_account_id) : null);
    if (asked) {
      const a = accountById.get(asked);
      if (a?.type !== 'expense' || a.status !== 'Active') {
        problems.push({ field: at('accountId'), message: 'purchases.expenseAccount' });
        return;
      }
    }
    if (!accountId && opts.requireAccount) {
      problems.push({ field: at('accountId'), message: 'purchases.accountRequired' });
      return;
    }
    out.push({ ...base, itemId: null, itemCode: null, itemName: null, stocked: false, askedAccountId: asked, accountId: accountId ?? 0 });
  });
  return out;
}

/** The document's totals: sums of its lines' figures. */
export function totalsOf(lines: ResolvedLine[]) {
  const sum = (k: keyof LineFigures) => lines.reduce((s, l) => s.plus(l.figures[k]), new Decimal(0)).toFixed(2);
  return { subtotal: sum('net'), discount: sum('discount'), tax: sum('tax'), total: sum('total') };
}

export const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

/** A unique-index violation (the same vendor bill entered twice at once). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
