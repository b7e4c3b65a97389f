// /help_center/tickets/:id: a ticket with its conversation with support, the attachments, a box to write
// back (update-ticket), and Edit / Delete while it is Open and unanswered, Close otherwise. Reading it
// as its author marks support's answer seen (the navbar bell stops counting it).
import { type ChangeEvent, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { type TicketDetail, transactionFileMimes, ticketsEndpoints } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ApiError, api, saveBlob, toast } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useLang } from '../../lib/messages.ts';
import { endpointKeys } from '../../lib/queryKeys.ts';
import { TicketStatusChip, TicketThread } from './TicketParts.tsx';

export const ticketKey = (id: string | number) => ['help-center', 'ticket', String(id)] as const;

export default function TicketPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const can = useCan();
  const { id = '' } = useParams();
  const client = useQueryClient();
  const ticket = useQuery({ queryKey: ticketKey(id), queryFn: ({ signal }) => api.call(ticketsEndpoints.view, { params: { id: Number(id) } }, { signal }) });
  const [reply, setReply] = useState('');
  const [replyError, setReplyError] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'delete' | 'close' | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const store = async (detail: TicketDetail) => {
    client.setQueryData(ticketKey(id), detail);
    await client.invalidateQueries({ queryKey: endpointKeys(ticketsEndpoints.list).all });
    await client.invalidateQueries({ queryKey: ['notifications'] });
  };
  const send = useMutation({
    mutationFn: () => api.call(ticketsEndpoints.addMessage, { params: { id: Number(id) }, body: { body: reply } }, { silent: true }),
    onSuccess: async (d) => {
      setReply('');
      setReplyError(null);
      await store(d);
      toast(t('helpCenter.page.sent'), 'success');
    },
    onError: (err) => setReplyError(err instanceof ApiError ? (err.details[0]?.message ?? err.message) : t('api.genericError')),
  });
  const close = useMutation({
    mutationFn: () => api.call(ticketsEndpoints.close, { params: { id: Number(id) } }),
    onSuccess: async (d) => {
      await store(d);
      toast(t('helpCenter.page.closed'), 'success');
    },
  });
  const remove = useMutation({
    mutationFn: () => api.call(ticketsEndpoints.remove, { params: { id: Number(id) } }),
    onSuccess: async (r) => {
      await client.invalidateQueries({ queryKey: endpointKeys(ticketsEndpoints.list).all });
      toast(r.message ?? t('common.deleted'), 'success');
      navigate('/help_center/list-tickets', { replace: true });
    },
  });
  const attach = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.call(ticketsEndpoints.uploadFile, { params: { id: Number(id) }, body: form }, { silent: true });
    },
    onSuccess: async () => {
      setFileError(null);
      await client.invalidateQueries({ queryKey: ticketKey(id) });
      toast(t('helpCenter.page.attached'), 'success');
    },
    onError: (err) => setFileError(err instanceof ApiError ? (err.details[0]?.message ?? err.message) : t('api.genericError')),
  });
  const removeFile = useMutation({
    mutationFn: (fileId: number) => api.call(ticketsEndpoints.removeFile, { params: { id: fileId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ticketKey(id) }),
  });
  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) attach.mutate(file);
  };

  const d = ticket.data;
  if (!d) return null;
  const mayWrite = can('update-ticket') && d.status !== 'Closed';
  return (
    <>
      <PageHeader
        title={`#${d.id} · ${d.subject}`}
        subtitle={`${t(`helpCenter.category.${d.category}`)} · ${t(`helpCenter.priority.${d.priority}`)} · ${d.createdBy}`}
        actions={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TicketStatusChip status={d.status} />
            {can('update-ticket') && d.mayDelete && (
              <Button variant="outlined" onClick={() => navigate(`/help_center/tickets/${d.id}/edit`)}>
                {t('helpCenter.page.edit')}
              </Button>
            )}
            {can('update-ticket') && d.mayDelete && (
              <Button color="error" onClick={() => setConfirm('delete')}>
                {t('helpCenter.page.delete')}
              </Button>
            )}
            {mayWrite && !d.mayDelete && (
              <Button variant="outlined" onClick={() => setConfirm('close')}>
                {t('helpCenter.page.close')}
              </Button>
            )}
          </Stack>
        }
      />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Paper sx={{ p: 3 }}>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              {t('helpCenter.page.thread')}
            </Typography>
            <TicketThread description={d.description} author={d.createdBy} createdAt={d.createdAt} thread={d.thread} />
            {d.closedAt && (
              <Alert severity="info" sx={{ mt: 2 }}>
                {t('helpCenter.page.closedBy', { name: d.closedBy ?? '', date: formatDateTime(d.closedAt, lang) })}
              </Alert>
            )}
            {mayWrite && (
              <Stack spacing={1.5} sx={{ mt: 3 }}>
                <TextField
                  label={t('helpCenter.page.write')}
                  value={reply}
                  onChange={(e) => setReply(e.target.value)}
                  multiline
                  minRows={3}
                  error={replyError !== null}
                  helperText={replyError ?? ' '}
                />
                <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
                  <Button variant="contained" onClick={() => send.mutate()} disabled={send.isPending}>
                    {t('helpCenter.page.send')}
                  </Button>
                </Box>
              </Stack>
            )}
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Paper sx={{ p: 3 }}>
            <Typography variant="h6" component="h2">
              {t('helpCenter.page.files')}
            </Typography>
            {d.files.length === 0 ? (
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
                {t('helpCenter.page.noFiles')}
              </Typography>
            ) : (
              <List dense>
                {d.files.map((f) => (
                  <ListItem
                    key={f.id}
                    disableGutters
                    secondaryAction={
                      mayWrite ? (
                        <IconButton edge="end" aria-label={t('helpCenter.page.removeFile')} onClick={() => removeFile.mutate(f.id)}>
                          <DeleteOutlineIcon />
                        </IconButton>
                      ) : undefined
                    }
                  >
                    <ListItemText
                      primary={
                        <Link
                          component="button"
                          onClick={() => api.call(ticketsEndpoints.file, { params: { id: f.id } }).then((blob) => saveBlob(blob, f.filename))}
                        >
                          {f.filename}
                        </Link>
                      }
                      secondary={formatDateTime(f.createdAt, lang)}
                    />
                  </ListItem>
                ))}
              </List>
            )}
            {fileError && (
              <Alert severity="error" role="alert" sx={{ mt: 1 }}>
                {fileError}
              </Alert>
            )}
            {mayWrite && (
              <>
                <input ref={input} type="file" hidden accept={transactionFileMimes.join(',')} onChange={onFile} data-testid="ticket-file-input" />
                <Button startIcon={<AttachFileIcon />} onClick={() => input.current?.click()} sx={{ mt: 1 }} disabled={attach.isPending}>
                  {t('helpCenter.page.attach')}
                </Button>
                <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                  {t('helpCenter.page.attachHelp')}
                </Typography>
              </>
            )}
          </Paper>
        </Grid>
      </Grid>
      <ConfirmDialog
        open={confirm !== null}
        title={t(confirm === 'delete' ? 'helpCenter.page.deleteTitle' : 'helpCenter.page.closeTitle')}
        message={t(confirm === 'delete' ? 'helpCenter.page.deleteMessage' : 'helpCenter.page.closeMessage')}
        confirmLabel={t(confirm === 'delete' ? 'helpCenter.page.delete' : 'helpCenter.page.close')}
        destructive={confirm === 'delete'}
        onConfirm={() => (confirm === 'delete' ? remove.mutateAsync() : close.mutateAsync())}
        onClose={() => setConfirm(null)}
      />
    </>
  );
}
