// TanStack Query helpers every module uses: lists, details and the mutations that change them. Each
// takes an endpoint of the contracts, so the path is written once and the row, detail and result types
// are the endpoint's, never chosen at a call site. Keys come from endpointKeys(endpoint): a mutation
// invalidates the lists and details of its endpoint's resource (and of any endpoint named in
// `invalidate`), so a saved record shows at once in every open list.
//
// The path-taking forms (a string and a type argument) remain only for modules not yet on endpoints
// (test/endpoints.test.ts lists them); they go when the last module is converted.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { type Endpoint, type EndpointInput, type EndpointListQuery, type EndpointResponse, endpointResource } from '@ubo/contracts';
import i18n from '../app/i18n/index.ts';
import { api, callEndpoint, DEFAULT_LIMIT, DEFAULT_PAGE, type Page, type Query, messageOf, toast } from './api.ts';
import { applyServerErrors } from './forms.ts';
import { endpointKeys, resourceKeys } from './queryKeys.ts';

function isEndpoint(x: unknown): x is Endpoint {
  return typeof x === 'object' && x !== null && 'method' in x && 'path' in x;
}

/** A page of a list endpoint (_page=1 and _limit=100 unless the query says otherwise). The previous page stays on screen while the next loads. */
export function useListQuery<E extends Endpoint>(
  endpoint: E,
  query?: EndpointListQuery<E>,
  options?: { enabled?: boolean },
): ReturnType<typeof useListQueryOf<EndpointResponse<E>>>;
/** Path form, for modules not yet on endpoints. */
export function useListQuery<T>(path: string, params?: Query, options?: { enabled?: boolean }): ReturnType<typeof useListQueryOf<Page<T>>>;
export function useListQuery(source: Endpoint | string, params: Query = {}, options: { enabled?: boolean } = {}) {
  return useListQueryOf<unknown>(source, params, options);
}

function useListQueryOf<R>(source: Endpoint | string, params: Query, options: { enabled?: boolean }) {
  const query = { _page: DEFAULT_PAGE, _limit: DEFAULT_LIMIT, ...params };
  return useQuery({
    queryKey: isEndpoint(source) ? endpointKeys(source).list(params) : resourceKeys(source).list(params),
    queryFn: ({ signal }) =>
      (isEndpoint(source) ? callEndpoint(source as Endpoint, { query } as never, { signal }) : api.list(source, params, { signal })) as Promise<R>,
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** A record endpoint ('.../:id'); idle while id is empty. */
export function useDetailQuery<E extends Endpoint>(
  endpoint: E,
  id: string | number | null | undefined,
): ReturnType<typeof useDetailQueryOf<EndpointResponse<E>>>;
/** Path form (GET /api/<path>/<id>), for modules not yet on endpoints. */
export function useDetailQuery<T>(path: string, id: string | number | null | undefined): ReturnType<typeof useDetailQueryOf<T>>;
export function useDetailQuery(source: Endpoint | string, id: string | number | null | undefined) {
  return useDetailQueryOf<unknown>(source, id);
}

function useDetailQueryOf<R>(source: Endpoint | string, id: string | number | null | undefined) {
  return useQuery({
    queryKey: isEndpoint(source) ? endpointKeys(source).detail({ id: id ?? '' }) : resourceKeys(source).detail(id ?? ''),
    queryFn: ({ signal }) =>
      (isEndpoint(source)
        ? callEndpoint(source as Endpoint, { params: { id } } as never, { signal })
        : api.get(`${source}/${id}`, undefined, { signal })) as Promise<R>,
    enabled: id !== null && id !== undefined && id !== '',
  });
}

export interface MutationOptions<TResult, TForm extends FieldValues = FieldValues> {
  /** The resource path, e.g. 'settings/cities' (path form, for modules not yet on endpoints). */
  path: string;
  /** Further resources (endpoints, or paths) whose lists and details this change affects. */
  invalidate?: Array<string | Endpoint>;
  /** Toast on success: the server's message, else this text, else 'Saved.'; false for none. */
  successMessage?: string | false;
  /** A react-hook-form setError: server field errors land on the fields. */
  setError?: UseFormSetError<TForm>;
  onSuccess?: (result: TResult) => void;
}

const resourceOf = (r: string | Endpoint) => (typeof r === 'string' ? r : endpointResource(r));

function useInvalidate(resource: string | Endpoint, invalidate: Array<string | Endpoint> = []) {
  const client = useQueryClient();
  return async () => {
    await Promise.all(
      [...new Set([resource, ...invalidate].map(resourceOf))].flatMap((p) => [
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

/** Options of the endpoint mutations: what else to refresh, the toast, where server field errors land. */
export interface EndpointMutationOptions<TResult, TForm extends FieldValues = FieldValues> {
  /** Further endpoints (their resources) whose lists and details this change affects. */
  invalidate?: Array<Endpoint | string>;
  /** Toast on success: the server's message, else this text, else 'Saved.'; false for none. */
  successMessage?: string | false;
  /** A react-hook-form setError: server field errors land on the fields. */
  setError?: UseFormSetError<TForm>;
  onSuccess?: (result: TResult) => void;
}

/**
 * Any changing call of an endpoint: mutate(input) calls it with the endpoint's input (params, query,
 * body), then refreshes the endpoint's resource and those named in `invalidate`.
 */
export function useEndpointMutation<E extends Endpoint, TForm extends FieldValues = FieldValues>(
  endpoint: E,
  options: EndpointMutationOptions<EndpointResponse<E>, TForm> = {},
) {
  const refresh = useInvalidate(endpoint, options.invalidate);
  return useMutation({
    mutationFn: (input: EndpointInput<E>) => callEndpoint(endpoint as Endpoint, input as never) as Promise<EndpointResponse<E>>,
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

type BodyOf<E extends Endpoint> = EndpointInput<E> extends { body?: infer B } ? B : never;

/**
 * A form's save: mutate({ body }) calls `create`, mutate({ id, body }) calls `update` (a '.../:id'
 * endpoint). Both refresh their resource.
 */
export function useSaveEndpoint<C extends Endpoint, U extends Endpoint, TForm extends FieldValues = FieldValues>(
  endpoints: { create: C; update: U },
  options: EndpointMutationOptions<EndpointResponse<C> | EndpointResponse<U>, TForm> = {},
) {
  const refresh = useInvalidate(endpoints.create, [endpoints.update, ...(options.invalidate ?? [])]);
  return useMutation({
    mutationFn: ({ id, body }: { id?: string | number | null; body: BodyOf<C> & BodyOf<U> }) =>
      (id === undefined || id === null
        ? callEndpoint(endpoints.create as Endpoint, { body } as never)
        : callEndpoint(endpoints.update as Endpoint, { params: { id }, body } as never)) as Promise<EndpointResponse<C> | EndpointResponse<U>>,
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

export type { Page };
