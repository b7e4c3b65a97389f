// The tariff form's live price preview: type a consumption and see the bill the form's tariff would make,
// line by line (service charge, each block used, units above the last block, the top-up to the minimum
// charge, tax, total), recomputed on every keystroke with the contracts' priceConsumption, the code the
// server bills with.
import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Control, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../components/MoneyText.tsx';
import { previewOf, previewRows, type PreviewRow, type TariffFormValues } from './tariff.logic.ts';

export const DEFAULT_PREVIEW_CONSUMPTION = '50';

function Row({ row }: { row: PreviewRow }) {
  const { t } = useTranslation();
  return (
    <TableRow>
      <TableCell>{t(row.label.key, row.label.values)}</TableCell>
      <TableCell sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
        {row.working ? t('billing.preview.working', { units: row.working.units, rate: row.working.rate }) : ''}
      </TableCell>
      <TableCell align="right">
        <MoneyText value={row.amount} />
      </TableCell>
    </TableRow>
  );
}

export function PricePreview({ control }: { control: Control<TariffFormValues> }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [consumption, setConsumption] = useState(DEFAULT_PREVIEW_CONSUMPTION);
  const [serviceCharge, minimumCharge, taxPercent, blocks] = useWatch({ control, name: ['serviceCharge', 'minimumCharge', 'taxPercent', 'blocks'] });
  const preview = previewOf({ serviceCharge, minimumCharge, taxPercent, blocks: blocks ?? [] }, consumption);
  const rows = preview.state === 'ok' ? previewRows(preview.breakdown, preview.tariff) : null;

  return (
    <Paper component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, md: 3 }, position: { md: 'sticky' }, top: { md: 88 } }}>
      <Typography id={titleId} variant="h6" component="h3">
        {t('billing.preview.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('billing.preview.subtitle')}
      </Typography>
      <TextField
        label={t('billing.preview.consumption')}
        value={consumption}
        onChange={(e) => setConsumption(e.target.value)}
        size="small"
        fullWidth
        error={preview.state === 'badConsumption'}
        helperText={preview.state === 'badConsumption' ? t('billing.preview.badConsumption') : t('billing.preview.consumptionHelp')}
        slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
        sx={{ mb: 2 }}
      />
      {preview.state === 'incomplete' && <Alert severity="info">{t('billing.preview.incomplete')}</Alert>}
      {preview.state === 'empty' && <Alert severity="info">{t('billing.preview.typeConsumption')}</Alert>}
      {preview.state === 'ok' && rows && (
        <Box aria-live="polite">
          <Table size="small" aria-label={t('billing.preview.tableLabel', { units: preview.breakdown.consumption })}>
            <TableHead>
              <TableRow>
                <TableCell>{t('billing.preview.line')}</TableCell>
                <TableCell>{t('billing.preview.calculation')}</TableCell>
                <TableCell align="right">{t('billing.preview.amount')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.charges.map((r) => (
                <Row key={r.key} row={r} />
              ))}
              <TableRow>
                <TableCell colSpan={2} sx={{ fontWeight: 600 }}>
                  {t('billing.preview.subtotal')}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="preview-subtotal">
                  <MoneyText value={preview.breakdown.subtotal} />
                </TableCell>
              </TableRow>
              {rows.tax && <Row row={rows.tax} />}
              <TableRow>
                <TableCell colSpan={2} sx={{ fontWeight: 700, fontSize: '1rem' }}>
                  {t('billing.preview.total')}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 700, fontSize: '1rem' }} data-testid="preview-total">
                  <MoneyText value={preview.breakdown.total} />
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}
