// The E-mail button of a document's screen (a bill, a sales invoice or receipt, a purchase order): a
// dialog asks for the address, prefilled from the party (GET /api/email/documents/recipient), and queues
// the document's PDF with the organisation's template of that kind (POST /api/email/documents). Shown to
// whoever holds send-email (the screen itself already needs the document's privilege).
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import EmailIcon from '@mui/icons-material/Email';
import { useTranslation } from 'react-i18next';
import { type EmailDocument, type EmailLanguage, emailDocumentBody, emailLanguageValues } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { ApiError, toast } from '../../lib/api.ts';
import { useLang, useMessage } from '../../lib/messages.ts';
import { useDocumentRecipient, useEmailDocument } from './email.queries.ts';
import { EMAIL_PRIVILEGE } from './email.access.ts';

export function EmailDocumentButton({ document, id, number }: { document: EmailDocument; id: number; number: string }) {
  const { t } = useTranslation();
  const can = useCan();
  const [open, setOpen] = useState(false);
  if (!can(EMAIL_PRIVILEGE)) return null;
  return (
    <>
      <Button variant="outlined" startIcon={<EmailIcon />} onClick={() => setOpen(true)}>
        {t('email.document.button')}
      </Button>
      {open && <EmailDocumentDialog document={document} id={id} number={number} onClose={() => setOpen(false)} />}
    </>
  );
}

function EmailDocumentDialog({ document, id, number, onClose }: { document: EmailDocument; id: number; number: string; onClose: () => void }) {
  const { t } = useTranslation();
  const text = useMessage();
  const lang = useLang();
  const recipient = useDocumentRecipient(document, id, true);
  const send = useEmailDocument();
  const [to, setTo] = useState('');
  const [language, setLanguage] = useState<EmailLanguage>(lang === 'so' ? 'so' : 'en');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [key] = useState(() => crypto.randomUUID());
  useEffect(() => {
    if (recipient.data?.email) setTo((current) => current || (recipient.data?.email ?? ''));
  }, [recipient.data]);
  const documentName = t(`email.kind.${document}`);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const body = { document, id, to, language };
    const parsed = emailDocumentBody.safeParse(body);
    if (!parsed.success) return setError(text(parsed.error.issues[0]?.message));
    setError(null);
    try {
      await send.mutateAsync({ body, key });
      toast(t('email.document.queued'), 'success');
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError) || err.code === 'SLOW_DOWN') return;
      const onTo = err.details.find((d) => d.field === 'to');
      if (onTo) setError(onTo.message);
      else setFormError(err.message);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="email-document-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="email-document-title">{t('email.document.title', { document: documentName, number })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            {recipient.data && !recipient.data.email && <Alert severity="info">{t('email.document.noAddress')}</Alert>}
            <TextField
              label={t('email.document.to')}
              type="email"
              value={to}
              onChange={(e) => setTo(e.target.value)}
              required
              autoFocus
              error={Boolean(error)}
              helperText={error ?? (recipient.data?.name || ' ')}
            />
            <TextField
              select
              label={t('email.language')}
              value={language}
              onChange={(e) => setLanguage(e.target.value as EmailLanguage)}
              sx={{ maxWidth: 260 }}
            >
              {emailLanguageValues.map((l) => (
                <MenuItem key={l} value={l}>
                  {t(`email.languages.${l}`)}
                </MenuItem>
              ))}
            </TextField>
            <Alert severity="info" icon={false}>
              {t('email.document.attached', { document: documentName.toLowerCase() })}
            </Alert>
            {formError && (
              <Alert severity="error" role="alert">
                {formError}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('email.document.cancel')}</Button>
          <Button type="submit" variant="contained" startIcon={<EmailIcon />} disabled={send.isPending}>
            {t('email.document.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
