// The sales benchmarks of `npm run bench -- trade`, on the generated store (generate.ts):
// * posting 5-line sales invoices of stocked goods through the API (buildApp + app.inject as the signed-in
//   administrator: validation, stock plan and moves, the ledger entry, the open item, audit), one client
//   (p50, p95) and 8 clients at once (invoices/s), beside the same service called without HTTP in its own
//   tenant transaction (the floor of what the route adds);
// * the sales activity report for a year (by item, by customer, by month: first page and totals) through
//   the API, beside its bare SQL on the sales balance rows, over invoices generated with set-based SQL:
//   documents and lines (no postings: the report reads none), dated through 2025, and their balance rows
//   rebuilt from those lines with one set-based statement (as migration 0056 fills them), so the rows the
//   report reads are the ones the documents would have kept.
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../packages/server/src/db/client.ts';
import { queryRows } from '../../packages/server/src/db/rows.ts';
import { inTenant } from '../../packages/server/src/db/tenant.ts';
import { createSale } from '../../packages/server/src/modules/sales/index.ts';
import { actorTx } from '../../packages/server/src/plugins/auth.ts';
import type { Actor } from '../../packages/server/src/lib/actor.ts';
import { median, percentile, timed } from '../stats.ts';

export interface SalesTiming {
  postOneClient: { p50: number; p95: number; floorP50: number; floorP95: number; invoices: number };
  postEightClients: { perSecond: number; invoices: number; seconds: number };
  activity: Array<{
    groupBy: 'item' | 'customer' | 'month';
    apiMedian: number;
    apiP95: number;
    floorMedian: number;
    documents: number;
    lines: number;
    balanceRows: number;
  }>;
}

const YEAR_START = '2025-01-01';
const YEAR_END = '2025-12-31';

/** Invoices of five lines each over 2025, written straight into the documents (no postings: the report reads none), with their sales balance rows. */
async function generateInvoices(db: Db, clientId: number, customerId: number, documents: number): Promise<{ lines: number; balanceRows: number }> {
  return inTenant(db, clientId, async (tx) => {
    await tx.execute(sql`
      insert into sales_documents (client_id, kind, doc_no, customer_id, date, due_date, branch_id, subtotal, total, cost, status)
      select ${clientId}, 'invoice', 1000000 + g, ${customerId}, ${YEAR_START}::date + (g % 365), ${YEAR_START}::date + (g % 365) + 30,
             (select min(id) from branches), 0, 0, 0, 'Posted'
      from generate_series(1, ${documents}) g`);
    await tx.execute(sql`
      with n as (select count(*) as n from items where kind = 'stock'),
           d as (select s.id, (s.id * 5) % n.n as base from sales_documents s, n where s.client_id = ${clientId} and s.kind = 'invoice' and s.doc_no > 1000000),
           i as (select id, income_account_id, sale_price, row_number() over (order by id) - 1 as k from items where kind = 'stock'),
           dl as (select d.id, p, (d.base + p) % n.n as k from d cross join generate_series(1, 5) p cross join n)
      insert into sales_document_lines (client_id, document_id, position, item_id, account_id, quantity, unit_price, net, discount, tax, total, cost)
      select ${clientId}, dl.id, dl.p, i.id, i.income_account_id, 1 + (dl.id % 7), i.sale_price, (1 + (dl.id % 7)) * i.sale_price, 0, 0,
             (1 + (dl.id % 7)) * i.sale_price, round((1 + (dl.id % 7)) * i.sale_price * 0.7, 2)
      from dl join i on i.k = dl.k`);
    // Their balance rows, as recordSalesBalances would have left them (one set-based statement, the
    // migration's backfill restricted to the generated invoices).
    await tx.execute(sql`
      insert into sales_balances as b (client_id, day, branch_id, customer_id, item_id, account_id, quantity, revenue, cost, lines)
      select d.client_id, d.date, d.branch_id, d.customer_id, l.item_id, case when l.item_id is null then l.account_id end,
             sum(l.quantity), sum(l.net - l.discount), sum(l.cost), count(*)
      from sales_documents d join sales_document_lines l on l.document_id = d.id
      where d.client_id = ${clientId} and d.kind = 'invoice' and d.doc_no > 1000000
      group by 1, 2, 3, 4, 5, 6
      on conflict (client_id, day, branch_id, customer_id, item_id, account_id) do update
        set quantity = b.quantity + excluded.quantity, revenue = b.revenue + excluded.revenue, cost = b.cost + excluded.cost, lines = b.lines + excluded.lines`);
    const [n] = await queryRows<{ n: number; rows: number }>(
      tx,
      sql`select (select count(*)::int from sales_document_lines l join sales_documents d on d.id = l.document_id
                  where d.client_id = ${clientId} and d.doc_no > 1000000) as n,
                 (select count(*)::int from sales_balances where client_id = ${clientId}) as rows`,
    );
    return { lines: Number(n.n), balanceRows: Number(n.rows) };
  });
}

