// Server state of the billing report screens. Reports are read from the ledger and the bills, which the
// bill runs and payment screens change without telling this module, so they are read afresh whenever a
// report is opened (staleTime 0) and the previous answer stays on screen while the next one loads.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AgingReport,
  BillingDashboard,
  CustomerSummary,
  CustomerTransaction,
  ReceivedPayments,
  ReceivingAccount,
  RevenueByClass,
  UnpaidReport,
  ZoneSummary,
} from '@ubo/contracts';
import { zonePickerPrivileges, zonesEndpoints } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { api, type Query, resourcePath } from '../../lib/api.ts';
import { resourceKeys } from '../../lib/queryKeys.ts';

export const AGING_PATH = 'finance/customer/aging';
export const ZONE_SUMMARY_PATH = 'finance/zones/summery';
export const STATEMENT_PATH = 'billing-reports/customer-transaction';
export const CUSTOMER_SUMMARY_PATH = 'billing-reports/customer-summary';
export const UNPAID_PATH = 'billing-reports/unpaid';
export const RECEIVED_PAYMENTS_PATH = 'billing-reports/received-payments';
export const REVENUE_BY_CLASS_PATH = 'billing-reports/revenue-by-class';
export const DASHBOARD_PATH = 'billing-reports/dashboard';

function useReport<T>(path: string, query: Query, enabled = true) {
  return useQuery({
    queryKey: resourceKeys(path).list(query),
    queryFn: ({ signal }) => api.get<T>(path, query, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled,
  });
}

export const useAging = (query: Query) => useReport<AgingReport>(AGING_PATH, query);
export const useZoneSummary = (query: Query) => useReport<ZoneSummary>(ZONE_SUMMARY_PATH, query);
export const useCustomerStatement = (query: Query, enabled: boolean) => useReport<CustomerTransaction>(STATEMENT_PATH, query, enabled);
export const useCustomerSummary = (query: Query) => useReport<CustomerSummary>(CUSTOMER_SUMMARY_PATH, query);
export const useUnpaid = (query: Query) => useReport<UnpaidReport>(UNPAID_PATH, query);
export const useReceivedPayments = (query: Query) => useReport<ReceivedPayments>(RECEIVED_PAYMENTS_PATH, query);
export const useRevenueByClass = (query: Query) => useReport<RevenueByClass>(REVENUE_BY_CLASS_PATH, query);

/** The billing widget of the dashboard; its failure is shown in the widget, not toasted. */
export function useBillingDashboard() {
  return useQuery({
    queryKey: resourceKeys(DASHBOARD_PATH).all,
    queryFn: ({ signal }) => api.get<BillingDashboard>(DASHBOARD_PATH, undefined, { signal, silent: true }),
    staleTime: 0,
  });
}

/** The zones of the filters (GET /api/elc/zones/options, open to the report privileges too). */
export function useZoneChoices() {
  const can = useCan();
  return useQuery({
    queryKey: resourceKeys(resourcePath(zonesEndpoints.options)).list({ _limit: 1000, _sort: 'name' }),
    queryFn: ({ signal }) => api.call(zonesEndpoints.options, { query: { _limit: 1000, _sort: 'name' } }, { signal }),
    enabled: zonePickerPrivileges.some((key) => can(key)),
    staleTime: 60_000,
  });
}

/** The accounts payments are received into (any signed-in user may read them). */
export function useReceivingAccounts() {
  return useQuery({
    queryKey: resourceKeys('finance/payments/accounts').all,
    queryFn: ({ signal }) => api.get<{ data: ReceivingAccount[] }>('finance/payments/accounts', undefined, { signal }),
    staleTime: 60_000,
  });
}
