// /vendors/purchase-return/new?purchaseId=: a return against a vendor bill or cash purchase. The purchase's
// lines with what can still go back (bought less returned); the clerk types how much of each goes back now,
// the date, a reason and, for a cash purchase, the account the refund comes into. Checked with the
// contracts' purchaseReturnBody; the server's refusals (more than can be returned, the stock has moved on)
// land on their lines.
import { useState } from 'react';
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
import { zodResolver } from '@hookform/resolvers/zod';
import { type Control, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  cashPurchasesEndpoints,
  itemsEndpoints,
  purchaseReturnBody,
  purchaseReturnsEndpoints,
  stockMovesEndpoints,
  vendorBillsEndpoints,
  type z,
} from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ApiError, toast } from '../../lib/api.ts';
import { todayIso } from '../../lib/format.ts';
import { useMessage } from '../../lib/messages.ts';
import { useDetailQuery, useEndpointMutation, useListQuery } from '../../lib/queries.ts';
import { purchasesPrivileges as p } from './purchases.access.ts';
import { usePurchaseChoices } from './purchases.queries.ts';

const headSchema = purchaseReturnBody.pick({ date: true, reason: true, refundAccountId: true });
interface Head {
  date: string;
  reason: string;
  refundAccountId: string;
}

function PurchasePicker({ onPick }: { onPick: (id: number) => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const bills = useListQuery(vendorBillsEndpoints.list, { status: 'Posted', _limit: 200 }, { enabled: can(p.bill) });
  const cash = useListQuery(cashPurchasesEndpoints.list, { status: 'Posted', _limit: 200 }, { enabled: can(p.cash) });
  const options = [...(bills.data?.data ?? []), ...(cash.data?.data ?? [])];
  return (
    <Autocomplete
      options={options}
      getOptionLabel={(o) => `${o.number} · ${o.vendorName}${o.vendorBillNo ? ` (${o.vendorBillNo})` : ''}`}
      onChange={(_, v) => v && onPick(v.id)}
      renderInput={(params) => <TextField {...params} label={t('purchases.returns.pickPurchase')} />}
    />
  );
}

export default function PurchaseReturnFormPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const purchaseId = Number(search.get('purchaseId')) || null;
  const purchase = useDetailQuery(purchaseReturnsEndpoints.purchase, purchaseId);
  const choices = usePurchaseChoices();
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [lineErrors, setLineErrors] = useState<Record<number, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<Head, unknown, z.output<typeof headSchema>>({
    mode: 'onTouched',
    resolver: zodResolver(headSchema) as never,
    defaultValues: { date: todayIso(), reason: '', refundAccountId: '' },
  });
  const control = form.control as unknown as Control<Head>;
  const post = useEndpointMutation(purchaseReturnsEndpoints.create, {
    invalidate: [
      purchaseReturnsEndpoints.list,
      purchaseReturnsEndpoints.purchase,
      vendorBillsEndpoints.list,
      vendorBillsEndpoints.get,
      cashPurchasesEndpoints.list,
      cashPurchasesEndpoints.get,
      itemsEndpoints.list,
      stockMovesEndpoints.list,
    ],
    setError: form.setError as never,
    successMessage: false,
    onSuccess: (doc) => {
      toast(t('purchases.returns.posted', { number: doc.number }), 'success');
      navigate(`/vendors/purchase-return/${doc.id}`);
    },
  });
  const d = purchase.data;
  const submit = form.handleSubmit((head) => {
    if (!d) return;
    const chosen = d.lines.filter((l) => (quantities[l.position] ?? '').trim() !== '' && Number(quantities[l.position]) !== 0);
    const body = { purchaseId: d.id, ...head, lines: chosen.map((l) => ({ position: l.position, quantity: quantities[l.position].trim() })) };
    const parsed = purchaseReturnBody.safeParse(body);
    setRefusal(null);
    setLineErrors({});
    if (!parsed.success) {
      const errors: Record<number, string> = {};
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'lines' && typeof issue.path[1] === 'number') errors[chosen[issue.path[1]].position] = message(issue.message);
        else setRefusal(message(issue.message));
      }
      setLineErrors(errors);
      return;
    }
    post.mutate(
      { body },
      {
        onError: (err) => {
          if (!(err instanceof ApiError)) return;
          const errors: Record<number, string> = {};
          for (const e of err.details) {
            const m = /^lines\.(\d+)\./.exec(e.field);
            if (m) errors[chosen[Number(m[1])]?.position ?? 0] = e.message;
          }
          setLineErrors(errors);
          if (Object.keys(errors).length === 0 && err.details.length === 0) setRefusal(err.message);
        },
      },
    );
  });
  return (
    <>
      <PageHeader title={t('purchases.returns.newTitle')} subtitle={t('purchases.returns.newSubtitle')} />
      <Paper component="form" onSubmit={submit} noValidate sx={{ p: { xs: 2, md: 3 } }}>
        {!purchaseId && <PurchasePicker onPick={(id) => setSearch({ purchaseId: String(id) })} />}
        {d && (
          <>
            <Grid container spacing={2.5}>
              <Grid size={{ xs: 12, sm: 3 }}>
                <TextField
                  label={t('purchases.returns.purchase')}
                  value={`${d.number} · ${d.vendorName}`}
                  fullWidth
                  slotProps={{ input: { readOnly: true } }}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 3 }}>
                <FormTextField control={control} name="date" label={t('purchases.field.date')} type="date" required fullWidth />
              </Grid>
              <Grid size={{ xs: 12, sm: 3 }}>
                <FormTextField control={control} name="reason" label={t('purchases.field.reason')} fullWidth slotProps={{ htmlInput: { maxLength: 500 } }} />
              </Grid>
              {d.kind === 'cash' && (
                <Grid size={{ xs: 12, sm: 3 }}>
                  <FormTextField control={control} name="refundAccountId" label={t('purchases.field.refundAccount')} select fullWidth>
                    <MenuItem value="">{d.paymentAccountName}</MenuItem>
                    {(choices.data?.paymentAccounts ?? []).map((a) => (
                      <MenuItem key={a.id} value={String(a.id)}>
                        {a.code} {a.name}
                      </MenuItem>
                    ))}
                  </FormTextField>
                </Grid>
              )}
            </Grid>
            {refusal && (
              <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                {refusal}
              </Alert>
            )}
            <Table size="small" sx={{ mt: 3 }} aria-label={t('purchases.document.lines')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('purchases.line.item')}</TableCell>
                  <TableCell align="right">{t('purchases.line.quantity')}</TableCell>
                  <TableCell align="right">{t('purchases.line.unitPrice')}</TableCell>
                  <TableCell align="right">{t('purchases.line.returned')}</TableCell>
                  <TableCell align="right">{t('purchases.line.canReturn')}</TableCell>
                  <TableCell sx={{ width: 160 }}>{t('purchases.line.toReturn')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {d.lines.map((l) => (
                  <TableRow key={l.position}>
                    <TableCell>{l.itemCode ? `${l.itemCode} · ${l.itemName}` : l.description}</TableCell>
                    <TableCell align="right">{l.quantity}</TableCell>
                    <TableCell align="right">
                      <MoneyText value={l.unitPrice} />
                    </TableCell>
                    <TableCell align="right">{l.returnedQuantity}</TableCell>
                    <TableCell align="right">{String(Number(l.quantity) - Number(l.returnedQuantity))}</TableCell>
                    <TableCell>
                      <TextField
                        size="small"
                        value={quantities[l.position] ?? ''}
                        onChange={(e) => setQuantities({ ...quantities, [l.position]: e.target.value })}
                        error={Boolean(lineErrors[l.position])}
                        helperText={lineErrors[l.position]}
                        slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': `${t('purchases.line.toReturn')} ${l.position}` } }}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
        <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'flex-end' }}>
          <Button onClick={() => navigate('/vendors/purchase-return')} disabled={post.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={post.isPending || !d}>
            {t('purchases.returns.post')}
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
