// Billing reports, each under its catalogue privilege: customer ageing (finance/customer/aging), zone
// summary (finance/zones/summery), the customer statement and summary, unpaid bills, received payments,
// revenue by tariff class, and the billing dashboard. Every report also downloads as a file: its own
// path with format=csv|xlsx, or <path>/export?format=... (the finance exporter of finance-reports).
// Long lists are paged on screen; their file carries every row up to BILLING_EXPORT_MAX_ROWS.
// Thin routes: validate with the contract, run one service in the caller's tenant transaction.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  agingQuery,
  agingReport,
  BILLING_EXPORT_MAX_ROWS,
  billingDashboard as billingDashboardSchema,
  billingDashboardQuery,
  customerSummary as customerSummarySchema,
  customerSummaryQuery,
  customerTransaction as customerTransactionSchema,
  customerTransactionQuery,
  exportFields,
  type ReportFormat,
  receivedPayments as receivedPaymentsSchema,
  receivedPaymentsQuery,
  reportFormat,
  revenueByClass as revenueByClassSchema,
  revenueByClassQuery,
  unpaidQuery,
  unpaidReport as unpaidReportSchema,
  zoneSummary as zoneSummarySchema,
  zoneSummaryQuery,
} from '@ubo/contracts';
import { queryRows } from '../../db/rows.ts';
import { caller, tenantTx } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { type ReportTable, sendReport } from '../finance-reports/index.ts';
import { billingDashboard } from './billing-dashboard.ts';
import { customerAging } from './customer-aging.ts';
import { customerSummary } from './customer-summary.ts';
import { customerTransaction } from './customer-transaction.ts';
import { describeFilters, type FilterValues } from './export-filters.ts';
import * as tables from './export-tables.ts';
import { receivedPayments } from './received-payments.ts';
import { type ReportScope, tuneForReports } from './report-scope.ts';
import { revenueByClass } from './revenue-by-class.ts';
import { unpaidReport } from './unpaid-report.ts';
import { zoneSummary } from './zone-summary.ts';

const tags = ['billing-reports'];
const BASE = '/api/billing-reports';

const read = <T>(req: FastifyRequest, fn: (scope: ReportScope) => Promise<T>) =>
  tenantTx(req, async (tx) => {
    await tuneForReports(tx);
    return fn({ tx, clientId: caller(req).clientId, lang: req.lang });
  });

/** A paged list's file holds every row, up to the limit; beyond it the caller is asked to filter. */
function assertExportable(total: number): void {
  if (total > BILLING_EXPORT_MAX_ROWS) {
    const key = `billingReports.exportTooLarge|${BILLING_EXPORT_MAX_ROWS}`;
    throw new AppError(400, 'EXPORT_TOO_LARGE', key, [{ field: 'zoneId', message: key }]);
  }
}

/** The whole list in one page, for a file. */
const allRows = <Q extends { _page: number; _limit: number }>(query: Q): Q => ({ ...query, _page: 1, _limit: BILLING_EXPORT_MAX_ROWS + 1 });

interface ReportRoute<Q extends z.ZodType, R> {
  path: string;
  privilege: string;
  query: Q;
  response: z.ZodType<R>;
  run: (scope: ReportScope, query: z.infer<Q>) => Promise<R>;
  /** The report as the file shows it (every row, not one page). */
  runForExport?: (scope: ReportScope, query: z.infer<Q>) => Promise<R>;
  filters?: (query: z.infer<Q>) => FilterValues;
  table: (report: R, ctx: tables.TableContext) => ReportTable;
}

/** GET path (JSON, or the file with format) and GET path/export (format required). */
function registerReport<Q extends z.ZodObject, R>(app: FastifyInstance, route: ReportRoute<Q, R>): void {
  // Without the type provider: the schemas still validate and shape the answer, but a generic report
  // type cannot be resolved against them at compile time.
  const config = { access: { privilege: route.privilege } } as const;
  const file = async (req: FastifyRequest, reply: FastifyReply, query: z.infer<Q>, format: ReportFormat) => {
    const table = await read(req, async (scope) => {
      const report = await (route.runForExport ?? route.run)(scope, query);
      const [org] = await queryRows<{ name: string }>(scope.tx, sql`select name from clients where id = ${scope.clientId}`);
      const filters = route.filters ? await describeFilters(scope, route.filters(query)) : [];
      return route.table(report, { lang: scope.lang, organisation: org?.name ?? '', filters });
    });
    return sendReport(reply, table, format);
  };
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
  app.get(`${route.path}/export`, { config, schema: { tags, querystring: route.query.safeExtend(exportFields) } }, async (req, reply) => {
    const { format, ...query } = req.query as z.infer<Q> & { format: ReportFormat };
    return file(req, reply, query as z.infer<Q>, format);
  });
}

