// Pieces the requests pages share: the status chip.
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { RequestStatus } from '@ubo/contracts';

const colours: Record<RequestStatus, 'default' | 'success' | 'warning' | 'error' | 'info' | 'primary'> = {
  Draft: 'default',
  Submitted: 'warning',
  FirstApproved: 'info',
  Approved: 'primary',
  Rejected: 'error',
  Fulfilled: 'success',
};

export function RequestStatusChip({ status }: { status: RequestStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={colours[status]}
      variant={colours[status] === 'default' ? 'outlined' : 'filled'}
      label={t(`requests.status.${status}`)}
      data-testid="request-status"
    />
  );
}
