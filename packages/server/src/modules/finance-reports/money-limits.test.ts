// Issue 12, "no amount may break the books' reports": the organisation's per-document maximum (every
// posted money document and budgets refuse more, naming the document's field, in the caller's language),
// the administrator's setting, and reports that still answer on a ledger full of maximum postings: every
// GET under /api/finance and /api/billing-reports (walked from the route registry, so new reports are
// covered), their CSV and XLSX files, the account and customer statements, budgets. Cheque numbers
// never run past their column.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { queryRows } from '../../db/rows.ts';
import { inSystem, inTenant } from '../../db/tenant.ts';
import { postJournalBatch, verifyLedger } from '../../ledger/index.ts';
import { accountsByCode } from '../../ledger/ledger-test-kit.ts';
import { registeredRoutes } from '../../plugins/route-registry.ts';
import { flatTariff, paymentsKit } from '../payments/payments-test-kit.ts';

const HUGE = '99999999999999.99'; // the largest amount the input format takes (14 digits)
const LIMIT_EN = "The amount is above this organisation's limit of 1,000,000,000.00 per document.";
const LIMIT_SO = "Lacagtu waxay ka badan tahay xadka hay'addan ee 1,000,000,000.00 dukumenti kasta.";

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let kit: ReturnType<typeof paymentsKit>;
let acc: Record<string, number>;
let payer: { id: number };
let other: { id: number };

type Method = 'GET' | 'POST' | 'PUT';
const api = (method: Method, url: string, payload?: object, lang = 'en') =>
  ctx.app.inject({ method, url, ...(payload === undefined ? {} : { payload }), headers: { authorization: `Bearer ${org.token}`, 'x-lang': lang } });

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Limits Water' });
  acc = await accountsByCode(ctx.database.db, org.clientId);
  await flatTariff(ctx, org);
  kit = paymentsKit(ctx, org);
  payer = await kit.billableCustomer({ name: 'Hodan Big Payer' });
  other = await kit.billableCustomer({ name: 'Jama Other' });
  await kit.bill(payer.id, '2025-01', 8);
});
afterAll(() => ctx.close());

const documents = () => ({
  journal: (amount: string) =>
    api('POST', '/api/finance/transaction', {
      date: '2025-03-01',
      lines: [
        { accountId: acc['1010'], debit: amount },
        { accountId: acc['4010'], credit: amount },
      ],
    }),
  transfer: (amount: string) => api('POST', '/api/finance/transfer', { date: '2025-03-02', fromAccountId: acc['1010'], toAccountId: acc['1030'], amount }),
  cheque: (amount: string, chequeNo?: number) =>
    api('POST', '/api/finance/writecheck', {
      bankAccountId: acc['1030'],
      date: '2025-03-03',
      payeeType: 'other',
      payeeName: 'Pump supplier',
      amount,
      lines: [{ accountId: acc['5010'], amount }],
      ...(chequeNo === undefined ? {} : { chequeNo }),
    }),
  payment: (amount: string) =>
    api('POST', '/api/finance/payments', { customerId: payer.id, amount, date: '2025-03-04', accountId: acc['1010'], method: 'cash' }),
  batch: (amount: string, reference: string) =>
    api('POST', '/api/finance/payments/batch', {
      accountId: acc['1040'],
      method: 'mobile_money',
      source: 'grid',
      rows: [
        { customerId: other.id, amount: '5.00', date: '2025-03-05', reference: `${reference}-a` },
        { customerId: payer.id, amount, date: '2025-03-05', reference },
      ],
    }),
  c2c: (amount: string) => api('POST', '/api/finance/c2c', { fromCustomerId: payer.id, toCustomerId: other.id, amount, date: '2025-03-06' }),
  opening: (amount: string) =>
    api('POST', '/api/elc/customers', { name: `Opening ${amount}`, phone: '0615000001', customerClass: 'residential', openingBalance: amount }),
  budget: (amount: string) => api('PUT', '/api/finance/budgets', { year: 2025, lines: [{ accountId: acc['4010'], month: 1, amount }] }),
});

