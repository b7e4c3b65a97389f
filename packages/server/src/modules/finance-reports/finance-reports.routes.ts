// Issue-3 reports and their tools, each under its catalogue privilege: account and account-type
// summaries, cash flow, revenue, budgets and budget vs actual, monthly reconciliation, personal accounts,
// and the finance panels of the dashboard.
// Every report downloads as a file: GET <report>/export?format=csv|xlsx (also for the finance module's
// trial balance, income statement, balance sheet and account transaction), and this module's reports
// answer the same file when their own path is called with format=csv|xlsx. Thin routes: validate with
// the contract, run one service in the caller's tenant transaction.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  accountStatementQuery,
  accountSummary as accountSummarySchema,
  accountSummaryQuery,
  accountTypeSummary as accountTypeSummarySchema,
  accountTypesQuery,
  balanceSheetQuery,
  budgetSheet,
  budgetsBody,
  budgetsQuery,
  budgetVsActual as budgetVsActualSchema,
  budgetVsActualQuery,
  cashFlowQuery,
  cashFlowStatement as cashFlowSchema,
  cashPosition as cashPositionSchema,
  incomeExpenseSummary as incomeExpenseSummarySchema,
  ledgerParties,
  ledgerPartiesQuery,
  exportFields,
  incomeStatementQuery,
  type Lang,
  personalAccount as personalAccountSchema,
  personalAccountQuery,
  reconciliation as reconciliationSchema,
  reconciliationBody,
  reconciliationCompleteBody,
  reconciliationQuery,
  type ReportFormat,
  reportFormat,
  revenueReport as revenueReportSchema,
  revenueReportQuery,
  trialBalanceQuery,
} from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { tenantTx } from '../../plugins/auth.ts';
import { accountStatement, balanceSheet, incomeStatement, listLedgerParties, trialBalance } from '../finance/index.ts';
import { accountSummary, accountTypeSummary } from './account-summary.ts';
import { budgetVsActual } from './budget-vs-actual.ts';
import { cashFlowStatement } from './cash-flow.ts';
import { cashPosition, incomeExpenseSummary } from './finance-dashboard.ts';
import * as tables from './export/report-tables.ts';
import type { ReportTable } from './export/report-table.ts';
import { assertExportable, EXPORT_MAX_LINES, organisationName, sendReport } from './export/send-report.ts';
import { getBudgetSheet } from './list-budgets.ts';
import { personalAccount } from './personal-account.ts';
import { getReconciliation } from './read-reconciliation.ts';
import { revenueReport } from './revenue-report.ts';
import { saveBudgets } from './save-budgets.ts';
import { completeReconciliation, saveReconciliation } from './save-reconciliation.ts';

const privilege = (key: string) => ({ access: { privilege: key } }) as const;
const tags = ['finance-reports'];

interface Scope {
  tx: Db;
  clientId: number;
  lang: Lang;
}

/** Runs a report in the caller's tenant transaction. */
const read = <T>(req: FastifyRequest, fn: (scope: Scope) => Promise<T>) => tenantTx(req, (tx, actor) => fn({ tx, clientId: actor.clientId, lang: actor.lang }));

/** Builds a report's table in the caller's tenant transaction and answers it as a file. */
async function exportReport(
  req: FastifyRequest,
  reply: FastifyReply,
  format: ReportFormat,
  build: (scope: Scope, ctx: tables.TableContext) => Promise<ReportTable>,
) {
  const table = await read(req, async (scope) => build(scope, { lang: scope.lang, organisation: await organisationName(scope.tx, scope.clientId) }));
  return sendReport(reply, table, format);
}

const today = () => new Date().toISOString().slice(0, 10);

interface ReportRoute<Q extends z.ZodObject, R> {
  path: string;
  privilege: string;
  query: Q;
  response: z.ZodType<R>;
  run: (scope: Scope, query: z.infer<Q>) => Promise<R>;
  /** The report as the file shows it (statements read every line of the range here, not one page). */
  runForExport?: (scope: Scope, query: z.infer<Q>) => Promise<R>;
  table: (report: R, ctx: tables.TableContext) => ReportTable;
}

