// `npm run bench -- assets [--assets 50000] [--runs 5] [--db all|pglite|postgres]`: one organisation with
// N fixed assets over three categories (one registered through the API, the rest copied from it with
// set-based SQL: lives of 12 to 120 months, one in five on declining balance), then a month's depreciation
// through the app beside the bare set-based SQL doing the same work in the same run:
// - preview: GET /api/assets/depreciation/preview (every asset's charge, as JSON) beside the bare SELECT
//   of the same charges (straight line or declining balance, never past cost less salvage);
// - post: POST /api/assets/depreciation/jobs and the job done (one transaction: 3 entries through the
//   ledger door, the run, one line per asset, every asset's depreciated figure) beside one transaction
//   with the same writes in bare SQL (the run row, the lines by INSERT ... SELECT, the assets by UPDATE
//   ... FROM, the 3 entries through the same ledger door), rolled back;
// - reverse: POST .../runs/:id/reverse (reported; it puts the books back for the next round).
// Prints a markdown table per database and writes bench/results/assets.md.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../packages/server/src/app.ts';
import type { Database, Db } from '../../packages/server/src/db/client.ts';
import { migrate } from '../../packages/server/src/db/migrate.ts';
import { queryRows } from '../../packages/server/src/db/rows.ts';
import { inTenant } from '../../packages/server/src/db/tenant.ts';
import { postJournalBatch } from '../../packages/server/src/ledger/index.ts';
import { waitForJobs } from '../../packages/server/src/modules/jobs/index.ts';
import { createOrganisation } from '../../packages/server/src/modules/users/index.ts';
import { fmt, median, timed } from '../stats.ts';

const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));
const n = (v: number) => v.toLocaleString('en-US');
const MONTH = '2025-07';
const M0 = '2025-07-01';
const M1 = '2025-07-31';

export interface AssetsOptions {
  assets: number;
  runs: number;
}

export interface AssetsTarget {
  kind: 'pglite' | 'postgres';
  open(): Promise<{ database: Database; label: string; drop(): Promise<void> }>;
}

class Rollback extends Error {}

/** The month's charges in bare SQL: straight line or declining balance, never past cost less salvage. */
const bareCharges = (clientId: number) => sql`
  select a.id as asset_id, a.category_id, c.expense_account_id, c.accumulated_account_id,
         least(a.cost - a.salvage_value - a.opening_accumulated,
               case when a.method = 'straight-line'
                    then round((a.cost - a.salvage_value - a.opening_accumulated) * x.n / a.useful_life_months, 2)
                    else round((a.cost - a.opening_accumulated) * (1 - power(1 - a.rate / 1200, x.n)), 2) end) - a.depreciated as amount
  from assets a
  join asset_categories c on c.client_id = a.client_id and c.id = a.category_id
  cross join lateral (select least(a.useful_life_months, (2025 * 12 + 7) - (extract(year from a.depreciation_start)::int * 12
                       + extract(month from a.depreciation_start)::int) + 1) as n) x
  where a.client_id = ${clientId} and a.status = 'Active' and a.depreciation_start <= ${M1}::date`;

async function generate(db: Db, clientId: number, token: string, app: Awaited<ReturnType<typeof buildApp>>, count: number) {
  const call = (method: 'GET' | 'POST', url: string, payload?: object) => app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
  const { data: categories } = (await call('GET', '/api/assets/categories')).json() as { data: Array<{ id: number; nameEn: string }> };
  const pick = ['IT equipment', 'Vehicles', 'Furniture and office equipment'].map((name) => categories.find((c) => c.nameEn === name)?.id ?? categories[0].id);
  const choices = (await call('GET', '/api/assets/choices')).json() as { branches: Array<{ id: number }> };
  const first = await call('POST', '/api/assets', {
    tag: 'B-0',
    name: 'Benchmark asset',
    categoryId: pick[0],
    branchId: choices.branches[0].id,
    acquisitionDate: '2025-01-01',
    cost: '1000.00',
    recordedOn: '2025-01-01',
  });
  if (first.statusCode !== 201) throw new Error(`registering failed: ${first.body}`);
  const started = performance.now();
  await inTenant(db, clientId, (tx) =>
    tx.execute(sql`
      insert into assets (client_id, tag, name, category_id, branch_id, acquisition_date, cost, salvage_value, useful_life_months, method, rate,
                          depreciation_start, source, recorded_on, journal_entry_id)
      select a.client_id, 'B-' || g, 'Asset ' || g, (array[${pick[0]}, ${pick[1]}, ${pick[2]}]::int[])[1 + g % 3], a.branch_id, date '2025-01-01',
             (500 + (g * 7919) % 50000)::numeric(14,2), ((500 + (g * 7919) % 50000) * 0.05)::numeric(14,2), 12 + (g * 31) % 109,
             case when g % 5 = 0 then 'declining-balance' else 'straight-line' end, case when g % 5 = 0 then 25 end,
             date '2025-01-01' + ((g % 180) || ' days')::interval, 'register', date '2025-01-01', a.journal_entry_id
      from assets a cross join generate_series(1, ${count - 1}) g where a.client_id = ${clientId} and a.tag = 'B-0'`),
  );
  return (performance.now() - started) / 1000;
}

