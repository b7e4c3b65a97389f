// A vendor's statement on its page (GET /api/elc/vendors/:id/transaction): the balance brought forward,
// each payable line naming the vendor (opening balance, bills, payments, returns, cancellations) with its
// document and a running balance, and the balance at the end, in a date range.
import { useState } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type VendorLedgerLine, vendorsEndpoints } from '@ubo/contracts';
import { DateField } from '../../components/DateField.tsx';
import { DateText } from '../../components/DateText.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { api } from '../../lib/api.ts';
import { endpointKeys } from '../../lib/queryKeys.ts';

const money = (value: string, strong = false) => (
  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', fontWeight: strong ? 600 : undefined }}>
    {value === '0.00' && !strong ? '' : <MoneyText value={value} negativeColor />}
  </TableCell>
);

/** The lines of a vendor statement or the vendor-transaction report (with the vendor column when `showVendor`). */
export function LedgerRows({ lines, showVendor = false }: { lines: readonly VendorLedgerLine[]; showVendor?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {lines.map((l) => (
        <TableRow key={l.lineId} hover>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            <DateText value={l.date} />
          </TableCell>
          {showVendor && <TableCell>{`${l.vendorNumber} ${l.vendorName}`}</TableCell>}
          <TableCell>{t(`vendors.kind.${l.kind}`)}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{l.document ?? '—'}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{l.number}</TableCell>
          <TableCell>{l.description}</TableCell>
          {money(l.debit)}
          {money(l.credit)}
          {money(l.balance, true)}
        </TableRow>
      ))}
    </>
  );
}

export function LedgerHead({ showVendor = false }: { showVendor?: boolean }) {
  const { t } = useTranslation();
  return (
    <TableHead>
      <TableRow>
        <TableCell>{t('vendors.col.date')}</TableCell>
        {showVendor && <TableCell>{t('vendors.col.vendor')}</TableCell>}
        <TableCell>{t('vendors.col.kind')}</TableCell>
        <TableCell>{t('vendors.col.document')}</TableCell>
        <TableCell>{t('vendors.col.entry')}</TableCell>
        <TableCell>{t('vendors.col.description')}</TableCell>
        <TableCell align="right">{t('vendors.col.debit')}</TableCell>
        <TableCell align="right">{t('vendors.col.credit')}</TableCell>
        <TableCell align="right">{t('vendors.col.balance')}</TableCell>
      </TableRow>
    </TableHead>
  );
}

export function VendorStatement({ vendorId }: { vendorId: number }) {
  const { t } = useTranslation();
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const query = { startDate: startDate || undefined, endDate: endDate || undefined, _limit: 1000 };
  const statement = useQuery({
    queryKey: endpointKeys(vendorsEndpoints.transaction).list({ id: vendorId, ...query }),
    queryFn: ({ signal }) => api.call(vendorsEndpoints.transaction, { params: { id: vendorId }, query }, { signal }),
  });
  const data = statement.data;
  return (
    <Paper component="section" aria-labelledby="vendor-statement" sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <Typography id="vendor-statement" variant="h6" component="h3" sx={{ flex: 1 }}>
          {t('vendors.page.statementTitle')}
        </Typography>
        <DateField size="small" label={t('vendors.page.from')} value={startDate} onChange={setStartDate} />
        <DateField size="small" label={t('vendors.page.to')} value={endDate} onChange={setEndDate} />
      </Stack>
      <TableContainer>
        <Table size="small" aria-labelledby="vendor-statement">
          <LedgerHead />
          <TableBody>
            <TableRow>
              <TableCell colSpan={7} sx={{ fontWeight: 600 }}>
                {t('vendors.statement.opening')}
              </TableCell>
              {money(data?.openingBalance ?? '0.00', true)}
            </TableRow>
            <LedgerRows lines={data?.lines ?? []} />
            {data && data.lines.length === 0 && (
              <TableRow>
                <TableCell colSpan={8} align="center" sx={{ py: 3, color: 'text.secondary' }}>
                  {t('vendors.page.statementEmpty')}
                </TableCell>
              </TableRow>
            )}
            {data && (
              <TableRow>
                <TableCell colSpan={5} sx={{ fontWeight: 600 }}>
                  {t('vendors.statement.closing')}
                </TableCell>
                {money(data.totals.debit, true)}
                {money(data.totals.credit, true)}
                <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="statement-closing">
                  <MoneyText value={data.closingBalance} negativeColor />
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
