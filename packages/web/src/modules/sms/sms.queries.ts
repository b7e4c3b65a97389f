// Server state of the SMS screens. Sending carries an Idempotency-Key (a lost answer retried sends once)
// and is not toasted on failure: the forms put field errors on their fields and show the rest. Sending,
// retrying and saving refresh the report; the report's status totals poll while messages are waiting.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type BillSmsBody,
  type Endpoint,
  endpointResource,
  type SendSmsBody,
  type SmsLanguage,
  type SmsRecipient,
  type SmsSettingsBody,
  type SmsStatusTotals,
  smsEndpoints as sms,
} from '@ubo/contracts';
import type { CustomerSearch } from '../../components/CustomerPicker.tsx';
import { api, type Query } from '../../lib/api.ts';
import { resourceKeys } from '../../lib/queryKeys.ts';

/** The cache key of an endpoint's one answer (and the prefix of all its resource's keys). */
const keyOf = (endpoint: Endpoint) => resourceKeys(endpointResource(endpoint)).all;

/** While messages wait to be sent, the report asks again this often. */
const PENDING_POLL_MS = 2000;

function useRefreshReport() {
  const client = useQueryClient();
  return () => Promise.all([sms.report, sms.billOptions].map((endpoint) => client.invalidateQueries({ queryKey: keyOf(endpoint) })));
}

const idempotent = (key: string) => ({ headers: { 'Idempotency-Key': key }, silent: true });

// ---- Send ----------------------------------------------------------------------------------------

export function useSendOptions() {
  return useQuery({
    queryKey: keyOf(sms.sendOptions),
    queryFn: ({ signal }) => api.call(sms.sendOptions, undefined, { signal }),
  });
}

/** Active customers matching the text (20 at most), for the customer pickers. */
/** The customer picker's search on the languages tab (components/CustomerPicker.tsx). */
export function useRecipientSearch(q: string): CustomerSearch<SmsRecipient> {
  const found = useRecipients(q);
  return { options: found.data ?? [], isFetching: found.isFetching };
}

export function useRecipients(q: string) {
  return useQuery({
    queryKey: [...resourceKeys(endpointResource(sms.recipients)).list({ q })],
    queryFn: ({ signal }) => api.call(sms.recipients, { query: { q: q || undefined } }, { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

export function useSendSms() {
  const refresh = useRefreshReport();
  return useMutation({
    mutationFn: ({ body, key }: { body: SendSmsBody; key: string }) => api.call(sms.send, { body }, idempotent(key)),
    onSuccess: () => refresh(),
  });
}

// ---- Bill SMS ------------------------------------------------------------------------------------

export function useBillSmsOptions() {
  return useQuery({
    queryKey: keyOf(sms.billOptions),
    queryFn: ({ signal }) => api.call(sms.billOptions, undefined, { signal }),
  });
}

export function usePreviewBillSms() {
  return useMutation({
    mutationFn: (body: BillSmsBody) => api.call(sms.previewBills, { body }, { background: true, silent: true }),
  });
}

export function useSendBillSms() {
  const refresh = useRefreshReport();
  return useMutation({
    mutationFn: ({ body, key }: { body: BillSmsBody; key: string }) => api.call(sms.sendBills, { body }, idempotent(key)),
    onSuccess: () => refresh(),
  });
}

// ---- Report --------------------------------------------------------------------------------------

/** The count per status under the report's filters (status aside); polls while messages are waiting. */
export function useReportTotals(params: Query) {
  return useQuery<SmsStatusTotals>({
    queryKey: [...keyOf(sms.report), 'totals', params],
    queryFn: ({ signal }) => api.call(sms.report, { query: { ...params, _limit: 1 } }, { signal, silent: true }).then((r) => r.totals),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => {
      const totals = query.state.data as SmsStatusTotals | undefined;
      return totals && totals.queued + totals.sending > 0 ? PENDING_POLL_MS : false;
    },
  });
}

export function useRetryMessage() {
  const refresh = useRefreshReport();
  return useMutation({
    mutationFn: (id: number) => api.call(sms.retry, { params: { id } }),
    onSuccess: () => refresh(),
  });
}

// ---- Templates and settings ----------------------------------------------------------------------

export function useTemplates() {
  return useQuery({
    queryKey: keyOf(sms.templates),
    queryFn: ({ signal }) => api.call(sms.templates, undefined, { signal }),
  });
}

export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: string }) => api.call(sms.updateTemplate, { params: { id }, body: { body } }, { silent: true }),
    onSuccess: () => Promise.all([sms.templates, sms.sendOptions].map((endpoint) => client.invalidateQueries({ queryKey: keyOf(endpoint) }))),
  });
}

export function useSmsSettings(enabled: boolean) {
  return useQuery({
    queryKey: keyOf(sms.settings),
    queryFn: ({ signal }) => api.call(sms.settings, undefined, { signal }),
    enabled,
  });
}

export function useSaveSmsSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SmsSettingsBody) => api.call(sms.updateSettings, { body }, { silent: true }),
    onSuccess: (saved) => {
      client.setQueryData(keyOf(sms.settings), saved);
      return Promise.all([sms.sendOptions, sms.billOptions].map((endpoint) => client.invalidateQueries({ queryKey: keyOf(endpoint) })));
    },
  });
}

export function useTestSms() {
  const refresh = useRefreshReport();
  return useMutation({
    mutationFn: (phone: string) => api.call(sms.test, { body: { phone } }, { silent: true }),
    onSuccess: () => refresh(),
  });
}

// ---- Customers' languages ------------------------------------------------------------------------

export function useSetCustomerLanguage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ customerId, language }: { customerId: number; language: SmsLanguage }) =>
      api.call(sms.setLanguage, { params: { customerId }, body: { language } }),
    onSuccess: () => client.invalidateQueries({ queryKey: keyOf(sms.languages) }),
  });
}

export function useRemoveCustomerLanguage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (customerId: number) => api.call(sms.removeLanguage, { params: { customerId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: keyOf(sms.languages) }),
  });
}
