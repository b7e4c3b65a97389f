// The sales activity report reads the sales balance rows (0056) instead of the documents. Over random
// sequences of invoices and cash sales (stocked goods, services, free lines; several customers, days and
// months), customer payments, returns of part of a sale and cancellations, through the API, it answers
// exactly what the report answered when it read the documents (the reference below is that report, as
// it was): every grouping, filter, period and page; and the rows equal the documents after each sequence.
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Lang, type SalesActivity, bdec, billMoney, salesActivityQuery, translate, type z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { inSystem, inTenant } from '../../db/tenant.ts';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { salesBalanceDifferences } from './sales-balances.ts';
import { salesActivity } from './sales-reports.ts';
import { expectEntriesBalanced, salesKit } from './sales-test-kit.ts';

const percentOf = (margin: string, revenue: string) => (bdec(revenue).isZero() ? null : bdec(margin).div(revenue).mul(100).toFixed(2));

/** The sales activity report as it was before the balance rows: read from the posted documents' lines. */
async function salesActivityFromDocuments(opts: { tx: Db; lang: Lang; query: z.output<typeof salesActivityQuery> }): Promise<SalesActivity> {
  const { tx, query } = opts;
  const key =
    query.groupBy === 'item'
      ? sql`coalesce('i' || l.item_id::text, 'a' || l.account_id::text)`
      : query.groupBy === 'customer'
        ? sql`d.customer_id::text`
        : sql`to_char(d.date, 'YYYY-MM')`;
  const base = sql`
    select ${key} as key,
           sum(case when d.kind = 'return' then -l.quantity else l.quantity end) as quantity,
           sum(case when d.kind = 'return' then -(l.net - l.discount) else l.net - l.discount end) as revenue,
           sum(case when d.kind = 'return' then -l.cost else l.cost end) as cost
    from sales_documents d join sales_document_lines l on l.document_id = d.id
    where d.kind in ('invoice', 'receipt', 'return') and d.status = 'Posted' and d.date between ${query.startDate}::date and ${query.endDate}::date
      ${query.branchId ? sql`and d.branch_id = ${query.branchId}` : sql``}
      ${query.customerId ? sql`and d.customer_id = ${query.customerId}` : sql``}
      ${query.itemId ? sql`and l.item_id = ${query.itemId}` : sql``}
    group by 1`;
  const name =
    query.groupBy === 'item'
      ? sql`case when g.key like 'i%' then i.name else ${translate('salesReports.freeLines', opts.lang)} || ': ' || a.code || ' ' || ${opts.lang === 'so' ? sql`a.name_so` : sql`a.name_en`} end`
      : query.groupBy === 'customer'
        ? sql`c.name`
        : sql`g.key`;
  const code = query.groupBy === 'item' ? sql`i.code` : query.groupBy === 'customer' ? sql`c.customer_no` : sql`null::text`;
  const joins =
    query.groupBy === 'item'
      ? sql`left join items i on g.key like 'i%' and i.id = substr(g.key, 2)::int left join accounts a on g.key like 'a%' and a.id = substr(g.key, 2)::int`
      : query.groupBy === 'customer'
        ? sql`join customers c on c.id = g.key::int`
        : sql``;
  const order = query.groupBy === 'month' ? sql`g.key` : sql`g.revenue desc, g.key`;
  const rows = await queryRows<{ key: string; code: string | null; name: string; quantity: string; revenue: string; cost: string }>(
    tx,
    sql`select g.key, ${code} as code, ${name} as name, g.quantity::text, g.revenue::text, g.cost::text
        from (${base}) g ${joins} order by ${order} limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
  );
  const [t] = await queryRows<{ n: number; quantity: string; revenue: string; cost: string }>(
    tx,
    sql`select count(*)::int as n, coalesce(sum(quantity), 0)::text as quantity, coalesce(sum(revenue), 0)::text as revenue, coalesce(sum(cost), 0)::text as cost from (${base}) g`,
  );
  const margin = billMoney(bdec(t.revenue).minus(t.cost));
  return {
    startDate: query.startDate,
    endDate: query.endDate,
    groupBy: query.groupBy,
    rows: rows.map((r) => {
      const m = billMoney(bdec(r.revenue).minus(r.cost));
      return {
        key: r.key.replace(/^[ia]/, ''),
        code: r.code,
        name: r.name,
        quantity: bdec(r.quantity).toString(),
        revenue: billMoney(r.revenue),
        cost: billMoney(r.cost),
        margin: m,
        marginPercent: percentOf(m, r.revenue),
      };
    }),
    totals: {
      quantity: bdec(t.quantity).toString(),
      revenue: billMoney(t.revenue),
      cost: billMoney(t.cost),
      margin,
      marginPercent: percentOf(margin, t.revenue),
    },
    total: Number(t.n),
    page: query._page,
    limit: query._limit,
  };
}

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let kit: ReturnType<typeof salesKit>;
let branchId: number;
let cash: number;
let income: number;
let customers: number[];
let items: number[];

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Activity Store' });
  kit = salesKit(ctx, org);
  branchId = await kit.branchId();
  cash = await kit.accountId('1010');
  income = await kit.accountId('4050');
  customers = [(await kit.customer()).id, (await kit.customer()).id, (await kit.customer()).id];
  const a = await kit.item({ taxPercent: '0' });
  const b = await kit.item({ taxPercent: '5' });
  const service = await kit.item({ kind: 'service', salePrice: '30.00' });
  await kit.stockIn(a.id, '100000', '3.17', '2025-12-01');
  await kit.stockIn(b.id, '100000', '11.05', '2025-12-01');
  items = [a.id, b.id, service.id];
});
afterAll(() => ctx.close());

// Days of the first four months of 2026: a report by month has several.
const day = fc.integer({ min: 0, max: 119 }).map((n) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10));
const line = fc.record({
  // 0..2 an item (two stocked goods, a service), 3 a free line on an income account.
  what: fc.integer({ min: 0, max: 3 }),
  quantity: fc.integer({ min: 1, max: 4000 }).map((n) => (n / 1000).toFixed(3)),
  price: fc.integer({ min: 0, max: 9000 }).map((n) => (n / 100).toFixed(2)),
  discount: fc.constantFrom('0', '10', '12.5'),
});
const op = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant('sale' as const),
      cash: fc.boolean(),
      customer: fc.nat(2),
      date: day,
      lines: fc.array(line, { minLength: 1, maxLength: 3 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('payment' as const),
      customer: fc.nat(2),
      amount: fc.integer({ min: 1, max: 20000 }).map((n) => (n / 100).toFixed(2)),
    }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('return' as const), pick: fc.nat(), part: fc.integer({ min: 1, max: 100 }), after: fc.nat(20) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('cancel' as const), pick: fc.nat() }) },
);
const query = fc.record({
  groupBy: fc.constantFrom('item' as const, 'customer' as const, 'month' as const),
  from: fc.integer({ min: 0, max: 130 }),
  days: fc.integer({ min: 0, max: 140 }),
  filter: fc.constantFrom('none', 'customer', 'item', 'branch'),
  limit: fc.constantFrom(2, 3, 100),
  lang: fc.constantFrom('en' as const, 'so' as const),
});

const dayOf = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10);

describe('sales activity from the balance rows', () => {
  it('equals the report read from the documents, over random sales, payments, returns and cancellations', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), fc.array(query, { minLength: 3, maxLength: 3 }), async (ops, queries) => {
        const sales: Array<{ id: number; kind: 'invoice' | 'receipt'; date: string; lines: number }> = [];
        const docs: Array<{ id: number; path: string }> = [];
        for (const o of ops) {
          if (o.t === 'sale') {
            const lines = o.lines.map((l) =>
              l.what === 3
                ? { accountId: income, description: 'Site work', quantity: l.quantity, unitPrice: l.price, discountPercent: l.discount }
                : { itemId: items[l.what], quantity: l.quantity, unitPrice: l.price, discountPercent: l.discount },
            );
            const customerId = customers[o.customer];
            const path = o.cash ? '/api/elc/sales-receipts' : '/api/elc/sales-invoices';
            const body = o.cash
              ? { customerId, date: o.date, branchId, accountId: cash, lines }
              : { customerId, date: o.date, dueDate: '2026-12-31', branchId, lines };
            const created = await kit.ok(await kit.api('POST', path, body));
            sales.push({ id: created.id, kind: o.cash ? 'receipt' : 'invoice', date: o.date, lines: lines.length });
            docs.push({ id: created.id, path });
          } else if (o.t === 'payment') {
            await kit.ok(
              await kit.api('POST', '/api/finance/payments', {
                customerId: customers[o.customer],
                amount: o.amount,
                date: '2026-05-01',
                accountId: cash,
                method: 'cash',
              }),
            );
          } else if (o.t === 'return' && sales.length > 0) {
            const sale = sales[o.pick % sales.length];
            const got = await kit.ok(await kit.api('GET', `/api/elc/${sale.kind === 'invoice' ? 'sales-invoices' : 'sales-receipts'}/${sale.id}`), 200);
            const lines = (got.lines as Array<{ position: number; quantity: string; returnedQuantity: string }>)
              .map((l) => ({ position: l.position, left: Math.round((Number(l.quantity) - Number(l.returnedQuantity)) * 1000) }))
              .filter((l) => l.left > 0)
              .map((l) => ({ position: l.position, quantity: (Math.max(1, Math.floor((l.left * o.part) / 100)) / 1000).toFixed(3) }));
            const date = new Date(Date.parse(`${sale.date}T00:00:00Z`) + o.after * 86_400_000).toISOString().slice(0, 10);
            const res = await kit.api('POST', '/api/elc/sales-returns', {
              saleId: sale.id,
              date,
              refundAccountId: sale.kind === 'receipt' ? cash : undefined,
              lines,
            });
            if (got.status === 'Cancelled' || lines.length === 0) expect(res.statusCode).toBe(400);
            else docs.push({ id: (await kit.ok(res)).id, path: '/api/elc/sales-returns' });
          } else if (o.t === 'cancel' && docs.length > 0) {
            const doc = docs[o.pick % docs.length];
            const res = await kit.api('POST', `${doc.path}/${doc.id}/cancel`, { reason: 'property' });
            // Refused while returns or payments stand, or when already cancelled.
            expect([200, 400, 409]).toContain(res.statusCode);
          }
        }
        expect(await inSystem(ctx.database.db, (tx) => salesBalanceDifferences(tx))).toEqual([]);
        for (const q of queries) {
          const base = {
            startDate: dayOf(q.from),
            endDate: dayOf(q.from + q.days),
            groupBy: q.groupBy,
            branchId: q.filter === 'branch' ? branchId : undefined,
            customerId: q.filter === 'customer' ? customers[q.from % 3] : undefined,
            itemId: q.filter === 'item' ? items[q.from % 3] : undefined,
            _limit: q.limit,
          };
          const first = salesActivityQuery.parse({ ...base, _page: 1 });
          const [expected, actual] = await inTenant(ctx.database.db, org.clientId, async (tx) => [
            await salesActivityFromDocuments({ tx, lang: q.lang, query: first }),
            await salesActivity({ tx, lang: q.lang, query: first }),
          ]);
          expect(actual).toEqual(expected);
          // Every further page, and the one past the end (no rows: the totals still).
          for (let page = 2; page <= Math.ceil(expected.total / q.limit) + 1; page++) {
            const next = salesActivityQuery.parse({ ...base, _page: page });
            const [e, a] = await inTenant(ctx.database.db, org.clientId, async (tx) => [
              await salesActivityFromDocuments({ tx, lang: q.lang, query: next }),
              await salesActivity({ tx, lang: q.lang, query: next }),
            ]);
            expect(a).toEqual(e);
          }
        }
      }),
      { numRuns: 15 },
    );
    await kit.expectBooksAgree();
    await expectEntriesBalanced(ctx, org.clientId);
    // The whole history, every grouping: a year holds it all.
    for (const groupBy of ['item', 'customer', 'month'] as const) {
      const all = salesActivityQuery.parse({ startDate: '2026-01-01', endDate: '2026-12-31', groupBy });
      const [e, a] = await inTenant(ctx.database.db, org.clientId, async (tx) => [
        await salesActivityFromDocuments({ tx, lang: 'en', query: all }),
        await salesActivity({ tx, lang: 'en', query: all }),
      ]);
      expect(a.rows.length).toBeGreaterThan(0);
      expect(a).toEqual(e);
    }
  }, 240_000);
});
