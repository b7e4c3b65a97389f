// Create or edit a zone: name, branch (the organisation's active branches), description and meter reader
// (a user of the organisation, optional). The choices come from GET /api/elc/zones/choices, so a holder
// of list-zone can keep zones without the branch and user privileges. Server field errors (a name
// already used) land on their field and the dialog stays open.
import { useEffect, useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type Zone, zoneBody, type z } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { toast } from '../../lib/api.ts';
import { useSaveMutation } from '../../lib/queries.ts';
import { useZoneChoices, ZONES_PATH } from './billing.queries.ts';
import { bodyOf, checkWith, contractResolver } from './form.logic.ts';
import { CancelButton } from './CancelButton.tsx';

interface ZoneFormValues {
  name: string;
  branchId: string;
  description: string;
  meterReaderId: string;
}

type ZoneInput = z.output<typeof zoneBody>;

const valuesOf = (zone: Zone | null): ZoneFormValues => ({
  name: zone?.name ?? '',
  branchId: zone ? String(zone.branchId) : '',
  description: zone?.description ?? '',
  meterReaderId: zone?.meterReaderId ? String(zone.meterReaderId) : '',
});

const checkZoneForm = (v: ZoneFormValues) => checkWith<ZoneInput>(zoneBody, v);
const resolver = contractResolver(checkZoneForm);

export interface ZoneFormDialogProps {
  /** The zone to edit; null creates one. */
  zone: Zone | null;
  open: boolean;
  onClose: () => void;
}

export function ZoneFormDialog({ zone, open, onClose }: ZoneFormDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const choices = useZoneChoices(open);
  const { control, handleSubmit, reset, setError, formState } = useForm<ZoneFormValues>({
    mode: 'all',
    resolver,
    defaultValues: valuesOf(null),
  });

  useEffect(() => {
    if (open) reset(valuesOf(zone));
  }, [open, zone, reset]);

  const save = useSaveMutation<ZoneInput, Zone, ZoneFormValues>({
    path: ZONES_PATH,
    setError,
    successMessage: false,
    onSuccess: (saved) => {
      toast(t('billing.zones.saved', { name: saved.name }), 'success');
      onClose();
    },
  });

  const isNew = zone === null;
  const branches = choices.data?.branches ?? [];
  // A zone may sit in a branch that has since been closed, or have a reader who is now disabled: keep them choosable.
  const branchOptions = zone && !branches.some((b) => b.id === zone.branchId) ? [...branches, { id: zone.branchId, name: zone.branchName }] : branches;
  const readers = (choices.data?.meterReaders ?? []).filter((u) => u.status === 'Active' || u.id === zone?.meterReaderId);
  const submit = handleSubmit((values) => save.mutate({ id: zone?.id, body: bodyOf(checkZoneForm, values) }));

  return (
    <Dialog open={open} onClose={save.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{isNew ? t('billing.zones.createTitle') : t('billing.zones.editTitle', { name: zone.name })}</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent sx={{ pt: 0 }}>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <FormTextField
              control={control}
              name="name"
              label={t('billing.zones.name')}
              required
              autoFocus
              fullWidth
              slotProps={{ htmlInput: { maxLength: 120, autoComplete: 'off' } }}
            />
            <FormTextField
              control={control}
              name="branchId"
              label={t('billing.zones.branch')}
              select
              required
              fullWidth
              disabled={choices.isPending}
              helperText={choices.isSuccess && branches.length === 0 ? t('billing.zones.noBranches') : undefined}
            >
              {branchOptions.map((b) => (
                <MenuItem key={b.id} value={String(b.id)}>
                  {b.name}
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField
              control={control}
              name="meterReaderId"
              label={t('billing.zones.meterReader')}
              select
              fullWidth
              disabled={choices.isPending}
              helperText={t('billing.zones.meterReaderHelp')}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{t('billing.zones.noReader')}</MenuItem>
              {readers.map((u) => (
                <MenuItem key={u.id} value={String(u.id)}>
                  {u.status === 'Active' ? u.fullname : `${u.fullname} (${t(`status.${u.status}`, { defaultValue: u.status })})`}
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField
              control={control}
              name="description"
              label={t('billing.zones.description')}
              multiline
              minRows={2}
              fullWidth
              slotProps={{ htmlInput: { maxLength: 1000 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <CancelButton onClick={onClose} disabled={save.isPending} />
          <Button type="submit" variant="contained" disabled={save.isPending || (!isNew && !formState.isDirty)}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
