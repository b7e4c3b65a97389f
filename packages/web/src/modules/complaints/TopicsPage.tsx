// /settings/complaints: the complaint topics: name in English and Somali, default priority, target hours,
// the user new complaints go to, whether the customer is texted, status. Add and edit in a dialog validated
// with the contracts' complaintTopicBody (server field errors land on their fields).
import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import AddIcon from '@mui/icons-material/Add';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { type Control, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type ComplaintTopic, complaintPriorityValues, complaintTopicBody, complaintsEndpoints, type z } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ReportState } from '../../components/ReportState.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { api, toast } from '../../lib/api.ts';
import { endpointKeys } from '../../lib/queryKeys.ts';
import { useSaveEndpoint } from '../../lib/queries.ts';

interface FormValues {
  nameEn: string;
  nameSo: string;
  priority: string;
  targetHours: string;
  assigneeId: string;
  smsCustomer: string;
  status: string;
}
type Parsed = z.output<typeof complaintTopicBody>;

const valuesOf = (x: ComplaintTopic | null): FormValues =>
  x
    ? {
        nameEn: x.nameEn,
        nameSo: x.nameSo,
        priority: x.priority,
        targetHours: String(x.targetHours),
        assigneeId: x.assigneeId ? String(x.assigneeId) : '',
        smsCustomer: x.smsCustomer ? 'yes' : 'no',
        status: x.status,
      }
    : { nameEn: '', nameSo: '', priority: 'Normal', targetHours: '24', assigneeId: '', smsCustomer: 'yes', status: 'Active' };

function TopicDialog({ topic, open, onClose }: { topic: ComplaintTopic | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const choices = useQuery({
    queryKey: endpointKeys(complaintsEndpoints.choices).detail({}),
    queryFn: ({ signal }) => api.call(complaintsEndpoints.choices, {}, { signal }),
    enabled: open,
  });
  const form = useForm<FormValues, unknown, Parsed>({
    mode: 'onTouched',
    resolver: ((values: FormValues, ctx: unknown, opts: never) =>
      (zodResolver(complaintTopicBody) as unknown as Resolver<FormValues, unknown, Parsed>)(
        { ...values, smsCustomer: values.smsCustomer === 'yes' } as unknown as FormValues,
        ctx,
        opts,
      )) as unknown as Resolver<FormValues, unknown, Parsed>,
    defaultValues: valuesOf(topic),
  });
  const { reset } = form;
  useEffect(() => {
    if (open) reset(valuesOf(topic));
  }, [open, topic, reset]);
  const control = form.control as unknown as Control<FormValues>;
  const save = useSaveEndpoint(
    { create: complaintsEndpoints.createTopic, update: complaintsEndpoints.updateTopic },
    {
      invalidate: [complaintsEndpoints.topics, complaintsEndpoints.choices],
      setError: form.setError,
      successMessage: false,
      onSuccess: () => {
        toast(t('complaints.topics.saved'), 'success');
        onClose();
      },
    },
  );
  const onSubmit = form.handleSubmit((body) => save.mutate({ id: topic?.id, body }));
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" slotProps={{ paper: { component: 'form', onSubmit, noValidate: true } as object }}>
      <DialogTitle>{topic ? t('complaints.topics.edit') : t('complaints.topics.add')}</DialogTitle>
      <DialogContent>
        <Grid container spacing={2} sx={{ mt: 0.5 }}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="nameEn" label={t('complaints.topics.nameEn')} required fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="nameSo" label={t('complaints.topics.nameSo')} required fullWidth />
          </Grid>
          <Grid size={{ xs: 6, sm: 4 }}>
            <FormTextField control={control} name="priority" label={t('complaints.field.priority')} select fullWidth>
              {complaintPriorityValues.map((v) => (
                <MenuItem key={v} value={v}>
                  {t(`complaints.priority.${v}`)}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={{ xs: 6, sm: 4 }}>
            <FormTextField
              control={control}
              name="targetHours"
              label={t('complaints.topics.targetHours')}
              required
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField control={control} name="status" label={t('complaints.topics.statusLabel')} select fullWidth>
              <MenuItem value="Active">{t('complaints.topics.active')}</MenuItem>
              <MenuItem value="Inactive">{t('complaints.topics.inactive')}</MenuItem>
            </FormTextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 8 }}>
            <FormTextField control={control} name="assigneeId" label={t('complaints.topics.assignee')} select fullWidth>
              <MenuItem value="">{t('complaints.topics.nobody')}</MenuItem>
              {(choices.data?.users ?? []).map((u) => (
                <MenuItem key={u.id} value={String(u.id)}>
                  {u.name}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField control={control} name="smsCustomer" label={t('complaints.topics.sms')} helperText={t('complaints.topics.smsHelp')} select fullWidth>
              <MenuItem value="yes">{t('complaints.topics.yes')}</MenuItem>
              <MenuItem value="no">{t('complaints.topics.no')}</MenuItem>
            </FormTextField>
          </Grid>
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export default function TopicsPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<ComplaintTopic | null | 'new'>(null);
  const topics = useQuery({
    queryKey: endpointKeys(complaintsEndpoints.topics).detail({}),
    queryFn: ({ signal }) => api.call(complaintsEndpoints.topics, {}, { signal }),
  });
  const rows = topics.data?.data ?? [];
  return (
    <>
      <PageHeader
        title={t('complaints.topics.title')}
        subtitle={t('complaints.topics.subtitle')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            {t('complaints.topics.add')}
          </Button>
        }
      />
      <ReportState query={topics} isEmpty={rows.length === 0} emptyText={t('complaints.topics.empty')}>
        <Paper>
          <TableContainer>
            <Table size="small" aria-label={t('complaints.topics.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('complaints.topics.nameEn')}</TableCell>
                  <TableCell>{t('complaints.topics.nameSo')}</TableCell>
                  <TableCell>{t('complaints.field.priority')}</TableCell>
                  <TableCell align="right">{t('complaints.topics.targetHours')}</TableCell>
                  <TableCell>{t('complaints.topics.assignee')}</TableCell>
                  <TableCell>{t('complaints.topics.sms')}</TableCell>
                  <TableCell>{t('complaints.topics.statusLabel')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((x) => (
                  <TableRow key={x.id} hover onClick={() => setEditing(x)} sx={{ cursor: 'pointer' }}>
                    <TableCell>{x.nameEn}</TableCell>
                    <TableCell>{x.nameSo}</TableCell>
                    <TableCell>{t(`complaints.priority.${x.priority}`)}</TableCell>
                    <TableCell align="right">{x.targetHours}</TableCell>
                    <TableCell>{x.assigneeName ?? '—'}</TableCell>
                    <TableCell>{x.smsCustomer ? t('complaints.topics.yes') : t('complaints.topics.no')}</TableCell>
                    <TableCell>
                      <StatusChip status={x.status} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      </ReportState>
      <TopicDialog topic={editing === 'new' ? null : editing} open={editing !== null} onClose={() => setEditing(null)} />
    </>
  );
}
