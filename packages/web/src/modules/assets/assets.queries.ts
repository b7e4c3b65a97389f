// The assets module's reads and writes: queries keyed under 'assets' (every write refreshes them all,
// with the register list), and a write's field errors kept by field name for its form.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { assetsEndpoints } from '@ubo/contracts';
import { ApiError, callEndpoint } from '../../lib/api.ts';

export const useAssetChoices = () => useQuery({ queryKey: ['assets', 'choices'], queryFn: () => callEndpoint(assetsEndpoints.choices, {}) });

export function useAssetsQuery<T>(key: unknown[], fn: () => Promise<T>, enabled = true) {
  return useQuery({ queryKey: ['assets', ...key], queryFn: fn, enabled });
}

/** A write: refreshes every assets query; field errors land in `errors` by field name. */
export function useAssetWrite<I, R>(fn: (input: I) => Promise<R>, onSuccess?: (result: R) => void) {
  const client = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mutation = useMutation({
    mutationFn: fn,
    onMutate: () => setErrors({}),
    onSuccess: async (result) => {
      await client.invalidateQueries({ predicate: (q) => JSON.stringify(q.queryKey).includes('assets') });
      onSuccess?.(result);
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors(Object.fromEntries(error.details.filter((d) => d.field).map((d) => [d.field, d.message])));
    },
  });
  return { ...mutation, errors };
}
