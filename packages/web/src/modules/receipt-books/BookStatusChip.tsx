// A receipt book's status as a coloured chip (Active green, Closed grey, Lost red, Cancelled amber).
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { ReceiptBookStatus } from '@ubo/contracts';

const colours = { Active: 'success', Closed: 'default', Lost: 'error', Cancelled: 'warning' } as const;

export function BookStatusChip({ status }: { status: ReceiptBookStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={colours[status]} label={t(`books.status.${status}`)} variant={status === 'Active' ? 'filled' : 'outlined'} />;
}