export async function measureSales(opts: {
  app: FastifyInstance;
  db: Db;
  clientId: number;
  actor: Actor;
  token: string;
  runs: number;
  documents: number;
}): Promise<SalesTiming> {
  const { app, db, clientId, actor, token } = opts;
  const headers = { authorization: `Bearer ${token}` };
  const created = await app.inject({
    method: 'POST',
    url: '/api/elc/customers',
    headers,
    payload: { name: 'Bench Trading Co', phone: '0615550000', customerClass: 'commercial' },
  });
  if (created.statusCode !== 201) throw new Error(`customer: ${created.statusCode} ${created.body.slice(0, 300)}`);
  const customerId: number = created.json().id;
  // The 40 items with the most on hand at the first branch: every invoice takes a few units of five.
  const [branch] = await inTenant(db, clientId, (tx) => queryRows<{ id: number }>(tx, sql`select min(id) as id from branches`));
  const stocked = await inTenant(db, clientId, (tx) =>
    queryRows<{ item_id: number; sale_price: string }>(
      tx,
      sql`select b.item_id, i.sale_price::text from stock_balances b join items i on i.id = b.item_id
          where b.branch_id = ${branch.id} order by b.quantity desc limit 40`,
    ),
  );
  let next = 0;
  const body = () => {
    const lines = Array.from({ length: 5 }, () => {
      const item = stocked[next++ % stocked.length];
      return { itemId: Number(item.item_id), quantity: '1', unitPrice: item.sale_price, taxPercent: '5' };
    });
    const today = new Date().toISOString().slice(0, 10);
    return { customerId, date: today, dueDate: today, branchId: Number(branch.id), lines };
  };
  const post = async () => {
    const res = await app.inject({ method: 'POST', url: '/api/elc/sales-invoices', headers, payload: body() });
    if (res.statusCode !== 201) throw new Error(`invoice: ${res.statusCode} ${res.body.slice(0, 300)}`);
  };
  const floor = () => actorTx(db, actor, (tx) => createSale({ tx, actor, input: { kind: 'invoice', ...body() } as never }));

  const say = (what: string) => process.stderr.write(`  sales: ${what}\n`);
  say('posting, one client');
  for (let i = 0; i < 5; i++) {
    await post();
    await floor();
  }
  const api: number[] = [];
  const bare: number[] = [];
  const invoices = Math.max(opts.runs * 5, 100);
  for (let i = 0; i < invoices; i++) {
    api.push((await timed(post)).ms);
    bare.push((await timed(floor)).ms);
  }

  say('posting, 8 clients');
  const eight = invoices * 2;
  const started = performance.now();
  let left = eight;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (left > 0) {
        left -= 1;
        await post();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;

  say(`generating ${opts.documents} invoices for the activity report`);
  const generated = await generateInvoices(db, clientId, customerId, opts.documents);
  await inTenant(db, clientId, async (tx) => {
    await tx.execute(sql`analyze sales_documents`).catch(() => undefined);
    await tx.execute(sql`analyze sales_balances`).catch(() => undefined);
  });
  const activity: SalesTiming['activity'] = [];
  for (const groupBy of ['item', 'customer', 'month'] as const) {
    say(`sales activity by ${groupBy}`);
    const url = `/api/sales-reports/sales-activity?startDate=${YEAR_START}&endDate=${YEAR_END}&groupBy=${groupBy}`;
    const report = async () => {
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    };
    // The bare SQL: the year's balance rows summed per group, nothing else (no names, no paging, no totals).
    const key = groupBy === 'item' ? sql`b.item_id, b.account_id` : groupBy === 'customer' ? sql`b.customer_id` : sql`date_trunc('month', b.day)`;
    const bareReport: SQL = sql`
      select ${key}, sum(b.quantity), sum(b.revenue), sum(b.cost)
      from sales_balances b where b.day between ${YEAR_START}::date and ${YEAR_END}::date
      group by ${key} having sum(b.lines) > 0`;
    const reportFloor = () => inTenant(db, clientId, (tx) => queryRows(tx, bareReport));
    for (let i = 0; i < 2; i++) {
      await report();
      await reportFloor();
    }
    const r: number[] = [];
    const f: number[] = [];
    for (let i = 0; i < opts.runs; i++) {
      r.push((await timed(report)).ms);
      f.push((await timed(reportFloor)).ms);
    }
    activity.push({ groupBy, apiMedian: median(r), apiP95: percentile(r, 95), floorMedian: median(f), documents: opts.documents, ...generated });
  }
  return {
    postOneClient: { p50: median(api), p95: percentile(api, 95), floorP50: median(bare), floorP95: percentile(bare, 95), invoices },
    postEightClients: { perSecond: eight / seconds, invoices: eight, seconds },
    activity,
  };
}
