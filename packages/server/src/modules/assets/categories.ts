// Asset categories (defaults a new asset takes and the four accounts its postings use) and the
// organisation's asset settings (entry per category or per asset, the first-month rule). A category's
// accounts are fixed once it has assets, so the asset accounts keep equalling the register.
import { sql } from 'drizzle-orm';
import type { AssetCategory, AssetChoices, AssetSettings, Lang, z } from '@ubo/contracts';
import type { assetCategoryBody } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { notFound, type FieldError } from '../../plugins/errors.ts';
import { isUniqueViolation, validation } from './assets-common.ts';

type CategoryInput = z.output<typeof assetCategoryBody>;

interface CategoryRow {
  id: number;
  name_en: string;
  name_so: string | null;
  useful_life_months: number;
  method: AssetCategory['method'];
  rate: string | null;
  salvage_percent: string;
  status: AssetCategory['status'];
  asset_count: number;
  accounts: Array<{ role: string; id: number; code: string; name_en: string; name_so: string }>;
}

const categorySelect = (clientId: number) => sql`
  select c.id, c.name_en, c.name_so, c.useful_life_months, c.method, c.rate::text, c.salvage_percent::text, c.status,
         (select count(*)::int from assets a where a.client_id = c.client_id and a.category_id = c.id) as asset_count,
         (select json_agg(json_build_object('role', r.role, 'id', ac.id, 'code', ac.code, 'name_en', ac.name_en, 'name_so', ac.name_so))
            from (values ('cost', c.cost_account_id), ('accumulated', c.accumulated_account_id), ('expense', c.expense_account_id),
                         ('disposal', c.disposal_account_id)) as r(role, account_id)
            join accounts ac on ac.client_id = c.client_id and ac.id = r.account_id) as accounts
  from asset_categories c where c.client_id = ${clientId}`;

export const categoryName = (row: { name_en: string; name_so: string | null }, lang: Lang) => (lang === 'so' && row.name_so ? row.name_so : row.name_en);

function toCategory(r: CategoryRow, lang: Lang): AssetCategory {
  const account = (role: string) => {
    const a = r.accounts.find((x) => x.role === role);
    if (!a) throw new Error(`category ${r.id} has no ${role} account`);
    return { id: Number(a.id), code: a.code, name: lang === 'so' ? a.name_so : a.name_en };
  };
  return {
    id: Number(r.id),
    nameEn: r.name_en,
    nameSo: r.name_so,
    usefulLifeMonths: Number(r.useful_life_months),
    method: r.method,
    rate: r.rate,
    salvagePercent: r.salvage_percent,
    costAccount: account('cost'),
    accumulatedAccount: account('accumulated'),
    expenseAccount: account('expense'),
    disposalAccount: account('disposal'),
    status: r.status,
    assetCount: Number(r.asset_count),
  };
}

export async function listCategories(opts: { tx: Db; clientId: number; lang: Lang }): Promise<{ data: AssetCategory[] }> {
  const rows = await queryRows<CategoryRow>(opts.tx, sql`${categorySelect(opts.clientId)} order by lower(c.name_en), c.id`);
  return { data: rows.map((r) => toCategory(r, opts.lang)) };
}

export async function getCategory(opts: { tx: Db; clientId: number; lang: Lang; id: number }): Promise<AssetCategory> {
  const [row] = await queryRows<CategoryRow>(opts.tx, sql`${categorySelect(opts.clientId)} and c.id = ${opts.id}`);
  if (!row) throw notFound();
  return toCategory(row, opts.lang);
}

