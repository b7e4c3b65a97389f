// /marketing/:id: one prospect: who, where, interest, source, visit, officer, notes, follow-up and outcome.
// Edit (until converted) and Make customer: a dialog for the customer's class and the house with its meter;
// the server creates the customer and the house in one transaction. A converted prospect links to the
// customer it became.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Control, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { customerClassValues, marketingEndpoints, type Prospect, prospectConvertBody, type z } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { DateText } from '../../components/DateText.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toast } from '../../lib/api.ts';
import { useDetailQuery, useEndpointMutation } from '../../lib/queries.ts';
import { marketingPrivileges as p } from './marketing.access.ts';
import { OutcomeChip, useProspectChoices } from './ProspectParts.tsx';

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Grid size={{ xs: 6, md: 3 }}>
      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children}
      </Typography>
    </Grid>
  );
}

interface ConvertValues {
  customerClass: string;
  zoneId: string;
  houseNo: string;
  address: string;
  meterNumber: string;
  meterDigits: string;
  installationReading: string;
  installationDate: string;
}
type ConvertParsed = z.output<typeof prospectConvertBody>;

function ConvertDialog({ prospect, open, onClose }: { prospect: Prospect; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const choices = useProspectChoices(open);
  const form = useForm<ConvertValues, unknown, ConvertParsed>({
    mode: 'onTouched',
    resolver: zodResolver(prospectConvertBody) as unknown as Resolver<ConvertValues, unknown, ConvertParsed>,
    defaultValues: {
      customerClass: 'residential',
      zoneId: prospect.zoneId ? String(prospect.zoneId) : '',
      houseNo: '',
      address: prospect.location ?? '',
      meterNumber: '',
      meterDigits: '5',
      installationReading: '0',
      installationDate: new Date().toISOString().slice(0, 10),
    },
  });
  const control = form.control as unknown as Control<ConvertValues>;
  const convert = useEndpointMutation(marketingEndpoints.convert, {
    invalidate: [marketingEndpoints.list, marketingEndpoints.findOne],
    setError: form.setError,
    successMessage: false,
    onSuccess: (r) => {
      toast(t('marketing.page.converted', { name: r.name, customerNo: r.customerNo ?? '' }), 'success');
      onClose();
    },
  });
  const onSubmit = form.handleSubmit((body) => convert.mutate({ params: { id: prospect.id }, body }));
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" slotProps={{ paper: { component: 'form', onSubmit, noValidate: true } as object }}>
      <DialogTitle>{t('marketing.page.convertTitle', { name: prospect.name })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('marketing.page.convertText')}</DialogContentText>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="customerClass" label={t('marketing.page.customerClass')} select required fullWidth>
              {customerClassValues.map((v) => (
                <MenuItem key={v} value={v}>
                  {t(`billing.class.${v}`)}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="zoneId" label={t('marketing.field.zone')} select required fullWidth>
              {(choices.data?.zones ?? []).map((z) => (
                <MenuItem key={z.id} value={String(z.id)}>
                  {z.name}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField control={control} name="houseNo" label={t('marketing.page.houseNo')} fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 8 }}>
            <FormTextField control={control} name="address" label={t('marketing.page.address')} fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="meterNumber" label={t('marketing.page.meterNumber')} required fullWidth />
          </Grid>
          <Grid size={{ xs: 6, sm: 6 }}>
            <FormTextField control={control} name="meterDigits" label={t('marketing.page.meterDigits')} required fullWidth />
          </Grid>
          <Grid size={{ xs: 6, sm: 6 }}>
            <FormTextField control={control} name="installationReading" label={t('marketing.page.installationReading')} fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="installationDate" label={t('marketing.page.installationDate')} type="date" required fullWidth />
          </Grid>
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={convert.isPending}>
          {t('marketing.page.convert')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export default function ProspectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const id = Number(useParams().id);
  const prospect = useDetailQuery(marketingEndpoints.findOne, id);
  const [isConverting, setConverting] = useState(false);
  if (prospect.isError) return <Alert severity="error">{t('api.genericError')}</Alert>;
  if (!prospect.data) return <Skeleton variant="rounded" height={240} />;
  const r = prospect.data;
  const isOpen = r.outcome !== 'Converted';
  return (
    <>
      <PageHeader
        title={`${t('marketing.page.title')}: ${r.name}`}
        subtitle={r.location ?? undefined}
        actions={
          isOpen && can(p.add) ? (
            <Stack direction="row" spacing={1}>
              <Button variant="outlined" onClick={() => navigate(`/marketing/${r.id}/edit`)}>
                {t('marketing.page.edit')}
              </Button>
              <Button variant="contained" onClick={() => setConverting(true)}>
                {t('marketing.page.convert')}
              </Button>
            </Stack>
          ) : undefined
        }
      />
      {r.customerId && (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="prospect-customer">
          <RouterLink to={`/customers/${r.customerId}`}>{t('marketing.page.became', { customerNo: r.customerNo ?? '' })}</RouterLink> · {r.customerName}
        </Alert>
      )}
      <Paper sx={{ p: { xs: 2, md: 3 } }}>
        <Grid container spacing={2}>
          <Detail label={t('marketing.field.outcome')}>
            <OutcomeChip outcome={r.outcome} />
          </Detail>
          <Detail label={t('marketing.field.phone')}>{r.phone}</Detail>
          <Detail label={t('marketing.field.zone')}>{r.zoneName ?? '—'}</Detail>
          <Detail label={t('marketing.field.interest')}>{t(`marketing.interest.${r.interest}`)}</Detail>
          <Detail label={t('marketing.field.source')}>{t(`marketing.source.${r.source}`)}</Detail>
          <Detail label={t('marketing.field.visitDate')}>
            <DateText value={r.visitDate} />
          </Detail>
          <Detail label={t('marketing.field.officer')}>{r.officerName}</Detail>
          <Detail label={t('marketing.field.followUpDate')}>
            <DateText value={r.followUpDate} />
          </Detail>
        </Grid>
        {r.notes && (
          <>
            <Typography variant="subtitle1" sx={{ mt: 3, mb: 0.5 }}>
              {t('marketing.field.notes')}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {r.notes}
            </Typography>
          </>
        )}
      </Paper>
      {isOpen && <ConvertDialog prospect={r} open={isConverting} onClose={() => setConverting(false)} />}
    </>
  );
}
