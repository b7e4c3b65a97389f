// The files attached to a request (a scan, a photo or a PDF of a quotation or an invoice), on the request
// page: the list (GET /api/request/:id/files), an upload button (the journal attachments' rules: PDF, PNG,
// JPEG, WEBP, CSV or XLSX of at most 2 MiB, checked here before anything is sent; the server checks the
// bytes again), download with the bearer token, and remove after a confirmation. The page decides who may
// add and remove (mayEdit); the server decides again. Props: requestId, mayEdit.
import { type ChangeEvent, useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';
import UploadIcon from '@mui/icons-material/Upload';
import { useTranslation } from 'react-i18next';
import { REQUEST_FILES_PER_REQUEST as MAX_FILES, type RequestFile, requestsEndpoints as api } from '@ubo/contracts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ApiError, callEndpoint, saveBlob, toast } from '../../lib/api.ts';
import { endpointKeys } from '../../lib/queryKeys.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime, localeOf } from '../../lib/format.ts';
import { useLang } from '../../lib/messages.ts';
import { formatFileSize } from '../settings/index.ts';
import { ATTACHMENT_ACCEPT, checkAttachment } from '../treasury/index.ts';

const filesKeys = endpointKeys(api.files);

function useRequestFiles(requestId: number) {
  return useQuery({
    queryKey: filesKeys.list({ id: requestId }),
    queryFn: ({ signal }) => callEndpoint(api.files, { params: { id: requestId } }, { signal }),
  });
}

function useRefreshFiles() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: filesKeys.all });
}

/** POST multipart file; refusals are shown by the uploader (no toast). */
function useUploadRequestFile(requestId: number) {
  const refresh = useRefreshFiles();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return callEndpoint(api.uploadFile, { params: { id: requestId }, body: form }, { silent: true });
    },
    onSuccess: () => refresh(),
  });
}

function useRemoveRequestFile() {
  const refresh = useRefreshFiles();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(api.removeFile, { params: { id } }),
    onSuccess: () => refresh(),
  });
}

function FileIcon({ mime }: { mime: string }) {
  if (mime === 'application/pdf') return <PictureAsPdfOutlinedIcon color="error" />;
  if (mime.startsWith('image/')) return <ImageOutlinedIcon color="primary" />;
  if (mime === 'text/csv' || mime.includes('spreadsheet')) return <TableChartOutlinedIcon color="success" />;
  return <DescriptionOutlinedIcon />;
}

export function RequestAttachments({ requestId, mayEdit }: { requestId: number; mayEdit: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const files = useRequestFiles(requestId);
  const upload = useUploadRequestFile(requestId);
  const remove = useRemoveRequestFile();
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState<RequestFile | null>(null);
  const [downloading, setDownloading] = useState<number | null>(null);

  const list = files.data?.data ?? [];
  const isFull = list.length >= MAX_FILES;
  const size = (bytes: number) => formatFileSize(bytes, localeOf(lang));

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // choosing the same file again must fire change again
    if (!file) return;
    const bad = checkAttachment(file);
    if (bad) {
      setProblem(t(`treasury.files.problem.${bad}`, { name: file.name, size: size(file.size) }));
      return;
    }
    setProblem(null);
    upload.mutate(file, {
      onSuccess: (saved) => toast(t('treasury.files.uploaded', { name: saved.filename }), 'success'),
      onError: (err) => {
        if (err instanceof ApiError && err.code === 'SLOW_DOWN') return;
        setProblem(err instanceof ApiError ? (err.details[0]?.message ?? err.message) : t('api.genericError'));
      },
    });
  };

  const download = async (f: RequestFile) => {
    setDownloading(f.id);
    try {
      saveBlob((await callEndpoint(api.file, { params: { id: f.id } })) as Blob, f.filename);
    } catch {
      // The api client has told the user why.
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Paper sx={{ p: { xs: 2, md: 3 }, mt: 3 }} role="region" aria-label={t('requests.files.title')}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flex: 1 }}>
          <AttachFileIcon color="action" />
          <Typography variant="h6" component="h3">
            {t('requests.files.title')}
          </Typography>
          {list.length > 0 && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              ({list.length})
            </Typography>
          )}
        </Stack>
        {mayEdit && (
          <>
            <input ref={input} id={inputId} type="file" accept={ATTACHMENT_ACCEPT} hidden onChange={onFile} aria-label={t('treasury.files.choose')} />
            <Tooltip title={isFull ? t('requests.files.full', { n: MAX_FILES }) : ''}>
              <span>
                <Button
                  variant="outlined"
                  startIcon={upload.isPending ? <CircularProgress size={16} /> : <UploadIcon />}
                  onClick={() => input.current?.click()}
                  disabled={upload.isPending || isFull}
                >
                  {t('treasury.files.upload')}
                </Button>
              </span>
            </Tooltip>
          </>
        )}
      </Stack>
      {mayEdit && (
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mb: 1 }}>
          {t('treasury.files.help')}
        </Typography>
      )}
      {problem && (
        <Alert severity="error" role="alert" sx={{ mb: 1 }} onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
      {files.isPending ? (
        <Skeleton variant="rounded" height={48} />
      ) : files.isError ? (
        <Alert severity="error" action={<Button onClick={() => files.refetch()}>{t('errors.tryAgain')}</Button>}>
          {t('treasury.files.loadFailed')}
        </Alert>
      ) : list.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', py: 1 }}>
          {t('requests.files.empty')}
        </Typography>
      ) : (
        <List dense aria-label={t('requests.files.title')}>
          {list.map((f) => (
            <ListItem
              key={f.id}
              divider
              secondaryAction={
                <Stack direction="row" spacing={0.5}>
                  <Tooltip title={t('treasury.files.download', { name: f.filename })}>
                    <span>
                      <IconButton aria-label={t('treasury.files.download', { name: f.filename })} onClick={() => download(f)} disabled={downloading === f.id}>
                        {downloading === f.id ? <CircularProgress size={18} /> : <FileDownloadIcon />}
                      </IconButton>
                    </span>
                  </Tooltip>
                  {mayEdit && (
                    <Tooltip title={t('treasury.files.remove', { name: f.filename })}>
                      <IconButton aria-label={t('treasury.files.remove', { name: f.filename })} color="error" onClick={() => setRemoving(f)}>
                        <DeleteOutlineIcon />
                      </IconButton>
                    </Tooltip>
                  )}
                </Stack>
              }
              sx={{ pr: mayEdit ? 12 : 7 }}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                <FileIcon mime={f.mime} />
              </ListItemIcon>
              <ListItemText
                primary={f.filename}
                secondary={
                  <Box component="span">
                    {size(f.size)} · {t('treasury.files.by', { name: f.createdBy ?? '—', date: formatDateTime(f.createdAt, lang) })}
                  </Box>
                }
                slotProps={{ primary: { sx: { wordBreak: 'break-all' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('treasury.files.removeTitle')}
        message={t('treasury.files.removeText', { name: removing?.filename ?? '' })}
        confirmLabel={t('treasury.files.removeConfirm')}
        destructive
        onConfirm={async () => {
          if (!removing) return;
          await remove.mutateAsync(removing.id);
          toast(t('treasury.files.removed', { name: removing.filename }), 'success');
        }}
        onClose={() => setRemoving(null)}
      />
    </Paper>
  );
}
