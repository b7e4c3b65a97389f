// Reads the vendor screens share: the register's choices (vendors with their balance, expense accounts,
// the next number), read again whenever a form opens.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { vendorsEndpoints } from '@ubo/contracts';
import { api } from '../../lib/api.ts';
import { endpointKeys } from '../../lib/queryKeys.ts';

export function useVendorChoices(enabled = true) {
  return useQuery({
    queryKey: endpointKeys(vendorsEndpoints.choices).detail({}),
    queryFn: ({ signal }) => api.call(vendorsEndpoints.choices, {}, { signal }),
    enabled,
    staleTime: 0,
  });
}

/**
 * After a payment or its cancellation: every vendor page's own lists (its payments are read from a path
 * with the vendor's id, a resource of its own) are refreshed too.
 */
export function useRefreshVendorPages() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('elc/vendors/') });
}
