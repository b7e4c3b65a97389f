// "Create a purchase order / purchase from this request": a purchasing form opened with ?request=<id> reads
// the approved staff request and fills the branch, the notes (its reference and purpose) and the lines
// (each request line at its estimated unit amount, or one free line for a request with one amount), and
// sends its requestId: the server checks that it is approved and not yet fulfilled, and marks it fulfilled
// in the document's own transaction.
import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { type RequestDetail, requestsEndpoints } from '@ubo/contracts';
import { api } from '../../lib/api.ts';
import { endpointKeys } from '../../lib/queryKeys.ts';
import { emptyLine, type LineValues } from './PurchaseLinesEditor.tsx';

export function requestLines(r: RequestDetail): LineValues[] {
  if (r.lines.length === 0) return [{ ...emptyLine(), description: r.purpose.slice(0, 300), quantity: '1', unitPrice: r.amount }];
  return r.lines.map((l) => ({ ...emptyLine(), description: l.description, quantity: l.quantity, unitPrice: l.unitAmount }));
}

/** The request named by ?request=, once read; the form is filled from it when it arrives. */
export function useRequestPrefill<T extends FieldValues>(form: UseFormReturn<T, unknown, unknown>) {
  const [params] = useSearchParams();
  const id = Number(params.get('request')) || null;
  const request = useQuery({
    queryKey: endpointKeys(requestsEndpoints.view).detail({ id: id ?? 0 }),
    queryFn: ({ signal }) => api.call(requestsEndpoints.view, { params: { id: id ?? 0 } }, { signal }),
    enabled: id !== null,
  });
  const r = request.data;
  useEffect(() => {
    if (!r) return;
    const values = form.getValues() as Record<string, unknown>;
    form.reset({
      ...values,
      branchId: String(r.branchId),
      notes: `${r.refNo ?? ''} ${r.purpose}`.trim().slice(0, 1000),
      requestId: String(r.id),
      lines: requestLines(r),
    } as unknown as T);
  }, [r, form]);
  return r;
}

export function FromRequestNote({ request }: { request: RequestDetail | undefined }) {
  const { t } = useTranslation();
  if (!request) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="from-request">
      <RouterLink to={`/requests/${request.id}`}>{t('requests.page.fromRequest', { refNo: request.refNo ?? '' })}</RouterLink>
    </Alert>
  );
}