async function bench(target: AssetsTarget, options: AssetsOptions): Promise<string> {
  const loadBefore = loadavg()[0];
  const { database, label, drop } = await target.open();
  try {
    await migrate(database);
    const db = database.db;
    const [{ version }] = await queryRows<{ version: string }>(db, sql`select version()`);
    const app = await buildApp({ db, tokenSecret: randomBytes(32).toString('hex') });
    await app.ready();
    try {
      const password = 'Bench@2026';
      const { clientId, adminId } = await createOrganisation(db, { code: 9005, name: 'Benchmark Utility', adminUsername: 'admin', adminPassword: password });
      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password, code: 9005 } });
      const token: string = login.json().token;
      const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
        app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
      process.stderr.write(`[${target.kind}] generating ${n(options.assets)} assets...\n`);
      const seconds = await generate(db, clientId, token, app, options.assets);
      // Months before the measured one are posted once (the charges of July then build on them).
      for (const m of ['2025-01', '2025-02', '2025-03', '2025-04', '2025-05', '2025-06']) {
        const r = await call('POST', '/api/assets/depreciation/jobs', { month: m });
        if (r.statusCode !== 202) throw new Error(`posting ${m}: ${r.body}`);
        await waitForJobs(db);
      }
      process.stderr.write(`[${target.kind}] measuring (${options.runs} rounds)...\n`);
      const preview: number[] = [];
      const previewBare: number[] = [];
      const post: number[] = [];
      const postBare: number[] = [];
      const reverse: number[] = [];
      let lines = 0;
      let total = '';
      for (let i = 0; i < options.runs; i++) {
        const p = await timed(() => call('GET', `/api/assets/depreciation/preview?month=${MONTH}`));
        if (p.value.statusCode !== 200) throw new Error(p.value.body);
        preview.push(p.ms);
        lines = p.value.json().lines.length;
        total = p.value.json().total;
        previewBare.push(
          (
            await timed(() =>
              inTenant(db, clientId, (tx) =>
                queryRows(tx, sql`select json_agg(t) as lines, sum(amount) as total from (${bareCharges(clientId)}) t where amount > 0`),
              ),
            )
          ).ms,
        );
        postBare.push(
          (
            await timed(() =>
              inTenant(db, clientId, async (tx) => {
                const [run] = await queryRows<{ id: number }>(
                  tx,
                  sql`insert into asset_depreciation_runs (client_id, month, status, entry_ids, total, asset_count, created_by)
                      values (${clientId}, ${M0}::date, 'posted', '{}', 0, 0, ${adminId}) returning id`,
                );
                const sums = await queryRows<{ category_id: number; expense: number; accumulated: number; amount: string }>(
                  tx,
                  sql`select category_id, expense_account_id as expense, accumulated_account_id as accumulated, sum(amount)::text as amount
                      from (${bareCharges(clientId)}) c where amount > 0 group by 1, 2, 3`,
                );
                const entries = await postJournalBatch(tx, {
                  clientId,
                  userId: adminId,
                  postings: sums.map((s) => ({
                    date: M1,
                    memo: 'bare',
                    reference: null,
                    sourceType: 'asset-depreciation',
                    sourceId: run.id,
                    userId: adminId,
                    limitField: null,
                    lines: [
                      { accountId: Number(s.expense), debit: s.amount, credit: '0' },
                      { accountId: Number(s.accumulated), debit: '0', credit: s.amount },
                    ],
                  })),
                });
                await tx.execute(sql`
                  with c as (${bareCharges(clientId)})
                  insert into asset_depreciation_lines (client_id, run_id, asset_id, amount, journal_entry_id)
                  select ${clientId}, ${run.id}, c.asset_id, c.amount, e.id
                  from c join (select unnest(${`{${entries.map((e) => e.id).join(',')}}`}::bigint[]) as id,
                                      unnest(${`{${sums.map((x) => x.category_id).join(',')}}`}::int[]) as category_id) e on e.category_id = c.category_id
                  where c.amount > 0`);
                await tx.execute(sql`
                  update assets a set depreciated = a.depreciated + l.amount, updated_at = now()
                  from asset_depreciation_lines l where l.client_id = ${clientId} and l.run_id = ${run.id} and a.client_id = ${clientId} and a.id = l.asset_id`);
                throw new Rollback();
              }).catch((e) => {
                if (!(e instanceof Rollback)) throw e;
              }),
            )
          ).ms,
        );
        const posted = await timed(async () => {
          const r = await call('POST', '/api/assets/depreciation/jobs', { month: MONTH });
          if (r.statusCode !== 202) throw new Error(r.body);
          await waitForJobs(db);
          const job = (await call('GET', `/api/assets/depreciation/jobs/${r.json().jobId}`)).json();
          if (job.status !== 'done') throw new Error(JSON.stringify(job));
        });
        post.push(posted.ms);
        const [run] = (await call('GET', '/api/assets/depreciation/runs')).json().data as Array<{ id: number; month: string; total: string }>;
        if (run.month !== MONTH || run.total !== total) throw new Error(`posted ${run.month} ${run.total}, previewed ${total}`);
        const rev = await timed(() => call('POST', `/api/assets/depreciation/runs/${run.id}/reverse`));
        if (rev.value.statusCode !== 200) throw new Error(rev.value.body);
        reverse.push(rev.ms);
      }
      const ratio = (a: number[], b: number[]) => median(a) / median(b);
      const verdict = (r: number) => (r <= 2 ? 'met' : '**not met**');
      return [
        `## Assets benchmark: ${label}`,
        '',
        `${new Date().toISOString().slice(0, 10)}; ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GiB; Node ${process.version}; ${version.split(' on ')[0].split(',')[0]}. Load average (1 min) ${loadBefore.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end.`,
        '',
        `Data: ${n(options.assets)} assets in 3 categories (generated in ${seconds.toFixed(1)} s), January to June 2025 posted; ${MONTH} charges ${n(lines)} assets, ${total} in all. ${options.runs} rounds, medians; each round: preview, the bare preview, the bare post (rolled back), the post through the app, its reversal.`,
        '',
        '| Measure | App median ms | Bare SQL median ms | App / bare | Target (2x) |',
        '|---|---:|---:|---:|---|',
        `| Preview of a month (every asset's charge, JSON) | ${fmt(median(preview))} | ${fmt(median(previewBare))} | ${ratio(preview, previewBare).toFixed(2)} | ${verdict(ratio(preview, previewBare))} |`,
        `| Post a month (job: 3 entries, ${n(lines)} lines, ${n(lines)} assets updated) | ${fmt(median(post))} | ${fmt(median(postBare))} | ${ratio(post, postBare).toFixed(2)} | ${verdict(ratio(post, postBare))} |`,
        `| Reverse the month (reported) | ${fmt(median(reverse))} | | | |`,
        '',
      ].join('\n');
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await drop();
  }
}

export async function benchAssetsAll(targets: AssetsTarget[], options: AssetsOptions): Promise<string> {
  const parts: string[] = [];
  for (const target of targets) {
    const text = await bench(target, options);
    process.stdout.write(`${text}\n`);
    parts.push(text);
  }
  const text = ['# Assets benchmark (`npm run bench -- assets`)', '', `Options: --assets ${options.assets} --runs ${options.runs}.`, '', ...parts].join('\n');
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(`${resultsDir}assets${options.assets === 50_000 ? '' : `-${options.assets}`}.md`, text);
  return text;
}
