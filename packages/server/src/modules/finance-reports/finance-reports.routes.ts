// Issue-3 reports and their tools, each under its catalogue privilege: account and account-type
// summaries, cash flow, revenue, budgets and budget vs actual, monthly reconciliation, personal accounts;
// and /export (format=csv|xlsx) for each of them and for the finance module's trial balance, income
// statement, balance sheet and account transaction. Thin routes: validate with the contract, run one
// service in the caller's tenant transaction.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
  revenueReport as revenueReportSchema,
  revenueReportQuery,
  trialBalanceQuery,
} from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { caller, tenantTx } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { accountStatement, balanceSheet, incomeStatement, trialBalance } from '../finance/index.ts';
import { accountSummary, accountTypeSummary } from './account-summary.ts';
import { budgetVsActual } from './budget-vs-actual.ts';
import { cashFlowStatement } from './cash-flow.ts';
import * as tables from './export/report-tables.ts';
import type { ReportTable } from './export/report-table.ts';
import { EXPORT_MAX_LINES, organisationName, sendReport } from './export/send-report.ts';
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
const read = <T>(req: FastifyRequest, fn: (scope: Scope) => Promise<T>) =>
  tenantTx(req, (tx) => fn({ tx, clientId: caller(req).clientId, lang: req.lang }));

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

/** Statements export every line of the range in one file, up to EXPORT_MAX_LINES. */
function assertExportable(total: number): void {
  if (total > EXPORT_MAX_LINES) {
    throw new AppError(400, 'EXPORT_TOO_LARGE', `financeReports.exportTooLarge|${EXPORT_MAX_LINES}`, [
      { field: 'endDate', message: `financeReports.exportTooLarge|${EXPORT_MAX_LINES}` },
    ]);
  }
}

const today = () => new Date().toISOString().slice(0, 10);

