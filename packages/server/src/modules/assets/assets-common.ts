// What the asset services share: source types of their entries and open items, field errors, the checks
// of a referenced row (category, branch, account, vendor) and of a date against the lock date.
import { sql } from 'drizzle-orm';
import { receivingSubtypes } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { holdLockDate } from '../../ledger/index.ts';
import { AppError, type FieldError } from '../../plugins/errors.ts';

export const ASSET_REGISTER_SOURCE_TYPE = 'asset-register';
export const ASSET_PURCHASE_SOURCE_TYPE = 'asset-purchase';
export const ASSET_DEPRECIATION_SOURCE_TYPE = 'asset-depreciation';
export const ASSET_DISPOSAL_SOURCE_TYPE = 'asset-disposal';
/** The open item kind of an asset bought on credit (the vendor's payable charge). */
export const ASSET_PURCHASE_KIND = 'asset-purchase';
export const ASSET_PURCHASE_SERIES = 'FA';

export const validation = (details: FieldError[]) => new AppError(400, 'VALIDATION', 'common.validation', details);
export const fieldError = (field: string, message: string) => validation([{ field, message }]);

/** 2026-05 -> ['2026-05-01', '2026-05-31']. */
export function monthBounds(month: string): [string, string] {
  const [y, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return [`${month}-01`, `${month}-${String(last).padStart(2, '0')}`];
}
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}
export const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** A date on or before the lock date is refused on its field (held until commit, as postings hold it). */
export async function checkOpenDate(tx: Db, clientId: number, date: string, problems: FieldError[], field: string): Promise<void> {
  const lockDate = await holdLockDate(tx, clientId);
  if (lockDate && date <= lockDate) problems.push({ field, message: `ledger.locked|${lockDate}` });
}

export async function checkBranch(tx: Db, branchId: number, problems: FieldError[], field: string): Promise<void> {
  const [branch] = await queryRows<{ status: string }>(tx, sql`select status from branches where id = ${branchId}`);
  if (branch?.status !== 'Active') problems.push({ field, message: 'v.notFound' });
}

export async function checkMoneyAccount(tx: Db, accountId: number, problems: FieldError[], field: string): Promise<void> {
  const [a] = await queryRows<{ type: string; subtype: string; status: string }>(tx, sql`select type, subtype, status from accounts where id = ${accountId}`);
  if (a?.type !== 'asset' || !(receivingSubtypes as readonly string[]).includes(a.subtype) || a.status !== 'Active') {
    problems.push({ field, message: 'assets.moneyAccount' });
  }
}

export interface CategoryRow {
  id: number;
  name_en: string;
  useful_life_months: number;
  method: 'straight-line' | 'declining-balance';
  rate: string | null;
  salvage_percent: string;
  cost_account_id: number;
  accumulated_account_id: number;
  status: string;
}

/** The categories named, by id (for a register or a purchase of several assets). */
export async function loadCategories(tx: Db, ids: number[]): Promise<Map<number, CategoryRow>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<CategoryRow>(
    tx,
    sql`select id, name_en, useful_life_months, method, rate::text, salvage_percent::text, cost_account_id, accumulated_account_id, status
        from asset_categories where id in (select value::int from json_array_elements_text(${JSON.stringify(ids)}::json))`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.id),
      { ...r, id: Number(r.id), cost_account_id: Number(r.cost_account_id), accumulated_account_id: Number(r.accumulated_account_id) },
    ]),
  );
}

/** The latest month with a posted depreciation run ('2026-05'), or null. */
export async function latestPostedMonth(tx: Db, clientId: number): Promise<string | null> {
  const [row] = await queryRows<{ month: string | null }>(
    tx,
    sql`select to_char(max(month), 'YYYY-MM') as month from asset_depreciation_runs where client_id = ${clientId} and status = 'posted'`,
  );
  return row?.month ?? null;
}

/** Unique violation (SQLSTATE 23505), through drizzle's wrapping. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  return e.code === '23505' || e.cause?.code === '23505';
}
