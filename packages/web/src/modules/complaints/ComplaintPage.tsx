// /complaint/:id: one complaint: who complained (a customer, linked, or a caller), the house, topic,
// channel, priority, assignee, due time and status; its whole history (logged, assignments, work started,
// comments, completion with the resolution, cancellation with the reason), each with who and when.
// Buttons by privilege and state: start and complete (managers, or the assignee), assign and cancel
// (managers), comment (anyone who sees complaints). The server decides the same.
import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { type ComplaintDetail, complaintsEndpoints } from '@ubo/contracts';
import { useCan, useSession } from '../../app/session.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ReasonDialog } from '../../components/ReasonDialog.tsx';
import { api, callEndpoint, downloadEndpoint, toast } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useLang } from '../../lib/lang.ts';
import { endpointKeys } from '../../lib/queryKeys.ts';
import { useDetailQuery, useEndpointMutation } from '../../lib/queries.ts';
import { ComplaintStatusChip, useTopicName } from './ComplaintParts.tsx';
import { complaintsPrivileges as p } from './complaints.access.ts';

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Grid size={{ xs: 6, md: 3 }}>
      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children}
      </Typography>
    </Grid>
  );
}

function History({ c }: { c: ComplaintDetail }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Stack spacing={1.5} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('complaints.page.history')}>
      {c.events.map((e) => (
        <Paper component="li" key={e.id} variant="outlined" sx={{ p: 1.5 }} data-testid={`complaint-event-${e.kind}`}>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
            <Typography variant="subtitle2">{t(`complaints.event.${e.kind}`, { name: e.assigneeName ?? '' })}</Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('complaints.page.byAt', { name: e.byName, date: formatDateTime(e.at, lang) })}
            </Typography>
          </Stack>
          {e.kind === 'attachment' && e.fileId ? (
            <Link
              component="button"
              variant="body2"
              sx={{ mt: 0.5 }}
              onClick={() => void downloadEndpoint(complaintsEndpoints.file, { params: { fileId: e.fileId as string } }, e.fileName ?? 'file')}
            >
              {e.fileName}
            </Link>
          ) : (
            e.note && (
              <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap' }}>
                {e.note}
              </Typography>
            )
          )}
        </Paper>
      ))}
    </Stack>
  );
}

