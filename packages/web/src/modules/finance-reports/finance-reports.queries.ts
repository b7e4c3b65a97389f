// Server state of the finance-reports screens. The reports are read from the ledger, which the journal
// and every other posting screen change without telling this module, so they are read afresh whenever a
// report is opened (staleTime 0) and the previous answer stays on screen while the next loads. Budgets
// and reconciliations are written here: a save puts the server's answer in the cache at once.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type BudgetsBodyInput,
  type Endpoint,
  type EndpointListQuery,
  type EndpointResponse,
  financeReportsEndpoints as api,
  type PartyType,
  type Reconciliation,
  type ReconciliationBodyInput,
  type ReconciliationCompleteBody,
} from '@ubo/contracts';
import { callEndpoint } from '../../lib/api.ts';
import { endpointKeys } from '../../lib/queryKeys.ts';

/** GET <endpoint>?query, fresh on every visit, the previous answer kept on screen while the next loads. */
function useLedgerReport<E extends Endpoint>(endpoint: E, query: EndpointListQuery<E>, enabled = true, keepPrevious = true) {
  return useQuery({
    queryKey: endpointKeys(endpoint).list(query),
    queryFn: ({ signal }) => callEndpoint(endpoint as Endpoint, { query } as never, { signal }) as Promise<EndpointResponse<E>>,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
    staleTime: 0,
    enabled,
  });
}

type QueryOf<E extends Endpoint> = EndpointListQuery<E>;

export const useAccountSummary = (query: QueryOf<typeof api.accountSummary>) => useLedgerReport(api.accountSummary, query);
export const useAccountTypes = (query: QueryOf<typeof api.accountTypes>) => useLedgerReport(api.accountTypes, query);
export const useCashFlow = (query: QueryOf<typeof api.cashFlow>) => useLedgerReport(api.cashFlow, query);
export const useRevenue = (query: QueryOf<typeof api.revenue>) => useLedgerReport(api.revenue, query);
export const useBudgetVsActual = (query: QueryOf<typeof api.budgetVsActual>) => useLedgerReport(api.budgetVsActual, query);

/** One party's lines across accounts; idle until a party is chosen. */
export const usePersonalAccount = (query: QueryOf<typeof api.personalAccount>, enabled: boolean) => useLedgerReport(api.personalAccount, query, enabled);

/** The party picker's options for what is typed (customers by name, number or id; vendors and employees by id). */
export function useLedgerParties(partyType: PartyType, q: string) {
  return useQuery({
    queryKey: endpointKeys(api.personalAccountParties).list({ partyType, q }),
    queryFn: ({ signal }) => callEndpoint(api.personalAccountParties, { query: { partyType, q: q || undefined } }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** A year's budget grid; another year shows only once loaded (never the previous year's cells). */
export const useBudgetSheet = (year: number) => useLedgerReport(api.budgets, { year }, true, false);

/** The query of a reconciliation (the key its cached answer is stored under). */
const reconciliationQuery = (accountId: number | null, period: string) => ({ accountId: accountId ?? undefined, period });

/**
 * A bank or mobile money account's month; idle until an account is chosen. Another account or month
 * shows only once loaded: its ticks must never be mistaken for the previous month's.
 */
export const useReconciliation = (accountId: number | null, period: string) =>
  useLedgerReport(api.reconciliation, reconciliationQuery(accountId, period), accountId !== null, false);

/**
 * PUT /api/finance/budgets. Failures are not toasted: the grid puts the line errors on their cells.
 * The answer (the year's sheet) replaces the cached one; budget vs actual is read again.
 */
export function useSaveBudgets() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BudgetsBodyInput) => callEndpoint(api.saveBudgets, { body }, { silent: true }),
    onSuccess: async (sheet) => {
      client.setQueryData(endpointKeys(api.budgets).list({ year: sheet.year }), sheet);
      await client.invalidateQueries({ queryKey: endpointKeys(api.budgetVsActual).all });
    },
  });
}

function useStoreReconciliation() {
  const client = useQueryClient();
  return (rec: Reconciliation) => client.setQueryData(endpointKeys(api.reconciliation).list(reconciliationQuery(rec.account.id, rec.period)), rec);
}

/** PUT /api/finance/reconciliation (a draft); failures are shown on the screen, not toasted. */
export function useSaveReconciliation() {
  const store = useStoreReconciliation();
  return useMutation({
    mutationFn: (body: ReconciliationBodyInput) => callEndpoint(api.saveReconciliation, { body }, { silent: true }),
    onSuccess: store,
  });
}

/** POST /api/finance/reconciliation/complete; failures are shown on the screen, not toasted. */
export function useCompleteReconciliation() {
  const store = useStoreReconciliation();
  return useMutation({
    mutationFn: (body: ReconciliationCompleteBody) => callEndpoint(api.completeReconciliation, { body }, { silent: true }),
    onSuccess: store,
  });
}
