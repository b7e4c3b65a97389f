// `npm run bench -- trade [--items 2000] [--vendors 500] [--moves 1000000] [--runs 20] [--db all|pglite|postgres]`:
// one organisation with N items over three branches, V vendors and M stock moves over two years
// (generate.ts), checked with verifyStock, then the stock reports through the app beside their bare SQL
// (measure.ts). Prints a markdown table per database and writes bench/results/trade.md (both) and
// trade-<db>.md. The sales activity report and posting sales invoices through the API come with the sales
// module: see the "Sales" section the table leaves for them.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../packages/server/src/app.ts';
import type { Database } from '../../packages/server/src/db/client.ts';
import { migrate } from '../../packages/server/src/db/migrate.ts';
import { queryRows } from '../../packages/server/src/db/rows.ts';
import { inTenant } from '../../packages/server/src/db/tenant.ts';
import { verifyStock } from '../../packages/server/src/modules/items/index.ts';
import { createOrganisation } from '../../packages/server/src/modules/users/index.ts';
import { fmt, timed } from '../stats.ts';
import { type GeneratedTrade, generateTrade } from './generate.ts';
import { measureTradeReports, type TradeTiming } from './measure.ts';

const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));

export interface TradeOptions {
  items: number;
  vendors: number;
  moves: number;
  runs: number;
}

export interface TradeTarget {
  kind: 'pglite' | 'postgres';
  open(): Promise<{ database: Database; label: string; drop(): Promise<void> }>;
}

const n = (v: number) => v.toLocaleString('en-US');

/**
 * The sales benchmarks (sales activity for a year; posting 5-line sales invoices through the API, one
 * client p50/p95 and 8 clients invoices/s) are measured here once the sales module serves them: add a
 * function beside measureTradeReports and its rows to this section.
 */
function salesSection(): string[] {
  return [
    '### Sales (to come with the sales module)',
    '',
    '| Measure | Target | Result |',
    '|---|---|---|',
    '| Sales activity report for a year (API, PostgreSQL) | < 50 ms | not measured yet: the sales module is being built |',
    '| Posting a 5-line sales invoice through the API, one client | p95 < 25 ms | not measured yet |',
    '| Posting 5-line sales invoices, 8 clients | invoices/s | not measured yet |',
    '',
  ];
}

function markdown(o: {
  kind: TradeTarget['kind'];
  label: string;
  version: string;
  data: GeneratedTrade;
  verify: { ms: number; ok: boolean };
  reports: TradeTiming[];
  runs: number;
  loadBefore: number;
  loadAfter: number;
}): string {
  const target = o.kind === 'postgres' ? 50 : 150;
  const verdict = (ms: number) => (ms <= target ? 'met' : '**not met**');
  return [
    `## Trade benchmark: ${o.label}`,
    '',
    `${new Date().toISOString().slice(0, 10)}; ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GiB; Node ${process.version}; ${o.version}. Load average (1 min) ${o.loadBefore.toFixed(1)} at the start, ${o.loadAfter.toFixed(1)} at the end.`,
    '',
    `Data: one organisation, ${n(o.data.items)} stocked items over ${o.data.branches} branches, ${n(o.data.vendors)} vendors, ${n(o.data.moves)} stock moves dated 2024-01-01 to 2025-12-31 with their running balances, ${n(o.data.dailyRows)} daily balance rows; stock value ${o.data.stockValue}. Generated in ${o.data.seconds.toFixed(1)} s with set-based SQL (bench/trade/generate.ts); verifyStock (books = stock, balances = moves = daily rows): ${o.verify.ok ? 'sound' : 'DIFFERENCES'} in ${(o.verify.ms / 1000).toFixed(1)} s.`,
    '',
    `Reports through the app (buildApp + app.inject, signed-in administrator), ${o.runs} runs each after 2 warm-up runs, interleaved with the bare SQL of the app's own query (daily balance rows, one tenant transaction, no HTTP) and the same figures summed from stock_moves (5 runs). Target: API median under ${target} ms${o.kind === 'pglite' ? ' (3x the PostgreSQL target)' : ''}; the machine's other work (load average above) slows every figure alike.`,
    '',
    '| Report | API median ms | API p95 ms | bare SQL (balance rows) median ms | SQL on stock_moves median ms | Target |',
    '|---|---:|---:|---:|---:|---|',
    ...o.reports.map((r) => `| ${r.name} | ${fmt(r.apiMedian)} | ${fmt(r.apiP95)} | ${fmt(r.floorMedian)} | ${fmt(r.movesMedian)} | ${verdict(r.apiMedian)} |`),
    '',
    ...salesSection(),
  ].join('\n');
}

export async function benchTrade(target: TradeTarget, options: TradeOptions): Promise<string> {
  const loadBefore = loadavg()[0];
  const { database, label, drop } = await target.open();
  try {
    await migrate(database);
    const [{ version }] = await queryRows<{ version: string }>(database.db, sql`select version()`);
    const app = await buildApp({ db: database.db, tokenSecret: randomBytes(32).toString('hex') });
    await app.ready();
    try {
      const password = 'Bench@2026';
      const { clientId, adminId } = await createOrganisation(database.db, {
        code: 9003,
        name: 'Benchmark Trader',
        adminUsername: 'admin',
        adminPassword: password,
      });
      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password, code: 9003 } });
      if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.body}`);
      const token: string = login.json().token;
      process.stderr.write(`[${target.kind}] generating ${n(options.moves)} stock moves...\n`);
      const data = await generateTrade(database.db, { clientId, userId: adminId, items: options.items, vendors: options.vendors, moves: options.moves });
      process.stderr.write(`[${target.kind}] generated in ${data.seconds.toFixed(1)} s; verifying...\n`);
      const verify = await timed(() => inTenant(database.db, clientId, (tx) => verifyStock(tx, { clientId })));
      if (!verify.value.ok) throw new Error(`generated stock is not sound: ${JSON.stringify(verify.value).slice(0, 500)}`);
      process.stderr.write(`[${target.kind}] measuring reports (${options.runs} runs)...\n`);
      const reports = await measureTradeReports({ app, db: database.db, clientId, token, runs: options.runs });
      return markdown({
        kind: target.kind,
        label,
        version: version.split(' on ')[0].split(',')[0],
        data,
        verify: { ms: verify.ms, ok: verify.value.ok },
        reports,
        runs: options.runs,
        loadBefore,
        loadAfter: loadavg()[0],
      });
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await drop();
  }
}

/** Runs every target and writes bench/results/trade.md with all of them. */
export async function benchTradeAll(targets: TradeTarget[], options: TradeOptions): Promise<string> {
  const parts: string[] = [];
  for (const target of targets) {
    const text = await benchTrade(target, options);
    process.stdout.write(`${text}\n`);
    parts.push(text);
  }
  const text = [
    '# Trade benchmark (`npm run bench -- trade`)',
    '',
    `Options: --items ${options.items} --vendors ${options.vendors} --moves ${options.moves} --runs ${options.runs}.`,
    '',
    ...parts,
  ].join('\n');
  mkdirSync(resultsDir, { recursive: true });
  const isDefault = options.items === 2000 && options.moves === 1_000_000;
  writeFileSync(`${resultsDir}trade${isDefault ? '' : `-${options.moves}`}.md`, text);
  return text;
}