/**
 * GET path (JSON, or the file when format is given) and GET path/export (format required) for one of
 * this module's reports.
 */
function registerReport<Q extends z.ZodObject, R>(app: FastifyInstance, route: ReportRoute<Q, R>): void {
  // Registered without the type provider: the schemas still validate (and shape the answer), but a
  // generic report type cannot be resolved against them at compile time.
  const config = privilege(route.privilege);
  const file = (req: FastifyRequest, reply: FastifyReply, query: z.infer<Q>, format: ReportFormat) =>
    exportReport(req, reply, format, async (scope, ctx) => route.table(await (route.runForExport ?? route.run)(scope, query), ctx));
  app.get(
    route.path,
    {
      config,
      schema: { tags, querystring: route.query.safeExtend({ format: reportFormat.optional() }), response: { 200: route.response } },
    },
    async (req, reply) => {
      const { format, ...query } = req.query as z.infer<Q> & { format?: ReportFormat };
      if (format) return file(req, reply, query as z.infer<Q>, format);
      return read(req, (scope) => route.run(scope, query as z.infer<Q>));
    },
  );
  app.get(
    `${route.path}/export`,
    {
      config,
      schema: { tags, querystring: route.query.safeExtend(exportFields) },
    },
    async (req, reply) => {
      const { format, ...query } = req.query as z.infer<Q> & { format: ReportFormat };
      return file(req, reply, query as z.infer<Q>, format);
    },
  );
}