/** A paged report whose file reads every row (refused beyond the limit). */
function everyRow<Q extends { _page: number; _limit: number }, R extends { total: number }>(run: (scope: ReportScope, query: Q) => Promise<R>) {
  return async (scope: ReportScope, query: Q) => {
    const report = await run(scope, allRows(query));
    assertExportable(report.total);
    return report;
  };
}

export async function billingReportsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const aging = (s: ReportScope, query: z.infer<typeof agingQuery>) => customerAging({ ...s, query });
  registerReport(app, {
    path: '/api/finance/customer/aging',
    privilege: 'customer-aging',
    query: agingQuery,
    response: agingReport,
    run: aging,
    runForExport: everyRow(aging),
    filters: (q) => ({ zoneId: q.zoneId }),
    table: tables.agingTable,
  });

  registerReport(app, {
    path: '/api/finance/zones/summery',
    privilege: 'zone-summary',
    query: zoneSummaryQuery,
    response: zoneSummarySchema,
    run: (s, query) => zoneSummary({ ...s, query }),
    table: tables.zoneSummaryTable,
  });

  const statement = (s: ReportScope, query: z.infer<typeof customerTransactionQuery>) => customerTransaction({ ...s, query });
  registerReport(app, {
    path: `${BASE}/customer-transaction`,
    privilege: 'customer-transaction',
    query: customerTransactionQuery,
    response: customerTransactionSchema,
    run: statement,
    runForExport: everyRow(statement),
    table: tables.customerTransactionTable,
  });

  const summary = (s: ReportScope, query: z.infer<typeof customerSummaryQuery>) => customerSummary({ ...s, query });
  registerReport(app, {
    path: `${BASE}/customer-summary`,
    privilege: 'customer-summary',
    query: customerSummaryQuery,
    response: customerSummarySchema,
    run: summary,
    runForExport: everyRow(summary),
    filters: (q) => ({ zoneId: q.zoneId, status: q.status }),
    table: tables.customerSummaryTable,
  });

  const unpaid = (s: ReportScope, query: z.infer<typeof unpaidQuery>) => unpaidReport({ ...s, query });
  registerReport(app, {
    path: `${BASE}/unpaid`,
    privilege: 'unpaid-report',
    query: unpaidQuery,
    response: unpaidReportSchema,
    run: unpaid,
    runForExport: everyRow(unpaid),
    filters: (q) => ({ zoneId: q.zoneId, period: q.period, minAmount: q.minAmount, customerId: q.customerId }),
    table: tables.unpaidTable,
  });

  const payments = (s: ReportScope, query: z.infer<typeof receivedPaymentsQuery>) => receivedPayments({ ...s, query });
  registerReport(app, {
    path: `${BASE}/received-payments`,
    privilege: 'received-payments',
    query: receivedPaymentsQuery,
    response: receivedPaymentsSchema,
    run: payments,
    runForExport: everyRow(payments),
    filters: (q) => ({ zoneId: q.zoneId, accountId: q.accountId, method: q.method, customerId: q.customerId }),
    table: tables.receivedPaymentsTable,
  });

  registerReport(app, {
    path: `${BASE}/revenue-by-class`,
    privilege: 'revenue-by-class',
    query: revenueByClassQuery,
    response: revenueByClassSchema,
    run: (s, query) => revenueByClass({ ...s, query }),
    filters: (q) => ({ zoneId: q.zoneId }),
    table: tables.revenueByClassTable,
  });

  r.get(
    `${BASE}/dashboard`,
    {
      config: { access: { privilege: 'dashboard' } },
      schema: { tags, querystring: billingDashboardQuery, response: { 200: billingDashboardSchema } },
    },
    async (req) => read(req, (s) => billingDashboard({ ...s, query: req.query })),
  );
}