describe('the per-document maximum', () => {
  it('refuses every money document above the default 1,000,000,000.00, naming its amount field in the caller language', async () => {
    const d = documents();
    const over = '1000000000.01';
    const cases: Array<[string, () => ReturnType<typeof api>, string]> = [
      ['journal', () => d.journal(over), 'lines'],
      ['transfer', () => d.transfer(HUGE), 'amount'],
      ['cheque', () => d.cheque(over), 'amount'],
      ['payment', () => d.payment(HUGE), 'amount'],
      ['batch', () => d.batch(over, 'BIG-1'), 'rows.1.amount'],
      ['c2c', () => d.c2c(over), 'amount'],
      ['opening', () => d.opening(over), 'openingBalance'],
      ['budget', () => d.budget(HUGE), 'lines.0.amount'],
    ];
    for (const [name, send, field] of cases) {
      const res = await send();
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json().details, name).toEqual([{ field, message: LIMIT_EN }]);
    }
    const so = await api('POST', '/api/finance/transfer', { date: '2025-03-02', fromAccountId: acc['1010'], toAccountId: acc['1030'], amount: HUGE }, 'so');
    expect(so.json().details).toEqual([{ field: 'amount', message: LIMIT_SO }]);
    // Exactly the maximum is allowed.
    expect((await d.journal('1000000000.00')).statusCode).toBe(201);
    expect((await inSystem(ctx.database.db, (tx) => verifyLedger(tx, { clientId: org.clientId }))).isSound).toBe(true);
  });

  it('refuses only the over-limit member of concurrent general journal posts (a group commit), each gets its own answer', async () => {
    const d = documents();
    const answers = await Promise.all([d.journal('10.00'), d.journal('1000000000.01'), d.journal('20.00'), d.journal('30.00')]);
    expect(answers.map((r) => r.statusCode)).toEqual([201, 400, 201, 201]);
    expect(answers[1].json().details).toEqual([{ field: 'lines', message: LIMIT_EN }]);
  });

  it("is the administrator's setting, with its audit line; a confirmation threshold follows the usual amounts", async () => {
    const read = await api('GET', '/api/finance/amount-limits');
    expect(read.statusCode).toBe(200);
    // Per kind, ten times the median of the latest documents: journal entries 10, 20, 30 and 1,000,000,000
    // (one large entry does not move the median); no transfer yet: a tenth of the maximum.
    expect(read.json()).toEqual({
      maxDocumentAmount: '1000000000.00',
      kinds: {
        journal: { typicalAmount: '20.00', confirmAbove: '200.00' },
        transfer: { typicalAmount: null, confirmAbove: '100000000.00' },
        cheque: { typicalAmount: null, confirmAbove: '100000000.00' },
        payment: { typicalAmount: null, confirmAbove: '100000000.00' },
      },
    });

    const bad = await api('PUT', '/api/finance/amount-limits', { maxDocumentAmount: '0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ field: 'maxDocumentAmount', message: 'Enter an amount greater than zero.' }]);
    const set = await api('PUT', '/api/finance/amount-limits', { maxDocumentAmount: HUGE });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ maxDocumentAmount: HUGE });
    const audit = await inTenant(ctx.database.db, org.clientId, (tx) =>
      queryRows<{ before: unknown; after: unknown }>(tx, sql`select before, after from audit_log where entity = 'amount-limits'`),
    );
    expect(audit).toEqual([{ before: { maxDocumentAmount: '1000000000.00' }, after: { maxDocumentAmount: HUGE } }]);
  });
});