export async function financeReportsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Account summary and account type summary --------------------------------------------------------
  r.get('/api/finance/reports/account-summary', {
    config: privilege('account-summary'),
    schema: { tags, querystring: accountSummaryQuery, response: { 200: accountSummarySchema } },
  }, async (req) => read(req, (s) => accountSummary({ ...s, query: req.query })));

  r.get('/api/finance/reports/account-summary/export', {
    config: privilege('account-summary'),
    schema: { tags, querystring: accountSummaryQuery.safeExtend(exportFields) },
  }, async (req, reply) =>
    exportReport(req, reply, req.query.format, async (s, ctx) => tables.accountSummaryTable(await accountSummary({ ...s, query: req.query }), ctx)));

  r.get('/api/finance/reports/account-types', {
    config: privilege('account-summary'),
    schema: { tags, querystring: accountTypesQuery, response: { 200: accountTypeSummarySchema } },
  }, async (req) => read(req, (s) => accountTypeSummary({ ...s, query: req.query })));

  r.get('/api/finance/reports/account-types/export', {
    config: privilege('account-summary'),
    schema: { tags, querystring: accountTypesQuery.safeExtend(exportFields) },
  }, async (req, reply) =>
    exportReport(req, reply, req.query.format, async (s, ctx) => tables.accountTypesTable(await accountTypeSummary({ ...s, query: req.query }), ctx)));

  // Cash flow statement --------------------------------------------------------------------------------
  r.get('/api/finance/reports/cash-flow', {
    config: privilege('cash-flow-statement'),
    schema: { tags, querystring: cashFlowQuery, response: { 200: cashFlowSchema } },
  }, async (req) => read(req, (s) => cashFlowStatement({ ...s, query: req.query })));

  r.get('/api/finance/reports/cash-flow/export', {
    config: privilege('cash-flow-statement'),
    schema: { tags, querystring: cashFlowQuery.safeExtend(exportFields) },
  }, async (req, reply) =>
    exportReport(req, reply, req.query.format, async (s, ctx) => tables.cashFlowTable(await cashFlowStatement({ ...s, query: req.query }), ctx)));

  // Revenue report ---------------------------------------------------------------------------------------
  r.get('/api/finance/reports/revenue', {
    config: privilege('revenue-report'),
    schema: { tags, querystring: revenueReportQuery, response: { 200: revenueReportSchema } },
  }, async (req) => read(req, (s) => revenueReport({ ...s, query: req.query })));

  r.get('/api/finance/reports/revenue/export', {
    config: privilege('revenue-report'),
    schema: { tags, querystring: revenueReportQuery.safeExtend(exportFields) },
  }, async (req, reply) =>
    exportReport(req, reply, req.query.format, async (s, ctx) => tables.revenueTable(await revenueReport({ ...s, query: req.query }), ctx)));

  // Budgets ------------------------------------------------------------------------------------------------
  r.get('/api/finance/budgets', {
    config: privilege('budget-registration'),
    schema: { tags, querystring: budgetsQuery, response: { 200: budgetSheet } },
  }, async (req) => read(req, (s) => getBudgetSheet({ ...s, year: req.query.year })));

  r.put('/api/finance/budgets', {
    config: privilege('budget-registration'),
    schema: { tags, body: budgetsBody, response: { 200: budgetSheet } },
  }, async (req) => tenantTx(req, (tx) => saveBudgets({ tx, req, input: req.body })));

  r.get('/api/finance/reports/budget-vs-actual', {
    config: privilege('budget-registration'),
    schema: { tags, querystring: budgetVsActualQuery, response: { 200: budgetVsActualSchema } },
  }, async (req) => read(req, (s) => budgetVsActual({ ...s, query: req.query })));

  r.get('/api/finance/reports/budget-vs-actual/export', {
    config: privilege('budget-registration'),
    schema: { tags, querystring: budgetVsActualQuery.safeExtend(exportFields) },
  }, async (req, reply) =>
    exportReport(req, reply, req.query.format, async (s, ctx) => tables.budgetVsActualTable(await budgetVsActual({ ...s, query: req.query }), ctx)));

  // Monthly reconciliation -----------------------------------------------------------------------------------
  r.get('/api/finance/reconciliation', {
    config: privilege('monthly-reconciliation'),
    schema: { tags, querystring: reconciliationQuery, response: { 200: reconciliationSchema } },
  }, async (req) => read(req, (s) => getReconciliation({ ...s, ...req.query })));

  r.get('/api/finance/reconciliation/export', {
    config: privilege('monthly-reconciliation'),
    schema: { tags, querystring: reconciliationQuery.safeExtend(exportFields) },
  }, async (req, reply) =>
    exportReport(req, reply, req.query.format, async (s, ctx) =>
      tables.reconciliationTable(await getReconciliation({ ...s, accountId: req.query.accountId, period: req.query.period }), ctx),
    ));

  r.put('/api/finance/reconciliation', {
    config: privilege('monthly-reconciliation'),
    schema: { tags, body: reconciliationBody, response: { 200: reconciliationSchema } },
  }, async (req) => tenantTx(req, (tx) => saveReconciliation({ tx, req, input: req.body })));

  r.post('/api/finance/reconciliation/complete', {
    config: privilege('monthly-reconciliation'),
    schema: { tags, body: reconciliationCompleteBody, response: { 200: reconciliationSchema } },
  }, async (req) => tenantTx(req, (tx) => completeReconciliation({ tx, req, input: req.body })));

  // Personal account -------------------------------------------------------------------------------------------
  r.get('/api/finance/reports/personalaccount', {
    config: privilege('account-transaction'),
    schema: { tags, querystring: personalAccountQuery, response: { 200: personalAccountSchema } },
  }, async (req) => read(req, (s) => personalAccount({ ...s, query: req.query })));

  r.get('/api/finance/reports/personalaccount/export', {
    config: privilege('account-transaction'),
    schema: { tags, querystring: personalAccountQuery.safeExtend(exportFields) },
  }, async (req, reply) =>
    exportReport(req, reply, req.query.format, async (s, ctx) => {
      const report = await personalAccount({ ...s, query: { ...req.query, _page: 1, _limit: EXPORT_MAX_LINES } });
      assertExportable(report.total);
      return tables.personalAccountTable(report, ctx);
    }));

  // Exports of the finance module's reports -----------------------------------------------------------------
  r.get('/api/finance/reports/trial-balance/export', {
    config: privilege('trail-balance'),
    schema: { tags, querystring: trialBalanceQuery.safeExtend(exportFields) },
  }, async (req, reply) =>
    exportReport(req, reply, req.query.format, async (s, ctx) => tables.trialBalanceTable(await trialBalance({ ...s, query: req.query }), ctx)));

  r.get('/api/finance/incomestatement/export', {
    config: privilege('income-statement'),
    schema: { tags, querystring: incomeStatementQuery.safeExtend(exportFields) },
  }, async (req, reply) =>
    exportReport(req, reply, req.query.format, async (s, ctx) => tables.incomeStatementTable(await incomeStatement({ ...s, query: req.query }), ctx)));

  r.get('/api/finance/balancesheet/export', {
    config: privilege('balance-sheet'),
    schema: { tags, querystring: balanceSheetQuery.safeExtend(exportFields) },
  }, async (req, reply) =>
    exportReport(req, reply, req.query.format, async (s, ctx) =>
      tables.balanceSheetTable(await balanceSheet({ ...s, date: req.query.date ?? today() }), ctx),
    ));

  r.get('/api/finance/reports/account-transaction/export', {
    config: privilege('account-transaction'),
    schema: { tags, querystring: accountStatementQuery.safeExtend(exportFields) },
  }, async (req, reply) =>
    exportReport(req, reply, req.query.format, async (s, ctx) => {
      const report = await accountStatement({ ...s, query: { ...req.query, _page: 1, _limit: EXPORT_MAX_LINES } });
      assertExportable(report.total);
      return tables.accountStatementTable(report, ctx);
    }));
}