export default function ComplaintPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const topicName = useTopicName();
  const me = useSession().user?.id;
  const id = Number(useParams().id);
  const complaint = useDetailQuery(complaintsEndpoints.view, id);
  const [dialog, setDialog] = useState<'assign' | 'complete' | 'cancel' | null>(null);
  const [text, setText] = useState('');
  const [assignee, setAssignee] = useState('');
  const [comment, setComment] = useState('');
  const choices = useQuery({
    queryKey: endpointKeys(complaintsEndpoints.choices).detail({}),
    queryFn: ({ signal }) => api.call(complaintsEndpoints.choices, {}, { signal }),
    enabled: dialog === 'assign',
  });
  const invalidate = [complaintsEndpoints.list, complaintsEndpoints.view, complaintsEndpoints.report];
  const done = (key: string) => (c: ComplaintDetail) => {
    toast(t(key, { refNo: c.refNo }), 'success');
    setDialog(null);
  };
  const start = useEndpointMutation(complaintsEndpoints.start, { invalidate, successMessage: false, onSuccess: done('complaints.page.started') });
  const assign = useEndpointMutation(complaintsEndpoints.assign, { invalidate, successMessage: false, onSuccess: done('complaints.page.assigned') });
  const complete = useEndpointMutation(complaintsEndpoints.complete, { invalidate, successMessage: false, onSuccess: done('complaints.page.completed') });
  const addComment = useEndpointMutation(complaintsEndpoints.comment, {
    invalidate,
    successMessage: false,
    onSuccess: () => {
      toast(t('complaints.page.commented'), 'success');
      setComment('');
    },
  });
  const fileInput = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const attach = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return callEndpoint(complaintsEndpoints.attach, { params: { id }, body: form });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: endpointKeys(complaintsEndpoints.view).all });
      toast(t('complaints.page.attached'), 'success');
    },
  });
  if (complaint.isError) return <Alert severity="error">{t('api.genericError')}</Alert>;
  if (!complaint.data) return <Skeleton variant="rounded" height={240} />;
  const c = complaint.data;
  const isOpen = c.status === 'Pending' || c.status === 'InProgress';
  const isManager = can(p.manage);
  const mayWork = isManager || c.assigneeId === me;
  const busy = start.isPending || assign.isPending || complete.isPending;
  return (
    <>
      <PageHeader
        title={`${t('complaints.page.title')} ${c.refNo}`}
        subtitle={topicName(c)}
        actions={
          isOpen ? (
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              {c.status === 'Pending' && mayWork && (
                <Button variant="outlined" disabled={busy} onClick={() => start.mutate({ params: { id: c.id } })}>
                  {t('complaints.page.start')}
                </Button>
              )}
              {isManager && (
                <Button
                  variant="outlined"
                  disabled={busy}
                  onClick={() => {
                    setAssignee(c.assigneeId ? String(c.assigneeId) : '');
                    setDialog('assign');
                  }}
                >
                  {t('complaints.page.assign')}
                </Button>
              )}
              {mayWork && (
                <Button
                  variant="contained"
                  disabled={busy}
                  onClick={() => {
                    setText('');
                    setDialog('complete');
                  }}
                >
                  {t('complaints.page.complete')}
                </Button>
              )}
              {isManager && (
                <Button variant="outlined" color="error" disabled={busy} onClick={() => setDialog('cancel')}>
                  {t('complaints.page.cancel')}
                </Button>
              )}
            </Stack>
          ) : undefined
        }
      />
      <Paper sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
        <Grid container spacing={2}>
          <Detail label={t('complaints.field.status')}>
            <ComplaintStatusChip status={c.status} overdue={c.overdue} />
          </Detail>
          <Detail label={t('complaints.field.customer')}>
            {c.customerId ? (
              <RouterLink to={`/customers/${c.customerId}`}>{`${c.customerNo} · ${c.customerName}`}</RouterLink>
            ) : (
              `${c.callerName ?? ''} · ${c.callerPhone ?? ''}`
            )}
          </Detail>
          <Detail label={t('complaints.field.house')}>{c.houseLabel ?? '—'}</Detail>
          <Detail label={t('complaints.field.zone')}>{c.zoneName ?? '—'}</Detail>
          <Detail label={t('complaints.field.channel')}>{t(`complaints.channel.${c.channel}`)}</Detail>
          <Detail label={t('complaints.field.priority')}>{t(`complaints.priority.${c.priority}`)}</Detail>
          <Detail label={t('complaints.field.assignee')}>
            <span data-testid="complaint-assignee">{c.assigneeName ?? '—'}</span>
          </Detail>
          <Detail label={t('complaints.field.due')}>{formatDateTime(c.dueAt, lang)}</Detail>
        </Grid>
        <Typography variant="subtitle1" sx={{ mt: 3, mb: 0.5 }}>
          {t('complaints.field.description')}
        </Typography>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          {c.description}
        </Typography>
        {c.resolution && (
          <Alert severity="success" sx={{ mt: 2 }} data-testid="complaint-resolution">
            <strong>{t('complaints.field.resolution')}:</strong> {c.resolution}
          </Alert>
        )}
        {c.cancelReason && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {c.cancelReason}
          </Alert>
        )}
      </Paper>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('complaints.page.history')}
      </Typography>
      <History c={c} />
      <Stack
        component="form"
        direction="row"
        spacing={1}
        sx={{ mt: 2, alignItems: 'flex-start' }}
        onSubmit={(e) => {
          e.preventDefault();
          if (comment.trim()) addComment.mutate({ params: { id: c.id }, body: { text: comment } });
        }}
      >
        <TextField
          label={t('complaints.page.commentLabel')}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          fullWidth
          multiline
          size="small"
          slotProps={{ htmlInput: { maxLength: 4000 } }}
        />
        <Button type="submit" variant="outlined" disabled={addComment.isPending || !comment.trim()} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
          {t('complaints.page.comment')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<AttachFileIcon />}
          disabled={attach.isPending}
          onClick={() => fileInput.current?.click()}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          {t('complaints.page.attach')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          hidden
          data-testid="complaint-file"
          accept=".pdf,.png,.jpg,.jpeg,.webp,.csv,.xlsx"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) attach.mutate(file);
            e.target.value = '';
          }}
        />
      </Stack>
      <Dialog open={dialog === 'assign'} onClose={() => setDialog(null)} fullWidth maxWidth="xs">
        <DialogTitle>{t('complaints.page.assignTitle', { refNo: c.refNo })}</DialogTitle>
        <DialogContent>
          <TextField select label={t('complaints.field.assignee')} value={assignee} onChange={(e) => setAssignee(e.target.value)} fullWidth sx={{ mt: 1 }}>
            {(choices.data?.users ?? []).map((u) => (
              <MenuItem key={u.id} value={String(u.id)}>
                {u.name}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog(null)}>{t('common.cancel')}</Button>
          <Button
            variant="contained"
            disabled={!assignee || busy}
            onClick={() => assign.mutate({ params: { id: c.id }, body: { assigneeId: Number(assignee) } })}
          >
            {t('complaints.page.assign')}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={dialog === 'complete'} onClose={() => setDialog(null)} fullWidth maxWidth="sm">
        <DialogTitle>{t('complaints.page.completeTitle', { refNo: c.refNo })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('complaints.page.completeText')}</DialogContentText>
          <TextField
            label={t('complaints.field.resolution')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            fullWidth
            multiline
            minRows={3}
            required
            slotProps={{ htmlInput: { maxLength: 4000 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog(null)}>{t('common.cancel')}</Button>
          <Button variant="contained" disabled={!text.trim() || busy} onClick={() => complete.mutate({ params: { id: c.id }, body: { resolution: text } })}>
            {t('complaints.page.complete')}
          </Button>
        </DialogActions>
      </Dialog>
      <ReasonDialog
        document={dialog === 'cancel' ? { id: c.id, number: c.refNo } : null}
        endpoint={complaintsEndpoints.cancel}
        title={t('complaints.page.cancelTitle', { refNo: c.refNo })}
        text={t('complaints.page.cancelText')}
        reasonLabel={t('complaints.page.cancelReason')}
        action={t('complaints.page.cancel')}
        done={t('complaints.page.cancelled', { refNo: c.refNo })}
        invalidate={invalidate}
        onClose={() => setDialog(null)}
      />
    </>
  );
}
