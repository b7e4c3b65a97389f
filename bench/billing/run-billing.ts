// `npm run bench -- billing`: one organisation with N customers and houses in 50 zones and a month of
// readings (generate.ts), then through the real app: the bill run preview and save of the whole month
// against bare SQL doing the same writes (bare.ts), the customer search with 50 concurrent clients,
// receiving payments with 8 concurrent cashiers and the customer ageing report (measure.ts). Prints a
// markdown table and writes bench/results/billing-<db>.md.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../packages/server/src/app.ts';
import type { Database } from '../../packages/server/src/db/client.ts';
import { migrate } from '../../packages/server/src/db/migrate.ts';
import { queryRows } from '../../packages/server/src/db/rows.ts';
import { assertTenantIsolation, inTenant } from '../../packages/server/src/db/tenant.ts';
import { verifyLedger } from '../../packages/server/src/ledger/index.ts';
import { createOrganisation } from '../../packages/server/src/modules/users/index.ts';
import { fmt, timed } from '../stats.ts';
import { bareBillRun } from './bare.ts';
import { dropPlainTables, plainBillRun } from './bare-plain.ts';
import { BENCH_PERIOD, type GeneratedBilling, generateBilling } from './generate.ts';
import {
  type CpuSeconds,
  type DatabaseWork,
  type LoadTiming,
  hasRoute,
  withCpu,
  withWork,
  measureAging,
  measurePayments,
  measurePreview,
  measureRequestFloor,
  measureSave,
  measureSearch,
} from './measure.ts';

const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));
export const DEFAULT_CUSTOMERS = 100_000;

export interface BillingOptions {
  customers: number;
  searchClients: number;
  searches: number;
  paymentClients: number;
  payments: number;
  agingRuns: number;
}

export interface BillingTarget {
  kind: 'pglite' | 'postgres';
  open(): Promise<{ database: Database; label: string; drop(): Promise<void> }>;
}

interface Figures {
  generated: GeneratedBilling;
  preview: { ms: number; bills: number; bytes: number; cpu: CpuSeconds };
  bare: { ms: number; bills: number; cpu: CpuSeconds; work: DatabaseWork | null };
  plain: { ms: number; bills: number; work: DatabaseWork | null };
  save: { ms: number; bills: number; cpu: CpuSeconds; work: DatabaseWork | null };
  verify: { ms: number; isSound: boolean };
  search: LoadTiming;
  searchAlone: LoadTiming;
  floor: LoadTiming;
  payments: LoadTiming | null;
  aging: { median: number; p95: number; customers: number } | null;
  verifyAfter: { isSound: boolean; gaps: number };
}

const n = (v: number) => v.toLocaleString('en-US');
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mark = (isMet: boolean) => (isMet ? 'met' : '**not met**');
const cpuText = (c: CpuSeconds) =>
  `${(c.node + (c.postgres ?? 0)).toFixed(2)} s${c.postgres === null ? '' : ` (Node ${c.node.toFixed(2)} + PostgreSQL ${c.postgres.toFixed(2)})`}`;
const cpuTotal = (c: CpuSeconds) => (c.node + (c.postgres ?? 0)) * 1000;

