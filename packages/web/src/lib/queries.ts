// TanStack Query helpers every module uses: lists, details and the mutations that change them. Keys
// come from resourceKeys(path), and every mutation invalidates the lists of its path (and of any path
// named in `invalidate`), so a saved record shows at once in every open list.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import i18n from '../app/i18n/index.ts';
import { api, type Page, type Query, messageOf, toast } from './api.ts';
import { applyServerErrors } from './forms.ts';
import { resourceKeys } from './queryKeys.ts';

/** A page of GET /api/<path>?_page&_limit&... The previous page stays on screen while the next loads. */
export function useListQuery<T>(path: string, params: Query = {}, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: resourceKeys(path).list(params),
    queryFn: ({ signal }) => api.list<T>(path, params, { signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** GET /api/<path>/<id>; idle while id is empty. */
export function useDetailQuery<T>(path: string, id: string | number | null | undefined) {
  return useQuery({
    queryKey: resourceKeys(path).detail(id ?? ''),
    queryFn: ({ signal }) => api.get<T>(`${path}/${id}`, undefined, { signal }),
    enabled: id !== null && id !== undefined && id !== '',
  });
}

export interface MutationOptions<TResult, TForm extends FieldValues = FieldValues> {
  /** The resource path, e.g. 'settings/cities'. */
  path: string;
  /** Further resource paths whose lists this change affects. */
  invalidate?: string[];
  /** Toast on success: the server's message, else this text, else 'Saved.'; false for none. */
  successMessage?: string | false;
  /** A react-hook-form setError: server field errors land on the fields. */
  setError?: UseFormSetError<TForm>;
  onSuccess?: (result: TResult) => void;
}

function useInvalidate(path: string, invalidate: string[] = []) {
  const client = useQueryClient();
  return async () => {
    await Promise.all(
      [path, ...invalidate].flatMap((p) => [
        client.invalidateQueries({ queryKey: resourceKeys(p).lists() }),
        client.invalidateQueries({ queryKey: resourceKeys(p).details() }),
      ]),
    );
  };
}

function announce(result: unknown, successMessage: string | false | undefined): void {
  if (successMessage === false) return;
  toast(messageOf(result) ?? successMessage ?? i18n.t('common.saved'), 'success');
}

export interface SaveVariables<TBody> {
  /** Present: PUT (or PATCH) <path>/<id>; absent: POST <path>. */
  id?: string | number | null;
  body: TBody;
}

/** Create or update: mutate({ body }) posts, mutate({ id, body }) puts. */
export function useSaveMutation<TBody, TResult = unknown, TForm extends FieldValues = FieldValues>(
  options: MutationOptions<TResult, TForm> & { updateMethod?: 'PUT' | 'PATCH' },
) {
  const refresh = useInvalidate(options.path, options.invalidate);
  return useMutation({
    mutationFn: ({ id, body }: SaveVariables<TBody>) =>
      id === undefined || id === null
        ? api.post<TResult>(options.path, body)
        : options.updateMethod === 'PATCH'
          ? api.patch<TResult>(`${options.path}/${id}`, body)
          : api.put<TResult>(`${options.path}/${id}`, body),
    onSuccess: async (result) => {
      await refresh();
      announce(result, options.successMessage);
      options.onSuccess?.(result);
    },
    onError: (error) => {
      if (options.setError) applyServerErrors(error, options.setError);
    },
  });
}

/** DELETE <path>/<id>. */
export function useDeleteMutation<TResult = unknown>(options: MutationOptions<TResult>) {
  const refresh = useInvalidate(options.path, options.invalidate);
  return useMutation({
    mutationFn: (id: string | number) => api.delete<TResult>(`${options.path}/${id}`),
    onSuccess: async (result) => {
      await refresh();
      announce(result, options.successMessage);
      options.onSuccess?.(result);
    },
  });
}

/** PATCH <path>/<id>/status with { status } (the spec's status endpoints). */
export function useStatusMutation<TResult = unknown>(options: MutationOptions<TResult>) {
  const refresh = useInvalidate(options.path, options.invalidate);
  return useMutation({
    mutationFn: ({ id, status }: { id: string | number; status: string }) => api.patch<TResult>(`${options.path}/${id}/status`, { status }),
    onSuccess: async (result) => {
      await refresh();
      announce(result, options.successMessage);
      options.onSuccess?.(result);
    },
  });
}

export type { Page };
