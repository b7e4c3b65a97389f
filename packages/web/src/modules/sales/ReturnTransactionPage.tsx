// /Sales-reports/return-transaction: the returns of a period line by line (date, return, the sale or
// purchase it came from, customer or vendor, item, quantity, amount and cost; GET
// /api/sales-reports/return-transaction). Kind: sales returns or purchase returns. Filters: kind, period,
// item. CSV, Excel and print.
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
import { type ReturnKind, salesReportsEndpoints } from '@ubo/contracts';
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
  const [kind, setKind] = useState<ReturnKind>('sales');
  const filters = { ...range, kind, itemId: id('itemId') };
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
      {
        name: 'kind',
        label: t('sales.reports.kind'),
        options: [
          { value: 'sales', label: t('sales.reports.kindSales') },
          { value: 'purchase', label: t('sales.reports.kindPurchase') },
        ],
      },
      {
        name: 'item',
        label: t('sales.reports.col.item'),
        options: (choices.data?.items ?? []).map((i) => ({ value: String(i.id), label: `${i.code} ${i.name}` })),
      },
    ],
    [choices.data, t],
  );
  const initial = useMemo(
    () => ({ startDate: range.startDate, endDate: range.endDate, selects: { kind, item: filters.itemId ? String(filters.itemId) : (0 as const) } }),
    [range.startDate, range.endDate, filters.itemId, kind],
  );
  const cols = [
    'date',
    'document',
    kind === 'purchase' ? 'purchase' : 'sale',
    kind === 'purchase' ? 'vendor' : 'customer',
    'item',
    'quantity',
    'amount',
    'cost',
  ] as const;
  const csv = () =>
    data
      ? [
          cols.map(c),
          ...data.rows.map((r) => [
            r.date,
            r.number,
            r.fromNumber,
            `${r.partyNo} ${r.partyName}`,
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
      title={`${title}: ${t(kind === 'purchase' ? 'sales.reports.kindPurchase' : 'sales.reports.kindSales')}`}
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
                      <TableCell>{r.fromNumber}</TableCell>
                      <TableCell>{`${r.partyName} · ${r.partyNo}`}</TableCell>
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
        onApply={(v) => {
          setKind(v.selects?.kind === 'purchase' ? 'purchase' : 'sales');
          filter({ startDate: v.startDate, endDate: v.endDate, itemId: selectedId(v.selects?.item) });
        }}
        onClose={() => setFilterOpen(false)}
      />
    </ReportFrame>
  );
}
