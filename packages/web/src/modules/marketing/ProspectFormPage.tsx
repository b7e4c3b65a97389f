// /marketing/add and /marketing/:id/edit: a prospective customer or a site visit: name, phone, location,
// zone, interest, source, visit date, officer (default: the caller), notes, follow-up date and outcome.
// Validated with the contracts' prospectBody; a converted prospect is no longer edited (the server refuses).
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Control, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  marketingEndpoints,
  type Prospect,
  prospectBody,
  prospectEditableOutcomeValues,
  prospectInterestValues,
  prospectSourceValues,
  type z,
} from '@ubo/contracts';
import { useSession } from '../../app/session.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toast } from '../../lib/api.ts';
import { useDetailQuery, useSaveEndpoint } from '../../lib/queries.ts';
import { useProspectChoices } from './ProspectParts.tsx';

interface FormValues {
  name: string;
  phone: string;
  location: string;
  zoneId: string;
  interest: string;
  source: string;
  visitDate: string;
  officerId: string;
  notes: string;
  followUpDate: string;
  outcome: string;
}
type Parsed = z.output<typeof prospectBody>;
const today = () => new Date().toISOString().slice(0, 10);

const valuesOf = (p: Prospect | undefined, me: number | undefined): FormValues => ({
  name: p?.name ?? '',
  phone: p?.phone ?? '',
  location: p?.location ?? '',
  zoneId: p?.zoneId ? String(p.zoneId) : '',
  interest: p?.interest ?? 'new-connection',
  source: p?.source ?? 'field-visit',
  visitDate: p?.visitDate ?? today(),
  officerId: p ? String(p.officerId) : me ? String(me) : '',
  notes: p?.notes ?? '',
  followUpDate: p?.followUpDate ?? '',
  outcome: p && p.outcome !== 'Converted' ? p.outcome : 'Open',
});

function ProspectForm({ prospect }: { prospect?: Prospect }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useSession().user?.id;
  const choices = useProspectChoices();
  const form = useForm<FormValues, unknown, Parsed>({
    mode: 'onTouched',
    resolver: zodResolver(prospectBody) as unknown as Resolver<FormValues, unknown, Parsed>,
    defaultValues: valuesOf(prospect, me),
  });
  const control = form.control as unknown as Control<FormValues>;
  const save = useSaveEndpoint(
    { create: marketingEndpoints.create, update: marketingEndpoints.update },
    {
      setError: form.setError,
      successMessage: false,
      onSuccess: (p) => {
        toast(t('marketing.form.saved'), 'success');
        navigate(`/marketing/${p.id}`);
      },
    },
  );
  const onSubmit = form.handleSubmit((body) => save.mutate({ id: prospect?.id, body }));
  const select = (name: keyof FormValues, label: string, options: Array<{ value: string; label: string }>, required = true) => (
    <FormTextField control={control} name={name} label={label} select required={required} fullWidth>
      {!required && <MenuItem value="">—</MenuItem>}
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </FormTextField>
  );
  return (
    <Paper component="form" onSubmit={onSubmit} noValidate sx={{ p: { xs: 2, md: 3 } }}>
      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <FormTextField control={control} name="name" label={t('marketing.field.name')} required fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <FormTextField control={control} name="phone" label={t('marketing.field.phone')} required fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          {select(
            'zoneId',
            t('marketing.field.zone'),
            (choices.data?.zones ?? []).map((z) => ({ value: String(z.id), label: z.name })),
            false,
          )}
        </Grid>
        <Grid size={12}>
          <FormTextField control={control} name="location" label={t('marketing.field.location')} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          {select(
            'interest',
            t('marketing.field.interest'),
            prospectInterestValues.map((v) => ({ value: v, label: t(`marketing.interest.${v}`) })),
          )}
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          {select(
            'source',
            t('marketing.field.source'),
            prospectSourceValues.map((v) => ({ value: v, label: t(`marketing.source.${v}`) })),
          )}
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <FormTextField control={control} name="visitDate" label={t('marketing.field.visitDate')} type="date" required fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          {select(
            'officerId',
            t('marketing.field.officer'),
            (choices.data?.officers ?? []).map((u) => ({ value: String(u.id), label: u.name })),
          )}
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <FormTextField control={control} name="followUpDate" label={t('marketing.field.followUpDate')} type="date" fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          {select(
            'outcome',
            t('marketing.field.outcome'),
            prospectEditableOutcomeValues.map((v) => ({ value: v, label: t(`marketing.outcome.${v}`) })),
          )}
        </Grid>
        <Grid size={12}>
          <FormTextField
            control={control}
            name="notes"
            label={t('marketing.field.notes')}
            fullWidth
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        </Grid>
      </Grid>
      <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'flex-end' }}>
        <Button onClick={() => navigate(prospect ? `/marketing/${prospect.id}` : '/marketing/list')} disabled={save.isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t('marketing.form.save')}
        </Button>
      </Stack>
    </Paper>
  );
}

export default function ProspectFormPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id) || null;
  const prospect = useDetailQuery(marketingEndpoints.findOne, id);
  if (id && !prospect.data) return <Skeleton variant="rounded" height={240} />;
  return (
    <>
      <PageHeader title={prospect.data ? t('marketing.form.editTitle') : t('marketing.form.newTitle')} subtitle={t('marketing.form.subtitle')} />
      <ProspectForm prospect={prospect.data} />
    </>
  );
}
