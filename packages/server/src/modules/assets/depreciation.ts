// Monthly depreciation: what each asset is charged for a month (preview), posting it (a background job, one
// transaction: entries through the ledger door, the run, its lines and the assets' depreciated figures),
// and reversing the latest run as a whole (reversal entries, never deletion).
//
// A month's charge is computed set-based in ONE statement for every asset: the accumulated depreciation
// the asset's schedule reaches by the month's end (straight line, or declining balance at a yearly rate,
// the first month full, none or pro rata by days, never past cost less salvage, the whole base once the
// useful life has run) less what is already posted. So an asset registered late catches up in the next
// run, and a month's run can never take an asset below salvage. A disposed asset is charged nothing at
// all (its disposal took the accumulated depreciation as it stood; a month posted again after a reversal
// must not charge it). A month can be posted once (a unique index), only the month after the latest
// posted one (no month skipped), and only the latest run can be reversed, and only while nothing has been
// disposed of after its month (a disposal is dated after the latest run and its entry took what that run
// left: reversing the run would leave the disposal's figures wrong).
import { sql } from 'drizzle-orm';
import { type DepreciationPreview, type DepreciationRun, type Lang, translate } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { Decimal, type Posting, getLockDate, postJournalBatch, reverseJournalBatch } from '../../ledger/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { ASSET_DEPRECIATION_SOURCE_TYPE, fieldError, latestPostedMonth, monthBounds, nextMonth } from './assets-common.ts';
import { depreciationPosting } from './assets.posting.ts';
import { readAssetSettings } from './categories.ts';

export interface ChargeRow {
  asset_id: number;
  tag: string;
  name: string;
  category_id: number;
  category_en: string;
  category_so: string | null;
  cost: string;
  before: string;
  amount: string;
  expense_account_id: number;
  accumulated_account_id: number;
}

/**
 * The accumulated depreciation an asset's schedule reaches by the end of month m0..m1 (own depreciation:
 * opening accumulated excluded), as SQL over the row `a` and the first-month rule `rule`. The pure twin
 * in depreciation-schedule.ts computes the same for the asset page's projection.
 */
export const targetSql = (m0: string, rule: string) => sql`
  (select case
     when x.n >= a.useful_life_months then x.base
     when a.method = 'straight-line' then round(x.base * x.n / a.useful_life_months, 2)
     else least(x.base, round((a.cost - a.opening_accumulated) * (1 - power(1 - a.rate / 1200, x.n)), 2))
   end
   from (select a.cost - a.salvage_value - a.opening_accumulated as base,
                least(a.useful_life_months::numeric, greatest(0::numeric,
                  (extract(year from ${m0}::date) * 12 + extract(month from ${m0}::date))
                  - (extract(year from a.depreciation_start) * 12 + extract(month from a.depreciation_start))
                  + case ${rule}
                      when 'full' then 1::numeric
                      when 'none' then 0::numeric
                      else (extract(day from date_trunc('month', a.depreciation_start) + interval '1 month - 1 day') - extract(day from a.depreciation_start) + 1)
                           / extract(day from date_trunc('month', a.depreciation_start) + interval '1 month - 1 day')
                    end)) as n) x)`;

/** Every asset's charge for the month (only those above zero), in category then tag order. */
export async function monthCharges(tx: Db, clientId: number, month: string): Promise<ChargeRow[]> {
  const [m0, m1] = monthBounds(month);
  const { firstMonth } = await readAssetSettings(tx, clientId);
  return queryRows<ChargeRow>(
    tx,
    sql`
    select * from (
      select a.id as asset_id, a.tag, a.name, a.category_id, c.name_en as category_en, c.name_so as category_so, a.cost::text,
             (a.opening_accumulated + a.depreciated)::text as before,
             (${targetSql(m0, firstMonth)} - a.depreciated) as amount,
             c.expense_account_id, c.accumulated_account_id
      from assets a
      join asset_categories c on c.client_id = a.client_id and c.id = a.category_id
      where a.client_id = ${clientId} and a.recorded_on <= ${m1}::date and a.depreciation_start <= ${m1}::date
        and a.disposed_on is null
        and a.opening_accumulated + a.depreciated < a.cost - a.salvage_value
    ) t where amount > 0
    order by category_id, lower(tag), asset_id`,
  );
}

