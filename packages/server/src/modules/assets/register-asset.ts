// The asset register: reading assets (list, one) and adding an asset brought in from an older system
// (posted against opening equity: its cost, less the depreciation already taken). An asset takes its
// category's defaults for what the form leaves blank (salvage percentage, useful life, method and rate).
import { sql, type SQL } from 'drizzle-orm';
import { type Asset, type AssetPurchaseLine, type AssetRegisterInput, type Lang, type assetListQuery, translate, type z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { Decimal, postJournal, systemAccountId } from '../../ledger/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, notFound, type FieldError } from '../../plugins/errors.ts';
import { ASSET_REGISTER_SOURCE_TYPE, type CategoryRow, checkBranch, checkOpenDate, isUniqueViolation, loadCategories, validation } from './assets-common.ts';
import { registerPosting } from './assets.posting.ts';

/** An asset's figures once the category's defaults fill the blanks. */
export interface ResolvedAsset {
  tag: string;
  name: string;
  categoryId: number;
  branchId: number;
  custodian: string | null;
  location: string | null;
  serialNo: string | null;
  acquisitionDate: string;
  cost: string;
  salvageValue: string;
  usefulLifeMonths: number;
  method: 'straight-line' | 'declining-balance';
  rate: string | null;
  depreciationStart: string;
  notes: string | null;
  category: CategoryRow;
}

/** Fills an asset's blanks from its category and checks it; problems are pushed under `prefix`. */
export async function resolveAssets(tx: Db, lines: AssetPurchaseLine[], problems: FieldError[], prefix: (i: number) => string): Promise<ResolvedAsset[]> {
  const categories = await loadCategories(tx, [...new Set(lines.map((l) => l.categoryId))]);
  const resolved: ResolvedAsset[] = [];
  const branchesChecked = new Map<number, FieldError[]>();
  for (const [i, l] of lines.entries()) {
    const p = prefix(i);
    const category = categories.get(l.categoryId);
    if (!category) problems.push({ field: `${p}categoryId`, message: 'v.notFound' });
    else if (category.status !== 'Active') problems.push({ field: `${p}categoryId`, message: 'assets.categoryInactive' });
    let branchProblems = branchesChecked.get(l.branchId);
    if (!branchProblems) {
      branchProblems = [];
      await checkBranch(tx, l.branchId, branchProblems, 'branchId');
      branchesChecked.set(l.branchId, branchProblems);
    }
    if (branchProblems.length) problems.push({ field: `${p}branchId`, message: 'v.notFound' });
    const start = l.depreciationStart ?? l.acquisitionDate;
    if (start < l.acquisitionDate) problems.push({ field: `${p}depreciationStart`, message: 'assets.startBeforeAcquisition' });
    if (!category) continue;
    const method = l.method ?? category.method;
    const rate = method === 'declining-balance' ? (l.rate ?? (category.method === 'declining-balance' ? category.rate : null)) : null;
    if (method === 'declining-balance' && !rate) problems.push({ field: `${p}rate`, message: 'assets.rateRequired' });
    const salvage = l.salvageValue ?? new Decimal(l.cost).times(category.salvage_percent).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
    resolved.push({
      tag: l.tag,
      name: l.name,
      categoryId: l.categoryId,
      branchId: l.branchId,
      custodian: l.custodian,
      location: l.location,
      serialNo: l.serialNo,
      acquisitionDate: l.acquisitionDate,
      cost: new Decimal(l.cost).toFixed(2),
      salvageValue: new Decimal(salvage).toFixed(2),
      usefulLifeMonths: l.usefulLifeMonths ?? category.useful_life_months,
      method,
      rate,
      depreciationStart: start,
      notes: l.notes,
      category,
    });
  }
  // Tags already in the register.
  const taken = await queryRows<{ tag: string }>(
    tx,
    sql`select lower(tag) as tag from assets where lower(tag) in (select lower(value) from json_array_elements_text(${JSON.stringify(lines.map((l) => l.tag))}::json))`,
  );
  const takenSet = new Set(taken.map((t) => t.tag));
  for (const [i, l] of lines.entries()) if (takenSet.has(l.tag.toLowerCase())) problems.push({ field: `${prefix(i)}tag`, message: 'assets.tagTaken' });
  return resolved;
}

/** Writes the assets (one statement) and answers their ids in order. */
export async function insertAssets(
  tx: Db,
  actor: Actor,
  assets: ResolvedAsset[],
  origin: { source: 'register' | 'purchase'; purchaseId: number | null; recordedOn: string; journalEntryId: number; openingAccumulated?: string },
): Promise<number[]> {
  const rows = assets.map((a, n) => ({ ...a, category: undefined, openingAccumulated: origin.openingAccumulated ?? '0', n }));
  try {
    const ids = await queryRows<{ id: number }>(
      tx,
      sql`insert into assets (client_id, tag, name, category_id, branch_id, custodian, location, serial_no, acquisition_date, cost, salvage_value,
            useful_life_months, method, rate, depreciation_start, opening_accumulated, source, purchase_id, recorded_on, journal_entry_id, notes, created_by)
          select ${actor.clientId}, x.tag, x.name, x."categoryId", x."branchId", x.custodian, x.location, x."serialNo", x."acquisitionDate", x.cost,
            x."salvageValue", x."usefulLifeMonths", x.method, x.rate, x."depreciationStart", x."openingAccumulated", ${origin.source}, ${origin.purchaseId},
            ${origin.recordedOn}, ${origin.journalEntryId}, x.notes, ${actor.userId}
          from json_to_recordset(${JSON.stringify(rows)}::json) as x(tag text, name text, "categoryId" int, "branchId" int, custodian text,
            location text, "serialNo" text, "acquisitionDate" date, cost numeric, "salvageValue" numeric, "usefulLifeMonths" int, method text, rate numeric,
            "depreciationStart" date, "openingAccumulated" numeric, notes text, n int)
          order by x.n
          returning id`,
    );
    return ids.map((r) => Number(r.id)).sort((a, b) => a - b);
  } catch (err) {
    if (isUniqueViolation(err)) throw validation([{ field: 'tag', message: 'assets.tagTaken' }]);
    throw err;
  }
}

export async function registerAsset(opts: { tx: Db; actor: Actor; input: AssetRegisterInput }): Promise<Asset> {
  const { tx, actor, input } = opts;
  const problems: FieldError[] = [];
  const [resolved] = await resolveAssets(tx, [input], problems, () => '');
  await checkOpenDate(tx, actor.clientId, input.recordedOn, problems, 'recordedOn');
  if (resolved && new Decimal(resolved.salvageValue).plus(input.openingAccumulated).gt(resolved.cost))
    problems.push({ field: 'openingAccumulated', message: 'assets.openingTooLarge' });
  if (problems.length || !resolved) throw validation(problems);
  const equityId = await systemAccountId(tx, actor.clientId, 'openingBalance');
  const opening = new Decimal(input.openingAccumulated).toFixed(2);
  const entry = await postJournal(tx, {
    clientId: actor.clientId,
    date: input.recordedOn,
    reference: resolved.tag,
    memo: translate('assets.registerMemo', actor.lang, { tag: resolved.tag }),
    sourceType: ASSET_REGISTER_SOURCE_TYPE,
    branchId: resolved.branchId,
    userId: actor.userId,
    lines: registerPosting({
      costAccountId: resolved.category.cost_account_id,
      accumulatedAccountId: resolved.category.accumulated_account_id,
      equityId,
      cost: resolved.cost,
      openingAccumulated: opening,
    }),
    limitField: 'cost',
  }).catch(periodOnField('recordedOn'));
  const [id] = await insertAssets(tx, actor, [resolved], {
    source: 'register',
    purchaseId: null,
    recordedOn: input.recordedOn,
    journalEntryId: entry.id,
    openingAccumulated: opening,
  });
  await writeAudit(tx, actor, { action: 'create', entity: 'asset', entityId: id, after: { ...input, entry: entry.number } });
  return getAsset({ tx, clientId: actor.clientId, lang: actor.lang, id });
}

/** A posting refused for its date answers on the document's date field. */
export const periodOnField = (field: string) => (err: unknown) => {
  if (err instanceof AppError && err.code === 'PERIOD_LOCKED')
    throw new AppError(400, 'VALIDATION', 'common.validation', [{ field, message: err.details?.[0]?.message ?? 'ledger.locked' }]);
  throw err;
};

interface AssetRow {
  id: number;
  tag: string;
  name: string;
  category_id: number;
  category_en: string;
  category_so: string | null;
  branch_id: number;
  branch: string;
  custodian: string | null;
  location: string | null;
  serial_no: string | null;
  acquisition_date: string;
  cost: string;
  salvage_value: string;
  useful_life_months: number;
  method: Asset['method'];
  rate: string | null;
  depreciation_start: string;
  opening_accumulated: string;
  accumulated: string;
  nbv: string;
  source: Asset['source'];
  purchase_number: string | null;
  recorded_on: string;
  status: Asset['status'];
  disposed_on: string | null;
  notes: string | null;
}

const assetSelect = (clientId: number) => sql`
  select a.id, a.tag, a.name, a.category_id, c.name_en as category_en, c.name_so as category_so, a.branch_id, b.name as branch,
         a.custodian, a.location, a.serial_no, a.acquisition_date::text, a.cost::text, a.salvage_value::text, a.useful_life_months,
         a.method, a.rate::text, a.depreciation_start::text, a.opening_accumulated::text,
         (a.opening_accumulated + a.depreciated)::text as accumulated, (a.cost - a.opening_accumulated - a.depreciated)::text as nbv,
         a.source, p.number as purchase_number, a.recorded_on::text, a.status, a.disposed_on::text, a.notes
  from assets a
  join asset_categories c on c.client_id = a.client_id and c.id = a.category_id
  join branches b on b.client_id = a.client_id and b.id = a.branch_id
  left join asset_purchases p on p.client_id = a.client_id and p.id = a.purchase_id
  where a.client_id = ${clientId}`;

function toAsset(r: AssetRow, lang: Lang): Asset {
  return {
    id: Number(r.id),
    tag: r.tag,
    name: r.name,
    category: { id: Number(r.category_id), name: lang === 'so' && r.category_so ? r.category_so : r.category_en },
    branch: { id: Number(r.branch_id), name: r.branch },
    custodian: r.custodian,
    location: r.location,
    serialNo: r.serial_no,
    acquisitionDate: r.acquisition_date,
    cost: r.cost,
    salvageValue: r.salvage_value,
    usefulLifeMonths: Number(r.useful_life_months),
    method: r.method,
    rate: r.rate,
    depreciationStart: r.depreciation_start,
    openingAccumulated: r.opening_accumulated,
    accumulated: r.accumulated,
    netBookValue: r.nbv,
    source: r.source,
    purchaseNumber: r.purchase_number,
    recordedOn: r.recorded_on,
    status: r.status,
    disposedOn: r.disposed_on,
    notes: r.notes,
  };
}

export async function getAsset(opts: { tx: Db; clientId: number; lang: Lang; id: number }): Promise<Asset> {
  const [row] = await queryRows<AssetRow>(opts.tx, sql`${assetSelect(opts.clientId)} and a.id = ${opts.id}`);
  if (!row) throw notFound();
  return toAsset(row, opts.lang);
}

const sortColumns: Record<string, SQL> = {
  tag: sql`lower(a.tag)`,
  name: sql`lower(a.name)`,
  cost: sql`a.cost`,
  acquisitionDate: sql`a.acquisition_date`,
};

export async function listAssets(opts: { tx: Db; clientId: number; lang: Lang; query: z.output<typeof assetListQuery> }) {
  const { tx, clientId, lang, query } = opts;
  const filters: SQL[] = [];
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(sql`(a.tag ilike ${pattern} or a.name ilike ${pattern} or a.serial_no ilike ${pattern} or a.custodian ilike ${pattern})`);
  }
  if (query.status) filters.push(sql`a.status = ${query.status}`);
  if (query.categoryId) filters.push(sql`a.category_id = ${query.categoryId}`);
  if (query.branchId) filters.push(sql`a.branch_id = ${query.branchId}`);
  const where = filters.length ? sql` and ${sql.join(filters, sql` and `)}` : sql``;
  const order = sortColumns[query._sort ?? 'tag'] ?? sortColumns.tag;
  const direction = query._order === 'desc' ? sql`desc` : sql`asc`;
  const offset = (query._page - 1) * query._limit;
  const rows = await queryRows<AssetRow>(tx, sql`${assetSelect(clientId)}${where} order by ${order} ${direction}, a.id limit ${query._limit} offset ${offset}`);
  const [count] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from assets a where a.client_id = ${clientId}${where}`);
  return { data: rows.map((r) => toAsset(r, lang)), total: Number(count?.n ?? 0), page: query._page, limit: query._limit };
}
