// /users/profile: the signed-in user's own profile (GET/PUT /api/users/profile): name, phone, e-mail,
// language and theme (applied at once), the signature image (the spec's dashboard/upload-signature: printed
// on the cheques and payment vouchers the user signs), and the link to change the password.
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadIcon from '@mui/icons-material/Upload';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { imageMimeTypes, type MyProfile, myProfileBody, privileges, profileEndpoints, type z } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { useSession } from '../../app/session.tsx';
import { themeStore } from '../../app/theme/themeStore.ts';
import { ApiError, api, toast } from '../../lib/api.ts';
import { applyServerErrors } from '../../lib/forms.ts';
import { useLang } from '../../lib/messages.ts';
import { shellKeys } from '../../lib/queryKeys.ts';
import { getLang, setLang } from '../../lib/storage.ts';

type ProfileForm = z.input<typeof myProfileBody>;
const profileKey = ['users', 'profile'] as const;
const signatureKey = ['users', 'profile', 'signature'] as const;

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

/** The user's signature image as an object URL (fetched with the token), revoked when no longer shown. */
function useSignatureImage(has: boolean, version: number) {
  const file = useQuery({
    queryKey: [...signatureKey, version],
    queryFn: ({ signal }) => api.call(profileEndpoints.signature, undefined, { signal, silent: true }),
    enabled: has,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [src, setSrc] = useState<string | null>(null);
  const blob = has ? file.data : undefined;
  useEffect(() => {
    if (!blob) {
      setSrc(null);
      return;
    }
    const url = URL.createObjectURL(blob);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return src;
}

function SignatureCard({ profile, onChange }: { profile: MyProfile; onChange: (p: MyProfile) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const helpId = useId();
  const [version, setVersion] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const src = useSignatureImage(profile.hasSignature, version);
  const done = (p: MyProfile, message: string) => {
    setProblem(null);
    setVersion((v) => v + 1);
    onChange(p);
    toast(message, 'success');
  };
  const fail = (err: unknown) => setProblem(err instanceof ApiError ? (err.details[0]?.message ?? err.message) : t('api.genericError'));
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.call(profileEndpoints.uploadSignature, { body: form }, { silent: true });
    },
    onSuccess: (p) => done(p, t('account.profile.signatureSaved')),
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: () => api.call(profileEndpoints.removeSignature, undefined, { silent: true }),
    onSuccess: (p) => done(p, t('account.profile.signatureRemoved')),
    onError: fail,
  });
  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) upload.mutate(file);
  };
  return (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h6" component="h2">
        {t('account.profile.signatureImage')}
      </Typography>
      <Typography id={helpId} variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('account.profile.signatureImageHelp')}
      </Typography>
      <Box
        sx={{
          height: 120,
          border: 1,
          borderStyle: src ? 'solid' : 'dashed',
          borderColor: 'divider',
          borderRadius: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: 'action.hover',
        }}
      >
        {src ? (
          <Box
            component="img"
            src={src}
            alt={t('account.profile.signatureImage')}
            data-testid="profile-signature"
            sx={{ maxHeight: '100%', maxWidth: '100%', p: 1 }}
          />
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('account.profile.noSignature')}
          </Typography>
        )}
      </Box>
      {problem && (
        <Alert severity="error" role="alert" sx={{ mt: 1.5 }}>
          {problem}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <input ref={input} type="file" accept={imageMimeTypes.join(',')} onChange={onFile} hidden aria-describedby={helpId} data-testid="signature-input" />
        <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => input.current?.click()} disabled={upload.isPending || remove.isPending}>
          {t('account.profile.uploadSignature')}
        </Button>
        {profile.hasSignature && (
          <Button color="error" startIcon={<DeleteOutlineIcon />} onClick={() => remove.mutate()} disabled={upload.isPending || remove.isPending}>
            {t('account.profile.removeSignature')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

export default function ProfilePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const profile = useQuery({ queryKey: profileKey, queryFn: ({ signal }) => api.call(profileEndpoints.get, undefined, { signal }) });
  const form = useForm<ProfileForm>({
    mode: 'all',
    resolver: zodResolver(myProfileBody),
    defaultValues: { fullname: '', email: '', phone: '', lang: null, theme: null },
  });
  const { control, handleSubmit, reset, formState, setError } = form;
  const data = profile.data;

  useEffect(() => {
    if (data) reset({ fullname: data.fullname, email: data.email ?? '', phone: data.phone ?? '', lang: data.lang ?? getLang(), theme: data.theme ?? 'light' });
  }, [data, reset]);

  const save = useMutation({
    mutationFn: (body: ProfileForm) => api.call(profileEndpoints.update, { body }),
    onSuccess: async (result) => {
      queryClient.setQueryData(profileKey, result);
      toast(t('common.saved'), 'success');
      await queryClient.invalidateQueries({ queryKey: shellKeys.profile });
      if (result.theme) themeStore.set({ mode: result.theme });
      // The language applies with a reload, as the navbar's choice does.
      if (result.lang && result.lang !== getLang()) setLang(result.lang);
    },
    onError: (err) => applyServerErrors(err, setError),
  });

  if (!user || !data) return null;
  const labels = new Map(privileges.map((p) => [p.key, lang === 'so' ? p.so : p.en]));

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 7 }}>
        <Stack spacing={3}>
          <Paper sx={{ p: 3 }}>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              {t('account.profile.details')}
            </Typography>
            <form onSubmit={handleSubmit((v) => save.mutate(v))} noValidate>
              <Stack spacing={2.5}>
                <FormTextField control={control} name="fullname" label={t('account.profile.fullname')} required autoComplete="name" />
                <FormTextField control={control} name="email" type="email" label={t('account.profile.email')} autoComplete="email" />
                <FormTextField control={control} name="phone" type="tel" label={t('account.profile.phone')} autoComplete="tel" />
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <FormTextField control={control} name="lang" select label={t('account.profile.language')} fullWidth>
                    <MenuItem value="en">EN · English</MenuItem>
                    <MenuItem value="so">SO · Soomaali</MenuItem>
                  </FormTextField>
                  <FormTextField control={control} name="theme" select label={t('account.profile.theme')} fullWidth>
                    <MenuItem value="light">{t('account.profile.themeLight')}</MenuItem>
                    <MenuItem value="dark">{t('account.profile.themeDark')}</MenuItem>
                  </FormTextField>
                </Stack>
                <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
                  <Button type="submit" variant="contained" disabled={!formState.isDirty || save.isPending}>
                    {t('common.save')}
                  </Button>
                </Box>
              </Stack>
            </form>
          </Paper>
          <SignatureCard profile={data} onChange={(p) => queryClient.setQueryData(profileKey, p)} />
        </Stack>
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
