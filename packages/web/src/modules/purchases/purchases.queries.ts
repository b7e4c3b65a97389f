// The purchasing forms' choices (vendors, items, branches, accounts), read afresh whenever a form opens.
import { useQuery } from '@tanstack/react-query';
import { purchasesEndpoints } from '@ubo/contracts';
import { api } from '../../lib/api.ts';
import { endpointKeys } from '../../lib/queryKeys.ts';

export function usePurchaseChoices(enabled = true) {
  return useQuery({
    queryKey: endpointKeys(purchasesEndpoints.vendorChoices).detail({}),
    queryFn: ({ signal }) => api.call(purchasesEndpoints.vendorChoices, {}, { signal }),
    enabled,
    staleTime: 0,
  });
}
