// Measures the finance reports through the real app (buildApp + app.inject, signed-in administrator:
// token check, tenant transaction, zod, JSON) against the bare SQL aggregate over journal_lines that
// the report would cost without the daily balances, and posting throughput with concurrent clients.
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../packages/server/src/db/client.ts';
import { queryRows } from '../../packages/server/src/db/rows.ts';
import { inTenant } from '../../packages/server/src/db/tenant.ts';
import { verifyLedger } from '../../packages/server/src/ledger/index.ts';
import { median, percentile, timed } from '../stats.ts';

export interface ReportTiming {
  name: string;
  url: string;
  apiMedian: number;
  apiP95: number;
  sqlMedian: number;
  sqlP95: number;
}

export interface PostingTiming {
  clients: number;
  entries: number;
  seconds: number;
  perSecond: number;
  latencyMedian: number;
  latencyP95: number;
}

interface Case {
  name: string;
  url: string;
  /** The same answer computed straight from journal_lines, in the tenant's transaction. */
  bare: SQL;
}

const YEAR_START = '2025-01-01';
const YEAR_END = '2025-12-31';

async function cases(db: Db, clientId: number): Promise<Case[]> {
  const [busiest] = await inTenant(db, clientId, (tx) =>
    queryRows<{ account_id: number; n: number }>(
      tx,
      sql`
      select account_id, sum(line_count)::int as n from account_daily_balances where client_id = ${clientId}
      group by account_id order by 2 desc, 1 limit 1`,
    ),
  );
  const account = Number(busiest.account_id);
  const middlePage = Math.max(1, Math.floor(busiest.n / 100 / 2));
  const statementPage = (page: number) => sql`
    select p.*, e.series, e.entry_no, e.reference, e.memo as entry_memo from (
      select id, entry_id, date, debit, credit, memo, running from (
        select l.id, l.entry_id, l.date, l.debit, l.credit, l.memo,
               sum(l.debit - l.credit) over (order by l.date, l.entry_id, l.id rows between unbounded preceding and current row) as running
        from journal_lines l where l.client_id = ${clientId} and l.account_id = ${account} and l.date between '2024-01-01' and ${YEAR_END}
      ) ordered order by date, entry_id, id limit 100 offset ${(page - 1) * 100}
    ) p join journal_entries e on e.id = p.entry_id order by p.date, p.entry_id, p.id`;
  return [
    {
      name: 'Trial balance (2025, opening + movement + closing)',
      url: `/api/finance/reports/trial-balance?startDate=${YEAR_START}&endDate=${YEAR_END}`,
      bare: sql`
        select account_id, coalesce(sum(debit - credit) filter (where date < ${YEAR_START}), 0) as opening,
               coalesce(sum(debit) filter (where date >= ${YEAR_START}), 0) as debit, coalesce(sum(credit) filter (where date >= ${YEAR_START}), 0) as credit
        from journal_lines where client_id = ${clientId} and date <= ${YEAR_END} group by account_id`,
    },
    {
      name: 'Income statement (2025)',
      url: `/api/finance/incomestatement?startDate=${YEAR_START}&endDate=${YEAR_END}`,
      bare: sql`
        select l.account_id, sum(l.debit) as debit, sum(l.credit) as credit
        from journal_lines l join accounts a on a.id = l.account_id
        where l.client_id = ${clientId} and a.type in ('income', 'expense') and l.date between ${YEAR_START} and ${YEAR_END}
        group by l.account_id`,
    },
    {
      name: 'Balance sheet (at 2025-12-31)',
      url: `/api/finance/balancesheet?date=${YEAR_END}`,
      bare: sql`select account_id, sum(debit) as debit, sum(credit) as credit from journal_lines where client_id = ${clientId} and date <= ${YEAR_END} group by account_id`,
    },
    {
      name: `Account statement, page 1 of ${busiest.n} lines (100 lines)`,
      url: `/api/finance/reports/account-transaction?accountId=${account}&startDate=2024-01-01&endDate=${YEAR_END}&_page=1&_limit=100`,
      bare: statementPage(1),
    },
    {
      name: `Account statement, page ${middlePage} (100 lines, middle)`,
      url: `/api/finance/reports/account-transaction?accountId=${account}&startDate=2024-01-01&endDate=${YEAR_END}&_page=${middlePage}&_limit=100`,
      bare: statementPage(middlePage),
    },
    {
      name: 'Journal report, page 1 (100 entries with lines)',
      url: `/api/finance/reports/journal?startDate=${YEAR_START}&endDate=${YEAR_END}&_page=1&_limit=100`,
      bare: sql`
        with page as (
          select id, series, entry_no, date, reference, memo, total from journal_entries
          where client_id = ${clientId} and date between ${YEAR_START} and ${YEAR_END} order by date, id limit 100
        )
        select page.*, l.account_id, l.debit, l.credit, (select count(*) from journal_entries
          where client_id = ${clientId} and date between ${YEAR_START} and ${YEAR_END}) as total_count
        from page join journal_lines l on l.entry_id = page.id order by page.date, page.id, l.id`,
    },
  ];
}

