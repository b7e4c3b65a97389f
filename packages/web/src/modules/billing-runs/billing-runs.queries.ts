// Server state of the readings, bill-run and bills screens: the reading sheet of a zone and period, the
// zones to choose from, saving readings (one, a batch, a CSV file), previewing a run, running it as a
// background job whose progress is polled, cancelling a run, one bill with the print header, and the
// ungenerated bill report. Saves refresh what they change (sheet, pending readings, runs, bills).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillRunBody, ReadingBatchBody } from '@ubo/contracts';
import { billPrintEndpoints, billsEndpoints, readingsEndpoints, zonePickerPrivileges, zonesEndpoints } from '@ubo/contracts';
import { useSession } from '../../app/session.tsx';
import { api, resourcePath } from '../../lib/api.ts';
import { endpointKeys, resourceKeys } from '../../lib/queryKeys.ts';
import { isJobActive, JOB_POLL_MS } from './billing-runs.logic.ts';

export const READS_PATH = resourcePath(readingsEndpoints.list);
export const SHEET_PATH = resourcePath(readingsEndpoints.sheet);
export const PENDING_PATH = resourcePath(readingsEndpoints.pending);
export const ZONES_PATH = resourcePath(zonesEndpoints.options);

/** Every zone (active first) for the pickers; idle without the zones privilege. */
export function useZones() {
  const { can } = useSession();
  const mayRead = zonePickerPrivileges.some((key) => can(key));
  const query = useQuery({
    queryKey: resourceKeys(ZONES_PATH).list({ _limit: 1000, _sort: 'name', _order: 'asc' }),
    queryFn: ({ signal }) => api.call(zonesEndpoints.options, { query: { _page: 1, _limit: 1000, _sort: 'name', _order: 'asc' } }, { signal }),
    enabled: mayRead,
    staleTime: 60_000,
  });
  return { ...query, mayRead, zones: query.data?.data ?? [] };
}

/** The reading sheet of a zone for a period; idle until both are chosen. */
export function useReadingSheet(period: string | null, zoneId: number | null) {
  return useQuery({
    queryKey: resourceKeys(SHEET_PATH).list({ period: period ?? '', zoneId: zoneId ?? 0 }),
    queryFn: ({ signal }) => api.call(readingsEndpoints.sheet, { query: { period: period ?? undefined, zoneId: zoneId ?? undefined } }, { signal }),
    enabled: period !== null && zoneId !== null,
    staleTime: 0,
  });
}

function useRefreshReadings() {
  const client = useQueryClient();
  return () => Promise.all([SHEET_PATH, PENDING_PATH, READS_PATH].map((path) => client.invalidateQueries({ queryKey: resourceKeys(path).all })));
}

/** POST /api/elc/reads/batch, all or nothing; refusals are put on their rows by the sheet (not toasted). */
export function useSaveReadingBatch() {
  const refresh = useRefreshReadings();
  return useMutation({
    mutationFn: (body: ReadingBatchBody) => api.call(readingsEndpoints.batch, { body }, { silent: true }),
    onSuccess: refresh,
  });
}

/** POST /api/elc/reads/import: checks the file (commit false) or saves its valid rows (commit true). */
export function useImportReadings() {
  const refresh = useRefreshReadings();
  return useMutation({
    mutationFn: ({ file, commit }: { file: File; commit: boolean }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.call(readingsEndpoints.import, { query: { commit: commit ? 'true' : undefined }, body: form }, { silent: true });
    },
    onSuccess: async (result) => {
      if (result.committed) await refresh();
    },
  });
}

export { useRefreshReadings };

/** POST /api/bills/generateCustomersBill: what a run would bill; writes nothing. */
export function usePreviewRun() {
  return useMutation({
    mutationFn: (body: BillRunBody) => api.call(billsEndpoints.preview, { body }, { background: true, silent: true }),
  });
}

/**
 * POST /api/bills/jobs: queues the run in the background (202 { jobId }). The key belongs to the preview
 * being saved, so pressing Save again after a lost answer gets the same job, never a second run.
 */
export function useStartRunJob() {
  return useMutation({
    mutationFn: ({ body, key }: { body: BillRunBody; key: string }) => api.call(billsEndpoints.startJob, { body }, { headers: { 'Idempotency-Key': key } }),
  });
}

/**
 * A run (or its cancellation) moves every customer's balance and the ledger: everything read before it is
 * stale (bills, readings, balances, payments' open bills, reports), except the job being polled itself.
 */
function invalidateAfterRun(client: ReturnType<typeof useQueryClient>) {
  const job = endpointKeys(billsEndpoints.job).all[0];
  return client.invalidateQueries({ predicate: (q) => !(q.queryKey[0] === job && q.queryKey[1] === 'detail') });
}

/** A job, polled while queued or running; when it ends, everything the run changed is read again. */
export function useRunJob(jobId: number | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: endpointKeys(billsEndpoints.job).detail({ id: jobId ?? '' }),
    queryFn: async ({ signal }) => {
      const job = await api.call(billsEndpoints.job, { params: { id: jobId ?? 0 } }, { signal });
      if (!isJobActive(job.status)) await invalidateAfterRun(client);
      return job;
    },
    enabled: jobId !== null,
    refetchInterval: (query) => (query.state.data && !isJobActive(query.state.data.status) ? false : JOB_POLL_MS),
    refetchIntervalInBackground: true,
  });
}

/** The newest jobs of the organisation: a run still going is shown again when the page is opened. */
export function useRecentJobs() {
  return useQuery({
    queryKey: endpointKeys(billsEndpoints.jobs).list({ _limit: 5 }),
    queryFn: ({ signal }) => api.call(billsEndpoints.jobs, { query: { _page: 1, _limit: 5 } }, { signal }),
    staleTime: 0,
  });
}

/**
 * POST /api/bills/runs/:id/cancel: queues the cancellation as a background job (202 { jobId }), polled like
 * a run (useRunJob); a refusal known at once (a payment allocated, already cancelled) is the error.
 */
export function useCancelRun() {
  return useMutation({
    mutationFn: (id: number) => api.call(billsEndpoints.cancelRun, { params: { id } }),
  });
}

export function useBill(id: number | null) {
  return useQuery({
    queryKey: endpointKeys(billsEndpoints.get).detail({ id: id ?? '' }),
    queryFn: ({ signal }) => api.call(billsEndpoints.get, { params: { id: id ?? 0 } }, { signal }),
    enabled: id !== null,
  });
}

/** The company header and payment instructions of a printed bill. */
export function usePrintCompany() {
  return useQuery({
    queryKey: endpointKeys(billPrintEndpoints.company).detail(),
    queryFn: ({ signal }) => api.call(billPrintEndpoints.company, {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useUngeneratedReport(period: string, zoneId: number | null) {
  return useQuery({
    queryKey: endpointKeys(billsEndpoints.ungenerated).list({ period, zoneId: zoneId ?? 0 }),
    queryFn: ({ signal }) => api.call(billsEndpoints.ungenerated, { query: { period, zoneId: zoneId ?? undefined } }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
