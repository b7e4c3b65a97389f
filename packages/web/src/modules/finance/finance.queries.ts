// Server state of the finance screens: the whole chart of accounts (every page of GET
// /api/finance/accounts, the tree and the pickers need all of it), journal entries, postings with an
// Idempotency-Key, reversals, the four reports and the account statement, the dashboard panels, and the
// company name for printed reports. Calls go through the contracts' financeEndpoints; keys come from
// endpointKeys(endpoint), under each endpoint's resource, so a posting or an account change refreshes
// every open list and report.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Account,
  type Endpoint,
  type EndpointListQuery,
  type EndpointResponse,
  endpointResource,
  financeEndpoints as api,
  financeReportsEndpoints,
  type JournalBodyInput,
  type PartyType,
  type ReverseBody,
} from '@ubo/contracts';
import { useSession } from '../../app/session.tsx';
import { callEndpoint } from '../../lib/api.ts';
import { endpointKeys, resourceKeys } from '../../lib/queryKeys.ts';
import { financePrivileges as p } from './finance.access.ts';

/**
 * Everything a posting changes: lists, reports and balances (the resources of their endpoints, as
 * resourceKeys names them; other modules' postings refresh these too).
 */
export const LEDGER_PATHS = [
  api.accounts,
  api.entries,
  api.journalReport,
  api.trialBalance,
  api.incomeStatement,
  api.balanceSheet,
  api.accountStatement,
  financeReportsEndpoints.cashPosition,
  financeReportsEndpoints.incomeExpense,
].map(endpointResource);

const PAGE = 1000;

/** The keys of the chart of accounts (every list and record of it). */
export const accountKeys = endpointKeys(api.accounts);

/**
 * Every account of the organisation (pages of 1000 until all are read), sorted by code. Read only by
 * holders of list-account; others the query stays idle and AccountPicker says why it is empty.
 */
export function useAllAccounts() {
  const { can } = useSession();
  const isAllowed = can(p.accounts);
  return useQuery({
    queryKey: accountKeys.list({ all: true }),
    queryFn: async ({ signal }) => {
      const out: Account[] = [];
      for (let page = 1; ; page++) {
        const res = await callEndpoint(api.accounts, { query: { _page: page, _limit: PAGE, _sort: 'code', _order: 'asc' } }, { signal });
        out.push(...res.data);
        if (res.data.length < PAGE || out.length >= res.total) break;
      }
      return out;
    },
    enabled: isAllowed,
  });
}

/** A report or statement: GET <endpoint>?query, the previous answer kept on screen while the next loads. */
export function useReport<E extends Endpoint>(endpoint: E, query: EndpointListQuery<E>, enabled = true) {
  return useQuery({
    queryKey: endpointKeys(endpoint).list(query),
    queryFn: ({ signal }) => callEndpoint(endpoint as Endpoint, { query } as never, { signal }) as Promise<EndpointResponse<E>>,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const useTrialBalance = (query: EndpointListQuery<typeof api.trialBalance>) => useReport(api.trialBalance, query);
export const useIncomeStatement = (query: EndpointListQuery<typeof api.incomeStatement>) => useReport(api.incomeStatement, query);
export const useBalanceSheet = (query: EndpointListQuery<typeof api.balanceSheet>) => useReport(api.balanceSheet, query);
export const useAccountStatement = (query: EndpointListQuery<typeof api.accountStatement>, enabled: boolean) => useReport(api.accountStatement, query, enabled);

/**
 * The dashboard panels (GET /api/finance/dashboard/cash and /income-expense), read afresh on every visit
 * of the dashboard: other screens and modules post without telling this one. Failures are not toasted;
 * the panel says so itself.
 */
function useDashboardPanel<E extends typeof financeReportsEndpoints.cashPosition | typeof financeReportsEndpoints.incomeExpense>(
  endpoint: E,
  enabled: boolean,
) {
  return useQuery({
    queryKey: endpointKeys(endpoint).all,
    queryFn: ({ signal }) => callEndpoint(endpoint as Endpoint, undefined, { signal, silent: true }) as Promise<EndpointResponse<E>>,
    staleTime: 0,
    enabled,
  });
}

export const useCashPosition = (enabled = true) => useDashboardPanel(financeReportsEndpoints.cashPosition, enabled);
export const useIncomeExpenseSummary = (enabled = true) => useDashboardPanel(financeReportsEndpoints.incomeExpense, enabled);

/** The journal's party picker: customers by name or number, vendors and employees by their ledger ids. */
export function useJournalParties(partyType: PartyType | '', q: string, enabled: boolean) {
  return useQuery({
    queryKey: endpointKeys(api.parties).list({ partyType, q }),
    queryFn: ({ signal }) => callEndpoint(api.parties, { query: { partyType: partyType as PartyType, q: q || undefined } }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled: enabled && partyType !== '',
  });
}

export function useJournalEntry(id: number | null) {
  return useQuery({
    queryKey: endpointKeys(api.entry).detail({ id: id ?? '' }),
    queryFn: ({ signal }) => callEndpoint(api.entry, { params: { id: id as number } }, { signal }),
    enabled: id !== null,
  });
}

function useRefreshLedger() {
  const client = useQueryClient();
  return () => Promise.all(LEDGER_PATHS.map((path) => client.invalidateQueries({ queryKey: resourceKeys(path).all })));
}

/** A posting's options: its Idempotency-Key, and no toast (the form shows failures). */
export const idempotent = (key: string) => ({ headers: { 'Idempotency-Key': key }, silent: true });

/**
 * POST /api/finance/transaction with the form's Idempotency-Key: a retry of the same posting (a
 * double click, an answer lost on the way) is answered from the first one and posts nothing new.
 * Failures are not toasted: the form shows them on its fields and above the totals.
 */
export function usePostJournal() {
  const client = useQueryClient();
  const refresh = useRefreshLedger();
  return useMutation({
    mutationFn: ({ body, key }: { body: JournalBodyInput; key: string }) => callEndpoint(api.postEntry, { body }, idempotent(key)),
    onSuccess: () => refresh(),
    // A refusal may mean the chart changed elsewhere (an account made inactive): read it again.
    onError: () => client.invalidateQueries({ queryKey: accountKeys.all }),
  });
}

/** POST /api/finance/transaction/:id/reverse; the key makes a double confirm post one reversal. */
export function useReverseEntry() {
  const refresh = useRefreshLedger();
  return useMutation({
    mutationFn: ({ id, body, key }: { id: number; body: ReverseBody; key: string }) =>
      callEndpoint(api.reverseEntry, { params: { id }, body }, idempotent(key)),
    onSuccess: () => refresh(),
  });
}