function markdown(o: {
  label: string;
  version: string;
  options: BillingOptions;
  kind: BillingTarget['kind'];
  f: Figures;
  loadBefore: number;
  loadAfter: number;
}): string {
  const { f, options } = o;
  const saveTarget = o.kind === 'postgres' ? 3000 : 6000;
  const rows = [
    `| Bill run preview, whole month (POST /api/bills/generateCustomersBill, ${n(f.preview.bills)} bills, ${(f.preview.bytes / 2 ** 20).toFixed(0)} MiB of JSON) | ${s(f.preview.ms)} | ${cpuText(f.preview.cpu)} | | |`,
    `| Bill run save, whole month (POST /api/bills/saveCustomersBill: ${n(f.save.bills)} bills, entries, lines, readings) | ${s(f.save.ms)} | ${cpuText(f.save.cpu)} | ${s(saveTarget)} | wall ${mark(f.save.ms < saveTarget)}, CPU ${mark(cpuTotal(f.save.cpu) < saveTarget)} |`,
    `| Bare set-based SQL doing the same writes, one transaction | ${s(f.bare.ms)} | ${cpuText(f.bare.cpu)} | | |`,
    `| Save / bare SQL | ${(f.save.ms / f.bare.ms).toFixed(2)} | ${(cpuTotal(f.save.cpu) / cpuTotal(f.bare.cpu)).toFixed(2)} | | |`,
    `| The issue's yardstick: bills, entries and two lines each into plain logged tables (primary keys only, no checks), one transaction | ${s(f.plain.ms)} | | | |`,
    `| Save / yardstick | ${(f.save.ms / f.plain.ms).toFixed(1)} | | | |`,
    `| Customer search, one client at a time (the same searches, ${n(f.searchAlone.requests)} requests) | ${f.searchAlone.perSecond.toFixed(0)} req/s, p50 ${fmt(f.searchAlone.p50)} ms, p99 ${fmt(f.searchAlone.p99)} ms | | | |`,
    `| Customer search, ${f.search.clients} concurrent clients (GET /api/elc/customers?q=, ${n(f.search.requests)} requests) | ${f.search.perSecond.toFixed(0)} req/s, p50 ${fmt(f.search.p50)} ms, p99 ${fmt(f.search.p99)} ms | | p99 < 30 ms | ${mark(f.search.p99 < 30)} |`,
    `| The request path's floor: about the cheapest authenticated read (GET /api/cities), ${f.floor.clients} concurrent clients, ${n(f.floor.requests)} requests | ${f.floor.perSecond.toFixed(0)} req/s, p50 ${fmt(f.floor.p50)} ms, p99 ${fmt(f.floor.p99)} ms | | (p99 < 30 ms with ${f.floor.clients} clients in a closed loop needs ${n(Math.ceil(f.floor.clients / 0.03))} req/s) | |`,
    f.payments
      ? `| Receive payment, ${f.payments.clients} concurrent cashiers (POST /api/finance/payments, ${n(f.payments.requests)} payments) | ${f.payments.perSecond.toFixed(0)} payments/s, p50 ${fmt(f.payments.p50)} ms, p99 ${fmt(f.payments.p99)} ms | | | |`
      : '| Receive payment | route not available in this build | | | |',
    f.aging
      ? `| Customer ageing (GET /api/finance/customer/aging?date, ${n(f.aging.customers)} customers, first page) | median ${fmt(f.aging.median)} ms, p95 ${fmt(f.aging.p95)} ms | | < 300 ms | ${mark(f.aging.median < 300)} |`
      : '| Customer ageing | route not available in this build | | | |',
  ];
  return [
    `# Billing benchmark: ${o.label}`,
    '',
    `${new Date().toISOString().slice(0, 10)}; ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GiB; Node ${process.version}; ${o.version}. Machine load average (1 min) ${o.loadBefore.toFixed(1)} at the start, ${o.loadAfter.toFixed(1)} at the end: other work on the machine slows every figure alike.`,
    '',
    `Data: one organisation, ${n(f.generated.customers)} customers with one house and meter each in ${f.generated.zones} zones, ${n(f.generated.readings)} readings for ${BENCH_PERIOD}; generated in ${f.generated.seconds.toFixed(1)} s with set-based SQL (search words filled by the real triggers).`,
    `Through the app: buildApp + app.inject, signed-in administrator (token and session check, tenant transaction, validation, JSON). The bare SQL run is rolled back after its deferred checks ran (SET CONSTRAINTS ALL IMMEDIATE), then the tables are vacuumed and the app bills the same readings. CPU time: this Node process (with PGlite, the database runs in it) plus the PostgreSQL backends of the benchmark database, read from /proc; on a machine shared with other work it is closer than the wall time to what the run takes on an idle core.`,
    '',
    '| Measure | Wall time / result | CPU time | Target | |',
    '|---|---|---|---|---|',
    ...rows,
    ...workTable(f),
    '',
    `verifyLedger after the save: ${f.verify.isSound ? 'sound' : 'DIFFERENCES'} (${s(f.verify.ms)}); after the payments: ${f.verifyAfter.isSound ? 'sound' : 'DIFFERENCES'}, ${f.verifyAfter.gaps} numbering gaps. Options: ${JSON.stringify(options)}.`,
    '',
  ].join('\n');
}

/** The database work of the three bill runs (PostgreSQL): the same on any machine, so days compare. */
function workTable(f: Figures): string[] {
  const { save, bare, plain } = f;
  if (!save.work || !bare.work || !plain.work) return [];
  const row = (label: string, w: DatabaseWork) =>
    `| ${label} | ${w.walMiB.toFixed(0)} MiB | ${w.bufferMillions.toFixed(2)} M | ${(w.walMiB / (plain.work as DatabaseWork).walMiB).toFixed(1)} | ${(w.bufferMillions / (plain.work as DatabaseWork).bufferMillions).toFixed(1)} |`;
  return [
    '',
    "Work the database did for each bill run (WAL written, shared buffers read), independent of the machine's speed:",
    '',
    '| Bill run | WAL | Buffer reads | WAL / yardstick | Buffers / yardstick |',
    '|---|---|---|---|---|',
    row('Save through the app', save.work),
    row('Bare set-based SQL, same writes', bare.work),
    row('Yardstick (plain tables)', plain.work),
  ];
}

async function vacuum(db: Database['db'], tables: string[]) {
  for (const table of tables) await db.execute(sql`vacuum analyze ${sql.identifier(table)}`);
}

