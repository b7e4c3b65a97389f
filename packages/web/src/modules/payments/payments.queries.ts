// Server state of the payments screens: the customer and account pickers, a customer's open bills and
// balance (the allocation preview), payments and their receipts, batches, customer balance transfers.
// Postings carry the form's Idempotency-Key (a double click or a lost answer posts once) and are not
// toasted on failure: the forms put field errors on their fields and show the rest. Every posting
// refreshes the payments lists, the customers' balances and the ledger's lists and reports.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type BatchMatchBody,
  type BatchSaveBody,
  type CustomerLookup,
  type CustomerTransferBody,
  customerTransfersEndpoints,
  endpointResource,
  type PaymentBody,
  type PaymentCancelBody,
  paymentBatchesEndpoints,
  paymentsEndpoints,
  billsEndpoints,
  customersEndpoints,
} from '@ubo/contracts';
import type { CustomerSearch } from '../../components/CustomerPicker.tsx';
import { api } from '../../lib/api.ts';
import { endpointKeys, resourceKeys } from '../../lib/queryKeys.ts';
import { LEDGER_PATHS } from '../finance/index.ts';

/** Other modules' views of customers and bills that a payment changes. */
const CUSTOMER_PATHS = [customersEndpoints.list, billsEndpoints.list].map(endpointResource);
/** The payments resources a posting changes: lists, receipts, batches, transfers, previews and pickers (their balances). */
const PAYMENT_RESOURCES = [
  paymentsEndpoints.list,
  paymentBatchesEndpoints.list,
  customerTransfersEndpoints.list,
  paymentsEndpoints.allocationPreview,
  paymentsEndpoints.customers,
].map(endpointResource);

const idempotent = (key: string) => ({ headers: { 'Idempotency-Key': key }, silent: true });

function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([...PAYMENT_RESOURCES, ...CUSTOMER_PATHS, ...LEDGER_PATHS].map((path) => client.invalidateQueries({ queryKey: resourceKeys(path).all })));
}

/** Customers matching what the cashier typed (name, number, phone, meter); idle until something is typed. */
/** The customer picker's search on the cashier's screens (components/CustomerPicker.tsx). */
export function useCustomerLookupSearch(q: string): CustomerSearch<CustomerLookup> {
  const lookup = useCustomerLookup(q);
  // Each option carries the customer's balance, which the cashier's amounts build on: while a cached
  // answer for the same text is being refreshed (a payment changed it), wait for the new one rather than
  // offer yesterday's balance. The previous text's answer may show while a new text is searched.
  const isRefreshing = lookup.isFetching && !lookup.isPlaceholderData;
  return { options: q && !isRefreshing ? (lookup.data?.data ?? []) : [], isFetching: lookup.isFetching };
}

export function useCustomerLookup(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: endpointKeys(paymentsEndpoints.customers).list({ q: text }),
    queryFn: ({ signal }) => api.call(paymentsEndpoints.customers, { query: { q: text, _limit: 20 } }, { signal, silent: true }),
    enabled: text.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useReceivingAccounts() {
  return useQuery({
    queryKey: endpointKeys(paymentsEndpoints.accounts).list(),
    queryFn: ({ signal }) => api.call(paymentsEndpoints.accounts, {}, { signal }),
    staleTime: 60_000,
  });
}

/** The customer's balance and open bills (oldest first). */
export function useCustomerBills(customerId: number | null) {
  return useQuery({
    queryKey: endpointKeys(paymentsEndpoints.allocationPreview).detail({ customerId: customerId ?? '' }),
    queryFn: ({ signal }) => api.call(paymentsEndpoints.allocationPreview, { query: { customerId: customerId ?? undefined } }, { signal }),
    enabled: customerId !== null,
    // Bill runs add bills without telling this module: read afresh whenever a customer is chosen.
    staleTime: 0,
  });
}

export function usePayment(id: number | null) {
  return useQuery({
    queryKey: endpointKeys(paymentsEndpoints.get).detail({ id: id ?? '' }),
    queryFn: ({ signal }) => api.call(paymentsEndpoints.get, { params: { id } }, { signal }),
    enabled: id !== null,
  });
}

export function useReceivePayment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ body, key }: { body: PaymentBody; key: string }) => api.call(paymentsEndpoints.create, { body }, idempotent(key)),
    onSuccess: () => refresh(),
  });
}

export function useCancelPayment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body, key }: { id: number; body: PaymentCancelBody; key: string }) =>
      api.call(paymentsEndpoints.cancel, { params: { id }, body }, idempotent(key)),
    onSuccess: () => refresh(),
  });
}

/** Matches typed rows (JSON) or a statement file (multipart) to customers; reads only. */
export function useMatchBatch() {
  return useMutation({
    mutationFn: (input: { body: BatchMatchBody } | { file: File; accountId: number | null }) => {
      const opts = { silent: true, background: true };
      if ('body' in input) return api.call(paymentBatchesEndpoints.match, { body: input.body }, opts);
      const form = new FormData();
      form.append('file', input.file, input.file.name);
      return api.call(paymentBatchesEndpoints.match, { body: form, query: { accountId: input.accountId ?? undefined } }, opts);
    },
  });
}

export function useSaveBatch() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ body, key }: { body: BatchSaveBody; key: string }) => api.call(paymentBatchesEndpoints.save, { body }, idempotent(key)),
    onSuccess: () => refresh(),
  });
}

export function usePostCustomerTransfer() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ body, key }: { body: CustomerTransferBody; key: string }) => api.call(customerTransfersEndpoints.create, { body }, idempotent(key)),
    onSuccess: () => refresh(),
  });
}

export function useCancelCustomerTransfer() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body, key }: { id: number; body: PaymentCancelBody; key: string }) =>
      api.call(customerTransfersEndpoints.cancel, { params: { id }, body }, idempotent(key)),
    onSuccess: () => refresh(),
  });
}

// ---- Scans attached to a payment (finance/attache-file-offilne-payment, finance/remove-attached-file) ----

/** POST multipart paymentId + file; refusals are shown by the uploader (no toast). */
export function useAttachPaymentFile(paymentId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('paymentId', String(paymentId));
      form.append('file', file, file.name);
      return api.call(paymentsEndpoints.attachFile, { body: form }, { silent: true });
    },
    onSuccess: () => refresh(),
  });
}

export function useRemovePaymentFile() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.call(paymentsEndpoints.removeAttachedFile, { params: { id } }),
    onSuccess: () => refresh(),
  });
}

/** The scan's bytes with the bearer token (a plain link would carry none). */
export const fetchPaymentFile = (id: number) => api.call(paymentsEndpoints.attachedFile, { params: { id } });
