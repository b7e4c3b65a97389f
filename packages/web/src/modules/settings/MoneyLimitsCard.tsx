// The organisation's money limits on the company profile (amountLimitsEndpoints, issue 12): the
// maximum per document, which the server enforces on every posted document and budget, and, read-only,
// the usual amount and the threshold above which the money forms ask for a confirmation.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type AmountLimits, type AmountLimitsBody, amountKindValues, amountLimitsBody } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { toast } from '../../lib/api.ts';
import { formatMoney } from '../../lib/format.ts';
import { applyServerErrors } from '../../lib/forms.ts';
import { useLang } from '../../lib/messages.ts';
import { useAmountLimits, useUpdateAmountLimits } from '../finance/index.ts';

export function MoneyLimitsCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const limits = useAmountLimits();
  return (
    <Paper sx={{ p: 3 }} component="section" aria-labelledby="money-limits-title">
      <Typography id="money-limits-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('amountLimits.cardTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
        {t('amountLimits.cardText')}
      </Typography>
      {limits.data ? <MoneyLimitsForm limits={limits.data} canEdit={canEdit} /> : <Skeleton variant="rounded" height={56} />}
    </Paper>
  );
}

/** Mounted once the limits are loaded, so the field never shows empty before its value. */
function MoneyLimitsForm({ limits, canEdit }: { limits: AmountLimits; canEdit: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const save = useUpdateAmountLimits();
  const { control, handleSubmit, reset, setError, formState } = useForm<AmountLimitsBody>({
    mode: 'all',
    resolver: zodResolver(amountLimitsBody),
    defaultValues: { maxDocumentAmount: limits.maxDocumentAmount },
  });

  const submit = handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        reset({ maxDocumentAmount: saved.maxDocumentAmount });
        toast(t('amountLimits.saved'), 'success');
      },
      onError: (err) => applyServerErrors(err, setError),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2.5} sx={{ alignItems: { md: 'flex-start' } }}>
        <FormTextField<AmountLimitsBody>
          control={control}
          name="maxDocumentAmount"
          label={t('amountLimits.maxDocumentAmount')}
          required
          sx={{ minWidth: 260 }}
          slotProps={{ htmlInput: { inputMode: 'decimal', readOnly: !canEdit } }}
        />
      </Stack>
      <Table size="small" sx={{ mt: 2 }} aria-label={t('amountLimits.usualTitle')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('amountLimits.kind')}</TableCell>
            <TableCell align="right">{t('amountLimits.typicalAmount')}</TableCell>
            <TableCell align="right">{t('amountLimits.confirmAbove')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {amountKindValues.map((kind) => {
            const usual = limits.kinds[kind];
            return (
              <TableRow key={kind}>
                <TableCell>{t(`amountLimits.kinds.${kind}`)}</TableCell>
                <TableCell align="right">{usual?.typicalAmount ? formatMoney(usual.typicalAmount, lang) : t('amountLimits.noTypical')}</TableCell>
                <TableCell align="right">{usual ? formatMoney(usual.confirmAbove, lang) : ''}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {canEdit && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button type="submit" variant="contained" disabled={!formState.isDirty || save.isPending}>
            {t('common.save')}
          </Button>
        </Box>
      )}
    </form>
  );
}
