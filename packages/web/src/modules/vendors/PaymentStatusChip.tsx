// A vendor payment's status (Posted, Cancelled) as a chip in the user's language.
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { PaymentStatus } from '@ubo/contracts';

export function PaymentStatusChip({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={status === 'Posted' ? 'success' : 'error'} variant="outlined" label={t(`vendors.payments.status.${status}`)} />;
}
