// Cancels a stock adjustment or transfer with a reason (required, contracts' stockCancelBody). The server moves the
// stock back and reverses the entry, or refuses on the dialog when the stock has moved on since.
import { useTranslation } from 'react-i18next';
import { itemsEndpoints, stockAdjustmentsEndpoints, stockMovesEndpoints, stockTransfersEndpoints } from '@ubo/contracts';
import { ReasonDialog } from '../../components/ReasonDialog.tsx';

export interface CancelStockDocumentDialogProps {
  document: { id: number; number: string } | null;
  /** Which document: its cancel endpoint and its texts (items.adjustments.* or items.transfers.*). */
  kind: 'adjustments' | 'transfers';
  onClose: () => void;
}

const cancelEndpoints = { adjustments: stockAdjustmentsEndpoints.cancel, transfers: stockTransfersEndpoints.cancel };

export function CancelStockDocumentDialog({ document, kind, onClose }: CancelStockDocumentDialogProps) {
  const { t } = useTranslation();
  return (
    <ReasonDialog
      document={document}
      endpoint={cancelEndpoints[kind]}
      title={t('items.adjustments.cancelTitle', { number: document?.number ?? '' })}
      text={t(`items.${kind}.cancelText`)}
      reasonLabel={t('items.adjustments.cancelReason')}
      action={t(`items.${kind}.cancel`)}
      done={t(`items.${kind}.cancelled`, { number: document?.number ?? '' })}
      invalidate={[itemsEndpoints.list, stockMovesEndpoints.list]}
      onClose={onClose}
    />
  );
}
