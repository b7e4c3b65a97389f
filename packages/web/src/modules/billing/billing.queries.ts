// Server state of the billing master-data screens. Lists and details go through lib/queries (keys from
// the endpoints, every change refreshes the lists of its resource); here are the option lists the
// forms and filters read (zones, cities, the zone form's choices), a customer search for the house
// form's picker, and the house actions that are neither create nor update (status, meter replacement).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  citiesEndpoints,
  customerAccountEndpoints,
  billingReportsEndpoints,
  type City,
  customersEndpoints,
  type HouseStatusBody,
  housesEndpoints,
  type ReplaceMeterBody,
  tariffsEndpoints,
  type Zone,
  zonesEndpoints,
} from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { api, type Page, resourcePath } from '../../lib/api.ts';
import { endpointKeys, resourceKeys } from '../../lib/queryKeys.ts';
import { billingPrivileges as p } from './billing.access.ts';

export const ZONES_PATH = resourcePath(zonesEndpoints.list);
export const TARIFFS_PATH = resourcePath(tariffsEndpoints.list);
export const HOUSES_PATH = resourcePath(housesEndpoints.list);
const CUSTOMERS_PATH = resourcePath(customersEndpoints.list);

/** Everything a house change can alter: its lists, the customers' meter numbers and house counts, the zones' house counts. */
export const HOUSE_DEPENDENTS = [CUSTOMERS_PATH, ZONES_PATH];

/** Option lists are short; one page of up to 1000 covers them. */
const ALL = { _page: 1, _limit: 1000, _sort: 'name', _order: 'asc' } as const;

export function useZoneChoices(enabled: boolean) {
  return useQuery({
    queryKey: [...resourceKeys(ZONES_PATH).all, 'choices'],
    queryFn: ({ signal }) => api.call(zonesEndpoints.choices, {}, { signal }),
    enabled,
  });
}

/** Every zone (for filters and the house form), when the user may read zones. */
export function useAllZones() {
  const can = useCan();
  return useQuery({
    queryKey: resourceKeys(ZONES_PATH).list({ ...ALL, all: 1 }),
    queryFn: ({ signal }) => api.call(zonesEndpoints.list, { query: ALL }, { signal }),
    enabled: can(p.zones),
    select: (page: Page<Zone>) => page.data,
  });
}

/** The organisation's cities, when the user may read them. */
export function useAllCities() {
  const can = useCan();
  return useQuery({
    queryKey: endpointKeys(citiesEndpoints.list).list({ ...ALL, all: 1 }),
    queryFn: ({ signal }) => api.call(citiesEndpoints.list, { query: ALL }, { signal }),
    enabled: can(p.cities),
    select: (page: Page<City>) => page.data,
  });
}

/** Customers whose name, number, phone or meter starts with the typed text (the house form's picker). */
export function useCustomerSearch(q: string, enabled: boolean) {
  return useQuery({
    queryKey: endpointKeys(customersEndpoints.list).list({ q, _limit: 20, picker: 1 }),
    queryFn: ({ signal }) =>
      api.call(customersEndpoints.list, { query: { q: q || undefined, _page: 1, _limit: 20, _sort: 'name', _order: 'asc' } }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Where the customer stands in the ledger (GET /api/elc/customers/:id/account): balance, open bills, credit. */
export function useCustomerAccount(customerId: number) {
  return useQuery({
    // Under the customers' resource: whatever refreshes the customer refreshes where they stand.
    queryKey: endpointKeys(customerAccountEndpoints.get).detail({ id: customerId }),
    queryFn: ({ signal }) => api.call(customerAccountEndpoints.get, { params: { id: customerId } }, { signal }),
    // The ledger changes under it (bill runs, batch payments, transfers): read afresh whenever shown.
    staleTime: 0,
  });
}

/** One page of the customer's statement between two dates (GET /api/billing-reports/customer-transaction). */
export function useCustomerStatement(query: { customerId: number; startDate: string; endDate: string; _page: number; _limit: number }, enabled: boolean) {
  return useQuery({
    queryKey: endpointKeys(billingReportsEndpoints.customerTransaction).list(query),
    queryFn: ({ signal }) => api.call(billingReportsEndpoints.customerTransaction, { query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

function useRefreshHouses() {
  const client = useQueryClient();
  return () => Promise.all([HOUSES_PATH, ...HOUSE_DEPENDENTS].map((path) => client.invalidateQueries({ queryKey: resourceKeys(path).all })));
}

/** PATCH /api/elc/houses/:id/status { status, reason }: connect or disconnect, logged with the reason. */
export function useHouseStatus() {
  const refresh = useRefreshHouses();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: HouseStatusBody }) => api.call(housesEndpoints.setStatus, { params: { id }, body }),
    onSuccess: () => refresh(),
  });
}

/** POST /api/elc/houses/:id/replace-meter; field errors are put on the dialog's fields by the caller. */
export function useReplaceMeter() {
  const refresh = useRefreshHouses();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ReplaceMeterBody }) => api.call(housesEndpoints.replaceMeter, { params: { id }, body }, { silent: true }),
    onSuccess: () => refresh(),
  });
}
