// The organisation's money limits in the web (the contracts' amountLimitsEndpoints, issue 12): the query, the
// administrator's change, and the guard the money forms (general journal, transfer, receive payment) put
// around their save: an amount above the organisation's "unusually large" threshold (ten times the median
// of its latest documents, worked out by the server) asks for a confirmation first. The server enforces
// the hard maximum itself; this only catches a slip of the finger (an extra zero) before it is posted.
import { type ReactNode, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type AmountKind, type AmountLimitsBody, amountLimitsEndpoints, isUnusuallyLarge } from '@ubo/contracts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { api } from '../../lib/api.ts';
import { formatMoney } from '../../lib/format.ts';
import { useLang } from '../../lib/messages.ts';

export const amountLimitsKey = ['finance', 'amount-limits'] as const;

export function useAmountLimits() {
  return useQuery({
    queryKey: amountLimitsKey,
    // Silent: a form without the threshold still saves (the server keeps the maximum).
    queryFn: ({ signal }) => api.call(amountLimitsEndpoints.get, undefined, { signal, silent: true }),
    staleTime: 60_000,
  });
}

export function useUpdateAmountLimits() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AmountLimitsBody) => api.call(amountLimitsEndpoints.update, { body }),
    onSuccess: (limits) => client.setQueryData(amountLimitsKey, limits),
  });
}

/**
 * `guard(amount, save)` runs save at once, or opens a confirmation first when the amount is unusually
 * large for the organisation's documents of this kind; render `dialog` once in the form. After a save the
 * threshold is read again (the usual amount moves with the documents).
 */
export function useLargeAmountGuard(kind: AmountKind): {
  guard: (amount: string, save: () => Promise<unknown>) => Promise<unknown> | undefined;
  dialog: ReactNode;
} {
  const { t } = useTranslation();
  const lang = useLang();
  const client = useQueryClient();
  const limits = useAmountLimits();
  const [pending, setPending] = useState<{ amount: string; save: () => Promise<unknown> } | null>(null);
  const saveAndRefresh = async (save: () => Promise<unknown>) => {
    await save();
    void client.invalidateQueries({ queryKey: amountLimitsKey });
  };
  const guard = (amount: string, save: () => Promise<unknown>) => {
    if (isUnusuallyLarge(amount, limits.data?.kinds[kind].confirmAbove)) {
      setPending({ amount, save });
      return undefined;
    }
    return saveAndRefresh(save);
  };
  const typical = limits.data?.kinds[kind].typicalAmount ?? null;
  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      title={t('amountLimits.confirmTitle')}
      message={
        pending
          ? typical
            ? t('amountLimits.confirmText', { amount: formatMoney(pending.amount, lang), typical: formatMoney(typical, lang) })
            : t('amountLimits.confirmTextNoHistory', { amount: formatMoney(pending.amount, lang) })
          : ''
      }
      confirmLabel={t('amountLimits.confirmSave')}
      onConfirm={() => (pending ? saveAndRefresh(pending.save) : undefined)}
      onClose={() => setPending(null)}
    />
  );
  return { guard, dialog };
}
