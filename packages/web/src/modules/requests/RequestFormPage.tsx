// /requests/add and /requests/:id/edit (the requester's draft): type, branch, department, purpose, needed-by
// date, then lines (description, quantity, estimated unit amount) or, without lines, one amount. Validated
// with the contracts' requestBody; saved as a draft, or saved and submitted at once (the reference
// REQ-<year>-nnnnn is taken then, by the server).
import { useRef } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import Decimal from 'decimal.js';
import { type Control, type Resolver, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { type RequestDetail, requestBody, requestTypeValues, requestsEndpoints, type z } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { api, toast } from '../../lib/api.ts';
import { endpointKeys } from '../../lib/queryKeys.ts';
import { useDetailQuery, useEndpointMutation, useSaveEndpoint } from '../../lib/queries.ts';

interface LineValues {
  description: string;
  quantity: string;
  unitAmount: string;
}
interface FormValues {
  type: string;
  branchId: string;
  department: string;
  purpose: string;
  neededBy: string;
  amount: string;
  lines: LineValues[];
}
type Parsed = z.output<typeof requestBody>;

const emptyLine = (): LineValues => ({ description: '', quantity: '1', unitAmount: '' });

const valuesOf = (r: RequestDetail): FormValues => ({
  type: r.type,
  branchId: String(r.branchId),
  department: r.department ?? '',
  purpose: r.purpose,
  neededBy: r.neededBy ?? '',
  amount: r.lines.length === 0 ? r.amount : '',
  lines: r.lines.map((l) => ({ description: l.description, quantity: l.quantity, unitAmount: l.unitAmount })),
});

/** The lines' total as the server adds it: each quantity x unit amount to the cent. */
function linesTotal(lines: LineValues[]): string | null {
  try {
    return lines
      .reduce((s, l) => s.plus(new Decimal(l.quantity || 0).times(l.unitAmount || 0).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)), new Decimal(0))
      .toFixed(2);
  } catch {
    return null;
  }
}

