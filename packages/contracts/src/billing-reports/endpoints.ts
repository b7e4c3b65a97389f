// Billing report endpoints: each report answers JSON (or its file when `format` is given) at its path,
// and its file at <path>/export?format=csv|xlsx; and the billing dashboard.
import { endpoint } from '../common/endpoint.ts';
import type { z } from '../common/validation.ts';
import { exportFields, reportFormat } from '../finance-reports/common.ts';
import { agingQuery, agingReport } from './aging.ts';
import { customerSummary, customerSummaryQuery } from './customer-summary.ts';
import { customerTransaction, customerTransactionQuery } from './customer-transaction.ts';
import { billingDashboard, billingDashboardQuery } from './dashboard.ts';
import { houseTransaction, houseTransactionQuery } from './house-transaction.ts';
import { receivedPayments, receivedPaymentsQuery } from './received-payments.ts';
import { revenueByClass, revenueByClassQuery } from './revenue-by-class.ts';
import { unpaidQuery, unpaidReport } from './unpaid.ts';
import { zoneSummary, zoneSummaryQuery } from './zone-summary.ts';

/** The files a report exports: CSV and XLSX. */
export const reportFileTypes = ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] as const;

/** A report's query with the file format's field (safeExtend keeps the query's refinements). */
const withFields = <S extends z.core.$ZodShape, F extends z.core.$ZodShape>(query: z.ZodObject<S>, fields: F) =>
  (query as z.ZodObject).safeExtend(fields) as unknown as z.ZodObject<S & F>;

/** GET path: the report as JSON, or its file when `format` is given. */
const report = <const P extends string, S extends z.core.$ZodShape, R extends z.ZodType>(path: P, query: z.ZodObject<S>, response: R) =>
  endpoint({ method: 'GET', path, query: withFields(query, { format: reportFormat.optional() }), response });

/** GET path/export?format=csv|xlsx: the report's file. */
const reportExport = <const P extends string, S extends z.core.$ZodShape>(path: P, query: z.ZodObject<S>) =>
  endpoint({ method: 'GET', path: `${path}/export`, query: withFields(query, exportFields), produces: reportFileTypes });

export const billingReportsEndpoints = {
  aging: report('/api/finance/customer/aging', agingQuery, agingReport),
  agingExport: reportExport('/api/finance/customer/aging', agingQuery),
  zoneSummary: report('/api/finance/zones/summery', zoneSummaryQuery, zoneSummary),
  zoneSummaryExport: reportExport('/api/finance/zones/summery', zoneSummaryQuery),
  customerTransaction: report('/api/billing-reports/customer-transaction', customerTransactionQuery, customerTransaction),
  customerTransactionExport: reportExport('/api/billing-reports/customer-transaction', customerTransactionQuery),
  customerSummary: report('/api/billing-reports/customer-summary', customerSummaryQuery, customerSummary),
  customerSummaryExport: reportExport('/api/billing-reports/customer-summary', customerSummaryQuery),
  unpaid: report('/api/billing-reports/unpaid', unpaidQuery, unpaidReport),
  unpaidExport: reportExport('/api/billing-reports/unpaid', unpaidQuery),
  receivedPayments: report('/api/billing-reports/received-payments', receivedPaymentsQuery, receivedPayments),
  receivedPaymentsExport: reportExport('/api/billing-reports/received-payments', receivedPaymentsQuery),
  revenueByClass: report('/api/billing-reports/revenue-by-class', revenueByClassQuery, revenueByClass),
  revenueByClassExport: reportExport('/api/billing-reports/revenue-by-class', revenueByClassQuery),
  /** The spec's elc/houses/transaction: one house's history (privilege list-house). */
  houseTransaction: report('/api/elc/houses/transaction', houseTransactionQuery, houseTransaction),
  houseTransactionExport: reportExport('/api/elc/houses/transaction', houseTransactionQuery),
  dashboard: endpoint({ method: 'GET', path: '/api/billing-reports/dashboard', query: billingDashboardQuery, response: billingDashboard }),
};
