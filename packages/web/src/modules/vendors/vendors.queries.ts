// Reads the vendor screens share: the register's choices (vendors with their balance, expense accounts,
// the next number), read again whenever a form opens.
import { useQuery } from '@tanstack/react-query';
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
