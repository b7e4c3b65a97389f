// /Sales-reports/return-transaction: the sales returns of a period line by line (date, return, the sale
// it came from, customer, item, quantity, amount and cost; GET /api/sales-reports/return-transaction).
// Kind: sales returns (purchase returns join when the vendors module brings them). Filters: period, item.
// CSV, Excel and print.
import { useMemo, useState } from 'react';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { salesReportsEndpoints } from '@ubo/contracts';
import { DateText } from '../../components/DateText.tsx';
import { FilterDialog, type FilterSelect } from '../../components/FilterDialog.tsx';
import { ReportFrame } from '../../components/ReportFrame.tsx';
import { ReportState } from '../../components/ReportState.tsx';
import { api } from '../../lib/api.ts';
import { csvFileName } from '../../lib/csv.ts';
import { endpointKeys } from '../../lib/queryKeys.ts';
import { usePeriodText } from '../../lib/useReportParams.ts';
import { useSalesChoices } from './sales.queries.ts';
import { Money, ReportPager, selectedId, totalsRowSx, useSalesReportParams } from './ReportBits.tsx';

export default function ReturnTransactionPage() {
  const { t } = useTranslation();
  const { range, paging, id, filter } = useSalesReportParams();
  const periodText = usePeriodText();
  const choices = useSalesChoices();
  const [isFilterOpen, setFilterOpen] = useState(false);
  const filters = { ...range, kind: 'sales' as const, itemId: id('itemId') };
  const query = { ...filters, _page: paging.page, _limit: paging.limit };
  const report = useQuery({
    queryKey: endpointKeys(salesReportsEndpoints.returnTransaction).list(query),
    queryFn: ({ signal }) => api.call(salesReportsEndpoints.returnTransaction, { query }, { signal }),
  });
  const data = report.data;
  const title = t('sales.reports.returns.title');
  const c = (k: string) => t(`sales.reports.col.${k}`);
  const selects = useMemo<FilterSelect[]>(
    () => [
      { name: 'kind', label: t('sales.reports.kind'), options: [{ value: 'sales', label: t('sales.reports.kindSales') }] },
      {
        name: 'item',
        label: t('sales.reports.col.item'),
        options: (choices.data?.items ?? []).map((i) => ({ value: String(i.id), label: `${i.code} ${i.name}` })),
      },
    ],
    [choices.data, t],
  );
  const initial = useMemo(
    () => ({ startDate: range.startDate, endDate: range.endDate, selects: { kind: 'sales', item: filters.itemId ? String(filters.itemId) : (0 as const) } }),
    [range.startDate, range.endDate, filters.itemId],
  );
  const cols = ['date', 'document', 'sale', 'customer', 'item', 'quantity', 'amount', 'cost'] as const;
  const csv = () =>
    data
      ? [
          cols.map(c),
          ...data.rows.map((r) => [
            r.date,
            r.number,
            r.saleNumber,
            `${r.customerNo} ${r.customerName}`,
            [r.itemCode, r.itemName].filter(Boolean).join(' '),
            r.quantity,
            r.amount,
            r.cost,
          ]),
          [t('sales.reports.total', { count: data.totals.returns }), '', '', '', '', data.totals.quantity, data.totals.amount, data.totals.cost],
        ]
      : null;

  return (
    <ReportFrame
      title={title}
      period={periodText.range(range)}
      onPeriod={() => setFilterOpen(true)}
      csv={csv}
      csvName={csvFileName(title, range.startDate, range.endDate)}
      exportEndpoint={salesReportsEndpoints.returnTransactionExport}
      exportQuery={filters}
      isFetching={report.isFetching}
    >
      <ReportState query={report} isEmpty={data?.total === 0} emptyText={t('sales.reports.returns.empty')}>
        {data && (
          <Paper>
            <TableContainer>
              <Table size="small" aria-label={title}>
                <TableHead>
                  <TableRow>
                    {cols.map((h) => (
                      <TableCell key={h} align={h === 'quantity' || h === 'amount' || h === 'cost' ? 'right' : 'left'}>
                        {c(h)}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.rows.map((r, i) => (
                    <TableRow key={`${r.returnId}-${i}`} hover>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        <DateText value={r.date} />
                      </TableCell>
                      <TableCell>{r.number}</TableCell>
                      <TableCell>{r.saleNumber}</TableCell>
                      <TableCell>{`${r.customerName} · ${r.customerNo}`}</TableCell>
                      <TableCell>{[r.itemCode, r.itemName].filter(Boolean).join(' ')}</TableCell>
                      <TableCell align="right">{r.quantity}</TableCell>
                      <Money value={r.amount} />
                      <Money value={r.cost} />
                    </TableRow>
                  ))}
                </TableBody>
                <TableFooter>
                  <TableRow sx={totalsRowSx}>
                    <TableCell colSpan={5}>{t('sales.reports.total', { count: data.totals.returns })}</TableCell>
                    <TableCell align="right">{data.totals.quantity}</TableCell>
                    <Money value={data.totals.amount} />
                    <Money value={data.totals.cost} />
                  </TableRow>
                </TableFooter>
              </Table>
            </TableContainer>
            <ReportPager total={data.total} />
          </Paper>
        )}
      </ReportState>
      <FilterDialog
        open={isFilterOpen}
        title={t('sales.reports.filter')}
        fields={['startDate', 'endDate']}
        selects={selects}
        initial={initial}
        onApply={(v) => filter({ startDate: v.startDate, endDate: v.endDate, itemId: selectedId(v.selects?.item) })}
        onClose={() => setFilterOpen(false)}
      />
    </ReportFrame>
  );
}
