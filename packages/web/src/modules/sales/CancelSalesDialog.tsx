// Cancels a sales document with a reason (required, contracts' salesCancelBody). The server reverses the
// entries, moves the stock back and cancels the open items, or refuses (payments allocated, returns
// standing, the stock moved on): the refusal shows on the dialog.
import { useTranslation } from 'react-i18next';
import type { SalesKind } from '@ubo/contracts';
import { ReasonDialog } from '../../components/ReasonDialog.tsx';
import { commonEndpoints } from './sales.kinds.ts';

export function CancelSalesDialog({ kind, document, onClose }: { kind: SalesKind; document: { id: number; number: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ReasonDialog
      document={document}
      endpoint={commonEndpoints(kind).cancel}
      title={t('sales.cancel.title', { number: document?.number ?? '' })}
      text={t('sales.cancel.text')}
      reasonLabel={t('sales.cancel.reason')}
      action={t('sales.action.cancel')}
      done={t('sales.cancel.done', { number: document?.number ?? '' })}
      onClose={onClose}
    />
  );
}
