// The count sheet's buttons: save the typed counts, import a CSV file (item code, counted quantity),
// post (asking first, with the value and the number of lines that differ), cancel a draft with a reason,
// and print the sheet.
import { useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import CancelIcon from '@mui/icons-material/Block';
import CheckIcon from '@mui/icons-material/CheckCircle';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import PrintIcon from '@mui/icons-material/Print';
import SaveIcon from '@mui/icons-material/Save';
import UploadIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import { type StockCount, itemsEndpoints, stockCountsEndpoints } from '@ubo/contracts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ApiError, downloadEndpoint, toast } from '../../lib/api.ts';
import { useEndpointMutation } from '../../lib/queries.ts';

const nowrap = { whiteSpace: 'nowrap', flexShrink: 0 } as const;

export function CountSheetActions({
  count,
  changed,
  differing,
  total,
  busy,
  onSave,
  onPost,
  onImported,
}: {
  count: StockCount;
  changed: number;
  differing: number;
  total: string;
  busy: boolean;
  onSave: () => void;
  onPost: () => void;
  /** The file's refusals (empty: imported). */
  onImported: (refused: string[]) => void;
}) {
  const { t } = useTranslation();
  const file = useRef<HTMLInputElement>(null);
  const [isPostOpen, setPostOpen] = useState(false);
  const [isCancelOpen, setCancelOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [isPdfBusy, setPdfBusy] = useState(false);
  const importCsv = useEndpointMutation(stockCountsEndpoints.importCsv, { successMessage: false });
  const cancel = useEndpointMutation(stockCountsEndpoints.cancel, {
    invalidate: [itemsEndpoints.list],
    successMessage: false,
    onSuccess: (c) => {
      toast(t('items.counting.cancelled', { number: c.number }), 'success');
      setCancelOpen(false);
    },
  });
  const editable = count.status === 'Draft';

  const onFile = async (f: File | undefined) => {
    if (!f) return;
    const csv = await f.text();
    if (file.current) file.current.value = '';
    try {
      const done = await importCsv.mutateAsync({ params: { id: count.id }, body: { csv } });
      toast(t('items.counting.importDone', { count: done.countedCount }), 'success');
      onImported([]);
    } catch (err) {
      onImported(
        err instanceof ApiError ? [t('items.counting.importRefused'), ...(err.details.length ? err.details.map((d) => d.message) : [err.message])] : [],
      );
    }
  };

  return (
    <>
      {editable && (
        <>
          <Button variant="outlined" sx={nowrap} startIcon={<SaveIcon />} onClick={onSave} disabled={busy || changed === 0}>
            {t('items.counting.save')}
          </Button>
          <Button variant="outlined" sx={nowrap} startIcon={<UploadIcon />} onClick={() => file.current?.click()} disabled={busy || importCsv.isPending}>
            {t('items.counting.importCsv')}
          </Button>
          <input ref={file} type="file" accept=".csv,text/csv,text/plain" hidden data-testid="count-csv" onChange={(e) => void onFile(e.target.files?.[0])} />
        </>
      )}
      <Button variant="outlined" sx={nowrap} startIcon={<PrintIcon />} onClick={() => window.print()}>
        {t('items.counting.print')}
      </Button>
      <Button
        variant="outlined"
        sx={nowrap}
        startIcon={<PictureAsPdfIcon />}
        disabled={isPdfBusy}
        onClick={async () => {
          setPdfBusy(true);
          try {
            await downloadEndpoint(stockCountsEndpoints.pdf, { params: { id: count.id } }, `count-sheet-${count.number}.pdf`);
          } catch {
            // The api client has told the user why.
          } finally {
            setPdfBusy(false);
          }
        }}
      >
        {t('items.counting.pdf')}
      </Button>
      {editable && (
        <>
          <Button color="error" sx={nowrap} startIcon={<CancelIcon />} onClick={() => setCancelOpen(true)} disabled={busy}>
            {t('items.counting.cancel')}
          </Button>
          <Button variant="contained" sx={nowrap} startIcon={<CheckIcon />} onClick={() => setPostOpen(true)} disabled={busy}>
            {t('items.counting.post')}
          </Button>
        </>
      )}
      <ConfirmDialog
        open={isPostOpen}
        title={t('items.counting.postTitle', { number: count.number })}
        message={t('items.counting.postText', { value: total, count: differing })}
        confirmLabel={t('items.counting.post')}
        onConfirm={() => {
          setPostOpen(false);
          onPost();
        }}
        onClose={() => setPostOpen(false)}
      />
      <Dialog open={isCancelOpen} onClose={() => setCancelOpen(false)} maxWidth="xs" fullWidth>
        <DialogTitle>{t('items.counting.cancelTitle', { number: count.number })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('items.counting.cancelText')}</DialogContentText>
          <TextField
            label={t('items.counting.cancelReason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required
            fullWidth
            autoFocus
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setCancelOpen(false)}>{t('common.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={reason.trim() === '' || cancel.isPending}
            onClick={() => cancel.mutate({ params: { id: count.id }, body: { reason: reason.trim() } })}
          >
            {t('items.counting.cancel')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
