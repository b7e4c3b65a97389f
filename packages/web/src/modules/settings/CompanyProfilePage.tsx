// /settings/company-profile: the organisation's details (GET/PUT elc/settings/company), its logo and
// signature images, and the read-only subscription. The server sends administrators here with
// ?action=must while the address or phone is missing; then a banner explains why, and a successful
// save continues to the dashboard.
import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { type CompanyProfile, type UpdateCompanyBody, updateCompanyBody, type z } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { FormTextField, type FormTextFieldProps } from '../../components/FormTextField.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toast } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { applyServerErrors } from '../../lib/forms.ts';
import { useLang } from '../../lib/messages.ts';
import { CompanyImageCard } from './CompanyImageCard.tsx';
import { MoneyLimitsCard } from './MoneyLimitsCard.tsx';
import { OrganisationExportCard } from './OrganisationExportCard.tsx';
import { SubscriptionCard } from './SubscriptionCard.tsx';
import { settingsPrivileges } from './settings.access.ts';
import { useCompanyQuery, useUpdateCompany } from './settings.queries.ts';

type CompanyForm = UpdateCompanyBody;
type CompanyValues = z.output<typeof updateCompanyBody>;
type FieldName = keyof CompanyForm;
type FieldExtras = Omit<FormTextFieldProps<CompanyForm>, 'control' | 'name'>;

function toForm(c: CompanyProfile): Required<CompanyForm> {
  return {
    name: c.name,
    address: c.address ?? '',
    phone: c.phone ?? '',
    email: c.email ?? '',
    website: c.website ?? '',
    currency: c.currency,
    contactPhone: c.contactPhone ?? '',
    billingCode: c.billingCode ?? '',
    shortCode: c.shortCode ?? '',
  };
}

const empty: Required<CompanyForm> = {
  name: '',
  address: '',
  phone: '',
  email: '',
  website: '',
  currency: '',
  contactPhone: '',
  billingCode: '',
  shortCode: '',
};

export default function CompanyProfilePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const isForced = params.get('action') === 'must';
  const canEdit = can(settingsPrivileges.companyProfile);
  const company = useCompanyQuery();
  const save = useUpdateCompany();
  const { control, handleSubmit, reset, setError, formState } = useForm<CompanyForm, unknown, CompanyValues>({
    mode: 'all',
    resolver: zodResolver(updateCompanyBody),
    defaultValues: empty,
  });

  useEffect(() => {
    if (company.data) reset(toForm(company.data));
  }, [company.data, reset]);

  const submit = handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        reset(toForm(saved));
        toast(t('settings.company.saved'), 'success');
        if (isForced) navigate('/dashboard', { replace: true });
      },
      onError: (err) => applyServerErrors(err, setError),
    }),
  );

  const field = (name: FieldName, extra: FieldExtras = {}) => (
    <FormTextField<CompanyForm>
      control={control}
      name={name}
      label={t(`settings.company.${name}`)}
      fullWidth
      slotProps={{ htmlInput: { readOnly: !canEdit } }}
      {...extra}
    />
  );

  return (
    <>
      <PageHeader
        title={t('settings.company.title')}
        subtitle={
          company.data ? (
            <>
              {t('settings.company.subtitle')} {t('settings.company.lastChanged', { date: formatDateTime(company.data.updatedAt, lang) })}
            </>
          ) : (
            t('settings.company.subtitle')
          )
        }
      />
      {isForced && (
        <Alert severity="warning" sx={{ mb: 3 }}>
          <AlertTitle>{t('settings.company.mustTitle')}</AlertTitle>
          {t('settings.company.mustText')}
        </Alert>
      )}
      {company.isError && (
        <Alert
          severity="error"
          sx={{ mb: 3 }}
          action={
            <Button color="inherit" size="small" onClick={() => company.refetch()}>
              {t('errors.tryAgain')}
            </Button>
          }
        >
          {t('settings.company.loadFailed')}
        </Alert>
      )}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Paper sx={{ p: 3 }} component="section" aria-labelledby="company-details-title">
            <Typography id="company-details-title" variant="h6" component="h2" sx={{ mb: 2.5 }}>
              {t('settings.company.details')}
            </Typography>
            {company.isPending ? (
              <Stack spacing={2.5}>
                {Array.from({ length: 6 }, (_, i) => (
                  <Skeleton key={i} variant="rounded" height={56} />
                ))}
              </Stack>
            ) : (
              <form onSubmit={submit} noValidate>
                <Grid container spacing={2.5}>
                  <Grid size={{ xs: 12, md: 8 }}>{field('name', { required: true, autoComplete: 'organization' })}</Grid>
                  <Grid size={{ xs: 12, md: 4 }}>
                    <TextField
                      label={t('settings.company.code')}
                      value={company.data?.code ?? ''}
                      helperText={t('settings.company.codeHelp')}
                      fullWidth
                      disabled
                    />
                  </Grid>
                  <Grid size={12}>{field('address', { required: true, multiline: true, minRows: 2, autoComplete: 'street-address' })}</Grid>
                  <Grid size={{ xs: 12, md: 6 }}>{field('phone', { required: true, type: 'tel', autoComplete: 'tel' })}</Grid>
                  <Grid size={{ xs: 12, md: 6 }}>{field('contactPhone', { type: 'tel', helperText: t('settings.company.contactPhoneHelp') })}</Grid>
                  <Grid size={{ xs: 12, md: 6 }}>{field('email', { type: 'email', autoComplete: 'email' })}</Grid>
                  <Grid size={{ xs: 12, md: 6 }}>{field('website', { type: 'url', autoComplete: 'url', helperText: t('settings.company.websiteHelp') })}</Grid>
                  <Grid size={{ xs: 12, md: 4 }}>
                    <FormTextField<CompanyForm>
                      control={control}
                      name="currency"
                      label={t('settings.company.currency')}
                      required
                      fullWidth
                      transform={(v) => v.toUpperCase()}
                      helperText={t('settings.company.currencyHelp')}
                      slotProps={{ htmlInput: { maxLength: 3, readOnly: !canEdit, style: { textTransform: 'uppercase' } } }}
                    />
                  </Grid>
                  <Grid size={{ xs: 12, md: 4 }}>{field('billingCode')}</Grid>
                  <Grid size={{ xs: 12, md: 4 }}>{field('shortCode', { helperText: t('settings.company.shortCodeHelp') })}</Grid>
                </Grid>
                {canEdit && (
                  <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 3 }}>
                    <Button onClick={() => company.data && reset(toForm(company.data))} disabled={!formState.isDirty || save.isPending}>
                      {t('settings.company.undo')}
                    </Button>
                    <Button type="submit" variant="contained" disabled={(!formState.isDirty && !isForced) || save.isPending}>
                      {t('common.save')}
                    </Button>
                  </Box>
                )}
              </form>
            )}
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <Stack spacing={3}>
            <CompanyImageCard kind="logo" fileId={company.data?.logoFileId ?? null} canEdit={canEdit && Boolean(company.data)} />
            <CompanyImageCard kind="signature" fileId={company.data?.signatureFileId ?? null} canEdit={canEdit && Boolean(company.data)} />
          </Stack>
        </Grid>
        <Grid size={12}>
          <MoneyLimitsCard canEdit={canEdit} />
        </Grid>
        <Grid size={12}>
          <SubscriptionCard />
        </Grid>
        {can(settingsPrivileges.exportData) && (
          <Grid size={12}>
            <OrganisationExportCard />
          </Grid>
        )}
      </Grid>
    </>
  );
}
