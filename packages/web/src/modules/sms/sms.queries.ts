// Server state of the SMS screens. Sending carries an Idempotency-Key (a lost answer retried sends once)
// and is not toasted on failure: the forms put field errors on their fields and show the rest. Sending,
// retrying and saving refresh the report; the report's status totals poll while messages are waiting.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BillSmsBody,
  BillSmsOptions,
  BillSmsPreview,
  SendSmsBody,
  SendSmsOptions,
  SmsCustomerLanguage,
  SmsLanguage,
  SmsQueued,
  SmsRecipient,
  SmsReport,
  SmsSettings,
  SmsSettingsBody,
  SmsStatusTotals,
  SmsTemplate,
  SmsTestResult,
} from '@ubo/contracts';
import type { CustomerSearch } from '../../components/CustomerPicker.tsx';
import { api, type Query } from '../../lib/api.ts';
import { resourceKeys } from '../../lib/queryKeys.ts';

export const REPORT_PATH = 'sms-report';
export const LANGUAGES_PATH = 'sms/customer-languages';
const TEMPLATES_PATH = 'sms/templates';
const SETTINGS_PATH = 'sms/settings';
const BILL_OPTIONS_PATH = 'sms/bill-sms/options';
const SEND_OPTIONS_PATH = 'sms/send-sms/options';

/** While messages wait to be sent, the report asks again this often. */
const PENDING_POLL_MS = 2000;

function useRefreshReport() {
  const client = useQueryClient();
  return () => Promise.all([REPORT_PATH, BILL_OPTIONS_PATH].map((path) => client.invalidateQueries({ queryKey: resourceKeys(path).all })));
}

const idempotent = (key: string) => ({ headers: { 'Idempotency-Key': key }, silent: true });

// ---- Send ----------------------------------------------------------------------------------------

export function useSendOptions() {
  return useQuery({
    queryKey: resourceKeys(SEND_OPTIONS_PATH).all,
    queryFn: ({ signal }) => api.get<SendSmsOptions>(SEND_OPTIONS_PATH, undefined, { signal }),
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
    queryKey: [...resourceKeys('sms/recipients').list({ q })],
    queryFn: ({ signal }) => api.get<SmsRecipient[]>('sms/recipients', { q: q || undefined }, { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

export function useSendSms() {
  const refresh = useRefreshReport();
  return useMutation({
    mutationFn: ({ body, key }: { body: SendSmsBody; key: string }) => api.post<SmsQueued>('send-sms', body, idempotent(key)),
    onSuccess: () => refresh(),
  });
}

// ---- Bill SMS ------------------------------------------------------------------------------------

export function useBillSmsOptions() {
  return useQuery({
    queryKey: resourceKeys(BILL_OPTIONS_PATH).all,
    queryFn: ({ signal }) => api.get<BillSmsOptions>(BILL_OPTIONS_PATH, undefined, { signal }),
  });
}

export function usePreviewBillSms() {
  return useMutation({
    mutationFn: (body: BillSmsBody) => api.post<BillSmsPreview>('sms/bill-sms/preview', body, { background: true, silent: true }),
  });
}

export function useSendBillSms() {
  const refresh = useRefreshReport();
  return useMutation({
    mutationFn: ({ body, key }: { body: BillSmsBody; key: string }) => api.post<SmsQueued>('sms/bill-sms', body, idempotent(key)),
    onSuccess: () => refresh(),
  });
}

// ---- Report --------------------------------------------------------------------------------------

/** The count per status under the report's filters (status aside); polls while messages are waiting. */
export function useReportTotals(params: Query) {
  return useQuery<SmsStatusTotals>({
    queryKey: [...resourceKeys(REPORT_PATH).all, 'totals', params],
    queryFn: ({ signal }) => api.get<SmsReport>(REPORT_PATH, { ...params, _limit: 1 }, { signal, silent: true }).then((r) => r.totals),
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
    mutationFn: (id: number) => api.post(`sms/messages/${id}/retry`),
    onSuccess: () => refresh(),
  });
}

// ---- Templates and settings ----------------------------------------------------------------------

export function useTemplates() {
  return useQuery({
    queryKey: resourceKeys(TEMPLATES_PATH).all,
    queryFn: ({ signal }) => api.get<SmsTemplate[]>(TEMPLATES_PATH, undefined, { signal }),
  });
}

export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: string }) => api.put<SmsTemplate>(`${TEMPLATES_PATH}/${id}`, { body }, { silent: true }),
    onSuccess: () => Promise.all([TEMPLATES_PATH, SEND_OPTIONS_PATH].map((path) => client.invalidateQueries({ queryKey: resourceKeys(path).all }))),
  });
}

export function useSmsSettings(enabled: boolean) {
  return useQuery({
    queryKey: resourceKeys(SETTINGS_PATH).all,
    queryFn: ({ signal }) => api.get<SmsSettings>(SETTINGS_PATH, undefined, { signal }),
    enabled,
  });
}

export function useSaveSmsSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SmsSettingsBody) => api.put<SmsSettings>(SETTINGS_PATH, body, { silent: true }),
    onSuccess: (saved) => {
      client.setQueryData(resourceKeys(SETTINGS_PATH).all, saved);
      return Promise.all([SEND_OPTIONS_PATH, BILL_OPTIONS_PATH].map((path) => client.invalidateQueries({ queryKey: resourceKeys(path).all })));
    },
  });
}

export function useTestSms() {
  const refresh = useRefreshReport();
  return useMutation({
    mutationFn: (phone: string) => api.post<SmsTestResult>(`${SETTINGS_PATH}/test`, { phone }, { silent: true }),
    onSuccess: () => refresh(),
  });
}

// ---- Customers' languages ------------------------------------------------------------------------

export function useSetCustomerLanguage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ customerId, language }: { customerId: number; language: SmsLanguage }) =>
      api.put<SmsCustomerLanguage>(`${LANGUAGES_PATH}/${customerId}`, { language }),
    onSuccess: () => client.invalidateQueries({ queryKey: resourceKeys(LANGUAGES_PATH).all }),
  });
}

export function useRemoveCustomerLanguage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (customerId: number) => api.delete(`${LANGUAGES_PATH}/${customerId}`),
    onSuccess: () => client.invalidateQueries({ queryKey: resourceKeys(LANGUAGES_PATH).all }),
  });
}
