// Server state of the treasury screens: transfers, cheques, the year-end closing and the files attached
// to journal entries. Postings carry the form's Idempotency-Key (a double click or a lost answer posts
// once) and are not toasted on failure: the forms put field errors on their fields and show the rest.
// Every posting refreshes the ledger's lists and reports (finance.queries' LEDGER_PATHS). Calls go through
// the contracts' treasuryEndpoints.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ChequeBodyInput,
  type ClosingBody,
  endpointResource,
  type ReopenBody,
  type ReversalBody,
  type TransferBodyInput,
  treasuryEndpoints as api,
} from '@ubo/contracts';
import { callEndpoint } from '../../lib/api.ts';
import { endpointKeys, resourceKeys } from '../../lib/queryKeys.ts';
import { LEDGER_PATHS } from '../finance/index.ts';

const idempotent = (key: string) => ({ headers: { 'Idempotency-Key': key }, silent: true });

/** Refreshes the given treasury resources and every ledger list and report. */
function useRefresh(...resources: string[]) {
  const client = useQueryClient();
  return () => Promise.all([...resources, ...LEDGER_PATHS].map((path) => client.invalidateQueries({ queryKey: resourceKeys(path).all })));
}

const TRANSFERS = endpointResource(api.transfers);
/** The cheques' resource; the next-number query lives under it, so a written cheque moves it on. */
const CHEQUES = endpointResource(api.cheques);
const CLOSING = endpointResource(api.closing);

// ---- Transfers ---------------------------------------------------------------------------------

export function usePostTransfer() {
  const refresh = useRefresh(TRANSFERS);
  return useMutation({
    mutationFn: ({ body, key }: { body: TransferBodyInput; key: string }) => callEndpoint(api.postTransfer, { body }, idempotent(key)),
    onSuccess: () => refresh(),
  });
}

export function useCancelTransfer() {
  const refresh = useRefresh(TRANSFERS);
  return useMutation({
    mutationFn: ({ id, body, key }: { id: number; body: ReversalBody; key: string }) =>
      callEndpoint(api.cancelTransfer, { params: { id }, body }, idempotent(key)),
    onSuccess: () => refresh(),
  });
}

// ---- Cheques -----------------------------------------------------------------------------------

export function useCheque(id: number | null) {
  return useQuery({
    queryKey: endpointKeys(api.cheque).detail({ id: id ?? '' }),
    queryFn: ({ signal }) => callEndpoint(api.cheque, { params: { id: id as number } }, { signal }),
    enabled: id !== null,
  });
}

/** The number the next automatic cheque on this bank account would get (nothing is taken). */
export function useNextChequeNumber(bankAccountId: number | null) {
  return useQuery({
    queryKey: [CHEQUES, 'next-number', bankAccountId ?? 0],
    queryFn: ({ signal }) => callEndpoint(api.nextCheque, { query: { bankAccountId: bankAccountId ?? undefined } }, { signal, silent: true }),
    enabled: bankAccountId !== null,
  });
}

export function useWriteCheque() {
  const refresh = useRefresh(CHEQUES);
  return useMutation({
    mutationFn: ({ body, key }: { body: ChequeBodyInput; key: string }) => callEndpoint(api.writeCheque, { body }, idempotent(key)),
    onSuccess: () => refresh(),
  });
}

export function useVoidCheque() {
  const refresh = useRefresh(CHEQUES);
  return useMutation({
    mutationFn: ({ id, body, key }: { id: number; body: ReversalBody; key: string }) => callEndpoint(api.voidCheque, { params: { id }, body }, idempotent(key)),
    onSuccess: () => refresh(),
  });
}

// ---- Closing -----------------------------------------------------------------------------------

/** The lock date and the history of closings; with a period end, also what closing it would post. */
export function useClosingState(periodEnd: string | null) {
  return useQuery({
    queryKey: endpointKeys(api.closing).list({ periodEnd: periodEnd ?? '' }),
    queryFn: ({ signal }) => callEndpoint(api.closing, { query: { periodEnd: periodEnd ?? undefined } }, { signal, silent: periodEnd !== null }),
    placeholderData: keepPreviousData,
  });
}

export function useClosePeriod() {
  const refresh = useRefresh(CLOSING);
  return useMutation({
    mutationFn: ({ body, key }: { body: ClosingBody; key: string }) => callEndpoint(api.closePeriod, { body }, idempotent(key)),
    onSuccess: () => refresh(),
  });
}

export function useReopenPeriod() {
  const refresh = useRefresh(CLOSING);
  return useMutation({
    mutationFn: (body: ReopenBody) => callEndpoint(api.reopenPeriod, { body }, { silent: true }),
    onSuccess: () => refresh(),
  });
}

// ---- Attachments -------------------------------------------------------------------------------

const filesKeys = endpointKeys(api.files);

export function useEntryFiles(entryId: number, enabled: boolean) {
  return useQuery({
    queryKey: filesKeys.list({ entryId }),
    queryFn: ({ signal }) => callEndpoint(api.files, { query: { entryId } }, { signal }),
    enabled,
  });
}

function useRefreshFiles() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: filesKeys.all });
}

/** POST multipart entryId + file; refusals are shown by the uploader (no toast). */
export function useUploadEntryFile(entryId: number) {
  const refresh = useRefreshFiles();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('entryId', String(entryId));
      form.append('file', file, file.name);
      return callEndpoint(api.uploadFile, { body: form }, { silent: true });
    },
    onSuccess: () => refresh(),
  });
}

export function useRemoveEntryFile() {
  const refresh = useRefreshFiles();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(api.removeFile, { params: { id } }),
    onSuccess: () => refresh(),
  });
}

/** The file's bytes with the bearer token (a plain link would carry none). */
export const fetchEntryFile = (id: number) => callEndpoint(api.file, { params: { id } });
