// Server state of the billing report screens. Reports are read from the ledger and the bills, which the
// bill runs and payment screens change without telling this module, so they are read afresh whenever a
// report is opened (staleTime 0) and the previous answer stays on screen while the next one loads.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  billingReportsEndpoints as api,
  type Endpoint,
  type EndpointListQuery,
  type EndpointResponse,
  paymentsEndpoints,
  zonePickerPrivileges,
  zonesEndpoints,
} from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { api as client, callEndpoint, resourcePath } from '../../lib/api.ts';
import { endpointKeys, resourceKeys } from '../../lib/queryKeys.ts';

function useReport<E extends Endpoint>(endpoint: E, query: EndpointListQuery<E>, enabled = true) {
  return useQuery({
    queryKey: endpointKeys(endpoint).list(query),
    queryFn: ({ signal }) => callEndpoint(endpoint as Endpoint, { query } as never, { signal }) as Promise<EndpointResponse<E>>,
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled,
  });
}

type QueryOf<E extends Endpoint> = EndpointListQuery<E>;

export const useAging = (query: QueryOf<typeof api.aging>) => useReport(api.aging, query);
export const useZoneSummary = (query: QueryOf<typeof api.zoneSummary>) => useReport(api.zoneSummary, query);
export const useCustomerStatement = (query: QueryOf<typeof api.customerTransaction>, enabled: boolean) => useReport(api.customerTransaction, query, enabled);
export const useCustomerSummary = (query: QueryOf<typeof api.customerSummary>) => useReport(api.customerSummary, query);
export const useUnpaid = (query: QueryOf<typeof api.unpaid>) => useReport(api.unpaid, query);
export const useReceivedPayments = (query: QueryOf<typeof api.receivedPayments>) => useReport(api.receivedPayments, query);
export const useRevenueByClass = (query: QueryOf<typeof api.revenueByClass>) => useReport(api.revenueByClass, query);

/** The billing widget of the dashboard; its failure is shown in the widget, not toasted. */
export function useBillingDashboard() {
  return useQuery({
    queryKey: endpointKeys(api.dashboard).all,
    queryFn: ({ signal }) => client.call(api.dashboard, {}, { signal, silent: true }),
    staleTime: 0,
  });
}

/** The zones of the filters (GET /api/elc/zones/options, open to the report privileges too). */
export function useZoneChoices() {
  const can = useCan();
  return useQuery({
    queryKey: resourceKeys(resourcePath(zonesEndpoints.options)).list({ _limit: 1000, _sort: 'name' }),
    queryFn: ({ signal }) => client.call(zonesEndpoints.options, { query: { _limit: 1000, _sort: 'name' } }, { signal }),
    enabled: zonePickerPrivileges.some((key) => can(key)),
    staleTime: 60_000,
  });
}

/** The accounts payments are received into (any signed-in user may read them). */
export function useReceivingAccounts() {
  return useQuery({
    queryKey: endpointKeys(paymentsEndpoints.accounts).detail({}),
    queryFn: ({ signal }) => client.call(paymentsEndpoints.accounts, {}, { signal }),
    staleTime: 60_000,
  });
}
