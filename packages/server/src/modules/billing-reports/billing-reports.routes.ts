// Billing reports, each under its catalogue privilege: customer ageing (finance/customer/aging), zone
// summary (finance/zones/summery), the customer statement and summary, unpaid bills, received payments,
// revenue by tariff class, and the billing dashboard. Every report also downloads as a file: its own
// path with format=csv|xlsx, or <path>/export?format=... (the finance exporter of finance-reports).
// Long lists are paged on screen; their file carries every row up to BILLING_EXPORT_MAX_ROWS.
// Thin routes: validate with the contract, run one service in the caller's tenant transaction. Paths and
// schemas are the contracts' billingReportsEndpoints.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type agingQuery,
  BILLING_EXPORT_MAX_ROWS,
  billingReportsEndpoints as api,
  type customerSummaryQuery,
  type customerTransactionQuery,
  type Endpoint,
  type EndpointQuery,
  type ReportFormat,
  type receivedPaymentsQuery,
  type unpaidQuery,
} from '@ubo/contracts';
import { queryRows } from '../../db/rows.ts';
import { caller, tenantTx } from '../../plugins/auth.ts';
import { serve } from '../../plugins/endpoint.ts';
import { AppError } from '../../plugins/errors.ts';
import { type ReportTable, sendReport } from '../finance-reports/index.ts';
import { billingDashboard } from './billing-dashboard.ts';
import { customerAging } from './customer-aging.ts';
import { customerSummary } from './customer-summary.ts';
import { customerTransaction } from './customer-transaction.ts';
import { houseTransaction } from './house-transaction.ts';
import { describeFilters, type FilterValues } from './export-filters.ts';
import * as tables from './export-tables.ts';
import { receivedPayments } from './received-payments.ts';
import { type ReportScope, tuneForReports } from './report-scope.ts';
import { revenueByClass } from './revenue-by-class.ts';
import { unpaidReport } from './unpaid-report.ts';
import { zoneSummary } from './zone-summary.ts';

const tags = ['billing-reports'];

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

/** A report's query as its service reads it (without the file format). */
type ReportQuery<E extends Endpoint> = Omit<EndpointQuery<E>, 'format'>;

interface ReportRoute<E extends Endpoint, R> {
  /** GET path: JSON, or the file with format. */
  report: E;
  /** GET path/export: the file (format required). */
  file: Endpoint;
  privilege: string;
  run: (scope: ReportScope, query: ReportQuery<E>) => Promise<R>;
  /** The report as the file shows it (every row, not one page). */
  runForExport?: (scope: ReportScope, query: ReportQuery<E>) => Promise<R>;
  filters?: (query: ReportQuery<E>) => FilterValues;
  table: (report: R, ctx: tables.TableContext) => ReportTable;
}

/** GET path (JSON, or the file with format) and GET path/export (format required). */
function registerReport<E extends Endpoint, R>(app: FastifyInstance, route: ReportRoute<E, R>): void {
  // The endpoints' schemas validate and shape the answer, but a generic report type cannot be resolved
  // against them at compile time: the handlers' answers are cast.
  const config = { access: { privilege: route.privilege }, tags };
  const file = async (req: FastifyRequest, reply: FastifyReply, query: ReportQuery<E>, format: ReportFormat) => {
    const table = await read(req, async (scope) => {
      const report = await (route.runForExport ?? route.run)(scope, query);
      const [org] = await queryRows<{ name: string }>(scope.tx, sql`select name from clients where id = ${scope.clientId}`);
      const filters = route.filters ? await describeFilters(scope, route.filters(query)) : [];
      return route.table(report, { lang: scope.lang, organisation: org?.name ?? '', filters });
    });
    return sendReport(reply, table, format);
  };
  serve(app, route.report, config, async (req, reply) => {
    const { format, ...query } = req.query as ReportQuery<E> & { format?: ReportFormat };
    if (format) return file(req, reply, query as ReportQuery<E>, format) as never;
    return read(req, (scope) => route.run(scope, query as ReportQuery<E>)) as never;
  });
  serve(app, route.file, config, async (req, reply) => {
    const { format, ...query } = req.query as unknown as ReportQuery<E> & { format: ReportFormat };
    return file(req, reply, query as ReportQuery<E>, format);
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
  const aging = (s: ReportScope, query: z.infer<typeof agingQuery>) => customerAging({ ...s, query });
  registerReport(app, {
    report: api.aging,
    file: api.agingExport,
    privilege: 'customer-aging',
    run: aging,
    runForExport: everyRow(aging),
    filters: (q) => ({ zoneId: q.zoneId }),
    table: tables.agingTable,
  });

  registerReport(app, {
    report: api.zoneSummary,
    file: api.zoneSummaryExport,
    privilege: 'zone-summary',
    run: (s, query) => zoneSummary({ ...s, query }),
    table: tables.zoneSummaryTable,
  });

  const statement = (s: ReportScope, query: z.infer<typeof customerTransactionQuery>) => customerTransaction({ ...s, query });
  registerReport(app, {
    report: api.customerTransaction,
    file: api.customerTransactionExport,
    privilege: 'customer-transaction',
    run: statement,
    runForExport: everyRow(statement),
    table: tables.customerTransactionTable,
  });

  const summary = (s: ReportScope, query: z.infer<typeof customerSummaryQuery>) => customerSummary({ ...s, query });
  registerReport(app, {
    report: api.customerSummary,
    file: api.customerSummaryExport,
    privilege: 'customer-summary',
    run: summary,
    runForExport: everyRow(summary),
    filters: (q) => ({ zoneId: q.zoneId, status: q.status }),
    table: tables.customerSummaryTable,
  });

  const unpaid = (s: ReportScope, query: z.infer<typeof unpaidQuery>) => unpaidReport({ ...s, query });
  registerReport(app, {
    report: api.unpaid,
    file: api.unpaidExport,
    privilege: 'unpaid-report',
    run: unpaid,
    runForExport: everyRow(unpaid),
    filters: (q) => ({ zoneId: q.zoneId, period: q.period, minAmount: q.minAmount, customerId: q.customerId }),
    table: tables.unpaidTable,
  });

  const payments = (s: ReportScope, query: z.infer<typeof receivedPaymentsQuery>) => receivedPayments({ ...s, query });
  registerReport(app, {
    report: api.receivedPayments,
    file: api.receivedPaymentsExport,
    privilege: 'received-payments',
    run: payments,
    runForExport: everyRow(payments),
    filters: (q) => ({ zoneId: q.zoneId, accountId: q.accountId, method: q.method, customerId: q.customerId }),
    table: tables.receivedPaymentsTable,
  });

  registerReport(app, {
    report: api.revenueByClass,
    file: api.revenueByClassExport,
    privilege: 'revenue-by-class',
    run: (s, query) => revenueByClass({ ...s, query }),
    filters: (q) => ({ zoneId: q.zoneId }),
    table: tables.revenueByClassTable,
  });

  // The spec's elc/houses/transaction: the house page's history (whoever may see houses).
  registerReport(app, {
    report: api.houseTransaction,
    file: api.houseTransactionExport,
    privilege: 'list-house',
    run: (s, query) => houseTransaction({ ...s, query }),
    table: tables.houseTransactionTable,
  });

  serve(app, api.dashboard, { access: { privilege: 'dashboard' }, tags }, async (req) => read(req, (s) => billingDashboard({ ...s, query: req.query })));
}
