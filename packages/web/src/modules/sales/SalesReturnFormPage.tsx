// /customers/sales-return/new (?saleId= from a sale's page): goods back from a posted invoice or cash sale.
// Find the sale by its number or the customer's name; its lines show what was sold and returned so far;
// type what comes back on each (never more than sold less returned: the server refuses on the line). A
// cash sale is refunded from the account chosen; an invoice's return is a credit note on it.
import { useEffect, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { type SalesDocumentRow, salesReturnBody, salesReturnsEndpoints } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ApiError, api, toast } from '../../lib/api.ts';
import { todayIso } from '../../lib/format.ts';
import { useMessage } from '../../lib/messages.ts';
import { endpointKeys } from '../../lib/queryKeys.ts';
import { useEndpointMutation } from '../../lib/queries.ts';
import { kinds } from './sales.kinds.ts';
import { useSalesChoices } from './sales.queries.ts';

interface FormValues {
  date: string;
  refundAccountId: string;
  reason: string;
}

export default function SalesReturnFormPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const formId = useId();
  const [search] = useSearchParams();
  const choices = useSalesChoices();
  const [saleId, setSaleId] = useState<number | null>(Number(search.get('saleId')) || null);
  const [text, setText] = useState('');
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [lineErrors, setLineErrors] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const found = useQuery({
    queryKey: endpointKeys(salesReturnsEndpoints.returnable).list({ q: text }),
    queryFn: ({ signal }) => api.call(salesReturnsEndpoints.returnable, { query: { q: text || undefined } }, { signal }),
    placeholderData: keepPreviousData,
  });
  const sale = useQuery({
    queryKey: endpointKeys(salesReturnsEndpoints.returnableSale).detail({ id: saleId ?? 0 }),
    queryFn: ({ signal }) => api.call(salesReturnsEndpoints.returnableSale, { params: { id: saleId as number } }, { signal }),
    enabled: saleId !== null,
    staleTime: 0,
  });
  const s = sale.data;
  const form = useForm<FormValues>({ defaultValues: { date: todayIso(), refundAccountId: '', reason: '' } });
  useEffect(() => {
    const first = choices.data?.receivingAccounts[0];
    if (first && !form.getValues('refundAccountId')) form.setValue('refundAccountId', String(first.id));
  }, [choices.data, form]);

  const post = useEndpointMutation(salesReturnsEndpoints.create, {
    successMessage: false,
    onSuccess: (doc) => {
      toast(t('sales.kind.return.posted', { number: doc.number }), 'success');
      navigate(`${kinds.return.path}/${doc.id}`);
    },
  });
  const lines = (s?.lines ?? []).filter((l) => (quantities[l.position] ?? '').trim() !== '');
  const submit = form.handleSubmit((values) => {
    setFormError(null);
    setLineErrors({});
    if (!s) return setFormError(t('sales.returnForm.noLines'));
    if (lines.length === 0) return setFormError(t('sales.returnForm.nothing'));
    const body = {
      saleId: s.id,
      date: values.date,
      refundAccountId: s.kind === 'receipt' ? Number(values.refundAccountId) || undefined : undefined,
      reason: values.reason,
      lines: lines.map((l) => ({ position: l.position, quantity: quantities[l.position].trim() })),
    };
    // The contracts' body first: a quantity that is not one is marked on its line without a round trip.
    const checked = salesReturnBody.safeParse(body);
    if (!checked.success) return showErrors(checked.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })));
    post.mutate({ body }, { onError: (err) => err instanceof ApiError && showErrors(err.details, err.message) });
  });
  /** Errors by field: a line's on its quantity, the form's fields on theirs, the rest above the buttons. */
  function showErrors(details: ReadonlyArray<{ field: string; message: string }>, fallback?: string) {
    const onLines: Record<number, string> = {};
    const rest: string[] = [];
    for (const d of details) {
      const m = /^lines\.(\d+)\./.exec(d.field);
      if (m && lines[Number(m[1])]) onLines[lines[Number(m[1])].position] = d.message;
      else if (d.field === 'date' || d.field === 'refundAccountId' || d.field === 'reason') form.setError(d.field, { message: d.message });
      else rest.push(d.message);
    }
    setLineErrors(onLines);
    if (rest.length > 0 || details.length === 0) setFormError(rest.join(' ') || fallback || null);
  }

  return (
    <>
      <PageHeader title={t('sales.kind.return.new')} subtitle={t('sales.kind.return.subtitle')} />
      <Paper component="form" id={formId} onSubmit={submit} noValidate sx={{ p: { xs: 2, md: 3 } }}>
        <Grid container spacing={2.5}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Autocomplete<SalesDocumentRow>
              options={found.data?.data ?? []}
              value={s ?? null}
              filterOptions={(x) => x}
              onInputChange={(_, v, reason) => reason === 'input' && setText(v)}
              onChange={(_, v) => {
                setSaleId(v?.id ?? null);
                setQuantities({});
                setLineErrors({});
              }}
              getOptionLabel={(o) => `${o.number} · ${o.customerName}`}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              renderInput={(params) => (
                <TextField {...params} label={t('sales.returnForm.findSale')} helperText={t('sales.returnForm.findHint')} required autoFocus />
              )}
            />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <FormTextField
              control={form.control}
              name="date"
              label={t('sales.field.date')}
              type="date"
              required
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            {s?.kind === 'receipt' && (
              <FormTextField control={form.control} name="refundAccountId" label={t('sales.field.refundAccount')} select required fullWidth>
                {(choices.data?.receivingAccounts ?? []).map((a) => (
                  <MenuItem key={a.id} value={String(a.id)}>
                    {`${a.code} ${a.name}`}
                  </MenuItem>
                ))}
              </FormTextField>
            )}
          </Grid>
          <Grid size={{ xs: 12 }}>
            <FormTextField control={form.control} name="reason" label={t('sales.field.reason')} fullWidth slotProps={{ htmlInput: { maxLength: 500 } }} />
          </Grid>
        </Grid>
        {s && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {s.kind === 'invoice' ? t('sales.returnForm.creditNote') : t('sales.returnForm.refund')}
          </Alert>
        )}
        {s ? (
          <Table size="small" sx={{ mt: 2 }} aria-label={t('sales.page.lines')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('sales.line.item')}</TableCell>
                <TableCell align="right">{t('sales.line.sold')}</TableCell>
                <TableCell align="right">{t('sales.line.returned')}</TableCell>
                <TableCell align="right">{t('sales.line.unitPrice')}</TableCell>
                <TableCell align="right" sx={{ width: 160 }}>
                  {t('sales.line.returnQty')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {s.lines.map((l) => (
                <TableRow key={l.position}>
                  <TableCell>{[l.itemCode && `${l.itemCode} ${l.itemName}`, l.description].filter(Boolean).join(' — ')}</TableCell>
                  <TableCell align="right">{l.quantity}</TableCell>
                  <TableCell align="right">{l.returnedQuantity ?? '0'}</TableCell>
                  <TableCell align="right">
                    <MoneyText value={l.unitPrice} />
                  </TableCell>
                  <TableCell align="right">
                    <TextField
                      size="small"
                      value={quantities[l.position] ?? ''}
                      onChange={(e) => setQuantities({ ...quantities, [l.position]: e.target.value })}
                      error={Boolean(lineErrors[l.position])}
                      helperText={lineErrors[l.position] ? message(lineErrors[l.position]) : undefined}
                      placeholder="0"
                      slotProps={{
                        htmlInput: { inputMode: 'decimal', 'aria-label': `${t('sales.line.returnQty')} ${l.position}`, style: { textAlign: 'right' } },
                      }}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('sales.returnForm.noLines')}
          </Alert>
        )}
        {formError && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {formError}
          </Alert>
        )}
        <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'flex-end' }}>
          <Button onClick={() => navigate(kinds.return.path)} disabled={post.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={post.isPending || !s}>
            {t('sales.action.post')}
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
