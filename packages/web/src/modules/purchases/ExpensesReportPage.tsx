// /Sales-reports/expenses-report: what posted vendor bills and cash purchases cost less returns, by account,
// vendor or month, in a period (GET /api/elc/purchases/reports/expenses); expenses only, or stock bought too;
// a vendor filter. CSV of what is shown, Excel through the report's export endpoint, print.
import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type ExpensesGroupBy, type ExpensesRow, purchasesEndpoints } from '@ubo/contracts';
import { FilterDialog } from '../../components/FilterDialog.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { ReportFrame } from '../../components/ReportFrame.tsx';
import { ReportState } from '../../components/ReportState.tsx';
import { api } from '../../lib/api.ts';
import { csvFileName } from '../../lib/csv.ts';
import { formatMonth } from '../../lib/format.ts';
import { useLang } from '../../lib/lang.ts';
import { endpointKeys } from '../../lib/queryKeys.ts';
import { usePeriodText, useReportParams } from '../../lib/useReportParams.ts';
import { usePurchaseChoices } from './purchases.queries.ts';

export default function ExpensesReportPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { range, setRange, params, update } = useReportParams();
  const periodText = usePeriodText();
  const [isFilterOpen, setFilterOpen] = useState(false);
  const groupBy = (['account', 'vendor', 'month'] as const).find((g) => g === params.get('groupBy')) ?? 'account';
  const scope = params.get('scope') === 'all' ? 'all' : 'expense';
  const vendorId = params.get('vendorId') ?? '';
  const query = { ...range, groupBy, scope, vendorId: vendorId || undefined } as const;
  const report = useQuery({
    queryKey: endpointKeys(purchasesEndpoints.expenses).list(query),
    queryFn: ({ signal }) => api.call(purchasesEndpoints.expenses, { query }, { signal }),
  });
  const vendors = usePurchaseChoices().data?.vendors ?? [];
  const data = report.data;
  const title = t('purchases.expenses.title');
  const first = t(`purchases.expenses.${groupBy}`);
  const label = (r: ExpensesRow) => (groupBy === 'month' ? formatMonth(r.key, lang) : r.code ? `${r.code} · ${r.label}` : r.label);
  const csv = () =>
    data
      ? [
          [first, t('purchases.expenses.documents'), t('purchases.expenses.purchased'), t('purchases.expenses.returned'), t('purchases.expenses.net')],
          ...data.rows.map((r) => [label(r), String(r.documents), r.purchased, r.returned, r.net]),
          [t('purchases.expenses.total'), String(data.totals.documents), data.totals.purchased, data.totals.returned, data.totals.net],
        ]
      : null;
  return (
    <ReportFrame
      title={title}
      period={periodText.range(range)}
      onPeriod={() => setFilterOpen(true)}
      csv={csv}
      csvName={csvFileName(title, range.startDate, range.endDate)}
      exportEndpoint={purchasesEndpoints.expensesExport}
      exportQuery={query}
      isFetching={report.isFetching}
      toolbar={
        <>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={groupBy}
            onChange={(_, v: ExpensesGroupBy | null) => v && update({ groupBy: v === 'account' ? null : v })}
            aria-label={t('purchases.expenses.show')}
            sx={{ flexShrink: 0, '& .MuiToggleButton-root': { whiteSpace: 'nowrap' } }}
          >
            <ToggleButton value="account">{t('purchases.expenses.byAccount')}</ToggleButton>
            <ToggleButton value="vendor">{t('purchases.expenses.byVendor')}</ToggleButton>
            <ToggleButton value="month">{t('purchases.expenses.byMonth')}</ToggleButton>
          </ToggleButtonGroup>
          <TextField
            select
            size="small"
            label={t('purchases.expenses.scope')}
            value={scope}
            onChange={(e) => update({ scope: e.target.value === 'all' ? 'all' : null })}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="expense">{t('purchases.expenses.scopeExpense')}</MenuItem>
            <MenuItem value="all">{t('purchases.expenses.scopeAll')}</MenuItem>
          </TextField>
          <TextField
            select
            size="small"
            label={t('purchases.expenses.vendor')}
            value={vendorId}
            onChange={(e) => update({ vendorId: e.target.value || null })}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="">{t('purchases.field.all')}</MenuItem>
            {vendors.map((v) => (
              <MenuItem key={v.id} value={String(v.id)}>
                {v.name}
              </MenuItem>
            ))}
          </TextField>
        </>
      }
    >
      <ReportState query={report} isEmpty={data ? data.rows.length === 0 : false} emptyText={t('purchases.expenses.empty')}>
        {data && (
          <Paper>
            <TableContainer>
              <Table size="small" aria-label={title}>
                <TableHead>
                  <TableRow>
                    <TableCell>{first}</TableCell>
                    <TableCell align="right">{t('purchases.expenses.documents')}</TableCell>
                    <TableCell align="right">{t('purchases.expenses.purchased')}</TableCell>
                    <TableCell align="right">{t('purchases.expenses.returned')}</TableCell>
                    <TableCell align="right">{t('purchases.expenses.net')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.rows.map((r) => (
                    <TableRow key={r.key} hover>
                      <TableCell component="th" scope="row">
                        {label(r)}
                      </TableCell>
                      <TableCell align="right">{r.documents}</TableCell>
                      <TableCell align="right">
                        <MoneyText value={r.purchased} />
                      </TableCell>
                      <TableCell align="right">
                        <MoneyText value={r.returned} />
                      </TableCell>
                      <TableCell align="right">
                        <MoneyText value={r.net} negativeColor />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
                <TableFooter>
                  <TableRow sx={{ '& td, & th': { fontWeight: 700, color: 'text.primary', fontSize: '0.9rem', borderTop: 2, borderColor: 'text.primary' } }}>
                    <TableCell component="th" scope="row">
                      {t('purchases.expenses.total')}
                    </TableCell>
                    <TableCell align="right">{data.totals.documents}</TableCell>
                    <TableCell align="right">
                      <MoneyText value={data.totals.purchased} />
                    </TableCell>
                    <TableCell align="right">
                      <MoneyText value={data.totals.returned} />
                    </TableCell>
                    <TableCell align="right" data-testid="expenses-total">
                      <MoneyText value={data.totals.net} negativeColor />
                    </TableCell>
                  </TableRow>
                </TableFooter>
              </Table>
            </TableContainer>
          </Paper>
        )}
      </ReportState>
      <FilterDialog
        open={isFilterOpen}
        title={t('finance.report.period')}
        fields={['startDate', 'endDate']}
        initial={range}
        onApply={(v) => v.startDate && v.endDate && setRange({ startDate: v.startDate, endDate: v.endDate })}
        onClose={() => setFilterOpen(false)}
      />
    </ReportFrame>
  );
}
