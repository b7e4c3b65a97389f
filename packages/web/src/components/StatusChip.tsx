// The spec's status enumeration (Cancelled, Pending, Active, Inactive, Deleted, Enabled, Disabled,
// Connected, Disconnected) as a coloured, translated chip. Unknown values show as given.
// Props: status, size ('small' default).
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { statusValues, type Status } from '@ubo/contracts';

const colours: Record<Status, 'success' | 'warning' | 'error' | 'default' | 'info'> = {
  Active: 'success',
  Enabled: 'success',
  Connected: 'success',
  Pending: 'warning',
  Inactive: 'default',
  Disabled: 'default',
  Disconnected: 'error',
  Cancelled: 'error',
  Deleted: 'error',
};

export interface StatusChipProps {
  status: string | null | undefined;
  size?: 'small' | 'medium';
}

export function StatusChip({ status, size = 'small' }: StatusChipProps) {
  const { t } = useTranslation();
  if (!status) return null;
  const known = (statusValues as readonly string[]).includes(status);
  return (
    <Chip
      size={size}
      variant={known && colours[status as Status] === 'default' ? 'outlined' : 'filled'}
      color={known ? colours[status as Status] : 'default'}
      label={known ? t(`status.${status}`) : status}
    />
  );
}
