// Issue-3 reports and their tools, each under its catalogue privilege: account and account-type
// summaries, cash flow, revenue, budgets and budget vs actual, monthly reconciliation, personal accounts,
// and the finance panels of the dashboard.
// Every report downloads as a file: GET <report>/export?format=csv|xlsx (also for the finance module's
// trial balance, income statement, balance sheet and account transaction), and this module's reports
// answer the same file when their own path is called with format=csv|xlsx. Thin routes: validate with
// the contract, run one service in the caller's tenant transaction. Paths and schemas are the contracts'
// financeReportsEndpoints.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Endpoint, type EndpointQuery, type EndpointReply, financeReportsEndpoints as api, type Lang, type ReportFormat } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { tenantTx } from '../../plugins/auth.ts';
import { serve } from '../../plugins/endpoint.ts';
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

const privilege = (key: string) => ({ access: { privilege: key }, tags: ['finance-reports'] }) as const;

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

/** A report's query without the file format. */
type ReportQuery<J extends Endpoint> = Omit<EndpointQuery<J>, 'format'>;

interface ReportRoute<J extends Endpoint, R extends EndpointReply<J>> {
  /** GET <path>: JSON, or the file when format is given. */
  endpoint: J;
  /** GET <path>/export: the file (format required). */
  file: Endpoint;
  privilege: string;
  run: (scope: Scope, query: ReportQuery<J>) => Promise<R>;
  /** The report as the file shows it (statements read every line of the range here, not one page). */
  runForExport?: (scope: Scope, query: ReportQuery<J>) => Promise<R>;
  table: (report: R, ctx: tables.TableContext) => ReportTable;
}

/** Serves one of this module's reports: its JSON-or-file endpoint and its /export endpoint. */
function serveReport<J extends Endpoint, R extends EndpointReply<J>>(app: FastifyInstance, route: ReportRoute<J, R>): void {
  const config = privilege(route.privilege);
  const file = (req: FastifyRequest, reply: FastifyReply, query: ReportQuery<J>, format: ReportFormat) =>
    exportReport(req, reply, format, async (scope, ctx) => route.table(await (route.runForExport ?? route.run)(scope, query), ctx));
  const split = (req: FastifyRequest) => {
    const { format, ...query } = req.query as ReportQuery<J> & { format?: ReportFormat };
    return { format, query: query as ReportQuery<J> };
  };
  serve(app, route.endpoint, config, async (req, reply) => {
    const { format, query } = split(req);
    // The file goes out through the reply; the JSON answer through the endpoint's response schema.
    if (format) return file(req, reply, query, format) as Promise<EndpointReply<J>>;
    return read(req, (scope) => route.run(scope, query));
  });
  serve(app, route.file, config, async (req, reply) => {
    const { format, query } = split(req);
    return file(req, reply, query, format as ReportFormat);
  });
}

export async function financeReportsRoutes(app: FastifyInstance) {
  // Account summary and account type summary --------------------------------------------------------
  serveReport(app, {
    endpoint: api.accountSummary,
    file: api.accountSummaryExport,
    privilege: 'account-summary',
    run: (s, query) => accountSummary({ ...s, query }),
    table: tables.accountSummaryTable,
  });
  serveReport(app, {
    endpoint: api.accountTypes,
    file: api.accountTypesExport,
    privilege: 'account-summary',
    run: (s, query) => accountTypeSummary({ ...s, query }),
    table: tables.accountTypesTable,
  });

  // Cash flow statement and revenue report ---------------------------------------------------------------
  serveReport(app, {
    endpoint: api.cashFlow,
    file: api.cashFlowExport,
    privilege: 'cash-flow-statement',
    run: (s, query) => cashFlowStatement({ ...s, query }),
    table: tables.cashFlowTable,
  });
  serveReport(app, {
    endpoint: api.revenue,
    file: api.revenueExport,
    privilege: 'revenue-report',
    run: (s, query) => revenueReport({ ...s, query }),
    table: tables.revenueTable,
  });

  // Budgets ------------------------------------------------------------------------------------------------
  serve(app, api.budgets, privilege('budget-registration'), async (req) => read(req, (s) => getBudgetSheet({ ...s, year: req.query.year })));

  serve(app, api.saveBudgets, privilege('budget-registration'), async (req) => tenantTx(req, (tx, actor) => saveBudgets({ tx, actor, input: req.body })));

  serveReport(app, {
    endpoint: api.budgetVsActual,
    file: api.budgetVsActualExport,
    privilege: 'budget-registration',
    run: (s, query) => budgetVsActual({ ...s, query }),
    table: tables.budgetVsActualTable,
  });

  // Monthly reconciliation -----------------------------------------------------------------------------------
  serveReport(app, {
    endpoint: api.reconciliation,
    file: api.reconciliationExport,
    privilege: 'monthly-reconciliation',
    run: (s, query) => getReconciliation({ ...s, accountId: query.accountId, period: query.period }),
    table: tables.reconciliationTable,
  });

  serve(app, api.saveReconciliation, privilege('monthly-reconciliation'), async (req) =>
    tenantTx(req, (tx, actor) => saveReconciliation({ tx, actor, input: req.body })),
  );

  serve(app, api.completeReconciliation, privilege('monthly-reconciliation'), async (req) =>
    tenantTx(req, (tx, actor) => completeReconciliation({ tx, actor, input: req.body })),
  );

  // Dashboard panels: each needs the privilege of the report it summarises -------------------------------------
  serve(app, api.cashPosition, privilege('balance-sheet'), async (req) => read(req, (s) => cashPosition(s)));

  serve(app, api.incomeExpense, privilege('income-statement'), async (req) => read(req, (s) => incomeExpenseSummary(s)));

  // Personal account -------------------------------------------------------------------------------------------
  serve(app, api.personalAccountParties, privilege('account-transaction'), async (req) =>
    read(req, (s) => listLedgerParties({ tx: s.tx, clientId: s.clientId, query: req.query })),
  );

  serveReport(app, {
    endpoint: api.personalAccount,
    file: api.personalAccountExport,
    privilege: 'account-transaction',
    run: (s, query) => personalAccount({ ...s, query }),
    runForExport: async (s, query) => {
      const report = await personalAccount({ ...s, query: { ...query, _page: 1, _limit: EXPORT_MAX_LINES } });
      assertExportable(report.total);
      return report;
    },
    table: tables.personalAccountTable,
  });

  // Exports of the finance module's reports -----------------------------------------------------------------
  serve(app, api.trialBalanceExport, privilege('trail-balance'), async (req, reply) =>
    exportReport(req, reply, req.query.format, async (s, ctx) => tables.trialBalanceTable(await trialBalance({ ...s, query: req.query }), ctx)),
  );

  serve(app, api.incomeStatementExport, privilege('income-statement'), async (req, reply) =>
    exportReport(req, reply, req.query.format, async (s, ctx) => tables.incomeStatementTable(await incomeStatement({ ...s, query: req.query }), ctx)),
  );

  serve(app, api.balanceSheetExport, privilege('balance-sheet'), async (req, reply) =>
    exportReport(req, reply, req.query.format, async (s, ctx) => tables.balanceSheetTable(await balanceSheet({ ...s, date: req.query.date ?? today() }), ctx)),
  );

  serve(app, api.accountStatementExport, privilege('account-transaction'), async (req, reply) =>
    exportReport(req, reply, req.query.format, async (s, ctx) => {
      const report = await accountStatement({ ...s, query: { ...req.query, _page: 1, _limit: EXPORT_MAX_LINES } });
      assertExportable(report.total);
      return tables.accountStatementTable(report, ctx);
    }),
  );
}