function RequestForm({ request }: { request?: RequestDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const choices = useQuery({
    queryKey: endpointKeys(requestsEndpoints.choices).detail({}),
    queryFn: ({ signal }) => api.call(requestsEndpoints.choices, {}, { signal }),
  });
  const nextRef = useQuery({
    queryKey: endpointKeys(requestsEndpoints.generateRefNo).detail({}),
    queryFn: ({ signal }) => api.call(requestsEndpoints.generateRefNo, {}, { signal }),
    staleTime: 0,
  });
  const branches = choices.data?.branches ?? [];
  const form = useForm<FormValues, unknown, Parsed>({
    // Every change validates its field, so a message shown while typing goes as soon as the value is right,
    // not at the blur: a blur that removed a message moved the buttons up under the pointer between the
    // press and the release, and the click on "Save and submit" right after the last line was lost.
    mode: 'all',
    resolver: zodResolver(requestBody) as unknown as Resolver<FormValues, unknown, Parsed>,
    defaultValues: request
      ? valuesOf(request)
      : { type: 'purchase', branchId: '', department: '', purpose: '', neededBy: '', amount: '', lines: [emptyLine()] },
  });
  const control = form.control as unknown as Control<FormValues>;
  const lines = useFieldArray({ control, name: 'lines' });
  const watched = useWatch({ control, name: 'lines' }) ?? [];
  const total = linesTotal(watched);
  const andSubmit = useRef(false);
  const submitRequest = useEndpointMutation(requestsEndpoints.submit, {
    invalidate: [requestsEndpoints.list, requestsEndpoints.view, requestsEndpoints.generateRefNo],
    successMessage: false,
    onSuccess: (r) => {
      toast(t('requests.page.submitted', { refNo: r.refNo }), 'success');
      navigate(`/requests/${r.id}`);
    },
  });
  const save = useSaveEndpoint(
    { create: requestsEndpoints.create, update: requestsEndpoints.update },
    {
      invalidate: [requestsEndpoints.list, requestsEndpoints.view],
      setError: form.setError,
      successMessage: false,
      onSuccess: (r) => {
        if (andSubmit.current) {
          submitRequest.mutate({ params: { id: r.id } });
          return;
        }
        toast(t('requests.form.saved'), 'success');
        navigate(`/requests/${r.id}`);
      },
    },
  );
  const pending = save.isPending || submitRequest.isPending;
  // Both buttons submit the form; the one pressed says whether the saved draft is submitted too.
  const onSubmit = form.handleSubmit((body) => save.mutate({ id: request?.id, body }));

  return (
    <Paper component="form" onSubmit={onSubmit} noValidate sx={{ p: { xs: 2, md: 3 } }}>
      {nextRef.data && !request && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('requests.form.nextRef', { refNo: nextRef.data.refNo })}
        </Alert>
      )}
      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, sm: 3 }}>
          <FormTextField control={control} name="type" label={t('requests.field.type')} select required fullWidth>
            {requestTypeValues.map((v) => (
              <MenuItem key={v} value={v}>
                {t(`requests.type.${v}`)}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 3 }}>
          <FormTextField control={control} name="branchId" label={t('requests.field.branch')} select required disabled={choices.isPending} fullWidth>
            {branches.map((b) => (
              <MenuItem key={b.id} value={String(b.id)}>
                {b.name}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 3 }}>
          <FormTextField
            control={control}
            name="department"
            label={t('requests.field.department')}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 120, list: 'request-departments' } }}
          />
          <datalist id="request-departments">
            {(choices.data?.departments ?? []).map((d) => (
              <option key={d} value={d} />
            ))}
          </datalist>
        </Grid>
        <Grid size={{ xs: 12, sm: 3 }}>
          <FormTextField control={control} name="neededBy" label={t('requests.field.neededBy')} type="date" fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 9 }}>
          <FormTextField
            control={control}
            name="purpose"
            label={t('requests.field.purpose')}
            required
            fullWidth
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 3 }}>
          <FormTextField
            control={control}
            name="amount"
            label={t('requests.field.amount')}
            helperText={t('requests.field.amountHelp')}
            disabled={lines.fields.length > 0}
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </Grid>
      </Grid>
      <Typography variant="subtitle1" sx={{ mt: 3, mb: 1 }}>
        {t('requests.form.lines')}
      </Typography>
      {lines.fields.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {t('requests.form.noLines')}
        </Typography>
      )}
      <Stack spacing={1.5}>
        {lines.fields.map((f, i) => (
          <Grid container spacing={1.5} key={f.id} data-testid={`request-line-${i}`} sx={{ alignItems: 'flex-start' }}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name={`lines.${i}.description`} label={t('requests.line.description')} required fullWidth size="small" />
            </Grid>
            <Grid size={{ xs: 4, sm: 2 }}>
              <FormTextField
                control={control}
                name={`lines.${i}.quantity`}
                label={t('requests.line.quantity')}
                required
                fullWidth
                size="small"
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            </Grid>
            <Grid size={{ xs: 6, sm: 3 }}>
              <FormTextField
                control={control}
                name={`lines.${i}.unitAmount`}
                label={t('requests.line.unitAmount')}
                required
                fullWidth
                size="small"
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            </Grid>
            <Grid size={{ xs: 2, sm: 1 }}>
              <IconButton aria-label={t('requests.line.remove')} onClick={() => lines.remove(i)}>
                <DeleteIcon />
              </IconButton>
            </Grid>
          </Grid>
        ))}
      </Stack>
      <Stack direction="row" spacing={2} sx={{ mt: 1.5, alignItems: 'center', justifyContent: 'space-between' }}>
        <Button startIcon={<AddIcon />} onClick={() => lines.append(emptyLine())}>
          {t('requests.line.add')}
        </Button>
        {lines.fields.length > 0 && total !== null && (
          <Typography variant="subtitle2" data-testid="request-total">
            {t('requests.form.total')}: <MoneyText value={total} />
          </Typography>
        )}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'flex-end' }}>
        <Button onClick={() => navigate(request ? `/requests/${request.id}` : '/requests/list')} disabled={pending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="outlined" disabled={pending} onClick={() => (andSubmit.current = false)}>
          {t('requests.form.saveDraft')}
        </Button>
        <Button type="submit" variant="contained" disabled={pending} onClick={() => (andSubmit.current = true)}>
          {t('requests.form.saveSubmit')}
        </Button>
      </Stack>
    </Paper>
  );
}

export default function RequestFormPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id) || null;
  const request = useDetailQuery(requestsEndpoints.view, id);
  if (id && !request.data) return <Skeleton variant="rounded" height={240} />;
  return (
    <>
      <PageHeader title={request.data ? `${t('requests.form.editTitle')}` : t('requests.form.newTitle')} subtitle={t('requests.form.subtitle')} />
      <RequestForm request={request.data} />
    </>
  );
}
