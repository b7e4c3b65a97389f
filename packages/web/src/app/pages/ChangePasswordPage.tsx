// auth/change-password: the current password (the temporary one when the change is forced after a
// reset: a stolen token alone cannot change it), new and confirm password (required, at least 8
// characters, equal). Success says the password was changed and goes to the root. Back logs out when the change is
// forced (?action=required, after a 402), otherwise returns to the dashboard (spec section 4).
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { authEndpoints, type ChangePasswordBody, changePasswordBody } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { api, messageOf, toast } from '../../lib/api.ts';
import { applyServerErrors } from '../../lib/forms.ts';
import { shellKeys } from '../../lib/queryKeys.ts';
import { messageText } from '../../lib/messages.ts';
import { useSession } from '../session.tsx';
import { AuthShell } from './AuthShell.tsx';

export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const { token, logout } = useSession();
  const forced = params.get('action') === 'required';
  const { control, handleSubmit, formState, setError } = useForm<ChangePasswordBody>({
    mode: 'all',
    resolver: zodResolver(changePasswordBody),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  if (!token) return <Navigate to="/auth/login" replace />;

  const submit = handleSubmit(async (values) => {
    try {
      const result = await api.call(authEndpoints.changePassword, { body: values });
      toast(messageOf(result) ?? messageText('auth.passwordChanged'), 'success');
      await queryClient.invalidateQueries({ queryKey: shellKeys.profile });
      navigate('/', { replace: true });
    } catch (err) {
      applyServerErrors(err, setError);
    }
  });

  const back = () => {
    if (forced) void logout();
    else navigate('/dashboard');
  };

  return (
    <AuthShell title={t('auth.changePassword.title')} subtitle={forced ? undefined : t('auth.changePassword.subtitle')}>
      {forced && (
        <Alert severity="warning" sx={{ mb: 2.5 }}>
          {t('auth.changePassword.required')}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack spacing={2.5}>
          <FormTextField
            control={control}
            name="currentPassword"
            type="password"
            label={forced ? t('auth.changePassword.currentTemporary') : t('auth.changePassword.currentPassword')}
            helperText={forced ? t('auth.changePassword.temporaryHelp') : undefined}
            autoComplete="current-password"
            autoFocus
            slotProps={{ htmlInput: { 'aria-required': true } }}
          />
          <FormTextField
            control={control}
            name="newPassword"
            type="password"
            label={t('auth.changePassword.newPassword')}
            autoComplete="new-password"
            slotProps={{ htmlInput: { 'aria-required': true } }}
          />
          <FormTextField
            control={control}
            name="confirmPassword"
            type="password"
            label={t('auth.changePassword.confirmPassword')}
            autoComplete="new-password"
            slotProps={{ htmlInput: { 'aria-required': true } }}
          />
          <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={back}>{t('common.back')}</Button>
            <Button type="submit" variant="contained" disabled={!formState.isValid || formState.isSubmitting}>
              {t('common.save')}
            </Button>
          </Stack>
        </Stack>
      </form>
    </AuthShell>
  );
}
