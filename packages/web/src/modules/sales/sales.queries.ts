// What the sales forms choose from (items with prices and stock, branches, accounts), read afresh when a
// form opens, and the customer search of the forms' customer field.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type SalesCustomer, salesChoicesEndpoints } from '@ubo/contracts';
import type { CustomerSearch } from '../../components/CustomerPicker.tsx';
import { api } from '../../lib/api.ts';
import { endpointKeys } from '../../lib/queryKeys.ts';

export function useSalesChoices() {
  return useQuery({
    queryKey: endpointKeys(salesChoicesEndpoints.get).detail({}),
    queryFn: ({ signal }) => api.call(salesChoicesEndpoints.get, {}, { signal }),
    staleTime: 0,
  });
}

export function useSalesCustomerSearch(q: string, open: boolean): CustomerSearch<SalesCustomer> {
  const text = q.trim();
  const found = useQuery({
    queryKey: endpointKeys(salesChoicesEndpoints.customers).list({ q: text }),
    queryFn: ({ signal }) => api.call(salesChoicesEndpoints.customers, { query: { q: text || undefined } }, { signal }),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  return { options: found.data?.data ?? [], isFetching: found.isFetching };
}
