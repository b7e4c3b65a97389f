// Scans of a payment's manual receipt or bank slip, on the payment's page (not printed): the list (the
// payment's `attachments`), an upload button (PDF, PNG, JPEG, WEBP, CSV or XLSX of at most 2 MiB, checked
// here before anything is sent; the server checks the bytes again), download with the bearer token, and
// removal after a confirmation. Holders of receive-payment only (the page's own privilege).
import { type ChangeEvent, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import UploadIcon from '@mui/icons-material/Upload';
import { useTranslation } from 'react-i18next';
import { TRANSACTION_FILES_PER_ENTRY, type TransactionFile } from '@ubo/contracts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ApiError, saveBlob, toast } from '../../lib/api.ts';
import { formatDateTime, localeOf } from '../../lib/format.ts';
import { useLang } from '../../lib/messages.ts';
import { formatFileSize } from '../settings/index.ts';
import { ATTACHMENT_ACCEPT, checkAttachment } from '../treasury/index.ts';
import { fetchPaymentFile, useAttachPaymentFile, useRemovePaymentFile } from './payments.queries.ts';

export function PaymentAttachments({ paymentId, files, mayEdit }: { paymentId: number; files: TransactionFile[]; mayEdit: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const input = useRef<HTMLInputElement>(null);
  const upload = useAttachPaymentFile(paymentId);
  const remove = useRemovePaymentFile();
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState<TransactionFile | null>(null);
  const [downloading, setDownloading] = useState<number | null>(null);
  const size = (bytes: number) => formatFileSize(bytes, localeOf(lang));
  const isFull = files.length >= TRANSACTION_FILES_PER_ENTRY;

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const bad = checkAttachment(file);
    if (bad) {
      setProblem(t(`treasury.files.problem.${bad}`, { name: file.name, size: size(file.size) }));
      return;
    }
    setProblem(null);
    upload.mutate(file, {
      onSuccess: (saved) => toast(t('payments.files.uploaded', { name: saved.filename }), 'success'),
      onError: (err) => {
        if (err instanceof ApiError && err.code === 'SLOW_DOWN') return;
        setProblem(err instanceof ApiError ? (err.details[0]?.message ?? err.message) : t('api.genericError'));
      },
    });
  };

  const download = async (f: TransactionFile) => {
    setDownloading(f.id);
    try {
      saveBlob(await fetchPaymentFile(f.id), f.filename);
    } catch {
      // The api client has told the user why.
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Paper sx={{ p: { xs: 2, md: 3 }, mt: 3 }} role="region" aria-label={t('payments.files.title')}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flex: 1 }}>
          <AttachFileIcon color="action" />
          <Typography variant="h6" component="h3">
            {t('payments.files.title')}
          </Typography>
        </Stack>
        {mayEdit && (
          <>
            <input ref={input} type="file" accept={ATTACHMENT_ACCEPT} hidden onChange={onFile} aria-label={t('payments.files.choose')} />
            <Button
              variant="outlined"
              startIcon={upload.isPending ? <CircularProgress size={16} /> : <UploadIcon />}
              onClick={() => input.current?.click()}
              disabled={upload.isPending || isFull}
            >
              {t('payments.files.upload')}
            </Button>
          </>
        )}
      </Stack>
      {mayEdit && (
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mb: 1 }}>
          {t('payments.files.help')}
        </Typography>
      )}
      {problem && (
        <Alert severity="error" role="alert" sx={{ mb: 1 }} onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
      {files.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', py: 1 }}>
          {t('payments.files.empty')}
        </Typography>
      ) : (
        <List dense aria-label={t('payments.files.title')}>
          {files.map((f) => (
            <ListItem
              key={f.id}
              divider
              sx={{ pr: mayEdit ? 12 : 7 }}
              secondaryAction={
                <Stack direction="row" spacing={0.5}>
                  <Tooltip title={t('payments.files.download', { name: f.filename })}>
                    <span>
                      <IconButton aria-label={t('payments.files.download', { name: f.filename })} onClick={() => download(f)} disabled={downloading === f.id}>
                        {downloading === f.id ? <CircularProgress size={18} /> : <FileDownloadIcon />}
                      </IconButton>
                    </span>
                  </Tooltip>
                  {mayEdit && (
                    <Tooltip title={t('payments.files.remove', { name: f.filename })}>
                      <IconButton aria-label={t('payments.files.remove', { name: f.filename })} color="error" onClick={() => setRemoving(f)}>
                        <DeleteOutlineIcon />
                      </IconButton>
                    </Tooltip>
                  )}
                </Stack>
              }
            >
              <ListItemText
                primary={f.filename}
                secondary={`${size(f.size)} · ${t('payments.files.by', { name: f.createdBy ?? '—', date: formatDateTime(f.createdAt, lang) })}`}
                slotProps={{ primary: { sx: { wordBreak: 'break-all' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('payments.files.removeTitle')}
        message={t('payments.files.removeText', { name: removing?.filename ?? '' })}
        confirmLabel={t('payments.files.removeConfirm')}
        destructive
        onConfirm={async () => {
          if (!removing) return;
          const name = removing.filename;
          await remove.mutateAsync(removing.id);
          toast(t('payments.files.removed', { name }), 'success');
          setRemoving(null);
        }}
        onClose={() => setRemoving(null)}
      />
    </Paper>
  );
}
