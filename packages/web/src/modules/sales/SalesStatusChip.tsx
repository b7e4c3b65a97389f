// A sales document's shown status (Open, Accepted, Expired, Unpaid, Partly paid, Paid, Overdue, Posted,
// Cancelled) as a coloured chip in the user's language.
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { statusColour } from './sales.kinds.ts';

export function SalesStatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Chip size="small" color={statusColour(status)} variant={status === 'Cancelled' ? 'outlined' : 'filled'} label={t(`sales.status.${status}`)} />;
}
