// The HR module's reads and writes: the form choices, details keyed under 'hr', and a write that refreshes
// every HR query (lists included) and keeps the server's field errors by field name for its form.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { employeesEndpoints } from '@ubo/contracts';
import { ApiError, callEndpoint } from '../../lib/api.ts';

export const useHrChoices = () => useQuery({ queryKey: ['hr', 'choices'], queryFn: () => callEndpoint(employeesEndpoints.choices, {}) });

export function useHrQuery<T>(key: unknown[], fn: () => Promise<T>, enabled = true) {
  return useQuery({ queryKey: ['hr', ...key], queryFn: fn, enabled });
}

export function useHrWrite<I, R>(fn: (input: I) => Promise<R>, onSuccess?: (result: R) => void) {
  const client = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mutation = useMutation({
    mutationFn: fn,
    onMutate: () => setErrors({}),
    onSuccess: async (result) => {
      await client.invalidateQueries({ predicate: (q) => /"hr"|\/api\/hr/.test(JSON.stringify(q.queryKey)) });
      onSuccess?.(result);
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors(Object.fromEntries(error.details.filter((d) => d.field).map((d) => [d.field, d.message])));
    },
  });
  return { ...mutation, errors, setErrors };
}