/** Why `month` cannot be posted now (a message key with its parameters), or null. */
export async function monthRefusal(tx: Db, clientId: number, month: string): Promise<string | null> {
  const [posted] = await queryRows<{ id: number }>(
    tx,
    sql`select id from asset_depreciation_runs where client_id = ${clientId} and status = 'posted' and month = ${`${month}-01`}::date`,
  );
  if (posted) return `assets.monthPosted|${month}`;
  const latest = await latestPostedMonth(tx, clientId);
  if (latest && month !== nextMonth(latest)) return `assets.monthNotNext|${nextMonth(latest)}`;
  const lockDate = await getLockDate(tx, clientId);
  const [, m1] = monthBounds(month);
  if (lockDate && m1 <= lockDate) return `ledger.locked|${lockDate}`;
  return null;
}

const money = (v: Decimal) => v.toFixed(2);

/**
 * The month's preview for the screen. The lines, the sums per category and the total are built by the
 * database as one JSON value (money as text with two decimals): 50,000 lines read as rows and mapped one
 * by one cost several times the query itself, most of all on PGlite, whose rows cross from WASM one
 * value at a time.
 */
export async function previewDepreciation(opts: { tx: Db; clientId: number; lang: Lang; month: string }): Promise<DepreciationPreview> {
  const { tx, clientId, lang, month } = opts;
  const [m0, m1] = monthBounds(month);
  const { firstMonth } = await readAssetSettings(tx, clientId);
  const category = lang === 'so' ? sql`coalesce(c.name_so, c.name_en)` : sql`c.name_en`;
  const [built] = await queryRows<{ lines: DepreciationPreview['lines'] | null; by_category: DepreciationPreview['byCategory'] | null; total: string }>(
    tx,
    sql`
    with charge as (
      select a.id, a.tag, a.name, a.category_id, ${category} as category, a.cost,
             a.opening_accumulated + a.depreciated as before,
             (${targetSql(m0, firstMonth)} - a.depreciated) as amount
      from assets a
      join asset_categories c on c.client_id = a.client_id and c.id = a.category_id
      where a.client_id = ${clientId} and a.recorded_on <= ${m1}::date and a.depreciation_start <= ${m1}::date
        and a.disposed_on is null
        and a.opening_accumulated + a.depreciated < a.cost - a.salvage_value
    ), due as (select * from charge where amount > 0)
    select
      (select json_agg(json_build_object(
                'assetId', id, 'tag', tag, 'name', name, 'categoryId', category_id, 'category', category,
                'cost', (cost)::numeric(20, 2)::text, 'accumulatedBefore', (before)::numeric(20, 2)::text,
                'amount', (amount)::numeric(20, 2)::text, 'netBookValueAfter', (cost - before - amount)::numeric(20, 2)::text)
              order by category_id, lower(tag), id) from due) as lines,
      (select json_agg(json_build_object('categoryId', category_id, 'category', category, 'assets', n, 'amount', (amount)::numeric(20, 2)::text)
              order by category_id)
         from (select category_id, min(category) as category, count(*)::int as n, sum(amount) as amount from due group by category_id) g) as by_category,
      (select coalesce(sum(amount), 0)::numeric(20, 2)::text from due) as total`,
  );
  const refusal = await monthRefusal(tx, clientId, month);
  const latest = await latestPostedMonth(tx, clientId);
  return {
    month,
    date: m1,
    nextMonth: latest ? nextMonth(latest) : null,
    blocked: refusal ? translate(refusal, lang) : null,
    lines: built.lines ?? [],
    byCategory: built.by_category ?? [],
    total: built.total,
  };
}

/** Serialises the organisation's depreciation work (runs, reversals, disposals) on its settings row. */
export async function lockAssetBooks(tx: Db, clientId: number): Promise<void> {
  await tx.execute(sql`insert into asset_settings (client_id) values (${clientId}) on conflict do nothing`);
  await tx.execute(sql`select 1 from asset_settings where client_id = ${clientId} for update`);
}

