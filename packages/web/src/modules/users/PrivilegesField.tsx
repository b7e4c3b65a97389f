// The privilege picker as a form field of the user and role editors: fed by the privilege catalogue
// (a spinner while it loads, an error with a retry when it fails) and bound to a react-hook-form list.
// A non-administrator may tick only privileges they hold (the server refuses others); what the record
// already has (`kept`) may stay ticked.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session.tsx';
import { useMessage } from '../../lib/messages.ts';
import { PrivilegePicker } from './PrivilegePicker.tsx';
import { usePrivilegeCatalogue } from './users.queries.ts';

export interface PrivilegesFieldProps<T extends FieldValues> {
  control: Control<T>;
  /** A field holding a list of privilege keys. */
  name: Path<T>;
  label: string;
  /** The keys the record has now: they stay grantable whoever edits it. */
  kept: readonly string[];
  inherited?: readonly string[];
  inheritedLabel?: string;
  disabled?: boolean;
}

export function PrivilegesField<T extends FieldValues>({ control, name, label, kept, inherited, inheritedLabel, disabled }: PrivilegesFieldProps<T>) {
  const { t } = useTranslation();
  const text = useMessage();
  const { user: me, isAdmin } = useSession();
  const { catalogue, isPending, isError, refetch } = usePrivilegeCatalogue();
  const { field, fieldState } = useController({ control, name });
  const isGrantable = (key: string) => isAdmin || (me?.privileges ?? []).includes(key) || kept.includes(key);

  if (catalogue) {
    return (
      <PrivilegePicker
        label={label}
        catalogue={catalogue}
        value={(field.value as string[] | undefined) ?? []}
        onChange={field.onChange}
        inherited={inherited}
        inheritedLabel={inheritedLabel}
        isGrantable={isGrantable}
        disabled={disabled}
        error={fieldState.error ? text(fieldState.error.message) : undefined}
      />
    );
  }
  if (isPending) {
    return (
      <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center', py: 2 }}>
        <CircularProgress size={20} />
        <Typography>{t('users.picker.loading')}</Typography>
      </Stack>
    );
  }
  if (!isError) return null;
  return (
    <Alert severity="error" action={<Button onClick={refetch}>{t('errors.tryAgain')}</Button>}>
      {t('users.picker.failed')}
    </Alert>
  );
}
