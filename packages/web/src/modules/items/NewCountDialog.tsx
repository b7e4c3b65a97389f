// Starts a count: branch, all stocked goods or one category, the count date and a note. Validated with the
// contracts' stockCountBody; the server freezes the quantities and answers the sheet, which opens.
import { useEffect, useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Control, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { stockCountBody, stockCountsEndpoints, type z } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { todayIso } from '../../lib/format.ts';
import { toast } from '../../lib/api.ts';
import { useEndpointMutation } from '../../lib/queries.ts';
import { useItemChoices } from './items.queries.ts';

interface FormValues {
  branchId: string;
  categoryId: string;
  date: string;
  memo: string;
}
type Parsed = z.output<typeof stockCountBody>;
const resolver = zodResolver(stockCountBody) as unknown as Resolver<FormValues, unknown, Parsed>;

export function NewCountDialog({ open, onClose, onStarted }: { open: boolean; onClose: () => void; onStarted: (id: number) => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const choices = useItemChoices(open);
  const form = useForm<FormValues, unknown, Parsed>({
    mode: 'onTouched',
    resolver,
    defaultValues: { branchId: '', categoryId: '', date: todayIso(), memo: '' },
  });
  const control = form.control as unknown as Control<FormValues>;
  useEffect(() => {
    if (open)
      form.reset({ branchId: choices.data?.branches.length === 1 ? String(choices.data.branches[0].id) : '', categoryId: '', date: todayIso(), memo: '' });
  }, [open, choices.data, form]);
  const start = useEndpointMutation(stockCountsEndpoints.create, {
    setError: form.setError,
    successMessage: false,
    onSuccess: (count) => {
      toast(t('items.counting.started', { number: count.number }), 'success');
      onClose();
      onStarted(count.id);
    },
  });
  const submit = form.handleSubmit((body) => start.mutate({ body }));
  return (
    <Dialog open={open} onClose={start.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('items.counting.newTitle')}</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent sx={{ pt: 0 }}>
          <DialogContentText sx={{ mb: 2 }}>{t('items.counting.newText')}</DialogContentText>
          <Stack spacing={2}>
            <FormTextField control={control} name="branchId" label={t('items.counting.branch')} select required disabled={choices.isPending} fullWidth>
              {(choices.data?.branches ?? []).map((b) => (
                <MenuItem key={b.id} value={String(b.id)}>
                  {b.name}
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField
              control={control}
              name="categoryId"
              label={t('items.counting.category')}
              select
              disabled={choices.isPending}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              fullWidth
            >
              <MenuItem value="">{t('items.counting.allCategories')}</MenuItem>
              {(choices.data?.categories ?? []).map((c) => (
                <MenuItem key={c.id} value={String(c.id)}>
                  {c.name}
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField control={control} name="date" label={t('items.counting.date')} type="date" required fullWidth />
            <FormTextField control={control} name="memo" label={t('items.counting.memo')} slotProps={{ htmlInput: { maxLength: 500 } }} fullWidth />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={start.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={start.isPending}>
            {t('items.counting.start')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
