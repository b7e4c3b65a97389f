// The item form's and stock forms' choices (categories, units, branches, accounts and defaults), shared by
// every form of the module and read again whenever one opens (a branch or account added meanwhile shows).
import { useQuery } from '@tanstack/react-query';
import { itemsEndpoints } from '@ubo/contracts';
import { api } from '../../lib/api.ts';
import { endpointKeys } from '../../lib/queryKeys.ts';

export function useItemChoices(enabled = true) {
  return useQuery({
    queryKey: endpointKeys(itemsEndpoints.choices).detail({}),
    queryFn: ({ signal }) => api.call(itemsEndpoints.choices, {}, { signal }),
    enabled,
    staleTime: 0,
  });
}
