// Server state of the finance screens: the whole chart of accounts (every page of GET
// /api/finance/accounts, the tree and the pickers need all of it), journal entries, postings with an
// Idempotency-Key, reversals, the four reports and the account statement, the dashboard panels, and the
// company name for printed reports. Keys come from resourceKeys(path), so a posting or an account change refreshes
// every open list and report.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Account,
  AccountPage,
  AccountStatement,
  BalanceSheet,
  CashPosition,
  IncomeExpenseSummary,
  IncomeStatement,
  JournalBodyInput,
  JournalEntry,
  LedgerParties,
  PartyType,
  ReverseBody,
  TrialBalance,
} from '@ubo/contracts';
import { useSession } from '../../app/session.tsx';
import { api, type Query } from '../../lib/api.ts';
import { resourceKeys } from '../../lib/queryKeys.ts';
import { financePrivileges as p } from './finance.access.ts';

export const ACCOUNTS_PATH = 'finance/accounts';
export const JOURNAL_PATH = 'finance/transaction';
export const JOURNAL_REPORT_PATH = 'finance/reports/journal';
export const TRIAL_BALANCE_PATH = 'finance/reports/trial-balance';
export const INCOME_STATEMENT_PATH = 'finance/incomestatement';
export const BALANCE_SHEET_PATH = 'finance/balancesheet';
export const STATEMENT_PATH = 'finance/reports/account-transaction';
export const DASHBOARD_CASH_PATH = 'finance/dashboard/cash';
export const DASHBOARD_FLOWS_PATH = 'finance/dashboard/income-expense';
export const PARTIES_PATH = 'finance/parties';

/** Everything a posting changes: lists, reports and balances. */
export const LEDGER_PATHS = [
  ACCOUNTS_PATH,
  JOURNAL_PATH,
  JOURNAL_REPORT_PATH,
  TRIAL_BALANCE_PATH,
  INCOME_STATEMENT_PATH,
  BALANCE_SHEET_PATH,
  STATEMENT_PATH,
  DASHBOARD_CASH_PATH,
  DASHBOARD_FLOWS_PATH,
];

const PAGE = 1000;

/**
 * Every account of the organisation (pages of 1000 until all are read), sorted by code. Read only by
 * holders of list-account; others the query stays idle and AccountPicker says why it is empty.
 */
export function useAllAccounts() {
  const { can } = useSession();
  const isAllowed = can(p.accounts);
  return useQuery({
    queryKey: resourceKeys(ACCOUNTS_PATH).list({ all: true }),
    queryFn: async ({ signal }) => {
      const out: Account[] = [];
      for (let page = 1; ; page++) {
        const res = await api.get<AccountPage>(ACCOUNTS_PATH, { _page: page, _limit: PAGE, _sort: 'code', _order: 'asc' }, { signal });
        out.push(...res.data);
        if (res.data.length < PAGE || out.length >= res.total) break;
      }
      return out;
    },
    enabled: isAllowed,
  });
}

/** A report or statement: GET <path>?query, the previous answer kept on screen while the next loads. */
export function useReport<T>(path: string, query: Query, enabled = true) {
  return useQuery({
    queryKey: resourceKeys(path).list(query),
    queryFn: ({ signal }) => api.get<T>(path, query, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const useTrialBalance = (query: Query) => useReport<TrialBalance>(TRIAL_BALANCE_PATH, query);
export const useIncomeStatement = (query: Query) => useReport<IncomeStatement>(INCOME_STATEMENT_PATH, query);
export const useBalanceSheet = (query: Query) => useReport<BalanceSheet>(BALANCE_SHEET_PATH, query);
export const useAccountStatement = (query: Query, enabled: boolean) => useReport<AccountStatement>(STATEMENT_PATH, query, enabled);

/**
 * The dashboard panels (GET /api/finance/dashboard/cash and /income-expense), read afresh on every visit
 * of the dashboard: other screens and modules post without telling this one. Failures are not toasted;
 * the panel says so itself.
 */
function useDashboardPanel<T>(path: string, enabled: boolean) {
  return useQuery({
    queryKey: resourceKeys(path).all,
    queryFn: ({ signal }) => api.get<T>(path, undefined, { signal, silent: true }),
    staleTime: 0,
    enabled,
  });
}

export const useCashPosition = (enabled = true) => useDashboardPanel<CashPosition>(DASHBOARD_CASH_PATH, enabled);
export const useIncomeExpenseSummary = (enabled = true) => useDashboardPanel<IncomeExpenseSummary>(DASHBOARD_FLOWS_PATH, enabled);

/** The journal's party picker: customers by name or number, vendors and employees by their ledger ids. */
export function useJournalParties(partyType: PartyType | '', q: string, enabled: boolean) {
  return useQuery({
    queryKey: resourceKeys(PARTIES_PATH).list({ partyType, q }),
    queryFn: ({ signal }) => api.get<LedgerParties>(PARTIES_PATH, { partyType, q: q || undefined }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled: enabled && partyType !== '',
  });
}

export function useJournalEntry(id: number | null) {
  return useQuery({
    queryKey: resourceKeys(JOURNAL_PATH).detail(id ?? ''),
    queryFn: ({ signal }) => api.get<JournalEntry>(`${JOURNAL_PATH}/${id}`, undefined, { signal }),
    enabled: id !== null,
  });
}

function useRefreshLedger() {
  const client = useQueryClient();
  return () => Promise.all(LEDGER_PATHS.map((path) => client.invalidateQueries({ queryKey: resourceKeys(path).all })));
}

/**
 * POST /api/finance/transaction with the form's Idempotency-Key: a retry of the same posting (a
 * double click, an answer lost on the way) is answered from the first one and posts nothing new.
 * Failures are not toasted: the form shows them on its fields and above the totals.
 */
export function usePostJournal() {
  const client = useQueryClient();
  const refresh = useRefreshLedger();
  return useMutation({
    mutationFn: ({ body, key }: { body: JournalBodyInput; key: string }) =>
      api.post<JournalEntry>(JOURNAL_PATH, body, { headers: { 'Idempotency-Key': key }, silent: true }),
    onSuccess: () => refresh(),
    // A refusal may mean the chart changed elsewhere (an account made inactive): read it again.
    onError: () => client.invalidateQueries({ queryKey: resourceKeys(ACCOUNTS_PATH).all }),
  });
}

/** POST /api/finance/transaction/:id/reverse; the key makes a double confirm post one reversal. */
export function useReverseEntry() {
  const refresh = useRefreshLedger();
  return useMutation({
    mutationFn: ({ id, body, key }: { id: number; body: ReverseBody; key: string }) =>
      api.post<JournalEntry>(`${JOURNAL_PATH}/${id}/reverse`, body, { headers: { 'Idempotency-Key': key }, silent: true }),
    onSuccess: () => refresh(),
  });
}