/** Each account must be active and of the kind its role needs. */
async function checkAccounts(tx: Db, input: CategoryInput): Promise<FieldError[]> {
  const ids = [input.costAccountId, input.accumulatedAccountId, input.expenseAccountId, input.disposalAccountId];
  const rows = await queryRows<{ id: number; type: string; subtype: string; status: string }>(
    tx,
    sql`select id, type, subtype, status from accounts where id in (select value::int from json_array_elements_text(${JSON.stringify(ids)}::json))`,
  );
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const problems: FieldError[] = [];
  const check = (field: string, accountId: number, fits: (a: { type: string; subtype: string }) => boolean, message: string) => {
    const a = byId.get(accountId);
    if (!a || !fits(a) || a.status !== 'Active') problems.push({ field, message });
  };
  check('costAccountId', input.costAccountId, (a) => a.type === 'asset' && a.subtype === 'fixed_asset', 'assets.costAccount');
  check('accumulatedAccountId', input.accumulatedAccountId, (a) => a.type === 'asset' && a.subtype === 'accumulated_depreciation', 'assets.accumulatedAccount');
  check('expenseAccountId', input.expenseAccountId, (a) => a.type === 'expense', 'assets.expenseAccount');
  check('disposalAccountId', input.disposalAccountId, (a) => a.type === 'income' || a.type === 'expense', 'assets.disposalAccount');
  return problems;
}

const categoryValues = (input: CategoryInput) => ({
  nameEn: input.nameEn,
  nameSo: input.nameSo,
  life: input.usefulLifeMonths,
  method: input.method,
  rate: input.method === 'declining-balance' ? input.rate : null,
  salvage: input.salvagePercent,
});

export async function createCategory(opts: { tx: Db; actor: Actor; input: CategoryInput }): Promise<AssetCategory> {
  const { tx, actor, input } = opts;
  const problems = await checkAccounts(tx, input);
  if (problems.length) throw validation(problems);
  const v = categoryValues(input);
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`insert into asset_categories (client_id, name_en, name_so, useful_life_months, method, rate, salvage_percent,
          cost_account_id, accumulated_account_id, expense_account_id, disposal_account_id)
        values (${actor.clientId}, ${v.nameEn}, ${v.nameSo}, ${v.life}, ${v.method}, ${v.rate}, ${v.salvage},
          ${input.costAccountId}, ${input.accumulatedAccountId}, ${input.expenseAccountId}, ${input.disposalAccountId})
        on conflict (client_id, lower(name_en)) do nothing returning id`,
  );
  if (!rows[0]) throw validation([{ field: 'nameEn', message: 'assets.categoryTaken' }]);
  const id = Number(rows[0].id);
  await writeAudit(tx, actor, { action: 'create', entity: 'asset-category', entityId: id, after: input });
  return getCategory({ tx, clientId: actor.clientId, lang: actor.lang, id });
}

export async function updateCategory(opts: { tx: Db; actor: Actor; id: number; input: CategoryInput }): Promise<AssetCategory> {
  const { tx, actor, id, input } = opts;
  const [before] = await queryRows<{ cost: number; acc: number; exp: number; disp: number; assets: number }>(
    tx,
    sql`select cost_account_id as cost, accumulated_account_id as acc, expense_account_id as exp, disposal_account_id as disp,
               (select count(*)::int from assets a where a.client_id = c.client_id and a.category_id = c.id) as assets
        from asset_categories c where client_id = ${actor.clientId} and id = ${id} for update`,
  );
  if (!before) throw notFound();
  const problems = await checkAccounts(tx, input);
  if (Number(before.assets) > 0) {
    const fixed: Array<[string, number, number]> = [
      ['costAccountId', Number(before.cost), input.costAccountId],
      ['accumulatedAccountId', Number(before.acc), input.accumulatedAccountId],
      ['expenseAccountId', Number(before.exp), input.expenseAccountId],
      ['disposalAccountId', Number(before.disp), input.disposalAccountId],
    ];
    for (const [field, was, now] of fixed) if (was !== now) problems.push({ field, message: 'assets.categoryAccountsFixed' });
  }
  if (problems.length) throw validation(problems);
  const v = categoryValues(input);
  try {
    await tx.execute(sql`
      update asset_categories set name_en = ${v.nameEn}, name_so = ${v.nameSo}, useful_life_months = ${v.life}, method = ${v.method},
        rate = ${v.rate}, salvage_percent = ${v.salvage}, cost_account_id = ${input.costAccountId},
        accumulated_account_id = ${input.accumulatedAccountId}, expense_account_id = ${input.expenseAccountId},
        disposal_account_id = ${input.disposalAccountId}, updated_at = now()
      where client_id = ${actor.clientId} and id = ${id}`);
  } catch (err) {
    if (isUniqueViolation(err)) throw validation([{ field: 'nameEn', message: 'assets.categoryTaken' }]);
    throw err;
  }
  await writeAudit(tx, actor, { action: 'update', entity: 'asset-category', entityId: id, after: input });
  return getCategory({ tx, clientId: actor.clientId, lang: actor.lang, id });
}