export async function measureReports(opts: {
  app: FastifyInstance;
  db: Db;
  clientId: number;
  token: string;
  runs: number;
  warmup?: number;
}): Promise<ReportTiming[]> {
  const { app, db, clientId, token, runs } = opts;
  const warmup = opts.warmup ?? 2;
  const out: ReportTiming[] = [];
  for (const c of await cases(db, clientId)) {
    const call = async () => {
      const res = await app.inject({ method: 'GET', url: c.url, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) throw new Error(`${c.url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      return res.body.length;
    };
    const bare = () => inTenant(db, clientId, (tx) => queryRows(tx, c.bare));
    for (let i = 0; i < warmup; i += 1) {
      await call();
      await bare();
    }
    const api: number[] = [];
    const direct: number[] = [];
    // Interleaved, so both see the same cache and machine state.
    for (let i = 0; i < runs; i += 1) {
      api.push((await timed(call)).ms);
      direct.push((await timed(bare)).ms);
    }
    out.push({ name: c.name, url: c.url, apiMedian: median(api), apiP95: percentile(api, 95), sqlMedian: median(direct), sqlP95: percentile(direct, 95) });
  }
  return out;
}

/**
 * Journal entries posted through POST /api/finance/transaction by concurrent clients, after a warm-up
 * round (every pooled connection has prepared its statements) that is not counted.
 */
export async function measurePosting(opts: {
  app: FastifyInstance;
  db: Db;
  clientId: number;
  token: string;
  clients: number;
  entries: number;
  warmup?: number;
}): Promise<PostingTiming> {
  const warmup = opts.warmup ?? Math.min(2000, opts.entries);
  if (warmup > 0) await postConcurrently({ ...opts, entries: warmup, offset: opts.entries });
  return postConcurrently({ ...opts, offset: 0 });
}

async function postConcurrently(opts: {
  app: FastifyInstance;
  db: Db;
  clientId: number;
  token: string;
  clients: number;
  entries: number;
  offset: number;
}): Promise<PostingTiming> {
  const { app, db, clientId, token, clients, entries } = opts;
  const [pool] = await inTenant(db, clientId, (tx) =>
    queryRows<{ cash: number[]; income: number[] }>(
      tx,
      sql`
      select (select array_agg(id order by id) from accounts where client_id = ${clientId} and subtype in ('cash', 'bank', 'mobile_money')) as cash,
             (select array_agg(id order by id) from accounts where client_id = ${clientId} and type = 'income') as income`,
    ),
  );
  const latencies: number[] = [];
  let next = 0;
  const worker = async (w: number) => {
    for (;;) {
      const i = next;
      next += 1;
      if (i >= entries) return;
      const n = i + opts.offset;
      const amount = `${(n % 900) + 100}.${String(n % 100).padStart(2, '0')}`;
      const payload = {
        date: `2025-12-${String(1 + (n % 28)).padStart(2, '0')}`,
        reference: `LOAD-${w}-${n}`,
        lines: [
          { accountId: Number(pool.cash[n % pool.cash.length]), debit: amount },
          { accountId: Number(pool.income[n % pool.income.length]), credit: amount },
        ],
      };
      const { ms, value } = await timed(() =>
        app.inject({ method: 'POST', url: '/api/finance/transaction', payload, headers: { authorization: `Bearer ${token}` } }),
      );
      if (value.statusCode !== 201) throw new Error(`posting answered ${value.statusCode}: ${value.body.slice(0, 200)}`);
      latencies.push(ms);
    }
  };
  const { ms } = await timed(() => Promise.all(Array.from({ length: clients }, (_, w) => worker(w))));
  return {
    clients,
    entries,
    seconds: ms / 1000,
    perSecond: entries / (ms / 1000),
    latencyMedian: median(latencies),
    latencyP95: percentile(latencies, 95),
  };
}

export async function timedVerify(db: Db, clientId: number) {
  const { ms, value } = await timed(() => inTenant(db, clientId, (tx) => verifyLedger(tx, { clientId, limit: 20 })));
  return { seconds: ms / 1000, report: value };
}
