// Two fields of the user editor in files of their own: the new user's password with its show/hide
// button, and the administrator switch with its help text.
import { useState } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { type Control, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { createUserBody, z } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';

type UserFormValues = z.input<typeof createUserBody>;

export function NewPasswordField({ control }: { control: Control<UserFormValues> }) {
  const { t } = useTranslation();
  const [showPassword, setShowPassword] = useState(false);
  return (
    <FormTextField
      control={control}
      name="password"
      type={showPassword ? 'text' : 'password'}
      label={t('users.user.password')}
      autoComplete="new-password"
      helperText={t('users.user.passwordHelp')}
      slotProps={{
        htmlInput: { maxLength: 100 },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={showPassword ? t('users.user.hidePassword') : t('users.user.showPassword')}
                onClick={() => setShowPassword((s) => !s)}
                edge="end"
              >
                {showPassword ? <VisibilityOffIcon /> : <VisibilityIcon />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

export function AdminSwitchField({ control, disabled, help }: { control: Control<UserFormValues>; disabled: boolean; help: string }) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name="isAdmin"
      render={({ field }) => (
        <Box>
          <FormControlLabel
            control={<Switch checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} disabled={disabled} />}
            label={t('users.user.isAdmin')}
          />
          <FormHelperText sx={{ mt: 0 }}>{help}</FormHelperText>
        </Box>
      )}
    />
  );
}