describe('reports on a ledger of maximum postings', () => {
  it('takes the maximum many times (sums far beyond 14 digits, balances beyond numeric(18,2))', async () => {
    const d = documents();
    for (let i = 0; i < 2; i += 1) {
      const sends: Array<[string, () => ReturnType<typeof api>]> = [
        ['journal', () => d.journal(HUGE)],
        ['transfer', () => d.transfer(HUGE)],
        ['cheque', () => d.cheque(HUGE)],
        ['payment', () => d.payment(HUGE)],
        ['batch', () => d.batch(HUGE, `MAX-${i}`)],
        ['opening', () => d.opening(HUGE)],
        ['c2c', () => d.c2c(HUGE)],
      ];
      for (const [name, send] of sends) {
        const res = await send();
        expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
      }
    }
    const budget = await api('PUT', '/api/finance/budgets', {
      year: 2025,
      lines: Array.from({ length: 12 }, (_, m) => ({ accountId: acc['4010'], month: m + 1, amount: HUGE })),
    });
    expect(budget.statusCode, budget.body).toBe(200);
    // 200 more on one day, one account and one customer, in one statement: the daily, monthly and
    // customer balances pass 10^16, beyond the numeric(18,2) they had.
    await inTenant(ctx.database.db, org.clientId, (tx) =>
      postJournalBatch(tx, {
        clientId: org.clientId,
        postings: Array.from({ length: 200 }, () => ({
          date: '2025-03-07',
          sourceType: 'journal',
          lines: [
            { accountId: acc['1100'], debit: HUGE, partyType: 'customer' as const, partyId: payer.id },
            { accountId: acc['4010'], credit: HUGE },
          ],
        })),
      }),
    );
    const [customer] = await inSystem(ctx.database.db, (tx) =>
      queryRows<{ debit: string }>(
        tx,
        sql`select sum(debit)::text as debit from customer_ledger_balances where client_id = ${org.clientId} and customer_id = ${payer.id}`,
      ),
    );
    expect(customer.debit.split('.')[0].length).toBeGreaterThan(16);
    expect((await inSystem(ctx.database.db, (tx) => verifyLedger(tx, { clientId: org.clientId }))).isSound).toBe(true);
  });

  let lastEntryId = '';
  let zoneId = '';
  const entryId = () => lastEntryId;

  /** Values for the query fields a report requires, by name; every report of 2025. */
  const fill = (): Record<string, string> => ({
    startDate: '2025-01-01',
    endDate: '2025-12-31',
    from: '2025-01-01',
    to: '2025-12-31',
    fromDate: '2025-01-01',
    toDate: '2025-12-31',
    date: '2025-12-31',
    asOf: '2025-12-31',
    asOfDate: '2025-12-31',
    year: '2025',
    month: '2025-03',
    period: '2025-01',
    accountId: String(acc['1010']),
    bankAccountId: String(acc['1030']),
    customerId: String(payer.id),
    partyType: 'customer',
    partyId: String(payer.id),
    entryId: entryId(),
    zoneId,
    format: 'csv',
  });

  /** GET a route, filling the query fields it says are required (from its own 400), up to four rounds. */
  async function getWithRequired(url: string, extra: Record<string, string> = {}) {
    const query: Record<string, string> = { ...extra };
    for (let round = 0; ; round += 1) {
      const res = await api('GET', `${url}?${new URLSearchParams(query)}`);
      if (res.statusCode !== 400 || round === 4) return { res, query };
      const missing = ((res.json().details ?? []) as Array<{ field: string }>).map((e) => e.field).filter((f) => !(f in query));
      if (missing.length === 0) return { res, query };
      for (const f of missing) query[f] = fill()[f] ?? `unknown:${f}`;
    }
  }

  it('every report, file, statement and list under /api/finance, /api/billing-reports, the dashboard, customers and bills answers', async () => {
    const ids = await inSystem(ctx.database.db, (tx) =>
      queryRows<{ entry: string; transfer: string; cheque: string; payment: string; zone: string }>(
        tx,
        sql`
        select (select max(id) from journal_entries where client_id = ${org.clientId})::text as entry,
               (select max(id) from transfers where client_id = ${org.clientId})::text as transfer,
               (select max(id) from cheques where client_id = ${org.clientId})::text as cheque,
               (select max(id) from payments where client_id = ${org.clientId})::text as payment,
               (select max(id) from zones where client_id = ${org.clientId})::text as zone`,
      ),
    );
    lastEntryId = ids[0].entry;
    zoneId = ids[0].zone;
    const byParam: Record<string, string> = {
      '/api/finance/transaction/:id': ids[0].entry,
      '/api/finance/transfer/:id': ids[0].transfer,
      '/api/finance/writecheck/:id': ids[0].cheque,
      '/api/finance/payments/:id': ids[0].payment,
    };
    const routes = registeredRoutes()
      .filter(
        (r) =>
          r.method === 'GET' &&
          ['/api/finance/', '/api/billing-reports', '/api/dashboard', '/api/elc/customers', '/api/bills'].some((p) => r.url.startsWith(p)),
      )
      .filter((r) => !r.url.includes(':') || r.url in byParam)
      .map((r) => ({ ...r, url: r.url.includes(':') ? r.url.replace(/:\w+/, byParam[r.url]) : r.url }));
    routes.push({ method: 'GET', url: `/api/elc/customers/${payer.id}/account`, schema: {} });
    const reportUrls = routes.map((r) => r.url);
    for (const must of [
      '/api/finance/reports/trial-balance',
      '/api/finance/reports/account-summary',
      '/api/finance/reports/account-types',
      '/api/finance/reports/cash-flow',
      '/api/finance/reports/account-transaction',
      '/api/billing-reports/customer-transaction',
      '/api/finance/budgets',
    ]) {
      expect(reportUrls).toContain(must);
    }
    const failed: string[] = [];
    let files = 0;
    for (const route of routes) {
      // Reconciliation is of a bank or mobile money account.
      const { res, query } = await getWithRequired(route.url, route.url.startsWith('/api/finance/reconciliation') ? { accountId: String(acc['1030']) } : {});
      if (res.statusCode !== 200) failed.push(`${route.url}?${new URLSearchParams(query)} -> ${res.statusCode} ${res.body.slice(0, 300)}`);
      // Its files too, when it makes them.
      const shape = (route.schema.querystring as { shape?: Record<string, unknown> } | undefined)?.shape;
      if (shape && 'format' in shape) {
        for (const format of ['csv', 'xlsx']) {
          const file = await api('GET', `${route.url}?${new URLSearchParams({ ...query, format })}`);
          files += 1;
          if (file.statusCode !== 200) failed.push(`${route.url} ${format} -> ${file.statusCode} ${file.body.slice(0, 300)}`);
        }
      }
    }
    expect(failed).toEqual([]);
    expect(files).toBeGreaterThan(20);

    // The figures themselves: the trial balance's totals carry all fifteen-plus digits.
    const tb = await api('GET', '/api/finance/reports/trial-balance?startDate=2025-01-01&endDate=2025-12-31');
    expect(tb.json().totals.debit.split('.')[0].length).toBeGreaterThan(16);
    const statement = await api('GET', `/api/billing-reports/customer-transaction?customerId=${payer.id}&startDate=2025-01-01&endDate=2025-12-31`);
    expect(statement.statusCode, statement.body).toBe(200);
  });
});

describe('cheque numbers', () => {
  it('never suggest or take a number the column refuses after 9999999999 was written by hand', async () => {
    await api('PUT', '/api/finance/amount-limits', { maxDocumentAmount: '1000000000.00' });
    const d = documents();
    const first = await d.cheque('10.00');
    expect(first.statusCode, first.body).toBe(201);
    const afterFirst = first.json().chequeNo as number;
    const last = await d.cheque('10.00', 9999999999);
    expect(last.statusCode, last.body).toBe(201);
    const tooBig = await d.cheque('10.00', 10000000000);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().details[0].field).toBe('chequeNo');

    const next = await api('GET', `/api/finance/writecheck/next-number?bankAccountId=${acc['1030']}`);
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().chequeNo).toBe(afterFirst + 1);
    for (let i = 1; i <= 2; i += 1) {
      const auto = await d.cheque('10.00');
      expect(auto.statusCode, auto.body).toBe(201);
      expect(auto.json().chequeNo).toBe(afterFirst + i);
    }
  });
});