export async function benchBilling(target: BillingTarget, options: BillingOptions): Promise<string> {
  const loadBefore = loadavg()[0];
  const { database, label, drop } = await target.open();
  const log = (m: string) => process.stderr.write(`[billing ${target.kind}] ${m}\n`);
  try {
    await migrate(database);
    await assertTenantIsolation(database.db);
    const db = database.db;
    const [{ version }] = await queryRows<{ version: string }>(db, sql`select version()`);
    const app = await buildApp({ db, tokenSecret: randomBytes(32).toString('hex') });
    await app.ready();
    try {
      const password = 'Bench@2026';
      const { clientId, adminId } = await createOrganisation(db, {
        code: 9002,
        name: 'Billing Benchmark Utility',
        adminUsername: 'admin',
        adminPassword: password,
      });
      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password, code: 9002 } });
      if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.body}`);
      const token: string = login.json().token;

      log(`generating ${n(options.customers)} customers...`);
      const generated = await generateBilling(db, { clientId, userId: adminId, customers: options.customers });
      log(`generated in ${generated.seconds.toFixed(1)} s; preview...`);
      await measurePreview(app, token, BENCH_PERIOD);
      const previewed = await withCpu(db, target.kind, () => measurePreview(app, token, BENCH_PERIOD));
      const preview = { ...previewed.value, cpu: previewed.cpu };
      log(`preview ${s(preview.ms)}; bare SQL...`);
      const planed = await withWork(db, target.kind, () => plainBillRun(db, { clientId, period: BENCH_PERIOD }));
      await dropPlainTables(db);
      const plain = { ...planed.value, work: planed.work };
      log(`plain-table yardstick ${s(plain.ms)}; bare SQL...`);
      const bared = await withWork(db, target.kind, () => withCpu(db, target.kind, () => bareBillRun(db, { clientId, userId: adminId, period: BENCH_PERIOD })));
      const bare = { ...bared.value.value, cpu: bared.value.cpu, work: bared.work };
      await vacuum(db, [
        'bills',
        'bill_lines',
        'bill_runs',
        'journal_entries',
        'journal_lines',
        'account_daily_balances',
        'meter_readings',
        'document_counters',
      ]);
      log(`bare ${s(bare.ms)} (${n(bare.bills)} bills); save...`);
      const saved = await withWork(db, target.kind, () => withCpu(db, target.kind, () => measureSave(app, token, BENCH_PERIOD)));
      const save = { ...saved.value.value, cpu: saved.value.cpu, work: saved.work };
      if (save.bills !== preview.bills || bare.bills !== save.bills)
        throw new Error(`bill counts differ: preview ${preview.bills}, bare ${bare.bills}, save ${save.bills}`);
      // Fresh statistics for what follows (autovacuum would do it on a live server, PGlite has none).
      await vacuum(db, ['bills', 'bill_lines', 'journal_entries', 'journal_lines', 'account_daily_balances', 'account_monthly_balances', 'meter_readings']);
      log(`save ${s(save.ms)}; verifying...`);
      const verified = await timed(() => inTenant(db, clientId, (tx) => verifyLedger(tx, { clientId, limit: 20 })));
      if (!verified.value.isSound) throw new Error(`ledger not sound after the save: ${JSON.stringify(verified.value).slice(0, 500)}`);

      log(`search with ${options.searchClients} clients...`);
      // One client first: what one search costs without waiting behind the others.
      const searchAlone = await measureSearch(app, db, { clientId, token, clients: 1, requests: Math.min(500, options.searches) });
      const search = await measureSearch(app, db, { clientId, token, clients: options.searchClients, requests: options.searches });
      const floor = await measureRequestFloor(app, { token, clients: options.searchClients, requests: options.searches });
      let payments: LoadTiming | null = null;
      if (hasRoute(app, 'POST', '/api/finance/payments')) {
        log(`payments with ${options.paymentClients} clients...`);
        payments = await measurePayments(app, db, { clientId, token, clients: options.paymentClients, requests: options.payments, date: '2025-07-05' });
      }
      let aging: Figures['aging'] = null;
      if (hasRoute(app, 'GET', '/api/finance/customer/aging')) {
        log('ageing...');
        aging = await measureAging(app, token, '2025-07-31', options.agingRuns);
      }
      const after = await inTenant(db, clientId, (tx) => verifyLedger(tx, { clientId, limit: 20 }));
      const text = markdown({
        label,
        version: version.split(' on ')[0].split(',')[0],
        options,
        kind: target.kind,
        f: {
          generated,
          preview,
          bare,
          plain,
          save,
          search,
          searchAlone,
          floor,
          payments,
          aging,
          verify: { ms: verified.ms, isSound: verified.value.isSound },
          verifyAfter: { isSound: after.isSound, gaps: after.numberingGaps.length },
        },
        loadBefore,
        loadAfter: loadavg()[0],
      });
      mkdirSync(resultsDir, { recursive: true });
      const size = options.customers === DEFAULT_CUSTOMERS ? '' : `-${options.customers}`;
      writeFileSync(`${resultsDir}billing-${target.kind}${size}.md`, text);
      return text;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await drop();
  }
}
