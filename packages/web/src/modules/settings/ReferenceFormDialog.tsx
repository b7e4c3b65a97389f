// The create/edit dialog of a reference list: the list's fields in a react-hook-form validated with the
// contract's body schema (its create endpoint's). Its create endpoint creates, its update endpoint updates; field errors the server answers
// (a duplicate name) appear on their field and the dialog stays open.
import { useEffect, useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/FormTextField.tsx';
import { toast } from '../../lib/api.ts';
import { useSaveEndpoint } from '../../lib/queries.ts';
import type { ReferenceBody, ReferenceFormValues, ReferenceListConfig, ReferenceRow } from './ReferenceListPage.tsx';

type FormValues = ReferenceFormValues;
type Body = ReferenceBody;

function valuesOf(config: ReferenceListConfig, row: ReferenceRow | null): FormValues {
  const out: FormValues = {};
  for (const f of config.fields) {
    const v = row?.[f.name];
    out[f.name] = v === null || v === undefined ? (f.defaultValue ?? '') : String(v);
  }
  return out;
}

export interface ReferenceFormDialogProps {
  config: ReferenceListConfig;
  /** The row to edit; null creates a new one. */
  row: ReferenceRow | null;
  open: boolean;
  onClose: () => void;
}

export function ReferenceFormDialog({ config, row, open, onClose }: ReferenceFormDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { control, handleSubmit, reset, setError, formState } = useForm<FormValues, unknown, Body>({
    mode: 'all',
    resolver: zodResolver(config.endpoints.create.body),
    defaultValues: valuesOf(config, null),
  });

  useEffect(() => {
    if (open) reset(valuesOf(config, row));
  }, [open, row, config, reset]);

  const save = useSaveEndpoint<ReferenceListConfig['endpoints']['create'], ReferenceListConfig['endpoints']['update'], FormValues>(config.endpoints, {
    setError,
    successMessage: false,
    onSuccess: (saved) => {
      toast(t('settings.lists.saved', { name: saved.name }), 'success');
      onClose();
    },
  });

  const submit = handleSubmit((body) => save.mutate({ id: row?.id, body }));
  const isNew = row === null;

  return (
    <Dialog open={open} onClose={save.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t(`${config.texts}.${isNew ? 'createTitle' : 'editTitle'}`)}</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent sx={{ pt: 0 }}>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {config.fields.map((f, i) => (
              <FormTextField<FormValues>
                key={f.name}
                control={control}
                name={f.name}
                label={t(f.label)}
                helperText={f.help ? t(f.help) : undefined}
                required={f.required}
                multiline={f.multiline}
                minRows={f.multiline ? 3 : undefined}
                type={f.type ?? 'text'}
                autoComplete={f.autoComplete ?? 'off'}
                autoFocus={i === 0}
                fullWidth
                select={f.options !== undefined}
                slotProps={{ htmlInput: { maxLength: f.maxLength } }}
              >
                {f.options?.map((o) => (
                  <MenuItem key={o.value} value={o.value}>
                    {o.label}
                  </MenuItem>
                ))}
              </FormTextField>
            ))}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending || (!isNew && !formState.isDirty)}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
