// /complaint/add (?customerId= from the customer page): a customer found by name, number, phone or meter
// (the billing module's customer search in THE customer picker), or a caller who is not a customer yet
// (name and phone); the house or meter it concerns; topic, channel, description, priority and assignee
// (blank: the topic's). Validated with the contracts' complaintBody; the server takes the reference.
import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { type Control, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  complaintBody,
  complaintChannelValues,
  complaintPriorityValues,
  complaintsEndpoints,
  customersEndpoints,
  housesEndpoints,
  type z,
} from '@ubo/contracts';
import { CustomerPicker } from '../../components/CustomerPicker.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { api, toast } from '../../lib/api.ts';
import { endpointKeys } from '../../lib/queryKeys.ts';
import { useEndpointMutation } from '../../lib/queries.ts';
import { type CustomerOption, useCustomerOptions } from '../billing/index.ts';
import { useTopicName } from './ComplaintParts.tsx';

interface FormValues {
  customerId: string;
  callerName: string;
  callerPhone: string;
  houseId: string;
  topicId: string;
  channel: string;
  description: string;
  priority: string;
  assigneeId: string;
}
type Parsed = z.output<typeof complaintBody>;

export default function ComplaintFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const topicName = useTopicName();
  const [search] = useSearchParams();
  const fromCustomer = Number(search.get('customerId')) || null;
  const [customer, setCustomer] = useState<CustomerOption | null>(null);
  const [isCaller, setCaller] = useState(false);
  const choices = useQuery({
    queryKey: endpointKeys(complaintsEndpoints.choices).detail({}),
    queryFn: ({ signal }) => api.call(complaintsEndpoints.choices, {}, { signal }),
  });
  const given = useQuery({
    queryKey: endpointKeys(customersEndpoints.get).detail({ id: fromCustomer }),
    queryFn: ({ signal }) => api.call(customersEndpoints.get, { params: { id: fromCustomer as number } }, { signal }),
    enabled: fromCustomer !== null,
  });
  const form = useForm<FormValues, unknown, Parsed>({
    mode: 'onTouched',
    resolver: zodResolver(complaintBody) as unknown as Resolver<FormValues, unknown, Parsed>,
    defaultValues: {
      customerId: '',
      callerName: '',
      callerPhone: '',
      houseId: '',
      topicId: '',
      channel: 'phone',
      description: '',
      priority: '',
      assigneeId: '',
    },
  });
  const control = form.control as unknown as Control<FormValues>;
  const { setValue } = form;
  useEffect(() => {
    if (given.data) setCustomer(given.data);
  }, [given.data]);
  useEffect(() => {
    setValue('customerId', customer && !isCaller ? String(customer.id) : '');
    setValue('houseId', '');
  }, [customer, isCaller, setValue]);
  const customerId = useWatch({ control, name: 'customerId' });
  const houses = useQuery({
    queryKey: endpointKeys(housesEndpoints.list).list({ customerId }),
    queryFn: ({ signal }) => api.call(housesEndpoints.list, { query: { customerId: Number(customerId), _limit: 100 } }, { signal, silent: true }),
    enabled: Boolean(customerId),
  });
  const create = useEndpointMutation(complaintsEndpoints.create, {
    setError: form.setError,
    successMessage: false,
    onSuccess: (c) => {
      toast(t('complaints.form.saved', { refNo: c.refNo }), 'success');
      navigate(`/complaint/${c.id}`);
    },
  });
  const onSubmit = form.handleSubmit((body) => create.mutate({ body }));
  const customerError = form.formState.errors.customerId?.message ?? form.formState.errors.callerName?.message;
  return (
    <>
      <PageHeader title={t('complaints.form.title')} subtitle={t('complaints.form.subtitle')} />
      <Paper component="form" onSubmit={onSubmit} noValidate sx={{ p: { xs: 2, md: 3 } }}>
        <Grid container spacing={2.5}>
          <Grid size={{ xs: 12, md: 6 }}>
            {!isCaller && (
              <CustomerPicker
                useSearch={useCustomerOptions}
                label={t('complaints.field.customer')}
                value={customer}
                onChange={setCustomer}
                error={Boolean(customerError) && !isCaller}
                helperText={!isCaller && customerError ? t(customerError) : undefined}
              />
            )}
            <FormControlLabel
              control={<Checkbox checked={isCaller} onChange={(e) => setCaller(e.target.checked)} />}
              label={t('complaints.form.notCustomer')}
            />
          </Grid>
          {isCaller ? (
            <>
              <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                <FormTextField control={control} name="callerName" label={t('complaints.field.callerName')} required fullWidth />
              </Grid>
              <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                <FormTextField control={control} name="callerPhone" label={t('complaints.field.callerPhone')} required fullWidth />
              </Grid>
            </>
          ) : (
            <Grid size={{ xs: 12, md: 6 }}>
              <FormTextField control={control} name="houseId" label={t('complaints.field.house')} select fullWidth disabled={!customerId}>
                <MenuItem value="">{t('complaints.field.noHouse')}</MenuItem>
                {(houses.data?.data ?? []).map((h) => (
                  <MenuItem key={h.id} value={String(h.id)}>
                    {[h.houseNo ?? h.address, h.meterNumber, h.zoneName].filter(Boolean).join(' · ')}
                  </MenuItem>
                ))}
              </FormTextField>
            </Grid>
          )}
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <FormTextField control={control} name="topicId" label={t('complaints.field.topic')} select required fullWidth>
              {(choices.data?.topics ?? []).map((x) => (
                <MenuItem key={x.id} value={String(x.id)}>
                  {topicName(x)}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 2 }}>
            <FormTextField control={control} name="channel" label={t('complaints.field.channel')} select required fullWidth>
              {complaintChannelValues.map((v) => (
                <MenuItem key={v} value={v}>
                  {t(`complaints.channel.${v}`)}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <FormTextField control={control} name="priority" label={t('complaints.field.priority')} select fullWidth>
              <MenuItem value="">{t('complaints.field.topicPriority')}</MenuItem>
              {complaintPriorityValues.map((v) => (
                <MenuItem key={v} value={v}>
                  {t(`complaints.priority.${v}`)}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <FormTextField control={control} name="assigneeId" label={t('complaints.field.assignee')} select fullWidth>
              <MenuItem value="">{t('complaints.field.topicUser')}</MenuItem>
              {(choices.data?.users ?? []).map((u) => (
                <MenuItem key={u.id} value={String(u.id)}>
                  {u.name}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={12}>
            <FormTextField
              control={control}
              name="description"
              label={t('complaints.field.description')}
              required
              fullWidth
              multiline
              minRows={3}
              slotProps={{ htmlInput: { maxLength: 4000 } }}
            />
          </Grid>
        </Grid>
        <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'flex-end' }}>
          <Button onClick={() => navigate(-1)} disabled={create.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {t('complaints.form.save')}
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
