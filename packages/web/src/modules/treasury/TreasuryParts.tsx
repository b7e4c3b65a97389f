// Pieces the treasury screens share: the journal entry number of a document as a link (plain text for
// users who may not open the journal), the document's state as a chip, and the dialog that cancels a
// transfer or voids a cheque (the reversing entry's date and a reason, posted with an Idempotency-Key
// made when the dialog opens; a refused date shows on the date field).
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { type ReversalBody, z } from '@ubo/contracts';
import { useSession } from '../../app/session.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { ApiError } from '../../lib/api.ts';
import { entryLink } from '../finance/index.ts';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { treasuryPrivileges as p } from './treasury.access.ts';

/** A journal entry number that opens the entry for those who may read the journal. */
export function EntryLink({ id, number, label }: { id: number; number: string; label?: string }) {
  const { can } = useSession();
  if (!can(p.journal)) return <>{number}</>;
  return (
    <Link component={RouterLink} to={entryLink(id)} underline="hover" aria-label={label} onClick={(e) => e.stopPropagation()}>
      {number}
    </Link>
  );
}

const stateColours = { Posted: 'success', Issued: 'success', Cancelled: 'error', Void: 'error' } as const;

/** Posted / Cancelled (transfers), Issued / Void (cheques). */
export function DocumentStateChip({ state }: { state: keyof typeof stateColours }) {
  const { t } = useTranslation();
  const colour = stateColours[state];
  return <Chip size="small" color={colour} variant={colour === 'error' ? 'filled' : 'outlined'} label={t(`treasury.state.${state}`)} />;
}

/** The reversing entry's date (not before the document's: `beforeDocument` says so) and an optional reason. */
const reversalForm = (documentDate: string, beforeDocument: string) =>
  z.object({
    date: z
      .string()
      .min(1, 'v.required')
      .refine((d) => d >= documentDate, beforeDocument),
    reason: z.string().max(500, 'v.maxLength|500'),
  });
type ReversalValues = z.infer<ReturnType<typeof reversalForm>>;

export interface ReversalDialogProps {
  open: boolean;
  title: string;
  text: ReactNode;
  confirmLabel: string;
  /** The document's date: the reversing entry cannot be earlier, and takes it unless told otherwise. */
  documentDate: string;
  onSubmit: (body: ReversalBody, key: string) => Promise<unknown>;
  onClose: () => void;
}

export function ReversalDialog({ open, title, text, confirmLabel, documentDate, onSubmit, onClose }: ReversalDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [key, setKey] = useState(newIdempotencyKey);
  const [error, setErrorText] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const schema = useMemo(() => reversalForm(documentDate, t('treasury.reversal.beforeDocument')), [documentDate, t]);
  const { control, handleSubmit, reset, setError } = useForm<ReversalValues>({
    mode: 'onTouched',
    resolver: zodResolver(schema),
    defaultValues: { date: '', reason: '' },
  });

  useEffect(() => {
    if (!open) return;
    reset({ date: documentDate, reason: '' });
    setErrorText(null);
    setKey(newIdempotencyKey());
  }, [open, documentDate, reset]);

  const submit = handleSubmit(async (v) => {
    setErrorText(null);
    setBusy(true);
    try {
      await onSubmit({ date: v.date, reason: v.reason.trim() || undefined }, key);
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError) || err.code === 'SLOW_DOWN') return;
      let placed = false;
      for (const d of err.details) {
        if (d.field === 'date' || d.field === 'reason') {
          setError(d.field, { type: 'server', message: d.message }, { shouldFocus: !placed });
          placed = true;
        }
      }
      if (!placed) setErrorText(err.message);
    } finally {
      setBusy(false);
    }
  });

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent sx={{ pt: 0 }}>
          <DialogContentText component="div" sx={{ mb: 2 }}>
            {text}
          </DialogContentText>
          <Stack spacing={2}>
            <FormTextField
              control={control}
              name="date"
              label={t('treasury.reversal.date')}
              type="date"
              required
              helperText={t('treasury.reversal.dateHelp')}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: documentDate } }}
            />
            <FormTextField
              control={control}
              name="reason"
              label={t('treasury.reversal.reason')}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={busy}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
