// The app's one TanStack Query client. Failures are already shown by the api interceptor, so queries
// do not retry 4xx answers (retrying would only repeat the toast) and do not refetch on focus.
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, error) => !(error instanceof ApiError) && count < 1,
    },
    mutations: { retry: false },
  },
});
