// /complaint/list: complaints newest first, filtered by status and topic, those assigned to the caller,
// the overdue ones; a search on the reference, the customer's or caller's name or phone, or the text.
import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { complaintStatusValues, complaintsEndpoints } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SelectFilter } from '../../components/SelectFilter.tsx';
import { api } from '../../lib/api.ts';
import { endpointKeys } from '../../lib/queryKeys.ts';
import { useTopicName } from './ComplaintParts.tsx';
import { ComplaintTable } from './ComplaintTable.tsx';
import { complaintsPrivileges as p } from './complaints.access.ts';

export default function ComplaintListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const topicName = useTopicName();
  const [status, setStatus] = useState('');
  const [topicId, setTopicId] = useState('');
  const [mine, setMine] = useState(false);
  const [overdue, setOverdue] = useState(false);
  const choices = useQuery({
    queryKey: endpointKeys(complaintsEndpoints.choices).detail({}),
    queryFn: ({ signal }) => api.call(complaintsEndpoints.choices, {}, { signal }),
  });
  return (
    <>
      <PageHeader
        title={t('complaints.list.title')}
        subtitle={t('complaints.list.subtitle')}
        actions={
          can(p.add) ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate('/complaint/add')} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
              {t('complaints.list.add')}
            </Button>
          ) : undefined
        }
      />
      <ComplaintTable
        params={{ status: status || undefined, topicId: topicId || undefined, mine: mine ? 'true' : undefined, overdue: overdue ? 'true' : undefined }}
        exportName="complaints"
        emptyText={t('complaints.list.empty')}
        toolbar={
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <SelectFilter
              label={t('complaints.field.status')}
              value={status}
              onChange={setStatus}
              options={complaintStatusValues.map((s) => ({ value: s, label: t(`complaints.status.${s}`) }))}
            />
            <SelectFilter
              label={t('complaints.field.topic')}
              value={topicId}
              onChange={setTopicId}
              options={(choices.data?.topics ?? []).map((x) => ({ value: String(x.id), label: topicName(x) }))}
            />
            <FormControlLabel control={<Checkbox checked={mine} onChange={(e) => setMine(e.target.checked)} />} label={t('complaints.list.mine')} />
            <FormControlLabel control={<Checkbox checked={overdue} onChange={(e) => setOverdue(e.target.checked)} />} label={t('complaints.list.overdue')} />
          </Stack>
        }
      />
    </>
  );
}
