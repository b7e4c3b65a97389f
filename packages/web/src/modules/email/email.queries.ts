// Server state of the e-mail screens. Sending carries an Idempotency-Key (a lost answer retried sends
// once) and is not toasted on failure: the forms put field errors on their fields. Sending, retrying and
// saving refresh the report.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type EmailDocument,
  type EmailDocumentBody,
  type EmailSettingsBody,
  type Endpoint,
  type SendEmailBody,
  emailEndpoints as email,
  endpointResource,
} from '@ubo/contracts';
import { api } from '../../lib/api.ts';
import { resourceKeys } from '../../lib/queryKeys.ts';

const keyOf = (endpoint: Endpoint) => resourceKeys(endpointResource(endpoint)).all;
const idempotent = (key: string) => ({ headers: { 'Idempotency-Key': key }, silent: true });

function useRefreshReport() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: keyOf(email.report) });
}

export function useSendEmailOptions() {
  return useQuery({ queryKey: keyOf(email.sendOptions), queryFn: ({ signal }) => api.call(email.sendOptions, undefined, { signal }) });
}

export function useEmailRecipients(q: string) {
  return useQuery({
    queryKey: [...resourceKeys(endpointResource(email.recipients)).list({ q })],
    queryFn: ({ signal }) => api.call(email.recipients, { query: { q: q || undefined } }, { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

export function useSendEmail() {
  const refresh = useRefreshReport();
  return useMutation({
    mutationFn: ({ body, key }: { body: SendEmailBody; key: string }) => api.call(email.send, { body }, idempotent(key)),
    onSuccess: () => refresh(),
  });
}

export function useDocumentRecipient(document: EmailDocument, id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...resourceKeys(endpointResource(email.documentRecipient)).list({ document, id })],
    queryFn: ({ signal }) => api.call(email.documentRecipient, { query: { document, id } }, { signal, silent: true }),
    enabled,
  });
}

export function useEmailDocument() {
  const refresh = useRefreshReport();
  return useMutation({
    mutationFn: ({ body, key }: { body: EmailDocumentBody; key: string }) => api.call(email.sendDocument, { body }, idempotent(key)),
    onSuccess: () => refresh(),
  });
}

export function useRetryEmail() {
  const refresh = useRefreshReport();
  return useMutation({ mutationFn: (id: number) => api.call(email.retry, { params: { id } }), onSuccess: () => refresh() });
}

export function useEmailTemplates() {
  return useQuery({ queryKey: keyOf(email.templates), queryFn: ({ signal }) => api.call(email.templates, undefined, { signal }) });
}

export function useSaveEmailTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, subject, body }: { id: number; subject: string; body: string }) =>
      api.call(email.updateTemplate, { params: { id }, body: { subject, body } }, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: keyOf(email.templates) }),
  });
}

export function useEmailSettings(enabled: boolean) {
  return useQuery({ queryKey: keyOf(email.settings), queryFn: ({ signal }) => api.call(email.settings, undefined, { signal }), enabled });
}

export function useSaveEmailSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailSettingsBody) => api.call(email.updateSettings, { body }, { silent: true }),
    onSuccess: (saved) => {
      client.setQueryData(keyOf(email.settings), saved);
      return client.invalidateQueries({ queryKey: keyOf(email.sendOptions) });
    },
  });
}

export function useTestEmail() {
  const refresh = useRefreshReport();
  return useMutation({ mutationFn: (to: string) => api.call(email.test, { body: { to } }, { silent: true }), onSuccess: () => refresh() });
}
