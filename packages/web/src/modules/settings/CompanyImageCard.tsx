// One image of the company profile (logo or signature): the stored picture, a button to upload a new
// one (PNG, JPEG or WEBP up to 2 MB, checked here before anything is sent) and one to remove it. The
// reason a file was refused, by this check or by the server, shows under the picture.
import { type ChangeEvent, useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import UploadIcon from '@mui/icons-material/Upload';
import { useTranslation } from 'react-i18next';
import { type CompanyImageKind, imageMimeTypes } from '@ubo/contracts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ApiError, toast } from '../../lib/api.ts';
import { localeOf } from '../../lib/format.ts';
import { useLang, useMessage } from '../../lib/messages.ts';
import { checkImageFile } from './imageFile.ts';
import { useCompanyImage, useStoredFileUrl } from './settings.queries.ts';

export interface CompanyImageCardProps {
  kind: CompanyImageKind;
  /** The stored image's file id (filesEndpoints.get), null when there is none. */
  fileId: string | null;
  canEdit: boolean;
}

const texts = {
  logo: {
    title: 'settings.images.logo',
    help: 'settings.images.logoHelp',
    alt: 'settings.images.logoAlt',
    uploaded: 'settings.images.logoUploaded',
    removed: 'settings.images.logoRemoved',
    removeTitle: 'settings.images.removeLogoTitle',
  },
  signature: {
    title: 'settings.images.signature',
    help: 'settings.images.signatureHelp',
    alt: 'settings.images.signatureAlt',
    uploaded: 'settings.images.signatureUploaded',
    removed: 'settings.images.signatureRemoved',
    removeTitle: 'settings.images.removeSignatureTitle',
  },
} as const;

/** The server's reason: its field message (already in the user's language) or the error message. */
function reasonOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.details[0]?.message ?? error.message;
  return fallback;
}

export function CompanyImageCard({ kind, fileId, canEdit }: CompanyImageCardProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const message = useMessage();
  const inputId = useId();
  const helpId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const image = useStoredFileUrl(fileId);
  const { upload, remove } = useCompanyImage(kind);
  const k = texts[kind];
  const busy = upload.isPending || remove.isPending;

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // choosing the same file again must fire change again
    if (!file) return;
    const bad = checkImageFile(file, localeOf(lang));
    if (bad) {
      setProblem(t(bad.key, bad.values));
      return;
    }
    setProblem(null);
    upload.mutate(file, {
      onSuccess: () => toast(t(k.uploaded), 'success'),
      onError: (err) => {
        if (err instanceof ApiError && err.code === 'SLOW_DOWN') return;
        setProblem(t('settings.images.uploadFailed', { message: message(reasonOf(err, t('api.genericError'))) }));
      },
    });
  };

  const onRemove = () =>
    remove.mutateAsync().then(
      () => {
        setProblem(null);
        toast(t(k.removed), 'success');
      },
      (err: unknown) => {
        setProblem(message(reasonOf(err, t('api.genericError'))));
        throw err;
      },
    );

  return (
    <Paper sx={{ p: 2.5 }}>
      <Typography variant="h6" component="h3">
        {t(k.title)}
      </Typography>
      <Typography id={helpId} variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t(k.help)} {t('settings.images.rules')}
      </Typography>
      <Box
        sx={{
          height: 160,
          borderRadius: 1,
          border: 1,
          borderStyle: image.src ? 'solid' : 'dashed',
          borderColor: 'divider',
          bgcolor: 'action.hover',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
          position: 'relative',
        }}
      >
        {image.src ? (
          <Box component="img" src={image.src} alt={t(k.alt)} sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', p: 1 }} />
        ) : image.isLoading ? (
          <CircularProgress size={28} aria-label={t('common.loading')} />
        ) : (
          <Stack sx={{ alignItems: 'center', color: 'text.secondary' }} spacing={0.5}>
            <ImageOutlinedIcon fontSize="large" />
            <Typography variant="body2">{image.isError ? t('settings.images.loadFailed') : t('settings.images.none')}</Typography>
          </Stack>
        )}
        {busy && (
          <Box
            sx={{ position: 'absolute', inset: 0, bgcolor: 'background.paper', opacity: 0.7, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
          >
            <CircularProgress size={28} />
          </Box>
        )}
      </Box>
      {problem && (
        <Alert severity="error" sx={{ mt: 1.5 }} role="alert">
          {problem}
        </Alert>
      )}
      {canEdit && (
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
          <input ref={input} id={inputId} type="file" accept={imageMimeTypes.join(',')} onChange={onFile} hidden aria-describedby={helpId} />
          <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => input.current?.click()} disabled={busy}>
            {fileId ? t('settings.images.replace') : t('settings.images.upload')}
          </Button>
          {fileId && (
            <Button color="error" startIcon={<DeleteOutlineIcon />} onClick={() => setConfirming(true)} disabled={busy}>
              {t('settings.images.remove')}
            </Button>
          )}
        </Stack>
      )}
      <ConfirmDialog
        open={confirming}
        title={t(k.removeTitle)}
        message={t('settings.images.removeText')}
        confirmLabel={t('settings.images.remove')}
        destructive
        onConfirm={onRemove}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}