/** Posts the month's depreciation (in the caller's transaction: the job's). Answers the run. */
export async function postDepreciation(opts: { tx: Db; actor: Actor; month: string; jobId?: number | null }): Promise<DepreciationRun> {
  const { tx, actor, month } = opts;
  const { clientId } = actor;
  await lockAssetBooks(tx, clientId);
  const refusal = await monthRefusal(tx, clientId, month);
  if (refusal) throw fieldError('month', refusal);
  const rows = await monthCharges(tx, clientId, month);
  const { entryPer } = await readAssetSettings(tx, clientId);
  const [, m1] = monthBounds(month);
  const [reserved] = await queryRows<{ id: number }>(tx, sql`select nextval(pg_get_serial_sequence('asset_depreciation_runs', 'id'))::int as id`);
  const runId = Number(reserved.id);
  const memo = translate(`assets.depreciationMemo|${month}`, actor.lang);
  const base = { date: m1, memo, sourceType: ASSET_DEPRECIATION_SOURCE_TYPE, sourceId: runId, userId: actor.userId, limitField: null };
  // Which posting each line's amount goes to.
  const postingOf: number[] = [];
  const postings: Array<Omit<Posting, 'clientId'>> = [];
  if (entryPer === 'asset') {
    for (const r of rows) {
      postingOf.push(postings.length);
      postings.push({
        ...base,
        reference: r.tag,
        lines: depreciationPosting({
          expenseAccountId: Number(r.expense_account_id),
          accumulatedAccountId: Number(r.accumulated_account_id),
          amount: r.amount,
        }),
      });
    }
  } else {
    const byCategory = new Map<number, { index: number; amount: Decimal; expense: number; accumulated: number }>();
    for (const r of rows) {
      let c = byCategory.get(Number(r.category_id));
      if (!c) {
        c = { index: byCategory.size, amount: new Decimal(0), expense: Number(r.expense_account_id), accumulated: Number(r.accumulated_account_id) };
        byCategory.set(Number(r.category_id), c);
      }
      c.amount = c.amount.plus(r.amount);
      postingOf.push(c.index);
    }
    for (const [categoryId, c] of byCategory) {
      const row = rows.find((r) => Number(r.category_id) === categoryId);
      postings.push({
        ...base,
        reference: row ? row.category_en.slice(0, 60) : null,
        lines: depreciationPosting({ expenseAccountId: c.expense, accumulatedAccountId: c.accumulated, amount: money(c.amount) }),
      });
    }
  }
  const entries = postings.length ? await postJournalBatch(tx, { clientId, userId: actor.userId, postings }) : [];
  const total = rows.reduce((s, r) => s.plus(r.amount), new Decimal(0));
  await tx.execute(sql`
    insert into asset_depreciation_runs (id, client_id, month, status, entry_ids, total, asset_count, job_id, created_by)
    values (${runId}, ${clientId}, ${`${month}-01`}::date, 'posted',
      (select coalesce(array_agg(value::bigint), '{}') from json_array_elements_text(${JSON.stringify(entries.map((e) => e.id))}::json)),
      ${money(total)}, ${rows.length}, ${opts.jobId ?? null}, ${actor.userId})`);
  if (rows.length) {
    const lines = rows.map((r, i) => ({ a: Number(r.asset_id), m: r.amount, e: entries[postingOf[i]].id }));
    await tx.execute(sql`
      insert into asset_depreciation_lines (client_id, run_id, asset_id, amount, journal_entry_id)
      select ${clientId}, ${runId}, x.a, x.m, x.e from json_to_recordset(${JSON.stringify(lines)}::json) as x(a int, m numeric, e bigint)`);
    await tx.execute(sql`
      update assets a set depreciated = a.depreciated + l.amount, updated_at = now()
      from asset_depreciation_lines l
      where l.client_id = ${clientId} and l.run_id = ${runId} and a.client_id = ${clientId} and a.id = l.asset_id`);
  }
  await writeAudit(tx, actor, {
    action: 'create',
    entity: 'asset-depreciation-run',
    entityId: runId,
    after: { month, total: money(total), assets: rows.length, entries: entries.length },
  });
  return getRun({ tx, clientId, id: runId });
}

interface RunRow {
  id: number;
  month: string;
  status: DepreciationRun['status'];
  total: string;
  asset_count: number;
  entry_count: number;
  created_by: string | null;
  created_at: string | Date;
  reversed_at: string | Date | null;
  is_latest: boolean;
  disposed_after: boolean;
}