export async function financeReportsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Account summary and account type summary --------------------------------------------------------
  registerReport(app, {
    path: '/api/finance/reports/account-summary',
    privilege: 'account-summary',
    query: accountSummaryQuery,
    response: accountSummarySchema,
    run: (s, query) => accountSummary({ ...s, query }),
    table: tables.accountSummaryTable,
  });
  registerReport(app, {
    path: '/api/finance/reports/account-types',
    privilege: 'account-summary',
    query: accountTypesQuery,
    response: accountTypeSummarySchema,
    run: (s, query) => accountTypeSummary({ ...s, query }),
    table: tables.accountTypesTable,
  });

  // Cash flow statement and revenue report ---------------------------------------------------------------
  registerReport(app, {
    path: '/api/finance/reports/cash-flow',
    privilege: 'cash-flow-statement',
    query: cashFlowQuery,
    response: cashFlowSchema,
    run: (s, query) => cashFlowStatement({ ...s, query }),
    table: tables.cashFlowTable,
  });
  registerReport(app, {
    path: '/api/finance/reports/revenue',
    privilege: 'revenue-report',
    query: revenueReportQuery,
    response: revenueReportSchema,
    run: (s, query) => revenueReport({ ...s, query }),
    table: tables.revenueTable,
  });

  // Budgets ------------------------------------------------------------------------------------------------
  r.get(
    '/api/finance/budgets',
    {
      config: privilege('budget-registration'),
      schema: { tags, querystring: budgetsQuery, response: { 200: budgetSheet } },
    },
    async (req) => read(req, (s) => getBudgetSheet({ ...s, year: req.query.year })),
  );

  r.put(
    '/api/finance/budgets',
    {
      config: privilege('budget-registration'),
      schema: { tags, body: budgetsBody, response: { 200: budgetSheet } },
    },
    async (req) => tenantTx(req, (tx, actor) => saveBudgets({ tx, actor, input: req.body })),
  );

  registerReport(app, {
    path: '/api/finance/reports/budget-vs-actual',
    privilege: 'budget-registration',
    query: budgetVsActualQuery,
    response: budgetVsActualSchema,
    run: (s, query) => budgetVsActual({ ...s, query }),
    table: tables.budgetVsActualTable,
  });

  // Monthly reconciliation -----------------------------------------------------------------------------------
  registerReport(app, {
    path: '/api/finance/reconciliation',
    privilege: 'monthly-reconciliation',
    query: reconciliationQuery,
    response: reconciliationSchema,
    run: (s, query) => getReconciliation({ ...s, accountId: query.accountId, period: query.period }),
    table: tables.reconciliationTable,
  });

  r.put(
    '/api/finance/reconciliation',
    {
      config: privilege('monthly-reconciliation'),
      schema: { tags, body: reconciliationBody, response: { 200: reconciliationSchema } },
    },
    async (req) => tenantTx(req, (tx, actor) => saveReconciliation({ tx, actor, input: req.body })),
  );

  r.post(
    '/api/finance/reconciliation/complete',
    {
      config: privilege('monthly-reconciliation'),
      schema: { tags, body: reconciliationCompleteBody, response: { 200: reconciliationSchema } },
    },
    async (req) => tenantTx(req, (tx, actor) => completeReconciliation({ tx, actor, input: req.body })),
  );

  // Dashboard panels: each needs the privilege of the report it summarises -------------------------------------
  r.get(
    '/api/finance/dashboard/cash',
    {
      config: privilege('balance-sheet'),
      schema: { tags, response: { 200: cashPositionSchema } },
    },
    async (req) => read(req, (s) => cashPosition(s)),
  );

  r.get(
    '/api/finance/dashboard/income-expense',
    {
      config: privilege('income-statement'),
      schema: { tags, response: { 200: incomeExpenseSummarySchema } },
    },
    async (req) => read(req, (s) => incomeExpenseSummary(s)),
  );

  // Personal account -------------------------------------------------------------------------------------------
  r.get(
    '/api/finance/reports/personalaccount/parties',
    {
      config: privilege('account-transaction'),
      schema: { tags, querystring: ledgerPartiesQuery, response: { 200: ledgerParties } },
    },
    async (req) => read(req, (s) => listLedgerParties({ tx: s.tx, clientId: s.clientId, query: req.query })),
  );

  registerReport(app, {
    path: '/api/finance/reports/personalaccount',
    privilege: 'account-transaction',
    query: personalAccountQuery,
    response: personalAccountSchema,
    run: (s, query) => personalAccount({ ...s, query }),
    runForExport: async (s, query) => {
      const report = await personalAccount({ ...s, query: { ...query, _page: 1, _limit: EXPORT_MAX_LINES } });
      assertExportable(report.total);
      return report;
    },
    table: tables.personalAccountTable,
  });

  // Exports of the finance module's reports -----------------------------------------------------------------
  r.get(
    '/api/finance/reports/trial-balance/export',
    {
      config: privilege('trail-balance'),
      schema: { tags, querystring: trialBalanceQuery.safeExtend(exportFields) },
    },
    async (req, reply) =>
      exportReport(req, reply, req.query.format, async (s, ctx) => tables.trialBalanceTable(await trialBalance({ ...s, query: req.query }), ctx)),
  );

  r.get(
    '/api/finance/incomestatement/export',
    {
      config: privilege('income-statement'),
      schema: { tags, querystring: incomeStatementQuery.safeExtend(exportFields) },
    },
    async (req, reply) =>
      exportReport(req, reply, req.query.format, async (s, ctx) => tables.incomeStatementTable(await incomeStatement({ ...s, query: req.query }), ctx)),
  );

  r.get(
    '/api/finance/balancesheet/export',
    {
      config: privilege('balance-sheet'),
      schema: { tags, querystring: balanceSheetQuery.safeExtend(exportFields) },
    },
    async (req, reply) =>
      exportReport(req, reply, req.query.format, async (s, ctx) =>
        tables.balanceSheetTable(await balanceSheet({ ...s, date: req.query.date ?? today() }), ctx),
      ),
  );

  r.get(
    '/api/finance/reports/account-transaction/export',
    {
      config: privilege('account-transaction'),
      schema: { tags, querystring: accountStatementQuery.safeExtend(exportFields) },
    },
    async (req, reply) =>
      exportReport(req, reply, req.query.format, async (s, ctx) => {
        const report = await accountStatement({ ...s, query: { ...req.query, _page: 1, _limit: EXPORT_MAX_LINES } });
        assertExportable(report.total);
        return tables.accountStatementTable(report, ctx);
      }),
  );
}
