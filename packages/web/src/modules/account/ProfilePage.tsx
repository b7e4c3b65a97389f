// /users/profile: the signed-in user's details (GET /api/auth) and the form that changes them
// (PUT /api/auth/profile: fullname, signature, email, phone).
import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { authEndpoints, privileges, updateProfileBody, type z } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { useSession } from '../../app/session.tsx';
import { api, messageOf, toast } from '../../lib/api.ts';
import { applyServerErrors } from '../../lib/forms.ts';
import { useLang } from '../../lib/messages.ts';
import { shellKeys } from '../../lib/queryKeys.ts';

type ProfileForm = z.input<typeof updateProfileBody>;

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography>{value}</Typography>
    </Box>
  );
}

export default function ProfilePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const form = useForm<ProfileForm>({
    mode: 'all',
    resolver: zodResolver(updateProfileBody),
    defaultValues: { fullname: '', signature: '', email: '', phone: '' },
  });
  const { control, handleSubmit, reset, formState, setError } = form;

  useEffect(() => {
    if (user) reset({ fullname: user.fullname, signature: user.signature ?? '', email: user.email ?? '', phone: user.phone ?? '' });
  }, [user, reset]);

  const save = useMutation({
    mutationFn: (body: ProfileForm) => api.call(authEndpoints.updateProfile, { body }),
    onSuccess: async (result) => {
      toast(messageOf(result) ?? t('common.saved'), 'success');
      await queryClient.invalidateQueries({ queryKey: shellKeys.profile });
    },
    onError: (err) => applyServerErrors(err, setError),
  });

  if (!user) return null;
  const labels = new Map(privileges.map((p) => [p.key, lang === 'so' ? p.so : p.en]));

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 7 }}>
        <Paper sx={{ p: 3 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {t('account.profile.details')}
          </Typography>
          <form onSubmit={handleSubmit((v) => save.mutate(v))} noValidate>
            <Stack spacing={2.5}>
              <FormTextField control={control} name="fullname" label={t('account.profile.fullname')} required autoComplete="name" />
              <FormTextField control={control} name="signature" label={t('account.profile.signature')} helperText={t('account.profile.signatureHelp')} />
              <FormTextField control={control} name="email" type="email" label={t('account.profile.email')} autoComplete="email" />
              <FormTextField control={control} name="phone" type="tel" label={t('account.profile.phone')} autoComplete="tel" />
              <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
                <Button type="submit" variant="contained" disabled={!formState.isDirty || save.isPending}>
                  {t('common.save')}
                </Button>
              </Box>
            </Stack>
          </form>
        </Paper>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <Paper sx={{ p: 3 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {t('account.profile.account')}
          </Typography>
          <Stack spacing={1.5}>
            <Field label={t('account.profile.username')} value={user.username} />
            <Field label={t('account.profile.organisation')} value={`${user.client_name} (${user.clientCode})`} />
            <Field label={t('account.profile.role')} value={user.isAdmin ? t('account.profile.administrator') : t('account.profile.staff')} />
          </Stack>
          <Button component={RouterLink} to="/auth/change-password" variant="outlined" sx={{ mt: 2.5 }}>
            {t('account.profile.changePassword')}
          </Button>
          <Divider sx={{ my: 2.5 }} />
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {t('account.profile.privileges')}
          </Typography>
          {user.isAdmin ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('account.profile.allPrivileges')}
            </Typography>
          ) : user.privileges.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('account.profile.noPrivileges')}
            </Typography>
          ) : (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {user.privileges.map((p) => (
                <Chip key={p} size="small" label={labels.get(p) ?? p} />
              ))}
            </Box>
          )}
        </Paper>
      </Grid>
    </Grid>
  );
}