/** Whether an asset has been disposed of after run r's month (the run can no longer be reversed). */
const disposedAfterSql = sql`exists (select 1 from assets d where d.client_id = r.client_id and d.disposed_on >= (r.month + interval '1 month')::date)`;

const runSelect = (clientId: number) => sql`
  select r.id, to_char(r.month, 'YYYY-MM') as month, r.status, r.total::text, r.asset_count, cardinality(r.entry_ids) as entry_count,
         u.username as created_by, r.created_at, r.reversed_at,
         (r.status = 'posted' and r.month = (select max(month) from asset_depreciation_runs m where m.client_id = r.client_id and m.status = 'posted')) as is_latest,
         ${disposedAfterSql} as disposed_after
  from asset_depreciation_runs r left join users u on u.id = r.created_by
  where r.client_id = ${clientId}`;

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
const toRun = (r: RunRow): DepreciationRun => ({
  id: Number(r.id),
  month: r.month,
  status: r.status,
  total: r.total,
  assetCount: Number(r.asset_count),
  entryCount: Number(r.entry_count),
  createdBy: r.created_by,
  createdAt: iso(r.created_at) ?? '',
  reversedAt: iso(r.reversed_at),
  isLatest: Boolean(r.is_latest),
  reversible: r.status === 'posted' && Boolean(r.is_latest) && !r.disposed_after,
});

export async function getRun(opts: { tx: Db; clientId: number; id: number }): Promise<DepreciationRun> {
  const [row] = await queryRows<RunRow>(opts.tx, sql`${runSelect(opts.clientId)} and r.id = ${opts.id}`);
  if (!row) throw notFound();
  return toRun(row);
}

export async function listRuns(opts: { tx: Db; clientId: number }): Promise<{ data: DepreciationRun[] }> {
  const rows = await queryRows<RunRow>(opts.tx, sql`${runSelect(opts.clientId)} order by r.month desc, r.id desc limit 240`);
  return { data: rows.map(toRun) };
}

/** Reverses the latest posted run as a whole: its entries reversed (same dates), the assets' figures restored. */
export async function reverseRun(opts: { tx: Db; actor: Actor; id: number }): Promise<DepreciationRun> {
  const { tx, actor, id } = opts;
  const { clientId } = actor;
  await lockAssetBooks(tx, clientId);
  const [run] = await queryRows<{ id: number; month: string; status: string; entry_ids: Array<string | number> }>(
    tx,
    sql`select id, to_char(month, 'YYYY-MM') as month, status, entry_ids from asset_depreciation_runs where client_id = ${clientId} and id = ${id}`,
  );
  if (!run) throw notFound();
  if (run.status !== 'posted') throw new AppError(409, 'RUN_REVERSED', 'assets.runReversed');
  if ((await latestPostedMonth(tx, clientId)) !== run.month) throw new AppError(409, 'RUN_NOT_LATEST', 'assets.runNotLatest');
  const [disposed] = await queryRows<{ id: number }>(
    tx,
    sql`select id from assets where client_id = ${clientId} and disposed_on >= (${`${run.month}-01`}::date + interval '1 month')::date limit 1`,
  );
  if (disposed) throw new AppError(409, 'RUN_HAS_DISPOSED', 'assets.runHasDisposed');
  const entryIds = run.entry_ids.map(Number);
  await reverseJournalBatch(tx, { clientId, entryIds, userId: actor.userId });
  await tx.execute(sql`
    update assets a set depreciated = a.depreciated - l.amount, updated_at = now()
    from asset_depreciation_lines l
    where l.client_id = ${clientId} and l.run_id = ${id} and a.client_id = ${clientId} and a.id = l.asset_id`);
  await tx.execute(sql`
    update asset_depreciation_runs set status = 'reversed', reversed_by = ${actor.userId}, reversed_at = now(),
      reversal_entry_ids = (select coalesce(array_agg(e.id order by e.id), '{}') from journal_entries e
                            where e.client_id = ${clientId} and e.reverses_id = any(entry_ids))
    where client_id = ${clientId} and id = ${id}`);
  await writeAudit(tx, actor, { action: 'reverse', entity: 'asset-depreciation-run', entityId: id, after: { month: run.month } });
  return getRun({ tx, clientId, id });
}
