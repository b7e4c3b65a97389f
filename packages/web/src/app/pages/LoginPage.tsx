// auth/login: username, password and the organisation's numeric code (spec sections 2, 5). Sign in
// stays disabled while the form is invalid; a failed sign-in shows the server's message as a toast.
// Every field is required, so the labels carry no asterisk (aria-required says it).
import { useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { loginBody, z } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { closeToasts } from '../../lib/toast.ts';
import { useSession } from '../session.tsx';
import { AuthShell } from './AuthShell.tsx';

/** The form keeps the code as typed text; the contract turns it into a number. */
const loginForm = loginBody.extend({
  code: z
    .string()
    .trim()
    .min(1)
    .regex(/^\d{1,9}$/, 'v.number'),
});
type LoginForm = z.input<typeof loginForm>;

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const [showPassword, setShowPassword] = useState(false);
  const { control, handleSubmit, formState } = useForm<LoginForm>({
    mode: 'all',
    resolver: zodResolver(loginForm),
    defaultValues: { username: '', password: '', code: '' },
  });

  const submit = handleSubmit(async (values) => {
    try {
      await signIn({ username: values.username.trim(), password: values.password, code: Number(values.code) });
      // An earlier failed attempt's error must not linger over the dashboard.
      closeToasts();
      navigate('/dashboard', { replace: true });
    } catch {
      // The api client has shown the server's message.
    }
  });

  return (
    <AuthShell title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack spacing={2.5}>
          <FormTextField
            control={control}
            name="username"
            label={t('auth.login.username')}
            autoComplete="username"
            autoFocus
            slotProps={{ htmlInput: { 'aria-required': true } }}
          />
          <FormTextField
            control={control}
            name="password"
            label={t('auth.login.password')}
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            slotProps={{
              htmlInput: { 'aria-required': true },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      aria-label={showPassword ? t('auth.login.hidePassword') : t('auth.login.showPassword')}
                      onClick={() => setShowPassword((s) => !s)}
                      edge="end"
                    >
                      {showPassword ? <VisibilityOff /> : <Visibility />}
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
          <FormTextField
            control={control}
            name="code"
            label={t('auth.login.code')}
            helperText={t('auth.login.codeHelp')}
            autoComplete="organization"
            transform={(v) => v.replace(/\D/g, '')}
            slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 9, 'aria-required': true } }}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={!formState.isValid || formState.isSubmitting}
            startIcon={formState.isSubmitting ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {t('auth.login.submit')}
          </Button>
        </Stack>
      </form>
    </AuthShell>
  );
}