export async function setCategoryStatus(opts: { tx: Db; actor: Actor; id: number; status: 'Active' | 'Inactive' }): Promise<AssetCategory> {
  const { tx, actor, id, status } = opts;
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update asset_categories set status = ${status}, updated_at = now() where client_id = ${actor.clientId} and id = ${id} returning id`,
  );
  if (!rows[0]) throw notFound();
  await writeAudit(tx, actor, { action: 'status', entity: 'asset-category', entityId: id, after: { status } });
  return getCategory({ tx, clientId: actor.clientId, lang: actor.lang, id });
}

export async function readAssetSettings(tx: Db, clientId: number): Promise<AssetSettings> {
  const [row] = await queryRows<{ entry_per: AssetSettings['entryPer']; first_month: AssetSettings['firstMonth'] }>(
    tx,
    sql`select entry_per, first_month from asset_settings where client_id = ${clientId}`,
  );
  return row ? { entryPer: row.entry_per, firstMonth: row.first_month } : { entryPer: 'category', firstMonth: 'full' };
}

/** The first-month rule decides every asset's charge: it cannot change once a run is posted. */
export async function saveAssetSettings(opts: { tx: Db; actor: Actor; input: AssetSettings }): Promise<AssetSettings> {
  const { tx, actor, input } = opts;
  const before = await readAssetSettings(tx, actor.clientId);
  if (before.firstMonth !== input.firstMonth) {
    const [posted] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from asset_depreciation_runs where client_id = ${actor.clientId} and status = 'posted'`,
    );
    if (Number(posted?.n) > 0) throw validation([{ field: 'firstMonth', message: 'assets.settingsFixed' }]);
  }
  await tx.execute(sql`
    insert into asset_settings (client_id, entry_per, first_month) values (${actor.clientId}, ${input.entryPer}, ${input.firstMonth})
    on conflict (client_id) do update set entry_per = excluded.entry_per, first_month = excluded.first_month, updated_at = now()`);
  await writeAudit(tx, actor, { action: 'update', entity: 'asset-settings', entityId: actor.clientId, before, after: input });
  return input;
}

/** What the asset forms choose from. */
export async function assetChoices(opts: { tx: Db; clientId: number; lang: Lang }): Promise<AssetChoices> {
  const { tx, clientId, lang } = opts;
  const categories = (await listCategories({ tx, clientId, lang })).data;
  const branches = await queryRows<{ id: number; name: string }>(tx, sql`select id, name from branches where status = 'Active' order by name, id`);
  const accounts = await queryRows<{ id: number; code: string; name: string; type: string; subtype: string }>(
    tx,
    sql`select id, code, case when ${lang} = 'so' then name_so else name_en end as name, type, subtype from accounts
        where status = 'Active' order by code`,
  );
  const vendors = await queryRows<{ id: number; number: string; name: string }>(
    tx,
    sql`select id, number, name from vendors where status = 'Active' order by lower(name), id`,
  );
  const money = new Set(['cash', 'bank', 'mobile_money']);
  return {
    categories,
    branches: branches.map((b) => ({ id: Number(b.id), name: b.name })),
    moneyAccounts: accounts.filter((a) => a.type === 'asset' && money.has(a.subtype)).map((a) => ({ id: Number(a.id), code: a.code, name: a.name })),
    vendors: vendors.map((v) => ({ id: Number(v.id), number: v.number, name: v.name })),
    accounts: accounts.map((a) => ({ ...a, id: Number(a.id) })),
    settings: await readAssetSettings(tx, clientId),
  };
}
