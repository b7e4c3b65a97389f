// Pieces the complaints pages share: the status chip (with the overdue mark) and the topic's name in the
// reader's language.
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { ComplaintStatus } from '@ubo/contracts';
import { useLang } from '../../lib/lang.ts';

const colours: Record<ComplaintStatus, 'default' | 'success' | 'warning' | 'error' | 'info'> = {
  Pending: 'warning',
  InProgress: 'info',
  Completed: 'success',
  Cancelled: 'default',
};

export function ComplaintStatusChip({ status, overdue }: { status: ComplaintStatus; overdue?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={0.5}>
      <Chip
        size="small"
        color={colours[status]}
        variant={colours[status] === 'default' ? 'outlined' : 'filled'}
        label={t(`complaints.status.${status}`)}
        data-testid="complaint-status"
      />
      {overdue && <Chip size="small" color="error" label={t('complaints.list.overdueChip')} />}
    </Stack>
  );
}

/** The topic's name in the reader's language. */
export function useTopicName() {
  const lang = useLang();
  return (x: { topicNameEn: string; topicNameSo: string } | { nameEn: string; nameSo: string }) =>
    'topicNameEn' in x ? (lang === 'so' ? x.topicNameSo : x.topicNameEn) : lang === 'so' ? x.nameSo : x.nameEn;
}
