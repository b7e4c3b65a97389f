// Reads the receipt-book screens share: the users a book may be issued to (the list's filter, issuing).
import { useQuery } from '@tanstack/react-query';
import { receiptBooksEndpoints } from '@ubo/contracts';
import { api } from '../../lib/api.ts';
import { endpointKeys } from '../../lib/queryKeys.ts';

export function useCollectors() {
  return useQuery({
    queryKey: endpointKeys(receiptBooksEndpoints.collectors).detail({}),
    queryFn: ({ signal }) => api.call(receiptBooksEndpoints.collectors, {}, { signal }),
  });
}
