// Server state of the treasury screens: transfers, cheques, the year-end closing and the files attached
// to journal entries. Postings carry the form's Idempotency-Key (a double click or a lost answer posts
// once) and are not toasted on failure: the forms put field errors on their fields and show the rest.
// Every posting refreshes the ledger's lists and reports (finance.queries' LEDGER_PATHS).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Cheque,
  ChequeBodyInput,
  ClosingBody,
  ClosingState,
  NextCheque,
  PeriodClosing,
  ReopenBody,
  ReopenResult,
  ReversalBody,
  TransactionFile,
  TransactionFileList,
  Transfer,
  TransferBodyInput,
} from '@ubo/contracts';
import { api } from '../../lib/api.ts';
import { resourceKeys } from '../../lib/queryKeys.ts';
import { LEDGER_PATHS } from '../finance/index.ts';

export const TRANSFER_PATH = 'finance/transfer';
export const CHEQUE_PATH = 'finance/writecheck';
export const CLOSING_PATH = 'finance/closing';
const FILES_PATH = 'finance/get-transaction-files';

const idempotent = (key: string) => ({ headers: { 'Idempotency-Key': key }, silent: true });

/** Refreshes the given treasury lists and every ledger list and report. */
function useRefresh(...paths: string[]) {
  const client = useQueryClient();
  return () => Promise.all([...paths, ...LEDGER_PATHS].map((path) => client.invalidateQueries({ queryKey: resourceKeys(path).all })));
}

// ---- Transfers ---------------------------------------------------------------------------------

export function usePostTransfer() {
  const refresh = useRefresh(TRANSFER_PATH);
  return useMutation({
    mutationFn: ({ body, key }: { body: TransferBodyInput; key: string }) => api.post<Transfer>(TRANSFER_PATH, body, idempotent(key)),
    onSuccess: () => refresh(),
  });
}

export function useCancelTransfer() {
  const refresh = useRefresh(TRANSFER_PATH);
  return useMutation({
    mutationFn: ({ id, body, key }: { id: number; body: ReversalBody; key: string }) =>
      api.post<Transfer>(`${TRANSFER_PATH}/${id}/cancel`, body, idempotent(key)),
    onSuccess: () => refresh(),
  });
}

// ---- Cheques -----------------------------------------------------------------------------------

export function useCheque(id: number | null) {
  return useQuery({
    queryKey: resourceKeys(CHEQUE_PATH).detail(id ?? ''),
    queryFn: ({ signal }) => api.get<Cheque>(`${CHEQUE_PATH}/${id}`, undefined, { signal }),
    enabled: id !== null,
  });
}

/** The number the next automatic cheque on this bank account would get (nothing is taken). */
export function useNextChequeNumber(bankAccountId: number | null) {
  return useQuery({
    queryKey: [...resourceKeys(CHEQUE_PATH).all, 'next-number', bankAccountId ?? 0],
    queryFn: ({ signal }) => api.get<NextCheque>(`${CHEQUE_PATH}/next-number`, { bankAccountId: bankAccountId ?? undefined }, { signal, silent: true }),
    enabled: bankAccountId !== null,
  });
}

export function useWriteCheque() {
  const refresh = useRefresh(CHEQUE_PATH);
  return useMutation({
    mutationFn: ({ body, key }: { body: ChequeBodyInput; key: string }) => api.post<Cheque>(CHEQUE_PATH, body, idempotent(key)),
    onSuccess: () => refresh(),
  });
}

export function useVoidCheque() {
  const refresh = useRefresh(CHEQUE_PATH);
  return useMutation({
    mutationFn: ({ id, body, key }: { id: number; body: ReversalBody; key: string }) => api.post<Cheque>(`${CHEQUE_PATH}/${id}/void`, body, idempotent(key)),
    onSuccess: () => refresh(),
  });
}

// ---- Closing -----------------------------------------------------------------------------------

/** The lock date and the history of closings; with a period end, also what closing it would post. */
export function useClosingState(periodEnd: string | null) {
  return useQuery({
    queryKey: resourceKeys(CLOSING_PATH).list({ periodEnd: periodEnd ?? '' }),
    queryFn: ({ signal }) => api.get<ClosingState>(CLOSING_PATH, { periodEnd: periodEnd ?? undefined }, { signal, silent: periodEnd !== null }),
    placeholderData: keepPreviousData,
  });
}

export function useClosePeriod() {
  const refresh = useRefresh(CLOSING_PATH);
  return useMutation({
    mutationFn: ({ body, key }: { body: ClosingBody; key: string }) => api.post<PeriodClosing>(CLOSING_PATH, body, idempotent(key)),
    onSuccess: () => refresh(),
  });
}

export function useReopenPeriod() {
  const refresh = useRefresh(CLOSING_PATH);
  return useMutation({
    mutationFn: (body: ReopenBody) => api.post<ReopenResult>(`${CLOSING_PATH}/reopen`, body, { silent: true }),
    onSuccess: () => refresh(),
  });
}

// ---- Attachments -------------------------------------------------------------------------------

export function useEntryFiles(entryId: number, enabled: boolean) {
  return useQuery({
    queryKey: resourceKeys(FILES_PATH).list({ entryId }),
    queryFn: ({ signal }) => api.get<TransactionFileList>(FILES_PATH, { entryId }, { signal }),
    enabled,
  });
}

function useRefreshFiles() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: resourceKeys(FILES_PATH).all });
}

/** POST multipart entryId + file; refusals are shown by the uploader (no toast). */
export function useUploadEntryFile(entryId: number) {
  const refresh = useRefreshFiles();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('entryId', String(entryId));
      form.append('file', file, file.name);
      return api.post<TransactionFile>('finance/upload-transaction-files', form, { silent: true });
    },
    onSuccess: () => refresh(),
  });
}

export function useRemoveEntryFile() {
  const refresh = useRefreshFiles();
  return useMutation({
    mutationFn: (id: number) => api.delete(`finance/remove-transaction-file/${id}`),
    onSuccess: () => refresh(),
  });
}

/** The file's bytes with the bearer token (a plain link would carry none). */
export const fetchEntryFile = (id: number) => api.blob(`finance/transaction-files/${id}`);
