// Server state of the finance-reports screens. The reports are read from the ledger, which the journal
// and every other posting screen change without telling this module, so they are read afresh whenever a
// report is opened (staleTime 0) and the previous answer stays on screen while the next loads. Budgets
// and reconciliations are written here: a save puts the server's answer in the cache at once.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountSummary,
  AccountTypeSummary,
  BudgetSheet,
  BudgetsBodyInput,
  BudgetVsActual,
  CashFlowStatement,
  LedgerParties,
  PartyType,
  PersonalAccount,
  Reconciliation,
  ReconciliationBodyInput,
  ReconciliationCompleteBody,
  RevenueReport,
} from '@ubo/contracts';
import { api, type Query } from '../../lib/api.ts';
import { resourceKeys } from '../../lib/queryKeys.ts';

export const ACCOUNT_SUMMARY_PATH = 'finance/reports/account-summary';
export const ACCOUNT_TYPES_PATH = 'finance/reports/account-types';
export const CASH_FLOW_PATH = 'finance/reports/cash-flow';
export const REVENUE_PATH = 'finance/reports/revenue';
export const BUDGETS_PATH = 'finance/budgets';
export const BUDGET_VS_ACTUAL_PATH = 'finance/reports/budget-vs-actual';
export const RECONCILIATION_PATH = 'finance/reconciliation';
export const PERSONAL_ACCOUNT_PATH = 'finance/reports/personalaccount';
export const PARTIES_PATH = 'finance/reports/personalaccount/parties';

/** GET <path>?query, fresh on every visit, the previous answer kept on screen while the next loads. */
function useLedgerReport<T>(path: string, query: Query, enabled = true, keepPrevious = true) {
  return useQuery({
    queryKey: resourceKeys(path).list(query),
    queryFn: ({ signal }) => api.get<T>(path, query, { signal }),
    placeholderData: keepPrevious ? keepPreviousData : undefined,
    staleTime: 0,
    enabled,
  });
}

export const useAccountSummary = (query: Query) => useLedgerReport<AccountSummary>(ACCOUNT_SUMMARY_PATH, query);
export const useAccountTypes = (query: Query) => useLedgerReport<AccountTypeSummary>(ACCOUNT_TYPES_PATH, query);
export const useCashFlow = (query: Query) => useLedgerReport<CashFlowStatement>(CASH_FLOW_PATH, query);
export const useRevenue = (query: Query) => useLedgerReport<RevenueReport>(REVENUE_PATH, query);
export const useBudgetVsActual = (query: Query) => useLedgerReport<BudgetVsActual>(BUDGET_VS_ACTUAL_PATH, query);

/** One party's lines across accounts; idle until a party is chosen. */
export const usePersonalAccount = (query: Query, enabled: boolean) => useLedgerReport<PersonalAccount>(PERSONAL_ACCOUNT_PATH, query, enabled);

/** The party picker's options for what is typed (customers by name, number or id; vendors and employees by id). */
export function useLedgerParties(partyType: PartyType, q: string) {
  return useQuery({
    queryKey: resourceKeys(PARTIES_PATH).list({ partyType, q }),
    queryFn: ({ signal }) => api.get<LedgerParties>(PARTIES_PATH, { partyType, q: q || undefined }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** A year's budget grid; another year shows only once loaded (never the previous year's cells). */
export const useBudgetSheet = (year: number) => useLedgerReport<BudgetSheet>(BUDGETS_PATH, { year }, true, false);

/**
 * A bank or mobile money account's month; idle until an account is chosen. Another account or month
 * shows only once loaded: its ticks must never be mistaken for the previous month's.
 */
export const useReconciliation = (accountId: number | null, period: string) =>
  useLedgerReport<Reconciliation>(RECONCILIATION_PATH, { accountId: accountId ?? undefined, period }, accountId !== null, false);

/**
 * PUT /api/finance/budgets. Failures are not toasted: the grid puts the line errors on their cells.
 * The answer (the year's sheet) replaces the cached one; budget vs actual is read again.
 */
export function useSaveBudgets() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BudgetsBodyInput) => api.put<BudgetSheet>(BUDGETS_PATH, body, { silent: true }),
    onSuccess: async (sheet) => {
      client.setQueryData(resourceKeys(BUDGETS_PATH).list({ year: sheet.year }), sheet);
      await client.invalidateQueries({ queryKey: resourceKeys(BUDGET_VS_ACTUAL_PATH).all });
    },
  });
}

function useStoreReconciliation() {
  const client = useQueryClient();
  return (rec: Reconciliation) => client.setQueryData(resourceKeys(RECONCILIATION_PATH).list({ accountId: rec.account.id, period: rec.period }), rec);
}

/** PUT /api/finance/reconciliation (a draft); failures are shown on the screen, not toasted. */
export function useSaveReconciliation() {
  const store = useStoreReconciliation();
  return useMutation({
    mutationFn: (body: ReconciliationBodyInput) => api.put<Reconciliation>(RECONCILIATION_PATH, body, { silent: true }),
    onSuccess: store,
  });
}

/** POST /api/finance/reconciliation/complete; failures are shown on the screen, not toasted. */
export function useCompleteReconciliation() {
  const store = useStoreReconciliation();
  return useMutation({
    mutationFn: (body: ReconciliationCompleteBody) => api.post<Reconciliation>(`${RECONCILIATION_PATH}/complete`, body, { silent: true }),
    onSuccess: store,
  });
}
