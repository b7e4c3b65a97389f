// `npm run bench -- trade [--items 2000] [--vendors 500] [--moves 1000000] [--invoices 50000] [--runs 20] [--db all|pglite|postgres]`:
// one organisation with N items over three branches, V vendors and M stock moves over two years
// (generate.ts), checked with verifyStock, then the stock reports through the app beside their bare SQL
// (measure.ts), then the sales benchmarks (sales.ts: posting 5-line invoices through the API, one client and
// eight; the sales activity report for a year). Prints a markdown table per database and writes
// bench/results/trade.md (both) and trade-<db>.md.
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
import { measureSales, type SalesTiming } from './sales.ts';
import { systemActor } from '../../packages/server/src/lib/actor.ts';

const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));

export interface TradeOptions {
  items: number;
  vendors: number;
  moves: number;
  /** Generated sales invoices (5 lines each) the sales activity report reads. */
  invoices: number;
  runs: number;
}

export interface TradeTarget {
  kind: 'pglite' | 'postgres';
  open(): Promise<{ database: Database; label: string; drop(): Promise<void> }>;
}

const n = (v: number) => v.toLocaleString('en-US');

/** The sales measures with their floors and targets (PGlite: within 3x of the PostgreSQL target). */
function salesSection(kind: TradeTarget['kind'], t: SalesTiming): string[] {
  const factor = kind === 'postgres' ? 1 : 3;
  const met = (ms: number, target: number) => (ms <= target * factor ? 'met' : '**not met**');
  return [
    '### Sales',
    '',
    `Posting: ${n(t.postOneClient.invoices)} invoices of 5 stocked lines (5% tax) one after another through the API, each beside the same service called without HTTP (its own tenant transaction); then ${n(t.postEightClients.invoices)} invoices from 8 clients at once. Sales activity: ${n(t.activity[0].documents)} generated invoices with ${n(t.activity[0].lines)} lines over 2025 for one customer, and their ${n(t.activity[0].balanceRows)} sales balance rows (the report reads those), by item, customer and month: first page and totals, beside the bare SQL of the same sums on the balance rows.`,
    '',
    '| Measure | API | floor | Target | Result |',
    '|---|---:|---:|---|---|',
    `| Posting a 5-line sales invoice, one client: p50 / p95 ms | ${fmt(t.postOneClient.p50)} / ${fmt(t.postOneClient.p95)} | service without HTTP ${fmt(t.postOneClient.floorP50)} / ${fmt(t.postOneClient.floorP95)} | p95 < ${25 * factor} ms | ${met(t.postOneClient.p95, 25)} |`,
    `| Posting 5-line sales invoices, 8 clients: invoices/s | ${t.postEightClients.perSecond.toFixed(0)} (${t.postEightClients.seconds.toFixed(1)} s) | | (reported) | |`,
    ...t.activity.map(
      (a) =>
        `| Sales activity for a year, by ${a.groupBy}: median / p95 ms | ${fmt(a.apiMedian)} / ${fmt(a.apiP95)} | bare SQL ${fmt(a.floorMedian)} | < ${50 * factor} ms | ${met(a.apiMedian, 50)} |`,
    ),
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
  sales: SalesTiming;
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
    ...salesSection(o.kind, o.sales),
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
      process.stderr.write(`[${target.kind}] measuring sales (posting, activity)...\n`);
      const actor = systemActor({ clientId, userId: adminId, username: 'admin', isAdmin: true });
      const sales = await measureSales({ app, db: database.db, clientId, actor, token, runs: options.runs, documents: options.invoices });
      return markdown({
        kind: target.kind,
        label,
        version: version.split(' on ')[0].split(',')[0],
        data,
        verify: { ms: verify.ms, ok: verify.value.ok },
        reports,
        sales,
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
    `Options: --items ${options.items} --vendors ${options.vendors} --moves ${options.moves} --invoices ${options.invoices} --runs ${options.runs}.`,
    '',
    ...parts,
  ].join('\n');
  mkdirSync(resultsDir, { recursive: true });
  const isDefault = options.items === 2000 && options.moves === 1_000_000;
  writeFileSync(`${resultsDir}trade${isDefault ? '' : `-${options.moves}`}.md`, text);
  return text;
}
